package diagrams

import (
	"bytes"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestPointsShareTheirOutline checks that the triangles take their
// outline from the points' group and their colour from a group per
// colour: a triangle has no attribute but its points.
func TestPointsShareTheirOutline(t *testing.T) {
	for _, theme := range []Theme{Screen, Print} {
		for _, printable := range []bool{false, true} {
			if printable && theme == Print {
				continue
			}
			o := Options{Theme: theme, Printable: printable}
			root := parse(t, render(t, Inline, engine.StartPosition(engine.Short), o))
			var points *node
			root.walk(func(e *node) {
				if e.hasClass("nd-points") {
					points = e
				}
			})
			if points == nil {
				t.Fatalf("%s: no points' group", theme)
			}
			c := palettes[theme]
			if points.attrs["stroke"] != c.triEdge || points.attrs["stroke-linejoin"] != "round" {
				t.Errorf("%s: the points' group has stroke=%q stroke-linejoin=%q, want %q and round",
					theme, points.attrs["stroke"], points.attrs["stroke-linejoin"], c.triEdge)
			}
			for _, g := range points.kids {
				if g.attrs["fill"] == "" {
					t.Errorf("%s: a group of points without a fill", theme)
				}
				for _, tri := range g.kids {
					if len(tri.attrs) != 1 || tri.attrs["points"] == "" {
						t.Errorf("%s: <%s %v> among the points: want a polygon with only its points", theme, tri.name, tri.attrs)
					}
				}
			}
		}
	}
}

// inherited are the presentation attributes the diagrams write that an
// element inherits from the group around it, with their initial values.
var inherited = map[string]string{
	"fill": "black", "fill-opacity": "1", "stroke": "none", "stroke-width": "1", "stroke-opacity": "1",
	"stroke-linejoin": "miter", "stroke-linecap": "butt", "stroke-dasharray": "none",
	"font-family": "", "font-size": "", "font-weight": "normal", "font-style": "normal", "text-anchor": "start",
}

// TestNoRepeatedAttributes checks that no element of a Screen diagram
// says again what it inherits: no inherited attribute has the value of
// the group around it (the Print theme, drawn by the same code, has
// fewer colours and may write one twice), and that no element in any
// theme writes an attribute's initial value, except fill="black" and
// stroke="none".
func TestNoRepeatedAttributes(t *testing.T) {
	cases := goldens(t)
	cases = append(cases, golden{"mixed", code(t, "Sb:barx7,24x3,13x5:19x15"), Options{Labels: ru, Marks: []engine.Point{19}}})
	for _, g := range cases {
		for _, printable := range []bool{false, true} {
			o := g.opt
			if printable && o.Theme != Screen {
				continue
			}
			o.Printable = printable
			o.Notes = Notes{Caption: "Подпись", Heading: "Ходы", Items: []string{"24/18", "24/13"}}
			root := parse(t, render(t, Standalone, g.pos, o))
			var visit func(n *node, from map[string]string)
			visit = func(n *node, from map[string]string) {
				own := map[string]string{}
				for a, v := range from {
					own[a] = v
				}
				for a, v := range n.attrs {
					initial, ok := inherited[a]
					if !ok {
						continue
					}
					got, set := from[a]
					switch {
					case set && got == v && o.Theme == Screen:
						t.Errorf("%s: <%s %s=%q> inside a group that sets it already", g.name, n.name, a, v)
					case !set && v == initial && a != "fill" && a != "stroke":
						t.Errorf("%s: <%s %s=%q>, the initial value", g.name, n.name, a, v)
					}
					own[a] = v
				}
				if n.name == "stop" && n.attrs["stop-opacity"] == "1" {
					t.Errorf("%s: <stop stop-opacity=\"1\">, the initial value", g.name)
				}
				for _, k := range n.kids {
					visit(k, own)
				}
			}
			visit(root, map[string]string{})
		}
	}
}

// TestSize keeps typical diagrams, as a page ships them, within a size
// that drawing every element with all its attributes exceeds (11,741 and
// 13,919 bytes for the opening of long nardy, 16,659 for the middle game
// of short nardy).
func TestSize(t *testing.T) {
	mid := code(t, "Sb31:bar,13x5,8x3,6x5,2:bar,19x4,17x3,12x5,1x2")
	for _, c := range []struct {
		name             string
		pos              engine.Position
		opt              Options
		inline, document int // the budgets in bytes
	}{
		{"long-start", engine.StartPosition(engine.Long), Options{
			Title: "Длинные нарды: начальная позиция", Desc: "Все шашки белых на пункте 24, все шашки чёрных на пункте 12.",
		}, 8000, 10000},
		{"short-mid", mid, Options{
			Title: "Короткие нарды: чёрные входят с бара", Desc: "У обеих сторон по шашке на баре.",
			Dice: engine.Dice{3, 1}, HasDice: true, Arrows: moves(t, "bar/3 12/11"),
		}, 11000, 13000},
	} {
		o := c.opt
		o.ID, o.Labels, o.Printable = "fig-1", ru, true
		in := render(t, Inline, c.pos, o)
		var doc bytes.Buffer
		if err := StandaloneFrom(&doc, string(in), 180); err != nil {
			t.Fatal(err)
		}
		if len(in) > c.inline {
			t.Errorf("%s: the inline diagram takes %d bytes, over the budget of %d", c.name, len(in), c.inline)
		}
		if doc.Len() > c.document {
			t.Errorf("%s: the printable document takes %d bytes, over the budget of %d", c.name, doc.Len(), c.document)
		}
	}
}
