package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// startGnubg starts gnubg for a test, or skips the test, saying why, when
// gnubg is not installed.
func startGnubg(t *testing.T) *Gnubg {
	t.Helper()
	if _, err := findGnubg(""); err != nil {
		t.Skipf("skipping the GNU Backgammon bridge: %v", err)
	}
	g, err := StartGnubg("")
	if err != nil {
		t.Fatal(err)
	}
	g.Log = &bytes.Buffer{}
	t.Cleanup(func() {
		if err := g.Close(); err != nil {
			t.Errorf("gnubg ended with %v", err)
		}
	})
	return g
}

func mustCode(t *testing.T, code string) engine.Position {
	t.Helper()
	p, err := engine.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGnubgHandWorked asks gnubg for positions whose answer is known, with
// each side on roll: it must bear its last checkers off, must enter from
// the bar when one point is open, and has no play when none is. A bridge
// that sent the position with the wrong side on roll, or read gnubg's
// points backwards, would fail every one of them.
func TestGnubgHandWorked(t *testing.T) {
	g := startGnubg(t)
	tests := []struct {
		name  string
		code  string
		dice  engine.Dice
		check func(engine.Play) bool // nil: no legal play
	}{
		{"white bears off its last two", "Sw:6,5:19x2", engine.Dice{6, 5},
			func(pl engine.Play) bool { return pl.Position.Off(engine.White) == engine.Checkers }},
		{"black bears off its last two", "Sb:6x2:20,19", engine.Dice{6, 5},
			func(pl engine.Play) bool { return pl.Position.Off(engine.Black) == engine.Checkers }},
		{"white enters on the one open point", "Sw:bar,6x5,5x5,4x4:24x2,23x2,22x2,21x2,20x2,12x5", engine.Dice{6, 1},
			func(pl engine.Play) bool {
				return pl.Position.Bar(engine.White) == 0 && pl.Position.Count(engine.White, 19) >= 1
			}},
		{"black enters on the one open point", "Sb:12x5,5x2,4x2,3x2,2x2,1x2:bar,21x4,20x5,19x5", engine.Dice{1, 6},
			func(pl engine.Play) bool {
				return pl.Position.Bar(engine.Black) == 0 && pl.Position.Count(engine.Black, 6) >= 1
			}},
		{"white cannot enter", "Sw:bar,6x5,5x5,4x4:24x2,23x2,22x2,21x2,20x2,12x5", engine.Dice{5, 4}, nil},
		{"black cannot enter", "Sb:12x5,5x2,4x2,3x2,2x2,1x2:bar,21x4,20x5,19x5", engine.Dice{2, 3}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustCode(t, tc.code)
			plays := engine.LegalPlays(p, tc.dice, engine.DefaultRules)
			if tc.check == nil {
				best, all, err := g.Ask(p, tc.dice)
				if err != nil {
					t.Fatal(err)
				}
				if best != "" || len(all) != 0 || len(plays) != 0 {
					t.Fatalf("gnubg has %q (%d moves), the engine %d plays; want none", best, len(all), len(plays))
				}
				return
			}
			pl, err := g.Choose(p, tc.dice, plays)
			if err != nil {
				t.Fatalf("%v; log: %s", err, g.Log)
			}
			if !tc.check(pl) {
				t.Errorf("gnubg plays %s, leading to %s", pl, engine.Code(pl.Position, engine.Dice{}, false, engine.DefaultRules))
			}
		})
	}
	if g.Mismatches != 0 || g.Compared != 4 {
		t.Errorf("compared %d, mismatches %d; want 4, 0", g.Compared, g.Mismatches)
	}
}

// TestGnubgMismatch gives the bridge a list of plays that lacks one of the
// engine's: it must count and log the difference and abandon the game,
// not play on.
func TestGnubgMismatch(t *testing.T) {
	g := startGnubg(t)
	p := engine.StartPosition(engine.Short)
	d := engine.Dice{3, 1}
	plays := engine.LegalPlays(p, d, engine.DefaultRules)
	_, err := g.Choose(p, d, plays[1:])
	if !errors.Is(err, errAbandoned) {
		t.Fatalf("Choose with a play missing = %v, want errAbandoned", err)
	}
	if g.Mismatches != 1 || g.Compared != 1 {
		t.Errorf("compared %d, mismatches %d; want 1, 1", g.Compared, g.Mismatches)
	}
	if log := g.Log.(*bytes.Buffer).String(); !strings.Contains(log, "disagree") || !strings.Contains(log, "gnubg only") {
		t.Errorf("log %q does not name the difference", log)
	}
}

// TestGnubgMatch plays a few games against gnubg: every position it plays
// is compared with the engine's legal plays, and none differs.
func TestGnubgMatch(t *testing.T) {
	g := startGnubg(t)
	out, abandoned, err := Match(engine.Short, engine.DefaultRules, 4, 7, newBotPlayer(0, engine.DefaultRules, 1), g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if abandoned != 0 || g.Mismatches != 0 || len(out) != 4 {
		t.Fatalf("%d games, %d abandoned, %d mismatches; log: %s", len(out), abandoned, g.Mismatches, g.Log)
	}
	if g.Compared < 20 {
		t.Errorf("only %d positions compared in 4 games", g.Compared)
	}
}
