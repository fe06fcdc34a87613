package block

import (
	"strings"
	"testing"
)

// countColumns replaces the column counter for the test's duration and
// returns the number of bytes it was asked to count.
func countColumns(t *testing.T) *int {
	n := new(int)
	orig := columns
	columns = func(s string) int { *n += len(s); return orig(s) }
	t.Cleanup(func() { columns = orig })
	return n
}

// TestParseLinear: the work of reading a block grows in proportion to its
// length. A "marks:" line of 2n tokens (and "stats:", "odds:", "rules:")
// counts at most about twice the characters of one of n: each column is
// counted once, not from the start of the line for every word.
func TestParseLinear(t *testing.T) {
	counted := countColumns(t)
	work := func(line, token string, n int) int {
		*counted = 0
		src := "game: long\nposition: start\n" + line + strings.Repeat(" "+token, n) + "\n"
		Parse(src, Options{}) // refused or not: what counts is the work
		return *counted
	}
	for _, c := range []struct{ line, token string }{
		{"marks:", "7"}, {"marks:", "x"}, {"stats:", "hit"}, {"odds:", "race,"}, {"rules:", "last-roll=off"},
	} {
		small, large := work(c.line, c.token, 20000), work(c.line, c.token, 40000)
		if small < 20000 || large > 2*small+100 {
			t.Errorf("%s %q×20000: %d characters counted; ×40000: %d", c.line, c.token, small, large)
		}
	}
}
