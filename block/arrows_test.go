package block

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/engine"
)

// TestArrows checks what "arrows:" may draw, on positions worked out by
// hand: with "dice:" a legal play of the roll or the start of one; after
// "play:" lines without dice the last play; with neither the way
// checkers travel; and always the block's "illegal:" play, drawn as that.
// A problem is reported at the line and column of the arrow concerned.
func TestArrows(t *testing.T) {
	const start66 = "game: long\nposition: start\ndice: 6-6\n"
	for _, c := range []struct {
		name, src string
		err       string // "line:col: message", or "" for none
		drawn     string // the arrows drawn as moves
	}{
		// The opening 6-6: two checkers leave the head (the first-turn
		// exception), 24/18/12 lands on Black's head, no die is a five.
		{"a legal play", start66 + "arrows: 24/18 24/18", "", "24/18 24/18"},
		{"the start of one", start66 + "arrows: 24/18", "", "24/18"},
		{"a path of one checker", start66 + "arrows: 24/18/12", `4:9: arrows: "24/18/12" is not a legal play with 6-6, nor the start of one: point 12 is held by the opponent`, ""},
		{"three off the head", start66 + "arrows: 24/18 24/18 24/18", `4:21: arrows: "24/18 24/18 24/18" is not a legal play with 6-6, nor the start of one: even on the first turn at most two checkers may leave the head`, ""},
		{"onto Black's head", start66 + "arrows: 24/12", `4:9: arrows: "24/12" is not a legal play with 6-6, nor the start of one: point 12 is held by the opponent`, ""},
		{"a five with 6-6", start66 + "arrows: 24/19", `4:9: arrows: "24/19" is not a legal play with 6-6, nor the start of one: the dice cannot move a checker from 24 to 19`, ""},
		{"spaces before the arrows", start66 + "arrows:    24/18 24/12", `4:18: arrows: "24/18 24/12" is not a legal play with 6-6, nor the start of one: point 12 is held by the opponent`, ""},
		// Later in the game one checker leaves the head, doubles too.
		{"mid-game, two off the head", "game: long\nwhite: 24x14 13\nblack: 12x14 1\ndice: 6-6\narrows: 24/18 24/18", `5:15: arrows: "24/18 24/18" is not a legal play with 6-6, nor the start of one: only one checker may leave the head per turn`, ""},
		// 13/8 is a legal five, but then no six can be played (12/6 and
		// 8/2 are held) while 12/7 lets a six follow.
		{"no legal play begins so", "game: short\nwhite: 13 12 1x13\nblack: 6x2 2x2 24x11\ndice: 6-5\narrows: 13/8", `5:9: arrows: no legal play with 6-5 begins with "13/8": after it the rest of the roll cannot be played as the rules require`, ""},
		{"the turn is lost", "game: long\nwhite: 13 1x14\nblack: 8 7 4x13\ndice: 6-5\narrows: 13/7", `5:9: arrows: nothing can be played with 6-5 (the turn is lost), so no move may be drawn`, ""},
		// The forbidden play is drawn as such, dashed, not as moves; a
		// part of it that is legal is drawn as moves.
		{"the illegal play", start66 + "illegal: 24/18 24/18 24/18\narrows: 24/18 24/18 24/18", "", ""},
		{"the illegal play in another order", "game: long\nposition: start\ndice: 5-3\nillegal: 24/19 24/21\narrows: 24/21 24/19", "", ""},
		{"part of the illegal play", start66 + "illegal: 24/18 24/18 24/18\narrows: 24/18 24/18", "", "24/18 24/18"},
		// After "play:" without dice: the play made, or its start; the
		// hit marks need not be written.
		{"the last play", "game: long\nposition: start\nplay: 6-5 24/18/13\narrows: 24/18 18/13", "", "24/18 18/13"},
		{"its start", "game: long\nposition: start\nplay: 6-5 24/18/13\narrows: 24/18", "", "24/18"},
		{"the same play by another path", "game: long\nposition: start\nplay: 6-5 24/18/13\narrows: 24/19/13", "", "24/19 19/13"},
		{"another play of the roll", "game: short\nposition: start\nplay: 6-5 24/13\narrows: 13/7 13/8", `4:9: arrows: "13/7 13/8" is not the play of the last play: line ("play: 6-5 24/13"), nor its start; without a dice: line the arrows show that play`, ""},
		{"a move the roll cannot make", "game: long\nposition: start\nplay: 6-5 24/18/13\narrows: 24/20", `4:9: arrows: "24/20" is not the play of the last play: line ("play: 6-5 24/18/13"), nor its start: the dice cannot move a checker from 24 to 20`, ""},
		{"a hit not marked", "game: short\nwhite: 14 13x4 8x3 6x5 4x2\nblack: 1x2 2x2 11 12x3 17x2 19x5\nplay: 3-2 14/11* 13/11\narrows: 14/11 13/11", "", "14/11 13/11"},
		// Neither: the way checkers travel. Long nardy: White 24 to 1,
		// Black 12 to 1, then 24 to 13.
		{"White's and Black's ways", "game: long\nposition: start\narrows: 24/13 12/1 1/24 18/13", "", "24/13 12/1 1/24 18/13"},
		{"backwards for both", "game: long\nposition: start\narrows: 24/13 13/24", `3:15: arrows: "13/24" runs backwards for both sides; without a dice: or play: line the arrows show the way checkers travel, forward along the way of White or of Black (add dice: to draw a roll's moves)`, ""},
		{"the bar in long nardy", "game: long\nposition: start\narrows: bar/20", `3:9: arrows: "bar/20" runs backwards for both sides; without a dice: or play: line the arrows show the way checkers travel, forward along the way of White or of Black (add dice: to draw a roll's moves)`, ""},
		{"Black's way in short nardy", "game: short\nposition: start\nturn: black\narrows: 1/12 13/24 bar/3", "", "1/12 13/24 bar/3"},
	} {
		b, err := Parse(c.src, Options{})
		got := errorsAt(err)
		if got != c.err {
			t.Errorf("%s: error\n%s\nwant\n%s", c.name, got, c.err)
			continue
		}
		if err == nil && engine.FormatSegments(b.Arrows) != formatMoves(t, c.drawn) {
			t.Errorf("%s: drawn %q, want %q", c.name, engine.FormatSegments(b.Arrows), c.drawn)
		}
	}
}

// errorsAt writes a Parse error as "line:col: message" lines.
func errorsAt(err error) string {
	if err == nil {
		return ""
	}
	var out []string
	for _, e := range err.(engine.ErrorList) {
		out = append(out, strconv.Itoa(e.Pos.Line)+":"+strconv.Itoa(e.Pos.Col)+": "+e.Msg)
	}
	return strings.Join(out, "\n")
}

func formatMoves(t *testing.T, s string) string {
	t.Helper()
	if s == "" {
		return ""
	}
	segs, err := engine.ParseMoves(s)
	if err != nil {
		t.Fatal(err)
	}
	return engine.FormatSegments(segs)
}

// TestArrowsNotJudgedOnABadPosition: when the position or the roll cannot
// be read, that is the block's one problem; the arrows are not judged.
func TestArrowsNotJudgedOnABadPosition(t *testing.T) {
	for _, src := range []string{
		"game: long\nwhite: 24x16\nblack: 12x15\ndice: 6-6\narrows: 24/12",
		"game: long\nposition: start\ndice: 7-1\narrows: 24/12",
	} {
		_, err := Parse(src, Options{})
		if err == nil || strings.Contains(err.Error(), "arrows") || strings.Count(err.Error(), "\n") > 0 {
			t.Errorf("%q: %v", src, err)
		}
	}
}

// TestCheckArrows checks the moves that replace a block's arrows (the
// diagram command's --arrows): the same rules, columns in the moves' text.
func TestCheckArrows(t *testing.T) {
	b, err := Parse("game: long\nposition: start\ndice: 6-6\nillegal: 24/18 24/18 24/18", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text  string
		col   int
		msg   string
		drawn string
	}{
		{"24/18 24/18", 0, "", "24/18 24/18"},
		{"", 0, "", ""},
		{"24/18 24/18 24/18", 0, "", ""}, // the illegal play
		{"24/18 24/12", 7, `"24/18 24/12" is not a legal play with 6-6, nor the start of one: point 12 is held by the opponent`, ""},
		{"24/x", 4, "", ""}, // a syntax error: its own message
		{strings.Repeat("24/18 ", MaxArrows+1), 0, "25 arrows; a diagram shows at most 24", ""},
	} {
		draw, col, msg := b.CheckArrows(c.text)
		if col != c.col || c.msg != "" && msg != c.msg || c.text == "24/x" && msg == "" {
			t.Errorf("%q: col %d, %q; want col %d, %q", c.text, col, msg, c.col, c.msg)
		}
		if msg == "" && engine.FormatSegments(draw) != formatMoves(t, c.drawn) {
			t.Errorf("%q: drawn %q, want %q", c.text, engine.FormatSegments(draw), c.drawn)
		}
	}
}

// FuzzCheckArrows: no text of moves panics the check, a problem's column
// lies inside the text, and moves accepted with a roll are the start of a
// legal play of it.
func FuzzCheckArrows(f *testing.F) {
	blocks := []string{
		"game: long\nposition: start\ndice: 6-6\nillegal: 24/18 24/18 24/18",
		"game: short\nwhite: 13 12 1x13\nblack: 6x2 2x2 24x11\ndice: 6-5",
		"game: long\nposition: start\nplay: 6-5 24/18/13",
		"game: short\nposition: start\nturn: black",
		"game: short\nwhite: 8 6x2 1x11\nwhite-bar: 1\nblack: 24x15\ndice: 6-2",
	}
	for i, s := range []string{"24/18 24/18", "24/12", "13/8 12/7", "24/18/13", "1/12 13/24", "bar/19 8/2 6/off", "24/18*(2)", ""} {
		f.Add(s, uint8(i))
	}
	parsed := make([]*Block, len(blocks))
	for i, src := range blocks {
		b, err := Parse(src, Options{})
		if err != nil {
			f.Fatal(err)
		}
		parsed[i] = b
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		b := parsed[int(which)%len(parsed)]
		draw, col, msg := b.CheckArrows(text)
		if col < 0 || col > utf8.RuneCountInString(text)+1 {
			t.Errorf("%q: column %d outside the text", text, col)
		}
		if msg != "" {
			return
		}
		if len(draw) > MaxArrows {
			t.Errorf("%q: %d arrows drawn", text, len(draw))
		}
		if b.HasDice && len(draw) > 0 && !engine.ExplainPart(b.Position, b.Dice, b.Rules, draw).Legal() {
			t.Errorf("%q: drawn, yet not the start of a legal play", text)
		}
	})
}
