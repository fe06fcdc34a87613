package block

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
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
// counted once, not from the start of the line for every word. An
// "arrows:" line is split by engine.ParseMoves, whose own column count
// TestParseMovesLinear checks: here the block counts no more than about
// twice the characters for twice the arrows (nothing, as it stands), the
// arrows are all read (the refusal counts them, or names the column of
// the last word), and no line makes more than about twice the
// allocations, or allocates more than two and a half times the bytes
// (slices grow by steps), for twice the tokens.
func TestParseLinear(t *testing.T) {
	counted := countColumns(t)
	type work struct {
		columns        int    // characters counted by the block's column counter
		allocs, nbytes uint64 // allocations of one Parse, and the bytes allocated
		err            error
	}
	measure := func(src string) work {
		var before, after runtime.MemStats
		*counted = 0
		runtime.ReadMemStats(&before)
		_, err := Parse(src, Options{}) // refused or not: what counts is the work
		runtime.ReadMemStats(&after)
		return work{*counted, after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc, err}
	}
	const n = 40000 // tokens of the longer line; the shorter has half
	for _, c := range []struct {
		line, token, last string
		// split: the value goes through the block's word splitter,
		// which counts at least a character for each token.
		split bool
	}{
		{"marks:", "7", "", true}, {"marks:", "x", "", true}, {"stats:", "hit", "", true}, {"odds:", "race,", "", true}, {"rules:", "last-roll=off", "", true},
		{"arrows:", "24/18", "", false}, {"arrows:", "13/7*", "", false}, {"arrows:", "24-18(2)", "", false}, {"arrows:", "24/18", "x", false},
	} {
		src := func(n int) string {
			s := "game: long\nposition: start\n" + c.line + strings.Repeat(" "+c.token, n)
			if c.last != "" {
				s += " " + c.last
			}
			return s + "\n"
		}
		small, large := measure(src(n/2)), measure(src(n))
		what := c.line + " " + strings.TrimSpace(c.token+" "+c.last)
		if (c.split && small.columns < n/2) || large.columns > 2*small.columns+100 {
			t.Errorf("%s, %d tokens: %d characters counted; %d tokens: %d", what, n/2, small.columns, n, large.columns)
		}
		if small.allocs == 0 || large.allocs > 2*small.allocs+100 || 2*large.nbytes > 5*small.nbytes {
			t.Errorf("%s, %d tokens: %d allocations, %d bytes; %d tokens: %d, %d bytes", what, n/2, small.allocs, small.nbytes, n, large.allocs, large.nbytes)
		}
		if c.line != "arrows:" {
			continue
		}
		// Every arrow was read: the refusal counts them all, or names
		// the column of the word after them (each arrow takes a space
		// and its length after "arrows:").
		var list engine.ErrorList
		if !errors.As(large.err, &list) || len(list) != 1 {
			t.Errorf("%s, %d tokens: %v; want one problem", what, n, large.err)
			continue
		}
		want := strings.Count(c.token, "/") + strings.Count(c.token, "-")
		if i := strings.Index(c.token, "("); i >= 0 {
			want *= int(c.token[i+1] - '0')
		}
		wantMsg := "arrows: " + strconv.Itoa(n*want) + " arrows; a diagram shows at most " + strconv.Itoa(MaxArrows)
		wantCol := 0
		if c.last != "" {
			wantMsg = "arrows: " + `"` + c.last + `" is not a move`
			wantCol = len("arrows:") + n*(len(c.token)+1) + 2 // " x" after them
		}
		if e := list[0]; !strings.HasPrefix(e.Msg, wantMsg) || e.Pos.Line != 3 || (c.last != "" && e.Pos.Col != wantCol) {
			t.Errorf("%s, %d tokens: %v (line %d, column %d); want %q at line 3, column %d", what, n, e.Msg, e.Pos.Line, e.Pos.Col, wantMsg, wantCol)
		}
	}
}
