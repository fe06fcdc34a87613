package block

import (
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// The block parser's fuzz target: no block may panic it, and whatever it
// accepts must survive a write-and-read round trip through a position
// code. Failing inputs found by fuzzing are kept in
// testdata/fuzz/FuzzParse/ and run by plain go test.

var blockSeeds = []string{
	"game: long\nwhite: 24x13 18x2\nblack: 12x15\nturn: white\ndice: 6-6\ncaption: The head rule in the middle of a game.\n",
	"game: long            # long | short\nwhite: 24x13 18x2     # comment\nblack: 12x15\n",
	"game: long\nposition: start\nplay: 2-1 24/22/21\ndice: 5-5\ncaption: Black may take a second checker.\n",
	"game: long\nwhite: 24x8 4x2 3 1 23 22\nblack: 12x14 11\ndice: 2-1\nmarks: 3 2 1 24 23 22\nillegal: 4/2 24/23\n",
	"game: long\nwhite:\nblack: 13x2\nturn: black\nstats: draw\n",
	"game: short\nwhite: 13x5 8x3 6x5\nblack: 20 19x4 17x3 12x5 1x2\nwhite-bar: 2\ndice: 5-4\nstats: enter hit\n",
	"game: short\nposition: start\nplay: 3-1 8/5 6/5\nplay: 6-4 1/7 1/5*\ndice: 5-5\nrules: short=eastern\nshow: diagram moves\narrows: 13/8 8/3\n",
	"game: long\nposition: Lb21sb:24x14,21:12x15:head-exception=doubles\nrules: block-check=end-of-turn block-exemption=home last-roll=off\nstats: head2 nomove lost\nname: after-21\n",
	"game: short\nposition: Sw:barx2,13x5,8x3,6x3:19x5,17x3,12x5,1x2\ndice: 6-6\nstats: enter\n",
	"game: long\nfrom: nowhere\n",
	"game: long\nposition: start\nshow: moves\n",
	"game: short\nwhite: 6x15\nblack: 19x15\nstarted: black\n",
	"game: long\nwhite: 25 0x2 1x16\nblack: 1\nwhite-bar: 1\n",
	"gmae: long\nwhite 24x15\nblack: 12x15\nturn: red\ndice: 7-1\n",
	"game: long\nposition: start\nreplies: head2 nomove\nrolls: 2-1 5-5 3-3\nexpect: replies 3-3 24/15 24/21 head2 4/36\nexpect: replies 5-5 head2 8/36\n",
	"game: long\nwhite:\nblack: 18x5 17x5 16x5\nturn: black\nrules: home-mars=on long-cube=on\ncube: 4\nshow: result\nexpect: result home-mars 12\n",
	"",
}

// FuzzParse: a block never panics the parser, every problem is an
// engine.Error at a line and column inside the block, and the position a
// block gives is possible and, written as a code, reads back as the same
// position, dice and rules.
func FuzzParse(f *testing.F) {
	for _, s := range blockSeeds {
		f.Add(s)
	}
	start := engine.StartPosition(engine.Long)
	opt := Options{
		Lookup: func(name string) (engine.Position, bool) { return start, name == "start-long" },
		Names:  []string{"start-long"},
	}
	f.Fuzz(func(t *testing.T, src string) {
		b, err := Parse(src, opt)
		if err != nil {
			list, ok := err.(engine.ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error of type %T, not a non-empty engine.ErrorList: %v", err, err)
			}
			lines := 1 + strings.Count(src, "\n")
			for _, e := range list {
				if e.Pos.File != "" || e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
					t.Fatalf("problem outside the block of %d lines: %v", lines, e)
				}
			}
			return
		}
		if err := b.Position.Validate(); err != nil {
			t.Fatalf("block gives an impossible position: %v", err)
		}
		code := engine.Code(b.Position, b.Dice, b.HasDice, b.Rules)
		c, err := engine.ParseFullCode(code)
		if err != nil {
			t.Fatalf("the block's position code %q does not read back: %v", code, err)
		}
		if c.Position != b.Position || c.HasDice != b.HasDice || c.Dice != b.Dice || c.Rules != b.Rules {
			t.Fatalf("the block's position code %q reads back as %s", code, engine.Code(c.Position, c.Dice, c.HasDice, c.Rules))
		}
	})
}

// FuzzParseTable: a table block never panics the parser, and every
// problem is an engine.Error at a line and column inside the table.
func FuzzParseTable(f *testing.F) {
	f.Add(resultsTable)
	f.Add("white:\nblack: 13x2\nturn: black\nstats: draw\ncaption: 2\n---\nwhite:\nblack: 18x2\nturn: black\nstats: draw\ncaption: 6\n")
	f.Add("---\n---\n")
	f.Add("white:\nblack: 13x5\nshow: result\n---\nstats: off\ndice: 6-5\n")
	for _, s := range blockSeeds {
		f.Add(s)
	}
	opt := Options{Game: engine.Long, HasGame: true}
	f.Fuzz(func(t *testing.T, src string) {
		tab, err := ParseTable(src, opt)
		if err != nil {
			list, ok := err.(engine.ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error of type %T, not a non-empty engine.ErrorList: %v", err, err)
			}
			lines := 1 + strings.Count(src, "\n")
			for _, e := range list {
				if e.Pos.File != "" || e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
					t.Fatalf("problem outside the table of %d lines: %v", lines, e)
				}
			}
			return
		}
		if len(tab.Rows) == 0 {
			t.Fatalf("a table without rows")
		}
		for _, r := range tab.Rows {
			if r.Caption == "" {
				t.Fatalf("a row without a caption")
			}
		}
	})
}
