package block

import (
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

func TestExpectVerify(t *testing.T) {
	const lastRoll = "game: long\nwhite:\nblack: 18x2\nturn: black\n"
	memo := &engine.Plays{}
	for _, c := range []struct {
		block, claim string
		got          string
		ok           bool
	}{
		// Seed 004: engine.White's first 3-3 has two plays, four dice each.
		{"game: long\nposition: start\ndice: 3-3", "moves 2", "2", true},
		{"game: long\nposition: start\ndice: 3-3", "moves 3", "2", false},
		{"game: long\nposition: start\ndice: 6-6", "dice-played 2", "2", true},
		{"game: long\nposition: start\ndice: 6-6", "legal 24/18 24/18", "legal", true},
		{"game: long\nposition: start\ndice: 6-6", "illegal 24/12", "illegal (point 12 is held by the opponent)", true},
		{"game: long\nposition: start\ndice: 6-6\nillegal: 24/18 18/12", "illegal", "illegal (point 12 is held by the opponent)", true},
		{"game: long\nposition: start", "pips white 360", "360", true},
		{"game: long\nposition: start", "doubles 6/36", "6/36", true},
		{"game: long\nposition: start", "head2 3/36", "3/36", true},
		// Seed 004: two checkers on engine.Black's 6-point draw with 4 of 36.
		{lastRoll, "draw 4/36", "4/36", true},
		{lastRoll + "rules: no-draws", "result oin 1", "oin 1", true},
		{lastRoll, "result oin", "not over (the last roll is to come)", false},
		{"game: short\nwhite:\nblack: 19x15", "result gammon 2", "gammon 2", true},
		{"game: short\nwhite:\nblack: 19x15\ncube: 4\njacoby: on", "result gammon 8", "gammon 8", true},
		{"game: short\nwhite:\nblack: 19x15\ncube: 1\njacoby: on", "result gammon 1", "gammon 1", true},
		// Seed 000's home mars: all 15 of the loser home, none off.
		{"game: long\nwhite:\nblack: 18x5 17x5 16x5\nturn: black", "result mars 2", "mars 2", true},
		{"game: long\nwhite:\nblack: 18x5 17x5 16x5\nturn: black\nrules: home-mars=on", "result home-mars 3", "home-mars 3", true},
		// The tournament cube in long nardy multiplies the result.
		{"game: long\nwhite:\nblack: 20 18x14\nturn: black\nrules: long-cube=on\ncube: 4", "result mars 8", "mars 8", true},
		{"game: short\nwhite:\nblack: 19x14\nblack-bar: 1\nrules: backgammon=off", "result gammon 2", "gammon 2", true},
	} {
		b, err := Parse(c.block+"\nexpect: "+c.claim, Options{})
		if err != nil {
			t.Errorf("%q with %q: %v", c.block, c.claim, err)
			continue
		}
		if len(b.Expect) != 1 {
			t.Fatalf("%q: %d claims", c.claim, len(b.Expect))
		}
		// Verify, and VerifyWith a memo shared by all the cases, asked
		// twice: the same answers.
		for k, m := range []*engine.Plays{nil, memo, memo} {
			got, ok := b.VerifyWith(b.Expect[0], m)
			if k == 0 {
				got, ok = b.Verify(b.Expect[0])
			}
			if got != c.got || ok != c.ok {
				t.Errorf("%q on %q: got %q %v, want %q %v", c.claim, c.block, got, ok, c.got, c.ok)
			}
		}
	}
}

func TestExpectErrors(t *testing.T) {
	for _, c := range []struct{ block, want string }{
		{"game: long\nposition: start\nexpect: moves 2", `line 3: expect "moves 2": the claim is about the block's roll: add a "dice:" line`},
		{"game: long\nposition: start\ndice: 6-6\nexpect: moves two", `line 4: expect "moves two": "two" is not a number`},
		{"game: long\nposition: start\nexpect: draw 4/36", `line 3: expect "draw 4/36": the side to move is not on its last roll`},
		{"game: long\nposition: start\nexpect: doubles 6", `line 3: expect "doubles 6": write the count out of 36, e.g. "doubles 4/36"`},
		{"game: long\nposition: start\nexpect: weather fine", `line 3: expect "weather fine": unknown claim "weather"`},
		{"game: long\nposition: start\nexpect: result marz", `line 3: expect "result marz": "marz" is not a result`},
		{"game: long\nposition: start\ndice: 6-6\nexpect: illegal", `line 4: expect "illegal": write the play`},
		{"game: long\nwhite:\nblack: 13x15\ncube: 2", `line 4: long nardy has no doubling cube; the tournament variant with one needs "rules: long-cube=on"`},
		{"game: long\nwhite:\nblack: 13x15\nrules: long-cube=on\ncube: 3", `line 5: cube 3: the cube doubles`},
		{"game: long\nwhite:\nblack: 13x15\nrules: long-cube=on\ncube: 2\njacoby: on", `line 6: the Jacoby rule is short nardy's`},
	} {
		_, err := Parse(c.block, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.block, err, c.want)
		}
	}
}

func TestOddsClaims(t *testing.T) {
	const (
		bearoff = "game: long\nwhite: 6x2\nblack: 18x5 17x5 16x5\nodds: bearoff 3\n"
		race    = "game: long\nwhite: 6\nblack: 18\nodds: race\n"
		escape  = "game: long\nwhite: 24x8 23 8 7 6 5 4x2\nblack: 12x12 11x3\nturn: black\nodds: escape 11 3\n"
		last    = "game: long\nwhite:\nblack: 18x2\nturn: black\nodds: lastroll\n"
	)
	for _, c := range []struct {
		block, claim string
		want         OddsClaim // without Item
		item         OddsKind
	}{
		{bearoff, "bearoff 2 78.2%", OddsClaim{Turns: 2, Chance: Chance{Tenths: 782, Text: "78.2%"}}, OddsBearOff},
		{bearoff, "bearoff 2 78,2%", OddsClaim{Turns: 2, Chance: Chance{Tenths: 782, Comma: true, Text: "78,2%"}}, OddsBearOff},
		{bearoff, "bearoff 2 78,2 %", OddsClaim{Turns: 2, Chance: Chance{Tenths: 782, Comma: true, Text: "78,2%"}}, OddsBearOff},
		{bearoff, "bearoff 3 100%", OddsClaim{Turns: 3, Chance: Chance{Tenths: 1000, Text: "100%"}}, OddsBearOff},
		{bearoff, "bearoff 3 >99.9%", OddsClaim{Turns: 3, Chance: Chance{Tenths: 999, Edge: 1, Text: ">99.9%"}}, OddsBearOff},
		{bearoff, "bearoff 1 4/36", OddsClaim{Turns: 1, Chance: Chance{Num: 4, Den: 36, Text: "4/36"}}, OddsBearOff},
		{bearoff, "bearoff 2 169/216", OddsClaim{Turns: 2, Chance: Chance{Num: 169, Den: 216, Text: "169/216"}}, OddsBearOff},
		{race, "race 3/16", OddsClaim{Winner: engine.White, Chance: Chance{Num: 3, Den: 16, Text: "3/16"}}, OddsRace},
		{race, "race draw 62.5%", OddsClaim{Draw: true, Chance: Chance{Tenths: 625, Text: "62.5%"}}, OddsRace},
		{race, "race black <0,1%", OddsClaim{Winner: engine.Black, Chance: Chance{Tenths: 1, Edge: -1, Comma: true, Text: "<0,1%"}}, OddsRace},
		{escape, "escape 3 31.8%", OddsClaim{Turns: 3, Chance: Chance{Tenths: 318, Text: "31.8%"}}, OddsEscape},
		{escape, "escape 11 1 2/36", OddsClaim{Turns: 1, Chance: Chance{Num: 2, Den: 36, Text: "2/36"}}, OddsEscape},
		{last, "lastroll 4/36", OddsClaim{Draw: true, Winner: engine.Black, Chance: Chance{Num: 4, Den: 36, Text: "4/36"}}, OddsLastRoll},
		{last, "lastroll white 88.9%", OddsClaim{Winner: engine.White, Chance: Chance{Tenths: 889, Text: "88.9%"}}, OddsLastRoll},
	} {
		b, err := Parse(c.block+"expect: "+c.claim, Options{})
		if err != nil {
			t.Errorf("%q: %v", c.claim, err)
			continue
		}
		e := b.Expect[0]
		if e.Odds == nil {
			t.Errorf("%q: not read as an odds claim", c.claim)
			continue
		}
		got := *e.Odds
		if got.Item != b.Odds[0] || got.Item.Kind != c.item {
			t.Errorf("%q: item %+v, want the block's %+v", c.claim, got.Item, b.Odds[0])
		}
		got.Item = OddsItem{}
		if got != c.want {
			t.Errorf("%q: %+v, want %+v", c.claim, got, c.want)
		}
		if _, ok := b.Verify(e); ok {
			t.Errorf("%q: Verify cannot check an odds claim, yet it says it holds", c.claim)
		}
	}
	for _, c := range []struct{ block, want string }{
		{bearoff + "expect: bearoff 2", `line 5: expect "bearoff 2": "2" is not a chance: write a percentage with at most one decimal ("78.2%", "78,2 %") or a fraction ("169/216")`},
		{bearoff + "expect: bearoff 78.2%", `line 5: expect "bearoff 78.2%": write "bearoff TURNS CHANCE", e.g. "bearoff 2 78.2%"`},
		{bearoff + "expect: bearoff 2 78.25%", `line 5: expect "bearoff 2 78.25%": "78.25%" is not a chance as the page writes it: one decimal, e.g. "78.2%"`},
		{bearoff + "expect: bearoff 2 178%", `line 5: expect "bearoff 2 178%": "178%" is not a chance`},
		{bearoff + "expect: bearoff 2 7/6", `line 5: expect "bearoff 2 7/6": "7/6" is not a chance: a fraction 0/N to N/N`},
		{bearoff + "expect: bearoff 4 99.9%", `line 5: expect "bearoff 4 99.9%": the table stops at 3 turns: count up to that, or ask for more on the "odds:" line`},
		{bearoff + "expect: bearoff 0 1%", `line 5: expect "bearoff 0 1%": "0" turns: write a number of turns, 1 to 10`},
		{bearoff + "expect: race 50%", `line 5: expect "race 50%": the claim is about a figure the page shows: add "race" to the block's "odds:" line`},
		{race + "expect: race mine 50%", `line 5: expect "race mine 50%": "mine" is not "white", "black" or "draw"`},
		{"game: short\nwhite: 6 5 4\nblack: 19 20 21\nodds: race\nexpect: race draw 0%", `line 5: expect "race draw 0%": short nardy has no draws`},
		{escape + "expect: escape 12 3 31.8%", `line 6: expect "escape 12 3 31.8%": the block's "odds:" line has no escape from 12: add "escape 12 3" to it`},
		{escape + "expect: escape x 3 31.8%", `line 6: expect "escape x 3 31.8%": "x" is not a point`},
		{"game: long\nwhite: 13 6\nblack: 12 11 10 9 8 3\nodds: escape 13 2, escape 6 1\nexpect: escape 1 10%", `line 5: expect "escape 1 10%": the block has several escapes: name the checker's point, e.g. "escape 13 1 10%"`},
		{last + "expect: lastroll", `line 6: expect "lastroll": write "lastroll [white|black|draw] CHANCE", e.g. "lastroll 4/36"`},
	} {
		_, err := Parse(c.block, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.block, err, c.want)
		}
	}
}

// TestClaimsOnRefusedLines: a claim about a statistic or an odds item that
// the block's own "stats:" or "odds:" line could not compute is not
// reported a second time.
func TestClaimsOnRefusedLines(t *testing.T) {
	for _, c := range []struct{ block, want string }{
		{"game: long\nwhite:\nblack: 18x2\nturn: black\nrules: no-draws\nstats: draw\nexpect: draw 4/36",
			"line 6: stats draw: the side to move is not on its last roll"},
		{"game: long\nwhite:\nblack: 18x2\nturn: black\nrules: no-draws\nodds: lastroll\nexpect: lastroll 11.1%",
			"line 6: odds lastroll: the side to move is not on its last roll"},
		// Without the line, the claim is what reports the problem.
		{"game: long\nwhite:\nblack: 18x2\nturn: black\nrules: no-draws\nexpect: draw 4/36",
			`line 6: expect "draw 4/36": the side to move is not on its last roll`},
		// A claim of the wrong form is reported all the same.
		{"game: long\nwhite:\nblack: 18x2\nturn: black\nrules: no-draws\nstats: draw\nexpect: draw 4",
			"line 6: stats draw: the side to move is not on its last roll (the starter must have borne off all 15, the other side have 4 or fewer left, all home, and the rules give a last roll)\nline 7: expect \"draw 4\": write the count out of 36"},
	} {
		_, err := Parse(c.block, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.block, err, c.want)
			continue
		}
		if n := len(err.(engine.ErrorList)); n != strings.Count(c.want, "\n")+1 {
			t.Errorf("%q: %d problems, want %d:\n%v", c.block, n, strings.Count(c.want, "\n")+1, err)
		}
	}
}
