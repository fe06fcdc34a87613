package block

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// OddsClaim is a claim about a figure of the block's "odds:" tables:
//
//	expect: bearoff 2 78.2%        bearing off within 2 turns ("bearoff N" tables)
//	expect: race 70.7%             the side to move wins the race
//	expect: race draw 62.5%        the race ends in a draw (or "race white", "race black": that side wins)
//	expect: escape 3 31.8%         the checker gets past the blockade within 3 turns
//	expect: escape 11 3 31.8%      the same, naming the checker's point (needed when the block has two escapes)
//	expect: lastroll 4/36          the last roll draws
//	expect: lastroll white 32/36   the starter wins the last roll
//
// The chance is written as the page shows it: a percentage with at most
// one decimal, with a point or a comma ("78.2%", "78,2 %", "50%",
// "<0.1%", ">99.9%"), or an exact fraction ("169/216", "4/36"; equal
// fractions match). The block must list the item on its "odds:" line,
// with at least as many turns as the claim counts: a claim is about a
// figure the page shows.
//
// The block reads a claim and checks that it fits; the figures come from
// package engine/odds, so the site checks whether they agree.
type OddsClaim struct {
	// Item is the "odds:" item the claim is about.
	Item OddsItem
	// Turns is how many turns the chance is counted over ("bearoff",
	// "escape"): within 1 … Turns turns.
	Turns int
	// Draw and Winner say which row of a "race" or "lastroll" table the
	// claim is about: the draw, or Winner's win. Without a word a race
	// claim is about the side to move's win, a last-roll claim about the
	// draw (the first row of each table).
	Draw   bool
	Winner engine.Side
	// Chance is the chance claimed.
	Chance Chance
}

// Chance is a probability as a claim writes it: an exact fraction (Den >
// 0) or a percentage rounded to one decimal.
type Chance struct {
	// Num and Den are the fraction "Num/Den" when Den > 0.
	Num, Den int64
	// Tenths is a percentage in tenths of a percent: 782 for "78.2%".
	Tenths int
	// Edge is -1 for "<0.1%" (a positive chance that rounds to 0), +1 for
	// ">99.9%" (a chance below 1 that rounds to 100), 0 otherwise.
	Edge int
	// Comma records that the percentage was written with a decimal comma,
	// so that an answer can be written the same way.
	Comma bool
	// Text is the chance as written ("78,2%", "169/216").
	Text string
}

// String writes the chance as it was claimed.
func (c Chance) String() string { return c.Text }

// oddsClaimSyntax is how each kind of odds claim is written, for messages.
var oddsClaimSyntax = []string{"bearoff TURNS CHANCE", "race [white|black|draw] CHANCE", "escape [POINT] TURNS CHANCE", "lastroll [white|black|draw] CHANCE"}

// parseOddsClaim reads a claim about an "odds:" figure of the block
// being read, or says what is wrong with it.
func (p *parser) parseOddsClaim(e Expectation) (OddsClaim, string) {
	b := p.b
	k := OddsKind(slices.Index(oddsNames, e.Kind))
	args := e.Args
	// "78,2 %" is written with a space before the sign, as on the page.
	if n := len(args); n >= 2 && args[n-1] == "%" {
		args = append(append([]string(nil), args[:n-2]...), args[n-2]+"%")
	}
	usage := "write " + strconv.Quote(oddsClaimSyntax[k]) + ", e.g. " + strconv.Quote(oddsClaimExample[k])
	if len(args) == 0 {
		return OddsClaim{}, usage
	}
	chance, msg := parseChance(args[len(args)-1])
	if msg != "" {
		return OddsClaim{}, msg
	}
	args = args[:len(args)-1]
	c := OddsClaim{Chance: chance}
	var point engine.Point
	hasPoint := false
	switch k {
	case OddsBearOff, OddsEscape:
		if len(args) == 2 && k == OddsEscape {
			pt, ok := escapePoint(args[0])
			if !ok {
				return OddsClaim{}, strconv.Quote(args[0]) + ` is not a point: write 1 to 24 (or "bar" in short nardy)`
			}
			point, hasPoint = pt, true
			args = args[1:]
		}
		if len(args) != 1 {
			return OddsClaim{}, usage
		}
		n, ok := wholeNumber(args[0])
		if !ok || n < 1 || n > MaxOddsTurns {
			return OddsClaim{}, strconv.Quote(args[0]) + " turns: write a number of turns, 1 to " + strconv.Itoa(MaxOddsTurns)
		}
		c.Turns = n
	default: // OddsRace, OddsLastRoll
		if len(args) > 1 {
			return OddsClaim{}, usage
		}
		c.Draw, c.Winner = k == OddsLastRoll, b.Position.Turn
		if len(args) == 1 {
			if s, ok := engine.ParseSide(args[0]); ok {
				c.Draw, c.Winner = false, s
			} else if args[0] == "draw" {
				c.Draw = true
			} else {
				return OddsClaim{}, strconv.Quote(args[0]) + ` is not "white", "black" or "draw"`
			}
		}
		if c.Draw && k == OddsRace && b.Position.Game == engine.Short {
			return OddsClaim{}, "short nardy has no draws"
		}
	}
	// The item on the "odds:" line.
	var found []OddsItem
	for _, it := range b.Odds {
		if it.Kind == k && (!hasPoint || it.Point == point) {
			found = append(found, it)
		}
	}
	switch {
	case len(found) == 0 && slices.Contains(b.refused, e.Kind):
		return OddsClaim{}, errRefused
	case len(found) == 0 && hasPoint:
		return OddsClaim{}, "the block's \"odds:\" line has no escape from " + point.String() + `: add "escape ` + point.String() + " " + strconv.Itoa(c.Turns) + `" to it`
	case len(found) == 0:
		want := e.Kind
		if c.Turns > 0 {
			want += " " + strconv.Itoa(c.Turns)
		}
		if k == OddsEscape {
			want = "escape POINT " + strconv.Itoa(c.Turns)
		}
		return OddsClaim{}, "the claim is about a figure the page shows: add " + strconv.Quote(want) + ` to the block's "odds:" line`
	case len(found) > 1:
		return OddsClaim{}, `the block has several escapes: name the checker's point, e.g. "escape ` + found[0].Point.String() + " " + strconv.Itoa(c.Turns) + " " + chance.String() + `"`
	}
	c.Item = found[0]
	if c.Turns > c.Item.Turns {
		return OddsClaim{}, "the table stops at " + strconv.Itoa(c.Item.Turns) + ` turns: count up to that, or ask for more on the "odds:" line`
	}
	return c, ""
}

// errRefused is parseOddsClaim's answer when the claim's item is on the
// "odds:" line but could not be computed: that problem is reported there.
const errRefused = "refused"

var oddsClaimExample = []string{"bearoff 2 78.2%", "race 70.7%", "escape 3 31.8%", "lastroll 4/36"}

// parseChance reads a chance: "78.2%", "78,2%", "50%", "<0.1%", ">99.9%",
// "169/216".
func parseChance(s string) (Chance, string) {
	bad := strconv.Quote(s) + ` is not a chance: write a percentage with at most one decimal ("78.2%", "78,2 %") or a fraction ("169/216")`
	s = strings.ReplaceAll(s, "\u00a0", "") // a no-break space before "%", as the page has it
	if num, den, ok := strings.Cut(s, "/"); ok {
		n, ok1 := digits(num)
		d, ok2 := digits(den)
		switch {
		case !ok1 || !ok2:
			return Chance{}, bad
		case d == 0 || n > d:
			return Chance{}, strconv.Quote(s) + " is not a chance: a fraction 0/N to N/N"
		}
		return Chance{Num: n, Den: d, Text: s}, ""
	}
	body, ok := strings.CutSuffix(s, "%")
	if !ok {
		return Chance{}, bad
	}
	var c Chance
	switch {
	case strings.HasPrefix(body, "<"):
		c.Edge, body = -1, body[1:]
	case strings.HasPrefix(body, ">"):
		c.Edge, body = 1, body[1:]
	}
	whole, frac, hasFrac := strings.Cut(body, ".")
	if !hasFrac {
		whole, frac, hasFrac = strings.Cut(body, ",")
		c.Comma = hasFrac
	}
	w, ok := digits(whole)
	if !ok || w > 100 {
		return Chance{}, bad
	}
	t := int(w) * 10
	if hasFrac {
		if len(frac) != 1 || frac[0] < '0' || frac[0] > '9' {
			return Chance{}, strconv.Quote(s) + ` is not a chance as the page writes it: one decimal, e.g. "78.2%"`
		}
		t += int(frac[0] - '0')
	}
	if t > 1000 {
		return Chance{}, bad
	}
	c.Tenths, c.Text = t, s
	switch {
	case c.Edge == -1 && t != 1:
		return Chance{}, strconv.Quote(s) + ` is not a chance as the page writes it: "<0.1%" is the only "less than"`
	case c.Edge == 1 && t != 999:
		return Chance{}, strconv.Quote(s) + ` is not a chance as the page writes it: ">99.9%" is the only "more than"`
	}
	return c, ""
}

// digits reads a whole number of one to nine digits, without sign.
func digits(s string) (int64, bool) {
	if len(s) > 9 {
		return 0, false
	}
	n, ok := wholeNumber(s)
	return int64(n), ok
}
