package block

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// A table block is a compact table of several positions, one row each,
// such as a page summing up the rules prints: the results of a game
// (оин 1, марс 2, ничья 0) or the draw chances on the last roll. Its
// text is position blocks separated by lines of three dashes ("---").
// Every row is a block in its own right, with its claims; its caption
// labels the row, and the engine computes the rest of it:
//
//   - with "show: result", how the game ended and its points;
//   - with "stats:", its one statistic out of 36.
//
// The rows of one table are all results, or all statistics, so that
// every column means one thing. Rows may count different statistics
// (how often a double comes, how often two checkers leave the head);
// their captions then say what each counts.

// TableKind says what the rows of a table show.
type TableKind uint8

// The kinds of tables.
const (
	// TableResults: each row is a finished game, with its result and
	// points.
	TableResults TableKind = iota
	// TableStats: each row counts a statistic over the 36 rolls.
	TableStats
)

// Table is a parsed table block.
type Table struct {
	// Rows are the rows' blocks, in order. Every position in them (their
	// At, claims and plays) is a line and column of the table's text.
	Rows []*Block
	Kind TableKind
}

// Stat returns the statistic row i of a TableStats table counts.
func (t *Table) Stat(i int) engine.Stat { return t.Rows[i].Stats[0] }

// SameStat reports the statistic every row of a TableStats table counts,
// if they all count the same.
func (t *Table) SameStat() (engine.Stat, bool) {
	if t.Kind != TableStats {
		return 0, false
	}
	for i := range t.Rows {
		if t.Stat(i) != t.Stat(0) {
			return 0, false
		}
	}
	return t.Stat(0), true
}

// tableRowKeys are the keys a row may use: what sets up the position,
// the rules and the one thing the row shows.
var tableRowKeys = []string{
	"game", "position", "from", "white", "black", "white-bar", "black-bar",
	"turn", "started", "rules", "play", "show", "stats", "caption", "cube", "jacoby", "expect",
}

// ParseTable reads a table block. All problems are reported together as
// an engine.ErrorList, each with its line and column in the table's
// text; a row is read with the options of a position block.
func ParseTable(src string, opt Options) (*Table, error) {
	var errs engine.ErrorList
	t := &Table{}
	line, first := 1, 1 // the current line and the first of the row
	sep := 0            // the line of the last "---", if any
	var row strings.Builder
	var kindAt engine.Pos
	emptyAt := 0 // the "---" an empty row was reported at
	// flush reads the row that ends before line end, a "---" line or, at
	// the end of the text, a line past it.
	flush := func(end int, last bool) {
		text := row.String()
		row.Reset()
		defer func() { first = end + 1 }()
		if strings.TrimSpace(stripComments(text)) == "" {
			at := end // the "---" after the empty row
			if last {
				at = max(sep, 1) // the "---" before it
			}
			if at == emptyAt {
				return // the row before that "---" was empty too: reported
			}
			emptyAt = at
			errs.Add(engine.Pos{Line: at, Col: 1}, `an empty row: a table holds position blocks separated by "---" lines`)
			return
		}
		rowOpt := opt
		rowOpt.Line = opt.fileLine(first)
		b, err := Parse(text, rowOpt)
		if err != nil {
			list := engine.AsList(err)
			list.Rebase(engine.Pos{Line: first, Col: 1})
			errs = append(errs, list...)
			return
		}
		b.shift(first - 1)
		msg, at := tableRowProblem(b, first)
		if msg != "" {
			errs.Add(at, msg)
			return
		}
		kind := TableResults
		if !b.Show.Has(ShowResult) {
			kind = TableStats
		}
		if len(t.Rows) == 0 {
			t.Kind, kindAt = kind, engine.Pos{Line: first, Col: 1}
		} else if kind != t.Kind {
			errs.Add(engine.Pos{Line: first, Col: 1}, "this row shows "+tableKindName(kind)+" and the first row (line "+strconv.Itoa(opt.fileLine(kindAt.Line))+") "+tableKindName(t.Kind)+"; the rows of a table show the same")
			return
		}
		t.Rows = append(t.Rows, b)
	}
	for raw := range strings.Lines(src) {
		if strings.TrimSpace(raw) == "---" {
			flush(line, false)
			sep = line
		} else {
			row.WriteString(raw)
		}
		line++
	}
	flush(line, true)
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	return t, nil
}

// stripComments drops the comment of every line of s.
func stripComments(s string) string {
	var b strings.Builder
	for l := range strings.Lines(s) {
		b.WriteString(stripComment(l))
	}
	return b.String()
}

// tableRowProblem says what keeps a parsed block, whose text begins on
// line first of the table, from being a row of a table, and where, or "".
func tableRowProblem(b *Block, first int) (string, engine.Pos) {
	for k, at := range b.At {
		if !slices.Contains(tableRowKeys, k) {
			return strconv.Quote(k+":") + " has no place in a table row; a row sets up a position and shows its result or one statistic", engine.Pos{Line: at.Line, Col: 1}
		}
	}
	start := engine.Pos{Line: first, Col: 1}
	if b.Caption == "" {
		return `a table row needs a "caption:": it labels the row`, start
	}
	show, hasShow := b.At["show"]
	result := b.Show.Has(ShowResult)
	switch {
	case hasShow && b.Show != ShowResult && b.Show != ShowStats:
		return `a table row shows "show: result" or one statistic of "stats:", nothing else`, show
	case result && len(b.Stats) > 0:
		return "a table row shows its result or one statistic, not both", b.At["stats"]
	case result && b.Position.Result(b.Rules).LastRollPending:
		return "a table row shows a finished game; here the last roll is still to come", show
	case !result && len(b.Stats) == 0:
		return `a table row shows "show: result" or one statistic of "stats:"`, start
	case !result && len(b.Stats) > 1:
		return "a table row counts one statistic; make a table for each", b.At["stats"]
	}
	return "", engine.Pos{}
}

// tableKindName says what rows of a kind show, for messages.
func tableKindName(k TableKind) string {
	if k == TableResults {
		return "a result"
	}
	return "a statistic"
}

// shift moves every position the block records down by n lines: a
// block read from the middle of a table.
func (b *Block) shift(n int) {
	for k, at := range b.At {
		at.Line += n
		b.At[k] = at
	}
	for i := range b.Expect {
		b.Expect[i].Pos.Line += n
	}
	for i := range b.Plays {
		b.Plays[i].Pos.Line += n
	}
}
