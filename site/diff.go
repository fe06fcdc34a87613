package site

import (
	"context"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// RulesDiff is what would change if the site were built under other
// rules.
type RulesDiff struct {
	// From and To name the two profiles (Rules.Profile).
	From, To string
	// Figures are the figures whose tables or statistics differ under the
	// other rules, row by row, a page and its translation together.
	Figures []FigureChange
	// Problems are the problems the other rules bring: claims that no
	// longer hold, blocks that no longer make sense. Problems the content
	// already has are not repeated.
	Problems engine.ErrorList
	// Blocks is how many figures were compared (a figure and its
	// translation count once).
	Blocks int
}

// DiffRules builds the site twice, under its own rules and with the
// overrides rules ("key=value" or a preset's name) on top, and reports
// which figures would change. Nothing is written.
func DiffRules(ctx context.Context, opt Options, rules []string) (*RulesDiff, error) {
	opt.KeepGoing = true
	opt.Checker = false
	base, err := Check(ctx, opt)
	if err != nil {
		return nil, err
	}
	opt.Rules = append(append([]string(nil), opt.Rules...), rules...)
	other, err := Check(ctx, opt)
	if err != nil {
		return nil, err
	}
	d := &RulesDiff{From: base.Rules.Profile(), To: other.Rules.Profile()}
	before := map[string]Record{}
	figures := map[string]bool{}
	for _, r := range base.Records {
		before[r.Page+"#"+r.ID] = r
		_, rest, _ := strings.Cut(r.Page, "/")
		figures[rest+"#"+r.ID] = true
	}
	d.Blocks = len(figures)
	var changes []figureChange
	for _, r := range other.Records {
		old, ok := before[r.Page+"#"+r.ID]
		if !ok || old.Tables == r.Tables {
			continue
		}
		rows := compareRows(old.Rows, r.Rows)
		if len(rows) == 0 {
			rows = []RowChange{{Group: "the figure's text"}}
		}
		changes = append(changes, figureChange{id: r.Page + "#" + r.ID, where: r.place(), rows: rows})
	}
	d.Figures = mergeLanguages(changes)
	had := map[string]bool{}
	for _, e := range base.Problems {
		had[e.Error()] = true
	}
	for _, e := range other.Problems {
		if !had[e.Error()] {
			d.Problems = append(d.Problems, e)
		}
	}
	return d, nil
}

// String writes the report: one line per changed figure (a page and its
// translation together, row by row) and per new problem, then the counts.
func (d *RulesDiff) String() string {
	var sb strings.Builder
	sb.WriteString("under profile " + strconv.Quote(d.To) + " instead of " + strconv.Quote(d.From) + ":\n")
	for _, f := range d.Figures {
		sb.WriteString(f.String() + "\n")
	}
	problems := mergeProblems(d.Problems)
	for _, p := range problems {
		sb.WriteString(p + "\n")
	}
	rewrite := strconv.Itoa(len(problems)) + " claims or blocks"
	if len(problems) == 1 {
		rewrite = "1 claim or block"
	}
	sb.WriteString(strconv.Itoa(len(d.Figures)) + " of " + plural(d.Blocks, "figure") + " change; " + rewrite + " to rewrite\n")
	return sb.String()
}
