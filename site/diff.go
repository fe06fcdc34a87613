package site

import (
	"context"
	"slices"
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
	// Pinned lists, for each rule the overrides change, the blocks that
	// set it themselves to another value, on their own "rules:" line or
	// their page's: the overrides leave them as they are, unless
	// OverridePinned.
	Pinned []PinnedRule
	// OverridePinned is set when the overrides applied to those blocks
	// too (Options.OverridePinned).
	OverridePinned bool
}

// PinnedRule is a rule that blocks set themselves.
type PinnedRule struct {
	// Key is the rule's key ("last-roll"), Value the overrides' value.
	Key, Value string
	// Blocks are the blocks, each a block and its translation: the place
	// of the "rules:" line that sets the rule, in each language
	// ("content/ru/long/result.md:54").
	Blocks [][]string
}

// DiffRules builds the site twice, under its own rules and with the
// overrides rules ("key=value" or a preset's name) on top, and reports
// which figures would change, and which blocks set the rules the
// overrides change themselves. With opt.OverridePinned, the overrides
// apply to those blocks too. Nothing is written.
func DiffRules(ctx context.Context, opt Options, rules []string) (*RulesDiff, error) {
	opt.KeepGoing = true
	opt.Checker = false
	overPinned := opt.OverridePinned
	opt.OverridePinned = false
	base, err := Check(ctx, opt)
	if err != nil {
		return nil, err
	}
	opt.Rules = append(append([]string(nil), opt.Rules...), rules...)
	opt.OverridePinned = overPinned
	other, err := Check(ctx, opt)
	if err != nil {
		return nil, err
	}
	d := &RulesDiff{From: base.Rules.Profile(), To: other.Rules.Profile(), OverridePinned: overPinned}
	d.Pinned = pinnedRules(base.pins, overrideWords(base.Rules, other.Rules))
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

// pinnedRules returns, for each "key=value" of words, the blocks of pins
// that set the key themselves to another value, a block and its
// translations together, in order of place.
func pinnedRules(pins []pinAt, words []string) []PinnedRule {
	var out []PinnedRule
	for _, w := range words {
		key, val, _ := strings.Cut(w, "=")
		game, _ := engine.GameOf(key)
		byFig := map[string][]string{}
		var figs []string
		for _, pn := range pins {
			if v, _ := pn.rules.Get(key); pn.game != game || v == val {
				continue
			}
			place := ""
			switch {
			case setsRule(pn.own, key):
				place = pn.file + ":" + strconv.Itoa(pn.line)
			case setsRule(pn.pageRules, key):
				place = pn.file + ":" + strconv.Itoa(pn.pageLine)
			default:
				continue
			}
			_, rest, _ := strings.Cut(pn.page, "/")
			id := rest + "#" + strconv.Itoa(pn.fig) + "/" + strconv.Itoa(pn.row)
			if _, ok := byFig[id]; !ok {
				figs = append(figs, id)
			}
			if !slices.Contains(byFig[id], place) {
				byFig[id] = append(byFig[id], place)
			}
		}
		if len(figs) == 0 {
			continue
		}
		pr := PinnedRule{Key: key, Value: val}
		for _, id := range figs {
			places := byFig[id]
			slices.SortFunc(places, comparePlaces)
			pr.Blocks = append(pr.Blocks, places)
		}
		slices.SortFunc(pr.Blocks, func(a, b []string) int { return comparePlaces(a[0], b[0]) })
		out = append(out, pr)
	}
	return out
}

// setsRule reports whether the words of a "rules:" line set rule key: a
// preset's name sets every rule, "key=value" one.
func setsRule(words, key string) bool {
	for _, w := range strings.Fields(words) {
		if k, _, isKey := strings.Cut(w, "="); !isKey || k == key {
			return true
		}
	}
	return false
}

// String writes the report: one line per changed figure (a page and its
// translation together, row by row) and per new problem, the blocks that
// set the rules themselves, then the counts.
func (d *RulesDiff) String() string {
	var sb strings.Builder
	over := ""
	if d.OverridePinned {
		over = ", the overrides applied to what blocks set themselves too"
	}
	sb.WriteString("under profile " + strconv.Quote(d.To) + " instead of " + strconv.Quote(d.From) + over + ":\n")
	for _, f := range d.Figures {
		sb.WriteString(f.String() + "\n")
	}
	problems := mergeProblems(d.Problems)
	for _, p := range problems {
		sb.WriteString(p + "\n")
	}
	for _, pr := range d.Pinned {
		rule := pr.Key + "=" + pr.Value
		one := len(pr.Blocks) == 1
		switch {
		case d.OverridePinned && one:
			sb.WriteString("1 block that sets " + pr.Key + " itself has " + rule + " too\n")
		case d.OverridePinned:
			sb.WriteString(plural(len(pr.Blocks), "block") + " that set " + pr.Key + " themselves have " + rule + " too\n")
		case one:
			sb.WriteString("1 block sets " + pr.Key + " itself: " + rule + " leaves it as it is (--override-pinned changes it too):\n")
		default:
			sb.WriteString(plural(len(pr.Blocks), "block") + " set " + pr.Key + " themselves: " + rule + " leaves them as they are (--override-pinned changes them too):\n")
		}
		if !d.OverridePinned {
			for _, places := range pr.Blocks {
				sb.WriteString("  " + strings.Join(places, ", ") + "\n")
			}
		}
	}
	rewrite := strconv.Itoa(len(problems)) + " claims or blocks"
	if len(problems) == 1 {
		rewrite = "1 claim or block"
	}
	sb.WriteString(strconv.Itoa(len(d.Figures)) + " of " + plural(d.Blocks, "figure") + " change; " + rewrite + " to rewrite\n")
	return sb.String()
}
