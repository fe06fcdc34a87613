package block

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestOverrideWinsOverTheRulesLine: Options.Override applies after the
// block's own "rules:" line, to a block and to each row of a table, and
// changes nothing else the line sets.
func TestOverrideWinsOverTheRulesLine(t *testing.T) {
	t.Parallel()
	opt := Options{Rules: engine.Rules{BlockCheck: engine.BlockEndOfTurn}, Override: []string{"last-roll=off"}}
	for _, c := range []struct{ src, want string }{
		{"game: long\nwhite:\nblack: 13x2\nturn: black\nrules: last-roll=on head-exception=doubles\n", "club"},
		{"game: long\nwhite:\nblack: 13x2\nturn: black\nrules: default\n", "no-draws"},
		{"game: long\nwhite:\nblack: 13x2\nturn: black\n", "no-draws block-check=end-of-turn"},
	} {
		b, err := Parse(c.src, opt)
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if got := b.Rules.Profile(); got != c.want {
			t.Errorf("%q: rules %q, want %q", c.src, got, c.want)
		}
	}
	tab, err := ParseTable("game: long\nwhite:\nblack: 24 1\nturn: white\nrules: last-roll=on\nshow: result\ncaption: a\n", Options{Override: []string{"last-roll=off"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Rows[0].Rules.Profile(); got != "no-draws" {
		t.Errorf("the table's row: rules %q", got)
	}
	// Without an override, the line wins over the context.
	b, err := Parse("game: long\nwhite:\nblack: 13x2\nturn: black\nrules: last-roll=on\n", Options{Rules: engine.Rules{NoLastRoll: true}})
	if err != nil || b.Rules.NoLastRoll {
		t.Errorf("the rules line lost to the context: %v", err)
	}
}
