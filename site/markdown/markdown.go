// Package markdown is the goldmark extension of nardydocs pages: it turns
// every ```nardy fenced code block into a Figure node that keeps the
// block's text and place, and renders each Figure through a Compiler, in
// the manner of goldmark-mermaid. It also gives headings ids that keep
// Cyrillic letters ("Голова и первый ход" → "голова-и-первый-ход").
//
// The extension works on its own: without a Compiler a figure is written
// as the code listing it was. A site that must report every problem of
// every block before writing anything (as nardydocs does) walks the
// document first, compiles each Figure itself and stores the result in
// Figure.HTML; the renderer then writes that.
package markdown

import (
	"bytes"
	"html"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Language is the info string of the fenced code blocks that hold
// position blocks.
const Language = "nardy"

// PresetsLanguage is the info string of a fenced code block (left empty)
// that becomes the table of the rule profiles' presets.
const PresetsLanguage = "nardy-presets"

// TableLanguage is the info string of a fenced code block that holds a
// table of positions: position blocks separated by "---" lines, one row
// each (see block.ParseTable).
const TableLanguage = "nardy-table"

// KindFigure is the AST node kind of a position block.
var KindFigure = ast.NewNodeKind("NardyFigure")

// Figure replaces a ```nardy (or ```nardy-presets, ```nardy-table)
// fenced code block.
type Figure struct {
	ast.BaseBlock
	// Source is the block's text; Line is the file line of its first
	// line and Col the column its lines start at (1-based, in characters).
	Source    string
	Line, Col int
	// Presets marks the table of the rule profiles' presets instead of a
	// position block.
	Presets bool
	// Table marks a table of positions instead of a position block.
	Table bool
	// HTML, when set, is what the renderer writes for the figure, without
	// calling the Compiler.
	HTML []byte
}

// Kind implements ast.Node.
func (n *Figure) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *Figure) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{
		"Line": strconv.Itoa(n.Line), "Col": strconv.Itoa(n.Col), "Presets": strconv.FormatBool(n.Presets), "Table": strconv.FormatBool(n.Table),
	}, nil)
}

// KindRaw is the AST node kind of HTML the site adds to a document.
var KindRaw = ast.NewNodeKind("NardyRaw")

// Raw is HTML a program adds to a parsed document, between its blocks
// (the link back to the top of a page at the end of each section),
// written as it is.
type Raw struct {
	ast.BaseBlock
	HTML []byte
}

// Kind implements ast.Node.
func (n *Raw) Kind() ast.NodeKind { return KindRaw }

// Dump implements ast.Node.
func (n *Raw) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"HTML": string(n.HTML)}, nil)
}

// Compiler turns a figure into HTML.
type Compiler interface {
	Compile(f *Figure) ([]byte, error)
}

// Extender adds position blocks to a goldmark Markdown: a transformer
// that turns ```nardy fences into Figure nodes and a renderer that writes
// them; and rolls in the text ("6-2") kept whole on one line (Roll).
type Extender struct {
	// Compiler renders a figure whose HTML is not set. When it is nil,
	// such a figure is written as a code listing of its source.
	Compiler Compiler
}

// Extend implements goldmark.Extender.
func (e Extender) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(transformer{}, 100), util.Prioritized(rollTransformer{}, 200)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(figureRenderer{e.Compiler}, 100), util.Prioritized(rollRenderer{}, 100), util.Prioritized(rawRenderer{}, 100)))
}

type transformer struct{}

// Transform replaces every ```nardy, ```nardy-presets and ```nardy-table
// fenced code block with a Figure.
func (transformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var fences []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fcb, ok := n.(*ast.FencedCodeBlock); ok && entering {
			if lang := string(fcb.Language(source)); lang == Language || lang == PresetsLanguage || lang == TableLanguage {
				fences = append(fences, fcb)
			}
		}
		return ast.WalkContinue, nil
	})
	if len(fences) == 0 {
		return
	}
	idx := NewLineIndex(source)
	for _, fcb := range fences {
		lang := string(fcb.Language(source))
		fig := &Figure{Presets: lang == PresetsLanguage, Table: lang == TableLanguage}
		var body bytes.Buffer
		lines := fcb.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			body.Write(seg.Value(source))
		}
		fig.Source = body.String()
		fencePos := fcb.Pos()
		if fcb.Info != nil {
			fencePos = fcb.Info.Segment.Start
		}
		fenceLine, _ := idx.Pos(fencePos)
		fig.Line, fig.Col = fenceLine+1, 1
		if lines.Len() > 0 {
			_, fig.Col = idx.Pos(lines.At(0).Start)
		}
		fig.SetPos(fcb.Pos())
		fcb.Parent().ReplaceChild(fcb.Parent(), fcb, fig)
	}
}

type figureRenderer struct{ compiler Compiler }

// RegisterFuncs implements renderer.NodeRenderer.
func (r figureRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindFigure, r.render)
}

func (r figureRenderer) render(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	fig := n.(*Figure)
	out := fig.HTML
	switch {
	case out != nil:
	case r.compiler != nil:
		var err error
		if out, err = r.compiler.Compile(fig); err != nil {
			return ast.WalkStop, err
		}
	default:
		lang := Language
		switch {
		case fig.Presets:
			lang = PresetsLanguage
		case fig.Table:
			lang = TableLanguage
		}
		out = []byte(`<pre><code class="language-` + lang + `">` + html.EscapeString(fig.Source) + "</code></pre>\n")
	}
	_, err := w.Write(out)
	return ast.WalkSkipChildren, err
}

type rawRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (rawRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindRaw, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		_, err := w.Write(n.(*Raw).HTML)
		return ast.WalkSkipChildren, err
	})
}

// LineIndex finds the line and column of a byte offset in a text in
// logarithmic time: the lines' starting offsets are found once. Columns
// count characters from the last offset asked for when it is on the same
// line and before, so that asking for every link of a long line, in
// order, takes time linear in the line. A LineIndex is not safe for use
// by several goroutines at once.
type LineIndex struct {
	src    []byte
	starts []int // the offset of each line's first byte
	// the last offset asked for, its line (0-based) and column
	last, lastLine, lastCol int
}

// NewLineIndex indexes the lines of src.
func NewLineIndex(src []byte) *LineIndex {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &LineIndex{src: src, starts: starts, lastCol: 1}
}

// Pos returns the 1-based line and column (in characters) of byte offset
// off; an offset outside the text is placed at its start or end.
func (x *LineIndex) Pos(off int) (line, col int) {
	off = min(max(off, 0), len(x.src))
	i, found := slices.BinarySearch(x.starts, off)
	if !found {
		i--
	}
	from, col := x.starts[i], 1
	if i == x.lastLine && x.last >= from && x.last <= off {
		from, col = x.last, x.lastCol
	}
	col += utf8.RuneCount(x.src[from:off])
	x.last, x.lastLine, x.lastCol = off, i, col
	return i + 1, col
}

// Offset returns the byte offset of the start of 1-based line n, or the
// text's length past its last line.
func (x *LineIndex) Offset(n int) int {
	if n < 1 {
		return 0
	}
	if n > len(x.starts) {
		return len(x.src)
	}
	return x.starts[n-1]
}
