package odds

import (
	"errors"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// side is one side's checkers in its own numbering (1..24, 1..6 the
// home), packed 4 bits a point: point o of 1..16 in bits 4(o-1) of lo,
// point o of 17..24 in bits 4(o-17) of hi. Read as a 128-bit number
// (hi, lo), sides compare as the table orders homes: by the counts read
// from point 24 down. With no opponent in the way every die can be played
// until the last checker is off: a checker above the die moves down, and
// when every checker is at or below the die the side is home and the
// highest checker bears off.
type side struct{ lo, hi uint64 }

// count returns the number of checkers on point o (1..24).
func (s *side) count(o int) int {
	if o <= 16 {
		return int(s.lo >> (4 * (o - 1)) & 15)
	}
	return int(s.hi >> (4 * (o - 17)) & 15)
}

// add puts n more checkers (n may be negative) on point o.
func (s *side) add(o, n int) {
	if o <= 16 {
		s.lo += uint64(n) << (4 * (o - 1))
	} else {
		s.hi += uint64(n) << (4 * (o - 17))
	}
}

func (s *side) empty() bool { return s.lo|s.hi == 0 }

// high returns the highest occupied point, 0 when the side is off.
func (s *side) high() int {
	if s.hi != 0 {
		return 16 + (bits.Len64(s.hi)+3)/4
	}
	return (bits.Len64(s.lo) + 3) / 4
}

func (s *side) home() bool { return s.hi == 0 && s.lo>>24 == 0 }

func (s *side) checkers() int {
	n := 0
	for x := s.lo; x != 0; x >>= 4 {
		n += int(x & 15)
	}
	for x := s.hi; x != 0; x >>= 4 {
		n += int(x & 15)
	}
	return n
}

// homeCheckers returns the number of checkers of s on its home points.
func (s *side) homeCheckers() int {
	n := 0
	for x := s.lo & (1<<24 - 1); x != 0; x >>= 4 {
		n += int(x & 15)
	}
	return n
}

// homeCounts returns the home part of s.
func (s *side) homeCounts() (h [6]int8) {
	for i := range h {
		h[i] = int8(s.lo >> (4 * i) & 15)
	}
	return h
}

// less orders sides as the table orders homes.
func (s *side) less(t *side) bool { return s.hi < t.hi || s.hi == t.hi && s.lo < t.lo }

// step plays one die d from point from, if legal, into out; high is the
// highest occupied point of s.
func (s *side) step(from, d int, high int, out *side) bool {
	if s.count(from) == 0 {
		return false
	}
	to := from - d
	if to < 1 && (high > 6 || to < 0 && from != high) {
		return false
	}
	*out = *s
	out.add(from, -1)
	if to > 0 {
		out.add(to, 1)
	}
	return true
}

// plays is the one-sided play generator: it lists each distinct position
// reached by playing the whole roll a-b (the game ending when the last
// checker is off). For a double the single moves are generated with
// non-increasing starting points, which reaches every position once
// instead of in every order. Duplicates are found with an open-addressing
// table.
type plays struct {
	out   []side
	slots []slot
	stamp uint32
}

type slot struct {
	stamp  uint32
	lo, hi uint64
}

func (g *plays) list(s *side, a, b int) []side {
	if len(g.slots) == 0 {
		g.slots = make([]slot, 512)
	}
	g.next()
	g.out = g.out[:0]
	if a == b {
		g.double(s, a, 4, 24)
	} else {
		g.pair(s, a, b)
		g.pair(s, b, a)
	}
	return g.out
}

func (g *plays) next() {
	g.stamp++
	if g.stamp == 0 {
		clear(g.slots)
		g.stamp = 1
	}
}

func (g *plays) add(s *side) {
	lo, hi := s.lo, s.hi
	mask := uint64(len(g.slots) - 1)
	h := (lo*0x9e3779b97f4a7c15 ^ hi*0xbf58476d1ce4e5b9) >> 20
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &g.slots[i]
		if sl.stamp != g.stamp {
			*sl = slot{g.stamp, lo, hi}
			break
		}
		if sl.lo == lo && sl.hi == hi {
			return
		}
	}
	g.out = append(g.out, *s)
	if 2*len(g.out) > len(g.slots) {
		g.grow()
	}
}

// grow doubles the table and re-enters the positions listed so far.
func (g *plays) grow() {
	g.slots = make([]slot, 2*len(g.slots))
	g.stamp = 1
	out := g.out
	g.out = make([]side, 0, 2*cap(out))
	for i := range out {
		g.add(&out[i])
	}
}

func (g *plays) pair(s *side, a, b int) {
	high := s.high()
	var s1, s2 side
	for from := high; from >= 1; from-- {
		if !s.step(from, a, high, &s1) {
			continue
		}
		h1 := s1.high()
		if h1 == 0 {
			g.add(&s1)
			continue
		}
		for f2 := h1; f2 >= 1; f2-- {
			if s1.step(f2, b, h1, &s2) {
				g.add(&s2)
			}
		}
	}
}

func (g *plays) double(s *side, d, left, top int) {
	high := s.high()
	if left == 0 || high == 0 {
		g.add(s)
		return
	}
	var n side
	for from := min(top, high); from >= 1; from-- {
		if s.step(from, d, high, &n) {
			g.double(&n, d, left-1, from)
		}
	}
}

// sideOf returns side s's checkers in p in its own numbering. ok is false
// when s has a checker on the bar.
func sideOf(p engine.Position, s engine.Side) (sd side, ok bool) {
	if p.Bar(s) > 0 {
		return sd, false
	}
	for pt := engine.Point(1); pt <= 24; pt++ {
		if n := p.Count(s, pt); n > 0 {
			sd.add(engine.OwnPoint(p.Game, s, pt), n)
		}
	}
	return sd, true
}

// Options bounds the computations of Race and Turns. The zero value asks
// for the defaults.
type Options struct {
	// MaxTwoSided bounds the exact race under best play: a race whose
	// two-sided count of states may exceed this is computed with the
	// one-sided model instead. 0 means DefaultMaxTwoSided; a negative
	// value always uses the one-sided model.
	MaxTwoSided int
	// MaxPositions bounds the one-sided computation of a side that is not
	// yet all home: when it would weigh more positions than this (every
	// result of every play of every roll it looks at counts), the side is
	// too far from home and Turns (and Race) give up with an error. 0
	// means DefaultMaxPositions.
	MaxPositions int
}

// DefaultMaxPositions is the default of Options.MaxPositions: about a
// hundredth of a second of work (some 150 ns a position). It covers a
// side of a few checkers a few points from home (five checkers with two
// on the 8- and 9-points take 36 000), not fifteen checkers with one
// still outside (nearly a million).
const DefaultMaxPositions = 60000

// MaxSpread is the most ways a side not yet home may spread its checkers
// over the points up to its farthest one, C(high+n, n), for its turns to
// be counted: checked before any work, so that a side too far from home
// is refused at once. Five checkers up to the 9-point have 2002 ways;
// fifteen with one on the 7-point 170 544.
const MaxSpread = 3000

// errTooMany is the solver's signal that a side is too far from home.
var errTooMany = errors.New("odds: too many positions")

// errSpread says that a side spreads over more than MaxSpread ways.
var errSpread = errors.New("odds: too spread out")

// maxPositions returns the limit of o.MaxPositions.
func (o Options) maxPositions() int {
	if o.MaxPositions <= 0 {
		return DefaultMaxPositions
	}
	return o.MaxPositions
}

// Turns returns the distribution of the number of turns side s of p needs
// to bear off all its checkers, looking at its own checkers only: the
// opponent is taken to be out of the way, as in a race with no contact
// (see Contact). s must have no checker on the bar. The long-nardy head
// rule is not applied: a side in a race left its head long ago.
//
// A side with every checker home is read from the bear-off table (exact
// up to ExactCheckers checkers, else Double). Otherwise the side's play to
// the end is solved, minimising the expected number of turns over all its
// plays, in double precision, when its checkers can spread over at most
// MaxSpread ways (checked first) and as long as that weighs at most
// o.MaxPositions positions; otherwise the side is too far from home and
// the result is an error saying so.
func Turns(p engine.Position, s engine.Side, o Options) (Dist, error) {
	sd, ok := sideOf(p, s)
	if !ok {
		return Dist{}, errors.New("odds: " + s.String() + " has a checker on the bar; a one-sided race has none")
	}
	d, err := turnsOf(&sd, o)
	if err != nil {
		out := sd.checkers() - sd.homeCheckers()
		n := strconv.Itoa(out) + " checkers"
		if out == 1 {
			n = "1 checker"
		}
		why := "its way home has more than " + strconv.Itoa(o.maxPositions()) + " positions to weigh"
		if err == errSpread {
			why = "its checkers can stand in " + strconv.Itoa(positionsBelow(&sd)) + " ways on their way home, more than " + strconv.Itoa(MaxSpread)
		}
		return d, errors.New("odds: " + s.String() + " is too far from home to count its turns (" + n + " outside the home, the farthest on " +
			whitePoint(p.Game, s, sd.high()).String() + "): " + why + "; the count needs every checker home, or a few close to it")
	}
	return d, nil
}

func turnsOf(sd *side, o Options) (Dist, error) {
	if sd.home() {
		h := sd.homeCounts()
		return homeDist(&h), nil
	}
	if positionsBelow(sd) > MaxSpread {
		return Dist{}, errSpread
	}
	sv := &solver{memo: make(map[side]*Dist), limit: o.maxPositions()}
	d, err := sv.solve(sd)
	if err != nil {
		return Dist{}, err
	}
	return *d, nil
}

// homeDist returns the table's distribution of a home.
func homeDist(h *[6]int8) Dist {
	n := 0
	for _, c := range h {
		n += int(c)
	}
	if n <= ExactCheckers {
		x := getExact()
		return x.dist(x.rk.rank(h))
	}
	t := getTable()
	return t.dist(t.rk.rank(h))
}

// homeMean returns the table's expected number of turns of a home.
func homeMean(h *[6]int8) float64 {
	t := getTable()
	return t.e[t.rk.rank(h)]
}

// finished is the distribution of a side with every checker off.
var finished = Dist{first: 0, p: []float64{1}, method: Exact, rat: []*big.Rat{big.NewRat(1, 1)}, meanRat: new(big.Rat)}

// solver is the one-sided computation for sides not all home, in double
// precision.
type solver struct {
	memo  map[side]*Dist
	work  int     // positions weighed so far
	limit int     // … and the most it may weigh
	gens  []plays // one play generator per recursion depth
}

// value returns the expected turns of s, which may be home or off, and,
// when it is neither, its distribution, solving it first.
func (sv *solver) value(s *side, depth int) (float64, *Dist, error) {
	if s.home() {
		h := s.homeCounts()
		return homeMean(&h), nil, nil
	}
	d, ok := sv.memo[*s]
	if !ok {
		var err error
		if d, err = sv.solveAt(s, depth); err != nil {
			return 0, nil, err
		}
	}
	return d.mean, d, nil
}

// solve returns the distribution of s, which is not home.
func (sv *solver) solve(s *side) (*Dist, error) {
	_, d, err := sv.value(s, 0)
	return d, err
}

// better reports whether a result of expectation a (position sa) is
// better than one of b (position sb).
func better(a, b float64, sa, sb *side) bool {
	switch {
	case a < b-tieTol:
		return true
	case b < a-tieTol:
		return false
	}
	return sa.less(sb)
}

// solveAt computes the distribution of s (not home) and memoises it.
func (sv *solver) solveAt(s *side, depth int) (*Dist, error) {
	if depth >= len(sv.gens) {
		sv.gens = append(sv.gens, plays{})
	}
	var best [21]*Dist
	var bestHome [21]bool // the chosen play ends with every checker home
	var bestOff [21]bool  // … or off
	for i, rl := range rollList {
		list := sv.gens[depth].list(s, rl.a, rl.b)
		var bs side
		var bv float64
		var bd *Dist
		for j := range list {
			c := &list[j]
			if sv.work++; sv.work > sv.limit {
				return nil, errTooMany
			}
			v, d, err := sv.value(c, depth+1)
			if err != nil {
				return nil, err
			}
			if j == 0 || better(v, bv, c, &bs) {
				bv, bd, bs = v, d, *c
			}
		}
		bestHome[i], bestOff[i] = bs.home(), bs.empty()
		switch {
		case bd != nil:
			best[i] = bd
		case bestOff[i]:
			best[i] = &finished
		default:
			h := bs.homeCounts()
			d := homeDist(&h)
			best[i] = &d
		}
	}
	lo, hi := 1<<30, 0
	for _, d := range best {
		lo = min(lo, d.first)
		hi = max(hi, d.first+len(d.p)-1)
	}
	out := &Dist{first: lo + 1, method: Double}
	n := hi - lo + 1
	out.p = make([]float64, n)
	out.q = make([]float64, n)
	for i, d := range best {
		w := float64(rollList[i].w) / 36
		shift := d.first - lo
		// The chance of finishing with the turn that starts from this
		// child: the whole distribution when the child is home (it will
		// start its next turn home), the child's q otherwise, nothing when
		// this very turn bears off the last checker from outside.
		var q []float64
		switch {
		case bestOff[i]:
		case bestHome[i]:
			q = d.p
		default:
			q = d.q
		}
		for j, v := range d.p {
			out.p[shift+j] += w * v
		}
		for j, v := range q {
			out.q[shift+j] += w * v
		}
		out.mean += w * d.mean
	}
	out.mean++
	sv.memo[*s] = out
	return out, nil
}
