package diagrams

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// tagText is the start of an SVG tag in a string.
var tagText = regexp.MustCompile(`</?[a-zA-Z]`)

// TestElementsThroughSvgo checks that the package writes no element of
// its own: no string in its code holds a tag, but in the functions that
// write the elements svgo does not draw (start: the <svg> start tag, and
// element: <title> and <desc>, as the package doc says) and in
// StandaloneFrom, which reads an inline diagram's start tag.
func TestElementsThroughSvgo(t *testing.T) {
	allowed := map[string]bool{"start": true, "element": true, "StandaloneFrom": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			ast.Inspect(decl, func(n ast.Node) bool {
				lit, isLit := n.(*ast.BasicLit)
				if !isLit || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !tagText.MatchString(s) {
					return true
				}
				if ok && allowed[fn.Name.Name] {
					return true
				}
				t.Errorf("%s: a tag written by hand, %s, outside svgo", fset.Position(lit.Pos()), lit.Value)
				return true
			})
		}
	}
}

// TestMemoChangesNothing checks that the diagrams drawn with the
// elements the memo keeps are those svgo draws anew: the golden diagrams
// (with notes, so that every kind of element is drawn) and two that
// differ only in whose stack a count is on, drawn with fresh layers and
// no memo, then all again with the memo, twice.
func TestMemoChangesNothing(t *testing.T) {
	defer func(n int) { memoMax = n }(memoMax)
	cases := append(goldens(t),
		golden{"mixed", code(t, "Sb:barx7,24x3,13x5:19x15"), Options{Labels: ru, Marks: []engine.Point{19}}},
		golden{"white on 5", code(t, "Lw:5x15:12x15"), Options{Labels: ru}},
		golden{"black on 5", code(t, "Lw:12x15:5x15"), Options{Labels: ru}})
	for i := range cases {
		cases[i].opt.Notes = Notes{Caption: "Подпись", Heading: "Ходы", Items: []string{"24/18", "24/13"}}
	}
	for th := range layerCache {
		for p := range layerCache[th] {
			layerCache[th][p] = struct {
				once sync.Once
				l    *layers
			}{}
		}
	}
	memoMax = 0
	want := make([]string, len(cases))
	for i, g := range cases {
		want[i] = string(render(t, Standalone, g.pos, g.opt))
		if n := len(layersFor(g.opt.Theme, g.opt.Printable).memo.m); n != 0 {
			t.Fatalf("%s: the memo keeps %d drawings with memoMax 0", g.name, n)
		}
	}
	memoMax = 4096
	for round := range 2 {
		for i, g := range cases {
			if got := string(render(t, Standalone, g.pos, g.opt)); got != want[i] {
				t.Errorf("%s, drawn with the memo (round %d): differs from svgo's drawing:\n%s", g.name, round+1, diff(want[i], got))
			}
		}
	}
}

// TestMemoBounded checks that a memo keeps no more drawings than
// memoMax, however many different elements it is given.
func TestMemoBounded(t *testing.T) {
	defer func(n int) { memoMax = n }(memoMax)
	memoMax = 10
	var m memo
	out := &canvas{}
	for n := range 100 {
		m.draw(out, memoKey{kind: stackCount, a: 1, b: n}, func() { out.put(strconv.Itoa(n)) })
	}
	if len(m.m) != 10 {
		t.Errorf("the memo keeps %d drawings, want %d", len(m.m), 10)
	}
	if got, want := string(out.b), func() string {
		var sb strings.Builder
		for n := range 100 {
			sb.WriteString(strconv.Itoa(n))
		}
		return sb.String()
	}(); got != want {
		t.Errorf("drawn %q, want %q", got, want)
	}
}
