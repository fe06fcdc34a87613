package odds

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"

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

// Options tunes the computations that may fall back to sampling (Turns
// and Race). The zero value asks for the defaults.
type Options struct {
	// MaxStates bounds the exact one-sided computation of a side that is
	// not yet all home: when it would visit more positions outside the
	// home than this, the side is sampled instead. 0 means
	// DefaultMaxStates; a negative value always samples.
	MaxStates int
	// Samples is the number of simulated games of a sampled side; 0 means
	// DefaultSamples.
	Samples int
	// Seed seeds the simulation; 0 derives the seed from the position, so
	// that the same position always gives the same figures.
	Seed uint64
}

// Defaults of Options. An exact computation that gives up after
// DefaultMaxStates positions has cost about a tenth of a second; with
// DefaultSamples simulated games the standard error of a race's chances
// is typically 0.2 to 0.3 percentage points.
const (
	DefaultMaxStates = 3000
	DefaultSamples   = 10000
)

var errTooMany = errors.New("odds: too many positions for an exact computation")

// Turns returns the distribution of the number of turns side s of p needs
// to bear off all its checkers, looking at its own checkers only: the
// opponent is taken to be out of the way, as in a race with no contact
// (see Contact). s must have no checker on the bar. The long-nardy head
// rule is not applied: a side in a race left its head long ago.
//
// A side with every checker home is read from the bear-off table (exact
// up to ExactCheckers checkers, else Double). Otherwise the side's play to
// the end is solved exactly, minimising the expected number of turns over
// all its plays, as long as that visits at most o.MaxStates positions
// outside the home (exact fractions when the side has at most
// ExactCheckers checkers, else Double). Beyond that the way home is
// simulated (Method Sampled): o.Samples games in which the side chooses
// among its plays by one-ply look-ahead, taking the table's expectation
// for positions with every checker home and for the others an estimate
// (the table's expectation with every outside checker on the 6-point,
// plus the outside pips to the 6-point divided by 49/6, the average pips
// of a roll); each simulated game stops at the start of the first turn
// with every checker home and adds the table's exact distribution from
// there, so only the way home is left to chance.
func Turns(p engine.Position, s engine.Side, o Options) (Dist, error) {
	sd, ok := sideOf(p, s)
	if !ok {
		return Dist{}, errors.New("odds: " + s.String() + " has a checker on the bar; a one-sided race has none")
	}
	return turnsOf(&sd, o)
}

func turnsOf(sd *side, o Options) (Dist, error) {
	if sd.home() {
		h := sd.homeCounts()
		return homeDist(&h), nil
	}
	limit := o.MaxStates
	if limit == 0 {
		limit = DefaultMaxStates
	}
	if limit > 0 {
		sv := &solver{exact: sd.checkers() <= ExactCheckers, memo: make(map[side]*Dist), limit: limit}
		if d, err := sv.solve(sd); err == nil {
			return *d, nil
		}
	}
	n := o.Samples
	if n <= 0 {
		n = DefaultSamples
	}
	seed := o.Seed
	if seed == 0 {
		seed = seedOf(sd)
	}
	return sampleTurns(sd, n, seed), nil
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

// finished is the distribution of a side with every checker off.
var finished = Dist{first: 0, p: []float64{1}, method: Exact, rat: []*big.Rat{big.NewRat(1, 1)}, meanRat: new(big.Rat)}

// solver is the exact one-sided computation for sides not all home.
type solver struct {
	exact bool
	memo  map[side]*Dist
	limit int
	gens  []plays // one play generator per recursion depth
}

// value is what the solver compares among the results of a roll: the
// expected turns of a side, with its memoised distribution when it is not
// home (a home's distribution comes from the table once chosen).
type value struct {
	mean float64
	rat  *big.Rat
	d    *Dist
}

// value returns the value of s, which may be home or off, solving it
// first when it is neither.
func (sv *solver) value(s *side, depth int) (value, error) {
	if s.home() {
		h := s.homeCounts()
		if s.checkers() <= ExactCheckers {
			x := getExact()
			i := x.rk.rank(&h)
			return value{mean: x.ef[i], rat: x.e[i]}, nil
		}
		t := getTable()
		return value{mean: t.e[t.rk.rank(&h)]}, nil
	}
	d, ok := sv.memo[*s]
	if !ok {
		if len(sv.memo) >= sv.limit {
			return value{}, errTooMany
		}
		var err error
		if d, err = sv.solveAt(s, depth); err != nil {
			return value{}, err
		}
	}
	return value{mean: d.mean, rat: d.meanRat, d: d}, nil
}

// solve returns the distribution of s, which is not home.
func (sv *solver) solve(s *side) (*Dist, error) {
	v, err := sv.value(s, 0)
	return v.d, err
}

// better reports whether a (position sa) is a better result than b.
func (sv *solver) better(a, b *value, sa, sb *side) bool {
	if sv.exact {
		if c := a.rat.Cmp(b.rat); c != 0 {
			return c < 0
		}
	} else {
		switch {
		case a.mean < b.mean-tieTol:
			return true
		case b.mean < a.mean-tieTol:
			return false
		}
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
		var bv value
		for j := range list {
			c := &list[j]
			v, err := sv.value(c, depth+1)
			if err != nil {
				return nil, err
			}
			if j == 0 || sv.better(&v, &bv, c, &bs) {
				bv, bs = v, *c
			}
		}
		bestHome[i], bestOff[i] = bs.home(), bs.empty()
		switch {
		case bv.d != nil:
			best[i] = bv.d
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
	if sv.exact {
		out.method = Exact
		out.rat = newRats(n)
		out.ratQ = newRats(n)
		out.meanRat = new(big.Rat)
	}
	for i, d := range best {
		w := float64(rollList[i].w) / 36
		shift := d.first - lo
		// The chance of finishing with the turn that starts from this
		// child: the whole distribution when the child is home (it will
		// start its next turn home), the child's q otherwise, nothing when
		// this very turn bears off the last checker from outside.
		var q []float64
		var rq []*big.Rat
		switch {
		case bestOff[i]:
		case bestHome[i]:
			q, rq = d.p, d.rat
		default:
			q, rq = d.q, d.ratQ
		}
		for j, v := range d.p {
			out.p[shift+j] += w * v
		}
		for j, v := range q {
			out.q[shift+j] += w * v
		}
		out.mean += w * d.mean
		if sv.exact {
			rw := ratWeights[rollList[i].w]
			for j, v := range d.rat {
				out.rat[shift+j].Add(out.rat[shift+j], new(big.Rat).Mul(rw, v))
			}
			for j, v := range rq {
				out.ratQ[shift+j].Add(out.ratQ[shift+j], new(big.Rat).Mul(rw, v))
			}
			out.meanRat.Add(out.meanRat, new(big.Rat).Mul(rw, d.meanRat))
		}
	}
	out.mean++
	if sv.exact {
		out.meanRat.Add(out.meanRat, ratOne)
		out.mean, _ = out.meanRat.Float64()
		for j, r := range out.rat {
			out.p[j], _ = r.Float64()
			out.q[j], _ = out.ratQ[j].Float64()
		}
	}
	sv.memo[*s] = out
	return out, nil
}

func newRats(n int) []*big.Rat {
	r := make([]*big.Rat, n)
	for i := range r {
		r[i] = new(big.Rat)
	}
	return r
}

// seedOf derives a simulation seed from a side's checkers (FNV-1a).
func seedOf(s *side) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range [2]uint64{s.lo, s.hi} {
		for range 8 {
			h ^= x & 255
			h *= 1099511628211
			x >>= 8
		}
	}
	return h
}

// sample is one simulated way home: after t turns the side starts a turn
// with home position idx of the table (or of the exact table when it has
// at most ExactCheckers checkers), or, with idx < 0, it bore its last
// checker off in turn t without having started that turn all home.
type sample struct {
	t   int32
	idx int32
}

// estimate is the sampling policy's guess of the expected number of turns
// of s (see Turns).
func estimate(s *side) float64 {
	t := getTable()
	h := s.homeCounts()
	out := 0
	for i, x := range [2]uint64{s.lo >> 24, s.hi} {
		for o := 7 + 10*i; x != 0; o++ {
			if c := int(x & 15); c > 0 {
				h[5] += int8(c)
				out += c * (o - 6)
			}
			x >>= 4
		}
	}
	return t.e[t.rk.rank(&h)] + float64(out)*6/49
}

// sampleTurns simulates n ways home of s (not home) and returns the
// resulting distribution with standard errors.
func sampleTurns(s *side, n int, seed uint64) Dist {
	rng := rand.New(rand.NewPCG(seed, 0x6e61726479))
	t := getTable()
	var g plays
	samples := make([]sample, n)
	for i := range samples {
		cur := *s
		turns := int32(0)
		for !cur.home() {
			a, b := rng.IntN(6)+1, rng.IntN(6)+1
			list := g.list(&cur, a, b)
			best, bestV := 0, math.Inf(1)
			for j := range list {
				c := &list[j]
				var v float64
				if c.home() {
					h := c.homeCounts()
					v = t.e[t.rk.rank(&h)]
				} else {
					v = estimate(c)
				}
				if v < bestV-tieTol || v <= bestV+tieTol && c.less(&list[best]) {
					best, bestV = j, v
				}
			}
			cur = list[best]
			turns++
		}
		if cur.empty() {
			samples[i] = sample{t: turns, idx: -1}
			continue
		}
		h := cur.homeCounts()
		samples[i] = sample{t: turns, idx: t.rk.rank(&h)}
	}
	return aggregate(samples)
}

// sampleDist returns the distribution of one sample.
func (sm sample) dist() Dist {
	if sm.idx < 0 {
		return Dist{first: int(sm.t), p: []float64{1}, q: []float64{0}, mean: float64(sm.t), method: Sampled}
	}
	d := getTable().dist(sm.idx)
	d.first += int(sm.t)
	d.mean += float64(sm.t)
	return d
}

// aggregate averages the samples' distributions and computes the
// standard errors of Within and of the mean.
func aggregate(samples []sample) Dist {
	lo, hi := 1<<30, 0
	ds := make([]Dist, len(samples))
	for i, sm := range samples {
		ds[i] = sm.dist()
		lo = min(lo, ds[i].first)
		hi = max(hi, ds[i].first+len(ds[i].p)-1)
	}
	n := hi - lo + 1
	N := float64(len(samples))
	out := Dist{first: lo, method: Sampled, p: make([]float64, n), q: make([]float64, n), samples: samples}
	sumW, sumW2 := make([]float64, n), make([]float64, n)
	var sumM, sumM2 float64
	for _, d := range ds {
		shift := d.first - lo
		cum := 0.0
		for j := range n {
			if k := j - shift; k >= 0 && k < len(d.p) {
				out.p[j] += d.p[k] / N
				out.q[j] += d.probQ(d.first+k) / N
				cum += d.p[k]
			}
			sumW[j] += cum
			sumW2[j] += cum * cum
		}
		m := d.mean
		sumM += m
		sumM2 += m * m
	}
	out.seWithin = make([]float64, n)
	for j := range n {
		out.seWithin[j] = stdErr(sumW[j], sumW2[j], N)
	}
	out.mean = sumM / N
	out.seMean = stdErr(sumM, sumM2, N)
	return out
}

// stdErr returns the standard error of the mean of N values with sum s
// and sum of squares s2.
func stdErr(s, s2, N float64) float64 {
	if N < 2 {
		return 0
	}
	v := (s2 - s*s/N) / (N - 1)
	return math.Sqrt(max(v, 0) / N)
}
