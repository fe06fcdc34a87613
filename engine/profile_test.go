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
