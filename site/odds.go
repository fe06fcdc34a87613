package site

import (
	"math"
	"math/big"
	"strconv"
	"strings"

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

// oddsViews computes the block's "odds:" items with package odds.
func oddsViews(l i18n.Lang, blk *engine.Block) ([]oddsView, engine.ErrorList) {
	var out []oddsView
	var errs engine.ErrorList
	for _, it := range blk.Odds {
		v, err := oddsItem(l, blk, it)
		if err != nil {
			errs.Add(it.Loc.Line, it.Loc.Col, "odds "+it.Kind.String()+": "+strings.TrimPrefix(err.Error(), "odds: "))
			continue
		}
		out = append(out, v)
	}
	return out, errs
}

func oddsItem(l i18n.Lang, blk *engine.Block, it engine.OddsItem) (oddsView, error) {
	pos, rules := blk.Position, blk.Rules
	s := pos.Turn
	switch it.Kind {
	case engine.OddsBearOff:
		d, err := odds.BearOff(pos, s)
		if err != nil {
			return oddsView{}, err
		}
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
		v.Notes = []string{l.F("odds.note.turns", "side", l.SideGen(s)), methodText(l, d.Method())}
		return v, nil
	case engine.OddsRace:
		r, err := odds.Race(pos, rules, odds.Options{})
		if err != nil {
			return oddsView{}, err
		}
		v := oddsView{Title: l.F("odds.race", "side", l.SideGen(s))}
		v.Rows = append(v.Rows, oddsRow{Label: l.F("odds.wins", "side", l.Side(s, true)), Values: []string{figureText(l, r.Win)}})
		if r.Draw.Value > 0 {
			v.Rows = append(v.Rows, oddsRow{Label: l.T("odds.race.draw"), Values: []string{figureText(l, r.Draw)}})
		}
		v.Rows = append(v.Rows, oddsRow{Label: l.F("odds.wins", "side", l.Side(s.Other(), true)), Values: []string{figureText(l, r.Loss)}})
		v.Notes = []string{methodText(l, r.Method)}
		return v, nil
	case engine.OddsEscape:
		past, _ := odds.BlockadeEnd(pos, it.Point)
		fs, err := odds.Escape(pos, rules, it.Point, past, it.Turns)
		if err != nil {
			return oddsView{}, err
		}
		title := l.F("odds.escape", "side", l.SideGen(s), "from", it.Point.String(), "past", past.String())
		if it.Point == engine.Bar {
			title = l.F("odds.escape.bar", "side", l.SideGen(s), "past", past.String())
		}
		v := oddsView{Title: title, Cols: []string{l.T("odds.within")}}
		for k, f := range fs {
			v.Rows = append(v.Rows, oddsRow{Label: l.F("odds.in", "n", l.N(k+1, "turn")), Values: []string{figureText(l, f)}})
		}
		v.Notes = []string{l.F("odds.note.turns", "side", l.SideGen(s)), l.F("odds.note.escape", "side", l.SideGen(s)), methodText(l, odds.Exact)}
		return v, nil
	default: // engine.OddsLastRoll
		f, _, err := odds.LastRoll(pos, rules)
		if err != nil {
			return oddsView{}, err
		}
		win := odds.Figure{Rat: new(big.Rat).Sub(big.NewRat(1, 1), f.Rat), Den: 36, Method: odds.Exact}
		win.Value, _ = win.Rat.Float64()
		return oddsView{
			Title: l.F("odds.lastroll", "side", l.SideGen(s)),
			Rows: []oddsRow{
				{Label: l.T("odds.lastroll.draw"), Values: []string{figureText(l, f)}},
				{Label: l.F("odds.wins", "side", l.Side(pos.Started, true)), Values: []string{figureText(l, win)}},
			},
			Notes: []string{methodText(l, odds.Exact)},
		}, nil
	}
}

// figureText writes a figure in l: "4/36 (11,1 %)" when it is an exact
// fraction with a denominator of at most maxShownDenominator, otherwise
// the percentage alone ("61,6 %"); a sampled figure adds twice its
// standard error ("47,3 % ± 0,4 %").
func figureText(l i18n.Lang, f odds.Figure) string {
	pct := percent(l, f)
	if f.Method == odds.Sampled && f.StdErr > 0 {
		err := math.Max(math.Ceil(2*f.StdErr*1000)/10, 0.1)
		return l.F("odds.pm", "value", pct, "err", l.F("odds.pct", "n", decimal(l, err, 1)))
	}
	if _, den, ok := strings.Cut(f.Fraction(), "/"); ok {
		if n, err := strconv.Atoi(den); err == nil && n <= maxShownDenominator {
			return l.F("odds.frac", "frac", f.Fraction(), "pct", pct)
		}
	}
	return pct
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
	if m == odds.Sampled {
		n := odds.DefaultSamples
		return l.F("odds.method.sampled", "n", thousands(n)+" "+l.Plural(n, "odds.games"))
	}
	return l.T("odds.method." + m.String())
}

// thousands writes n with its digits in groups of three, separated by a
// no-break space: "10 000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "\u00a0" + s[i:]
	}
	return s
}
