package engine

import (
	"strings"
	"testing"
)

func TestExpectVerify(t *testing.T) {
	const lastRoll = "game: long\nwhite:\nblack: 18x2\nturn: black\n"
	for _, c := range []struct {
		block, claim string
		got          string
		ok           bool
	}{
		// Seed 004: White's first 3-3 has two plays, four dice each.
		{"game: long\nposition: start\ndice: 3-3", "moves 2", "2", true},
		{"game: long\nposition: start\ndice: 3-3", "moves 3", "2", false},
		{"game: long\nposition: start\ndice: 6-6", "dice-played 2", "2", true},
		{"game: long\nposition: start\ndice: 6-6", "legal 24/18 24/18", "legal", true},
		{"game: long\nposition: start\ndice: 6-6", "illegal 24/12", "illegal (point 12 is held by the opponent)", true},
		{"game: long\nposition: start\ndice: 6-6\nillegal: 24/18 18/12", "illegal", "illegal (point 12 is held by the opponent)", true},
		{"game: long\nposition: start", "pips white 360", "360", true},
		{"game: long\nposition: start", "doubles 6/36", "6/36", true},
		{"game: long\nposition: start", "head2 3/36", "3/36", true},
		// Seed 004: two checkers on Black's 6-point draw with 4 of 36.
		{lastRoll, "draw 4/36", "4/36", true},
		{lastRoll + "rules: no-draws", "result oin 1", "oin 1", true},
		{lastRoll, "result oin", "not over (the last roll is to come)", false},
		{"game: short\nwhite:\nblack: 19x15", "result gammon 2", "gammon 2", true},
		{"game: short\nwhite:\nblack: 19x15\ncube: 4\njacoby: on", "result gammon 8", "gammon 8", true},
		{"game: short\nwhite:\nblack: 19x15\ncube: 1\njacoby: on", "result gammon 1", "gammon 1", true},
	} {
		b, err := ParseBlock(c.block+"\nexpect: "+c.claim, ParseOptions{})
		if err != nil {
			t.Errorf("%q with %q: %v", c.block, c.claim, err)
			continue
		}
		if len(b.Expect) != 1 {
			t.Fatalf("%q: %d claims", c.claim, len(b.Expect))
		}
		got, ok := b.Verify(b.Expect[0])
		if got != c.got || ok != c.ok {
			t.Errorf("%q on %q: got %q %v, want %q %v", c.claim, c.block, got, ok, c.got, c.ok)
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
	} {
		_, err := ParseBlock(c.block, ParseOptions{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.block, err, c.want)
		}
	}
}

func TestProfile(t *testing.T) {
	for _, c := range []struct {
		rules string
		want  string
	}{
		{"", "default"},
		{"last-roll=off", "no-draws"},
		{"no-draws", "no-draws"},
		{"club head-exception=generalized", "no-draws block-check=end-of-turn"}, // a tie: the earlier preset
		{"short=eastern", "eastern"},
		{"federation block-check=end-of-turn", "federation block-check=end-of-turn"},
	} {
		r, err := ParseRules(DefaultRules, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Profile(); got != c.want {
			t.Errorf("Profile(%q) = %q, want %q", c.rules, got, c.want)
		}
	}
	if _, err := ParseRules(DefaultRules, "strict"); err == nil || !strings.Contains(err.Error(), "unknown profile \"strict\"; write a preset (default, federation, no-draws, club, eastern)") {
		t.Errorf("unknown preset: %v", err)
	}
}
