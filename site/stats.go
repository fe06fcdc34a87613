package site

import (
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/engine/odds"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// statView is one dice statistic of a figure: its name, the count with
// its percentage and rolls, how the count's cells add up. (Its grid of
// the 36 outcomes, the counted ones filled, is drawn apart: rollGrid.)
type statView struct {
	Label, Value, Sum string
	// Rolls lists the rolls counted, ", " between them, each kept whole
	// on its line (<span class="roll">): HTML.
	Rolls string
}

// newStatView lays out statistic st, which counts c.
func newStatView(l i18n.Lang, st engine.Stat, c engine.RollCount) statView {
	v := statView{Label: l.Stat(st), Value: of36(l, c), Sum: statSum(l, c)}
	var rolls strings.Builder
	for i, d := range c.Rolls {
		if i > 0 {
			rolls.WriteString(", ")
		}
		rolls.WriteString(`<span class="roll">` + d.String() + `</span>`)
	}
	v.Rolls = rolls.String()
	return v
}

// rollGrid draws the grid of statistic v, which counts c, with the id
// id.
func rollGrid(l i18n.Lang, v statView, c engine.RollCount, id string) (string, error) {
	var sb strings.Builder
	err := diagrams.RollGrid(&sb, diagrams.RollGridOptions{
		ID:      id,
		Title:   v.Label + ": " + of36(l, c),
		Desc:    gridDesc(l, c),
		First:   l.T("grid.first"),
		Second:  l.T("grid.second"),
		Counted: c.Rolls,
	})
	return sb.String(), err
}

// of36 writes a count with its percentage: "17 из 36 (47,2 %)".
func of36(l i18n.Lang, c engine.RollCount) string {
	return l.F("odds.frac", "frac", l.F("of36", "n", strconv.Itoa(c.N)), "pct", percent(l, odds.FromCount(c)))
}

// statValue writes a count, its percentage and its rolls: "17 из 36
// (47,2 %): 3-3, 6-5, 6-4 …" ("0 из 36 (0 %)" when none).
func statValue(l i18n.Lang, c engine.RollCount) string {
	s := of36(l, c)
	if len(c.Rolls) == 0 {
		return s
	}
	parts := make([]string, len(c.Rolls))
	for i, d := range c.Rolls {
		parts[i] = d.String()
	}
	return s + ": " + strings.Join(parts, ", ")
}

// statSum says how the count adds up: "1 дубль — 1 исход; 8 бросков из
// разных чисел — 16 исходов; всего 17." A double is one outcome of the
// 36 (one cell of the grid), a roll of two different numbers two. Empty
// when no roll counts.
func statSum(l i18n.Lang, c engine.RollCount) string {
	doubles, pairs := 0, 0
	for _, d := range c.Rolls {
		if d.IsDouble() {
			doubles++
		} else {
			pairs++
		}
	}
	// A number stays on the line of its noun.
	n := func(k int, key string) string { return strings.Replace(l.N(k, key), " ", "\u00a0", 1) }
	var parts []string
	if doubles > 0 {
		parts = append(parts, l.F("stat.part", "rolls", n(doubles, "double"), "cells", n(doubles, "outcome")))
	}
	if pairs > 0 {
		parts = append(parts, l.F("stat.part", "rolls", n(pairs, "nondouble"), "cells", n(2*pairs, "outcome")))
	}
	if len(parts) == 0 {
		return ""
	}
	if len(parts) > 1 {
		parts = append(parts, l.F("stat.total", "n", strconv.Itoa(c.N)))
	}
	return strings.Join(parts, "; ") + "."
}

// gridDesc describes a statistic's grid for a reader who cannot see it:
// what the rows and columns are, and every filled cell, both orders of a
// non-double named together ("6-5 и 5-6").
func gridDesc(l i18n.Lang, c engine.RollCount) string {
	if c.N == 0 {
		return l.T("grid.none")
	}
	parts := make([]string, len(c.Rolls))
	for i, d := range c.Rolls {
		parts[i] = d.String()
		if !d.IsDouble() {
			parts[i] += " " + l.T("and") + " " + engine.Dice{d[1], d[0]}.String()
		}
	}
	return l.F("grid.desc", "n", strconv.Itoa(c.N), "list", strings.Join(parts, ", "))
}
