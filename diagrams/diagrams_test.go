package diagrams

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var ru = Labels{White: "Белые", Black: "Чёрные", Turn: "ход", Pips: "пипы", Off: "выброшено"}

func code(t *testing.T, s string) engine.Position {
	t.Helper()
	p, err := engine.ParseCode(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func moves(t *testing.T, s string) []engine.Segment {
	t.Helper()
	segs, err := engine.ParseMoves(s)
	if err != nil {
		t.Fatal(err)
	}
	return segs
}

type golden struct {
	name string
	pos  engine.Position
	opt  Options
}

func goldens(t *testing.T) []golden {
	// White holds 3, 2, 1, 24, 23, 22 after 24/22 5/1: six in a row along
	// Black's path, across the corner.
	block := code(t, "Lw42:24x6,23x2,22,5,3x2,2x2,1:19x2,12x9,10x2,9x2")
	blockOpt := Options{
		Title: "Забор через угол", Desc: "Белые ставят 24/22 5/1 и держат пункты 3, 2, 1, 24, 23 и 22.",
		Labels: ru, Dice: engine.Dice{4, 2}, HasDice: true,
		Arrows: moves(t, "24/22 5/1"),
		Marks:  []engine.Point{3, 2, 1, 24, 23, 22},
	}
	barOff := code(t, "Sw54:barx2,6x4,5x3,4x2:bar,22x13")
	barOffOpt := Options{
		Title: "Вход с бара", Desc: "У белых две шашки на баре; у чёрных 13 шашек на пункте 22.",
		Labels: ru, Dice: engine.Dice{5, 4}, HasDice: true, Arrows: moves(t, "bar/20 bar/21"),
	}
	// Two checkers may not leave the head: 24/19 24/21 is forbidden, drawn
	// beside a legal play of the same roll.
	head := code(t, "Lw53:24x12,18x3:12x12,10x3")
	headOpt := Options{
		Title: "Одна шашка с головы", Desc: "Пунктирная стрелка с крестиком — запрещённый ход 24/19 24/21.",
		Labels: ru, Dice: engine.Dice{5, 3}, HasDice: true,
		Arrows:  moves(t, "24/19 18/15"),
		Illegal: moves(t, "24/19 24/21"),
	}
	printed := func(o Options) Options {
		o.Theme, o.WidthMM = Print, 180
		return o
	}
	return []golden{
		{"long-start", engine.StartPosition(engine.Long), Options{
			Title: "Длинные нарды: начальная позиция", Desc: "Все шашки белых на пункте 24, все шашки чёрных на пункте 12.", Labels: ru,
		}},
		{"short-start", engine.StartPosition(engine.Short), Options{
			Title: "Короткие нарды: начальная позиция", Desc: "Белые ходят 3-1: 8/5 6/5.", Labels: ru,
			Dice: engine.Dice{3, 1}, HasDice: true, Arrows: moves(t, "8/5 6/5"),
		}},
		{"long-block", block, blockOpt},
		{"short-bar-off", barOff, barOffOpt},
		{"long-corner", code(t, "Lb55:20x2,11x3,9x2,6x3,5x2:18x3,17x3,15x2,14x2,3"), Options{
			Title: "Чёрные выбрасывают", Desc: "Чёрные ходят 5-5: 3/22/17, 17/off, 17/off.", Labels: ru,
			Dice: engine.Dice{5, 5}, HasDice: true, Arrows: moves(t, "3/22/17 17/off 17/off"),
		}},
		{"long-head-illegal", head, headOpt},
		{"long-block-print", block, printed(blockOpt)},
		{"short-bar-off-print", barOff, printed(barOffOpt)},
		{"long-head-illegal-print", head, printed(headOpt)},
		{"short-bar-off-playable", barOff, playable(barOffOpt)},
		{"long-corner-playable", code(t, "Lb55:20x2,11x3,9x2,6x3,5x2:18x3,17x3,15x2,14x2,3"), playable(Options{
			Title: "Чёрные выбрасывают", Desc: "Ход чёрных, на кубиках 5-5.", Labels: ru, Dice: engine.Dice{5, 5}, HasDice: true,
		})},
	}
}

// playable is o for the move checker's board, as a page draws it.
func playable(o Options) Options {
	o.Playable, o.Printable = true, true
	return o
}

func render(t *testing.T, f func(io.Writer, engine.Position, Options) error, p engine.Position, o Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := f(&buf, p, o); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGolden(t *testing.T) {
	for _, g := range goldens(t) {
		t.Run(g.name, func(t *testing.T) {
			got := render(t, Standalone, g.pos, g.opt)
			path := filepath.Join("testdata", g.name+".svg")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./diagrams -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs (go test ./diagrams -update rewrites it):\n%s", path, diff(string(want), string(got)))
			}
		})
	}
}

// diff returns a line diff of a and b: "-" lines only in a, "+" lines only
// in b, with two lines of context around each change.
func diff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	// lcs[i][j] is the length of the longest common subsequence of x[i:], y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		op   byte
		text string
		n    int // line number in a
	}
	var ls []line
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			ls = append(ls, line{' ', x[i], i + 1})
			i++
			j++
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			ls = append(ls, line{'-', x[i], i + 1})
			i++
		default:
			ls = append(ls, line{'+', y[j], i + 1})
			j++
		}
	}
	var sb strings.Builder
	last := -1
	for k, l := range ls {
		near := false
		for m := max(k-2, 0); m <= min(k+2, len(ls)-1); m++ {
			near = near || ls[m].op != ' '
		}
		if !near {
			continue
		}
		if k != last+1 {
			sb.WriteString("@@ line " + strconv.Itoa(l.n) + " @@\n")
		}
		last = k
		sb.WriteByte(l.op)
		sb.WriteString(l.text + "\n")
		if sb.Len() > 6000 {
			sb.WriteString("…\n")
			break
		}
	}
	return sb.String()
}

// node is a parsed XML element, enough to look at the drawing.
type node struct {
	name   string
	attrs  map[string]string
	text   string
	kids   []*node
	parent *node
}

func parse(t *testing.T, data []byte) *node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []*node
	var root *node
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.kids = append(top.kids, n)
				n.parent = top
			} else if root == nil {
				root = n
			} else {
				t.Fatal("more than one root element")
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(tok)
			}
		}
	}
	if root == nil || root.name != "svg" {
		t.Fatal("no <svg> root element")
	}
	return root
}

// walk calls f for n and every element below it, in document order.
func (n *node) walk(f func(*node)) {
	f(n)
	for _, k := range n.kids {
		k.walk(f)
	}
}

func (n *node) hasClass(c string) bool {
	for _, f := range strings.Fields(n.attrs["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

// inClass reports whether n or a group around it has the class c.
func (n *node) inClass(c string) bool {
	for e := n; e != nil; e = e.parent {
		if e.hasClass(c) {
			return true
		}
	}
	return false
}

// shapes returns the elements that draw, not groups, in n and below it.
func (n *node) shapes() []*node {
	var out []*node
	n.walk(func(e *node) {
		if len(e.kids) == 0 && e.name != "g" {
			out = append(out, e)
		}
	})
	return out
}

func (n *node) count(class string) int {
	k := 0
	n.walk(func(e *node) {
		if e.hasClass(class) {
			k++
		}
	})
	return k
}

func TestCheckerShapes(t *testing.T) {
	cases := append(goldens(t), golden{"mixed", code(t, "Sb:barx7,24x3,13x5:19x15"), Options{}})
	for _, g := range cases {
		t.Run(g.name, func(t *testing.T) {
			root := parse(t, render(t, Inline, g.pos, g.opt))
			for _, s := range []engine.Side{engine.White, engine.Black} {
				want := min(g.pos.Bar(s), stackN)
				for pt := engine.Point(1); pt <= 24; pt++ {
					want += min(g.pos.Count(s, pt), stackN)
				}
				cls := "nd-w"
				if s == engine.Black {
					cls = "nd-b"
				}
				got, slabs := 0, 0
				// A checker is a shape in a group of the side's checkers (or
				// borne-off checkers); the classes may be on the group.
				for _, e := range root.shapes() {
					if e.inClass(cls) && e.inClass("nd-ck") {
						if e.name != "circle" {
							t.Errorf("a checker is a <%s>, want a round <circle>", e.name)
						}
						got++
					}
					if e.inClass(cls) && e.inClass("nd-off") {
						slabs++
					}
				}
				if got != want {
					t.Errorf("%s: %d checkers drawn, the position has %d to show", s, got, want)
				}
				if slabs != g.pos.Off(s) {
					t.Errorf("%s: %d borne-off checkers drawn, want %d", s, slabs, g.pos.Off(s))
				}
			}
		})
	}
}

// TestCounts checks that a stack taller than five and the trays say how
// many checkers they hold.
func TestCounts(t *testing.T) {
	p := code(t, "Sw:barx7,24x3,13x5:19x13")
	root := parse(t, render(t, Inline, p, Options{}))
	var texts []string
	root.walk(func(e *node) {
		if e.hasClass("nd-count") {
			texts = append(texts, e.text)
		}
	})
	// White's bar (7), Black's stack on 19 (13), the trays (White 0 not
	// shown, Black 2).
	want := []string{"13", "7", "2"}
	if strings.Join(texts, " ") != strings.Join(want, " ") {
		t.Errorf("counts written %q, want %q", texts, want)
	}
}

func TestTitleDescEscaped(t *testing.T) {
	o := Options{
		ID: "esc", Title: `Позиция <1> & "кавычки"`, Desc: "a < b && c > d",
		Labels: Labels{White: "Б<е>лые & Co", Black: "Ч&ёрные", Turn: "<ход>", Pips: "пипы&", Off: "x"},
	}
	for name, f := range map[string]func(io.Writer, engine.Position, Options) error{"Inline": Inline, "Standalone": Standalone} {
		out := render(t, f, engine.StartPosition(engine.Short), o)
		root := parse(t, out)
		if root.attrs["role"] != "img" || root.attrs["aria-labelledby"] != "esc-title esc-desc" {
			t.Errorf("%s: role=%q aria-labelledby=%q", name, root.attrs["role"], root.attrs["aria-labelledby"])
		}
		byID := map[string]*node{}
		root.walk(func(e *node) { byID[e.attrs["id"]] = e })
		if e := byID["esc-title"]; e == nil || e.name != "title" || e.text != o.Title {
			t.Errorf("%s: title element %+v, want %q", name, e, o.Title)
		}
		if e := byID["esc-desc"]; e == nil || e.name != "desc" || e.text != o.Desc {
			t.Errorf("%s: desc element %+v, want %q", name, e, o.Desc)
		}
		if root.kids[0].name != "title" {
			t.Errorf("%s: the first child is <%s>, want <title>", name, root.kids[0].name)
		}
		var all strings.Builder
		root.walk(func(e *node) { all.WriteString(e.text) })
		for _, l := range []string{o.Labels.White, o.Labels.Black, o.Labels.Turn} {
			if !strings.Contains(all.String(), l) {
				t.Errorf("%s: label %q not drawn", name, l)
			}
		}
	}
}

// TestIDsUnique puts two diagrams on one page: every id must be unique,
// and every reference must point into its own diagram.
func TestIDsUnique(t *testing.T) {
	p := code(t, "Lw42:24x6,23x2,22,5,3x2,2x2,1:19x2,12x9,10x2,9x2")
	var page bytes.Buffer
	page.WriteString("<page>")
	for _, id := range []string{"d1", "d2"} {
		o := Options{ID: id, Title: "t", Desc: "d", Theme: Print, Arrows: moves(t, "24/22 5/1"), Marks: []engine.Point{1, 2}}
		if err := Inline(&page, p, o); err != nil {
			t.Fatal(err)
		}
	}
	page.WriteString("</page>")
	dec := xml.NewDecoder(&page)
	ids := map[string]bool{}
	var owner string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		for _, a := range se.Attr {
			v := a.Value
			if se.Name.Local == "svg" && a.Name.Local == "id" {
				owner = v
			}
			switch {
			case a.Name.Local == "id":
				if ids[v] {
					t.Errorf("id %q used twice", v)
				}
				ids[v] = true
				if v != owner && !strings.HasPrefix(v, owner+"-") {
					t.Errorf("id %q inside diagram %q", v, owner)
				}
			case strings.Contains(v, "url(#"):
				ref := v[strings.Index(v, "url(#")+5 : strings.Index(v, ")")]
				if !strings.HasPrefix(ref, owner+"-") {
					t.Errorf("diagram %q refers to %q", owner, ref)
				}
			case a.Name.Local == "aria-labelledby":
				for _, r := range strings.Fields(v) {
					if !strings.HasPrefix(r, owner+"-") {
						t.Errorf("diagram %q is labelled by %q", owner, r)
					}
				}
			}
		}
	}
	for _, want := range []string{"d1-head", "d2-head", "d1-hatch", "d2-hatch", "d1-title", "d2-desc"} {
		if !ids[want] {
			t.Errorf("no element with id %q", want)
		}
	}
}

func TestDefaultID(t *testing.T) {
	a := render(t, Inline, engine.StartPosition(engine.Long), Options{})
	b := render(t, Inline, engine.StartPosition(engine.Long), Options{})
	c := render(t, Inline, engine.StartPosition(engine.Short), Options{})
	if !bytes.Equal(a, b) {
		t.Error("the same input gave different output")
	}
	ida, idc := parse(t, a).attrs["id"], parse(t, c).attrs["id"]
	if ida == "" || ida == idc || !validID(ida) {
		t.Errorf("default ids %q and %q: want two different valid ids", ida, idc)
	}
}

func TestInlineAndStandalone(t *testing.T) {
	for _, g := range goldens(t) {
		in := render(t, Inline, g.pos, g.opt)
		st := render(t, Standalone, g.pos, g.opt)
		if !bytes.HasPrefix(in, []byte("<svg ")) {
			t.Errorf("%s: inline output starts %q, want <svg", g.name, in[:min(len(in), 20)])
		}
		root := parse(t, in)
		if _, ok := root.attrs["width"]; ok {
			t.Errorf("%s: inline <svg> has a width", g.name)
		}
		if _, ok := root.attrs["height"]; ok {
			t.Errorf("%s: inline <svg> has a height", g.name)
		}
		if root.attrs["viewBox"] != "0 0 "+strconv.Itoa(viewW)+" "+strconv.Itoa(boardH0) {
			t.Errorf("%s: viewBox %q", g.name, root.attrs["viewBox"])
		}
		if !bytes.HasPrefix(st, []byte(`<?xml version="1.0" encoding="UTF-8"?>`+"\n<svg ")) {
			t.Errorf("%s: standalone output starts %q", g.name, st[:min(len(st), 50)])
		}
		sr := parse(t, st)
		want := ""
		if g.opt.WidthMM > 0 {
			want = "180mm"
		}
		if sr.attrs["width"] != want {
			t.Errorf("%s: standalone width %q, want %q", g.name, sr.attrs["width"], want)
		}
		// Apart from the prolog and the size, the two are the same drawing.
		body := func(b []byte) string { return string(b[bytes.Index(b, []byte(`role="img"`)):]) }
		if body(in) != body(st) {
			t.Errorf("%s: inline and standalone drawings differ", g.name)
		}
	}
}

func TestStandaloneSize(t *testing.T) {
	root := parse(t, render(t, Standalone, engine.StartPosition(engine.Long), Options{Theme: Print, WidthMM: 100}))
	if w, h := root.attrs["width"], root.attrs["height"]; w != "100mm" || h != "97mm" {
		t.Errorf("size %s × %s, want 100mm × 97mm", w, h)
	}
}

// TestPrintColours checks that the print theme uses only black and white.
func TestPrintColours(t *testing.T) {
	for _, g := range goldens(t) {
		g.opt.Theme, g.opt.Printable = Print, false
		root := parse(t, render(t, Inline, g.pos, g.opt))
		root.walk(func(e *node) {
			for _, a := range []string{"fill", "stroke"} {
				v, ok := e.attrs[a]
				if ok && v != "#000000" && v != "#ffffff" && v != "none" && !strings.HasPrefix(v, "url(#") {
					t.Errorf("%s: <%s %s=%q> in the print theme", g.name, e.name, a, v)
				}
			}
		})
	}
}

func TestArrowsAndMarks(t *testing.T) {
	p := code(t, "Lw42:24x6,23x2,22,5,3x2,2x2,1:19x2,12x9,10x2,9x2")
	o := Options{Arrows: moves(t, "24/22 24/22 5/1"), Marks: []engine.Point{3, 2, 1, 24, 23, 22}}
	root := parse(t, render(t, Inline, p, o))
	var paths []string
	root.walk(func(e *node) {
		if e.hasClass("nd-arrow") {
			paths = append(paths, e.attrs["d"])
			if !strings.HasPrefix(e.inheritedAttr("marker-end"), "url(#") {
				t.Errorf("arrow %q has no arrowhead", e.attrs["d"])
			}
		}
	})
	if len(paths) != 3 {
		t.Fatalf("%d arrows drawn, want 3", len(paths))
	}
	if paths[0] == paths[1] {
		t.Errorf("a repeated move is drawn twice on the same curve %q", paths[0])
	}
	if n := root.count("nd-mark"); n != 6 {
		t.Errorf("%d marked points drawn, want 6", n)
	}
}

func TestSide(t *testing.T) {
	cases := []struct {
		game engine.Game
		seg  string
		want engine.Side
	}{
		{engine.Short, "bar/22", engine.White},
		{engine.Short, "bar/3", engine.Black},
		{engine.Short, "5/off", engine.White},
		{engine.Short, "20/off", engine.Black},
		{engine.Long, "15/off", engine.Black},
		{engine.Long, "2/off", engine.White},
		{engine.Long, "10/off", engine.Black}, // not a home point: the side to move
	}
	for _, c := range cases {
		p := engine.NewPosition(c.game)
		p.Turn = engine.Black
		d := &drawer{p: p}
		if got := d.side(moves(t, c.seg)[0]); got != c.want {
			t.Errorf("%s %s: side %s, want %s", c.game, c.seg, got, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	p := engine.StartPosition(engine.Short)
	over := p
	over.Set(engine.White, 1, 5) // 20 white checkers
	cases := []struct {
		name string
		pos  engine.Position
		opt  Options
		want string
	}{
		{"id", p, Options{ID: "1a"}, "id"},
		{"id chars", p, Options{ID: `a"b`}, "id"},
		{"theme", p, Options{Theme: 7}, "theme"},
		{"dice", p, Options{HasDice: true, Dice: engine.Dice{0, 7}}, "dice"},
		{"arrow from off", p, Options{Arrows: []engine.Segment{{From: engine.Off, To: 3}}}, "arrow"},
		{"arrow to bar", p, Options{Arrows: []engine.Segment{{From: 3, To: engine.Bar}}}, "arrow"},
		{"arrow nowhere", p, Options{Arrows: []engine.Segment{{From: 3, To: 3}}}, "arrow"},
		{"forbidden move to bar", p, Options{Illegal: []engine.Segment{{From: 3, To: engine.Bar}}}, "arrow"},
		{"mark", p, Options{Marks: []engine.Point{25}}, "marked point"},
		{"width", p, Options{WidthMM: -1}, "width"},
		{"checkers", over, Options{}, "checkers"},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		err := Inline(&buf, c.pos, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one about %q", c.name, err, c.want)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written despite the error", c.name, buf.Len())
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteError(t *testing.T) {
	if err := Standalone(failWriter{}, engine.StartPosition(engine.Long), Options{}); err == nil || err.Error() != "disk full" {
		t.Errorf("error %v, want the writer's error", err)
	}
}

// TestGroups checks that the points and the checkers are groups of their
// own: every triangle in nd-points (in a group per colour, the hidden
// print triangles in a group of their own), every checker, on a point, on
// the bar or borne off, in nd-checkers.
func TestGroups(t *testing.T) {
	for _, g := range goldens(t) {
		for _, printable := range []bool{false, true} {
			o := g.opt
			o.Printable = printable && o.Theme == Screen
			root := parse(t, render(t, Inline, g.pos, o))
			var points, checkers []*node
			for _, k := range root.kids {
				switch {
				case k.name == "g" && k.hasClass("nd-points"):
					points = append(points, k)
				case k.name == "g" && k.hasClass("nd-checkers"):
					checkers = append(checkers, k)
				}
			}
			if len(points) != 1 || len(checkers) != 1 {
				t.Fatalf("%s: %d point groups and %d checker groups, want one each", g.name, len(points), len(checkers))
			}
			triangles, hidden := 0, 0
			for _, k := range points[0].kids {
				if k.name != "g" {
					t.Errorf("%s: <%s> among the points' groups", g.name, k.name)
					continue
				}
				for _, tri := range k.kids {
					if tri.name != "polygon" {
						t.Errorf("%s: <%s> among the points", g.name, tri.name)
					}
				}
				if k.hasClass("nd-print") {
					hidden += len(k.kids)
				} else {
					triangles += len(k.kids)
				}
			}
			if want := 12 * b2i(o.Printable); triangles != 24 || hidden != want {
				t.Errorf("%s: %d triangles and %d hidden ones, want 24 and %d", g.name, triangles, hidden, want)
			}
			all, inGroup := 0, 0
			for _, e := range root.shapes() {
				if e.inClass("nd-ck") || e.inClass("nd-off") {
					all++
					if e.inClass("nd-checkers") {
						inGroup++
					}
				}
			}
			if all == 0 || all != inGroup {
				t.Errorf("%s: %d of %d checkers in the checkers' group", g.name, inGroup, all)
			}
		}
	}
}

// inheritedAttr returns attribute a of n or of the nearest group around
// it that sets it.
func (n *node) inheritedAttr(a string) string {
	for e := n; e != nil; e = e.parent {
		if v, ok := e.attrs[a]; ok {
			return v
		}
	}
	return ""
}

// TestIllegalArrows checks that a forbidden move is told apart from a
// legal one without colour, in both themes: dashed, ending in a cross
// rather than the arrowhead, each on the white outline that the arrows
// have.
func TestIllegalArrows(t *testing.T) {
	p := code(t, "Lw53:24x12,18x3:12x12,10x3")
	for _, theme := range []Theme{Screen, Print} {
		o := Options{ID: "f", Theme: theme, Arrows: moves(t, "18/15"), Illegal: moves(t, "24/19 24/21")}
		root := parse(t, render(t, Inline, p, o))
		var legal, illegal []*node
		var halos []string // the curves outlined
		root.walk(func(e *node) {
			switch {
			case e.name != "path" || e.parent.name == "marker":
			case e.hasClass("nd-arrow"):
				legal = append(legal, e)
			case e.inClass("nd-illegal"):
				illegal = append(illegal, e)
			case e.inheritedAttr("stroke") == palettes[theme].halo:
				for _, c := range strings.Split(e.attrs["d"], "M")[1:] {
					halos = append(halos, "M"+strings.TrimSpace(c))
				}
			}
		})
		if len(legal) != 1 || len(illegal) != 2 || len(halos) != 3 {
			t.Fatalf("%s: %d arrows, %d forbidden moves, %d outlined curves; want 1, 2, 3", theme, len(legal), len(illegal), len(halos))
		}
		for _, e := range append(legal, illegal...) {
			if !slices.Contains(halos, e.attrs["d"]) {
				t.Errorf("%s: the curve %q has no outline", theme, e.attrs["d"])
			}
		}
		for _, e := range illegal {
			if dash := e.inheritedAttr("stroke-dasharray"); dash == "" || dash == "none" {
				t.Errorf("%s: a forbidden move is not dashed", theme)
			}
			if m := e.inheritedAttr("marker-end"); m != "url(#f-cross)" {
				t.Errorf("%s: a forbidden move ends in %q, want the cross", theme, m)
			}
			if c := e.inheritedAttr("stroke"); c != palettes[theme].illegal {
				t.Errorf("%s: a forbidden move in %s, want %s", theme, c, palettes[theme].illegal)
			}
		}
		if dash := legal[0].inheritedAttr("stroke-dasharray"); dash != "" {
			t.Errorf("%s: a legal arrow is dashed (%q)", theme, dash)
		}
		if legal[0].inheritedAttr("marker-end") != "url(#f-head)" {
			t.Errorf("%s: a legal arrow ends in %q", theme, legal[0].inheritedAttr("marker-end"))
		}
		// The two forbidden moves from 24 go to different points, so
		// their curves differ; the same move again bows further out.
		if illegal[0].attrs["d"] == illegal[1].attrs["d"] {
			t.Errorf("%s: two forbidden moves on one curve", theme)
		}
		twice := parse(t, render(t, Inline, p, Options{Theme: theme, Arrows: moves(t, "24/19"), Illegal: moves(t, "24/19")}))
		var ds []string
		twice.walk(func(e *node) {
			if e.name == "path" && (e.hasClass("nd-arrow") || e.inClass("nd-illegal")) {
				ds = append(ds, e.attrs["d"])
			}
		})
		if len(ds) != 2 || ds[0] == ds[1] {
			t.Errorf("%s: an arrow and a forbidden move along the same points share a curve: %q", theme, ds)
		}
	}
	// Without forbidden moves, no cross is defined.
	if bytes.Contains(render(t, Inline, p, Options{Arrows: moves(t, "18/15")}), []byte("-cross")) {
		t.Error("a diagram without forbidden moves defines the cross")
	}
}

// TestPlayableBeforeTheRoll: a board a game is played on is drawn before
// its first roll: playable (data-board, the strips marked) with no dice,
// which the game draws once they are rolled.
func TestPlayableBeforeTheRoll(t *testing.T) {
	o := playable(Options{ID: "g", Title: "Доска партии", Labels: ru})
	got := string(render(t, Inline, engine.StartPosition(engine.Short), o))
	for _, want := range []string{`data-board="" data-pips="пипы" data-off="выброшено"`, `data-strip="white"`, `data-strip="black"`, `class="nd-checkers"`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in the board before the roll", want)
		}
	}
	if strings.Contains(got, "data-die") {
		t.Error("the board before the roll draws dice")
	}
	o.HasDice, o.Dice = true, engine.Dice{6, 5}
	if got := string(render(t, Inline, engine.StartPosition(engine.Short), o)); !strings.Contains(got, `data-die="0"`) || !strings.Contains(got, `data-die="1"`) {
		t.Error("the board after the roll has no dice of its own")
	}
}
