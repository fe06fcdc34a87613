package engine_test

import (
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// Fuzz targets for the engine's parsers: none may panic, and whatever one
// accepts must survive a write-and-read round trip. Failing inputs found
// by fuzzing are kept in testdata/fuzz/<target>/ and run by plain go test.

var codeSeeds = []string{
	"Lw:24x15:12x15",
	"Lw66:24x13,18x2:12x15",
	"Sb31:bar,13x5,8x3,6x5,2:19x5,17x3,12x5,1x2",
	"Lbsb:3,1x2:16,15x2:last-roll=off",
	"Lb21sb:24x14,21:12x15:head-exception=doubles,block-check=end-of-turn,block-exemption=home,last-roll=off",
	"Sw:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2:short=eastern",
	"Lw::",
	"Sw55:barx2,13x13:19x13,1x2",
	"Lw:24x16:12x15",
	"Lw:24,24:12",
	"Sw:bar:bar",
	"Lwsb:1:13:short=eastern",
	"Lw07:24:12",
	"Lw:24x01:12",
	"Lw:+24:12",
	"Sw:barx1:1",
	"L:24:12",
	"Lw:24:12:",
	"Lw:24:12:last-roll=on",
	"Lw:24:12:club",
	"Lw:24:12:a:b",
}

var moveSeeds = []string{
	"24/18",
	"24/18 24/18",
	"24/18(2)",
	"24/18/12",
	"13/7* 8/7",
	"13/7*/5",
	"bar/22 6/off",
	"bar/off",
	"24/23/22/21/20",
	"  13/8,\t6/1  ",
	"24/18(4) 13/7*(2)",
	"24/18(5)",
	"24/24",
	"*24/18",
	"6/off*",
	"off/6",
	"24/bar",
	"25/19",
	"0/3",
	"+6/-1",
	"24/18(2",
	"24/18()",
	"24//18",
	"двадцать/18",
	"",
}

// FuzzParseCode: a code never panics the parser; one it accepts is
// canonical (Code writes it back unchanged) and describes a possible
// position.
func FuzzParseCode(f *testing.F) {
	for _, s := range codeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := engine.ParseFullCode(s)
		if err != nil {
			return
		}
		if got := engine.Code(c.Position, c.Dice, c.HasDice, c.Rules); got != s {
			t.Fatalf("ParseFullCode(%q) is written back as %q", s, got)
		}
		if msg := checkPositionSane(c.Position); msg != "" {
			t.Fatalf("ParseFullCode(%q) gives an impossible position: %s", s, msg)
		}
		if p, err := engine.ParseCode(s); err != nil || p != c.Position {
			t.Fatalf("ParseCode(%q) differs from ParseFullCode: %v", s, err)
		}
	})
}

// FuzzParseMoves: move text never panics the parser, errors are syntax
// errors with a column inside the text (or just past its end), and what it accepts, written back
// with FormatSegments, reads as the same segments.
func FuzzParseMoves(f *testing.F) {
	for _, s := range moveSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		segs, err := engine.ParseMoves(s)
		if err != nil {
			se, ok := err.(*engine.Error)
			if !ok {
				t.Fatalf("error of type %T, not an *engine.Error: %v", err, err)
			}
			// A missing part at the end ("1/") is reported just past it.
			if n := len([]rune(s)); se.Pos.Col < 1 || se.Pos.Col > n+1 || se.Pos.Line != 0 {
				t.Fatalf("column %d outside the text of %d characters: %v", se.Pos.Col, n, err)
			}
			return
		}
		for _, sg := range segs {
			if sg.From == sg.To || sg.From == engine.Off || sg.To == engine.Bar || sg.From > engine.Bar || sg.To > engine.Bar {
				t.Fatalf("ParseMoves(%q) gives an impossible segment %+v", s, sg)
			}
		}
		text := engine.FormatSegments(segs)
		again, err := engine.ParseMoves(text)
		if err != nil {
			t.Fatalf("ParseMoves(%q) is written as %q, which does not parse: %v", s, text, err)
		}
		if len(again) != len(segs) {
			t.Fatalf("ParseMoves(%q) is written as %q, which reads as %d segments, not %d", s, text, len(again), len(segs))
		}
		for i := range segs {
			a, b := segs[i], again[i]
			if a.From != b.From || a.To != b.To || a.Hit != b.Hit {
				t.Fatalf("ParseMoves(%q) is written as %q, which reads differently: %+v, then %+v", s, text, a, b)
			}
		}
		if strings.TrimSpace(text) != text {
			t.Fatalf("FormatSegments writes %q with spaces around", text)
		}
		// Whatever is written, Explain judges it without panicking: a
		// legal verdict is one of the legal plays, any other a rule.
		d := engine.AllRolls()[len(s)%21]
		for _, code := range fuzzExplainCodes {
			p, err := engine.ParseCode(code)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range allVariants(p.Game)[:2] {
				v := engine.ExplainSegments(p, d, r, segs)
				switch {
				case v.Reason == engine.ReasonSyntax:
					t.Fatalf("%s %v: parsed text %q judged a syntax error", code, d, s)
				case v.Legal():
					found := false
					for _, pl := range engine.LegalPlays(p, d, r) {
						found = found || pl.Position == v.Play.Position
					}
					if !found {
						t.Fatalf("%s %v: %q accepted as %s, not a legal play", code, d, s, v.Play)
					}
				}
			}
		}
	})
}

// fuzzExplainCodes are the positions FuzzParseMoves judges its text in.
var fuzzExplainCodes = []string{
	"Lw:24x15:12x15",
	"Lb:24x13,18,16:12x15",
	"Sw:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2",
	"Sb:barx2,13x4,8x3,6x5,5:bar,19x5,17x3,12x5,1",
	"Sw:bar,6x4,5x3,3x2,2x3,1x2:24,20x4,19x5,17,12x2,4",
	"Lw:6x3,5x3,4x3,3x2,2x2,1x2:18x5,17x5,13x5",
}

// The compact code parser read a point written "25" as the bar, so
// "Sb:25:" was accepted and written back as "Sb:bar:" (found by
// FuzzParseCode; testdata/fuzz/FuzzParseCode/aa4bcbcc2b467264).
func TestParseCodePoint25(t *testing.T) {
	for _, s := range []string{"Sb:25:", "Sw:25x2,6x13:19x15", "Lw:25,24x14:12x15", "Lw:24x14:25"} {
		if c, err := engine.ParseFullCode(s); err == nil {
			t.Errorf("ParseFullCode(%q) accepts point 25 as %s", s, engine.Code(c.Position, c.Dice, c.HasDice, c.Rules))
		}
	}
	for _, s := range []string{"Sb:bar:", "Sw:barx2,6x13:19x15"} {
		if _, err := engine.ParseFullCode(s); err != nil {
			t.Errorf("ParseFullCode(%q): %v", s, err)
		}
	}
}
