package odds

import (
	"math"
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
		if !d.Exact() || d.ExpectedRat().Cmp(rat(221, 162)) != 0 {
			t.Errorf("%s: %v, want 221/162", code, d.ExpectedRat())
		}
		for k, want := range []int64{828, 464, 4} {
			if got := d.Exactly(k + 1); got.Rat.Cmp(rat(want, 1296)) != 0 {
				t.Errorf("%s: P(exactly %d) = %s, want %d/1296", code, k+1, got, want)
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

// TestTurnsSampled compares the sampled distribution with the exact one
// of a side that both can handle. The sampling policy is a heuristic, so
// it may need slightly more turns, never fewer (beyond the error).
func TestTurnsSampled(t *testing.T) {
	p := mustCode(t, "Lw:8,7,6x2,5x2,3x2:19,18x2,17x2,16,15x2")
	exact, err := Turns(p, engine.White, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if exact.Method() != Double {
		t.Fatalf("method %s", exact.Method())
	}
	s, _ := Turns(p, engine.White, Options{MaxStates: -1, Samples: 4000})
	if s.Method() != Sampled || s.ExpectedStdErr() <= 0 {
		t.Fatalf("method %s, se %v", s.Method(), s.ExpectedStdErr())
	}
	if s.Expected() < exact.Expected()-4*s.ExpectedStdErr() || s.Expected() > exact.Expected()+0.05 {
		t.Errorf("sampled %v ± %v, exact %v", s.Expected(), s.ExpectedStdErr(), exact.Expected())
	}
	prev := 0.0
	for k := s.MinTurns(); k <= s.MaxTurns(); k++ {
		w := s.Within(k)
		if w.Value < prev-1e-15 || w.Method != Sampled {
			t.Fatalf("Within(%d) = %v after %v", k, w.Value, prev)
		}
		if k < s.MaxTurns() && (w.StdErr < 0 || w.StdErr > 0.02) {
			t.Errorf("Within(%d) standard error %v", k, w.StdErr)
		}
		if e := exact.Within(k).Value; math.Abs(w.Value-e) > 4*w.StdErr+0.01 {
			t.Errorf("Within(%d): sampled %v, exact %v", k, w.Value, e)
		}
		prev = w.Value
	}
	// The same options give the same figures; another seed others.
	again, _ := Turns(p, engine.White, Options{MaxStates: -1, Samples: 4000})
	other, _ := Turns(p, engine.White, Options{MaxStates: -1, Samples: 4000, Seed: 99})
	if again.Expected() != s.Expected() || other.Expected() == s.Expected() {
		t.Errorf("seeding: %v %v %v", s.Expected(), again.Expected(), other.Expected())
	}
	t.Logf("exact %.4f, sampled %.4f ± %.4f", exact.Expected(), s.Expected(), s.ExpectedStdErr())
}
