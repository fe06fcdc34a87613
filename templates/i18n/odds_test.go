package i18n

import "testing"

func TestOddsPlurals(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		n    int
		key  string
		want string
	}{
		{RU, 1, "turn", "1 ход"}, {RU, 2, "turn", "2 хода"}, {RU, 4, "turn", "4 хода"}, {RU, 5, "turn", "5 ходов"},
		{RU, 10, "turn", "10 ходов"}, {RU, 11, "turn", "11 ходов"}, {RU, 21, "turn", "21 ход"}, {RU, 22, "turn", "22 хода"},
		{UK, 1, "turn", "1 хід"}, {UK, 3, "turn", "3 ходи"}, {UK, 5, "turn", "5 ходів"}, {UK, 10, "turn", "10 ходів"},
		{UK, 12, "turn", "12 ходів"}, {UK, 21, "turn", "21 хід"}, {UK, 24, "turn", "24 ходи"},
	} {
		if got := c.lang.N(c.n, c.key); got != c.want {
			t.Errorf("%s N(%d, %q) = %q, want %q", c.lang, c.n, c.key, got, c.want)
		}
	}
}

// The odds strings are merged into both tables; the key test covers them
// only if they got there.
func TestOddsStringsMerged(t *testing.T) {
	for k := range oddsRU {
		if !RU.Has(k) || !UK.Has(k) {
			t.Errorf("odds key %q is missing from a table", k)
		}
	}
	if len(oddsRU) != len(oddsUK) {
		t.Errorf("oddsRU has %d keys, oddsUK %d", len(oddsRU), len(oddsUK))
	}
}

// The notation page's strings are merged into both tables too.
func TestNotationStringsMerged(t *testing.T) {
	for k := range notationRU {
		if !RU.Has(k) || !UK.Has(k) {
			t.Errorf("notation key %q is missing from a table", k)
		}
	}
	if len(notationRU) != len(notationUK) {
		t.Errorf("notationRU has %d keys, notationUK %d", len(notationRU), len(notationUK))
	}
}

// The game pages' strings are found by both languages, each key once, in
// the same order.
func TestGamePageStrings(t *testing.T) {
	if len(gamePageRU) != len(gamePageUK) {
		t.Fatalf("gamePageRU has %d keys, gamePageUK %d", len(gamePageRU), len(gamePageUK))
	}
	seen := map[string]bool{}
	for k, e := range gamePageRU {
		if gamePageUK[k].key != e.key {
			t.Errorf("entry %d: %q in Russian, %q in Ukrainian", k, e.key, gamePageUK[k].key)
		}
		if seen[e.key] {
			t.Errorf("%q twice", e.key)
		}
		seen[e.key] = true
		if RU.T(e.key) != e.text || UK.T(e.key) != gamePageUK[k].text {
			t.Errorf("%q is not found as written", e.key)
		}
	}
}
