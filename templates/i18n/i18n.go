// Package i18n holds the site's Russian and Ukrainian strings: the UI
// labels, plural forms, the descriptions of board diagrams and the
// explanations of illegal moves. Both tables have exactly the same keys.
//
// The package imports only the engine and the standard library (no fmt,
// no reflect), so the WebAssembly checker can use it too.
package i18n

import (
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// Lang is a site language.
type Lang string

// The site's languages.
const (
	RU Lang = "ru"
	UK Lang = "uk"
)

// Langs lists the languages in the order they are offered.
var Langs = []Lang{RU, UK}

// Valid reports whether l is a site language.
func (l Lang) Valid() bool { return l == RU || l == UK }

// entry is one string of a table kept as a slice.
type entry struct{ key, text string }

// tables returns l's string maps: the site's strings, those of the
// statistics beyond one roll and those of the notation page.
func (l Lang) tables() [3]map[string]string {
	if l == UK {
		return [3]map[string]string{uk, oddsUK, notationUK}
	}
	return [3]map[string]string{ru, oddsRU, notationRU}
}

func (l Lang) lookup(key string) (string, bool) {
	for _, t := range l.tables() {
		if s, ok := t[key]; ok {
			return s, true
		}
	}
	if s, ok := l.checkerText(key); ok {
		return s, true
	}
	for _, e := range gamePageTable(l) {
		if e.key == key {
			return e.text, true
		}
	}
	return l.blockText(key)
}

// checkerText looks key up among the strings of the move checker only.
// They live in slices apart from the site's maps so that the WebAssembly
// checker, which reads nothing else (CheckerText, Reason), carries only
// them: a map literal is built by code at start-up, and the linker keeps
// a whole map once anything reads it.
func (l Lang) checkerText(key string) (string, bool) {
	for _, e := range checkerTable(l) {
		if e.key == key {
			return e.text, true
		}
	}
	return "", false
}

// checkerTable returns the strings of the move checker in l.
func checkerTable(l Lang) []entry {
	if l == UK {
		return ukChecker
	}
	return ruChecker
}

// T returns the string for key, or the key in brackets when it is missing
// (a test makes sure no key is missing in either language).
func (l Lang) T(key string) string {
	if s, ok := l.lookup(key); ok {
		return s
	}
	return "[" + key + "]"
}

// CheckerText is T for the strings of the move checker ("checker.nodice",
// "fig.moves.none", the reasons): it reads none of the site's other
// strings, so a program that needs only these does not carry the rest.
func (l Lang) CheckerText(key string) string {
	if s, ok := l.checkerText(key); ok {
		return s
	}
	return "[" + key + "]"
}

// Has reports whether key exists in l's tables.
func (l Lang) Has(key string) bool {
	_, ok := l.lookup(key)
	return ok
}

// F returns the string for key with "{name}" placeholders replaced by the
// given name/value pairs.
func (l Lang) F(key string, pairs ...string) string { return fillPairs(l.T(key), pairs) }

// fillPairs replaces each "{name}" in s by the value paired with name.
func fillPairs(s string, pairs []string) string {
	return fill(s, func(name string) (string, bool) {
		for k := 0; k+1 < len(pairs); k += 2 {
			if pairs[k] == name {
				return pairs[k+1], true
			}
		}
		return "", false
	})
}

// fill replaces each "{name}" in s by value(name); a placeholder without
// a value stays as written.
func fill(s string, value func(name string) (string, bool)) string {
	var b []byte
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		b = append(b, s[:i]...)
		if v, ok := value(s[i+1 : i+j]); ok {
			b = append(b, v...)
		} else {
			b = append(b, s[i:i+j+1]...)
		}
		s = s[i+j+1:]
	}
	return string(append(b, s...))
}

// Keys returns every key of l's tables (unordered; a key defined in two
// tables comes twice, which a test forbids).
func (l Lang) Keys() []string {
	var keys []string
	for _, t := range l.tables() {
		for k := range t {
			keys = append(keys, k)
		}
	}
	for _, e := range checkerTable(l) {
		keys = append(keys, e.key)
	}
	for _, e := range blockTable(l) {
		keys = append(keys, e.key)
	}
	for _, e := range gamePageTable(l) {
		keys = append(keys, e.key)
	}
	return keys
}

// blockTable returns the words for the problems of a typed block in l.
func blockTable(l Lang) []entry {
	if l == UK {
		return ukBlock
	}
	return ruBlock
}

// blockText returns the string for key of l's block problems.
func (l Lang) blockText(key string) (string, bool) {
	for _, e := range blockTable(l) {
		if e.key == key {
			return e.text, true
		}
	}
	return "", false
}

// PluralForm returns 0 (one), 1 (few) or 2 (many): the East Slavic plural
// category of n, the same for Russian and Ukrainian ("1 шашка, 2 шашки,
// 5 шашек"; "1 шашка, 2 шашки, 5 шашок").
func PluralForm(n int) int {
	if n < 0 {
		n = -n
	}
	switch {
	case n%10 == 1 && n%100 != 11:
		return 0
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return 1
	}
	return 2
}

// Plural returns the form of the plural key ("checker" → "шашка|шашки|шашек")
// that goes with n, without the number.
func (l Lang) Plural(n int, key string) string {
	return pluralOf(l.T(key), n)
}

// pluralOf picks the form of "one|few|many" that goes with n (forms
// without "|" are returned whole).
func pluralOf(forms string, n int) string {
	for i := PluralForm(n); i > 0; i-- {
		j := strings.IndexByte(forms, '|')
		if j < 0 {
			return forms
		}
		forms = forms[j+1:]
	}
	if j := strings.IndexByte(forms, '|'); j >= 0 {
		return forms[:j]
	}
	return forms
}

// N writes n followed by the right form of the plural key: "5 шашек".
func (l Lang) N(n int, key string) string { return counted(n, l.T(key)) }

// counted writes n followed by the form of "one|few|many" that goes with it.
func counted(n int, forms string) string { return strconv.Itoa(n) + " " + pluralOf(forms, n) }

// Side returns "белые"/"білі" (capitalised when title is set).
func (l Lang) Side(s engine.Side, title bool) string {
	k := "white"
	if s == engine.Black {
		k = "black"
	}
	if title {
		k += ".title"
	}
	return l.T(k)
}

// SideGen returns the genitive: "белых"/"білих" ("ход белых").
func (l Lang) SideGen(s engine.Side) string {
	if s == engine.Black {
		return l.T("black.gen")
	}
	return l.T("white.gen")
}

// Game returns the game's name: "длинные нарды".
func (l Lang) Game(g engine.Game) string {
	if g == engine.Short {
		return l.T("game.short")
	}
	return l.T("game.long")
}

// Or joins alternatives: "a или b".
func (l Lang) Or(items []string) string {
	return strings.Join(items, " "+l.T("or")+" ")
}

// Rolls writes a roll count as "4 из 36: 3-3, 4-4, 5-5, 6-6" ("0 из 36"
// when none).
func (l Lang) Rolls(c engine.RollCount) string {
	s := l.F("of36", "n", strconv.Itoa(c.N))
	if len(c.Rolls) == 0 {
		return s
	}
	parts := make([]string, len(c.Rolls))
	for i, d := range c.Rolls {
		parts[i] = d.String()
	}
	return s + ": " + strings.Join(parts, ", ")
}

// Lost describes dice that cannot be played: "две шестёрки пропадают",
// "пятёрка пропадает". used is how many dice the plays use.
func (l Lang) Lost(d engine.Dice, used int) string {
	lost := d.Count() - used
	if lost <= 0 {
		return ""
	}
	if d.IsDouble() {
		name := l.T("die." + strconv.Itoa(int(d[0])))
		word := pluralOf(name, lost)
		if lost == 1 {
			return l.F("lost.one", "die", word)
		}
		return l.F("lost.many", "n", l.T("count.f."+strconv.Itoa(lost)), "die", word)
	}
	if used == 0 {
		return l.T("lost.all")
	}
	// One die of a non-double is lost: the smaller one, since the larger
	// must be played when only one can be.
	return l.F("lost.one", "die", pluralOf(l.T("die."+strconv.Itoa(int(d.Low()))), 1))
}

// Describe writes a real text description of a position for the diagram's
// <desc>: every side's checkers by point, the bar, the borne-off ones, pip
// counts, whose turn it is and the roll.
func (l Lang) Describe(p engine.Position, d engine.Dice, hasDice bool) string {
	var b []byte
	for _, s := range []engine.Side{engine.White, engine.Black} {
		b = append(b, l.Side(s, true)...)
		b = append(b, ": "...)
		var parts []string
		head := engine.Head(p.Game, s)
		first := true
		noun := func(n int) string {
			if first {
				first = false
				return l.N(n, "checker")
			}
			return strconv.Itoa(n)
		}
		if n := p.Bar(s); n > 0 {
			parts = append(parts, noun(n)+" "+l.T("desc.onbar"))
		}
		p.Points(s, func(pt engine.Point, n int) {
			if p.Game == engine.Long && pt == head {
				parts = append(parts, noun(n)+" "+l.F("desc.onhead", "p", pt.String()))
				return
			}
			parts = append(parts, noun(n)+" "+l.F("desc.onpoint", "p", pt.String()))
		})
		if len(parts) == 0 {
			parts = append(parts, l.T("desc.none"))
		}
		b = append(b, strings.Join(parts, ", ")...)
		if n := p.Off(s); n > 0 {
			b = append(b, "; "...)
			b = append(b, l.F("desc.off", "n", strconv.Itoa(n))...)
		}
		b = append(b, "; "...)
		b = append(b, l.F("desc.pips", "n", strconv.Itoa(p.Pips(s)))...)
		b = append(b, ". "...)
	}
	if hasDice {
		b = append(b, l.F("desc.turn.dice", "side", l.SideGen(p.Turn), "dice", d.String())...)
	} else {
		b = append(b, l.F("desc.turn", "side", l.SideGen(p.Turn))...)
	}
	return string(b)
}

// Reason explains a verdict of the engine in l: why a play is illegal, or
// that it is legal. d is the roll the play was judged for. It reads only
// the checker's strings (see CheckerText).
func (l Lang) Reason(v engine.Verdict, g engine.Game, d engine.Dice) string {
	key := "reason." + v.Reason.String()
	switch v.Reason {
	case engine.ReasonNoChecker:
		if v.From == engine.Bar {
			key += ".bar"
		}
	case engine.ReasonPointHeld:
		if g == engine.Long {
			key += ".long"
		}
	case engine.ReasonHead:
		switch {
		case v.FirstTurn && v.N >= 2:
			key += ".two"
		case v.FirstTurn:
			key += ".first"
		}
	case engine.ReasonLegal:
		if len(v.Play.Moves()) == 0 {
			key += ".pass"
		}
	case engine.ReasonSixBlock:
		if v.HomeExemption {
			key += ".home"
		}
	case engine.ReasonMustPlayMore, engine.ReasonMustPlayLarger, engine.ReasonTooManyDice:
		// A step on the board, not a whole play.
		if v.Step {
			key += ".step"
		}
	case engine.ReasonNoDice:
		if v.To == engine.Off {
			key += ".off"
		}
	}
	return fill(l.CheckerText(key), func(name string) (string, bool) {
		switch name {
		case "from":
			return l.location(v.From), true
		case "to":
			return l.location(v.To), true
		case "point":
			return l.location(v.Point), true
		case "die":
			return strconv.Itoa(int(v.Die)), true
		case "dice":
			return d.String(), true
		case "col":
			return strconv.Itoa(v.Col), true
		case "play":
			return v.Play.Notation(), true
		case "nchk":
			return l.count(v.N, "checker"), true
		case "usedn":
			return l.count(v.Dice, "die"), true
		case "nn":
			return l.count(v.N, "die"), true
		case "block":
			parts := make([]string, len(v.Block))
			for i, p := range v.Block {
				parts[i] = p.String()
			}
			return strings.Join(parts, ", "), true
		}
		return "", false
	})
}

// location names a point of a verdict, the bar or off the board.
func (l Lang) location(p engine.Point) string {
	switch p {
	case engine.Bar:
		return l.CheckerText("bar")
	case engine.Off:
		return l.CheckerText("off")
	}
	return p.String()
}

// count is N for the plural nouns of the checker's table.
func (l Lang) count(n int, key string) string { return counted(n, l.CheckerText(key)) }

// RuleName names a rule key ("head-exception") as a reader knows the
// rule: "Вторая шашка с головы на первом ходу".
func (l Lang) RuleName(key string) string { return l.T("rule." + key) }

// RuleValue says what a rule key's value means: "только при 6-6, 4-4
// и 3-3".
func (l Lang) RuleValue(key, value string) string { return l.T("rule." + key + "." + value) }

// Stat names a dice statistic: "Бросков, которые выводят все шашки".
func (l Lang) Stat(s engine.Stat) string { return l.T("stat." + s.String()) }

// Result says how a finished (or last-roll) game ended and what it is
// worth, under the block's scoring.
func (l Lang) Result(p engine.Position, r engine.Rules, sc engine.Scoring) string {
	o := p.Result(r)
	switch {
	case o.LastRollPending:
		return l.F("result.pending", "second", l.Side(o.Winner.Other(), false), "starter", l.Side(o.Winner, false), "points", l.N(o.Points, "point"))
	case o.Draw:
		return l.F("result.draw", "second", l.Side(p.Started.Other(), false))
	case !o.Over:
		return ""
	}
	scored := o.Scored(sc, r)
	reduced := p.Game == engine.Short && o.Kind.Multiplier() > 1 && scored.Points == sc.Value()
	key := "result.win"
	if reduced {
		key = "result.win.single"
	}
	s := l.F(key, "winner", l.Side(o.Winner, true), "kind", l.T("result.kind."+o.Kind.String()), "points", l.N(scored.Points, "point"))
	if sc.CubeInUse && (p.Game == engine.Short || r.LongCube) {
		// The cube has no face 1: unturned, it stands in the middle. An
		// eastern stake may grow by one (2, 3, 4 …), which no cube shows.
		key := "result.cube"
		switch eastern := p.Game == engine.Short && r.Short == engine.Eastern; {
		case eastern && sc.Value() == 1:
			key = "result.stake.base"
		case eastern:
			key = "result.stake"
		case sc.Value() == 1:
			key = "result.cube.middle"
		}
		s += " " + l.F(key, "cube", strconv.Itoa(sc.Value()))
		if reduced {
			if r.Short == engine.Eastern {
				s += " " + l.T("result.eastern")
			} else {
				s += " " + l.T("result.jacoby")
			}
		}
	}
	return s
}

// CheckerF is F for the strings of the move checker (see CheckerText).
func (l Lang) CheckerF(key string, pairs ...string) string {
	return fillPairs(l.CheckerText(key), pairs)
}

// Location names a place a checker may be in the checker's words: a
// point's number, the bar, or off the board.
func (l Lang) Location(p engine.Point) string { return l.location(p) }

// BlockProblem says, in language l, what is wrong with a position block a
// reader typed, with the line and column: the problem's code (see
// engine.Error) names it, and a problem without one is said to be
// unreadable at its place.
func (l Lang) BlockProblem(e *engine.Error) string {
	msg, ok := l.blockText("block.other")
	if t, found := l.blockText("block." + e.Code); e.Code != "" && found {
		msg = fill(t, func(name string) (string, bool) {
			if i, err := strconv.Atoi(name); err == nil && i >= 1 && i <= len(e.Args) {
				return e.Args[i-1], true
			}
			return "", false
		})
	}
	key := "block.at"
	if e.Pos.Col <= 1 {
		key = "block.at.line"
	}
	at, _ := l.blockText(key)
	if !ok {
		return e.Error()
	}
	return fill(at, func(name string) (string, bool) {
		switch name {
		case "line":
			return strconv.Itoa(e.Pos.Line), true
		case "col":
			return strconv.Itoa(e.Pos.Col), true
		case "msg":
			return msg, true
		}
		return "", false
	})
}
