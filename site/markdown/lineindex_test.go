package markdown

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLineIndexColumns: columns are the same whatever order offsets are
// asked for in (forwards along a line, backwards, across lines), counted
// in characters.
func TestLineIndexColumns(t *testing.T) {
	src := []byte("пе [a](b) ры\n[в](т) [ф](х) ё\n\nабв")
	naive := func(off int) (int, int) {
		line := strings.Count(string(src[:off]), "\n") + 1
		start := strings.LastIndexByte(string(src[:off]), '\n') + 1
		return line, utf8.RuneCount(src[start:off]) + 1
	}
	var offs []int
	for i := range src {
		if utf8.RuneStart(src[i]) {
			offs = append(offs, i)
		}
	}
	offs = append(offs, len(src))
	orders := [][]int{offs, make([]int, 0, len(offs)), make([]int, 0, len(offs))}
	for i := len(offs) - 1; i >= 0; i-- {
		orders[1] = append(orders[1], offs[i])
	}
	for i := range offs {
		orders[2] = append(orders[2], offs[(i*7)%len(offs)])
	}
	for k, order := range orders {
		x := NewLineIndex(src)
		for _, off := range order {
			gl, gc := x.Pos(off)
			wl, wc := naive(off)
			if gl != wl || gc != wc {
				t.Errorf("order %d, offset %d: %d:%d, want %d:%d", k, off, gl, gc, wl, wc)
			}
		}
	}
}
