package diagrams

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// The router is tested against refRouter, which routes the arrows the
// plain way, as the package did before the router looked at the boxes
// of a curve's stretches and stopped measuring a bend once it could not
// win: every stretch of every curve measured, every bend tried measured
// in full (but for its hard faults past the best's), the bends sorted
// stably. The two must choose the same curves, bend for bend.

// refRoute routes the arrows of d as routeAll does, with refRouter.
func refRoute(d *drawer) []curve {
	r := refRouter{boxes: d.obstacles()}
	var out []curve
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

// refRouter routes arrows one after another.
type refRouter struct {
	boxes  []box
	placed []path
}

// sample returns the points of curve c looked at.
func (r *refRouter) sample(c curve) path {
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

// best returns the curve of segment a from p to q, the n-th of its move
// from the inside out.
func (r *refRouter) best(a engine.Segment, p, q end, n int) curve {
	cx, cy := bend(a, p, q, n)
	first := join(p, q, cx, cy)
	f := r.fault(first, math.MaxInt)
	if f.hard == 0 && f.crossings == 0 {
		return first
	}
	best, bf := first, f
	ts := refTries(a, p, q, cx, cy)
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

// refTries returns the bends tried for the arrow of segment a from p to q
// besides (cx, cy), the one wanted.
func refTries(a engine.Segment, p, q end, cx, cy int) [][2]int {
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

// refFault measures curve c against the rules, up to more than limit hard
// faults.
func (r *refRouter) fault(c curve, limit int) fault {
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
			if refSegmentNear(pts[i-1], pt, b, clear) {
				f.hard++
			}
		}
	}
	e := pts[samples]
	for _, b := range r.boxes {
		if refSegmentNear(e, e, b, clearEnd) {
			f.hard++
		}
	}
	lo, hi := refBounds(&pts)
	for k := range r.placed {
		other := &r.placed[k]
		if f.hard > limit {
			return f
		}
		if olo, ohi := refBounds(other); lo[0] > ohi[0]+apart || olo[0] > hi[0]+apart || lo[1] > ohi[1]+apart || olo[1] > hi[1]+apart {
			continue // far apart
		}
		run, crossings := refAlongside(&pts, other)
		if run > together {
			f.hard++
		}
		f.crossings += crossings
	}
	return f
}

// refBounds returns the corners of the rectangle round path p.
func refBounds(p *path) (lo, hi [2]float64) {
	lo, hi = p[0], p[0]
	for _, q := range p[1:] {
		lo = [2]float64{min(lo[0], q[0]), min(lo[1], q[1])}
		hi = [2]float64{max(hi[0], q[0]), max(hi[1], q[1])}
	}
	return lo, hi
}

// refSegmentNear reports whether the segment from a to b comes within d of
// box x.
func refSegmentNear(a, b [2]float64, x box, d float64) bool {
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

// refAlongside returns how far path a runs within apart of path b, away
// from the ends they share, and how many times it crosses it.
func refAlongside(a, b *path) (run float64, crossings int) {
	var ends [][2]float64 // the ends a shares with b
	for _, e := range [][2]float64{a[0], a[samples]} {
		if dist2(e, b[0]) < nearEnds*nearEnds || dist2(e, b[samples]) < nearEnds*nearEnds {
			ends = append(ends, e)
		}
	}
	lo, hi := refBounds(b)
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
		if refDistance(p, b) < apart {
			run += math.Sqrt(dist2(p, q))
		}
		for j := 1; j <= samples; j++ {
			if refCross(q, p, b[j-1], b[j]) {
				crossings++
			}
		}
	}
	return run, crossings
}

// refDistance returns how far point p is from path b.
func refDistance(p [2]float64, b *path) float64 {
	d := math.Inf(1)
	for j := 1; j <= samples; j++ {
		d = min(d, toSegment2(p, b[j-1], b[j]))
	}
	return math.Sqrt(d)
}

// refCross reports whether the segments from a to b and from c to d cross.
func refCross(a, b, c, d [2]float64) bool {
	if max(a[0], b[0]) < min(c[0], d[0]) || max(c[0], d[0]) < min(a[0], b[0]) ||
		max(a[1], b[1]) < min(c[1], d[1]) || max(c[1], d[1]) < min(a[1], b[1]) {
		return false
	}
	return side(a, b, c)*side(a, b, d) < 0 && side(c, d, a)*side(c, d, b) < 0
}

// randomFigure returns a position with checkers of both sides here and
// there (on the bar, in the trays, at times both sides on a point, and
// stacks taller than drawn, so that counts stand in the way), maybe
// dice, and moves from and to anywhere, many of them, so that arrows
// run into each other, the dice and the counts.
func randomFigure(rng *rand.Rand) (engine.Position, Options) {
	p := engine.NewPosition(engine.Game(rng.IntN(2)))
	p.Turn = engine.Side(rng.IntN(2))
	for _, s := range []engine.Side{engine.White, engine.Black} {
		left := engine.Checkers
		for range rng.IntN(8) {
			if left == 0 {
				break
			}
			n := 1 + rng.IntN(min(left, 9))
			pt := engine.Point(1 + rng.IntN(24))
			if p.Count(s, pt) > 0 {
				continue
			}
			p.Set(s, pt, n)
			left -= n
		}
		if left > 0 && rng.IntN(3) == 0 {
			p.SetBar(s, 1+rng.IntN(min(left, 3)))
		}
	}
	var o Options
	if rng.IntN(2) == 0 {
		o.Dice, o.HasDice = engine.Dice{uint8(1 + rng.IntN(6)), uint8(1 + rng.IntN(6))}, true
	}
	segs := func(n int) []engine.Segment {
		var out []engine.Segment
		for len(out) < n {
			a := engine.Segment{From: engine.Point(1 + rng.IntN(25)), To: engine.Point(rng.IntN(25))}
			if a.From == 25 {
				a.From = engine.Bar
			}
			if a.To == 0 {
				a.To = engine.Off
			}
			if a.From == a.To {
				continue
			}
			out = append(out, a)
			for rng.IntN(4) == 0 && len(out) < n {
				out = append(out, a) // a move made again
			}
		}
		return out
	}
	o.Arrows = segs(rng.IntN(6))
	o.Illegal = segs(rng.IntN(3))
	return p, o
}

func TestRouteAsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	arrows, moved := 0, 0
	for i := range 1500 {
		p, o := randomFigure(rng)
		d := newDrawer(&canvas{}, p, o, "d", boardH0)
		got, want := d.routeAll(), refRoute(d)
		if !slices.Equal(got, want) {
			t.Fatalf("figure %d, arrows %s, forbidden %s: routed\n%v, want\n%v",
				i, engine.FormatSegments(o.Arrows), engine.FormatSegments(o.Illegal), got, want)
		}
		from, to, rep := d.ends(o.Arrows)
		for k, a := range o.Arrows {
			arrows++
			cx, cy := bend(a, from[k], to[k], rep[k])
			if got[k] != join(from[k], to[k], cx, cy) {
				moved++
			}
		}
	}
	// The figures must make the router try other bends, or this test
	// shows little.
	if moved < arrows/10 {
		t.Errorf("only %d of %d arrows bent otherwise than wanted", moved, arrows)
	}
}

// TestRouteMemo checks that the curves route keeps are those routeAll
// finds, for figures drawn again and for figures that differ only in
// what the key leaves out (the roll, hits, the labels), that figures
// that differ in what it holds are routed each on its own, and that
// routes holds no more figures than routesMax.
func TestRouteMemo(t *testing.T) {
	defer func(n int) { routesMax = n }(routesMax)
	clearRoutes := func() {
		routes.mu.Lock()
		routes.m = nil
		routes.mu.Unlock()
	}
	defer clearRoutes()
	clearRoutes()
	routesMax = 4096
	rng := rand.New(rand.NewPCG(13, 14))
	var figures []*drawer
	for range 300 {
		p, o := randomFigure(rng)
		figures = append(figures, newDrawer(&canvas{}, p, o, "d", boardH0))
		// The same figure with another roll and hits, without or with
		// dice, and with an arrow made a forbidden move.
		o2 := o
		o2.Dice = engine.Dice{o.Dice[1], o.Dice[0]%6 + 1}
		o2.Arrows = slices.Clone(o.Arrows)
		for i := range o2.Arrows {
			o2.Arrows[i].Hit = !o2.Arrows[i].Hit
		}
		figures = append(figures, newDrawer(&canvas{}, p, o2, "e", boardH0))
		o4 := o
		o4.HasDice = !o.HasDice
		figures = append(figures, newDrawer(&canvas{}, p, o4, "g", boardH0))
		if len(o.Arrows) > 0 {
			o3 := o
			o3.Arrows, o3.Illegal = o.Arrows[:len(o.Arrows)-1], append([]engine.Segment{o.Arrows[len(o.Arrows)-1]}, o.Illegal...)
			figures = append(figures, newDrawer(&canvas{}, p, o3, "f", boardH0))
		}
	}
	for round := range 2 {
		for i, d := range figures {
			if got, want := d.route(), d.routeAll(); !slices.Equal(got, want) {
				t.Fatalf("round %d, figure %d: route %v, routeAll %v", round, i, got, want)
			}
		}
	}
	routes.mu.RLock()
	n := len(routes.m)
	routes.mu.RUnlock()
	if n == 0 || n > len(figures) {
		t.Fatalf("routes holds %d figures of %d drawn", n, len(figures))
	}
	clearRoutes()
	routesMax = 10
	for _, d := range figures {
		if got, want := d.route(), d.routeAll(); !slices.Equal(got, want) {
			t.Fatalf("with routesMax 10: route %v, routeAll %v", got, want)
		}
	}
	if n := len(routes.m); n != 10 {
		t.Errorf("routes holds %d figures, want routesMax, 10", n)
	}
}

// TestFaultAsReference measures bends in figures as refRouter does,
// arrow by arrow, in full and within bounds.
func TestFaultAsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		p, o := randomFigure(rng)
		d := newDrawer(&canvas{}, p, o, "d", boardH0)
		boxes := d.obstacles()
		r, ref := newRouter(boxes, nil, nil), refRouter{boxes: boxes}
		from, to, rep := d.ends(o.Arrows)
		for k, a := range o.Arrows {
			cx, cy := bend(a, from[k], to[k], rep[k])
			for _, t2 := range append(tries(a, from[k], to[k], cx, cy, nil), [2]int{cx, cy}) {
				c := join(from[k], to[k], t2[0], t2[1])
				want := ref.fault(c, math.MaxInt)
				if got := r.fault(c, unbounded); got != want {
					t.Fatalf("%v: fault %+v, want %+v", c, got, want)
				}
				bound := fault{hard: rng.IntN(3), crossings: rng.IntN(3)}
				got := r.fault(c, bound)
				if want.noBetter(bound) != got.noBetter(bound) || !want.noBetter(bound) && got != want {
					t.Fatalf("%v within %+v: fault %+v, want %+v", c, bound, got, want)
				}
			}
			c := ref.best(a, from[k], to[k], rep[k])
			r.placed = append(r.placed, shapeOf(c))
			ref.placed = append(ref.placed, ref.sample(c))
		}
	}
}

func TestTriesAsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	at := func() end {
		return end{rng.IntN(viewW+200) - 100, rng.IntN(boardH0+200) - 100, rng.IntN(2) == 0, false}
	}
	for range 2000 {
		a := engine.Segment{From: engine.Point(1 + rng.IntN(25)), To: engine.Point(rng.IntN(25))}
		p, q := at(), at()
		cx, cy := bend(a, p, q, rng.IntN(3))
		if rng.IntN(4) == 0 {
			cx, cy = rng.IntN(viewW), rng.IntN(boardH0)
		}
		got, want := tries(a, p, q, cx, cy, nil), refTries(a, p, q, cx, cy)
		if !slices.Equal(got, want) {
			t.Fatalf("tries(%v, %v, %v, %d, %d) = %v, want %v", a, p, q, cx, cy, got, want)
		}
		if len(got) > maxCandidates {
			t.Fatalf("%d bends, more than maxCandidates", len(got))
		}
	}
}

func TestBendSet(t *testing.T) {
	var s bendSet
	var all [][2]int
	rng := rand.New(rand.NewPCG(7, 8))
	for range 3 * maxCandidates {
		b := [2]int{rng.IntN(30), rng.IntN(30)}
		if got, want := s.add(b), !slices.Contains(all, b); got != want {
			t.Fatalf("add(%v) = %v with %d bends held", b, got, len(all))
		}
		if !slices.Contains(all, b) {
			all = append(all, b)
		}
	}
	if len(all) <= maxCandidates {
		t.Fatalf("only %d bends: the set never held more than its table", len(all))
	}
}

func TestKeyHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := range 40 {
		keys := rng.Perm(3 * n)[:n]
		h := keyHeap(slices.Clone(keys))
		h.init()
		slices.Sort(keys)
		for i, want := range keys {
			var got int
			if got, h = h.pop(); got != want {
				t.Fatalf("%d keys: pop %d = %d, want %d", n, i, got, want)
			}
		}
		if len(h) != 0 {
			t.Fatalf("%d keys: %d left", n, len(h))
		}
	}
}

func TestWithin(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	near := 0
	for range 2000 {
		s := shapeOf(curve{rng.IntN(600), rng.IntN(600), rng.IntN(600), rng.IntN(600), rng.IntN(600), rng.IntN(600)})
		for range 20 {
			// Most points near the curve, some on it.
			q := s.p[rng.IntN(samples+1)]
			p := [2]float64{q[0] + rng.Float64()*30 - 15, q[1] + rng.Float64()*30 - 15}
			want := refDistance(p, &s.p) < apart
			if within(p, &s) != want {
				t.Fatalf("within(%v) = %v, distance %v", p, !want, refDistance(p, &s.p))
			}
			if want {
				near++
			}
		}
	}
	if near < 1000 {
		t.Fatalf("only %d points near their curve", near)
	}
}

// BenchmarkRoute routes the arrows of random figures, many of whose
// arrows run into each other, the dice or the counts, each anew.
func BenchmarkRoute(b *testing.B) {
	rng := rand.New(rand.NewPCG(17, 18))
	var figures []*drawer
	for range 200 {
		p, o := randomFigure(rng)
		figures = append(figures, newDrawer(&canvas{}, p, o, "d", boardH0))
	}
	for b.Loop() {
		for _, d := range figures {
			d.routeAll()
		}
	}
}
