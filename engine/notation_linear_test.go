package engine

import (
	"strings"
	"testing"
)

// TestParseMovesLinear: reading 2n moves counts at most about twice the
// characters of n moves: each column is counted once, not from the start
// of the text for every move.
func TestParseMovesLinear(t *testing.T) {
	orig := columns
	counted := 0
	columns = func(s string) int { counted += len(s); return orig(s) }
	defer func() { columns = orig }()
	work := func(n int) int {
		counted = 0
		segs, err := ParseMoves(strings.Repeat("24/18 13/7* ", n))
		if err != nil || len(segs) != 2*n {
			t.Fatalf("%d moves: %d segments, %v", 2*n, len(segs), err)
		}
		return counted
	}
	small, large := work(50000), work(100000)
	if small < 50000 || large > 2*small+100 {
		t.Errorf("100000 moves: %d characters counted; 200000 moves: %d", small, large)
	}
}
