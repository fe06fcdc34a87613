package play

import (
	"strconv"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// Elem is an SVG element to create: its tag, attributes (name, value
// pairs in order), text and children.
type Elem struct {
	Tag   string
	Attrs []string
	Text  string
	Kids  []Elem
}

// Checkers returns the checkers of p as the diagrams draw them in the
// Screen theme (the contents of a diagram's <g class="nd-checkers">): on
// the points, on the bar and in the trays, each side's checkers in a group
// that paints them, their inner rings in another, then the counts of the
// stacks taller than the board shows, then the borne-off checkers.
func Checkers(p engine.Position) []Elem {
	type stack struct {
		x, y0, dy, n, r int
		side            engine.Side
	}
	var stacks []stack
	for pt := engine.Point(1); pt <= 24; pt++ {
		x, top := geometry.Column(pt)
		y0, dy := geometry.SlotY(top, 0), geometry.SlotY(top, 1)-geometry.SlotY(top, 0)
		for _, s := range sides {
			if n := p.Count(s, pt); n > 0 {
				stacks = append(stacks, stack{x + geometry.PointW/2, y0, dy, n, geometry.Radius, s})
			}
		}
	}
	for _, s := range sides {
		if n := p.Bar(s); n > 0 {
			stacks = append(stacks, stack{geometry.BarX + geometry.BarW/2, geometry.BarY(s, 0), geometry.BarY(s, 1) - geometry.BarY(s, 0), n, geometry.BarR, s})
		}
	}
	var out []Elem
	for _, s := range sides {
		ink := geometry.ScreenInk[s]
		g := Elem{Tag: "g", Attrs: []string{"class", "nd-ck " + sideClass[s], "fill", ink.Fill, "stroke", ink.Edge, "stroke-width", "1.5"}}
		for _, st := range stacks {
			if st.side == s {
				for k := range min(st.n, geometry.StackN) {
					g.Kids = append(g.Kids, circle(st.x, st.y0+k*st.dy, st.r))
				}
			}
		}
		if len(g.Kids) > 0 {
			out = append(out, g)
		}
	}
	for _, s := range sides {
		g := Elem{Tag: "g", Attrs: []string{"fill", "none", "stroke", geometry.ScreenInk[s].Ring}}
		for _, st := range stacks {
			if st.side != s {
				continue
			}
			shown := min(st.n, geometry.StackN)
			if st.n > shown {
				shown-- // the ring would run through the count
			}
			for k := range shown {
				g.Kids = append(g.Kids, circle(st.x, st.y0+k*st.dy, st.r-6))
			}
		}
		if len(g.Kids) > 0 {
			out = append(out, g)
		}
	}
	for _, st := range stacks {
		if st.n > geometry.StackN {
			out = append(out, count(st.x, st.y0+(geometry.StackN-1)*st.dy+8, st.n, geometry.ScreenInk[st.side].Text))
		}
	}
	for _, s := range sides {
		n := p.Off(s)
		if n == 0 {
			continue
		}
		x, top := geometry.TrayAt(p.Game, s)
		ink := geometry.ScreenInk[s]
		g := Elem{Tag: "g", Attrs: []string{"class", "nd-off " + sideClass[s], "fill", ink.Fill, "stroke", ink.Edge}}
		for k := range n {
			g.Kids = append(g.Kids, Elem{Tag: "rect", Attrs: []string{
				"x", strconv.Itoa(x + 5), "y", strconv.Itoa(geometry.SlabY(top, k)),
				"width", strconv.Itoa(geometry.TrayW - 10), "height", strconv.Itoa(geometry.SlabH), "rx", "2"}})
		}
		out = append(out, g, count(x+geometry.TrayW/2, geometry.TrayCountY(top, n), n, geometry.ScreenTrayInk))
	}
	return out
}

var (
	sides     = [2]engine.Side{engine.White, engine.Black}
	sideClass = [2]string{engine.White: "nd-w", engine.Black: "nd-b"}
)

func circle(cx, cy, r int) Elem {
	return Elem{Tag: "circle", Attrs: []string{"cx", strconv.Itoa(cx), "cy", strconv.Itoa(cy), "r", strconv.Itoa(r)}}
}

// count is the number written on a stack or beside a tray.
func count(x, y, n int, fill string) Elem {
	return Elem{Tag: "text", Attrs: []string{"x", strconv.Itoa(x), "y", strconv.Itoa(y), "class", "nd-count",
		"font-size", "22", "font-weight", "700", "text-anchor", "middle", "fill", fill}, Text: strconv.Itoa(n)}
}
