package engine_test

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// explainCase is a written play and what Explain must make of it.
type explainCase struct {
	code   string // position, dice and rules
	text   string
	reason engine.Reason
	after  string // ReasonLegal: the position after the play, as a code
}

func runExplainCases(t *testing.T, cases []explainCase) {
	t.Helper()
	for _, c := range cases {
		pc, err := engine.ParseFullCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		v := engine.Explain(pc.Position, pc.Dice, pc.Rules, c.text)
		if v.Reason != c.reason {
			t.Errorf("%s %q: %s (%v), want %s", c.code, c.text, v.Reason, v, c.reason)
			continue
		}
		if c.reason == engine.ReasonLegal {
			if got := engine.Code(v.Play.Position, engine.Dice{}, false, engine.DefaultRules); got != c.after {
				t.Errorf("%s %q: leads to %s, want %s", c.code, c.text, got, c.after)
			}
		}
	}
}

// Explain once played each written checker path to its end before the
// next, so plays whose dice must interleave were rejected: two checkers
// entering before either moves on, or coming home before bearing off.
func TestExplainInterleavedDice(t *testing.T) {
	runExplainCases(t, []explainCase{
		{"Sw55:barx2,13x13:19x13,1x2", "bar/15 bar/15", engine.ReasonLegal, "Sb:15x2,13x13:19x13,1x2"},
		{"Sw55:barx2,13x13:19x13,1x2", "bar/15(2)", engine.ReasonLegal, "Sb:15x2,13x13:19x13,1x2"},
		{"Sw55:barx2,13x13:19x13,1x2", "bar/20/15 bar/20/15", engine.ReasonLegal, "Sb:15x2,13x13:19x13,1x2"},
		{"Lb66sb:1x4:23x2,17,16,14x2,13x9", "23/off 23/off", engine.ReasonLegal, "Lwsb:1x4:17,16,14x2,13x9"},
		{"Lw66sb:10,5x2,2x2,1x10:14x4,13x6", "10/off 5/off 5/off", engine.ReasonLegal, "Lbsb:2x2,1x10:14x4,13x6"},
		// Still illegal: entering one checker and moving it on first.
		{"Sw55:barx2,13x13:19x13,1x2", "bar/15 13/3", engine.ReasonBarFirst, ""},
		// Still illegal: bearing off while a checker is outside.
		{"Lw66sb:10,5x2,2x2,1x10:14x4,13x6", "5/off 5/off", engine.ReasonNotAllHome, ""},
	})
}

// Eastern: when a checker that hit shares its point, either checker may
// move on. Explain always moved the other one, so the hitter could not
// go first to an empty point and be covered there.
func TestExplainEasternHitterMovesOn(t *testing.T) {
	runExplainCases(t, []explainCase{
		{"Sb55:13x5,8x3,6x4,5:barx2,19x5,17x3,12x5:short=eastern", "bar/5*/10 bar/10", engine.ReasonLegal, "Sw:bar,13x5,8x3,6x4:19x5,17x3,12x5,10x2"},
		{"Sb55:13x5,8x3,6x4,5:barx2,19x5,17x3,12x5:short=eastern", "bar/5*/10(2)", engine.ReasonLegal, "Sw:bar,13x5,8x3,6x4:19x5,17x3,12x5,10x2"},
		// Still illegal: the hitter hides on a point already held.
		{"Sb55:13x5,8x3,6x4,5:bar,19x5,17x3,12x5,10:short=eastern", "bar/5*/10 12/17(2)", engine.ReasonHitAndHide, ""},
		// International rules allow it.
		{"Sb55:13x5,8x3,6x4,5:bar,19x5,17x3,12x5,10", "bar/5*/10 12/17(2)", engine.ReasonLegal, "Sw:bar,13x5,8x3,6x4:19x5,17x5,12x3,10x2"},
	})
}

// Explain ignored the "*" marks and took the first legal reading, so
// "13/5" with 5-3 became 13/8*/5, hitting, when 13/10/5 is legal. Marks
// now choose the reading; a play whose marks fit no legal reading is
// still accepted as before.
func TestExplainHitMarks(t *testing.T) {
	runExplainCases(t, []explainCase{
		{"Sw53:13,6x14:8,1x14", "13/5", engine.ReasonLegal, "Sb:6x14,5:8,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/10/5", engine.ReasonLegal, "Sb:6x14,5:8,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8*/5", engine.ReasonLegal, "Sb:6x14,5:bar,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8/5", engine.ReasonLegal, "Sb:6x14,5:bar,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8* 6/3", engine.ReasonLegal, "Sb:8,6x13,3:bar,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8 6/3", engine.ReasonLegal, "Sb:8,6x13,3:bar,1x14"},
	})
}
