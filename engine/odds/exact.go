package odds

import (
	"math/big"
	"sync"
)

// exactTable is the bear-off table of the homes with at most
// ExactCheckers checkers in exact fractions. It is built like the double
// precision table, with exact expectations deciding the plays (ties go to
// the lower index, the same order as the big table).
type exactTable struct {
	rk    *ranker
	e     []*big.Rat
	first []int
	p     [][]*big.Rat
	pf    [][]float64
	ef    []float64
}

// maxExactCheckers is the most checkers buildExact takes: a home of m
// checkers bears off in at most 2m turns (for every m up to 5, as the
// tests check position by position), and the build's integers are exact
// up to exactMaxTurns turns.
const maxExactCheckers = 5

// exactMaxTurns is the most turns a home of buildExact may need. The
// chance of bearing off in exactly t turns is kept as a numerator of at
// most 36^t over 36^t, and an expectation of e <= L turns of a home of at
// most L turns as e·36^L over 36^L, at most L·36^L; with L <= 10 the
// former are below 2^53 (36^10 < 3.7·10^15), so their quotient in double
// precision is the nearest float64 to the fraction, and the latter below
// 2^63 (10·36^10 < 3.7·10^16), as are the sums that make them and the
// expectations scaled up to a common denominator to be compared.
const exactMaxTurns = 10

// ExactCheckers is at most maxExactCheckers, and 2·maxExactCheckers
// turns at most exactMaxTurns: the constants are negative (and the
// package does not compile) otherwise.
const (
	_ uint = maxExactCheckers - ExactCheckers
	_ uint = exactMaxTurns - 2*maxExactCheckers
)

var (
	exactOnce sync.Once
	theExact  *exactTable
	ratOne    = big.NewRat(1, 1)
)

func getExact() *exactTable {
	exactOnce.Do(func() { theExact = buildExact(ExactCheckers) })
	return theExact
}

// buildExact builds the exact table of the homes of at most m checkers,
// 0 <= m <= maxExactCheckers.
//
// The probabilities and expectations are computed in integers and turned
// into fractions at the end. Every probability of a position of at most L
// turns is a multiple of 1/36^L: P(exactly t turns) is kept as its
// numerator over 36^t, the sum of a child's numerators over 36^(t-1)
// weighted by the roll's count out of 36 (1 for a double, 2 otherwise);
// the expectation e is kept as e·36^L, where L is the position's most
// turns, one more than its children's. Each roll is played for the lowest
// exact expectation, ties to the lower index.
func buildExact(m int) *exactTable {
	rk := newRanker(m)
	n := rk.n
	x := &exactTable{
		rk:    rk,
		e:     make([]*big.Rat, n),
		first: make([]int, n),
		p:     make([][]*big.Rat, n),
		pf:    make([][]float64, n),
		ef:    make([]float64, n),
	}
	// en[i] = e·36^turns[i]: the expectation of position i over 36 to
	// the power of its most turns.
	en := make([]uint64, n)
	turns := make([]int, n)
	// P(exactly first[i]+j turns) = pn[off[i]+j] / 36^(first[i]+j).
	off := make([]int32, n+1)
	pn := make([]uint64, 0, 8*n)
	better := func(a, b int32) bool {
		ea, eb := en[a], en[b]
		if ta, tb := turns[a], turns[b]; ta < tb {
			ea *= pow36[tb-ta]
		} else {
			eb *= pow36[ta-tb]
		}
		if ea != eb {
			return ea < eb
		}
		return a < b
	}
	// best[d][r][idx] as in buildTable.
	var fin [7][5][]int32
	for d := 1; d <= 6; d++ {
		for r := 1; r <= 4; r++ {
			fin[d][r] = make([]int32, n)
		}
	}
	var kids [7][]int32
	rk.each(func(idx int32, h *[6]int8) {
		if idx == 0 {
			pn = append(pn, 1) // borne off: 0 turns, certainly
			off[1] = 1
			return
		}
		for d := 1; d <= 6; d++ {
			kids[d] = homeMoves(rk, h, d, kids[d][:0])
			for r := 1; r <= 4; r++ {
				best := int32(-1)
				for _, k := range kids[d] {
					f := k
					if r > 1 {
						f = fin[d][r-1][k]
					}
					if best < 0 || better(f, best) {
						best = f
					}
				}
				fin[d][r][idx] = best
			}
		}
		var finals [21]int32
		lo, hi := 1<<30, 0
		for i, rl := range rollList {
			var best int32
			if rl.a == rl.b {
				best = fin[rl.a][4][idx]
			} else {
				best = -1
				for _, o := range [2][2]int{{rl.a, rl.b}, {rl.b, rl.a}} {
					for _, k := range kids[o[0]] {
						if f := fin[o[1]][1][k]; best < 0 || better(f, best) {
							best = f
						}
					}
				}
			}
			finals[i] = best
			lo = min(lo, x.first[best])
			hi = max(hi, turns[best])
		}
		// Turns are one more than the children's: hi+1 at most.
		t := hi + 1
		e := pow36[t]
		base := len(pn)
		for range hi - lo + 1 {
			pn = append(pn, 0)
		}
		dst := pn[base:]
		for i, f := range finals {
			w := uint64(rollList[i].w)
			e += w * en[f] * pow36[hi-turns[f]]
			src := pn[off[f]:off[f+1]]
			shift := x.first[f] - lo
			for j, v := range src {
				dst[shift+j] += w * v
			}
		}
		en[idx] = e
		turns[idx] = t
		x.first[idx] = lo + 1
		off[idx+1] = int32(len(pn))
	})
	// The fractions, in blocks: a position's probabilities are
	// consecutive in rats, as their numerators in pn.
	rats := make([]big.Rat, n+len(pn))
	ptrs := make([]*big.Rat, len(pn))
	floats := make([]float64, len(pn))
	for i := range pn {
		ptrs[i] = &rats[n+i]
	}
	for idx := range n {
		x.e[idx] = rats[idx].SetFrac64(int64(en[idx]), int64(pow36[turns[idx]]))
		x.ef[idx], _ = x.e[idx].Float64()
		a, b := off[idx], off[idx+1]
		for j := a; j < b; j++ {
			k := x.first[idx] + int(j-a)
			// Both below 2^53, so the quotient is the nearest float64 to
			// the fraction, as big.Rat's Float64 gives it.
			floats[j] = float64(pn[j]) / float64(pow36[k])
			ptrs[j].SetFrac64(int64(pn[j]), int64(pow36[k]))
		}
		x.p[idx] = ptrs[a:b:b]
		x.pf[idx] = floats[a:b:b]
	}
	return x
}

// dist returns the exact distribution of position idx.
func (x *exactTable) dist(idx int32) Dist {
	return Dist{
		first:   x.first[idx],
		p:       x.pf[idx],
		mean:    x.ef[idx],
		method:  Exact,
		rat:     x.p[idx],
		meanRat: x.e[idx],
	}
}
