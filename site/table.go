package site

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// tableView is the data of table.html: a compact table of positions, one
// row each, computed by the engine.
type tableView struct {
	L    i18n.Lang
	ID   string
	Cols []string
	Rows [][]string // the first cell of a row heads it
}

// maxTableRolls is how many rolls a cell of a statistics table lists;
// beyond it the cell gives the count alone.
const maxTableRolls = 6

// renderTable computes table num of page p: every row's result or
// statistic, and its claims. Its HTML goes into the document. Like a
// figure, a table is kept in the build's cache, if any.
func (b *builder) renderTable(p *page, n *markdown.Figure, num int, tab *block.Table, out *rendered) {
	base := engine.Pos{File: p.file, Line: n.Line, Col: n.Col}
	id := "fig-" + strconv.Itoa(num)
	var fig *cachedFigure
	var key string
	if b.opt.Cache != nil {
		key = b.tableKey(p, n, num, tab)
		fig, _ = b.opt.Cache.get(key)
	}
	claims := 0
	for _, r := range tab.Rows {
		claims += len(r.Expect)
	}
	if fig == nil || len(fig.claims) != claims {
		var err error
		if fig, err = b.table(p.lang, id, tab); err != nil {
			out.errs.Add(base, err.Error())
			return
		}
		if b.opt.Cache != nil {
			b.opt.Cache.put(key, fig)
		}
	}
	var errs engine.ErrorList
	k := 0
	for _, r := range tab.Rows {
		for _, e := range r.Expect {
			if c := fig.claims[k]; !c.ok {
				errs.Add(e.Pos, "expected "+e.Text+", the engine gives "+c.got+" under profile "+r.Rules.Profile())
			}
			k++
		}
	}
	errs.Rebase(base)
	out.errs = append(out.errs, errs...)
	out.records = append(out.records, Record{
		Page: p.url(), ID: id, File: p.file, Line: n.Line - 1,
		Tables: fig.tables, Rows: fig.rows,
	})
	n.HTML = fig.html
}

// table computes a table in language l: its HTML, its rows for the change
// reports and what the engine gives for each claim of its rows, in order.
func (b *builder) table(l i18n.Lang, id string, tab *block.Table) (*cachedFigure, error) {
	v := tableView{L: l, ID: id}
	fig := &cachedFigure{}
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
			c := engine.Statistic(r.Position, r.Rules, st)
			cells = []string{r.Caption, tableCount(l, c)}
			row = st.String() + " " + c.String()
		}
		v.Rows = append(v.Rows, cells)
		fig.rows = append(fig.rows, "row "+strconv.Itoa(i+1)+"\t"+row)
		for _, e := range r.Expect {
			var c claimResult
			c.got, c.ok = r.Verify(e)
			fig.claims = append(fig.claims, c)
		}
	}
	var html bytes.Buffer
	if err := b.tmpl.HTML.ExecuteTemplate(&html, "table.html", v); err != nil {
		return nil, errors.New("template table.html: " + err.Error())
	}
	fig.html, fig.tables = html.Bytes(), digest(html.Bytes())
	return fig, nil
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
