package block

import (
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestAfterAndHighlight checks the plays a figure shows, with positions
// worked out by hand: the legal play matched whatever way it is written,
// and the position it leads to, the other side to move.
func TestAfterAndHighlight(t *testing.T) {
	for _, c := range []struct {
		src       string
		play      string // the engine's notation of the play, if checked
		afterCode string // the position after it
	}{
		// Long nardy, the start, 6-5: one checker from the head runs to
		// 13; Black is to move.
		{"game: long\nposition: start\ndice: 6-5\nafter: 24/18/13\nhighlight: 24/18 18/13\n", "24/18/13", "Lb:24x14,13:12x15"},
		// Written the other way round, the same play.
		{"game: long\nposition: start\ndice: 6-5\nafter: 24/19/13\nhighlight: 24/13\n", "24/18/13", "Lb:24x14,13:12x15"},
		// Short nardy, the start, 3-1: 8/5 6/5 makes the 5-point.
		{"game: short\nposition: start\ndice: 3-1\nafter: 8/5 6/5\nhighlight: 6/5 8/5\n", "8/5 6/5", "Sb:24x2,13x5,8x2,6x4,5x2:19x5,17x3,12x5,1x2"},
		// A hit: Black's blot on 18 goes to the bar.
		{"game: short\nwhite: 24x2 13x5 8x3 6x5\nblack: 19x5 18 17x3 16 12x3 1x2\ndice: 6-1\nafter: 24/18* 24/23\nhighlight: 24/23 24/18*\n", "", "Sb:23,18,13x5,8x3,6x5:bar,19x5,17x3,16,12x3,1x2"},
	} {
		b, err := Parse(c.src, Options{})
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		want, err := engine.ParseCode(c.afterCode)
		if err != nil {
			t.Fatal(err)
		}
		if b.After == nil || b.After.Position != want {
			t.Errorf("%q: after %v, want %s", c.src, b.After, c.afterCode)
		} else if got := b.After.Notation(); c.play != "" && got != c.play {
			t.Errorf("%q: after %q, want %q", c.src, got, c.play)
		}
		if b.Highlight == nil || b.Highlight.Position != b.After.Position {
			t.Errorf("%q: highlight %v, want the play after", c.src, b.Highlight)
		}
	}
}

func TestAfterAndHighlightErrors(t *testing.T) {
	const start = "game: long\nposition: start\n"
	for _, c := range []struct{ src, want string }{
		// Two checkers from the head when one plays the whole roll: at the
		// second move's column.
		{start + "dice: 6-5\nafter: 24/18 24/19", `4:14: after: the play "24/18 24/19" is not legal with 6-5: only one checker may leave the head: on this first turn the exception for a second one does not apply`},
		{start + "dice: 6-5\nhighlight: 24/12", `4:12: highlight: the play "24/12" is not legal with 6-5: the dice cannot move a checker from 24 to 12`},
		// Black's head is held: 24/12 with 6-6 would land on it.
		{start + "dice: 6-6\nafter: 24/18/12", `4:8: after: the play "24/18/12" is not legal with 6-6: point 12 is held by the opponent`},
		{start + "after: 24/18", `3:8: "after:" needs a "dice:" line: a play is legal or not for a roll`},
		// Without a "show:" line the moves are shown once there is a roll:
		// what is missing is the roll.
		{start + "highlight: 24/18", `3:12: "highlight:" needs a "dice:" line: a play is legal or not for a roll`},
		{start + "dice: 6-5\nshow: moves\nafter: 24/18/13", `5:8: "after:" draws the position after the play beside the block's diagram; add "diagram" to "show:"`},
		{start + "dice: 6-5\nshow: diagram\nhighlight: 24/18/13", `5:12: "highlight:" marks a play in the table of legal moves`},
		{start + "dice: 6-5\nafter: 24x18", `4:10: after: "24x18" is not a move`},
		{start + "dice: 6-5\nafter: 24/18/13\nafter: 24/13", `5:1: duplicate key "after"`},
	} {
		_, err := Parse(c.src, Options{})
		list, _ := err.(engine.ErrorList)
		got := ""
		for _, e := range list {
			got += strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Col) + ": " + e.Msg + "\n"
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: errors %q, want %q", c.src, got, c.want)
		}
	}
}

// TestShownPlaysOneProblemPerCause: a block's "after:", "highlight:" and
// "illegal:" lines are not blamed for a problem of its "dice:" line or of
// its position; each problem is reported once, where it is.
func TestShownPlaysOneProblemPerCause(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		// A die of 7: without a "show:" line the block would show its
		// moves, so "highlight:" asks for nothing.
		{"game: long\nposition: start\ndice: 7-1\nhighlight: 24/17 24/23\n", `3:7: dice "7-1": a die shows 1 to 6`},
		{"game: long\nposition: start\ndice: 7-1\nshow: diagram moves\nafter: 24/17\nhighlight: 24/17\nillegal: 24/17 24/23\n", `3:7: dice "7-1": a die shows 1 to 6`},
		// Sixteen checkers and a die of 7: two problems, none of the
		// plays'.
		{"game: long\nwhite: 24x16\nblack: 12x15\ndice: 7-1\nafter: 24/17\nhighlight: 24/17\nillegal: 24/17 24/23\n",
			`2:8: "24x16": a count is 1 to 15` + "\n" + `4:7: dice "7-1": a die shows 1 to 6`},
		// A good roll in a position that cannot be read: the position's
		// problem only.
		{"game: long\nwhite: 24x16\nblack: 12x15\ndice: 6-1\nhighlight: 24/18 24/23\nillegal: 24/18 24/17\n", `2:8: "24x16": a count is 1 to 15`},
		// A "show:" line without the moves table: that is the problem, and
		// the only one.
		{"game: long\nposition: start\ndice: 7-1\nshow: diagram\nhighlight: 24/17\n",
			`3:7: dice "7-1": a die shows 1 to 6` + "\n" + `5:12: "highlight:" marks a play in the table of legal moves, which the block does not show; add "moves" to "show:"`},
	} {
		_, err := Parse(c.src, Options{})
		list, _ := err.(engine.ErrorList)
		var got []string
		for _, e := range list {
			got = append(got, strconv.Itoa(e.Pos.Line)+":"+strconv.Itoa(e.Pos.Col)+": "+e.Msg)
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("%q:\n%s\nwant\n%s", c.src, strings.Join(got, "\n"), c.want)
		}
	}
}
