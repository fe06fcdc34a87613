package site

import (
	"slices"
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
	// dropped lists the keys of a block's lines that have problems (or
	// have them once those lines are left out): facts reads the block
	// without them, and the facts that depend on them are not compared,
	// as the problems are reported already. unread is set when nothing of
	// the figure can be compared: a table, or a block whose game, rules
	// or position could not be read.
	dropped []string
	unread  bool
}

// foundationKeys are the keys every fact of a block depends on: with a
// problem in one of them, a difference from the translation is no
// problem of its own.
var foundationKeys = []string{"game", "rules", "position", "from", "white", "black", "white-bar", "black-bar", "turn", "started", "play"}

// factKeys lists, by fact, the keys of the lines a fact is read from
// besides the foundation keys.
var factKeys = map[string][]string{
	"roll":             {"dice"},
	"outputs":          {"show", "dice", "stats", "replies", "odds"}, // without "show:", a block shows what it has
	"statistics":       {"stats"},
	"replies":          {"replies"},
	"odds":             {"odds"},
	"rolls":            {"rolls"},
	"arrows":           {"arrows"},
	"marks":            {"marks"},
	"illegal play":     {"illegal"},
	"play shown after": {"after"},
	"highlighted play": {"highlight"},
	"scoring":          {"cube", "jacoby"},
	"exercises":        {"exercise"},
	"claims":           {"expect"},
	"name":             {"name"},
}

// partialFacts are what can be compared of a block with problems errs
// (their lines counted inside src): the facts of the block read again
// without the lines that have problems, and without those that have
// problems once these are left out, until it reads. The dice written
// differently from the translation's then still make a difference
// reported, however many lines of the block they break. The block so
// read is returned too, or nil when its game, rules or position could not
// be read.
func partialFacts(src string, errs engine.ErrorList, opt block.Options, line int) (figureFacts, *block.Block) {
	unread := figureFacts{line: line, unread: true}
	lines := slices.Collect(strings.Lines(src))
	left := make([]bool, len(lines)) // the lines left out
	var dropped []string
	for {
		progress := false
		for _, e := range errs {
			if e.Pos.Line < 1 || e.Pos.Line > len(lines) {
				return unread, nil
			}
			k := lineKey(lines[e.Pos.Line-1])
			switch {
			case slices.Contains(foundationKeys, k):
				return unread, nil
			case k == "" && !left[e.Pos.Line-1]:
				left[e.Pos.Line-1], progress = true, true
			case k != "" && !slices.Contains(dropped, k):
				dropped, progress = append(dropped, k), true
			}
		}
		if !progress {
			return unread, nil
		}
		var rest strings.Builder
		for n, l := range lines {
			if left[n] || slices.Contains(dropped, lineKey(l)) {
				rest.WriteString("\n") // the lines keep their numbers
				continue
			}
			rest.WriteString(l)
		}
		blk, err := block.Parse(rest.String(), opt)
		if err == nil {
			return figureFacts{line: line, facts: readFacts(blk), dropped: dropped}, blk
		}
		errs = engine.AsList(err)
	}
}

// lineKey returns the key of a block's line, or "" for a line that has
// none the format knows.
func lineKey(l string) string {
	k, _ := splitKey(l)
	return k
}

// splitKey returns the key of a block's line and its value without a
// comment, or "" for a line that has no key the format knows.
func splitKey(l string) (key, val string) {
	l = strings.TrimLeft(l, " \t")
	k, v, ok := strings.Cut(l, ":")
	if !ok || !slices.Contains(block.Keys, k) {
		return "", ""
	}
	for i := range len(v) { // a comment: a "#" at the start or after a space
		if v[i] == '#' && (i == 0 || v[i-1] == ' ' || v[i-1] == '\t') {
			v = v[:i]
			break
		}
	}
	return k, strings.TrimSpace(v)
}

// blockName returns the name a block's "name:" line gives, or "".
func blockName(src string) string {
	for l := range strings.Lines(src) {
		if k, v := splitKey(l); k == "name" {
			return v
		}
	}
	return ""
}

// droppedFacts are the facts not compared between two figures: those
// read from a line either left out.
func droppedFacts(a, b figureFacts) map[string]bool {
	skip := map[string]bool{}
	for name, keys := range factKeys {
		for _, k := range keys {
			if slices.Contains(a.dropped, k) || slices.Contains(b.dropped, k) {
				skip[name] = true
			}
		}
	}
	return skip
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

// checkTranslations reports pages that exist in some of the site's
// languages only, and pages whose figures teach something else than their
// translation's. A page whose front matter could not be read is not
// compared, nor what a figure's problems explain (see partialFacts):
// those problems are reported already. With translations: fallback, a
// missing page is a warning, and the language's table of contents lists
// the page of the first language that has it (ix.fallbacks).
func (ix *index) checkTranslations(errs *engine.ErrorList) {
	fallback := ix.translations() == Fallback
	ix.fallbacks = map[i18n.Lang][]int{}
	listed := map[string]bool{} // "uk/extra.md": has its fallback
	for i, p := range ix.pages {
		for _, l := range ix.cfg.Languages {
			key := pageKey(l, p.rel)
			if _, ok := ix.byKey[key]; ok || l == p.lang || slices.Contains(ix.absent, l) {
				continue
			}
			at := engine.Pos{File: p.file, Line: 1, Col: 1}
			missing := "missing translation: " + ix.missingTranslation(l, p) + " does not exist"
			if ix.drafts[key] {
				missing = "its translation " + ix.missingTranslation(l, p) + ` is a draft ("draft: true"), left out of the build`
			}
			switch {
			case fallback && !listed[key]:
				listed[key] = true
				ix.fallbacks[l] = append(ix.fallbacks[l], i)
				ix.warns.Add(at, missing+"; the "+langName(l)+" contents list this page instead (translations: fallback)")
			case fallback:
				ix.warns.Add(at, missing)
			case ix.drafts[key]:
				errs.Add(at, missing+`: mark both pages as drafts, or neither (or set "translations: fallback" in `+ix.contentPath(ConfigFile)+")")
			default:
				errs.Add(at, missing+`; write it, or set "translations: fallback" in `+ix.contentPath(ConfigFile))
			}
		}
		first := ix.cfg.Languages[0]
		if p.lang == first {
			continue
		}
		j, ok := ix.byKey[pageKey(first, p.rel)]
		if !ok || p.fm.broken || ix.pages[j].fm.broken {
			continue
		}
		ix.compareFigures(i, j, errs)
	}
}

// compareFigures reports where page i's figures differ from those of its
// translation j, naming both files and lines.
func (ix *index) compareFigures(i, j int, errs *engine.ErrorList) {
	p, q := ix.pages[i], ix.pages[j]
	mine, theirs := ix.res[i].figs, ix.res[j].figs
	if len(mine) != len(theirs) {
		if slices.ContainsFunc(mine, hasProblems) || slices.ContainsFunc(theirs, hasProblems) {
			return // which figures are which is not clear while one has problems, which are reported
		}
		errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "the page has "+strconv.Itoa(len(mine))+" figures and its translation "+q.file+" "+strconv.Itoa(len(theirs))+": a translation shows the same figures in the same order")
		return
	}
	for k := range mine {
		if mine[k].unread || theirs[k].unread {
			continue
		}
		skip := droppedFacts(mine[k], theirs[k])
		for f := range min(len(mine[k].facts), len(theirs[k].facts)) {
			a, c := mine[k].facts[f], theirs[k].facts[f]
			if a.value == c.value || skip[a.name] {
				continue
			}
			errs.Add(engine.Pos{File: p.file, Line: mine[k].line, Col: 1},
				"figure "+strconv.Itoa(k+1)+" differs from its translation "+q.file+":"+strconv.Itoa(theirs[k].line)+" in its "+a.name+": "+quoted(a.value)+" here, "+quoted(c.value)+" there; a translation teaches the same (only captions and prose may differ)")
			break
		}
	}
}

// hasProblems reports whether figure f has problems of its own.
func hasProblems(f figureFacts) bool { return f.unread || len(f.dropped) > 0 }

// quoted writes a fact's value for a message: quoted, or "none".
func quoted(v string) string {
	if v == "" {
		return "none"
	}
	return strconv.Quote(v)
}
