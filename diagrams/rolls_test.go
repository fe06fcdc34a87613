package diagrams

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// gridOptions is a roll grid of a statistic that counts 3-3 and 6-5: 3
// of the 36 outcomes, 6-5 and 5-6 being two.
func gridOptions(theme Theme) RollGridOptions {
	return RollGridOptions{
		ID: "fig-2-rolls-1", Theme: theme,
		Title:   "Бросков, при которых хода нет: 3 из 36 (8,3 %)",
		Desc:    "Закрашенных клеток — 3: 3-3, 6-5 и 5-6.",
		First:   "первый кубик",
		Second:  "второй кубик",
		Counted: []engine.Dice{{3, 3}, {6, 5}},
	}
}

func grid(t *testing.T, o RollGridOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := RollGrid(&buf, o); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRollGrid checks what the grid shows: 36 cells, each with its
// outcome, the counted ones filled (both orders of a non-double), the
// faces of the dice along both sides, and its accessible name.
func TestRollGrid(t *testing.T) {
	root := parse(t, grid(t, gridOptions(Screen)))
	if root.attrs["role"] != "img" || root.attrs["aria-labelledby"] != "fig-2-rolls-1-title fig-2-rolls-1-desc" {
		t.Errorf("role=%q aria-labelledby=%q", root.attrs["role"], root.attrs["aria-labelledby"])
	}
	if !root.hasClass("nardy-board") || !root.hasClass("nardy-rolls") {
		t.Errorf("class %q: PrintCSS recolours svg.nardy-board", root.attrs["class"])
	}
	if root.kids[0].name != "title" || root.kids[1].name != "desc" {
		t.Errorf("the grid starts with <%s>, <%s>", root.kids[0].name, root.kids[1].name)
	}
	var counted, other []string
	cells := 0
	root.walk(func(e *node) {
		switch {
		case e.name == "rect" && e.inClass("nd-counted"):
			cells++
		case e.name == "rect" && e.inClass("nd-other"):
			cells++
		case e.name == "text" && strings.Contains(e.text, "-"):
			// A label is filled in the ink of its kind of cell.
			if e.inheritedAttr("fill") == palettes[Screen].badgeInk {
				counted = append(counted, e.text)
			} else {
				other = append(other, e.text)
			}
		}
	})
	if cells != 36 || len(counted)+len(other) != 36 {
		t.Fatalf("%d cells, %d labels; want 36 of each", cells, len(counted)+len(other))
	}
	if want := []string{"3-3", "5-6", "6-5"}; !slices.Equal(counted, want) {
		t.Errorf("counted cells %q, want %q", counted, want)
	}
	if root.count("nd-counted") != 1 {
		t.Errorf("the counted cells are not in one group")
	}
	// The first row is the first die's 1: 1-1 … 1-6.
	if want := []string{"1-1", "1-2", "1-3", "1-4", "1-5", "1-6"}; !slices.Equal(other[:6], want) {
		t.Errorf("first row %q, want %q", other[:6], want)
	}
	pips := 0
	root.walk(func(e *node) {
		if e.name == "circle" {
			pips++
		}
	})
	if pips != 2*(1+2+3+4+5+6) {
		t.Errorf("%d pips on the faces along the sides, want %d", pips, 2*21)
	}
	// Nothing counted, nothing filled; a double counted once fills one cell.
	for _, c := range []struct {
		rolls []engine.Dice
		want  int
	}{{nil, 0}, {[]engine.Dice{{4, 4}}, 1}, {[]engine.Dice{{1, 2}}, 2}, {engine.AllRolls(), 36}} {
		o := gridOptions(Screen)
		o.Counted = c.rolls
		n := 0
		parse(t, grid(t, o)).walk(func(e *node) {
			if e.name == "rect" && e.inClass("nd-counted") {
				n++
			}
		})
		if n != c.want {
			t.Errorf("%v: %d cells filled, want %d", c.rolls, n, c.want)
		}
	}
}

func TestRollGridGolden(t *testing.T) {
	for name, theme := range map[string]Theme{"rolls.svg": Screen, "rolls-print.svg": Print} {
		got := grid(t, gridOptions(theme))
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./diagrams -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs (go test ./diagrams -update rewrites it):\n%s", path, diff(string(want), string(got)))
		}
	}
}

// TestRollGridPrinted checks that a Screen grid restyled by PrintCSS puts
// on paper what the Print theme draws, in black and white: the counted
// cells black with white labels.
func TestRollGridPrinted(t *testing.T) {
	screen := parse(t, grid(t, gridOptions(Screen)))
	paper := drawn(t, screen, false, func(prop, v string) string { return printed(PrintCSS(), prop, v) })
	want := drawn(t, parse(t, grid(t, gridOptions(Print))), false, sameColours)
	if a, b := strings.Join(want, "\n"), strings.Join(paper, "\n"); a != b {
		t.Errorf("the printed Screen grid differs from the Print theme:\n%s", diff(a, b))
	}
	filled := 0
	for _, s := range paper {
		for _, f := range strings.Fields(s) {
			v, ok := strings.CutPrefix(f, "fill=")
			if !ok {
				v, ok = strings.CutPrefix(f, "stroke=")
			}
			if ok && v != "#000000" && v != "#ffffff" && v != "none" && v != "" {
				t.Errorf("printed in colour: %s", s)
			}
		}
		if strings.HasPrefix(s, "rect") && strings.Contains(s, "fill=#000000") {
			filled++
		}
	}
	if filled != 3 {
		t.Errorf("%d black cells on paper, want 3", filled)
	}
}

func TestRollGridErrors(t *testing.T) {
	for name, o := range map[string]RollGridOptions{
		"id":    {ID: "1x"},
		"theme": {Theme: 9},
		"roll":  {Counted: []engine.Dice{{7, 1}}},
	} {
		var buf bytes.Buffer
		if err := RollGrid(&buf, o); err == nil || buf.Len() > 0 {
			t.Errorf("%s: error %v, %d bytes written", name, err, buf.Len())
		}
	}
	// Without an id, one is derived from the input: the same grid gets the
	// same, another grid another.
	a, b := gridOptions(Screen), gridOptions(Screen)
	a.ID, b.ID = "", ""
	b.Counted = nil
	ida, idb := parse(t, grid(t, a)).attrs["id"], parse(t, grid(t, b)).attrs["id"]
	if ida == idb || !validID(ida) || ida != parse(t, grid(t, a)).attrs["id"] {
		t.Errorf("derived ids %q and %q", ida, idb)
	}
}

// TestRollGridCompact: like a board, a grid writes what its cells share
// once, on a group (no element repeats an attribute its group sets), and
// keeps within a budget.
func TestRollGridCompact(t *testing.T) {
	out := grid(t, gridOptions(Screen))
	if len(out) > 6500 {
		t.Errorf("the grid takes %d bytes, over the budget of 6500", len(out))
	}
	parse(t, out).walk(func(n *node) {
		for a, v := range n.attrs {
			if _, ok := inherited[a]; !ok || n.parent == nil {
				continue
			}
			if got := n.parent.inheritedAttr(a); got == v {
				t.Errorf("<%s %s=%q> inside a group that sets it already", n.name, a, v)
			}
		}
	})
}
