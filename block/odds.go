package block

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// OddsKind is a statistic beyond one roll that a block asks for on its
// "odds:" line. The block checks that it applies to its position; the
// figures themselves are computed by package engine/odds.
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
	Point engine.Point
	// Pos is where the item was written.
	Pos engine.Pos
}

// readOdds reads "odds:", after the position, the rules and "show:".
func (p *parser) readOdds() {
	b := p.b
	f, has := p.get("odds")
	if fs, ok := p.get("show"); ok {
		if b.Show.Has(ShowOdds) && !has {
			p.add(fs.pos(0), `"show: odds" needs an "odds:" line naming them`)
		}
	}
	if !has {
		return
	}
	items := oddsItems(f.val)
	if len(items) == 0 {
		p.add(f.pos(0), "odds: name what to compute: "+strings.Join(oddsSyntax, ", ")+`; separate several with commas`)
		return
	}
	for _, it := range items {
		if len(it.words) == 0 {
			p.add(f.pos(it.col), `odds: an empty item between commas; write e.g. "odds: bearoff 3, race"`)
			continue
		}
		name := it.words[0]
		at := f.pos(it.col + name.col)
		k := slices.Index(oddsNames, name.s)
		if k < 0 {
			p.add(at, "unknown odds "+strconv.Quote(name.s)+suggest(name.s, oddsNames)+"; known: "+strings.Join(oddsSyntax, ", "))
			continue
		}
		item := OddsItem{Kind: OddsKind(k), Pos: at}
		b.refused = append(b.refused, name.s) // until the item is taken, below
		args := it.words[1:]
		// A known name among the arguments means a missing comma.
		bad := false
		argPos := func(i int) engine.Pos { return f.pos(it.col + args[i].col) }
		for i, a := range args {
			if slices.Contains(oddsNames, a.s) {
				p.add(argPos(i), `odds: put a comma before `+strconv.Quote(a.s)+`: items are separated by commas, e.g. "bearoff 3, race"`)
				bad = true
			}
		}
		if bad {
			continue
		}
		want := oddsArgs[item.Kind]
		if len(args) != want {
			where := at
			if len(args) > want {
				where = argPos(want)
			}
			switch want {
			case 0:
				p.add(where, "odds "+name.s+" takes nothing after it")
			case 1:
				p.add(where, `odds bearoff: write how many turns to count, 1 to `+strconv.Itoa(MaxOddsTurns)+`: "bearoff 3"`)
			default:
				p.add(where, `odds escape: write the checker's point and how many turns to count: "escape 11 3"`)
			}
			continue
		}
		turnsAt := -1
		switch item.Kind {
		case OddsBearOff:
			turnsAt = 0
		case OddsEscape:
			turnsAt = 1
			pt, ok := escapePoint(args[0].s)
			if !ok {
				p.add(argPos(0), "odds escape: "+strconv.Quote(args[0].s)+` is not a point: write 1 to 24 (or "bar" in short nardy)`)
				continue
			}
			item.Point = pt
		}
		if turnsAt >= 0 {
			n, ok := wholeNumber(args[turnsAt].s)
			if !ok || n < 1 || n > MaxOddsTurns {
				p.add(argPos(turnsAt), "odds "+name.s+": "+strconv.Quote(args[turnsAt].s)+" turns: write a number of turns, 1 to "+strconv.Itoa(MaxOddsTurns))
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
			p.add(at, "odds "+strconv.Quote(name.s)+" is listed twice")
			continue
		}
		where := at
		if item.Kind == OddsEscape {
			where = argPos(0)
		}
		if msg := b.oddsProblem(item); msg != "" && p.posOK {
			p.add(where, "odds "+name.s+": "+msg)
			continue
		}
		b.Odds = append(b.Odds, item)
		b.refused = b.refused[:len(b.refused)-1]
	}
	if !p.has("show") && len(b.Odds) > 0 {
		b.Show |= ShowOdds
	}
}

// escapePoint reads the escaping checker's point of an "escape" item or
// claim: 1 to 24, or "bar".
func escapePoint(s string) (engine.Point, bool) {
	if s == "bar" {
		return engine.Bar, true
	}
	n, ok := wholeNumber(s)
	return engine.Point(n), ok && n >= 1 && n <= 24
}

// oddsItem is one comma-separated item of an "odds:" value.
type oddsItem struct {
	words []word
	col   int // offset in characters of the item in the value
}

// oddsItems splits an "odds:" value at commas into items of words. A
// value with only spaces has no items; an empty item between two commas
// (or after the last) is kept, with no words, to be reported.
func oddsItems(v string) []oddsItem {
	if strings.TrimSpace(v) == "" {
		return nil
	}
	var out []oddsItem
	col := 0
	for item := range strings.SplitSeq(v, ",") {
		out = append(out, oddsItem{words(item), col})
		col += columns(item) + 1
	}
	return out
}

// oddsProblem says why an odds item makes no sense for the block's
// position, or "".
func (b *Block) oddsProblem(it OddsItem) string {
	p, r := b.Position, b.Rules
	s := p.Turn
	switch it.Kind {
	case OddsLastRoll:
		return b.statProblem(engine.StatDraw)
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
func farthest(p engine.Position, s engine.Side) engine.Point {
	if p.Bar(s) > 0 {
		return engine.Bar
	}
	for o := 24; o >= 1; o-- {
		if pt := engine.WhitePoint(p.Game, s, o); p.Count(s, pt) > 0 {
			return pt
		}
	}
	return engine.Off
}

// contactProblem says how the two sides of p can still meet, or "" when
// they can no longer interact: no checker of a side on the bar and, in
// short nardy, every White checker below every Black one; in long nardy
// every checker of each side in the second half of its own way (its own
// points 1–12). A side with no checker left never interacts. This is the
// same test as odds.Contact (a test checks that they agree).
func contactProblem(p engine.Position) string {
	if p.OnBoard(engine.White)+p.Bar(engine.White) == 0 || p.OnBoard(engine.Black)+p.Bar(engine.Black) == 0 {
		return ""
	}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		if p.Bar(s) > 0 {
			return "the sides are still in contact: " + s.String() + " has a checker on the bar"
		}
	}
	if p.Game == engine.Short {
		highW, lowB := 0, 25
		for pt := 1; pt <= 24; pt++ {
			if p.Count(engine.White, engine.Point(pt)) > 0 {
				highW = pt
			}
			if p.Count(engine.Black, engine.Point(pt)) > 0 && lowB == 25 {
				lowB = pt
			}
		}
		if highW >= lowB {
			return "the sides are still in contact: white's checker on " + strconv.Itoa(highW) + " and black's on " + strconv.Itoa(lowB) + " have not passed each other"
		}
		return ""
	}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		if f := farthest(p, s); engine.OwnPoint(p.Game, s, f) > 12 {
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
func escapeProblem(p engine.Position, pt engine.Point) string {
	s := p.Turn
	var o int
	switch {
	case pt == engine.Bar && p.Game == engine.Long:
		return `long nardy has no bar; write the checker's point`
	case pt == engine.Bar && p.Bar(s) == 0:
		return s.String() + " has no checker on the bar"
	case pt == engine.Bar:
		o = 25
	case p.Count(s, pt) == 0:
		return s.String() + " (to move) has no checker on point " + pt.String()
	default:
		o = engine.OwnPoint(p.Game, s, pt)
	}
	blocking := func(x int) bool {
		if x < 1 || x > 24 {
			return false
		}
		n := p.Count(s.Other(), engine.WhitePoint(p.Game, s, x))
		if p.Game == engine.Long {
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
				return "the blockade in front of the checker on " + pt.String() + " reaches " + s.String() + "'s last point (" + engine.WhitePoint(p.Game, s, last).String() + "): only bearing off would pass it"
			}
			return ""
		}
	}
}
