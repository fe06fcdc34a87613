package engine

import (
	"strings"
	"testing"
)

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

func TestErrorListLimit(t *testing.T) {
	var l ErrorList
	for i := 5; i >= 1; i-- {
		l.Add(Pos{File: "b.md", Line: i, Col: 1}, "bad")
	}
	l.Add(Pos{File: "a.md", Line: 3}, "one")
	got := l.Limit(2)
	want := "a.md:3: one\nb.md:1:1: bad\nb.md:2:1: bad\nb.md: … and 3 more problems in this file"
	if got.Error() != want {
		t.Errorf("Limit(2):\n%s\nwant\n%s", got, want)
	}
	if got.Count() != 6 || len(got) != 4 {
		t.Errorf("Limit(2) stands for %d problems in %d lines, want 6 in 4", got.Count(), len(got))
	}
	if all := l.Limit(10); len(all) != 6 || all.Count() != 6 {
		t.Errorf("Limit(10) changed the list: %v", all)
	}
}

func TestRebase(t *testing.T) {
	l := ErrorList{{Pos: Pos{Line: 2, Col: 3}, Msg: "a"}, {Pos: Pos{}, Msg: "b"}}
	l.Rebase(Pos{File: "x.md", Line: 10, Col: 5})
	if got, want := l.Error(), "x.md:11:7: a\nx.md: b"; got != want {
		t.Errorf("Rebase: %q, want %q", got, want)
	}
}
