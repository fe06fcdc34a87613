package diagrams

import (
	"math"
	"slices"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// anchor is one end of an arrow: a place on the board and the row (top
// or bottom half) it belongs to.
type anchor struct {
	x, y int
	top  bool
}

// side returns the side that plays segment a: for a move from the bar or
// off the board, the side whose entry points or home holds the other end;
// otherwise, and when that tells nothing, the side to move.
func (d *drawer) side(a engine.Segment) engine.Side {
	g := d.p.Game
	switch {
	case a.From == engine.Bar:
		// A checker enters in the opponent's home.
		for _, s := range []engine.Side{engine.White, engine.Black} {
			if home := engine.Home(g, s.Other()); slices.Contains(home[:], a.To) {
				return s
			}
		}
	case a.To == engine.Off:
		for _, s := range []engine.Side{engine.White, engine.Black} {
			if home := engine.Home(g, s); slices.Contains(home[:], a.From) {
				return s
			}
		}
	}
	return d.p.Turn
}

// stackSize returns how many checkers stand on point pt, both sides.
func (d *drawer) stackSize(pt engine.Point) int {
	return d.p.Count(engine.White, pt) + d.p.Count(engine.Black, pt)
}

// from returns where an arrow starts: the top checker of the stack.
func (d *drawer) from(pt engine.Point, s engine.Side) anchor {
	if pt == engine.Bar {
		k := max(min(d.p.Bar(s), stackN)-1, 0)
		return anchor{barX + barW/2, barY(s, k), s == engine.White}
	}
	x, top := column(pt)
	k := max(min(d.stackSize(pt), stackN)-1, 0)
	return anchor{x + pointW/2, slotY(top, k), top}
}

// to returns where an arrow ends: the place the checker lands.
func (d *drawer) to(pt engine.Point, s engine.Side) anchor {
	if pt == engine.Off {
		x, top := d.trayAt(s)
		return anchor{x + trayW/2, trayEnd(top, min(d.p.Off(s), engine.Checkers-1)), top}
	}
	x, top := column(pt)
	k := min(d.stackSize(pt), stackN-1)
	return anchor{x + pointW/2, slotY(top, k), top}
}

// arrows draws the move arrows as curves with arrowheads. Within a row
// they bow towards the middle of the board; from one row to the other they
// swing out round the nearer end of the board; from the bar they leave
// sideways. Repeats of a segment bow further out. Each arrow starts at the
// rim of its checker, so a count written on it stays readable, and lies
// on a wide outline in the halo colour, so that it stands out over
// checkers and triangles. The forbidden moves are drawn the same way but
// dashed and ending in a cross; one along the same points as an arrow
// bows further out than it. All are in a group of their own: first the
// outlines (one path), then the arrows in a group that gives them their colour and
// arrowhead, then the forbidden moves in one that gives them their
// colour, dashes and cross.
func (d *drawer) arrows() {
	if len(d.o.Arrows) == 0 && len(d.o.Illegal) == 0 {
		return
	}
	type key struct{ from, to engine.Point }
	seen := map[key]int{} // only looked up, never iterated
	var buf [8]string
	paths := buf[:0]
	var halo []byte
	for _, a := range slices.Concat(d.o.Arrows, d.o.Illegal) {
		k := key{a.From, a.To}
		c := d.curve(a, seen[k])
		seen[k]++
		if len(halo) > 0 {
			halo = append(halo, ' ')
		}
		n := len(halo)
		halo = c.appendPath(halo)
		paths = append(paths, string(halo[n:]))
	}
	s, l := &d.s, d.l
	d.out.put(l.arrows)
	// The outlines, one curve each, in one path: where two cross, the
	// outline is painted once.
	s.Path(string(halo), l.halo)
	legal, illegal := paths[:len(d.o.Arrows)], paths[len(d.o.Arrows):]
	if len(legal) > 0 {
		d.out.part(l.arrow, d.id)
		for _, p := range legal {
			s.Path(p, `class="nd-arrow"`)
		}
		d.out.put(l.gend)
	}
	if len(illegal) > 0 {
		d.out.part(l.illegal, d.id)
		for _, p := range illegal {
			s.Path(p)
		}
		d.out.put(l.gend)
	}
	d.out.put(l.gend)
}

// A curve is an arrow's quadratic Bézier curve: from (x0, y0) to (x1,
// y1), bent towards (cx, cy).
type curve struct{ x0, y0, cx, cy, x1, y1 int }

// appendPath appends the curve as path data, as svgo's Qbez writes it.
func (c curve) appendPath(b []byte) []byte {
	b = append(b, 'M')
	b = appendXY(b, c.x0, c.y0)
	b = append(b, " Q"...)
	b = appendXY(b, c.cx, c.cy)
	b = append(b, ' ')
	return appendXY(b, c.x1, c.y1)
}

// appendXY appends "x,y".
func appendXY(b []byte, x, y int) []byte {
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, ',')
	return strconv.AppendInt(b, int64(y), 10)
}

// curve returns the curve of the arrow of segment a, the n-th (from 0)
// along the same points.
func (d *drawer) curve(a engine.Segment, n int) curve {
	s := d.side(a)
	p, q := d.from(a.From, s), d.to(a.To, s)
	var cx, cy int
	switch {
	case a.From == engine.Bar:
		// Leave the bar sideways, then turn towards the point;
		// repeats turn sooner.
		cx, cy = q.x, p.y+28*n
		if p.top {
			cy = p.y - 28*n
		}
	case p.top == q.top:
		bow := abs(q.x-p.x)/4 + 28
		cx = (p.x + q.x) / 2
		if abs(q.y-p.y) > abs(q.x-p.x)/2 {
			// A tall stack beside a short one: hop over and drop
			// straight onto the end nearer the edge, clear of the
			// other stack.
			cx = p.x
			if (q.y < p.y) == p.top {
				cx = q.x
			}
		}
		if p.top {
			cy = min(max(p.y, q.y)+bow, midY+40) + 40*n
		} else {
			cy = max(min(p.y, q.y)-bow, midY-40) - 40*n
		}
	default:
		swing := 100 + 36*n
		cy = (p.y + q.y) / 2
		if p.x+q.x < 2*(boardX+boardW/2) {
			cx = max(min(p.x, q.x)-swing, margin)
		} else {
			cx = min(max(p.x, q.x)+swing, viewW-margin)
		}
	}
	if d.occupied(a.From, s) {
		p.x, p.y = toward(p.x, p.y, cx, cy, radius)
	}
	return curve{p.x, p.y, cx, cy, q.x, q.y}
}

// occupied reports whether a checker stands where an arrow starts.
func (d *drawer) occupied(pt engine.Point, s engine.Side) bool {
	if pt == engine.Bar {
		return d.p.Bar(s) > 0
	}
	return d.stackSize(pt) > 0
}

// toward returns the point at distance r from (x, y) in the direction of
// (tx, ty), rounded to whole units.
func toward(x, y, tx, ty, r int) (int, int) {
	dx, dy := float64(tx-x), float64(ty-y)
	l := math.Hypot(dx, dy)
	if l < float64(r) {
		return x, y
	}
	return x + int(math.Round(dx*float64(r)/l)), y + int(math.Round(dy*float64(r)/l))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
