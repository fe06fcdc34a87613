package odds

import (
	"errors"
	"math/big"
	"strconv"
	"sync"

	"github.com/nardydocs/nardydocs/engine"
)

// HomePositions is the number of positions of the bear-off table: every
// distribution of up to 15 checkers on the 6 home points, C(21, 6).
const HomePositions = 54264

// ExactCheckers is the largest number of checkers for which bear-off
// distributions are computed in exact fractions (and races between two
// such homes are exact).
const ExactCheckers = 5

// rollList is the 21 distinct rolls with their weights out of 36, larger
// die first: the doubles 1-1 … 6-6, then a-b for a > b.
var rollList = func() (l [21]struct{ a, b, w int }) {
	i := 0
	for d := 1; d <= 6; d++ {
		l[i] = struct{ a, b, w int }{d, d, 1}
		i++
	}
	for a := 2; a <= 6; a++ {
		for b := 1; b < a; b++ {
			l[i] = struct{ a, b, w int }{a, b, 2}
			i++
		}
	}
	return l
}()

// table is the one-sided bear-off table in double precision.
type table struct {
	rk    *ranker
	e     []float64 // expected turns
	first []uint8   // fewest turns with a positive probability
	off   []int32   // P(exactly first+j turns) = p[off[i]+j], j < off[i+1]-off[i]
	p     []float64
}

var (
	tableOnce sync.Once
	theTable  *table
)

// getTable returns the bear-off table, building it on first use.
func getTable() *table {
	tableOnce.Do(func() { theTable = buildTable() })
	return theTable
}

// PrepareTable builds the bear-off table now rather than on first use
// (it takes about a tenth of a second and some 6 MB, kept for the life
// of the process). Calling it is never necessary.
func PrepareTable() { getTable() }

// tieTol is how close two expectations must be to count as equal in the
// double-precision table, so that it breaks ties as the exact table does.
const tieTol = 1e-12

// buildTable computes the table in index order (see index.go).
//
// For each position, die d and number r of dice of that value still to
// play, fin holds the best position reachable by playing r dice d (the
// remaining dice of a double); the best position for a roll a-b is the
// best of fin[1][b] after a move of a and fin[1][a] after a move of b. In
// a home with no opponent every die can be played until the last checker
// is off, so the must-play rules never remove a choice.
func buildTable() *table {
	rk := newRanker(engine.Checkers)
	n := rk.n
	t := &table{
		rk:    rk,
		e:     make([]float64, n),
		first: make([]uint8, n),
		off:   make([]int32, n+1),
		p:     make([]float64, 0, 13*n), // 12.75 a position in the end
	}
	fin := make([]int32, 4*6*n)
	at := func(r, d int) []int32 { return fin[((r-1)*6+d-1)*n : ((r-1)*6+d)*n] }
	better := func(a, b int32) bool {
		ea, eb := t.e[a], t.e[b]
		switch {
		case ea < eb-tieTol:
			return true
		case eb < ea-tieTol:
			return false
		}
		return a < b
	}
	var kids [7][]int32
	var finals [21]int32
	rk.each(func(idx int32, h *[6]int8) {
		if idx == 0 {
			t.p = append(t.p, 1) // borne off: 0 turns
			t.off[1] = 1
			return
		}
		for d := 1; d <= 6; d++ {
			kids[d] = homeMoves(rk, h, d, kids[d][:0])
			prev := []int32(nil)
			for r := 1; r <= 4; r++ {
				best := int32(-1)
				for _, k := range kids[d] {
					f := k
					if prev != nil {
						f = prev[k]
					}
					if best < 0 || better(f, best) {
						best = f
					}
				}
				cur := at(r, d)
				cur[idx] = best
				prev = cur
			}
		}
		e := 0.0
		for i, rl := range rollList {
			var best int32
			if rl.a == rl.b {
				best = at(4, rl.a)[idx]
			} else {
				best = -1
				for _, o := range [2][2]int{{rl.a, rl.b}, {rl.b, rl.a}} {
					next := at(1, o[1])
					for _, k := range kids[o[0]] {
						if f := next[k]; best < 0 || better(f, best) {
							best = f
						}
					}
				}
			}
			finals[i] = best
			e += float64(rl.w) * t.e[best]
		}
		t.e[idx] = 1 + e/36
		lo, hi := 255, 0
		for _, f := range finals {
			lo = min(lo, int(t.first[f]))
			hi = max(hi, int(t.first[f])+int(t.off[f+1]-t.off[f])-1)
		}
		t.first[idx] = uint8(lo + 1)
		base := len(t.p)
		for range hi - lo + 1 {
			t.p = append(t.p, 0)
		}
		dst := t.p[base:]
		for i, f := range finals {
			w := float64(rollList[i].w) / 36
			src := t.p[t.off[f]:t.off[f+1]]
			shift := int(t.first[f]) - lo
			for j, v := range src {
				dst[shift+j] += w * v
			}
		}
		t.off[idx+1] = int32(len(t.p))
	})
	t.p = t.p[:len(t.p):len(t.p)]
	return t
}

// Dist is the distribution of the number of turns a side needs to bear
// off (or, for Turns, to finish the race) under the one-sided policy: the
// probability of needing exactly k turns and the expected number. Turns
// are counted from the side's next roll: k = 1 means it bears everything
// off with this roll. A Dist is a read-only value.
type Dist struct {
	first int       // the fewest turns with a positive probability
	p     []float64 // P(exactly first+j turns)
	// q, when not nil, is P(exactly first+j turns, that last turn starting
	// with every checker home); nil means the same as p. The long-nardy
	// last roll needs it.
	q      []float64
	mean   float64
	method Method
	// Exact distributions: rat[j] = P(exactly first+j turns).
	rat     []*big.Rat
	meanRat *big.Rat
}

// Method says how the distribution was computed.
func (d Dist) Method() Method { return d.method }

// Exact reports whether the distribution is exact (Method is Exact).
func (d Dist) Exact() bool { return d.method == Exact }

// MinTurns returns the fewest turns with a positive probability (0 for a
// side already finished).
func (d Dist) MinTurns() int { return d.first }

// MaxTurns returns the most turns with a positive probability.
func (d Dist) MaxTurns() int { return d.first + max(len(d.p), 1) - 1 }

// Expected returns the expected number of turns.
func (d Dist) Expected() float64 { return d.mean }

// ExpectedRat returns the expected number of turns as an exact fraction
// (a fresh copy), or nil when the distribution is not exact.
func (d Dist) ExpectedRat() *big.Rat {
	if d.meanRat == nil {
		return nil
	}
	return new(big.Rat).Set(d.meanRat)
}

// Exactly returns the probability of needing exactly k turns.
func (d Dist) Exactly(k int) Figure {
	j := k - d.first
	if j < 0 || j >= len(d.p) {
		if d.method == Exact {
			return exactFigure(new(big.Rat), den(k))
		}
		return floatFigure(0, d.method, false)
	}
	if d.method == Exact {
		return exactFigure(new(big.Rat).Set(d.rat[j]), den(k))
	}
	f := floatFigure(d.p[j], d.method, len(d.p) > 1 && d.p[j] > 0)
	return f
}

// Within returns the probability of bearing off (finishing) within k
// turns, that is in k turns or fewer.
func (d Dist) Within(k int) Figure {
	j := k - d.first
	switch {
	case j < 0:
		if d.method == Exact {
			return exactFigure(new(big.Rat), den(k))
		}
		return floatFigure(0, d.method, false)
	case j >= len(d.p)-1:
		if d.method == Exact {
			return exactFigure(big.NewRat(1, 1), den(k))
		}
		return floatFigure(1, d.method, false)
	}
	if d.method == Exact {
		s := new(big.Rat)
		for _, r := range d.rat[:j+1] {
			s.Add(s, r)
		}
		return exactFigure(s, den(k))
	}
	s := 0.0
	for _, v := range d.p[:j+1] {
		s += v
	}
	return floatFigure(s, d.method, true)
}

// den is the preferred denominator of a figure about k turns: 36 for one
// roll, otherwise lowest terms.
func den(k int) int64 {
	if k == 1 {
		return 36
	}
	return 0
}

// prob returns P(exactly k turns) in double precision.
func (d Dist) prob(k int) float64 {
	if j := k - d.first; j >= 0 && j < len(d.p) {
		return d.p[j]
	}
	return 0
}

// probQ returns P(exactly k turns, the last starting with all checkers
// home) in double precision.
func (d Dist) probQ(k int) float64 {
	if d.q == nil {
		return d.prob(k)
	}
	if j := k - d.first; j >= 0 && j < len(d.q) {
		return d.q[j]
	}
	return 0
}

// dist returns the distribution of home position idx of the table.
func (t *table) dist(idx int32) Dist {
	return Dist{
		first:  int(t.first[idx]),
		p:      t.p[t.off[idx]:t.off[idx+1]:t.off[idx+1]],
		mean:   t.e[idx],
		method: Double,
	}
}

// BearOffHome returns the bear-off distribution of a home position (the
// side's own checkers only, see the package documentation). Positions of
// up to ExactCheckers checkers are exact; the others come from the table,
// in double precision.
func BearOffHome(h Home) (Dist, error) {
	var c [6]int8
	n := 0
	for i, v := range h {
		if v < 0 || v > engine.Checkers {
			return Dist{}, errors.New("odds: a home point holds 0 to 15 checkers, not " + strconv.Itoa(v))
		}
		c[i] = int8(v)
		n += v
	}
	if n > engine.Checkers {
		return Dist{}, errors.New("odds: a home holds at most 15 checkers, not " + strconv.Itoa(n))
	}
	if n <= ExactCheckers {
		x := getExact()
		return x.dist(x.rk.rank(&c)), nil
	}
	t := getTable()
	return t.dist(t.rk.rank(&c)), nil
}

// HomeOf returns the home position of side s in p: its checkers on the
// six home points, in its own numbering. ok is false when s has a checker
// outside its home or on the bar.
func HomeOf(p engine.Position, s engine.Side) (h Home, ok bool) {
	if !p.AllHome(s) {
		return h, false
	}
	for i, pt := range engine.Home(p.Game, s) {
		h[i] = p.Count(s, pt)
	}
	return h, true
}

// BearOff returns the bear-off distribution of side s in p, which must
// have every checker still in play in its home. It is one-sided: the
// opponent's checkers are not looked at (see the package documentation).
func BearOff(p engine.Position, s engine.Side) (Dist, error) {
	h, ok := HomeOf(p, s)
	if !ok {
		return Dist{}, errors.New("odds: bear-off: " + s.String() + " has checkers outside its home")
	}
	return BearOffHome(h)
}

// bytes returns the size of the table's arrays.
func (t *table) bytes() int {
	return 8*len(t.e) + len(t.first) + 4*len(t.off) + 8*cap(t.p)
}
