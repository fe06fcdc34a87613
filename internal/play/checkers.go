package play

import (
	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// A Shape is an element the board draws for the checkers, as the
// diagrams draw it: a circle when R is set (a checker, or its inner
// ring), a count (the number N) when N is set, else a rectangle W by H (a
// borne-off checker). X and Y place it: a circle's centre, a count's
// baseline, a rectangle's corner. Paint is the rest of its attributes, as
// name, value pairs, which the diagrams write on the group around such
// elements: one of a few lists, shared.
type Shape struct {
	X, Y, R, W, H, N int
	Paint            []string
}

// Checkers returns the checkers of p as the diagrams draw them in the
// Screen theme (the contents of a diagram's <g class="nd-checkers">), in
// their order: on the points and on the bar, each side's checkers, then
// their inner rings, then the counts of the stacks taller than the board
// shows, then each side's borne-off checkers and their number.
func Checkers(p engine.Position) []Shape {
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
			stacks = append(stacks, stack{geometry.BarX + geometry.BarW/2, geometry.BarY(s, 0), geometry.BarY(s, 1) - geometry.BarY(s, 0), n, geometry.Radius, s})
		}
	}
	out := make([]Shape, 0, 2*15+8)
	for ring := range 2 {
		for _, s := range sides {
			for _, st := range stacks {
				if st.side != s {
					continue
				}
				shown, r := min(st.n, geometry.StackN), st.r
				if ring == 1 && st.n > shown {
					shown-- // the ring would run through the count
				}
				for k := range shown {
					out = append(out, Shape{X: st.x, Y: st.y0 + k*st.dy, R: r - 6*ring, Paint: paints[ring][s]})
				}
			}
		}
	}
	for _, st := range stacks {
		if st.n > geometry.StackN {
			out = append(out, Shape{X: st.x, Y: st.y0 + (geometry.StackN-1)*st.dy + 8, N: st.n, Paint: paints[countPaint][st.side]})
		}
	}
	for _, s := range sides {
		x, top := geometry.TrayAt(p.Game, s)
		n := p.Off(s)
		for k := range n {
			out = append(out, Shape{X: x + 5, Y: geometry.SlabY(top, k), W: geometry.TrayW - 10, H: geometry.SlabH, Paint: paints[slabPaint][s]})
		}
		if n > 0 {
			out = append(out, Shape{X: x + geometry.TrayW/2, Y: geometry.TrayCountY(top, n), N: n, Paint: trayCount})
		}
	}
	return out
}

var sides = [2]engine.Side{engine.White, engine.Black}

// The lists of paints, [kind][side].
const (
	bodyPaint = iota
	ringPaint
	countPaint
	slabPaint
)

var (
	paints = [4][2][]string{
		bodyPaint:  {{"class", "nd-ck nd-w", "fill", geometry.WhiteFill, "stroke", geometry.WhiteEdge, "stroke-width", "1.5"}, {"class", "nd-ck nd-b", "fill", geometry.BlackFill, "stroke", geometry.BlackEdge, "stroke-width", "1.5"}},
		ringPaint:  {{"fill", "none", "stroke", geometry.WhiteRing}, {"fill", "none", "stroke", geometry.BlackRing}},
		countPaint: {{"class", "nd-count", "font-size", "22", "font-weight", "700", "text-anchor", "middle", "fill", geometry.WhiteText}, {"class", "nd-count", "font-size", "22", "font-weight", "700", "text-anchor", "middle", "fill", geometry.BlackText}},
		slabPaint:  {{"class", "nd-off nd-w", "fill", geometry.WhiteFill, "stroke", geometry.WhiteEdge, "rx", "2"}, {"class", "nd-off nd-b", "fill", geometry.BlackFill, "stroke", geometry.BlackEdge, "rx", "2"}},
	}
	trayCount = []string{"class", "nd-count", "font-size", "22", "font-weight", "700", "text-anchor", "middle", "fill", geometry.ScreenTrayInk}
)
