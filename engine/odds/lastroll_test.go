package odds

import (
	"slices"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestLastRollSeed004 checks the figures of seed 004.
func TestLastRollSeed004(t *testing.T) {
	for _, c := range []struct {
		code, fraction string
		rolls          []string
	}{
		{"Lb::13x2", "36/36", nil}, // 2 on the 1-point
		{"Lb::18x2", "4/36", []string{"3-3", "4-4", "5-5", "6-6"}},
		{"Lb::13x4", "6/36", []string{"1-1", "2-2", "3-3", "4-4", "5-5", "6-6"}}, // any double
	} {
		p := mustCode(t, c.code)
		f, rolls, err := LastRoll(p, engine.DefaultRules)
		if err != nil {
			t.Fatal(err)
		}
		if f.Fraction() != c.fraction || !f.IsExact() {
			t.Errorf("%s: %s, want %s", c.code, f, c.fraction)
		}
		if c.rolls != nil {
			var got []string
			for _, d := range rolls {
				got = append(got, d.String())
			}
			if !slices.Equal(got, c.rolls) {
				t.Errorf("%s: rolls %v, want %v", c.code, got, c.rolls)
			}
		}
	}
	for _, c := range []string{"Lw:6:18", "Lb::18x2x"} {
		p, err := engine.ParseCode(c)
		if err != nil {
			continue
		}
		if _, _, err := LastRoll(p, engine.DefaultRules); err == nil {
			t.Errorf("%s: not a last roll, no error", c)
		}
	}
	p := mustCode(t, "Lb::18x2")
	if _, _, err := LastRoll(p, engine.Rules{NoLastRoll: true}); err == nil {
		t.Error("last-roll=off: no error")
	}
}

// TestLastRollMatchesTable compares, for every home of 1 to 4 checkers,
// the engine's count of rolls that bear everything off with the exact
// table's chance of finishing in one turn.
func TestLastRollMatchesTable(t *testing.T) {
	x := getExact()
	n := 0
	x.rk.each(func(idx int32, h *[6]int8) {
		sd := sideOfHome(h)
		c := sd.checkers()
		if c == 0 || c > 4 {
			return
		}
		for _, s := range []engine.Side{engine.White, engine.Black} {
			p := engine.NewPosition(engine.Long)
			p.Started = s.Other()
			p.Turn = s
			for o := 1; o <= 6; o++ {
				if n := sd.count(o); n > 0 {
					p.Set(s, whitePoint(engine.Long, s, o), n)
				}
			}
			f, _, err := LastRoll(p, engine.DefaultRules)
			if err != nil {
				t.Fatal(err)
			}
			if want := x.dist(idx).Within(1); f.Rat.Cmp(want.Rat) != 0 {
				t.Fatalf("%v: last roll %s, table %s", *h, f, want)
			}
			n++
		}
	})
	if n != 2*209 {
		t.Errorf("%d homes checked", n)
	}
}

func TestOneRoll(t *testing.T) {
	p := mustCode(t, "Sw:6x2:19x2")
	f, rolls := OneRoll(p, engine.DefaultRules, engine.StatOff)
	if f.Fraction() != "4/36" || len(rolls) != 4 {
		t.Errorf("OneRoll: %s %v", f, rolls)
	}
}
