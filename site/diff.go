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
	// Changed are the blocks whose tables or statistics differ, as built
	// under the other rules.
	Changed []Record
	// Problems are the problems the other rules bring: claims that no
	// longer hold, blocks that no longer make sense. Problems the content
	// already has are not repeated.
	Problems engine.ErrorList
	// Blocks is how many blocks were compared.
	Blocks int
}

// DiffRules builds the site twice, under its own rules and with the
// overrides rules ("key=value" or a preset's name) on top, and reports
// which blocks would change. Nothing is written.
func DiffRules(ctx context.Context, opt Options, rules []string) (*RulesDiff, error) {
	opt.KeepGoing = true
	opt.Checker = false
	base, err := Build(ctx, opt)
	if err != nil {
		return nil, err
	}
	opt.Rules = append(append([]string(nil), opt.Rules...), rules...)
	other, err := Build(ctx, opt)
	if err != nil {
		return nil, err
	}
	d := &RulesDiff{From: base.Rules.Profile(), To: other.Rules.Profile(), Blocks: len(base.Records)}
	before := map[string]Record{}
	for _, r := range base.Records {
		before[r.Page+"#"+r.ID] = r
	}
	for _, r := range other.Records {
		if old, ok := before[r.Page+"#"+r.ID]; ok && old.Tables != r.Tables {
			d.Changed = append(d.Changed, r)
		}
	}
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

// String writes the report: one line per changed block or new problem,
// then a count.
func (d *RulesDiff) String() string {
	var sb strings.Builder
	sb.WriteString("under profile " + strconv.Quote(d.To) + " instead of " + strconv.Quote(d.From) + ":\n")
	for _, r := range d.Changed {
		sb.WriteString(r.File + ":" + strconv.Itoa(r.Line) + ": the block's tables change (" + r.Page + "#" + r.ID + ")\n")
	}
	for _, e := range d.Problems {
		sb.WriteString(e.Error() + "\n")
	}
	sb.WriteString(strconv.Itoa(len(d.Changed)) + " of " + strconv.Itoa(d.Blocks) + " blocks change; " + strconv.Itoa(len(d.Problems)) + " claims or blocks need rewriting\n")
	return sb.String()
}
