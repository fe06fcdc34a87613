package site

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// lastRoll is a position block on Black's last roll, with the rules line
// rules: under last-roll=on its 6-5 bears off both checkers (a draw),
// under last-roll=off the game is over.
func lastRoll(rules string) string {
	s := "```nardy\ngame: long\nwhite:\nblack: 13x2\nturn: black\ndice: 6-5\n"
	if rules != "" {
		s += "rules: " + rules + "\n"
	}
	return s + "```\n"
}

// pinnedSite is a site whose blocks set last-roll themselves, or not, in
// every way a page can: a block's own line (a key, or a preset), a row of
// a table, the page's front matter; and blocks whose lines set other
// rules, or the value the override has, or are of the other game.
func pinnedSite() fstest.MapFS {
	a := "---\ntitle: A\n---\n" + // lines 1-3
		lastRoll("last-roll=on") + // 4-11: the rules line is 10
		lastRoll("last-roll=off") + // 12-19: the override's value
		lastRoll("default") + // 20-27: a preset sets every rule; 26
		lastRoll("block-check=end-of-turn") + // 28-35: another rule
		"```nardy\ngame: short\nposition: start\ndice: 3-1\nrules: short=eastern\n```\n" + // 36-41: the other game
		"```nardy-table\ngame: long\nwhite:\nblack: 13x2\nturn: black\nstats: draw\nrules: last-roll=on\ncaption: one\n" + // 42-49: the first row's rules line is 48
		"---\ngame: long\nwhite:\nblack: 18x2\nturn: black\nstats: draw\ncaption: two\n```\n" // 50-57
	b := "---\ntitle: B\nrules: last-roll=on\n---\n" + // the page sets it, line 3
		lastRoll("") + // 5-11
		lastRoll("block-check=each-die") + // 12-19: its own line sets another rule
		lastRoll("no-draws") // 20-27: its own line sets the override's value
	return bothLangs(map[string]*fstest.MapFile{"a.md": {Data: []byte(a)}, "b.md": {Data: []byte(b)}})
}

// TestDiffListsPinnedBlocks: diff --rules names the blocks that keep
// their own value of a rule the override changes, each with the line
// that sets it, a block and its translation together; with
// --override-pinned the override applies to them too, and their figures
// are among those that change.
func TestDiffListsPinnedBlocks(t *testing.T) {
	t.Parallel()
	opt := Options{Content: "content", FS: pinnedSite()}
	d, err := DiffRules(t.Context(), opt, []string{"no-draws"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pr := range d.Pinned {
		for _, places := range pr.Blocks {
			got = append(got, pr.Key+"="+pr.Value+" "+strings.Join(places, ", "))
		}
	}
	want := []string{
		"last-roll=off content/ru/a.md:10, content/uk/a.md:10",
		"last-roll=off content/ru/a.md:26, content/uk/a.md:26",
		"last-roll=off content/ru/a.md:48, content/uk/a.md:48",
		"last-roll=off content/ru/b.md:3, content/uk/b.md:3", // two blocks, each at the page's line
		"last-roll=off content/ru/b.md:3, content/uk/b.md:3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("pinned:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Only the block that sets another rule changes, and the table's row
	// that sets none no longer makes sense.
	if len(d.Figures) != 1 || d.Figures[0].Where[0] != "content/ru/a.md:28" {
		t.Errorf("figures that change: %v", d.Figures)
	}
	if len(d.Problems) != 2 || !strings.HasPrefix(d.Problems[0].Error(), "content/ru/a.md:55:8: stats draw: ") {
		t.Errorf("problems: %v", d.Problems)
	}
	report := d.String()
	for _, line := range []string{
		"5 blocks set last-roll themselves: last-roll=off leaves them as they are (--override-pinned changes them too):\n  content/ru/a.md:10, content/uk/a.md:10\n",
		"1 of 9 figures change; 1 claim or block to rewrite\n",
	} {
		if !strings.Contains(report, line) {
			t.Errorf("the report has no %q:\n%s", line, report)
		}
	}

	opt.OverridePinned = true
	d, err = DiffRules(t.Context(), opt, []string{"no-draws"})
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, f := range d.Figures {
		got = append(got, f.String())
	}
	want = []string{
		"content/ru/a.md:4, content/uk/a.md:4: moves with 6-5: 13/off 13/off → game over",
		"content/ru/a.md:20, content/uk/a.md:20: moves with 6-5: 13/off 13/off → game over",
		"content/ru/a.md:28, content/uk/a.md:28: moves with 6-5: 13/off 13/off → game over",
		"content/ru/b.md:5, content/uk/b.md:5: moves with 6-5: 13/off 13/off → game over",
		"content/ru/b.md:12, content/uk/b.md:12: moves with 6-5: 13/off 13/off → game over",
	}
	if !slices.Equal(got, want) {
		t.Errorf("with --override-pinned, the figures that change:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The table's rows no longer make sense: problems to rewrite.
	if len(d.Problems) != 4 || !strings.HasPrefix(d.Problems[0].Error(), "content/ru/a.md:47:8: stats draw: ") {
		t.Errorf("problems: %v", d.Problems)
	}
	report = d.String()
	for _, line := range []string{
		`under profile "no-draws" instead of "default", the overrides applied to what blocks set themselves too:` + "\n",
		"5 blocks that set last-roll themselves have last-roll=off too\n",
		"5 of 9 figures change; 2 claims or blocks to rewrite\n",
	} {
		if !strings.Contains(report, line) {
			t.Errorf("the report has no %q:\n%s", line, report)
		}
	}
}

// TestSetsRule: which rules a "rules:" line sets.
func TestSetsRule(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		words, key string
		want       bool
	}{
		{"last-roll=on", "last-roll", true},
		{"block-check=each-die last-roll=off", "last-roll", true},
		{"block-check=each-die", "last-roll", false},
		{"club", "last-roll", true},
		{"default block-check=each-die", "short", true},
		{"", "last-roll", false},
	} {
		if got := setsRule(c.words, c.key); got != c.want {
			t.Errorf("setsRule(%q, %q) = %v", c.words, c.key, got)
		}
	}
}
