package odds

import (
	"math/big"
	"testing"
)

// refExact is the exact table computed the straightforward way, in
// big.Rat throughout: the reference of TestExactMatchesReference.
type refExact struct {
	e     []*big.Rat
	first []int
	p     [][]*big.Rat
}

// buildRefExact computes the exact table of the homes of at most m
// checkers with big.Rat arithmetic, choosing the plays by exact
// expectation, ties to the lower index.
func buildRefExact(m int) *refExact {
	rk := newRanker(m)
	n := rk.n
	x := &refExact{e: make([]*big.Rat, n), first: make([]int, n), p: make([][]*big.Rat, n)}
	weights := [3]*big.Rat{nil, big.NewRat(1, 36), big.NewRat(1, 18)}
	better := func(a, b int32) bool {
		if c := x.e[a].Cmp(x.e[b]); c != 0 {
			return c < 0
		}
		return a < b
	}
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
		e := big.NewRat(1, 1)
		var finals [21]int32
		lo, hi := 1<<30, 0
		for i, rl := range rollList {
			best := int32(-1)
			if rl.a == rl.b {
				best = fin[rl.a][4][idx]
			} else {
				for _, o := range [2][2]int{{rl.a, rl.b}, {rl.b, rl.a}} {
					for _, k := range kids[o[0]] {
						if f := fin[o[1]][1][k]; best < 0 || better(f, best) {
							best = f
						}
					}
				}
			}
			finals[i] = best
			e.Add(e, new(big.Rat).Mul(weights[rl.w], x.e[best]))
			lo = min(lo, x.first[best])
			hi = max(hi, x.first[best]+len(x.p[best])-1)
		}
		x.e[idx] = e
		x.first[idx] = lo + 1
		p := make([]*big.Rat, hi-lo+1)
		for j := range p {
			p[j] = new(big.Rat)
		}
		for i, f := range finals {
			shift := x.first[f] - lo
			for j, v := range x.p[f] {
				p[shift+j].Add(p[shift+j], new(big.Rat).Mul(weights[rollList[i].w], v))
			}
		}
		x.p[idx] = p
	})
	return x
}

// TestExactMatchesReference compares, for every home of at most m
// checkers, m = 0 … maxExactCheckers, the exact table with the big.Rat
// reference: the same expectation and probabilities as fractions, the
// nearest float64 to each, and a home of m checkers needing at most 2m
// turns (what keeps the table's integers exact).
func TestExactMatchesReference(t *testing.T) {
	for m := 0; m <= maxExactCheckers; m++ {
		x, ref := buildExact(m), buildRefExact(m)
		if len(x.e) != len(ref.e) || len(x.p) != len(ref.p) || len(x.pf) != len(ref.p) || len(x.ef) != len(ref.e) {
			t.Fatalf("m=%d: %d positions, want %d", m, len(x.e), len(ref.e))
		}
		most := 0
		bad := 0
		x.rk.each(func(idx int32, h *[6]int8) {
			if bad > 10 {
				return
			}
			fail := func(format string, args ...any) {
				t.Errorf("m=%d, home %v: "+format, append([]any{m, *h}, args...)...)
				bad++
			}
			want := ref.e[idx]
			if x.e[idx].Cmp(want) != 0 {
				fail("expectation %s, want %s", x.e[idx].RatString(), want.RatString())
			}
			if f, _ := want.Float64(); x.ef[idx] != f {
				fail("expectation %v in double precision, want %v", x.ef[idx], f)
			}
			if x.first[idx] != ref.first[idx] || len(x.p[idx]) != len(ref.p[idx]) || len(x.pf[idx]) != len(ref.p[idx]) {
				fail("turns %d..%d (%d floats), want %d..%d", x.first[idx], x.first[idx]+len(x.p[idx])-1, len(x.pf[idx]),
					ref.first[idx], ref.first[idx]+len(ref.p[idx])-1)
				return
			}
			for j, want := range ref.p[idx] {
				k := x.first[idx] + j
				if x.p[idx][j].Cmp(want) != 0 {
					fail("P(exactly %d) = %s, want %s", k, x.p[idx][j].RatString(), want.RatString())
				}
				if f, _ := want.Float64(); x.pf[idx][j] != f {
					fail("P(exactly %d) = %v in double precision, want %v", k, x.pf[idx][j], f)
				}
			}
			n := 0
			for _, c := range h {
				n += int(c)
			}
			last := x.first[idx] + len(x.p[idx]) - 1
			if last > 2*n {
				fail("%d turns at most, more than twice its %d checkers", last, n)
			}
			most = max(most, last)
		})
		if most > exactMaxTurns || most != 2*m {
			t.Errorf("m=%d: at most %d turns, want %d (and at most %d)", m, most, 2*m, exactMaxTurns)
		}
	}
}
