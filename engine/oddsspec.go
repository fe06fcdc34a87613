package engine

import (
	"slices"
	"unicode/utf8"
)

// OddsKind is a statistic beyond one roll that a block asks for on its
// "odds:" line. The engine checks that it applies to the block's position;
// the figures themselves are computed by package engine/odds.
type OddsKind uint8

// The kinds of odds, as written on an "odds:" line.
const (
	// OddsBearOff: the chance that the side to move bears off every
	// remaining checker within 1, 2 … Turns turns (and in exactly that
	// many), and the expected number of turns ("bearoff 3").
	OddsBearOff OddsKind = iota
	// OddsRace: the chances of a race with no contact for the side to
	// move: win, draw (long nardy, the last roll) and loss ("race").
	OddsRace
	// OddsEscape: the chance that the checker on Point gets past the
	// blockade in front of it within 1, 2 … Turns turns ("escape 11 3").
	OddsEscape
	// OddsLastRoll: the chance of the draw on a long-nardy last roll
	// ("lastroll").
	OddsLastRoll
)

var oddsNames = []string{"bearoff", "race", "escape", "lastroll"}

// oddsSyntax is how each kind is written, for messages.
var oddsSyntax = []string{"bearoff TURNS", "race", "escape POINT TURNS", "lastroll"}

// oddsArgs is how many words follow each kind's name.
var oddsArgs = []int{1, 0, 2, 0}

// String returns the kind's name as written on an "odds:" line.
func (k OddsKind) String() string { return oddsNames[k] }

// MaxOddsTurns is the most turns a "bearoff" or "escape" item may ask
// for: one row of the table per turn.
const MaxOddsTurns = 10

// OddsItem is one item of an "odds:" line.
type OddsItem struct {
	Kind OddsKind
	// Turns is how many turns "bearoff" and "escape" tabulate (1 …
	// MaxOddsTurns).
	Turns int
	// Point is the escaping checker's point (White's numbering; Bar for
	// the bar in short nardy).
	Point Point
	// Loc is where the item was written.
	Loc Loc
}

// parseOdds reads "odds:", after the position, the rules and "show:".
func (b *Block) parseOdds(game Game, get func(string) (field, bool), errs *ErrorList) {
	f, has := get("odds")
	if fs, ok := get("show"); ok {
		if b.Show.Has(ShowOdds) && !has {
			errs.Add(fs.line, fs.col, `"show: odds" needs an "odds:" line naming them`)
		}
	}
	if !has {
		return
	}
	items := oddsItems(f.val)
	if len(items) == 0 {
		errs.Add(f.line, f.col, "odds: name what to compute: "+join(oddsSyntax, ", ")+`; separate several with commas`)
		return
	}
	for _, it := range items {
		if len(it.words) == 0 {
			errs.Add(f.line, f.col+it.col, `odds: an empty item between commas; write e.g. "odds: bearoff 3, race"`)
			continue
		}
		name := it.words[0]
		col := f.col + it.col + name.col
		k := slices.Index(oddsNames, name.s)
		if k < 0 {
			errs.Add(f.line, col, "unknown odds "+quote(name.s)+suggest(name.s, oddsNames)+"; known: "+join(oddsSyntax, ", "))
			continue
		}
		item := OddsItem{Kind: OddsKind(k), Loc: Loc{f.line, col}}
		b.refused = append(b.refused, name.s) // until the item is taken, below
		args := it.words[1:]
		// A known name among the arguments means a missing comma.
		bad := false
		for _, a := range args {
			if slices.Contains(oddsNames, a.s) {
				errs.Add(f.line, f.col+it.col+a.col, `odds: put a comma before `+quote(a.s)+`: items are separated by commas, e.g. "bearoff 3, race"`)
				bad = true
			}
		}
		if bad {
			continue
		}
		want := oddsArgs[item.Kind]
		if len(args) != want {
			at := col
			if len(args) > want {
				at = f.col + it.col + args[want].col
			}
			switch want {
			case 0:
				errs.Add(f.line, at, "odds "+name.s+" takes nothing after it")
			case 1:
				errs.Add(f.line, at, `odds bearoff: write how many turns to count, 1 to `+itoa(MaxOddsTurns)+`: "bearoff 3"`)
			default:
				errs.Add(f.line, at, `odds escape: write the checker's point and how many turns to count: "escape 11 3"`)
			}
			continue
		}
		argCol := func(i int) int { return f.col + it.col + args[i].col }
		turnsAt := -1
		switch item.Kind {
		case OddsBearOff:
			turnsAt = 0
		case OddsEscape:
			turnsAt = 1
			if args[0].s == "bar" {
				item.Point = Bar
			} else if n, ok := number(args[0].s); ok && n >= 1 && n <= 24 {
				item.Point = Point(n)
			} else {
				errs.Add(f.line, argCol(0), "odds escape: "+quote(args[0].s)+` is not a point: write 1 to 24 (or "bar" in short nardy)`)
				continue
			}
		}
		if turnsAt >= 0 {
			n, ok := number(args[turnsAt].s)
			if !ok || n < 1 || n > MaxOddsTurns {
				errs.Add(f.line, argCol(turnsAt), "odds "+name.s+": "+quote(args[turnsAt].s)+" turns: write a number of turns, 1 to "+itoa(MaxOddsTurns))
				continue
			}
			item.Turns = n
		}
		dup := false
		for _, prev := range b.Odds {
			if prev.Kind == item.Kind && prev.Point == item.Point {
				dup = true
			}
		}
		if dup {
			errs.Add(f.line, col, "odds "+quote(name.s)+" is listed twice")
			continue
		}
		at := col
		if item.Kind == OddsEscape {
			at = argCol(0)
		}
		if msg := b.oddsProblem(game, item); msg != "" {
			errs.Add(f.line, at, "odds "+name.s+": "+msg)
			continue
		}
		b.Odds = append(b.Odds, item)
		b.refused = b.refused[:len(b.refused)-1]
	}
	if _, ok := get("show"); !ok && len(b.Odds) > 0 {
		b.Show |= ShowOdds
	}
}

type oddsItem struct {
	words []word
	col   int // 0-based offset in characters of the item in the value
}

// oddsItems splits an "odds:" value at commas into items of words. A
// value with only spaces has no items; an empty item between two commas
// (or after the last) is kept, with no words, to be reported.
func oddsItems(v string) []oddsItem {
	if trimSpace(v) == "" {
		return nil
	}
	var out []oddsItem
	start := 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) && v[i] != ',' {
			continue
		}
		out = append(out, oddsItem{words(v[start:i]), utf8.RuneCountInString(v[:start])})
		start = i + 1
	}
	return out
}

// oddsProblem says why an odds item makes no sense for the block's
// position, or "".
func (b *Block) oddsProblem(game Game, it OddsItem) string {
	p, r := b.Position, b.Rules
	s := p.Turn
	switch it.Kind {
	case OddsLastRoll:
		return b.statProblem(game, StatDraw)
	case OddsBearOff:
		switch {
		case p.LastRoll(r):
			return `this is the long-nardy last roll: the game ends after this one roll; use "lastroll"`
		case p.GameOver(r):
			return "the game is over"
		case p.Bar(s) > 0:
			return s.String() + " has a checker on the bar; bearing off needs every checker home"
		case !p.AllHome(s):
			return s.String() + " still has a checker outside its home (on " + farthest(p, s).String() + "); the count of turns to bear off starts when all are home"
		}
		if msg := contactProblem(p); msg != "" {
			return msg + "; the count of turns to bear off looks at one side only, so it needs no contact"
		}
	case OddsRace:
		switch {
		case p.LastRoll(r):
			return ""
		case p.GameOver(r):
			return "the game is over"
		}
		if msg := contactProblem(p); msg != "" {
			return msg + "; a race needs no contact (every checker past the other side's)"
		}
	case OddsEscape:
		if p.GameOver(r) {
			return "the game is over"
		}
		return escapeProblem(p, it.Point)
	}
	return ""
}

// farthest returns the point of side s's checker farthest from home.
func farthest(p Position, s Side) Point {
	if p.Bar(s) > 0 {
		return Bar
	}
	for o := 24; o >= 1; o-- {
		if p.b[s][o] > 0 {
			return white(p.Game, s, o)
		}
	}
	return Off
}

// contactProblem says how the two sides of p can still meet, or "" when
// they can no longer interact: no checker of a side on the bar and, in
// short nardy, every White checker below every Black one; in long nardy
// every checker of each side in the second half of its own way (its own
// points 1–12). A side with no checker left never interacts. This is the
// same test as odds.Contact (a test checks that they agree).
func contactProblem(p Position) string {
	if p.OnBoard(White)+p.Bar(White) == 0 || p.OnBoard(Black)+p.Bar(Black) == 0 {
		return ""
	}
	for _, s := range []Side{White, Black} {
		if p.Bar(s) > 0 {
			return "the sides are still in contact: " + s.String() + " has a checker on the bar"
		}
	}
	if p.Game == Short {
		highW, lowB := 0, 25
		for pt := 1; pt <= 24; pt++ {
			if p.Count(White, Point(pt)) > 0 {
				highW = pt
			}
			if p.Count(Black, Point(pt)) > 0 && lowB == 25 {
				lowB = pt
			}
		}
		if highW >= lowB {
			return "the sides are still in contact: white's checker on " + itoa(highW) + " and black's on " + itoa(lowB) + " have not passed each other"
		}
		return ""
	}
	for _, s := range []Side{White, Black} {
		if f := farthest(p, s); own(p.Game, s, f) > 12 {
			return "the sides are still in contact: " + s.String() + "'s checker on " + f.String() + " has still to pass " + s.Other().String() + "'s checkers"
		}
	}
	return ""
}

// escapeProblem says why the checker of the side to move on pt has no
// blockade to escape, or "". The blockade is the first blocking point
// ahead of the checker (long nardy: any opponent checker; short: two or
// more) and the blocking points after it with at most one open point
// between two of them, as odds.BlockadeEnd finds it.
func escapeProblem(p Position, pt Point) string {
	s := p.Turn
	var o int
	switch {
	case pt == Bar && p.Game == Long:
		return `long nardy has no bar; write the checker's point`
	case pt == Bar && p.Bar(s) == 0:
		return s.String() + " has no checker on the bar"
	case pt == Bar:
		o = 25
	case p.Count(s, pt) == 0:
		return s.String() + " (to move) has no checker on point " + pt.String()
	default:
		o = own(p.Game, s, pt)
	}
	blocking := func(x int) bool {
		if x < 1 || x > 24 {
			return false
		}
		n := p.Count(s.Other(), white(p.Game, s, x))
		if p.Game == Long {
			return n > 0
		}
		return n >= 2
	}
	last := 0
	for x := o - 1; x >= 1; x-- {
		if blocking(x) {
			last = x
			break
		}
	}
	if last == 0 {
		return "no point ahead of the checker on " + pt.String() + " is held by " + s.Other().String() + ": there is no blockade to escape"
	}
	for {
		switch {
		case blocking(last - 1):
			last--
		case blocking(last - 2):
			last -= 2
		default:
			if last < 2 {
				return "the blockade in front of the checker on " + pt.String() + " reaches " + s.String() + "'s last point (" + white(p.Game, s, last).String() + "): only bearing off would pass it"
			}
			return ""
		}
	}
}
