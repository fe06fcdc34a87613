package engine

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ownLoc returns a location (point, Bar or Off) in side s's own
// coordinates, where the bar is 25 and off is 0.
func ownLoc(g Game, s Side, p Point) int {
	if p == Off || p == Bar {
		return int(p)
	}
	return own(g, s, p)
}

// Notation writes the play in standard notation, White's numbering:
// "24/18 24/18", "13/7*", "bar/22", "6/off". When a single checker plays
// the whole roll every stop is written ("24/23/22/21/20"); otherwise each
// checker is written from start to end, with the points where it hit.
func (pl Play) Notation() string {
	return FormatMoves(pl.Position.Game, pl.Side, pl.Moves())
}

// String returns the play's notation.
func (pl Play) String() string { return pl.Notation() }

// FormatMoves writes single-die moves of side s as notation (see
// Play.Notation).
func FormatMoves(g Game, s Side, moves []Move) string {
	// Group the moves by checker: a move that starts where an earlier
	// checker's path ended continues that path. first and last hold, per
	// checker in order of appearance, its first and latest move; next
	// links each move to the one continuing it (-1 at the end).
	next := make([]int, len(moves))
	var first, last []int
	for i, m := range moves {
		next[i] = -1
		c := 0
		for c < len(last) && (moves[last[c]].To != m.From || m.From == Off) {
			c++
		}
		if c < len(last) {
			next[last[c]], last[c] = i, i
			continue
		}
		first, last = append(first, i), append(last, i)
	}
	// Far starts first; for the same start, the longer path first (a
	// stable insertion sort: there are at most four paths).
	before := func(a, b int) bool {
		fa, fb := ownLoc(g, s, moves[first[a]].From), ownLoc(g, s, moves[first[b]].From)
		if fa != fb {
			return fa > fb
		}
		return ownLoc(g, s, moves[last[a]].To) < ownLoc(g, s, moves[last[b]].To)
	}
	for i := 1; i < len(first); i++ {
		for j := i; j > 0 && before(j, j-1); j-- {
			first[j], first[j-1] = first[j-1], first[j]
			last[j], last[j-1] = last[j-1], last[j]
		}
	}
	// A single checker shows every stop; several show start, end and the
	// points where they hit.
	var b []byte
	for c, i := range first {
		if c > 0 {
			b = append(b, ' ')
		}
		b = append(b, moves[i].From.String()...)
		for ; i >= 0; i = next[i] {
			if next[i] >= 0 && len(first) > 1 && !moves[i].Hit {
				continue
			}
			b = append(b, '/')
			b = append(b, moves[i].To.String()...)
			if moves[i].Hit {
				b = append(b, '*')
			}
		}
	}
	return string(b)
}

// Segment is one part of a written move: a checker goes From → To
// (White's numbering, Bar or Off at the ends), possibly over several dice.
// Hit records a "*" written after To. Col is the 1-based column where the
// segment's text starts.
type Segment struct {
	From, To Point
	Hit      bool
	Col      int
}

// ParseMoves reads move notation as players write it: space-separated
// checker paths such as "24/18", "24/18/12", "13/7*", "13/7*/5", "bar/22",
// "6/off", with "(2)" after a path to repeat it ("24/18(2)"); "-" may stand
// for "/" ("24-18"), and "bar" and "off" may be written in capitals. A path with
// several stops becomes several segments. Points are 1..24 in White's
// numbering. A malformed text gives an *Error whose Pos has the column of
// the part concerned.
func ParseMoves(s string) ([]Segment, error) {
	var segs []Segment
	col := 1 // the column of s[i]
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' || s[i] == ',' {
			i++
			col++
			continue
		}
		end := i + strings.IndexAny(s[i:], " \t,")
		if end < i {
			end = len(s)
		}
		word := s[i:end]
		ws, err := parsePath(word, col)
		if err != nil {
			return nil, err
		}
		segs = append(segs, ws...)
		col += columns(word)
		i = end
	}
	if len(segs) == 0 {
		return nil, syntaxError(1, `no move: write a move like "24/18" or "13/7 8/7"`)
	}
	return segs, nil
}

// columns counts the characters of s: the columns it takes. It is a
// variable so that a test can add up the text counted and check that a
// move text is counted once, not once per move.
var columns = utf8.RuneCountInString

// syntaxError is a malformed move text at column col.
func syntaxError(col int, msg string) *Error {
	return &Error{Pos: Pos{Col: col}, Msg: msg}
}

// parsePath reads one checker's path, a word of a move text starting at
// column col.
func parsePath(word string, col int) ([]Segment, error) {
	repeat := 1
	body := word
	if j := strings.IndexByte(word, '('); j >= 0 {
		rep := word[j:]
		if len(rep) != 3 || rep[2] != ')' || rep[1] < '1' || rep[1] > '4' {
			return nil, syntaxError(col+columns(word[:j]), "repeat "+strconv.Quote(rep)+` should be "(2)", "(3)" or "(4)"`)
		}
		repeat = int(rep[1] - '0')
		body = word[:j]
	}
	if !strings.ContainsAny(body, "/-") {
		return nil, syntaxError(col+badColumn(body), strconv.Quote(word)+` is not a move: write "from/to", e.g. "24/18"`)
	}
	var locs []Point
	var hits []bool
	pcol := col // the column of the current part
	for rest, more := body, true; more; {
		// A path's points are separated by "/", or by "-" as some
		// players write them ("24-18").
		part := rest
		if j := strings.IndexAny(rest, "/-"); j >= 0 {
			part, rest = rest[:j], rest[j+1:]
		} else {
			more = false
		}
		k := len(locs)
		at := pcol
		pcol += columns(part) + 1
		hit := strings.HasSuffix(part, "*")
		if hit {
			if k == 0 {
				return nil, syntaxError(at, `a hit mark "*" goes after the point where the blot is hit, not on the starting point`)
			}
			part = part[:len(part)-1]
		}
		var loc Point
		switch {
		case slices.Contains(barWords, part):
			if k != 0 {
				return nil, syntaxError(at, `"bar" can only start a move ("bar/22")`)
			}
			loc = Bar
		case slices.Contains(offWords, part):
			if more {
				return nil, syntaxError(at, `"off" can only end a move ("6/off")`)
			}
			if hit {
				return nil, syntaxError(at, `nothing can be hit off the board`)
			}
			loc = Off
		default:
			n, ok := pointNumber(part)
			if !ok {
				return nil, syntaxError(at, strconv.Quote(part)+` is not a point: use 1 to 24, "bar" or "off"`)
			}
			if n < 1 || n > 24 {
				return nil, syntaxError(at, "point "+strconv.Itoa(n)+" is off the board: points are 1 to 24")
			}
			loc = Point(n)
		}
		if k > 0 && loc == locs[k-1] {
			return nil, syntaxError(at, "a move must go somewhere: "+strconv.Quote(word)+" stays on "+loc.String())
		}
		locs = append(locs, loc)
		hits = append(hits, hit)
	}
	var segs []Segment
	for r := 0; r < repeat; r++ {
		for k := 1; k < len(locs); k++ {
			segs = append(segs, Segment{From: locs[k-1], To: locs[k], Hit: hits[k], Col: col})
		}
	}
	return segs, nil
}

// barWords and offWords are how "bar" and "off" may be written: as in
// the notation, or in capitals.
var (
	barWords = []string{"bar", "Bar", "BAR"}
	offWords = []string{"off", "Off", "OFF"}
)

// badColumn returns where, in a word with no "/" (0 for its first
// character), it stops being a point: after the digits of a number, or
// after "bar" or "off"; 0 when the whole word could be one.
func badColumn(word string) int {
	n := 0
	if len(word) >= 3 && (slices.Contains(barWords, word[:3]) || slices.Contains(offWords, word[:3])) {
		n = 3
	} else {
		for n < len(word) && isDigit(word[n]) {
			n++
		}
	}
	if n == 0 || n >= len(word) {
		return 0
	}
	return columns(word[:n])
}

// pointNumber reads a point's number: one to three digits, no sign (so
// that "100" is reported as off the board, not as unreadable).
func pointNumber(s string) (int, bool) {
	if s == "" || len(s) > 3 || !isDigit(s[0]) {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// FormatSegments writes segments back as notation, one path per segment
// ("24/18 18/12"); ParseMoves reads the result to the same segments.
func FormatSegments(segs []Segment) string {
	var b []byte
	for i, s := range segs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, s.From.String()...)
		b = append(b, '/')
		b = append(b, s.To.String()...)
		if s.Hit {
			b = append(b, '*')
		}
	}
	return string(b)
}
