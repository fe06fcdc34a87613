package block

import (
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestReplies: a replies table names its statistics, takes its rows from
// "rolls:" and shows by default; its claims are checked against the
// rows worked out by hand in engine's TestRulesSecondPlayerHead.
func TestReplies(t *testing.T) {
	const start = "game: long\nposition: start\n"
	b, err := Parse(start+"replies: head2\nrolls: 2-1 5-5 3-3", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Show.Has(ShowDiagram) || !b.Show.Has(ShowReplies) || b.Show.Has(ShowRolls) {
		t.Errorf("default outputs %b: want the diagram and the replies table", b.Show)
	}
	if len(b.Replies) != 1 || b.Replies[0] != engine.StatHead2 || len(b.Rolls) != 3 {
		t.Errorf("replies %v over rolls %v", b.Replies, b.Rolls)
	}
	memo := &engine.Plays{}
	for _, c := range []struct {
		claim, got string
		ok         bool
	}{
		// After White's 5-5 (to point 4) Black's 6-2, 5-3 and 2-2 take
		// two as well: 8 of 36.
		{"replies 5-5 head2 8/36", "8/36", true},
		{"replies 5-5 24/19/14/9/4 head2 8/36", "8/36", true},
		{"replies 2-1 head2 4/36", "4/36", true},
		{"replies 2-1 head2 3/36", "4/36", false},
		// White's 3-3 has two plays with different answers.
		{"replies 3-3 24/15 24/21 head2 4/36", "4/36", true},
		{"replies 3-3 24/18 24/18 head2 3/36", "3/36", true},
		{"replies 3-3 head2 4/36", "3/36 or 4/36, by the play (name it)", false},
		{"replies 3-3 24/12 head2 4/36", "no such row: 24/12 is not legal with 3-3 (point 12 is held by the opponent)", false},
	} {
		b, err := Parse(start+"replies: head2\nrolls: 2-1 5-5 3-3\nexpect: "+c.claim, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.claim, err)
			continue
		}
		// Verify, and VerifyWith a memo shared by all the cases, asked
		// twice: the same answers.
		for k, m := range []*engine.Plays{nil, memo, memo} {
			got, ok := b.VerifyWith(b.Expect[0], m)
			if k == 0 {
				got, ok = b.Verify(b.Expect[0])
			}
			if got != c.got || ok != c.ok {
				t.Errorf("%s: got %q %v, want %q %v", c.claim, got, ok, c.got, c.ok)
			}
		}
	}
}

// TestRepliesErrors: every problem of a replies table names its line and
// column.
func TestRepliesErrors(t *testing.T) {
	const start = "game: long\nposition: start\n"
	for _, c := range []struct{ block, want string }{
		{start + "replies: head3", `line 3:10: unknown statistic "head3"`},
		{start + "replies: head2 head2", `line 3:16: replies: head2 is named twice`},
		{start + "replies:", `line 3:9: "replies:" names the statistics`},
		{start + "show: diagram replies", `line 3:7: "show: replies" needs a "replies:" line`},
		{start + "show: diagram\nrolls: 6-6", `line 4:1: "rolls:" chooses the rows of the "show: rolls" or "show: replies" table`},
		// After White's play it is Black's first turn, not a last roll.
		{start + "replies: draw", `line 3:10: replies draw: after 1-1 24/23/22/21/20, the side to move is not on its last roll`},
		// Black's reply to a play that ends the game: there is none.
		{"game: long\nwhite: 1\nblack: 18x15\nreplies: nomove", `line 4:10: replies: after 1-1 1/off the game is over; nobody rolls again`},
		{"game: long\nwhite:\nblack: 13x15\nturn: black\nrules: last-roll=off\nreplies: nomove", `line 6:10: replies: the game is over`},
		// A mid-game 6-6 with many plays: too many rows.
		{"game: short\nposition: start\nreplies: hit", `line 3:10: replies: the table would have more than 64 rows`},
		{start + "replies: head2\nexpect: replies 5-5 head2 8", `line 4:9: expect "replies 5-5 head2 8": "8" is not a count out of 36`},
		{start + "replies: head2\nexpect: replies 7-5 head2 8/36", `line 4:9: expect "replies 7-5 head2 8/36": dice "7-5": a die shows 1 to 6`},
		{start + "replies: head2\nexpect: replies 5-5 doubles 6/36", `line 4:9: expect "replies 5-5 doubles 6/36": the replies table counts head2, not doubles`},
		{start + "replies: head2\nrolls: 2-1\nexpect: replies 5-5 head2 8/36", `line 5:9: expect "replies 5-5 head2 8/36": the replies table has no row for 5-5`},
		{start + "stats: head2\nexpect: replies 5-5 head2 8/36", `line 4:9: expect "replies 5-5 head2 8/36": the claim is about the replies table: add a "replies:" line`},
	} {
		_, err := Parse(c.block, Options{})
		list := engine.AsList(err)
		if len(list) == 0 {
			t.Errorf("%q: no problem; want %s", c.block, c.want)
			continue
		}
		e := list[0]
		got := "line " + strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Col) + ": " + e.Msg
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%q:\n got %s\nwant %s…", c.block, got, c.want)
		}
	}
	// A claim on a refused "replies:" line is not reported again.
	_, err := Parse(start+"replies: draw\nexpect: replies 5-5 draw 0/36", Options{})
	if list := engine.AsList(err); len(list) != 1 {
		t.Errorf("a refused replies line and its claim: %v; want one problem", err)
	}
}
