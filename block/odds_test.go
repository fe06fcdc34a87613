package block

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

func TestOddsKey(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []OddsItem
	}{
		{"game: long\nwhite: 6 4 2\nblack: 18x5 17x5 16x5\nodds: bearoff 3",
			[]OddsItem{{Kind: OddsBearOff, Turns: 3, Pos: engine.Pos{Line: 4, Col: 7}}}},
		{"game: short\nwhite: 6 5x2\nblack: 19 20\nodds: race,bearoff 10  # both",
			[]OddsItem{{Kind: OddsRace, Pos: engine.Pos{Line: 4, Col: 7}}, {Kind: OddsBearOff, Turns: 10, Pos: engine.Pos{Line: 4, Col: 12}}}},
		{"game: long\nwhite: 13 6\nblack: 12 11 10 9 8 3\nodds: escape 13 2, escape 6 1",
			[]OddsItem{{Kind: OddsEscape, Turns: 2, Point: 13, Pos: engine.Pos{Line: 4, Col: 7}}, {Kind: OddsEscape, Turns: 1, Point: 6, Pos: engine.Pos{Line: 4, Col: 20}}}},
		{"game: long\nwhite:\nblack: 18x2\nturn: black\nodds: lastroll, race",
			[]OddsItem{{Kind: OddsLastRoll, Pos: engine.Pos{Line: 5, Col: 7}}, {Kind: OddsRace, Pos: engine.Pos{Line: 5, Col: 17}}}},
		{"game: short\nwhite: 6 5\nwhite-bar: 1\nblack: 20x2 19x2 18x2 17x2 16x2 15x2\nodds: escape bar 3",
			[]OddsItem{{Kind: OddsEscape, Turns: 3, Point: engine.Bar, Pos: engine.Pos{Line: 5, Col: 7}}}},
	} {
		b, err := Parse(c.src, Options{})
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if !slices.Equal(b.Odds, c.want) {
			t.Errorf("%q: Odds = %+v, want %+v", c.src, b.Odds, c.want)
		}
		if !b.Show.Has(ShowOdds) || !b.Show.Has(ShowDiagram) {
			t.Errorf("%q: default show %b lacks the diagram or the odds", c.src, b.Show)
		}
	}
	b, err := Parse("game: long\nwhite: 6\nblack: 18\nshow: diagram\nodds: race", Options{})
	if err != nil || b.Show.Has(ShowOdds) || len(b.Odds) != 1 {
		t.Errorf("explicit show without odds: %v, %b, %v", err, b.Show, b.Odds)
	}
	b, err = Parse("game: long\nwhite: 6\nblack: 18\nshow: odds\nodds: race", Options{})
	if err != nil || b.Show != ShowOdds {
		t.Errorf("show: odds: %v, %b", err, b.Show)
	}
}

func TestOddsKeyErrors(t *testing.T) {
	const home = "game: long\nwhite: 6 4 2\nblack: 18x5 17x5 16x5\n"
	const shortHome = "game: short\nwhite: 6 4 2\nblack: 19x5 20x5 21x5\n"
	for _, c := range []struct{ src, want string }{
		{home + "odds:", `4:6: odds: name what to compute: bearoff TURNS, race, escape POINT TURNS, lastroll`},
		{home + "odds: bearof 3", `4:7: unknown odds "bearof" (did you mean "bearoff"?); known: bearoff TURNS`},
		{home + "odds: bearoff", `4:7: odds bearoff: write how many turns to count, 1 to 10`},
		{home + "odds: bearoff 0", `4:15: odds bearoff: "0" turns: write a number of turns, 1 to 10`},
		{home + "odds: bearoff 11", `4:15: odds bearoff: "11" turns`},
		{home + "odds: bearoff three", `4:15: odds bearoff: "three" turns`},
		{home + "odds: bearoff 3 4", `4:17: odds bearoff: write how many turns`},
		{home + "odds: bearoff 3 race", `4:17: odds: put a comma before "race"`},
		{home + "odds: bearoff 3,, race", `4:17: odds: an empty item between commas`},
		{home + "odds: race,", `4:12: odds: an empty item between commas`},
		{home + "odds: race 2", `4:12: odds race takes nothing after it`},
		{home + "odds: bearoff 3, bearoff 2", `4:18: odds "bearoff" is listed twice`},
		{"game: long\nwhite: 6\nblack: 3 18\nodds: race, escape 6 2, escape 6 3", `4:25: odds "escape" is listed twice`},
		{"game: long\nwhite: 19 6\nblack: 18x5\nodds: race, bearoff 2", `4:13: odds bearoff: white still has a checker outside its home (on 19)`},
		{"game: long\nwhite: 6\nblack: 12x15\nodds: bearoff 2", `4:7: odds bearoff: the sides are still in contact: black's checker on 12 has still to pass white's checkers; the count of turns to bear off looks at one side only`},
		{"game: short\nwhite: 6\nblack: 5 24\nodds: bearoff 2", `4:7: odds bearoff: the sides are still in contact: white's checker on 6 and black's on 5 have not passed each other`},
		{"game: short\nwhite: 6\nwhite-bar: 1\nblack: 24\nodds: bearoff 2", `5:7: odds bearoff: white has a checker on the bar`},
		{"game: long\nwhite:\nblack: 18x2\nturn: black\nodds: bearoff 2", `5:7: odds bearoff: this is the long-nardy last roll`},
		{"game: long\nwhite:\nblack: 18x5\nturn: black\nodds: race", `5:7: odds race: the game is over`},
		{"game: long\nwhite: 13\nblack: 18x5\nodds: race", `4:7: odds race: the sides are still in contact: white's checker on 13 has still to pass black's checkers; a race needs no contact`},
		{shortHome + "odds: lastroll", `4:7: odds lastroll: draws exist only in long nardy`},
		{home + "odds: lastroll", `4:7: odds lastroll: the side to move is not on its last roll`},
		{home + "odds: escape 13 2", `4:14: odds escape: white (to move) has no checker on point 13`},
		{home + "odds: escape 6", `4:7: odds escape: write the checker's point and how many turns to count`},
		{home + "odds: escape 25 2", `4:14: odds escape: "25" is not a point`},
		{home + "odds: escape bar 2", `4:14: odds escape: long nardy has no bar`},
		{shortHome + "odds: escape bar 2", `4:14: odds escape: white has no checker on the bar`},
		{home + "odds: escape 6 x", `4:16: odds escape: "x" turns: write a number of turns, 1 to 10`},
		{home + "odds: escape 6 2", `4:14: odds escape: no point ahead of the checker on 6 is held by black: there is no blockade to escape`},
		{"game: long\nwhite: 9\nblack: 3 1 19\nodds: escape 9 2", `4:14: odds escape: the blockade in front of the checker on 9 reaches white's last point (1)`},
		{home + "show: odds", `4:7: "show: odds" needs an "odds:" line naming them`},
	} {
		_, err := Parse(c.src, Options{})
		list, _ := err.(engine.ErrorList)
		got := ""
		for _, e := range list {
			got += strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Col) + ": " + e.Msg + "\n"
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%q:\nerrors %q\nwant   %q", c.src, got, c.want)
		}
	}
}
