package odds

import (
	"math"
	"math/big"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

// TestBearOffByHand checks positions worked out by hand, exactly.
func TestBearOffByHand(t *testing.T) {
	for _, c := range []struct {
		name string
		home Home
		mean *big.Rat
		// exactly[k-1] = P(exactly k turns)
		exactly []*big.Rat
	}{
		// Any roll bears off a lone checker on the 1-point.
		{"1 on the 1-point", Home{1}, rat(1, 1), []*big.Rat{rat(1, 1)}},
		// Two dice bear off two checkers on the 1-point.
		{"2 on the 1-point", Home{2}, rat(1, 1), []*big.Rat{rat(1, 1)}},
		// 1-point and 2-point: 2-1 bears off both (2 then 1), 1-1 plays
		// 2/1, 1/off, 1/off, and every other roll takes both.
		{"2-point and 1-point", Home{1, 1}, rat(1, 1), []*big.Rat{rat(1, 1)}},
		// A lone checker on the 6-point is off at once when the dice add
		// up to 6 or more (22 non-doubles and the doubles 2-2 to 6-6, 27
		// of 36). The 9 others (2-1, 3-1, 4-1, 3-2, 1-1) leave it on the
		// 3-, 2- or 1-point, off with any roll: E = 27/36 + 2·9/36 = 5/4.
		{"1 on the 6-point", Home{0, 0, 0, 0, 0, 1}, rat(5, 4), []*big.Rat{rat(27, 36), rat(9, 36)}},
		// Three on the 1-point: a double takes all (6/36), any other roll
		// two, and the last goes next turn.
		{"3 on the 1-point", Home{3}, rat(11, 6), []*big.Rat{rat(6, 36), rat(30, 36)}},
		// Four on the 1-point: the same (seed 004: 6 of 36 at once).
		{"4 on the 1-point", Home{4}, rat(11, 6), []*big.Rat{rat(6, 36), rat(30, 36)}},
	} {
		d, err := BearOffHome(c.home)
		if err != nil {
			t.Fatal(err)
		}
		if !d.Exact() || d.Method() != Exact {
			t.Errorf("%s: not exact", c.name)
		}
		if d.ExpectedRat().Cmp(c.mean) != 0 {
			t.Errorf("%s: expected turns %s, want %s", c.name, d.ExpectedRat().RatString(), c.mean.RatString())
		}
		if got := d.Expected(); math.Abs(got-ratF(c.mean)) > 1e-15 {
			t.Errorf("%s: Expected %v", c.name, got)
		}
		if d.MinTurns() != 1 || d.MaxTurns() != len(c.exactly) {
			t.Errorf("%s: turns %d..%d, want 1..%d", c.name, d.MinTurns(), d.MaxTurns(), len(c.exactly))
		}
		for k, want := range c.exactly {
			if got := d.Exactly(k + 1); got.Rat.Cmp(want) != 0 {
				t.Errorf("%s: P(exactly %d) = %s, want %s", c.name, k+1, got.Rat.RatString(), want.RatString())
			}
		}
	}

	// Two on the 6-point: only 3-3, 4-4, 5-5 and 6-6 bear both off in one
	// turn (seed 004: 4 of 36).
	d, _ := BearOffHome(Home{0, 0, 0, 0, 0, 2})
	f := d.Within(1)
	if f.Fraction() != "4/36" || f.Percent() != "11.1%" || !f.IsExact() {
		t.Errorf("2 on the 6-point: P(1 turn) = %s", f)
	}
	if d.Within(0).Value != 0 || d.Within(d.MaxTurns()).Rat.Cmp(ratOne) != 0 {
		t.Error("2 on the 6-point: Within at the ends")
	}

	// Everything off: no turn is needed.
	d, _ = BearOffHome(Home{})
	if d.Expected() != 0 || d.MinTurns() != 0 || d.Within(0).Rat.Cmp(ratOne) != 0 {
		t.Errorf("empty home: %v %d %s", d.Expected(), d.MinTurns(), d.Within(0))
	}

	// Fifteen on the 6-point: four 6-6 at best, and the table's figure.
	d, _ = BearOffHome(Home{0, 0, 0, 0, 0, 15})
	if d.MinTurns() != 4 || d.Method() != Double || d.Exact() {
		t.Errorf("15 on the 6-point: min %d, method %s", d.MinTurns(), d.Method())
	}
	if got := d.Within(4).Value; math.Abs(got-1.0/36/36/36/36) > 1e-20 {
		t.Errorf("15 on the 6-point: P(4 turns) = %g, want (1/36)^4", got)
	}
}

func ratF(r *big.Rat) float64 { f, _ := r.Float64(); return f }

// TestBearOffErrors checks the checks on the input.
func TestBearOffErrors(t *testing.T) {
	for _, h := range []Home{{16}, {-1}, {5, 5, 5, 1}} {
		if _, err := BearOffHome(h); err == nil {
			t.Errorf("%v: no error", h)
		}
	}
	p := mustCode(t, "Lw:7,6:13x15")
	if _, err := BearOff(p, engine.White); err == nil {
		t.Error("a checker outside the home: no error")
	}
	p = mustCode(t, "Sw:bar,6:19")
	if _, err := BearOff(p, engine.White); err == nil {
		t.Error("a checker on the bar: no error")
	}
}

// TestBearOffSides checks that BearOff reads either side's home in its own
// numbering, in both games.
func TestBearOffSides(t *testing.T) {
	for _, c := range []struct {
		code string
		s    engine.Side
	}{
		{"Lw:6x2,3,1x4:18x2,15,13x4", engine.White},
		{"Lw:6x2,3,1x4:18x2,15,13x4", engine.Black},
		{"Sw:6x2,3,1x4:24x4,22,19x2", engine.White},
		{"Sw:6x2,3,1x4:24x4,22,19x2", engine.Black},
	} {
		p := mustCode(t, c.code)
		d, err := BearOff(p, c.s)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := BearOffHome(Home{4, 0, 1, 0, 0, 2})
		if d.Expected() != want.Expected() || d.Within(2).Value != want.Within(2).Value {
			t.Errorf("%s %s: %v, want %v", c.code, c.s, d.Expected(), want.Expected())
		}
	}
}

// TestTableInvariants checks every position of the table: the
// probabilities add up to 1, the expectation is their mean, the fewest
// turns is the number of turns a stream of 6-6 would need, and an extra
// checker never helps.
func TestTableInvariants(t *testing.T) {
	tb := getTable()
	if tb.rk.n != HomePositions {
		t.Fatalf("%d positions, want %d", tb.rk.n, HomePositions)
	}
	tb.rk.each(func(idx int32, h *[6]int8) {
		if got := tb.rk.rank(h); got != idx {
			t.Fatalf("rank of %v = %d, want %d", *h, got, idx)
		}
		d := tb.dist(idx)
		sum, mean := 0.0, 0.0
		for k := d.MinTurns(); k <= d.MaxTurns(); k++ {
			v := d.prob(k)
			if v < 0 {
				t.Fatalf("%v: P(%d) = %g", *h, k, v)
			}
			sum += v
			mean += float64(k) * v
		}
		if math.Abs(sum-1) > 1e-12 || math.Abs(mean-d.Expected()) > 1e-10 {
			t.Fatalf("%v: sum %v, mean %v, expected %v", *h, sum, mean, d.Expected())
		}
		n := 0
		for _, c := range h {
			n += int(c)
		}
		if want := (n + 3) / 4; d.MinTurns() != want || d.prob(want) <= 0 {
			t.Fatalf("%v: fewest turns %d, want %d", *h, d.MinTurns(), want)
		}
		if n < engine.Checkers {
			for i := range h {
				h[i]++
				more := tb.e[tb.rk.rank(h)]
				h[i]--
				if more < d.Expected()-1e-12 {
					t.Fatalf("%v: a checker more on point %d lowers the expectation", *h, i+1)
				}
			}
		}
	})
}

// TestExactMatchesTable compares the exact table with the double
// precision one on every home of up to ExactCheckers checkers: the same
// plays must be chosen, so the figures agree to rounding.
func TestExactMatchesTable(t *testing.T) {
	tb, x := getTable(), getExact()
	x.rk.each(func(idx int32, h *[6]int8) {
		e := x.dist(idx)
		d := tb.dist(tb.rk.rank(h))
		if math.Abs(e.Expected()-d.Expected()) > 1e-13 {
			t.Errorf("%v: exact %v, table %v", *h, e.Expected(), d.Expected())
		}
		if e.MinTurns() != d.MinTurns() || e.MaxTurns() != d.MaxTurns() {
			t.Errorf("%v: turns %d..%d, table %d..%d", *h, e.MinTurns(), e.MaxTurns(), d.MinTurns(), d.MaxTurns())
		}
		for k := e.MinTurns(); k <= e.MaxTurns(); k++ {
			if math.Abs(e.prob(k)-d.prob(k)) > 1e-14 {
				t.Errorf("%v: P(%d) exact %v, table %v", *h, k, e.prob(k), d.prob(k))
			}
		}
	})
}

// TestTableAgainstPlayLists recomputes the expectation of sampled
// positions from the one-sided play generator (every distinct position of
// every roll), instead of the table's die-by-die minimum.
func TestTableAgainstPlayLists(t *testing.T) {
	tb := getTable()
	var g plays
	tb.rk.each(func(idx int32, h *[6]int8) {
		if idx%13 != 0 || idx == 0 {
			return
		}
		sd := sideOfHome(h)
		e := 0.0
		for _, rl := range rollList {
			best := math.Inf(1)
			for _, c := range g.list(&sd, rl.a, rl.b) {
				hc := c.homeCounts()
				best = min(best, tb.e[tb.rk.rank(&hc)])
			}
			e += float64(rl.w) * best
		}
		if got := 1 + e/36; math.Abs(got-tb.e[idx]) > 1e-12 {
			t.Fatalf("%v: table %v, from the play lists %v", *h, tb.e[idx], got)
		}
	})
}

// sideOfHome returns a side with home h.
func sideOfHome(h *[6]int8) side {
	var sd side
	for i, c := range h {
		sd.add(i+1, int(c))
	}
	return sd
}

// TestDistAccessors covers the smaller accessors.
func TestDistAccessors(t *testing.T) {
	PrepareTable()
	h := Home{3, 3, 3, 2, 2, 2}
	if h.Checkers() != 15 || h.Pips() != 3+6+9+8+10+12 {
		t.Errorf("engine.Checkers %d, Pips %d", h.Checkers(), h.Pips())
	}
	d, _ := BearOffHome(h)
	if d.ExpectedRat() != nil {
		t.Error("a double-precision distribution has no fraction")
	}
	if f := d.Exactly(d.MinTurns()); f.Method != Double || f.Value <= 0 || f.Percent() != "<0.1%" {
		t.Errorf("Exactly(min) = %s", f)
	}
	if f := d.Exactly(0); f.Value != 0 || f.Percent() != "0%" {
		t.Errorf("Exactly(0) = %s", f)
	}
	sum := 0.0
	for k := 0; k <= d.MaxTurns()+1; k++ {
		sum += d.Exactly(k).Value
	}
	if abs(sum-1) > 1e-12 {
		t.Errorf("Exactly adds up to %v", sum)
	}
	e, _ := BearOffHome(Home{0, 0, 0, 0, 0, 2})
	if e.Exactly(9).Rat.Sign() != 0 || e.Exactly(9).Fraction() != "0" {
		t.Errorf("exact Exactly beyond the end: %s", e.Exactly(9))
	}
}
