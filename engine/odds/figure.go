package odds

import (
	"math"
	"math/big"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// Method says how a figure was obtained, so that a page can say "exact",
// "computed in double precision" or "an approximation".
type Method uint8

// The methods, from the most to the least precise.
const (
	// Exact: an exact fraction, computed with math/big, of the chance
	// asked for under the model the figure's function documents.
	Exact Method = iota
	// Double: the same, evaluated in double-precision floating point (a
	// relative error of about 1e-15, far below the shown precision).
	Double
	// OneSided: a race figure of the one-sided model (see Race), an
	// approximation of best play, evaluated in double precision.
	OneSided
)

// String returns a stable key: "exact", "double" or "one-sided".
func (m Method) String() string {
	switch m {
	case Exact:
		return "exact"
	case Double:
		return "double"
	}
	return "one-sided"
}

// Figure is a probability as a page shows it: a value, its exact fraction
// when known, and how it was computed.
//
// Display conventions (Fraction and Percent) are documented on the
// methods; the words around a figure are the site's to localise.
type Figure struct {
	// Value is the probability, 0..1. For exact figures it is the fraction
	// rounded to the nearest float64.
	Value float64
	// Rat is the exact fraction when Method is Exact, otherwise nil.
	Rat *big.Rat
	// Den is the preferred denominator of Fraction: 36 for a figure about
	// one roll ("4/36"), 0 to write the fraction in lowest terms.
	Den int64
	// Method says how Value was obtained.
	Method Method
	// inside records that the value is known to lie strictly between 0 and
	// 1 even if its float64 rounds to 0 or 1.
	inside bool
}

// exactFigure returns the exact figure r (which it keeps) with preferred
// denominator den.
func exactFigure(r *big.Rat, den int64) Figure {
	v, _ := r.Float64()
	return Figure{Value: v, Rat: r, Den: den, Method: Exact}
}

// countFigure returns the exact figure n/36 of a one-roll statistic.
func countFigure(n int) Figure {
	return exactFigure(big.NewRat(int64(n), 36), 36)
}

// floatFigure returns a figure of method m; inside says that the true
// value is known to be strictly between 0 and 1.
func floatFigure(v float64, m Method, inside bool) Figure {
	v = min(max(v, 0), 1)
	return Figure{Value: v, Method: m, inside: inside}
}

// FromCount turns a one-roll statistic of the engine (n of the 36 ordered
// outcomes) into an exact figure written over 36.
func FromCount(c engine.RollCount) Figure { return countFigure(c.N) }

// IsExact reports whether the figure is an exact fraction.
func (f Figure) IsExact() bool { return f.Method == Exact && f.Rat != nil }

// smallRat returns the numerator and the denominator of an exact figure
// when both are below 2^50 in magnitude, so that 2000 times either stays
// far inside an int64.
func smallRat(f Figure) (num, den int64, ok bool) {
	if !f.IsExact() {
		return 0, 0, false
	}
	n, d := f.Rat.Num(), f.Rat.Denom()
	if n.BitLen() > 50 || d.BitLen() > 50 {
		return 0, 0, false
	}
	return n.Int64(), d.Int64(), true
}

// Fraction writes an exact figure as a fraction: over Den when Den is set
// and the figure is a whole number of Den-ths ("4/36", "36/36", "0/36"),
// otherwise in lowest terms ("1/9", "1", "0"). A figure that is not exact
// has no fraction: the result is "".
func (f Figure) Fraction() string {
	if !f.IsExact() {
		return ""
	}
	if f.Den > 0 {
		n := new(big.Rat).Mul(f.Rat, new(big.Rat).SetInt64(f.Den))
		if n.IsInt() {
			return n.Num().String() + "/" + strconv.FormatInt(f.Den, 10)
		}
	}
	if f.Rat.IsInt() {
		return f.Rat.Num().String()
	}
	return f.Rat.Num().String() + "/" + f.Rat.Denom().String()
}

// Tenths returns the figure as a percentage rounded to one decimal, in
// tenths of a percent (111 for 11.1%), rounding halves up: 1/16 = 6.25%
// gives 63. Exact figures are rounded from the fraction itself, so no
// floating-point error can move a half. The second result is -1 when a
// positive figure rounds to 0 (show "<0.1%"), +1 when a figure below 1
// rounds to 1000 (show ">99.9%"), and 0 otherwise.
func (f Figure) Tenths() (int, int) {
	var t int
	var pos, below1 bool
	if num, den, ok := smallRat(f); ok {
		t, pos, below1 = tenthsSmall(num, den)
	} else if f.IsExact() {
		t, pos, below1 = tenthsRat(f.Rat)
	} else {
		v := f.Value
		pos = v > 0 || f.inside
		below1 = v < 1 || f.inside
		t = int(math.Floor(v*1000 + 0.5))
	}
	t = min(max(t, 0), 1000)
	switch {
	case t == 0 && pos:
		return 0, -1
	case t == 1000 && below1:
		return 1000, 1
	}
	return t, 0
}

// tenthsSmall returns floor(1000 r + 1/2) for r = num/den (den > 0,
// both below 2^50 in magnitude), 0 for r < 0, and whether r is positive
// and below 1: in integers, floor((2000 num + den) / 2 den).
func tenthsSmall(num, den int64) (t int, pos, below1 bool) {
	if num > 0 {
		t = int((2000*num + den) / (2 * den))
	}
	return t, num > 0, num < den
}

// tenthsRat is tenthsSmall for a fraction of any size.
func tenthsRat(r *big.Rat) (t int, pos, below1 bool) {
	s := r.Sign()
	x := new(big.Rat).Mul(r, big.NewRat(1000, 1))
	x.Add(x, big.NewRat(1, 2))
	q := new(big.Int).Quo(x.Num(), x.Denom())
	if s < 0 {
		q.SetInt64(0)
	}
	return int(q.Int64()), s > 0, r.Cmp(big.NewRat(1, 1)) < 0
}

// Percent writes the figure as a percentage with one decimal and a point
// as the decimal separator: "11.1%", "50%" for 0.5 (a zero decimal is
// dropped), "0%" and "100%" for the certain cases, "<0.1%" for a positive
// figure that rounds to zero and ">99.9%" for one below 1 that rounds to a
// hundred. See PercentSep for another separator and Tenths for the
// rounding.
func (f Figure) Percent() string { return f.PercentSep(".") }

// PercentSep is Percent with the decimal separator sep (e.g. "," for
// Russian and Ukrainian).
func (f Figure) PercentSep(sep string) string {
	t, edge := f.Tenths()
	switch edge {
	case -1:
		return "<0" + sep + "1%"
	case 1:
		return ">99" + sep + "9%"
	}
	s := strconv.Itoa(t / 10)
	if t%10 != 0 {
		s += sep + strconv.Itoa(t%10)
	}
	return s + "%"
}

// String writes the figure for logs and tests: "4/36 (11.1%, exact)" or
// "23.4% (one-sided)".
func (f Figure) String() string {
	s := f.Percent()
	if fr := f.Fraction(); fr != "" {
		return fr + " (" + s + ", " + f.Method.String() + ")"
	}
	return s + " (" + f.Method.String() + ")"
}
