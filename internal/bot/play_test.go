package bot

import (
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
)

// parse reads a position block written for a test.
func parse(t testing.TB, src string) *block.Block {
	t.Helper()
	b, err := block.Parse(src, block.Options{})
	if err != nil {
		t.Fatalf("%s\n%v", src, err)
	}
	return b
}

// TestObviousPlays are positions where the right play is plain to any
// player who knows the game: the strong and the middle level find it.
func TestObviousPlays(t *testing.T) {
	for _, tc := range []struct {
		name  string
		block string
		want  []string // the right play, or any of the right plays
	}{
		{"short: make the 5 point with the opening 3-1",
			"game: short\nposition: start\ndice: 3-1", []string{"8/5 6/5"}},
		{"short: bear off two rather than one in a race",
			"game: short\nwhite: 6x2 1\nblack: 19x5\ndice: 6-1", []string{"6/off 1/off"}},
		{"short: point on the blot in the home board",
			"game: short\nwhite: 13x3 8x4 6x4 5x2 3x2\nblack: 4 19x4 20x4 21x3 22x3\ndice: 4-2",
			[]string{"8/4* 6/4"}},
		{"short: no blot in front of the opponent's checkers",
			"game: short\nwhite: 8x2 6x2 5x2 4x2 3x2 2x3 1x2\nblack: 24x2 19x5 20x4 21x4\ndice: 6-6",
			[]string{"8/2 8/2 6/off 6/off", "8/2 8/2 6/off 6/off"}},
		{"long: take a checker from the head while the others wait there",
			"game: long\nwhite: 24x13 18 13\nblack: 12x13 6 1\ndice: 6-3",
			[]string{"24/18/15", "24/18 13/10", "24/21 13/7"}},
		{"long: bear off two rather than moving inside",
			"game: long\nwhite: 6x2 3\nblack: 13x5\ndice: 6-3", []string{"6/off 3/off"}},
		{"long: bear off from the highest points with 6-6",
			"game: long\nwhite: 6x4 2x2\nblack: 13x5 14x3\ndice: 6-6", []string{"6/off 6/off 6/off 6/off"}},
	} {
		b := parse(t, tc.block)
		for _, l := range []Level{Middle, Strong} {
			play, ok := New(l, b.Rules, 1).Choose(b.Position, b.Dice)
			if !ok {
				t.Errorf("%s, %s: no play", tc.name, l)
				continue
			}
			got := play.Notation()
			good := false
			for _, w := range tc.want {
				good = good || got == w
			}
			if !good {
				t.Errorf("%s, %s: chose %s, want %v", tc.name, l, got, tc.want)
			}
		}
	}
}

// TestCube judges clear cube positions and checks that each decision
// follows from the estimate given with it, by the rule of the package doc.
func TestCube(t *testing.T) {
	for _, tc := range []struct {
		name         string
		block        string
		double, take bool
	}{
		// White bears off both checkers with any roll: a sure win, no gammon.
		{"sure win in a race", "game: short\nwhite: 1x2\nblack: 24x2 23x3\nturn: white", true, false},
		// Black bears off its four last checkers with a double, else next
		// turn; White's two need doubles ≥ 3 or 6-5 (6 rolls of 36): White
		// has 30/36 · 6/36 ≈ 14%, below the take point.
		{"too little to take", "game: short\nwhite: 6 5\nblack: 24x4\nturn: black", true, false},
		// The start: nobody doubles, anybody takes.
		{"the start", "game: short\nposition: start\nturn: white", false, true},
		// White is far ahead in a race with 15 checkers of Black's on the
		// board and none off: it plays on for a gammon.
		{"too good", "game: short\nwhite: 1x2\nblack: 7x15\nturn: white", false, false},
	} {
		b := parse(t, tc.block)
		p := b.Position
		for _, l := range Levels {
			pl := New(l, b.Rules, 1)
			d, e := pl.ShouldDouble(p, engine.NewCube())
			if eq := e.Equity(); d != (eq >= DoublePoint && eq <= TooGood) {
				t.Errorf("%s, %s: double=%v does not follow from equity %.3f", tc.name, l, d, eq)
			}
			// The opponent, offered the double.
			tk, te := pl.ShouldTake(p.Flip(), engine.NewCube())
			if eq := te.Equity(); tk != (eq >= -0.5) {
				t.Errorf("%s, %s: take=%v does not follow from equity %.3f", tc.name, l, tk, eq)
			}
			if l == Beginner {
				continue
			}
			if d != tc.double || tk != tc.take {
				t.Errorf("%s, %s: double %v take %v (estimates %+v / %+v), want %v %v", tc.name, l, d, tk, e, te, tc.double, tc.take)
			}
		}
	}
	// A cube owned by the other side cannot be turned.
	p := parse(t, "game: short\nwhite: 1x2\nblack: 24x2 23x3\nturn: white").Position
	if d, _ := New(Strong, engine.DefaultRules, 1).ShouldDouble(p, engine.Cube{Value: 2, Owner: engine.Black, Owned: true}); d {
		t.Error("doubled with the opponent's cube")
	}
}

// TestEstimateSettled: finished games and the long-nardy last roll are
// valued exactly, at every level.
func TestEstimateSettled(t *testing.T) {
	for _, tc := range []struct {
		name  string
		block string
		want  Estimate
	}{
		{"short gammon lost", "game: short\nwhite:\nblack: 1x15\nturn: black", Estimate{Win: 0, LoseGammon: 1, LoseBackgammon: 1}},
		{"short single won", "game: short\nwhite:\nblack: 19\nturn: white", Estimate{Win: 1}},
		// White started and is off; Black has two checkers on its 1 point:
		// every roll bears both off, a draw.
		{"long last roll draws", "game: long\nwhite:\nblack: 13x2\nturn: black\nstarted: white", Estimate{Win: 0.5}},
	} {
		b := parse(t, tc.block)
		for _, l := range Levels {
			if got := New(l, b.Rules, 1).Estimate(b.Position); !near(got, tc.want) {
				t.Errorf("%s, %s: %+v, want %+v", tc.name, l, got, tc.want)
			}
		}
	}
	// Without backgammons, a backgammon is a gammon.
	b := parse(t, "game: short\nrules: backgammon=off\nwhite:\nblack: 1x15\nturn: black")
	if got := New(Strong, b.Rules, 1).Estimate(b.Position); got != (Estimate{LoseGammon: 1}) {
		t.Errorf("backgammon=off: %+v", got)
	}
}

// TestBeginnerErrs: over many positions the beginner does not always play
// as the middle level does, and it hits more often.
func TestBeginnerErrs(t *testing.T) {
	ps, ds := randomPositions(engine.Short, engine.DefaultRules, 4, 11)
	beg, mid := New(Beginner, engine.DefaultRules, 3), New(Middle, engine.DefaultRules, 3)
	differ, hitsB, hitsM := 0, 0, 0
	for i, p := range ps {
		x, ok := beg.Choose(p, ds[i])
		if !ok {
			continue
		}
		y, _ := mid.Choose(p, ds[i])
		if x.Position != y.Position {
			differ++
		}
		hitsB += x.Hits()
		hitsM += y.Hits()
	}
	if differ == 0 || differ == len(ps) {
		t.Errorf("the beginner differs from the middle level in %d of %d positions", differ, len(ps))
	}
	if hitsB <= hitsM {
		t.Errorf("the beginner hit %d times, the middle level %d", hitsB, hitsM)
	}
}

// near reports whether two estimates agree to 1e-9.
func near(a, b Estimate) bool {
	x := [5]float64{a.Win, a.WinGammon, a.LoseGammon, a.WinBackgammon, a.LoseBackgammon}
	y := [5]float64{b.Win, b.WinGammon, b.LoseGammon, b.WinBackgammon, b.LoseBackgammon}
	for i := range x {
		if d := x[i] - y[i]; d > 1e-9 || d < -1e-9 {
			return false
		}
	}
	return true
}

// TestBearoffExact: short-nardy bear-offs of a few checkers are valued by
// counting turns, checked here against chances worked out by hand.
func TestBearoffExact(t *testing.T) {
	for _, tc := range []struct {
		name  string
		block string
		win   float64
	}{
		// 6-5 and the doubles 3-3 … 6-6 bear off checkers on 6 and 5: 6 of
		// 36; Black bears off its last two on its 1 point with any roll.
		{"6 and 5 against a sure finish", "game: short\nwhite: 6 5\nblack: 24x2\nturn: white", 6.0 / 36},
		// Black needs a double to finish its four at once, else two turns.
		{"four on the ace point", "game: short\nwhite: 6 5\nblack: 24x4\nturn: black", 1 - 30.0/36*6.0/36},
		{"a sure finish", "game: short\nwhite: 1x2\nblack: 19x6\nturn: white", 1},
	} {
		b := parse(t, tc.block)
		e := New(Strong, b.Rules, 1).Estimate(b.Position)
		if d := e.Win - tc.win; d > 1e-9 || d < -1e-9 || e.WinGammon != 0 || e.LoseGammon != 0 {
			t.Errorf("%s: %+v, want Win %.6f", tc.name, e, tc.win)
		}
	}
}
