package site

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// BlockLanguage is the info string of the fenced code blocks that hold
// position blocks.
const BlockLanguage = "nardy"

// PresetsLanguage is the info string of a fenced code block (left empty)
// that becomes the table of the rule profiles' presets.
const PresetsLanguage = "nardy-presets"

// KindFigure is the AST node kind of a position block.
var KindFigure = ast.NewNodeKind("NardyFigure")

// Figure replaces a ```nardy fenced code block in the AST. The build
// analyses the block before rendering and stores the finished HTML here.
type Figure struct {
	ast.BaseBlock
	// Source is the block's text; Line is the file line of its first
	// line and Col the column its lines start at.
	Source    string
	Line, Col int
	// HTML is the rendered figure.
	HTML []byte
	// Presets marks the table of the rule profiles' presets instead of a
	// position block.
	Presets bool
}

// Kind implements ast.Node.
func (n *Figure) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *Figure) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Line": strconv.Itoa(n.Line)}, nil)
}

// Extender adds position blocks to a goldmark Markdown: the transformer
// that turns ```nardy fences into Figure nodes and the renderer that
// prints their pre-computed HTML.
type Extender struct{}

// Extend implements goldmark.Extender.
func (Extender) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(figureTransformer{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(figureRenderer{}, 100)))
}

type figureTransformer struct{}

// Transform replaces every ```nardy fenced code block with a Figure.
func (figureTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var fences []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fcb, ok := n.(*ast.FencedCodeBlock); ok && entering && (string(fcb.Language(source)) == BlockLanguage || string(fcb.Language(source)) == PresetsLanguage) {
			fences = append(fences, fcb)
		}
		return ast.WalkContinue, nil
	})
	for _, fcb := range fences {
		fig := &Figure{Presets: string(fcb.Language(source)) == PresetsLanguage}
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
		fig.Line = lineOf(source, fencePos) + 1
		fig.Col = 1
		if lines.Len() > 0 {
			start := lines.At(0).Start
			fig.Col = utf8.RuneCount(source[lineStart(source, start):start]) + 1
		}
		fig.SetPos(fcb.Pos())
		fcb.Parent().ReplaceChild(fcb.Parent(), fcb, fig)
	}
}

type figureRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (figureRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindFigure, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.Write(n.(*Figure).HTML)
		}
		return ast.WalkSkipChildren, nil
	})
}

// newMarkdown returns the Markdown converter of the site.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, Extender{}),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(html.WithXHTML()),
	)
}

// lineOf returns the 1-based line of byte offset off.
func lineOf(src []byte, off int) int {
	if off < 0 {
		return 1
	}
	if off > len(src) {
		off = len(src)
	}
	return bytes.Count(src[:off], []byte{'\n'}) + 1
}

// colOf returns the 1-based column, in characters, of byte offset off.
func colOf(src []byte, off int) int {
	if off < 0 || off > len(src) {
		return 1
	}
	return utf8.RuneCount(src[lineStart(src, off):off]) + 1
}

func lineStart(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// headingIDs generates heading ids that keep Cyrillic and other letters:
// "Голова и первый ход" becomes "голова-и-первый-ход".
type headingIDs struct {
	used map[string]bool
}

func newHeadingIDs() *headingIDs { return &headingIDs{used: map[string]bool{}} }

// Generate implements parser.IDs.
func (s *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var out []rune
	dash := false
	for _, r := range string(value) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && len(out) > 0 {
				out = append(out, '-')
			}
			dash = false
			out = append(out, unicode.ToLower(r))
		case r == 'ё' || r == 'Ё':
			out = append(out, 'ё')
		default:
			dash = true
		}
	}
	id := string(out)
	if id == "" {
		id = "section"
	}
	base := id
	for i := 1; s.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	s.used[id] = true
	return []byte(id)
}

// Put implements parser.IDs.
func (s *headingIDs) Put(value []byte) { s.used[string(value)] = true }
