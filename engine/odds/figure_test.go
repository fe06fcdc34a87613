package odds

import (
	"math/big"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

func TestFigureFormat(t *testing.T) {
	for _, c := range []struct {
		f                 Figure
		fraction, percent string
		tenths, edge      int
	}{
		{countFigure(4), "4/36", "11.1%", 111, 0},
		{countFigure(36), "36/36", "100%", 1000, 0},
		{countFigure(0), "0/36", "0%", 0, 0},
		{countFigure(18), "18/36", "50%", 500, 0},
		{exactFigure(rat(1, 9), 0), "1/9", "11.1%", 111, 0},
		{exactFigure(rat(1, 1), 0), "1", "100%", 1000, 0},
		{exactFigure(rat(0, 1), 0), "0", "0%", 0, 0},
		{exactFigure(rat(1, 16), 0), "1/16", "6.3%", 63, 0}, // a half rounds up
		{exactFigure(rat(1, 8), 0), "1/8", "12.5%", 125, 0},
		{exactFigure(rat(1, 1296), 36), "1/1296", "0.1%", 1, 0}, // not a whole number of 36ths
		{exactFigure(rat(1, 46656), 0), "1/46656", "<0.1%", 0, -1},
		{exactFigure(rat(46655, 46656), 0), "46655/46656", ">99.9%", 1000, 1},
		// Terms too large for the integer rounding: math/big rounds them.
		{exactFigure(rat(1, 1<<60), 0), "1/1152921504606846976", "<0.1%", 0, -1},
		{exactFigure(rat(1<<59, 1<<60), 0), "1/2", "50%", 500, 0},
		{exactFigure(rat(1<<60-1, 1<<60), 0), "1152921504606846975/1152921504606846976", ">99.9%", 1000, 1},
		{floatFigure(0.123456, Double, true), "", "12.3%", 123, 0},
		{floatFigure(0.0625, Double, true), "", "6.3%", 63, 0},
		{floatFigure(1, Double, true), "", ">99.9%", 1000, 1},
		{floatFigure(1, Double, false), "", "100%", 1000, 0},
		{floatFigure(1e-9, OneSided, true), "", "<0.1%", 0, -1},
		{floatFigure(0, Double, false), "", "0%", 0, 0},
	} {
		if got := c.f.Fraction(); got != c.fraction {
			t.Errorf("%v: Fraction %q, want %q", c.f.Value, got, c.fraction)
		}
		if got := c.f.Percent(); got != c.percent {
			t.Errorf("%v: Percent %q, want %q", c.f.Value, got, c.percent)
		}
		if n, e := c.f.Tenths(); n != c.tenths || e != c.edge {
			t.Errorf("%v: Tenths %d, %d, want %d, %d", c.f.Value, n, e, c.tenths, c.edge)
		}
	}
	f := countFigure(4)
	if got := f.PercentSep(","); got != "11,1%" {
		t.Errorf("PercentSep: %q", got)
	}
	if got := f.String(); got != "4/36 (11.1%, exact)" {
		t.Errorf("String: %q", got)
	}
	if got := floatFigure(0.123456, OneSided, true).String(); got != "12.3% (one-sided)" {
		t.Errorf("String: %q", got)
	}
	if got := floatFigure(0.5, Double, true).String(); got != "50% (double)" {
		t.Errorf("String: %q", got)
	}
	if FromCount(engine.RollCount{N: 11}).Rat.Cmp(rat(11, 36)) != 0 {
		t.Error("FromCount")
	}
	for m, want := range map[Method]string{Exact: "exact", Double: "double", OneSided: "one-sided"} {
		if m.String() != want {
			t.Errorf("%d: %q", m, m.String())
		}
	}
	// A figure's fraction is its own: changing it does not change the
	// distribution it came from.
	d, _ := BearOffHome(Home{0, 0, 0, 0, 0, 2})
	d.Exactly(1).Rat.Set(big.NewRat(1, 2))
	if d.Exactly(1).Rat.Cmp(rat(4, 36)) != 0 {
		t.Error("Exactly shares its fraction with the table")
	}
}

// TestTenthsSmallEqualsRat checks that the rounding in integers, used for
// a fraction of small terms, gives what math/big gives, for every
// fraction of denominator up to 2000 (halves and near-halves included)
// and for terms near the integer rounding's bound of 2^50.
func TestTenthsSmallEqualsRat(t *testing.T) {
	check := func(num, den int64) {
		t.Helper()
		gt, gp, gb := tenthsSmall(num, den)
		wt, wp, wb := tenthsRat(rat(num, den))
		if gt != wt || gp != wp || gb != wb {
			t.Fatalf("%d/%d: integers give %d, %v, %v; math/big %d, %v, %v", num, den, gt, gp, gb, wt, wp, wb)
		}
	}
	for den := int64(1); den <= 2000; den++ {
		for num := int64(-1); num <= den+1; num++ {
			check(num, den)
		}
	}
	const big50 = 1<<50 - 1
	for _, c := range [][2]int64{{big50, big50}, {big50 - 1, big50}, {1, big50}, {big50 / 2, big50}, {big50/2 + 1, big50}, {-big50, big50}, {big50, 1 << 49}} {
		check(c[0], c[1])
	}
	// A figure whose terms pass the bound takes math/big's way.
	if _, _, ok := smallRat(exactFigure(rat(1, 1<<51), 0)); ok {
		t.Error("a denominator of 2^51 is taken as small")
	}
	if _, _, ok := smallRat(exactFigure(rat(3, 1<<49), 0)); !ok {
		t.Error("a denominator of 2^49 is not taken as small")
	}
}
