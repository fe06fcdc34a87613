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

var (
	exactOnce  sync.Once
	theExact   *exactTable
	ratOne     = big.NewRat(1, 1)
	ratOver36  = big.NewRat(1, 36)
	ratOver18  = big.NewRat(1, 18)
	ratWeights = [3]*big.Rat{nil, ratOver36, ratOver18}
)

func getExact() *exactTable {
	exactOnce.Do(func() { theExact = buildExact(ExactCheckers) })
	return theExact
}

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
	better := func(a, b int32) bool {
		if c := x.e[a].Cmp(x.e[b]); c != 0 {
			return c < 0
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
			x.e[0] = new(big.Rat)
			x.p[0] = []*big.Rat{big.NewRat(1, 1)}
			x.pf[0] = []float64{1}
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
		e := new(big.Rat)
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
			e.Add(e, new(big.Rat).Mul(ratWeights[rl.w], x.e[best]))
			lo = min(lo, x.first[best])
			hi = max(hi, x.first[best]+len(x.p[best])-1)
		}
		x.e[idx] = e.Add(e, ratOne)
		x.ef[idx], _ = e.Float64()
		x.first[idx] = lo + 1
		p := make([]*big.Rat, hi-lo+1)
		for j := range p {
			p[j] = new(big.Rat)
		}
		for i, f := range finals {
			w := ratWeights[rollList[i].w]
			shift := x.first[f] - lo
			for j, v := range x.p[f] {
				p[shift+j].Add(p[shift+j], new(big.Rat).Mul(w, v))
			}
		}
		x.p[idx] = p
		pf := make([]float64, len(p))
		for j, v := range p {
			pf[j], _ = v.Float64()
		}
		x.pf[idx] = pf
	})
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
