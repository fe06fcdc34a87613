package odds

// Home positions are numbered by a combinatorial index, as in GNU
// Backgammon's bear-off databases: the positions with at most m checkers on
// the 6 home points, in lexicographic order of the counts read from the
// 6-point down to the 1-point (the 6-point most significant). Index 0 is
// the empty home (everything borne off). Every move inside the home or off
// it lowers the count of the highest point it changes, so a position's
// successors always have smaller indices: the table is built in index
// order.

// Home is a home position of one side in its own numbering: Home[i] is the
// number of checkers on point i+1 (Home[0] the deepest point, Home[5] the
// 6-point).
type Home [6]int

// Checkers returns the number of checkers in h.
func (h Home) Checkers() int {
	n := 0
	for _, c := range h {
		n += c
	}
	return n
}

// Pips returns the pip count of h.
func (h Home) Pips() int {
	n := 0
	for i, c := range h {
		n += (i + 1) * c
	}
	return n
}

// binom returns n choose k for small arguments.
func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// ranker numbers the home positions with at most m checkers.
type ranker struct {
	m int
	n int // number of positions: C(m+6, 6)
	// off[j][b][x]: how many positions of points 1..j with at most b
	// checkers come before those with x checkers on point j.
	off [7][][]int32
}

func newRanker(m int) *ranker {
	r := &ranker{m: m, n: binom(m+6, 6)}
	for j := 1; j <= 6; j++ {
		r.off[j] = make([][]int32, m+1)
		for b := 0; b <= m; b++ {
			r.off[j][b] = make([]int32, b+1)
			s := 0
			for x := 0; x <= b; x++ {
				r.off[j][b][x] = int32(s)
				s += binom(b-x+j-1, j-1) // positions of j-1 points with at most b-x checkers
			}
		}
	}
	return r
}

// rank returns the index of h, which must hold at most r.m checkers, none
// negative.
func (r *ranker) rank(h *[6]int8) int32 {
	b := r.m
	var idx int32
	for j := 6; j >= 1; j-- {
		x := int(h[j-1])
		idx += r.off[j][b][x]
		b -= x
	}
	return idx
}

// each calls f for every position in index order.
func (r *ranker) each(f func(idx int32, h *[6]int8)) {
	var h [6]int8
	var idx int32
	m := int8(r.m)
	for h[5] = 0; h[5] <= m; h[5]++ {
		for h[4] = 0; h[4] <= m-h[5]; h[4]++ {
			for h[3] = 0; h[3] <= m-h[5]-h[4]; h[3]++ {
				for h[2] = 0; h[2] <= m-h[5]-h[4]-h[3]; h[2]++ {
					for h[1] = 0; h[1] <= m-h[5]-h[4]-h[3]-h[2]; h[1]++ {
						for h[0] = 0; h[0] <= m-h[5]-h[4]-h[3]-h[2]-h[1]; h[0]++ {
							f(idx, &h)
							idx++
						}
					}
				}
			}
		}
	}
}

// homeMoves appends to out the home positions reached from h by one die d
// under the bear-off rules of docs/rules.md, as indices of rk: a checker moves
// d points down inside the home, or is borne off from point d, or, when no
// checker stands on point d or higher, from the highest occupied point.
// Each result is listed once; out is returned.
func homeMoves(rk *ranker, h *[6]int8, d int, out []int32) []int32 {
	high := 0
	for i := 5; i >= 0; i-- {
		if h[i] > 0 {
			high = i + 1
			break
		}
	}
	for from := high; from >= 1; from-- {
		if h[from-1] == 0 {
			continue
		}
		to := from - d
		if to < 0 && from != high {
			continue
		}
		h[from-1]--
		if to > 0 {
			h[to-1]++
		}
		out = append(out, rk.rank(h))
		if to > 0 {
			h[to-1]--
		}
		h[from-1]++
	}
	return out
}
