package i18n

import (
	"slices"
	"strings"
	"testing"
)

// TestGameTables: the strings of a game have the same keys, plural
// forms and placeholders in both languages, and no key twice.
func TestGameTables(t *testing.T) {
	if len(ruGame) != len(ukGame) {
		t.Fatalf("ru has %d strings of a game, uk %d", len(ruGame), len(ukGame))
	}
	seen := map[string]bool{}
	for i, e := range ruGame {
		u := ukGame[i]
		if e.key != u.key {
			t.Errorf("string %d: ru %q, uk %q", i, e.key, u.key)
		}
		if seen[e.key] {
			t.Errorf("%q twice", e.key)
		}
		seen[e.key] = true
		if strings.Count(e.text, "|") != strings.Count(u.text, "|") {
			t.Errorf("%q: the plural forms differ", e.key)
		}
		if a, b := placeholders(e.text), placeholders(u.text); !slices.Equal(a, b) {
			t.Errorf("%q: placeholders differ: ru %v, uk %v", e.key, a, b)
		}
	}
	if got := GameF(RU, "play.rolled", "side", "белых", "dice", "6-5"); got != "У белых выпало 6-5." {
		t.Errorf("GameF: %q", got)
	}
	if got := GamePoints(UK, 3); got != "3 очки" {
		t.Errorf("GamePoints: %q", got)
	}
	if GameText(RU, "play.nothing") != "[play.nothing]" {
		t.Error("a missing key is not shown as missing")
	}
}
