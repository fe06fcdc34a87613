package block

import (
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestMessagesNameFileLines: a message that names another line of a block
// names it in the file's count when Options.Line says where the block
// starts (in a table, in the table's), and once for each cause: an empty
// row of a table is reported once, however its "---" lines fall.
func TestMessagesNameFileLines(t *testing.T) {
	const row = "white:\nblack: 13x5\nturn: black\nshow: result\ncaption: C\n"
	opt := func(line int) Options { return Options{Game: engine.Long, HasGame: true, Line: line} }
	for _, c := range []struct {
		table bool
		src   string
		line  int
		want  []string // "line:col: message", the places the block's own
	}{
		{false, "position: start\ndice: 6-5\ndice: 3-1\n", 0, []string{`3:1: duplicate key "dice" (first on line 2)`}},
		{false, "position: start\ndice: 6-5\ndice: 3-1\n", 20, []string{`3:1: duplicate key "dice" (first on line 21)`}},
		{true, row + "---\n" + strings.Replace(row, "show: result", "stats: off", 1), 0, []string{`7:1: this row shows a statistic and the first row (line 1) a result; the rows of a table show the same`}},
		{true, row + "---\n" + strings.Replace(row, "show: result", "stats: off", 1), 40, []string{`7:1: this row shows a statistic and the first row (line 40) a result; the rows of a table show the same`}},
		{true, row + "---\n" + row + "caption: D\n", 40, []string{`12:1: duplicate key "caption" (first on line 50)`}},
		{true, row + "---\n", 0, []string{`6:1: an empty row: a table holds position blocks separated by "---" lines`}},
		{true, row + "---\n---\n", 0, []string{`7:1: an empty row: a table holds position blocks separated by "---" lines`}},
		{true, "---\n", 0, []string{`1:1: an empty row: a table holds position blocks separated by "---" lines`}},
		{true, row + "---\n---\n---\n" + row, 0, []string{
			`7:1: an empty row: a table holds position blocks separated by "---" lines`,
			`8:1: an empty row: a table holds position blocks separated by "---" lines`}},
	} {
		var err error
		if c.table {
			_, err = ParseTable(c.src, opt(c.line))
		} else {
			_, err = Parse(c.src, opt(c.line))
		}
		var got []string
		for _, e := range engine.AsList(err) {
			got = append(got, strconv.Itoa(e.Pos.Line)+":"+strconv.Itoa(e.Pos.Col)+": "+e.Msg)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q at line %d:\n got %s\nwant %s", c.src, c.line, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
