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

// An end is where an arrow starts or ends: the centre of the checker it
// leaves from, or of the slot it lands on, in the top or bottom half, and
// whether a checker is drawn there (the arrow then stops at its rim, so
// that the checker, and a count on it, stay in sight).
type end struct {
	x, y     int
	top, rim bool
}

// ends returns where the arrows of segs start and end, as if they were
// played one after another on the position drawn: each leaves from the
// top checker still on its point and lands on the next free slot, so that
// several arrows from one point leave from different checkers and several
// onto one point land on different slots. The arrows of one move made
// again and again (24/18 24/18) are paired from the outside in (the one
// from the top checker lands on the highest slot), so that their curves
// lie one inside the other. rep is each arrow's rank among those of its
// move, from the inside out.
func (d *drawer) ends(segs []engine.Segment) (from, to []end, rep []int) {
	var points [25]int // checkers on each point now, both sides
	for pt := engine.Point(1); pt <= 24; pt++ {
		points[pt] = d.stackSize(pt)
	}
	bar := [2]int{d.p.Bar(engine.White), d.p.Bar(engine.Black)}
	off := [2]int{d.p.Off(engine.White), d.p.Off(engine.Black)}
	from, to, rep = make([]end, len(segs)), make([]end, len(segs)), make([]int, len(segs))
	for i, a := range segs {
		s := d.side(a)
		switch pt := a.From; {
		case pt == engine.Bar:
			k := max(min(bar[s], stackN)-1, 0)
			from[i] = end{barX + barW/2, barY(s, k), s == engine.White, k < min(d.p.Bar(s), stackN)}
			bar[s]--
		case pt >= 1 && pt <= 24:
			x, top := column(pt)
			k := max(min(points[pt], stackN)-1, 0)
			from[i] = end{x + pointW/2, slotY(top, k), top, points[pt] > 0 && k < min(d.stackSize(pt), stackN)}
			points[pt]--
		}
		switch pt := a.To; {
		case pt == engine.Off:
			x, top := d.trayAt(s)
			to[i] = end{x + trayW/2, trayEnd(top, min(off[s], engine.Checkers-1)), top, false}
			off[s]++
		case pt >= 1 && pt <= 24:
			x, top := column(pt)
			k := min(max(points[pt], 0), stackN-1)
			to[i] = end{x + pointW/2, slotY(top, k), top, k < min(d.stackSize(pt), stackN)}
			points[pt]++
		}
	}
	// A move made again and again: its arrows paired from the outside in.
	for i := 0; i < len(segs); {
		j := i + 1
		for j < len(segs) && segs[j].From == segs[i].From && segs[j].To == segs[i].To {
			j++
		}
		slices.Reverse(to[i:j])
		for k := i; k < j; k++ {
			rep[k] = j - 1 - k
		}
		i = j
	}
	return from, to, rep
}

// arrows draws the move arrows as curves with arrowheads. Within a row
// they bow towards the middle of the board; from one row to the other they
// swing out round the nearer end of the board; from the bar they leave
// sideways. Each arrow starts at the rim of its checker and ends at the
// rim of one it lands on, so that a count written there stays readable,
// and each is routed round the dice and the counts, and clear of the
// arrows drawn before it (see route). They lie on a wide outline in the
// halo colour, so that they stand out over checkers and triangles. The
// forbidden moves are drawn the same way but dashed and ending in a
// cross. All are in a group of their own: first the outlines (one path),
// then the arrows in a group that gives them their colour and arrowhead,
// then the forbidden moves in one that gives them their colour, dashes
// and cross.
func (d *drawer) arrows() {
	if len(d.o.Arrows) == 0 && len(d.o.Illegal) == 0 {
		return
	}
	curves := d.route()
	paths := make([]string, len(curves))
	var halo []byte
	for i, c := range curves {
		if i > 0 {
			halo = append(halo, ' ')
		}
		n := len(halo)
		halo = c.appendPath(halo)
		paths[i] = string(halo[n:])
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

// bend returns where the arrow of segment a from p to q is bent towards
// when nothing is in its way, the n-th (from 0) of its move from the
// inside out: within a row, towards the middle of the board; from one row
// to the other, round the nearer end of the board; from the bar,
// sideways, then towards the point.
func bend(a engine.Segment, p, q end, n int) (cx, cy int) {
	switch {
	case a.From == engine.Bar:
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
	return cx, cy
}

// join returns the curve from p to q bent towards (cx, cy), stopping at
// the rim of a checker drawn at either end.
func join(p, q end, cx, cy int) curve {
	x0, y0, x1, y1 := p.x, p.y, q.x, q.y
	if p.rim {
		x0, y0 = toward(x0, y0, cx, cy, radius)
	}
	if q.rim {
		// Past the rim by the arrowhead's tip.
		x1, y1 = toward(x1, y1, cx, cy, radius+7)
	}
	return curve{x0, y0, cx, cy, x1, y1}
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
