package engine

import (
	"errors"
	"testing"
)

// TestParseMovesSpellings: the ways players write a move are read alike,
// and a word that is no move is reported at the character that breaks it.
func TestParseMovesSpellings(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"24/18 13/7*", "24/18 13/7*"},
		{"24-18 13-7*", "24/18 13/7*"},
		{"24/18/12", "24/18 18/12"},
		{"  24/18   6/off ", "24/18 6/off"},
		{"BAR/22 6/OFF", "bar/22 6/off"},
		{"Bar/22 6/Off", "bar/22 6/off"},
	} {
		segs, err := ParseMoves(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got := FormatSegments(segs); got != c.want {
			t.Errorf("%q reads as %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		col  int
	}{{"24x18", 3}, {"bar22", 4}, {"24/18 13_7", 9}, {"2418", 1}} {
		_, err := ParseMoves(c.text)
		var e *Error
		if !errors.As(err, &e) || e.Pos.Col != c.col {
			t.Errorf("%q: %v, want a problem at column %d", c.text, err, c.col)
		}
	}
}
