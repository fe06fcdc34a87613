package markdown

import (
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindRoll is the AST node kind of a roll written in prose.
var KindRoll = ast.NewNodeKind("NardyRoll")

// Roll is a roll of the dice written in a page's text ("6-2"): its one
// child is the text. It is rendered as <span class="roll">, which the
// style sheet keeps on one line, so that a roll never breaks at its
// hyphen.
type Roll struct {
	ast.BaseInline
}

// Kind implements ast.Node.
func (n *Roll) Kind() ast.NodeKind { return KindRoll }

// Dump implements ast.Node.
func (n *Roll) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type rollTransformer struct{}

// Transform wraps every roll in the text (outside code) in a Roll.
func (rollTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan, *ast.RawHTML, *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			if len(rollsIn(n.Segment.Value(source))) > 0 {
				texts = append(texts, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, t := range texts {
		parent, seg := t.Parent(), t.Segment
		at := 0 // of seg's value, what is placed before t
		for _, r := range rollsIn(seg.Value(source)) {
			if r > at {
				parent.InsertBefore(parent, t, ast.NewTextSegment(text.NewSegment(seg.Start+at, seg.Start+r)))
			}
			roll := &Roll{}
			roll.AppendChild(roll, ast.NewTextSegment(text.NewSegment(seg.Start+r, seg.Start+r+3)))
			parent.InsertBefore(parent, t, roll)
			at = r + 3
		}
		// t keeps the rest of the text, and its line break.
		t.Segment = text.NewSegment(seg.Start+at, seg.Stop)
	}
}

// rollsIn returns the offsets of the rolls in b: a die, a hyphen and a
// die ("6-2"), not inside a longer number, word or range ("12-15").
func rollsIn(b []byte) []int {
	var at []int
	die := func(c byte) bool { return c >= '1' && c <= '6' }
	joins := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '.' || c == ','
	}
	for i := 0; i+3 <= len(b); i++ {
		if die(b[i]) && b[i+1] == '-' && die(b[i+2]) &&
			(i == 0 || !joins(b[i-1])) && (i+3 == len(b) || !joins(b[i+3]) || (b[i+3] == '.' || b[i+3] == ',') && (i+4 == len(b) || !joins(b[i+4]))) {
			at = append(at, i)
			i += 2
		}
	}
	return at
}

// RollsHTML returns s as HTML text (escaped) with every roll in it kept
// whole, as in a page's prose: in <span class="roll">. It is for words set
// outside the Markdown, such as captions and table cells.
func RollsHTML(s string) string {
	b := []byte(s)
	var out strings.Builder
	at := 0
	for _, r := range rollsIn(b) {
		out.WriteString(html.EscapeString(s[at:r]))
		out.WriteString(`<span class="roll">` + s[r:r+3] + `</span>`)
		at = r + 3
	}
	out.WriteString(html.EscapeString(s[at:]))
	return out.String()
}

type rollRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (rollRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindRoll, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, err := w.WriteString(`<span class="roll">`)
			return ast.WalkContinue, err
		}
		_, err := w.WriteString(`</span>`)
		return ast.WalkContinue, err
	})
}
