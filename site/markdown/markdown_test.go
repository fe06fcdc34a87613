package markdown

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// page has a heading, a position block indented in a list, an ordinary
// code block and the presets table.
const page = "# Голова\n" +
	"\n" +
	"- Пример:\n" +
	"\n" +
	"  ```nardy\n" +
	"  game: long\n" +
	"  position: start\n" +
	"  ```\n" +
	"\n" +
	"```go\n" +
	"x := 1\n" +
	"```\n" +
	"\n" +
	"```nardy-presets\n" +
	"```\n"

// upper is a Compiler that writes a block's source in capitals.
type upper struct{ calls int }

func (u *upper) Compile(f *Figure) ([]byte, error) {
	u.calls++
	if strings.Contains(f.Source, "fail") {
		return nil, errors.New("cannot compile line " + strconv.Itoa(f.Line))
	}
	return []byte("<figure>" + strings.ToUpper(f.Source) + "</figure>\n"), nil
}

func parse(t *testing.T, m goldmark.Markdown, src string) ast.Node {
	t.Helper()
	ctx := parser.NewContext(parser.WithIDs(NewHeadingIDs()))
	return m.Parser().Parse(text.NewReader([]byte(src)), parser.WithContext(ctx))
}

func figures(doc ast.Node) []*Figure {
	var out []*Figure
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*Figure); ok && entering {
			out = append(out, f)
		}
		return ast.WalkContinue, nil
	})
	return out
}

// TestTransform: each ```nardy and ```nardy-presets fence becomes a
// Figure with its source and its place in the file; other fences stay.
func TestTransform(t *testing.T) {
	t.Parallel()
	m := goldmark.New(goldmark.WithExtensions(Extender{}))
	doc := parse(t, m, page)
	figs := figures(doc)
	if len(figs) != 2 {
		t.Fatalf("%d figures, want 2", len(figs))
	}
	f := figs[0]
	if f.Source != "game: long\nposition: start\n" || f.Line != 6 || f.Col != 3 || f.Presets {
		t.Errorf("figure: source %q at %d:%d, presets %v; want the block's two lines at 6:3", f.Source, f.Line, f.Col, f.Presets)
	}
	if p := figs[1]; !p.Presets || p.Source != "" || p.Line != 15 {
		t.Errorf("presets figure: %+v", p)
	}
	code := 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, ok := n.(*ast.FencedCodeBlock); ok && entering {
			code++
		}
		return ast.WalkContinue, nil
	})
	if code != 1 {
		t.Errorf("%d fenced code blocks left, want the Go one", code)
	}
}

// TestRender: a figure's HTML is written as set; otherwise the Compiler
// renders it; without a Compiler it is a code listing; a Compiler's error
// stops the rendering.
func TestRender(t *testing.T) {
	t.Parallel()
	render := func(m goldmark.Markdown, doc ast.Node) (string, error) {
		var buf bytes.Buffer
		err := m.Renderer().Render(&buf, []byte(page), doc)
		return buf.String(), err
	}

	plain := goldmark.New(goldmark.WithExtensions(Extender{}))
	out, err := render(plain, parse(t, plain, page))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<pre><code class="language-nardy">game: long` + "\n" + `position: start` + "\n</code></pre>",
		`<pre><code class="language-nardy-presets"></code></pre>`,
		`<pre><code class="language-go">x := 1`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("without a compiler the output lacks %q:\n%s", want, out)
		}
	}

	c := &upper{}
	compiled := goldmark.New(goldmark.WithExtensions(Extender{Compiler: c}))
	doc := parse(t, compiled, page)
	figures(doc)[1].HTML = []byte("<table>presets</table>\n")
	out, err = render(compiled, doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "<figure>GAME: LONG\nPOSITION: START\n</figure>") || !strings.Contains(out, "<table>presets</table>") {
		t.Errorf("compiled output:\n%s", out)
	}
	if c.calls != 1 {
		t.Errorf("the compiler ran %d times, want once (the presets figure had its HTML)", c.calls)
	}

	failing := strings.Replace(page, "position: start", "fail", 1)
	doc = compiled.Parser().Parse(text.NewReader([]byte(failing)))
	var buf bytes.Buffer
	if err := compiled.Renderer().Render(&buf, []byte(failing), doc); err == nil || !strings.Contains(err.Error(), "cannot compile line 6") {
		t.Errorf("a compiler error: %v", err)
	}
}

func TestHeadingIDsKeepCyrillic(t *testing.T) {
	t.Parallel()
	ids := NewHeadingIDs()
	for _, c := range []struct{ in, want string }{
		{"Первый ход", "первый-ход"},
		{"Перший хід: ґанок, їжак, Єва", "перший-хід-ґанок-їжак-єва"},
		{"Первый ход", "первый-ход-1"},
		{"6 шашек подряд?", "6-шашек-подряд"},
		{"!!!", "section"},
		{"Первый ход", "первый-ход-2"},
	} {
		if got := string(ids.Generate([]byte(c.in), 0)); got != c.want {
			t.Errorf("Generate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// An id written by hand is never given out again; a heading whose id
	// would be a suffixed one takes the next free suffix.
	ids = NewHeadingIDs()
	ids.Put([]byte("ход-1"))
	for _, c := range []struct{ in, want string }{
		{"Ход", "ход"},
		{"Ход", "ход-2"},
		{"Ход 2", "ход-2-1"},
		{"Ход", "ход-3"},
	} {
		if got := string(ids.Generate([]byte(c.in), 0)); got != c.want {
			t.Errorf("Generate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestHeadingIDsLinear: n equal headings try a number of suffixed ids in
// proportion to n, not to n²: doubling n at most doubles the candidates
// tried.
func TestHeadingIDsLinear(t *testing.T) {
	t.Parallel()
	probes := func(n int) int {
		ids := NewHeadingIDs()
		for range n {
			ids.Generate([]byte("Правило"), 0)
			ids.Generate([]byte("Правило 1"), 0) // takes a suffixed id's place
		}
		return ids.probes
	}
	small, large := probes(5000), probes(10000)
	if large > 2*small+10 {
		t.Errorf("5000 pairs of headings: %d ids tried, 10000: %d; more than twice as many", small, large)
	}
}

func TestLineIndex(t *testing.T) {
	t.Parallel()
	src := []byte("аб\nc\n\nгд")
	x := NewLineIndex(src)
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 2}, {4, 1, 3}, {5, 2, 1}, {6, 2, 2}, {7, 3, 1}, {8, 4, 1}, {10, 4, 2}, {len(src), 4, 3}, {-5, 1, 1}, {99, 4, 3},
	} {
		if l, col := x.Pos(c.off); l != c.line || col != c.col {
			t.Errorf("Pos(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
	}
}

// TestTransformTable: a ```nardy-table fence becomes a Figure marked as a
// table, with its rows' text as its source.
func TestTransformTable(t *testing.T) {
	t.Parallel()
	m := goldmark.New(goldmark.WithExtensions(Extender{}))
	src := "Итоги:\n\n```nardy-table\nwhite:\n---\nblack:\n```\n"
	figs := figures(parse(t, m, src))
	if len(figs) != 1 {
		t.Fatalf("%d figures, want 1", len(figs))
	}
	if f := figs[0]; !f.Table || f.Presets || f.Source != "white:\n---\nblack:\n" || f.Line != 4 || f.Col != 1 {
		t.Errorf("table figure: %+v", f)
	}
	var out bytes.Buffer
	if err := m.Convert([]byte(src), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `<pre><code class="language-nardy-table">`) {
		t.Errorf("without a compiler the table is not written as its listing:\n%s", out.String())
	}
}
