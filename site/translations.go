package site

import (
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// A page and its translation must teach the same thing: every figure, in
// the same order, with the same position, roll, rules, plays, claims,
// statistics and exercises. Captions and prose may differ.

// fact is one thing the engine reads of a figure, by name.
type fact struct{ name, value string }

// figureFacts are the facts of one figure and the line of its block.
type figureFacts struct {
	line  int
	facts []fact
}

// readFacts lists what the engine reads of a block, in a form that does
// not depend on the page's language.
func readFacts(blk *block.Block) []fact {
	var plays, stats, replies, odds, exercises, claims, rolls, marks []string
	for _, pl := range blk.Plays {
		plays = append(plays, pl.Dice.String()+" "+pl.Play.Notation())
	}
	for _, st := range blk.Stats {
		stats = append(stats, st.String())
	}
	for _, st := range blk.Replies {
		replies = append(replies, st.String())
	}
	for _, it := range blk.Odds {
		odds = append(odds, it.Kind.String()+" "+it.Point.String()+" "+strconv.Itoa(it.Turns))
	}
	for _, e := range blk.Exercises {
		exercises = append(exercises, e.String())
	}
	for _, e := range blk.Expect {
		claims = append(claims, e.Kind+" "+strings.ReplaceAll(strings.Join(e.Args, " "), ",", "."))
	}
	for _, d := range blk.Rolls {
		rolls = append(rolls, d.String())
	}
	for _, m := range blk.Marks {
		marks = append(marks, m.String())
	}
	dice := "none"
	if blk.HasDice {
		dice = blk.Dice.String()
	}
	return []fact{
		{"position", engine.Code(blk.Position, engine.Dice{}, false, engine.DefaultRules)},
		{"plays", strings.Join(plays, "; ")},
		{"roll", dice},
		{"rules", blk.Rules.Profile()},
		{"outputs", strconv.Itoa(int(blk.Show))},
		{"statistics", strings.Join(stats, " ")},
		{"replies", strings.Join(replies, " ")},
		{"odds", strings.Join(odds, ", ")},
		{"rolls", strings.Join(rolls, " ")},
		{"arrows", engine.FormatSegments(blk.Arrows)},
		{"marks", strings.Join(marks, " ")},
		{"illegal play", engine.FormatSegments(blk.Illegal)},
		{"play shown after", playNotation(blk.After)},
		{"highlighted play", playNotation(blk.Highlight)},
		{"scoring", strconv.Itoa(blk.Scoring.Cube) + " " + strconv.FormatBool(blk.Scoring.CubeInUse) + " " + strconv.FormatBool(blk.Scoring.Jacoby)},
		{"exercises", strings.Join(exercises, " ")},
		{"claims", strings.Join(claims, "; ")},
		{"name", blk.Name},
	}
}

// tableFacts lists what the engine reads of a table: its kind and the
// facts of each row.
func tableFacts(tab *block.Table) []fact {
	kind := "results"
	if tab.Kind == block.TableStats {
		kind = "statistics"
	}
	facts := []fact{{"table", kind}, {"rows", strconv.Itoa(len(tab.Rows))}}
	for i, r := range tab.Rows {
		for _, f := range readFacts(r) {
			facts = append(facts, fact{"row " + strconv.Itoa(i+1) + "'s " + f.name, f.value})
		}
	}
	return facts
}

// playNotation writes a play the figure shows in the engine's notation,
// or "" for none: the same play however each language's block writes it.
func playNotation(pl *engine.Play) string {
	if pl == nil {
		return ""
	}
	return pl.Notation()
}

// checkTranslations reports pages that exist in one language only, and
// pages whose figures teach something else than their translation's. A
// page whose own figures could not be read is not compared: those
// problems are reported already.
func (b *builder) checkTranslations(errs *engine.ErrorList) {
	for i, p := range b.pages {
		for _, l := range i18n.Langs {
			if l == p.lang {
				continue
			}
			if _, ok := b.byKey[pageKey(l, p.rel)]; !ok {
				errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "missing translation: "+b.missingTranslation(l, p)+" does not exist")
			}
		}
		first := i18n.Langs[0]
		if p.lang == first {
			continue
		}
		j, ok := b.byKey[pageKey(first, p.rel)]
		if !ok || b.res[i].broken || b.res[j].broken || p.fm.broken || b.pages[j].fm.broken {
			continue
		}
		b.compareFigures(i, j, errs)
	}
}

// compareFigures reports where page i's figures differ from those of its
// translation j, naming both files and lines.
func (b *builder) compareFigures(i, j int, errs *engine.ErrorList) {
	p, q := b.pages[i], b.pages[j]
	mine, theirs := b.res[i].figs, b.res[j].figs
	if len(mine) != len(theirs) {
		errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "the page has "+strconv.Itoa(len(mine))+" figures and its translation "+q.file+" "+strconv.Itoa(len(theirs))+": a translation shows the same figures in the same order")
		return
	}
	for k := range mine {
		for f := range min(len(mine[k].facts), len(theirs[k].facts)) {
			a, c := mine[k].facts[f], theirs[k].facts[f]
			if a.value == c.value {
				continue
			}
			errs.Add(engine.Pos{File: p.file, Line: mine[k].line, Col: 1},
				"figure "+strconv.Itoa(k+1)+" differs from its translation "+q.file+":"+strconv.Itoa(theirs[k].line)+" in its "+a.name+": "+quoted(a.value)+" here, "+quoted(c.value)+" there; a translation teaches the same (only captions and prose may differ)")
			break
		}
	}
}

// quoted writes a fact's value for a message: quoted, or "none".
func quoted(v string) string {
	if v == "" {
		return "none"
	}
	return strconv.Quote(v)
}
