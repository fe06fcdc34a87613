package site

import (
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// tableView is a compact table of positions, one row each, computed by
// the engine.
type tableView struct {
	Cols []string
	Rows [][]string // the first cell of a row heads it
}

// maxTableRolls is how many rolls a cell of a statistics table lists;
// beyond it the cell gives the count alone.
const maxTableRolls = 6

// makeTable computes a table of positions (in.tab): every row's result
// or statistic, and what the engine gives for each claim of its rows, in
// order.
func makeTable(in *figureInput) *figureOutput {
	l, tab := in.Lang, in.tab
	var v tableView
	out := &figureOutput{}
	switch tab.Kind {
	case block.TableResults:
		v.Cols = []string{l.T("table.result"), l.T("table.when"), l.T("table.points")}
	default:
		head := l.T("table.rolls")
		if st, same := tab.SameStat(); same {
			head = l.Stat(st)
		}
		v.Cols = []string{l.T("table.position"), head}
	}
	for i, r := range tab.Rows {
		var cells []string
		var row string
		if tab.Kind == block.TableResults {
			o := r.Position.Result(r.Rules).Scored(r.Scoring, r.Rules)
			cells = []string{capitalize(l.T("result.kind." + o.Kind.String())), r.Caption, strconv.Itoa(o.Points)}
			row = o.Kind.String() + " " + strconv.Itoa(o.Points)
		} else {
			st := tab.Stat(i)
			c := in.playsOf().Statistic(r.Position, r.Rules, st)
			cells = []string{r.Caption, tableCount(l, c)}
			row = st.String() + " " + c.String()
		}
		v.Rows = append(v.Rows, cells)
		out.Rows = append(out.Rows, "row "+strconv.Itoa(i+1)+"\t"+row)
		for _, e := range r.Expect {
			var c claimResult
			c.Got, c.OK = r.VerifyWith(e, in.playsOf())
			out.Claims = append(out.Claims, c)
		}
	}
	id := "fig-" + strconv.Itoa(in.Num)
	out.HTML = writeTable(id, &v)
	out.Tables = digest(out.HTML)
	if in.Print != "" {
		out.Print = writeTable(in.Print+id, &v)
	}
	return out
}

// writeTable writes a table of positions with the id id.
func writeTable(id string, v *tableView) []byte {
	var w htmlWriter
	w.raw(`<div class="table-of-positions" id="`)
	w.text(id)
	w.raw("\">\n<table>\n<thead><tr>")
	for _, c := range v.Cols {
		w.raw(`<th scope="col">`)
		w.text(c)
		w.raw("</th>")
	}
	w.raw("</tr></thead>\n<tbody>")
	for _, row := range v.Rows {
		w.raw("\n<tr>")
		for i, c := range row {
			if i == 0 {
				w.raw(`<th scope="row">`)
				w.rolls(c)
				w.raw("</th>")
			} else {
				w.raw("<td>")
				w.rolls(c)
				w.raw("</td>")
			}
		}
		w.raw("</tr>")
	}
	w.raw("\n</tbody>\n</table>\n</div>\n")
	return w.Bytes()
}

// tableCount writes a statistic for a table's cell: "4 из 36: 3-3, 4-4,
// 5-5, 6-6" while the rolls are few, "36 из 36 (любой бросок)" for all of
// them, else the count alone.
func tableCount(l i18n.Lang, c engine.RollCount) string {
	switch {
	case c.N == 36:
		return l.F("of36", "n", "36") + " (" + l.T("table.any") + ")"
	case len(c.Rolls) > maxTableRolls:
		return l.F("of36", "n", strconv.Itoa(c.N))
	}
	return l.Rolls(c)
}

// capitalize writes s with a capital first letter.
func capitalize(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
