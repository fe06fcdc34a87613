package odds

import (
	"math/big"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestRaceByHand checks races worked out by hand from the lone checker on
// the 6-point (off in one turn 3/4, else in two) and the 1-point (off at
// once).
func TestRaceByHand(t *testing.T) {
	for _, c := range []struct {
		code            string
		win, draw, loss *big.Rat
	}{
		// Short nardy: White wins at once 3/4, or after both miss
		// (1/4 · 1/4).
		{"Sw:6:19", rat(13, 16), rat(0, 1), rat(3, 16)},
		// Long nardy, White started: a draw when both finish in the same
		// round (3/4 · 3/4 + 1/4 · 1/4); White wins when it finishes
		// first and Black misses its last roll (3/4 · 1/4); Black wins
		// when White misses first (1/4 · 3/4).
		{"Lw:6:18", rat(3, 16), rat(5, 8), rat(3, 16)},
		// Black started, White to move: White (the second player) wins at
		// once by finishing first (3/4 + 1/4 · 1/4); if Black finishes
		// first, White is on a low point and its last roll always draws.
		{"Lwsb:6:18", rat(13, 16), rat(3, 16), rat(0, 1)},
		// Seed 004: the starter finishes; 2 on the 1-point always draw.
		{"Lw:1:13x2", rat(0, 1), rat(1, 1), rat(0, 1)},
		// The second player finishes first: it wins at once.
		{"Lwsb:1:13x2", rat(1, 1), rat(0, 1), rat(0, 1)},
		// Without the last roll there are no draws.
		{"Lw:1:13x2:last-roll=off", rat(1, 1), rat(0, 1), rat(0, 1)},
		// The last roll being taken (White started and is off): Black to
		// move draws with 3-3, 4-4, 5-5, 6-6.
		{"Lb::18x2", rat(0, 1), rat(4, 36), rat(32, 36)},
	} {
		pc, err := engine.ParseFullCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		ro, err := Race(pc.Position, pc.Rules, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		if ro.Method != Exact {
			t.Errorf("%s: method %s", c.code, ro.Method)
		}
		for _, x := range []struct {
			name string
			got  Figure
			want *big.Rat
		}{{"win", ro.Win, c.win}, {"draw", ro.Draw, c.draw}, {"loss", ro.Loss, c.loss}} {
			if !x.got.IsExact() || x.got.Rat.Cmp(x.want) != 0 {
				t.Errorf("%s: %s %s, want %s", c.code, x.name, x.got, x.want.RatString())
			}
		}
		if ro.Side != pc.Position.Turn {
			t.Errorf("%s: side %s", c.code, ro.Side)
		}
	}
}

// TestRaceSums checks that the three chances add up to 1 and that a
// position and its mirror image (colours swapped) give the same chances.
func TestRaceSums(t *testing.T) {
	for _, c := range []struct{ code, mirror string }{
		{"Lw:6x3,5x3,4x2,3x3,2,1x2:18x3,17x3,16x2,15x3,14,13x2", "Lb:6x3,5x3,4x2,3x3,2,1x2:18x3,17x3,16x2,15x3,14,13x2"},
		{"Sw:6x3,5x2,2x4:24,23x2,22x2,20x2", "Sb:5x2,3x2,2x2,1:23x4,20x2,19x3"},
	} {
		a, err := Race(mustCode(t, c.code), engine.DefaultRules, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s := a.Win.Value + a.Draw.Value + a.Loss.Value; abs(s-1) > 1e-12 {
			t.Errorf("%s: chances add up to %v", c.code, s)
		}
		if c.mirror == "" {
			continue
		}
		p := mustCode(t, c.mirror)
		p.Started = engine.Black
		b, err := Race(p, engine.DefaultRules, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if abs(a.Win.Value-b.Win.Value) > 1e-12 || abs(a.Draw.Value-b.Draw.Value) > 1e-12 {
			t.Errorf("%s: %s / %s; mirror %s / %s", c.code, a.Win, a.Draw, b.Win, b.Draw)
		}
	}
}

func TestRaceErrors(t *testing.T) {
	for _, c := range []string{
		"Sw:6:5",      // contact in short nardy
		"Sw:bar,6:19", // a checker on the bar
		"Lw:13,6:18",  // White still has to pass Black's first half
		"Lw:6:11",     // Black still has to pass White's home
		"Sw::19",      // White has won
		"Lw::18x5",    // no last roll with 5 left
		"Lb::18x2,9",  // no last roll with a checker outside the home
		"Sb:6:",       // Black has won
		"Lw:1:13x2:last-roll=off,block-check=end-of-turn", // not a canonical code: a parse error
	} {
		pc, err := engine.ParseFullCode(c)
		if err != nil {
			continue
		}
		if _, err := Race(pc.Position, pc.Rules, Options{}); err == nil {
			t.Errorf("%s: no error", c)
		}
	}
}

func TestContact(t *testing.T) {
	for _, c := range []struct {
		code    string
		contact bool
	}{
		{"Sw:6:19", false},
		{"Sw:18:19", false},
		{"Sw:19:18", true},
		{"Sw:bar:24", true},
		{"Lw:12x15:24x15", false},
		{"Lw:13:24", true}, // White's 13 is Black's 1: White has not passed it
		{"Lw:12:1", true},  // Black's own 13
		{"Lw:24x15:12x15", true},
		{"Lw::12", false},
	} {
		p, err := engine.ParseCode(c.code)
		if err != nil {
			continue
		}
		if got := Contact(p); got != c.contact {
			t.Errorf("%s: contact %v, want %v", c.code, got, c.contact)
		}
	}
}
