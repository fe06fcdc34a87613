package odds

import (
	"math"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestTurnsByHand checks a lone checker on the 7-point (either game).
// Dice adding up to 7 or more, and the doubles 2-2 and 3-3, bear it off
// at once: 23/36. Otherwise it stops on the 4- to 1-point, and only 2-1
// from the 4-point (after 2-1 now) fails again: P(3 turns) = (2/36)².
// E = 1 + 13/36 + 4/1296 = 221/162.
func TestTurnsByHand(t *testing.T) {
	for _, code := range []string{"Lw:7:13", "Sw:7:24", "Lb:1:19", "Sb:1:18"} {
		p := mustCode(t, code)
		d, err := Turns(p, p.Turn, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d.Method() != Double || math.Abs(d.Expected()-221.0/162) > 1e-12 {
			t.Errorf("%s: %v (%s), want 221/162", code, d.Expected(), d.Method())
		}
		for k, want := range []float64{828, 464, 4} {
			if got := d.Exactly(k + 1); math.Abs(got.Value-want/1296) > 1e-12 {
				t.Errorf("%s: P(exactly %d) = %s, want %v/1296", code, k+1, got, want)
			}
		}
		// Only the later turns start with the checker home.
		if d.probQ(1) != 0 || d.probQ(2) != d.prob(2) || d.probQ(3) != d.prob(3) {
			t.Errorf("%s: q %v", code, d.q)
		}
	}
}

// TestTurnsHome checks that a side already home is read from the table.
func TestTurnsHome(t *testing.T) {
	p := mustCode(t, "Lw:6x3,5x3,4x3,3x2,2x2,1x2:13x15")
	d, err := Turns(p, engine.White, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := BearOff(p, engine.White)
	if d.Expected() != b.Expected() || d.Method() != Double {
		t.Errorf("%v %v %s", d.Expected(), b.Expected(), d.Method())
	}
	if _, err := Turns(mustCode(t, "Sw:bar,6:19"), engine.White, Options{}); err == nil {
		t.Error("a checker on the bar: no error")
	}
}

// TestTurnsTooFar checks that a side whose way home has more positions
// than the limit is an error that says so, and that a larger limit
// computes it.
func TestTurnsTooFar(t *testing.T) {
	p := mustCode(t, "Lw:12x3,11x3,10x3,9x2,8x2,7x2:24x15")
	_, err := Turns(p, engine.White, Options{})
	if err == nil {
		t.Fatal("no error")
	}
	want := "odds: white is too far from home to count its turns (15 checkers outside the home, the farthest on 12): its checkers can stand in 17383860 ways on their way home, more than 3000; the count needs every checker home, or a few close to it"
	if err.Error() != want {
		t.Errorf("error %q,\nwant  %q", err, want)
	}
	one := mustCode(t, "Lw:7,6x3,5x3,4x3,3x2,2x2,1:13x15")
	if _, err := Turns(one, engine.White, Options{}); err == nil || !strings.Contains(err.Error(), "(1 checker outside the home, the farthest on 7): its checkers can stand in 170544 ways") {
		t.Errorf("fifteen checkers, one outside: %v", err)
	}
	q := mustCode(t, "Lb:13x15:20,19,17,15x2")
	if _, err := Turns(q, engine.Black, Options{MaxPositions: 10}); err == nil || !strings.Contains(err.Error(), "(2 checkers outside the home, the farthest on 20): its way home has more than 10 positions to weigh;") {
		t.Errorf("limit 10: %v", err)
	}
	if d, err := Turns(q, engine.Black, Options{}); err != nil || d.Method() != Double {
		t.Errorf("default limit: %v, %v", err, d.Method())
	}
}
