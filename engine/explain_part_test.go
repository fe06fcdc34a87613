package engine_test

import (
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
)

// TestExplainPart checks moves drawn as the start of a play, on positions
// worked out by hand: each case says why the moves are, or are not, the
// first moves of a legal play of the roll.
func TestExplainPart(t *testing.T) {
	for _, c := range []struct {
		name, block, moves string
		want               engine.Reason
		col                int // of the move the verdict names (0: none)
		play               string
	}{
		// The opening 6-6 of long nardy: two checkers leave the head
		// (the first-turn exception); 24/18/12 would land on Black's
		// head; no die is a five.
		{"the whole play", "game: long\nposition: start\ndice: 6-6", "24/18 24/18", engine.ReasonLegal, 0, "24/18 24/18"},
		{"its first move", "game: long\nposition: start\ndice: 6-6", "24/18", engine.ReasonLegal, 0, "24/18 24/18"},
		{"three off the head", "game: long\nposition: start\ndice: 6-6", "24/18 24/18 24/18", engine.ReasonHead, 13, ""},
		{"onto Black's head", "game: long\nposition: start\ndice: 6-6", "24/12", engine.ReasonPointHeld, 1, ""},
		{"a five with 6-6", "game: long\nposition: start\ndice: 6-6", "24/19", engine.ReasonNoDice, 1, ""},
		// Later in the game one checker leaves the head per turn, doubles
		// included; Black's checker on 1 holds it, so 13/7 goes no
		// further and 18/12 lands on Black's head: two sixes in all.
		{"mid-game 6-6, two off the head", "game: long\nwhite: 24x14 13\nblack: 12x14 1\ndice: 6-6", "24/18 24/18", engine.ReasonHead, 7, ""},
		{"mid-game 6-6, one off the head", "game: long\nwhite: 24x14 13\nblack: 12x14 1\ndice: 6-6", "24/18 13/7", engine.ReasonLegal, 0, "24/18 13/7"},
		// Short nardy, White's last checker outside on 8, 6-2: 6/off
		// cannot come first (a checker is still outside), but after 8/6
		// it can; drawn in either order the two moves are the play.
		{"bearing off before all are home", "game: short\nwhite: 8 6x2 1x12\nblack: 24x15\ndice: 6-2", "6/off", engine.ReasonNotAllHome, 1, ""},
		{"the checker home first", "game: short\nwhite: 8 6x2 1x12\nblack: 24x15\ndice: 6-2", "8/6", engine.ReasonLegal, 0, ""},
		{"in the other order", "game: short\nwhite: 8 6x2 1x12\nblack: 24x15\ndice: 6-2", "6/off 8/6", engine.ReasonLegal, 0, "8/2/off"}, // the same position,
		// Black holds 6 and 2. 13/8 is a legal five, but then no six can
		// be played (12/6 and 8/2 are held), while 12/7 lets 13/7 or 7/1
		// follow: no legal play begins with 13/8.
		{"a move that leaves the other die unplayable", "game: short\nwhite: 13 12 1x13\nblack: 6x2 2x2 24x11\ndice: 6-5", "13/8", engine.ReasonMustPlayMore, 0, ""},
		{"a move that lets it be played", "game: short\nwhite: 13 12 1x13\nblack: 6x2 2x2 24x11\ndice: 6-5", "12/7", engine.ReasonLegal, 0, ""},
		// Only one die can be played (7/2 and 8/2 would hit the checker
		// on 2 in long nardy, where a checker holds a point): the larger.
		{"the smaller die when only one can be played", "game: long\nwhite: 13 1x14\nblack: 2 4x14\ndice: 6-5", "13/8", engine.ReasonMustPlayLarger, 0, ""},
		{"the larger", "game: long\nwhite: 13 1x14\nblack: 2 4x14\ndice: 6-5", "13/7", engine.ReasonLegal, 0, "13/7"},
		// Nothing can move: no drawn move begins a play.
		{"a lost turn", "game: long\nwhite: 13 1x14\nblack: 8 7 4x13\ndice: 6-5", "13/2", engine.ReasonNoMove, 0, ""},
	} {
		b, err := block.Parse(c.block, block.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		segs, err := engine.ParseMoves(c.moves)
		if err != nil {
			t.Fatal(err)
		}
		v := engine.ExplainPart(b.Position, b.Dice, b.Rules, segs)
		if v.Reason != c.want || v.Col != c.col {
			t.Errorf("%s: %q: %s (col %d), want %s (col %d)", c.name, c.moves, v, v.Col, c.want, c.col)
			continue
		}
		if c.play != "" && v.Play.Notation() != c.play {
			t.Errorf("%s: %q begins %s, want %s", c.name, c.moves, v.Play.Notation(), c.play)
		}
		// A whole play is judged alike by Explain.
		if full := engine.ExplainSegments(b.Position, b.Dice, b.Rules, segs); full.Legal() && !v.Legal() {
			t.Errorf("%s: %q is a legal play but not a legal start of one", c.name, c.moves)
		}
	}
}

// TestExplainPartPrefixes checks, on random positions of both games, that
// every prefix of the moves of every legal play, in the order the play
// lists them, is a legal start of a play, and that a whole play found so
// is legal.
func TestExplainPartPrefixes(t *testing.T) {
	for _, src := range []string{
		"game: long\nposition: start\ndice: 6-6",
		"game: long\nposition: start\ndice: 3-3",
		"game: long\nwhite: 24x10 20 18 13 7 1\nblack: 12x10 9 6 3 23 22\ndice: 4-4",
		"game: short\nposition: start\ndice: 6-5",
		"game: short\nwhite: 13x4 8x3 6x5 5\nwhite-bar: 1\nblack: 1x2 12x5 17x3 19x4 20\ndice: 5-5",
		"game: short\nwhite: 6x3 5x2 4x4 3x3 2x2 1\nblack: 24x15\ndice: 6-1",
	} {
		b, err := block.Parse(src, block.Options{})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		for _, pl := range engine.LegalPlays(b.Position, b.Dice, b.Rules) {
			moves := pl.Moves()
			for k := 1; k <= len(moves); k++ {
				var segs []engine.Segment
				for _, m := range moves[:k] {
					segs = append(segs, engine.Segment{From: m.From, To: m.To, Hit: m.Hit})
				}
				if v := engine.ExplainPart(b.Position, b.Dice, b.Rules, segs); !v.Legal() {
					t.Errorf("%q: the first %d moves of %s: %s", src, k, pl.Notation(), v)
				} else if k == len(moves) && v.Play.Position != pl.Position {
					t.Errorf("%q: all of %s read as %s", src, pl.Notation(), v.Play.Notation())
				}
			}
		}
	}
}
