package site

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/engine/odds"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// oddsView is one table of statistics beyond one roll ("odds:").
type oddsView struct {
	Title string
	// Cols are the headings of the value columns; none for a table of
	// one unnamed column.
	Cols  []string
	Rows  []oddsRow
	Notes []string // what the turns count from, the model, the method
}

// oddsRow is a row labelled in words; Span > 0 makes its one value span
// that many columns.
type oddsRow struct {
	Label  string
	Values []string
	Span   int
}

// maxShownDenominator is the largest denominator written as a fraction:
// 36 × 36, two rolls. Larger exact fractions ("30211/46656") help no
// beginner and are shown as a percentage only.
const maxShownDenominator = 36 * 36

// oddsResult holds the figures of one "odds:" item, as package odds
// computed them: the tables are written from it and the claims
// ("expect: bearoff 2 78.2%") are checked against it.
type oddsResult struct {
	item block.OddsItem
	dist odds.Dist     // bearoff
	race odds.RaceOdds // race
	past engine.Point  // escape: the point to get past
	fs   []odds.Figure // escape: within 1, 2 … turns
	draw odds.Figure   // lastroll: the draw
	win  odds.Figure   // lastroll: the starter's win
}

// computeOdds computes the block's "odds:" items with package odds, or
// takes them from er (which may be nil) when it has them.
func computeOdds(blk *block.Block, er *engineResults) ([]oddsResult, engine.ErrorList) {
	var out []oddsResult
	var errs engine.ErrorList
	for _, it := range blk.Odds {
		r, err := er.oddsItem(blk, it)
		if err != nil {
			errs.Add(it.Pos, "odds "+it.Kind.String()+": "+strings.TrimPrefix(err.Error(), "odds: "))
			continue
		}
		out = append(out, r)
	}
	return out, errs
}

// oddsItem is computeOddsItem, its answer kept in er (when er is not nil)
// when it has no error.
func (er *engineResults) oddsItem(blk *block.Block, it block.OddsItem) (oddsResult, error) {
	if er == nil {
		return computeOddsItem(blk, it)
	}
	k := oddsKey{pos: blk.Position, rules: blk.Rules, kind: it.Kind, turns: it.Turns, point: it.Point}
	if r, ok := er.odds[k]; ok {
		r.item = it
		return r, nil
	}
	r, err := computeOddsItem(blk, it)
	if err == nil {
		if er.odds == nil {
			er.odds = map[oddsKey]oddsResult{}
		}
		er.odds[k] = r
	}
	return r, err
}

// computeOddsItem computes one "odds:" item of the block.
func computeOddsItem(blk *block.Block, it block.OddsItem) (oddsResult, error) {
	pos, rules := blk.Position, blk.Rules
	r := oddsResult{item: it}
	var err error
	switch it.Kind {
	case block.OddsBearOff:
		r.dist, err = odds.BearOff(pos, pos.Turn)
	case block.OddsRace:
		r.race, err = odds.Race(pos, rules, odds.Options{})
	case block.OddsEscape:
		r.past, _ = odds.BlockadeEnd(pos, it.Point)
		r.fs, err = odds.Escape(pos, rules, it.Point, r.past, it.Turns)
	default: // block.OddsLastRoll
		r.draw, _, err = odds.LastRoll(pos, rules)
		if err == nil {
			r.win = odds.Figure{Rat: new(big.Rat).Sub(big.NewRat(1, 1), r.draw.Rat), Den: 36, Method: odds.Exact}
			r.win.Value, _ = r.win.Rat.Float64()
		}
	}
	return r, err
}

// oddsViews writes the tables of the computed items in l.
func oddsViews(l i18n.Lang, blk *block.Block, results []oddsResult) []oddsView {
	var out []oddsView
	for _, r := range results {
		out = append(out, oddsItemView(l, blk, r))
	}
	return out
}

func oddsItemView(l i18n.Lang, blk *block.Block, r oddsResult) oddsView {
	pos := blk.Position
	s := pos.Turn
	it := r.item
	switch it.Kind {
	case block.OddsBearOff:
		d := r.dist
		v := oddsView{
			Title: l.F("odds.bearoff", "side", l.Side(s, false)),
			Cols:  []string{l.T("odds.exactly"), l.T("odds.within")},
		}
		for k := 1; k <= it.Turns; k++ {
			v.Rows = append(v.Rows, oddsRow{
				Label:  l.F("odds.in", "n", l.N(k, "turn")),
				Values: []string{figureText(l, d.Exactly(k)), figureText(l, d.Within(k))},
			})
		}
		v.Rows = append(v.Rows, oddsRow{Label: l.T("odds.bearoff.mean"), Values: []string{decimal(l, d.Expected(), 2)}, Span: 2})
		v.Notes = []string{l.F("odds.note.turns", "side", l.SideGen(s)), l.F("odds.note.bearoff", "side", l.Side(s, true)), methodText(l, d.Method())}
		return v
	case block.OddsRace:
		rc := r.race
		v := oddsView{Title: l.F("odds.race", "side", l.SideGen(s))}
		v.Rows = append(v.Rows, oddsRow{Label: l.F("odds.wins", "side", l.Side(s, true)), Values: []string{figureText(l, rc.Win)}})
		if rc.Draw.Value > 0 {
			v.Rows = append(v.Rows, oddsRow{Label: l.T("odds.race.draw"), Values: []string{figureText(l, rc.Draw)}})
		}
		v.Rows = append(v.Rows, oddsRow{Label: l.F("odds.wins", "side", l.Side(s.Other(), true)), Values: []string{figureText(l, rc.Loss)}})
		v.Notes = []string{l.T("odds.race.method." + rc.Method.String())}
		return v
	case block.OddsEscape:
		title := l.F("odds.escape", "side", l.SideGen(s), "from", it.Point.String(), "past", r.past.String())
		if it.Point == engine.Bar {
			title = l.F("odds.escape.bar", "side", l.SideGen(s), "past", r.past.String())
		}
		v := oddsView{Title: title, Cols: []string{l.T("odds.within")}}
		for k, f := range r.fs {
			v.Rows = append(v.Rows, oddsRow{Label: l.F("odds.in", "n", l.N(k+1, "turn")), Values: []string{figureText(l, f)}})
		}
		v.Notes = []string{l.F("odds.note.turns", "side", l.SideGen(s)), l.F("odds.note.escape", "side", l.SideGen(s)), methodText(l, odds.Exact)}
		return v
	default: // block.OddsLastRoll
		return oddsView{
			Title: l.F("odds.lastroll", "side", l.SideGen(s)),
			Rows: []oddsRow{
				{Label: l.T("odds.lastroll.draw"), Values: []string{figureText(l, r.draw)}},
				{Label: l.F("odds.wins", "side", l.Side(pos.Started, true)), Values: []string{figureText(l, r.win)}},
			},
			Notes: []string{methodText(l, odds.Exact)},
		}
	}
}

// verifyOdds checks a claim about an "odds:" figure against the computed
// items (computing the item when the block does not show its table) and
// returns the figure in the claim's own form: "78.2%", "169/216".
func verifyOdds(blk *block.Block, c *block.OddsClaim, results []oddsResult) (got string, ok bool) {
	var r *oddsResult
	for i := range results {
		if results[i].item == c.Item {
			r = &results[i]
		}
	}
	if r == nil {
		res, err := computeOddsItem(blk, c.Item)
		if err != nil {
			return "no figure (" + strings.TrimPrefix(err.Error(), "odds: ") + ")", false
		}
		r = &res
	}
	var f odds.Figure
	switch c.Item.Kind {
	case block.OddsBearOff:
		f = r.dist.Within(c.Turns)
	case block.OddsEscape:
		f = r.fs[c.Turns-1]
	case block.OddsRace:
		switch {
		case c.Draw:
			f = r.race.Draw
		case c.Winner == r.race.Side:
			f = r.race.Win
		default:
			f = r.race.Loss
		}
	default: // block.OddsLastRoll
		switch {
		case c.Draw:
			f = r.draw
		case c.Winner == blk.Position.Started:
			f = r.win
		default: // the side on its last roll cannot win it
			f = odds.Figure{Rat: new(big.Rat), Den: 36, Method: odds.Exact}
		}
	}
	return claimedFigure(f, c.Chance)
}

// claimedFigure compares a figure with a claimed chance: a fraction with
// the exact value, a percentage with the figure's rounded to one decimal
// as the page shows it. got is the figure in the claim's form.
func claimedFigure(f odds.Figure, want block.Chance) (got string, ok bool) {
	t, edge := f.Tenths()
	sep := "."
	if want.Comma {
		sep = ","
	}
	pct := f.PercentSep(sep)
	if want.Den > 0 {
		if !f.IsExact() {
			return pct + " (not an exact fraction: " + f.Method.String() + ")", false
		}
		got = f.Fraction()
		if !shownAsFraction(f) {
			got += " (" + pct + ")" // the page shows the percentage only
		}
		return got, f.Rat.Cmp(big.NewRat(want.Num, want.Den)) == 0
	}
	return pct, t == want.Tenths && edge == want.Edge
}

// figureText writes a figure in l: "4/36 (11,1 %)" when it is an exact
// fraction with a denominator of at most maxShownDenominator, otherwise
// the percentage alone ("61,6 %").
func figureText(l i18n.Lang, f odds.Figure) string {
	pct := percent(l, f)
	if shownAsFraction(f) {
		return l.F("odds.frac", "frac", f.Fraction(), "pct", pct)
	}
	return pct
}

// shownAsFraction reports whether a page writes the figure as a fraction
// (with its percentage): an exact fraction whose denominator is at most
// maxShownDenominator.
func shownAsFraction(f odds.Figure) bool {
	if _, den, ok := strings.Cut(f.Fraction(), "/"); ok {
		n, err := strconv.Atoi(den)
		return err == nil && n <= maxShownDenominator
	}
	return false
}

// percent writes the figure's percentage with one decimal in l's way:
// "11,1 %", "50 %", "меньше 0,1 %".
func percent(l i18n.Lang, f odds.Figure) string {
	t, edge := f.Tenths()
	switch edge {
	case -1:
		return l.F("odds.pct.lt", "n", "0"+l.T("num.decimal")+"1")
	case 1:
		return l.F("odds.pct.gt", "n", "99"+l.T("num.decimal")+"9")
	}
	n := strconv.Itoa(t / 10)
	if t%10 != 0 {
		n += l.T("num.decimal") + strconv.Itoa(t%10)
	}
	return l.F("odds.pct", "n", n)
}

// decimal writes x with the given number of decimals and l's separator.
func decimal(l i18n.Lang, x float64, decimals int) string {
	return strings.Replace(strconv.FormatFloat(x, 'f', decimals, 64), ".", l.T("num.decimal"), 1)
}

// methodText says in l how a figure was computed.
func methodText(l i18n.Lang, m odds.Method) string {
	return l.T("odds.method." + m.String())
}

// rows writes the figures of a computed "odds:" item as rows of the
// change reports, in no language: "odds bearoff within 2\t169/216 (78.2%,
// exact)".
func (r oddsResult) rows() []string {
	name := "odds " + r.item.Kind.String()
	if r.item.Kind == block.OddsEscape {
		name += " from " + r.item.Point.String()
	}
	var out []string
	switch r.item.Kind {
	case block.OddsBearOff:
		for k := 1; k <= r.item.Turns; k++ {
			out = append(out, name+" within "+strconv.Itoa(k)+"\t"+r.dist.Within(k).String())
		}
	case block.OddsRace:
		out = append(out, name+" win\t"+r.race.Win.String(), name+" draw\t"+r.race.Draw.String(), name+" loss\t"+r.race.Loss.String())
	case block.OddsEscape:
		for k, f := range r.fs {
			out = append(out, name+" within "+strconv.Itoa(k+1)+"\t"+f.String())
		}
	default:
		out = append(out, name+" draw\t"+r.draw.String(), name+" win\t"+r.win.String())
	}
	return out
}
