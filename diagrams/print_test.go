package diagrams

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestPrintCSSIsAFunction checks that no Screen colour stands for two
// different Print colours, so that PrintCSS can recolour by value.
func TestPrintCSSIsAFunction(t *testing.T) {
	to := map[string]string{}
	for _, p := range colourPairs() {
		if prev, ok := to[p.screen]; ok && prev != p.print {
			t.Errorf("screen colour %s is %s and %s in print", p.screen, prev, p.print)
		}
		to[p.screen] = p.print
	}
}

var cssRule = regexp.MustCompile(`\[(fill|stroke)="(#[0-9a-f]{6})"\]\{(?:fill|stroke):([^}]+)\}`)

// TestPrintCSSCoversEveryColour checks PrintCSS against the colours that
// Printable Screen diagrams and roll grids write (forbidden moves among
// them): a rule for each colour of a fill or
// stroke attribute that the Print theme does not use, and no rule for an
// attribute and colour that no diagram writes.
func TestPrintCSSCoversEveryColour(t *testing.T) {
	rules := map[string]bool{} // prop=colour
	for _, m := range cssRule.FindAllStringSubmatch(PrintCSS(), -1) {
		rules[m[1]+"="+m[2]] = true
	}
	kept := map[string]bool{} // the Print theme's colours, which need no rule
	for _, p := range colourPairs() {
		kept[p.print] = true
	}
	cases := append(goldens(t), golden{"mixed", code(t, "Sb:barx7,24x3,13x5:19x15"), Options{Labels: ru, Marks: []engine.Point{19}}})
	written := map[string]bool{}
	for _, g := range cases {
		if g.opt.Theme != Screen {
			continue
		}
		o := g.opt
		o.Printable = true
		o.Notes = Notes{Caption: "Подпись", Heading: "Ходы", Items: []string{"24/18", "24/13"}}
		parse(t, render(t, Inline, g.pos, o)).walk(func(e *node) {
			for _, prop := range []string{"fill", "stroke"} {
				v := e.attrs[prop]
				if !strings.HasPrefix(v, "#") {
					continue
				}
				written[prop+"="+v] = true
				if !rules[prop+"="+v] && !kept[v] {
					t.Errorf("%s: <%s %s=%q>, which PrintCSS does not recolour", g.name, e.name, prop, v)
				}
			}
		})
	}
	// The roll grids are recoloured by the same rules.
	parse(t, grid(t, gridOptions(Screen))).walk(func(e *node) {
		for _, prop := range []string{"fill", "stroke"} {
			v := e.attrs[prop]
			if !strings.HasPrefix(v, "#") {
				continue
			}
			written[prop+"="+v] = true
			if !rules[prop+"="+v] && !kept[v] {
				t.Errorf("roll grid: <%s %s=%q>, which PrintCSS does not recolour", e.name, prop, v)
			}
		}
	})
	for r := range rules {
		if !written[r] {
			t.Errorf("PrintCSS recolours %s, which no diagram writes", r)
		}
	}
}

// printed applies the colour rules of the style sheet css to the fill or
// stroke value v of an element, as a browser printing the page does.
func printed(css, prop, v string) string {
	for _, m := range cssRule.FindAllStringSubmatch(css, -1) {
		if m[1] == prop && m[2] == v {
			return m[3]
		}
	}
	switch {
	case strings.HasSuffix(v, "-wood)"), strings.HasSuffix(v, "-maple)"):
		return "#ffffff"
	case strings.HasSuffix(v, "-hatch)"), strings.HasSuffix(v, "-head)"):
		return "url(hatch)"
	}
	return v
}

// drawn lists what a diagram puts on paper: every shape outside <defs>
// with its geometry and its colours after f (its own, or else those of
// the group around it, after f), skipping what is hidden (display="none",
// unless show is set) and what has no colour at all.
func drawn(t *testing.T, root *node, show bool, f func(prop, v string) string) []string {
	var out []string
	var visit func(n *node, hidden bool, fill, stroke string)
	visit = func(n *node, hidden bool, fill, stroke string) {
		if n.name == "defs" || n.name == "title" || n.name == "desc" || n.name == "style" {
			return
		}
		if n.attrs["display"] == "none" && !show {
			hidden = true
		}
		if v, ok := n.attrs["fill"]; ok {
			fill = f("fill", v)
		}
		if v, ok := n.attrs["stroke"]; ok {
			stroke = f("stroke", v)
		}
		if !hidden && n.name != "svg" && n.name != "g" && (fill != "none" || stroke != "" && stroke != "none") {
			geo := ""
			for _, a := range []string{"x", "y", "cx", "cy", "r", "width", "height", "points", "d", "x1", "y1", "x2", "y2"} {
				geo += n.attrs[a] + ","
			}
			out = append(out, n.name+" "+geo+" fill="+fill+" stroke="+stroke+" "+strings.TrimSpace(n.text))
		}
		for _, k := range n.kids {
			visit(k, hidden, fill, stroke)
		}
	}
	visit(root, false, "", "")
	return out
}

// onPaper lists what a Printable Screen diagram puts on paper when the
// style sheet css restyles it: its shapes with their printed colours, each
// triangle as seen through its hatched copy.
func onPaper(t *testing.T, screen *node, css string) []string {
	t.Helper()
	if n := screen.count("nd-print"); n != 1 {
		t.Fatalf("%d hidden print groups, want 1", n)
	}
	if !strings.Contains(css, ".nd-print{display:inline}") {
		t.Fatal("the style sheet does not show the hatched triangles")
	}
	paper := drawn(t, screen, true, func(prop, v string) string { return printed(css, prop, v) })
	// The hatched triangles are drawn over the plain ones.
	hatched := map[string]string{}
	var rest []string
	for _, s := range paper {
		if strings.Contains(s, "fill=url(hatch)") && strings.HasPrefix(s, "polygon") {
			hatched[strings.SplitN(s, " fill=", 2)[0]] = s
		}
	}
	for _, s := range paper {
		key := strings.SplitN(s, " fill=", 2)[0]
		if h, ok := hatched[key]; ok && s != h {
			s = h // the triangle as seen through its hatched copy
		} else if ok {
			continue
		}
		rest = append(rest, s)
	}
	return rest
}

// sameColours leaves colours as they are, and every reference the same.
func sameColours(_, v string) string {
	if strings.HasPrefix(v, "url(#") {
		return "url(hatch)"
	}
	return v
}

// TestPrintCSSGivesThePrintTheme checks that a Printable Screen diagram,
// restyled by PrintCSS, puts on paper exactly what the Print theme draws.
func TestPrintCSSGivesThePrintTheme(t *testing.T) {
	for _, g := range goldens(t) {
		if g.opt.Theme != Screen {
			continue
		}
		t.Run(g.name, func(t *testing.T) {
			o := g.opt
			o.Printable = true
			screen := parse(t, render(t, Inline, g.pos, o))
			rest := onPaper(t, screen, PrintCSS())
			o.Theme, o.Printable = Print, false
			want := drawn(t, parse(t, render(t, Inline, g.pos, o)), false, sameColours)
			if a, b := strings.Join(want, "\n"), strings.Join(rest, "\n"); a != b {
				t.Errorf("printed Screen diagram differs from the Print theme:\n%s", diff(a, b))
			}
			// And on screen the hidden triangles stay hidden.
			plain := g.opt
			if a, b := strings.Join(drawn(t, parse(t, render(t, Inline, g.pos, plain)), false, sameColours), "\n"),
				strings.Join(drawn(t, screen, false, sameColours), "\n"); a != b {
				t.Errorf("Printable changes the diagram on screen:\n%s", diff(a, b))
			}
		})
	}
}

// TestStandaloneFrom checks the printable document made from a page's
// inline diagram: it has the size asked for, keeps the drawing, the
// accessible name and the ids, and its own style sheet puts on paper, in
// black and white, exactly what the Print theme draws.
func TestStandaloneFrom(t *testing.T) {
	for _, g := range goldens(t) {
		if g.opt.Theme != Screen {
			continue
		}
		t.Run(g.name, func(t *testing.T) {
			o := g.opt
			o.ID, o.Printable = "fig-3", true
			in := render(t, Inline, g.pos, o)
			var buf bytes.Buffer
			if err := StandaloneFrom(&buf, string(in), 180); err != nil {
				t.Fatal(err)
			}
			doc := buf.Bytes()
			if !bytes.HasPrefix(doc, []byte(`<?xml version="1.0" encoding="UTF-8"?>`+"\n<svg ")) {
				t.Errorf("the document starts %q", doc[:min(len(doc), 50)])
			}
			root := parse(t, doc)
			// The size is the Print theme's document's at the same width.
			p := o
			p.Theme, p.Printable, p.WidthMM = Print, false, 180
			printDoc, inRoot := parse(t, render(t, Standalone, g.pos, p)), parse(t, in)
			for _, a := range []string{"width", "height", "viewBox"} {
				if root.attrs[a] != printDoc.attrs[a] {
					t.Errorf("%s=%q; the Print theme's document has %q", a, root.attrs[a], printDoc.attrs[a])
				}
			}
			for _, a := range []string{"id", "class", "viewBox", "role", "aria-labelledby"} {
				if root.attrs[a] != inRoot.attrs[a] {
					t.Errorf("%s=%q; the inline diagram has %q", a, root.attrs[a], inRoot.attrs[a])
				}
			}
			if root.attrs["width"] != "180mm" {
				t.Errorf("width %q, want 180mm", root.attrs["width"])
			}
			if len(root.kids) < 3 || root.kids[0].name != "title" || root.kids[1].name != "desc" || root.kids[2].name != "style" {
				t.Fatalf("the document does not start with <title>, <desc>, <style>")
			}
			css := root.kids[2].text
			if strings.TrimSpace(css) != strings.TrimSpace(PrintCSS()) {
				t.Errorf("the document's style sheet is not PrintCSS:\n%s", css)
			}
			// Apart from the prolog, the size and the style sheet, it is
			// the inline drawing.
			cut := func(b []byte, from string) string { return string(b[bytes.Index(b, []byte(from)):]) }
			if cut(doc, "</style>\n")[len("</style>\n"):] != cut(in, "\n<defs>")[1:] {
				t.Error("the document's drawing differs from the inline one")
			}
			ids := map[string]bool{}
			root.walk(func(e *node) {
				if id, ok := e.attrs["id"]; ok {
					if ids[id] {
						t.Errorf("id %q used twice", id)
					}
					ids[id] = true
				}
			})
			for _, r := range strings.Fields(root.attrs["aria-labelledby"]) {
				if !ids[r] {
					t.Errorf("aria-labelledby names %q, which is not in the document", r)
				}
			}
			// On paper (and on screen: the rules hold for every medium)
			// it is the Print theme, in black and white.
			paper := onPaper(t, root, css)
			if a, b := strings.Join(drawn(t, parse(t, render(t, Inline, g.pos, p)), false, sameColours), "\n"), strings.Join(paper, "\n"); a != b {
				t.Errorf("the document printed differs from the Print theme:\n%s", diff(a, b))
			}
			for _, s := range paper {
				for _, f := range strings.Fields(s) {
					v, ok := strings.CutPrefix(f, "fill=")
					if !ok {
						v, ok = strings.CutPrefix(f, "stroke=")
					}
					if ok && v != "#000000" && v != "#ffffff" && v != "none" && v != "" && v != "url(hatch)" {
						t.Errorf("printed in colour: %s", s)
					}
				}
			}
		})
	}
}

func TestStandaloneFromSizes(t *testing.T) {
	pos := engine.StartPosition(engine.Long)
	in := string(render(t, Inline, pos, Options{ID: "a", Printable: true}))
	for _, c := range []struct {
		mm   float64
		w, h string
	}{{100, "100mm", "97mm"}, {128, "128mm", "124.1mm"}, {0, "", ""}} {
		var buf bytes.Buffer
		if err := StandaloneFrom(&buf, in, c.mm); err != nil {
			t.Fatal(err)
		}
		root := parse(t, buf.Bytes())
		if w, h := root.attrs["width"], root.attrs["height"]; w != c.w || h != c.h {
			t.Errorf("%v mm: size %q × %q, want %q × %q", c.mm, w, h, c.w, c.h)
		}
	}
	// A Print diagram is printable as it is; the rules change nothing in it.
	if err := StandaloneFrom(io.Discard, string(render(t, Inline, pos, Options{Theme: Print})), 180); err != nil {
		t.Errorf("Print diagram: %v", err)
	}
	for name, c := range map[string]struct {
		in string
		mm float64
	}{
		"not printable": {string(render(t, Inline, pos, Options{})), 180},
		"standalone":    {string(render(t, Standalone, pos, Options{Theme: Print})), 180},
		"not a diagram": {"<svg></svg>\n", 180},
		"width":         {in, -1},
		"NaN width":     {in, math.NaN()},
	} {
		var buf bytes.Buffer
		if err := StandaloneFrom(&buf, c.in, c.mm); err == nil || buf.Len() > 0 {
			t.Errorf("%s: error %v, %d bytes written", name, err, buf.Len())
		}
	}
	if css := PrintCSS(); strings.ContainsAny(css, "<&") {
		t.Errorf("PrintCSS holds < or &, which a <style> element must escape:\n%s", css)
	}
}

func TestPrintableOnlyOnScreen(t *testing.T) {
	var sb strings.Builder
	err := Inline(&sb, engine.StartPosition(engine.Long), Options{Theme: Print, Printable: true})
	if err == nil {
		t.Error("Printable with the Print theme: no error")
	}
}

// TestNotes checks the text under a handout's board: the height grows
// with the text, lines are broken, the items are numbered in columns.
func TestNotes(t *testing.T) {
	pos := engine.StartPosition(engine.Long)
	items := []string{"24/18/13", "24/19 24/18", "24/13", "24/18 18/13"}
	o := Options{Theme: Print, WidthMM: 120, Notes: Notes{
		Caption: strings.Repeat("Длинная подпись под схемой, ", 5),
		Heading: "Разрешённые ходы при 6-5: 4 варианта",
		Items:   items,
	}}
	root := parse(t, render(t, Standalone, pos, o))
	vb := strings.Fields(root.attrs["viewBox"])
	if len(vb) != 4 || vb[3] == strconv.Itoa(boardH0) {
		t.Fatalf("viewBox %q: the notes add no height", root.attrs["viewBox"])
	}
	var texts []string
	root.walk(func(e *node) {
		if e.hasClass("nd-note") || e.hasClass("nd-item") {
			texts = append(texts, e.text)
		}
	})
	joined := strings.Join(texts, "|")
	for _, want := range []string{"1. 24/18/13", "4. 24/18 18/13", "Разрешённые ходы при 6-5: 4 варианта"} {
		if !strings.Contains(joined, want) {
			t.Errorf("notes %q lack %q", joined, want)
		}
	}
	if n := root.count("nd-note"); n < 3 {
		t.Errorf("%d note lines; the long caption should take at least two", n)
	}
	for _, line := range texts {
		if len([]rune(line)) > notesW/notesChar {
			t.Errorf("line %q is longer than %d characters", line, notesW/notesChar)
		}
	}
	if cols, rows := columns(items); cols != 3 || rows != 2 {
		t.Errorf("columns(%q) = %d, %d; want 3 columns, 2 rows", items, cols, rows)
	}
	if h := notesHeight(Notes{}); h != 0 {
		t.Errorf("empty notes take %d units", h)
	}
}

// TestHandoutGolden keeps the standalone handout of a position with its
// legal plays, as "nardydocs diagram --moves" draws it.
func TestHandoutGolden(t *testing.T) {
	pos := code(t, "Lw65:24x14,19:12x15")
	o := Options{
		Title: "Позиция: длинные нарды, ход белых, на кубиках 6-5", Labels: ru, Theme: Print, WidthMM: 120,
		Dice: engine.Dice{6, 5}, HasDice: true, Arrows: moves(t, "24/18/13"),
		Notes: Notes{
			Caption: "Вторая шашка уже ушла с головы.",
			Heading: "Разрешённые ходы при 6-5: 3 варианта, каждый использует 2 кубика из 2.",
			Items:   []string{"24/18/13", "24/18 19/14", "19/13/8"},
		},
	}
	got := render(t, Standalone, pos, o)
	path := filepath.Join("testdata", "long-handout-print.svg")
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
	if string(got) != string(want) {
		t.Errorf("%s differs (go test ./diagrams -update rewrites it):\n%s", path, diff(string(want), string(got)))
	}
}
