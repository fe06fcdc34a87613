package checker

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// typed explains, in lang, a move the engine could not take as typed: a
// roll typed for a move ("6-5"), or the character where the text stops
// being a move, quoted with its column. It returns "" for any other
// verdict, which the engine's reason explains.
func typed(v engine.Verdict, move string, lang i18n.Lang) string {
	switch {
	case v.Legal():
		return ""
	case isRoll(move):
		return lang.CheckerF("typed.roll", "roll", strings.TrimSpace(move))
	case v.Reason != engine.ReasonSyntax:
		return ""
	}
	at := pinpoint(move, v.Col)
	key := "typed.char"
	switch {
	case at.word != "" && at.end:
		key = "typed.slash.end"
	case at.word != "":
		key = "typed.slash"
	case at.end:
		key = "typed.end"
	}
	what := "«" + at.what + "»"
	if at.what == " " || at.what == "\t" {
		what = lang.CheckerText("typed.space")
	}
	return lang.CheckerF(key, "col", strconv.Itoa(at.col), "what", what, "word", at.word) + " " + lang.CheckerText("typed.hint")
}

// isRoll reports whether move is a roll typed where a move goes: two
// faces of a die, as "6-5", "6:5", "6 5", "6x5" or "65" are written (but
// not "24", which is a point).
func isRoll(move string) bool {
	s := strings.TrimSpace(move)
	n := len(s)
	if n < 2 || s[0] < '1' || s[0] > '6' || s[n-1] < '1' || s[n-1] > '6' {
		return false
	}
	if n == 2 {
		return s > "24"
	}
	switch strings.TrimSpace(s[1 : n-1]) {
	case "", "-", ":", "x", "х", "×", "–", "—":
		return true
	}
	return false
}

// spot is where a move text goes wrong.
type spot struct {
	col  int    // the column (from 1) of the text at fault, or of the last character when end is set
	what string // the text at fault: one character, or a part that is no point
	end  bool   // the text ends where more was needed
	word string // a whole word that is a place but no move ("24" of "24 19"): a "/" is needed after it
}

// pinpoint finds where move goes wrong, from col, the column of the part
// the engine could not read (engine.Verdict.Col): the character after a
// word that is a place but no move ("24 19": the space, column 3); within
// a part, the first character that is not of a point ("18a": "a"); a part
// that is no point on the board, or in the wrong place, whole ("30",
// "bar" at the end, "barr"); the end of the text when it stops too soon
// ("24/").
func pinpoint(move string, col int) spot {
	// i is where column col begins; the word around it runs from ws to
	// we, and its part from i to pe.
	i, k := len(move), 1
	col = max(col, 1)
	for b := range move {
		if k == col {
			i = b
			break
		}
		k++
	}
	if i >= len(move) {
		return spot{col: utf8.RuneCountInString(move), end: true}
	}
	ws, we, pe := i, i, -1
	for ws > 0 && !isSep(move[ws-1]) {
		ws--
	}
	slash := false
	for k := ws; k < len(move) && !isSep(move[k]); k++ {
		c := move[k]
		if c == '/' || c == '-' || c == '(' {
			slash = true
			if k >= i && pe < 0 {
				pe = k
			}
		}
		we = k + 1
	}
	word := move[ws:we]
	at := i // the byte at fault
	switch {
	case !slash && !isPlace(word):
		// The engine names the character where such a word stops
		// being a place ("24x18": the "x").
	case !slash && we == len(move):
		return spot{col: utf8.RuneCountInString(move), end: true, word: word}
	case !slash:
		at = we
	default:
		if pe < 0 {
			pe = we
		}
		d := i
		for d < pe && move[d] >= '0' && move[d] <= '9' {
			d++
		}
		switch {
		case d > i && d < pe && move[d] != '*':
			at = d
		case pe > i:
			return spot{col: utf8.RuneCountInString(move[:i]) + 1, what: move[i:pe]}
		}
	}
	sp := spot{col: utf8.RuneCountInString(move[:at]) + 1}
	for _, c := range move[at:] {
		sp.what = string(c)
		break
	}
	if !slash && isPlace(word) {
		sp.word = word
	}
	return sp
}

// isSep reports whether c separates the words of a move text.
func isSep(c byte) bool { return c == ' ' || c == '\t' || c == ',' }

// isPlace reports whether s reads as one place of a move: a number, or
// "bar" or "off" as the notation writes them.
func isPlace(s string) bool {
	switch s {
	case "bar", "Bar", "BAR", "off", "Off", "OFF":
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != "" && len(s) <= 3
}
