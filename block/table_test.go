package block

import (
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// The results table of seed 004: oin 1, mars 2, a draw 0.
const resultsTable = `white:
black: 13x5
turn: black
show: result
caption: Соперник вывел хотя бы одну шашку
expect: result oin 1
---
white:
black: 18x5 17x5 16x5
turn: black
show: result
caption: Соперник не вывел ни одной шашки
expect: result mars 2
---
white:
black:
turn: white
show: result
caption: Второй игрок вывел всё последним броском
expect: result draw 0
`

func TestTable(t *testing.T) {
	tab, err := ParseTable(resultsTable, Options{Game: engine.Long, HasGame: true})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Kind != TableResults || len(tab.Rows) != 3 {
		t.Fatalf("kind %d, %d rows", tab.Kind, len(tab.Rows))
	}
	// Each row's claims are placed on the table's lines and hold.
	for i, line := range []int{6, 13, 20} {
		r := tab.Rows[i]
		if len(r.Expect) != 1 || r.Expect[0].Pos.Line != line {
			t.Errorf("row %d: claims %+v, want one on line %d", i+1, r.Expect, line)
			continue
		}
		if got, ok := r.Verify(r.Expect[0]); !ok {
			t.Errorf("row %d: %s, the engine gives %s", i+1, r.Expect[0].Text, got)
		}
	}
	if at := tab.Rows[2].At["caption"]; at.Line != 19 || at.Col != 10 {
		t.Errorf("row 3's caption at %v, want 19:10", at)
	}
	// Seed 004's draws: 36, 4 and 6 of 36.
	draws := "white:\nblack: 13x2\nturn: black\nstats: draw\ncaption: 2 на 1-м\nexpect: draw 36/36\n---\nwhite:\nblack: 18x2\nturn: black\nstats: draw\ncaption: 2 на 6-м\nexpect: draw 4/36\n"
	tab, err = ParseTable(draws, Options{Game: engine.Long, HasGame: true})
	if err != nil {
		t.Fatal(err)
	}
	if st, same := tab.SameStat(); tab.Kind != TableStats || !same || st != engine.StatDraw || len(tab.Rows) != 2 {
		t.Errorf("kind %d, statistic %s (the same: %v), %d rows", tab.Kind, st, same, len(tab.Rows))
	}
	// Rows may count different statistics.
	mixed, err := ParseTable("position: start\nstats: doubles\ncaption: Дубль\n---\nposition: start\nstats: head2\ncaption: Две с головы\nexpect: head2 3/36\n", Options{Game: engine.Long, HasGame: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, same := mixed.SameStat(); same || mixed.Stat(0) != engine.StatDoubles || mixed.Stat(1) != engine.StatHead2 {
		t.Errorf("mixed statistics: %s, %s (the same: %v)", mixed.Stat(0), mixed.Stat(1), same)
	}
	if got, ok := tab.Rows[1].Verify(tab.Rows[1].Expect[0]); !ok || got != "4/36" {
		t.Errorf("row 2: %s %v", got, ok)
	}
}

// TestTableErrors: every problem of a table names its line and column in
// the table's text, the problems of a row's block included.
func TestTableErrors(t *testing.T) {
	const row = "white:\nblack: 13x5\nturn: black\nshow: result\ncaption: C\n"
	for _, c := range []struct{ table, want string }{
		{row + "---\n" + row + "dice: 6-5\n", `12:1: "dice:" has no place in a table row`},
		{row + "---\nwhite:\nblack: 13x5\nturn: black\nshow: result\n", `7:1: a table row needs a "caption:"`},
		{row + "---\n" + strings.Replace(row, "show: result", "stats: off", 1), `7:1: this row shows a statistic and the first row (line 1) a result`},
		{row + "---\n---\n" + row, `7:1: an empty row`},
		{row + "---\n", `6:1: an empty row`},
		{row + "---\n" + strings.Replace(row, "white:", "white: 1", 1), `10:7: "show: result": the game is not over`},
		{row + "---\n" + strings.Replace(row, "black: 13x5", "black: 13x99", 1), `8:8: "13x99": a count is 1 to 15`},
		{row + "---\n" + strings.Replace(row, "show: result", "show: diagram result", 1), `10:7: a table row shows "show: result" or one statistic`},
		{strings.Replace(row, "13x5", "13x4", 1), `4:7: a table row shows a finished game; here the last roll is still to come`},
		{"white:\nblack: 13x2\nturn: black\nstats: draw off\ncaption: C\n", `4:8: a table row counts one statistic`},
		{"white:\nblack: 13x2\nturn: black\ncaption: C\n", `1:1: a table row shows "show: result" or one statistic`},
		{row + "expect: result marz\n", `6:9: expect "result marz": "marz" is not a result`},
	} {
		_, err := ParseTable(c.table, Options{Game: engine.Long, HasGame: true})
		list := engine.AsList(err)
		if len(list) == 0 {
			t.Errorf("%q: no problem; want %s", c.table, c.want)
			continue
		}
		e := list[0]
		got := strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Col) + ": " + e.Msg
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%q:\n got %s\nwant %s…", c.table, got, c.want)
		}
	}
}
