package diagrams

import (
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// route returns the curves of the arrows and of the forbidden moves, as
// routeAll finds them: from routes, when a figure with the same position,
// dice or none, and moves was routed before. The curves are shared: not
// to be changed.
func (d *drawer) route() []curve {
	k := d.routeKey()
	routes.mu.RLock()
	c, ok := routes.m[k]
	routes.mu.RUnlock()
	if ok {
		return c
	}
	c = d.routeAll()
	routes.mu.Lock()
	if len(routes.m) < routesMax {
		if routes.m == nil {
			routes.m = map[routeKey][]curve{}
		}
		routes.m[k] = c
	}
	routes.mu.Unlock()
	return c
}

// routes keeps the curves routed for figures, so that a figure drawn
// again (on the page of another language, or on a page that gathers
// others) is not routed again. It holds the curves of routesMax
// figures at most; past that, each figure is routed anew. Either way the
// curves are the same.
var routes struct {
	mu sync.RWMutex
	m  map[routeKey][]curve
}

// routesMax is how many figures' curves routes holds at most.
var routesMax = 4096

// A routeKey is all that routeAll routes a figure's arrows from: the
// position (where the checkers, and so the ends of the arrows and the
// counts, are), whether dice are drawn (where they stand follows from
// the side to move, not from the roll), and where each move starts and
// ends, two bytes each, the arrows then the forbidden moves (arrows is
// how many are arrows).
type routeKey struct {
	p      engine.Position
	dice   bool
	arrows int
	moves  string
}

// routeKey returns the key of the figure d draws.
func (d *drawer) routeKey() routeKey {
	var buf [2 * 16]byte
	b := buf[:0]
	for _, segs := range [][]engine.Segment{d.o.Arrows, d.o.Illegal} {
		for _, a := range segs {
			b = append(b, byte(a.From), byte(a.To))
		}
	}
	return routeKey{p: d.p, dice: d.o.HasDice, arrows: len(d.o.Arrows), moves: string(b)}
}

// routeAll finds the curves of the arrows and of the forbidden moves, in
// that order. Each is bent as bend says, unless that curve would cross a
// die or a count on a stack or beside a tray, leave the board, or run
// along an arrow routed before it; then the nearest bend that does none
// of these (and crosses the fewest arrows) is taken among many tried:
// deeper and shallower within a row, round either end of the board from
// one row to the other. Where every bend tried breaks a rule, the one that
// breaks the fewest is drawn. The arrows of a play and the forbidden moves
// each start on the position drawn (see ends).
func (d *drawer) routeAll() []curve {
	// Room for what most figures need, so that routing them takes no
	// memory but this.
	var grown [2 * 8]box
	var placed [4]shape
	r := newRouter(d.obstacles(), grown[:0], placed[:0])
	out := make([]curve, 0, len(d.o.Arrows)+len(d.o.Illegal))
	for _, segs := range [][]engine.Segment{d.o.Arrows, d.o.Illegal} {
		from, to, rep := d.ends(segs)
		for i, a := range segs {
			c := r.best(a, from[i], to[i], rep[i])
			r.placed = append(r.placed, shapeOf(c))
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

// A shape is a curve as the router looks at it: its path, the box round
// the whole path, from lo to hi, the box round each stretch of it (seg[i]
// round the stretch from point i to point i+1, its corners the least and
// the greatest coordinates) and the box round each run of groupN
// stretches (group[g] round seg[g*groupN:(g+1)*groupN]). A stretch far
// from a box or from another curve is passed over on the boxes alone.
// The shape of an arrow routed is made once; that of a bend tried, only
// as far as it is looked at.
type shape struct {
	p      path
	lo, hi [2]float64
	seg    [samples]box
	group  [samples / groupN]box
}

// groupN is how many stretches of a shape one box of its groups holds.
const groupN = 4

// shapeOf returns the whole shape of curve c.
func shapeOf(c curve) shape {
	var s shape
	s.outline(c)
	s.stretches()
	s.groups()
	return s
}

// outline sets the path of s to that of curve c, and the box round it.
func (s *shape) outline(c curve) {
	s.p = sample(c)
	s.lo, s.hi = bounds(&s.p)
}

// stretches sets the boxes of the stretches of s from its path.
func (s *shape) stretches() {
	for i := range s.seg {
		a, b := s.p[i], s.p[i+1]
		s.seg[i] = box{min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])}
	}
}

// groups sets the boxes of the groups of stretches of s from theirs.
func (s *shape) groups() {
	for g := range s.group {
		u := s.seg[g*groupN]
		for _, t := range s.seg[g*groupN+1 : (g+1)*groupN] {
			u = box{min(u.x0, t.x0), min(u.y0, t.y0), max(u.x1, t.x1), max(u.y1, t.y1)}
		}
		s.group[g] = u
	}
}

// router routes arrows one after another: the boxes the arrows keep
// clear of, grown by the clearance along an arrow (near) and at its end
// (nearEnd), and the shapes of the arrows routed so far.
type router struct {
	near, nearEnd []box
	placed        []shape
}

// newRouter returns a router for arrows that keep clear of boxes. It
// appends the boxes grown to grown, and the shapes of the arrows routed
// to placed, both empty.
func newRouter(boxes, grown []box, placed []shape) router {
	for _, b := range boxes {
		grown = append(grown, b.grown(clear))
	}
	for _, b := range boxes {
		grown = append(grown, b.grown(clearEnd))
	}
	return router{near: grown[:len(boxes)], nearEnd: grown[len(boxes):], placed: placed}
}

// grown returns box b grown by d on every side.
func (b box) grown(d float64) box { return box{b.x0 - d, b.y0 - d, b.x1 + d, b.y1 + d} }

// sample returns the points of curve c looked at.
func sample(c curve) path {
	var p path
	x0, cx, x1 := float64(c.x0), float64(c.cx), float64(c.x1)
	y0, cy, y1 := float64(c.y0), float64(c.cy), float64(c.y1)
	for i, w := range &weights {
		p[i] = [2]float64{w[0]*x0 + w[1]*cx + w[2]*x1, w[0]*y0 + w[1]*cy + w[2]*y1}
	}
	return p
}

// weights are the weights of a curve's start, bend and end in each point
// looked at: at t = i/samples, (1-t)², 2(1-t)t and t².
var weights = func() (w [samples + 1][3]float64) {
	for i := range w {
		t := float64(i) / samples
		u := 1 - t
		w[i] = [3]float64{u * u, 2 * u * t, t * t}
	}
	return w
}()

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

// noBetter reports whether a curve with fault f, or with any fault that
// adds to it, is no better than one with fault g, whatever their bends.
// It is, once f breaks more rules than g, or as many and crosses as many
// arrows or more: a curve's faults only grow as it is measured, and of
// two curves with as many of both, the one bent further is no better.
func (f fault) noBetter(g fault) bool {
	return f.hard > g.hard || f.hard == g.hard && f.crossings >= g.crossings
}

// unbounded is a bound no curve reaches: fault measures the whole curve.
var unbounded = fault{hard: math.MaxInt}

// best returns the curve of segment a from p to q, the n-th of its move
// from the inside out.
func (r *router) best(a engine.Segment, p, q end, n int) curve {
	cx, cy := bend(a, p, q, n)
	first := join(p, q, cx, cy)
	f := r.fault(first, unbounded)
	if f.hard == 0 && f.crossings == 0 {
		return first
	}
	best, bf := first, f
	var buf [maxCandidates][2]int
	ts := tries(a, p, q, cx, cy, buf[:0])
	off := func(t [2]int) int { return abs(t[0]-cx) + abs(t[1]-cy) }
	// The bends in order of how far they are from the one wanted, and in
	// the order made for those as far: each as a key, its distance and
	// its index, which stays below 1<<16, taken from a heap one by one,
	// as far as they are tried.
	var keyBuf [maxCandidates]int
	keys := keyBuf[:0]
	for i, t := range ts {
		keys = append(keys, off(t)<<16|i)
	}
	h := keyHeap(keys)
	h.init()
	for i := 0; i < maxTries && len(h) > 0; i++ {
		var k int
		k, h = h.pop()
		t := ts[k&(1<<16-1)]
		c := join(p, q, t[0], t[1])
		g := r.fault(c, bf)
		g.off = k >> 16
		if g.less(bf) {
			best, bf = c, g
			if g.hard == 0 && g.crossings == 0 {
				break // the nearest that breaks no rule
			}
		}
	}
	return best
}

// A keyHeap is a binary min-heap of keys, each different.
type keyHeap []int

// init orders h as a heap.
func (h keyHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// pop returns the least key of h, which holds some, and h without it.
func (h keyHeap) pop() (int, keyHeap) {
	k, n := h[0], len(h)-1
	h[0] = h[n]
	h = h[:n]
	h.down(0)
	return k, h
}

// down moves the key at i down h until neither key below it is less.
func (h keyHeap) down(i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && h[r] < h[l] {
			m = r
		}
		if h[i] < h[m] {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// maxTries is how many bends best tries at most, the nearest first.
const maxTries = 100

// maxCandidates is how many bends tries returns at most: 6 bends across
// by 25 deep within a row, 2 ends by 6 swings by 7 heights from one row
// to the other.
const maxCandidates = 6 * 25

// tries appends to out the bends tried for the arrow of segment a from p
// to q besides (cx, cy), the one wanted, each once, in the order first
// made.
func tries(a engine.Segment, p, q end, cx, cy int, out [][2]int) [][2]int {
	var seen bendSet
	add := func(x, y int) {
		x = min(max(x, margin), viewW-margin)
		y = min(max(y, boardY-40), boardY+boardH+40)
		if t := [2]int{x, y}; (x != cx || y != cy) && seen.add(t) {
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

// A bendSet holds the bends tries has made: a hash table, open
// addressing, for up to maxCandidates bends. Past that (which tries
// never reaches), it looks through the bends it could not hold.
type bendSet struct {
	used  [4 * maxCandidates / 2]bool
	bends [4 * maxCandidates / 2][2]int
	n     int
	more  [][2]int
}

// add adds bend t, and reports whether t was not there yet.
func (s *bendSet) add(t [2]int) bool {
	if s.n >= maxCandidates {
		if s.has(t) || slices.Contains(s.more, t) {
			return false
		}
		s.more = append(s.more, t)
		return true
	}
	size := uint64(len(s.used))
	h := (uint64(t[0])*0x9E3779B97F4A7C15 ^ uint64(t[1])*0xC2B2AE3D27D4EB4F) % size
	for s.used[h] {
		if s.bends[h] == t {
			return false
		}
		h = (h + 1) % size
	}
	s.used[h], s.bends[h] = true, t
	s.n++
	return true
}

// has reports whether the table holds bend t.
func (s *bendSet) has(t [2]int) bool {
	size := uint64(len(s.used))
	h := (uint64(t[0])*0x9E3779B97F4A7C15 ^ uint64(t[1])*0xC2B2AE3D27D4EB4F) % size
	for n := uint64(0); s.used[h] && n < size; n++ {
		if s.bends[h] == t {
			return true
		}
		h = (h + 1) % size
	}
	return false
}

// fault measures curve c against the rules. It stops measuring once the
// curve is certain to be no better than one with fault bound (see
// noBetter): the fault it then returns is what it has found so far, no
// better than bound.
func (r *router) fault(c curve, bound fault) fault {
	var f fault
	var s shape
	s.outline(c)
	pts := &s.p
	if s.lo[0] < boardX || s.hi[0] > boardX+boardW || s.lo[1] < boardY || s.hi[1] > boardY+boardH {
		for _, pt := range pts {
			if pt[0] < boardX || pt[0] > boardX+boardW || pt[1] < boardY || pt[1] > boardY+boardH {
				f.hard++ // off the board
			}
		}
		if f.noBetter(bound) {
			return f
		}
	}
	stretched := false // whether s.seg is set
	for _, x := range r.near {
		if s.hi[0] < x.x0 || s.lo[0] > x.x1 || s.hi[1] < x.y0 || s.lo[1] > x.y1 {
			continue // the whole curve is clear of it
		}
		if !stretched {
			s.stretches()
			stretched = true
		}
		for i, t := range &s.seg {
			if t.x1 < x.x0 || t.x0 > x.x1 || t.y1 < x.y0 || t.y0 > x.y1 {
				continue // the boxes do not meet, as segmentIn finds first
			}
			if clips(pts[i], pts[i+1], x) {
				f.hard++
			}
		}
		if f.noBetter(bound) {
			return f
		}
	}
	e := pts[samples]
	for _, x := range r.nearEnd {
		if segmentIn(e, e, box{e[0], e[1], e[0], e[1]}, x) {
			f.hard++
		}
	}
	for k := range r.placed {
		if f.noBetter(bound) {
			return f
		}
		other := &r.placed[k]
		if s.lo[0] > other.hi[0]+apart || other.lo[0] > s.hi[0]+apart || s.lo[1] > other.hi[1]+apart || other.lo[1] > s.hi[1]+apart {
			continue // far apart
		}
		if !stretched {
			s.stretches()
			stretched = true
		}
		// Once f breaks as many rules as bound, crossing as many arrows
		// as bound makes it no better: alongside may stop counting there.
		enough := math.MaxInt
		if f.hard == bound.hard {
			enough = bound.crossings - f.crossings
		}
		run, crossings := alongside(&s, other, enough)
		if run > together {
			f.hard++
		}
		f.crossings += crossings
	}
	return f
}

// bounds returns the corners of the rectangle round path p.
func bounds(p *path) (lo, hi [2]float64) {
	x0, y0 := p[0][0], p[0][1]
	x1, y1 := x0, y0
	for _, q := range p[1:] {
		x0, y0 = min(x0, q[0]), min(y0, q[1])
		x1, y1 = max(x1, q[0]), max(y1, q[1])
	}
	return [2]float64{x0, y0}, [2]float64{x1, y1}
}

// segmentIn reports whether the segment from a to b, within box s (its
// corners the segment's least and greatest coordinates), meets box x.
func segmentIn(a, b [2]float64, s, x box) bool {
	if s.x1 < x.x0 || s.x0 > x.x1 || s.y1 < x.y0 || s.y0 > x.y1 {
		return false
	}
	return clips(a, b, x)
}

// clips reports whether the segment from a to b, whose box meets box x,
// meets x: whether clipping it to x (Liang–Barsky) leaves some of it.
func clips(a, b [2]float64, x box) bool {
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

// alongside returns how far curve a runs within apart of curve b, away
// from the ends they share, and how many times it crosses it, or stops
// once it crosses it enough times: the run and crossings found then. It
// looks at the boxes of a's stretches (see stretches), and at all of b's
// (see shapeOf).
func alongside(a, b *shape, enough int) (run float64, crossings int) {
	var ends [2][2]float64 // the ends a shares with b
	n := 0
	for _, e := range [2][2]float64{a.p[0], a.p[samples]} {
		if dist2(e, b.p[0]) < nearEnds*nearEnds || dist2(e, b.p[samples]) < nearEnds*nearEnds {
			ends[n] = e
			n++
		}
	}
	lo, hi := b.lo, b.hi
	for i := 1; i <= samples; i++ {
		p, q := a.p[i], a.p[i-1]
		s := a.seg[i-1]
		if s.x0 > hi[0]+apart || s.x1 < lo[0]-apart || s.y0 > hi[1]+apart || s.y1 < lo[1]-apart {
			continue // this stretch is nowhere near b
		}
		free := true
		for _, e := range ends[:n] {
			if dist2(p, e) < shared*shared {
				free = false
			}
		}
		if !free {
			continue
		}
		if within(p, b) {
			run += math.Sqrt(dist2(p, q))
		}
		if s.x1 < lo[0] || s.x0 > hi[0] || s.y1 < lo[1] || s.y0 > hi[1] {
			continue // it crosses no stretch of b
		}
		for g, u := range &b.group {
			if s.x1 < u.x0 || u.x1 < s.x0 || s.y1 < u.y0 || u.y1 < s.y0 {
				continue // its box is clear of the group's, so of its stretches'
			}
			for j := g * groupN; j < (g+1)*groupN; j++ {
				if t := b.seg[j]; s.x1 < t.x0 || t.x1 < s.x0 || s.y1 < t.y0 || t.y1 < s.y0 {
					continue // the boxes do not meet, nor do the stretches
				}
				if crossing(q, p, b.p[j], b.p[j+1]) {
					if crossings++; crossings >= enough {
						return run, crossings
					}
				}
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

// reach is how far from a stretch's box a point must be, across or
// down, for within to pass the stretch over: further than apart, by a
// margin far wider than what rounding can take from a distance.
const reach = apart + 1

// within reports whether point p is within apart of curve b: whether
// the least distance from p to a stretch of b is less than apart. The
// stretches whose boxes are further than reach from p are passed over:
// they are further than apart, so where the nearest stretch is within
// apart it is among those measured, and the least distance measured is
// the least of all.
func within(p [2]float64, b *shape) bool {
	d := math.Inf(1)
	for g, u := range &b.group {
		if p[0] < u.x0-reach || p[0] > u.x1+reach || p[1] < u.y0-reach || p[1] > u.y1+reach {
			continue // and so is each of its stretches
		}
		for j := g * groupN; j < (g+1)*groupN; j++ {
			if t := b.seg[j]; p[0] < t.x0-reach || p[0] > t.x1+reach || p[1] < t.y0-reach || p[1] > t.y1+reach {
				continue
			}
			d = min(d, toSegment2(p, b.p[j], b.p[j+1]))
		}
	}
	return math.Sqrt(d) < apart
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

// crossing reports whether the segments from a to b and from c to d,
// whose boxes meet, cross.
func crossing(a, b, c, d [2]float64) bool {
	return side(a, b, c)*side(a, b, d) < 0 && side(c, d, a)*side(c, d, b) < 0
}

// side is positive when r is left of the line from p to q, negative when
// right of it.
func side(p, q, r [2]float64) float64 { return (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0]) }
