package diagrams

import (
	"math"
	"slices"
	"strconv"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// route finds the curves of the arrows and of the forbidden moves, in
// that order. Each is bent as bend says, unless that curve would cross a
// die or a count on a stack or beside a tray, leave the board, or run
// along an arrow routed before it; then the nearest bend that does none
// of these (and crosses the fewest arrows) is taken among many tried:
// deeper and shallower within a row, round either end of the board from
// one row to the other. Where every bend tried breaks a rule, the one that
// breaks the fewest is drawn. The arrows of a play and the forbidden moves
// each start on the position drawn (see ends).
func (d *drawer) route() []curve {
	r := router{boxes: d.obstacles()}
	out := make([]curve, 0, len(d.o.Arrows)+len(d.o.Illegal))
	for _, segs := range [][]engine.Segment{d.o.Arrows, d.o.Illegal} {
		from, to, rep := d.ends(segs)
		for i, a := range segs {
			c := r.best(a, from[i], to[i], rep[i])
			r.placed = append(r.placed, r.sample(c))
			out = append(out, c)
		}
	}
	return out
}

// A box is a rectangle an arrow keeps clear of.
type box struct{ x0, y0, x1, y1 float64 }

// The clearances, in viewBox units: an arrow's outline is 8 wide, so its
// middle keeps this far from what it must not cover, and further at its
// end, where the arrowhead or the cross is.
const (
	clear    = 7
	clearEnd = 13
	apart    = 9  // two arrows' middles, where they run side by side
	together = 16 // how far two arrows may run side by side (as where they cross)
	shared   = 30 // from an end two arrows share, where they may run together
	nearEnds = 40 // ends this near are shared: neighbouring slots of a stack or a tray
)

// obstacles returns what the arrows must not cross: the dice, and the
// counts written on stacks and beside trays.
func (d *drawer) obstacles() []box {
	var out []box
	if d.o.HasDice {
		for i := range 2 {
			x := geometry.DiceX(d.p.Turn, i)
			out = append(out, box{float64(x - dieSize/2), midY - dieSize/2, float64(x + dieSize/2), midY + dieSize/2})
		}
	}
	text := func(x, base, n int) {
		w := float64(7 * len(strconv.Itoa(n)))
		out = append(out, box{float64(x) - w, float64(base) - 17, float64(x) + w, float64(base) + 1})
	}
	for pt := engine.Point(1); pt <= 24; pt++ {
		if n := d.stackSize(pt); n > stackN {
			x, top := column(pt)
			text(x+pointW/2, slotY(top, stackN-1)+8, n)
		}
	}
	for _, s := range sides {
		if n := d.p.Bar(s); n > stackN {
			text(barX+barW/2, barY(s, stackN-1)+8, n)
		}
		if n := d.p.Off(s); n > 0 {
			x, top := d.trayAt(s)
			text(x+trayW/2, geometry.TrayCountY(top, n), n)
		}
	}
	return out
}

// samples is how many points of a curve are looked at.
const samples = 16

// A path is a curve as the points looked at, from start to end.
type path [samples + 1][2]float64

// router routes arrows one after another.
type router struct {
	boxes  []box
	placed []path
}

// sample returns the points of curve c looked at.
func (r *router) sample(c curve) path {
	var p path
	for i := range p {
		t := float64(i) / samples
		u := 1 - t
		p[i] = [2]float64{
			u*u*float64(c.x0) + 2*u*t*float64(c.cx) + t*t*float64(c.x1),
			u*u*float64(c.y0) + 2*u*t*float64(c.cy) + t*t*float64(c.y1),
		}
	}
	return p
}

// A fault is how far a curve breaks the rules: what it covers or leaves
// (hard), the arrows it crosses, and how far it is bent from the bend
// wanted.
type fault struct {
	hard, crossings int
	off             int
}

func (f fault) less(g fault) bool {
	if f.hard != g.hard {
		return f.hard < g.hard
	}
	if f.crossings != g.crossings {
		return f.crossings < g.crossings
	}
	return f.off < g.off
}

// best returns the curve of segment a from p to q, the n-th of its move
// from the inside out.
func (r *router) best(a engine.Segment, p, q end, n int) curve {
	cx, cy := bend(a, p, q, n)
	first := join(p, q, cx, cy)
	f := r.fault(first, math.MaxInt)
	if f.hard == 0 && f.crossings == 0 {
		return first
	}
	best, bf := first, f
	ts := tries(a, p, q, cx, cy)
	off := func(t [2]int) int { return abs(t[0]-cx) + abs(t[1]-cy) }
	slices.SortStableFunc(ts, func(s, t [2]int) int { return off(s) - off(t) })
	for i, t := range ts {
		if i == maxTries {
			break
		}
		c := join(p, q, t[0], t[1])
		g := r.fault(c, bf.hard)
		g.off = off(t)
		if g.less(bf) {
			best, bf = c, g
			if g.hard == 0 && g.crossings == 0 {
				break // the nearest that breaks no rule
			}
		}
	}
	return best
}

// maxTries is how many bends best tries at most, the nearest first.
const maxTries = 100

// tries returns the bends tried for the arrow of segment a from p to q
// besides (cx, cy), the one wanted.
func tries(a engine.Segment, p, q end, cx, cy int) [][2]int {
	var out [][2]int
	add := func(x, y int) {
		x = min(max(x, margin), viewW-margin)
		y = min(max(y, boardY-40), boardY+boardH+40)
		if t := [2]int{x, y}; (x != cx || y != cy) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	mid := (p.x + q.x) / 2
	switch {
	case a.From != engine.Bar && p.top != q.top:
		// Round either end of the board, further or nearer, higher or
		// lower.
		for _, x := range []int{min(p.x, q.x), max(p.x, q.x)} {
			for swing := 40; swing <= 240; swing += 40 {
				sx := x - swing
				if x == max(p.x, q.x) {
					sx = x + swing
				}
				for dy := -120; dy <= 120; dy += 40 {
					add(sx, (p.y+q.y)/2+dy)
				}
			}
		}
	default:
		// Deeper and shallower, bent over either end or the middle.
		for _, x := range []int{cx, mid, p.x, q.x, mid - 80, mid + 80} {
			for dy := -300; dy <= 300; dy += 25 {
				add(x, cy+dy)
			}
		}
	}
	return out
}

// fault measures curve c against the rules, up to more than limit hard
// faults.
func (r *router) fault(c curve, limit int) fault {
	var f fault
	pts := r.sample(c)
	for i, pt := range pts {
		if f.hard > limit {
			return f
		}
		if pt[0] < boardX || pt[0] > boardX+boardW || pt[1] < boardY || pt[1] > boardY+boardH {
			f.hard++ // off the board
		}
		if i == 0 {
			continue
		}
		for _, b := range r.boxes {
			if segmentNear(pts[i-1], pt, b, clear) {
				f.hard++
			}
		}
	}
	e := pts[samples]
	for _, b := range r.boxes {
		if segmentNear(e, e, b, clearEnd) {
			f.hard++
		}
	}
	lo, hi := bounds(&pts)
	for k := range r.placed {
		other := &r.placed[k]
		if f.hard > limit {
			return f
		}
		if olo, ohi := bounds(other); lo[0] > ohi[0]+apart || olo[0] > hi[0]+apart || lo[1] > ohi[1]+apart || olo[1] > hi[1]+apart {
			continue // far apart
		}
		run, crossings := alongside(&pts, other)
		if run > together {
			f.hard++
		}
		f.crossings += crossings
	}
	return f
}

// bounds returns the corners of the rectangle round path p.
func bounds(p *path) (lo, hi [2]float64) {
	lo, hi = p[0], p[0]
	for _, q := range p[1:] {
		lo = [2]float64{min(lo[0], q[0]), min(lo[1], q[1])}
		hi = [2]float64{max(hi[0], q[0]), max(hi[1], q[1])}
	}
	return lo, hi
}

// segmentNear reports whether the segment from a to b comes within d of
// box x.
func segmentNear(a, b [2]float64, x box, d float64) bool {
	x = box{x.x0 - d, x.y0 - d, x.x1 + d, x.y1 + d}
	if max(a[0], b[0]) < x.x0 || min(a[0], b[0]) > x.x1 || max(a[1], b[1]) < x.y0 || min(a[1], b[1]) > x.y1 {
		return false
	}
	// Clip the segment to the box (Liang–Barsky).
	t0, t1 := 0.0, 1.0
	dx, dy := b[0]-a[0], b[1]-a[1]
	for _, e := range [4][2]float64{{-dx, a[0] - x.x0}, {dx, x.x1 - a[0]}, {-dy, a[1] - x.y0}, {dy, x.y1 - a[1]}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// alongside returns how far path a runs within apart of path b, away
// from the ends they share, and how many times it crosses it.
func alongside(a, b *path) (run float64, crossings int) {
	var ends [][2]float64 // the ends a shares with b
	for _, e := range [][2]float64{a[0], a[samples]} {
		if dist2(e, b[0]) < nearEnds*nearEnds || dist2(e, b[samples]) < nearEnds*nearEnds {
			ends = append(ends, e)
		}
	}
	lo, hi := bounds(b)
	for i := 1; i <= samples; i++ {
		p, q := a[i], a[i-1]
		if min(p[0], q[0]) > hi[0]+apart || max(p[0], q[0]) < lo[0]-apart || min(p[1], q[1]) > hi[1]+apart || max(p[1], q[1]) < lo[1]-apart {
			continue // this stretch is nowhere near b
		}
		free := true
		for _, e := range ends {
			if dist2(p, e) < shared*shared {
				free = false
			}
		}
		if !free {
			continue
		}
		if distance(p, b) < apart {
			run += math.Sqrt(dist2(p, q))
		}
		for j := 1; j <= samples; j++ {
			if cross(q, p, b[j-1], b[j]) {
				crossings++
			}
		}
	}
	return run, crossings
}

// dist2 returns the square of the distance between p and q.
func dist2(p, q [2]float64) float64 {
	dx, dy := p[0]-q[0], p[1]-q[1]
	return dx*dx + dy*dy
}

// distance returns how far point p is from path b.
func distance(p [2]float64, b *path) float64 {
	d := math.Inf(1)
	for j := 1; j <= samples; j++ {
		d = min(d, toSegment2(p, b[j-1], b[j]))
	}
	return math.Sqrt(d)
}

// toSegment2 returns the square of how far point p is from the segment
// from a to b.
func toSegment2(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = min(max(((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l, 0), 1)
	}
	return dist2(p, [2]float64{a[0] + t*dx, a[1] + t*dy})
}

// cross reports whether the segments from a to b and from c to d cross.
func cross(a, b, c, d [2]float64) bool {
	if max(a[0], b[0]) < min(c[0], d[0]) || max(c[0], d[0]) < min(a[0], b[0]) ||
		max(a[1], b[1]) < min(c[1], d[1]) || max(c[1], d[1]) < min(a[1], b[1]) {
		return false
	}
	return side(a, b, c)*side(a, b, d) < 0 && side(c, d, a)*side(c, d, b) < 0
}

// side is positive when r is left of the line from p to q, negative when
// right of it.
func side(p, q, r [2]float64) float64 { return (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0]) }
