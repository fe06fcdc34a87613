package block

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// Expectation is a claim a block makes about what the engine computes,
// written on an "expect:" line so that the prose beside the block is
// checked at every build:
//
//	expect: moves 2             the number of legal plays for the block's roll
//	expect: dice-played 2       how many dice each legal play uses
//	expect: draw 4/36           a statistic of "stats:" (any of its names)
//	expect: legal 24/18 24/18   the play is legal for the block's roll
//	expect: illegal             the block's "illegal:" play is illegal
//	expect: illegal 24/12       that play is illegal
//	expect: pips white 360      a side's pip count
//	expect: result mars 2       how the game ended, and the points it is worth
//	expect: replies 5-5 head2 8/36
//	                            a row of the replies table: after the roll
//	                            (and the play, when the roll has several),
//	                            a statistic of the opponent's next roll
//	expect: bearoff 2 78.2%     a figure of the block's "odds:" tables
//	expect: race 70.7%          (see OddsClaim)
//	expect: escape 3 31.8%
//	expect: lastroll 4/36
//
// A block may have several "expect:" lines.
type Expectation struct {
	Kind string     // the first word: "moves", "draw", "legal" …
	Args []string   // the rest of the words
	Text string     // the claim as written
	Pos  engine.Pos // where the claim is written
	// Odds is set for a claim about an "odds:" figure ("bearoff",
	// "race", "escape", "lastroll"). The block only reads such a claim:
	// the figures are computed by package engine/odds, so the caller
	// checks it (Verify cannot).
	Odds *OddsClaim
}

// expectKinds lists the kinds of claims besides the statistics' names.
var expectKinds = []string{"moves", "dice-played", "legal", "illegal", "pips", "result", "replies", "bearoff", "race", "escape", "lastroll"}

// readExpect reads every "expect:" line and checks its form (whether the
// engine agrees is Verify's business).
func (p *parser) readExpect() {
	b := p.b
	for _, f := range p.fields["expect"] {
		ws := words(f.val)
		if len(ws) == 0 {
			p.add(f.pos(0), `"expect:" needs a claim, e.g. "expect: moves 2" or "expect: draw 4/36"`)
			continue
		}
		e := Expectation{Kind: ws[0].s, Text: f.val, Pos: f.pos(0)}
		for _, w := range ws[1:] {
			e.Args = append(e.Args, w.s)
		}
		if slices.Contains(oddsNames, e.Kind) {
			c, msg := p.parseOddsClaim(e)
			if msg == errRefused {
				continue // the "odds:" line's problem is reported
			}
			if msg != "" {
				p.add(f.pos(0), "expect "+strconv.Quote(f.val)+": "+msg)
				continue
			}
			e.Odds = &c
			b.Expect = append(b.Expect, e)
			continue
		}
		if !b.HasDice && p.has("dice") && needsDice(e.Kind) {
			continue // the "dice:" line's problem is reported
		}
		if e.Kind == "replies" && p.has("replies") && len(b.Replies) == 0 {
			continue // the "replies:" line's problem is reported
		}
		if msg := b.expectProblem(e, p.posOK); msg != "" {
			if st, ok := engine.ParseStat(e.Kind); ok && slices.Contains(b.refused, e.Kind) && msg == b.statProblem(st) {
				continue // the "stats:" line's problem is reported
			}
			p.add(f.pos(0), "expect "+strconv.Quote(f.val)+": "+msg)
			continue
		}
		b.Expect = append(b.Expect, e)
	}
}

// needsDice reports whether a claim of kind k is about the block's roll.
func needsDice(k string) bool {
	return k == "moves" || k == "dice-played" || k == "legal" || k == "illegal"
}

// expectProblem says what is wrong with the form of a claim, or "". When
// the block's position could not be read (posOK false), a claim is not
// judged against it.
func (b *Block) expectProblem(e Expectation, posOK bool) string {
	oneNumber := func() string {
		if len(e.Args) != 1 {
			return "write one number, e.g. \"" + e.Kind + " 2\""
		}
		if _, ok := wholeNumber(e.Args[0]); !ok {
			return strconv.Quote(e.Args[0]) + " is not a number"
		}
		return ""
	}
	needDice := func() string {
		if !b.HasDice {
			return `the claim is about the block's roll: add a "dice:" line`
		}
		return ""
	}
	switch {
	case e.Kind == "moves" || e.Kind == "dice-played":
		if msg := needDice(); msg != "" {
			return msg
		}
		return oneNumber()
	case e.Kind == "legal" || e.Kind == "illegal":
		if msg := needDice(); msg != "" {
			return msg
		}
		if len(e.Args) == 0 {
			if e.Kind == "illegal" && b.Illegal != nil {
				return ""
			}
			return "write the play, e.g. \"" + e.Kind + " 24/18 13/7\""
		}
		if _, err := engine.ParseMoves(strings.Join(e.Args, " ")); err != nil {
			return err.Error()
		}
	case e.Kind == "pips":
		if len(e.Args) != 2 {
			return `write the side and the count, e.g. "pips white 360"`
		}
		if _, ok := engine.ParseSide(e.Args[0]); !ok {
			return strconv.Quote(e.Args[0]) + ` is not "white" or "black"`
		}
		if _, ok := wholeNumber(e.Args[1]); !ok {
			return strconv.Quote(e.Args[1]) + " is not a number"
		}
	case e.Kind == "result":
		if len(e.Args) < 1 || len(e.Args) > 2 {
			return `write how the game ended and, if you like, the points, e.g. "result mars 2"`
		}
		if k, ok := engine.ParseResultKind(e.Args[0]); !ok || k == engine.NotOver {
			return strconv.Quote(e.Args[0]) + " is not a result; known: oin, mars, home-mars, draw, single, gammon, backgammon"
		}
		if len(e.Args) == 2 {
			if _, ok := wholeNumber(e.Args[1]); !ok {
				return strconv.Quote(e.Args[1]) + " is not a number of points"
			}
		}
	case e.Kind == "replies":
		return b.repliesProblem(e)
	case slices.Contains(engine.StatNames, e.Kind):
		num, ok := "", false
		if len(e.Args) == 1 {
			num, ok = strings.CutSuffix(e.Args[0], "/36")
		}
		if !ok {
			return `write the count out of 36, e.g. "` + e.Kind + ` 4/36"`
		}
		if n, ok := wholeNumber(num); !ok || n > 36 {
			return strconv.Quote(e.Args[0]) + " is not a count out of 36"
		}
		st, _ := engine.ParseStat(e.Kind)
		if msg := b.statProblem(st); msg != "" && posOK {
			return msg
		}
	default:
		return "unknown claim " + strconv.Quote(e.Kind) + "; known: " + strings.Join(expectKinds, ", ") + ", or a statistic (" + strings.Join(engine.StatNames, ", ") + ")"
	}
	return ""
}

// replyClaim is a claim about a row of the replies table, read.
type replyClaim struct {
	dice engine.Dice
	play string // the play as written; "" when the claim names none
	stat engine.Stat
	n    int
}

// readReplyClaim reads "replies ROLL [PLAY] STAT N/36"; msg says what is
// wrong with its form.
func readReplyClaim(args []string) (c replyClaim, msg string) {
	const form = `write the roll, the play if the roll has several, the statistic and the count, e.g. "replies 5-5 head2 8/36"`
	if len(args) < 3 {
		return c, form
	}
	d, err := engine.ParseDice(args[0])
	if err != nil {
		return c, err.Error() + "; " + form
	}
	c.dice = d.Canonical()
	st, ok := engine.ParseStat(args[len(args)-2])
	if !ok {
		return c, strconv.Quote(args[len(args)-2]) + " is not a statistic; " + form
	}
	c.stat = st
	num, ok := strings.CutSuffix(args[len(args)-1], "/36")
	n, isNum := wholeNumber(num)
	if !ok || !isNum || n > 36 {
		return c, strconv.Quote(args[len(args)-1]) + " is not a count out of 36; " + form
	}
	c.n = n
	c.play = strings.Join(args[1:len(args)-2], " ")
	if c.play != "" {
		if _, err := engine.ParseMoves(c.play); err != nil {
			return c, err.Error()
		}
	}
	return c, ""
}

// repliesProblem says what is wrong with a claim about the replies
// table, or "": its form, and whether the table has the row and column
// it is about.
func (b *Block) repliesProblem(e Expectation) string {
	c, msg := readReplyClaim(e.Args)
	switch {
	case msg != "":
		return msg
	case len(b.Replies) == 0:
		return `the claim is about the replies table: add a "replies:" line`
	case !slices.Contains(b.Replies, c.stat):
		return "the replies table counts " + statList(b.Replies) + ", not " + c.stat.String()
	case !slices.Contains(b.Rolls, c.dice):
		return "the replies table has no row for " + c.dice.String() + ` (see "rolls:")`
	}
	return ""
}

// statList writes statistics' names separated by commas.
func statList(stats []engine.Stat) string {
	names := make([]string, len(stats))
	for i, st := range stats {
		names[i] = st.String()
	}
	return strings.Join(names, ", ")
}

// verifyReplies computes the rows of the replies table a claim is about:
// the row of its play, or every row of its roll when it names none, which
// must then agree.
func (b *Block) verifyReplies(e Expectation, m *engine.Plays) (got string, ok bool) {
	c, _ := readReplyClaim(e.Args)
	rows := m.Replies(b.Position, b.Rules, []engine.Dice{c.dice}, []engine.Stat{c.stat})
	if c.play != "" {
		v := engine.Explain(b.Position, c.dice, b.Rules, c.play)
		if !v.Legal() {
			return "no such row: " + c.play + " is not legal with " + c.dice.String() + " (" + v.String() + ")", false
		}
		for _, r := range rows {
			if !r.Passed && r.After == v.Play.Position {
				got = strconv.Itoa(r.Counts[0].N) + "/36"
				return got, r.Counts[0].N == c.n
			}
		}
		return "no such row", false
	}
	var counts []string
	for _, r := range rows {
		n := strconv.Itoa(r.Counts[0].N) + "/36"
		if !slices.Contains(counts, n) {
			counts = append(counts, n)
		}
	}
	if len(counts) > 1 {
		return strings.Join(counts, " or ") + ", by the play (name it)", false
	}
	return counts[0], counts[0] == strconv.Itoa(c.n)+"/36"
}

// Verify computes what a claim is about and reports whether the engine
// agrees; got is the engine's answer in the claim's own form ("6/36",
// "legal", "mars 2"). A claim about an "odds:" figure (e.Odds set) is
// not checked here, since the engine does not compute those figures: Verify
// reports it as not holding, and the caller checks it with package
// engine/odds.
func (b *Block) Verify(e Expectation) (got string, ok bool) { return b.VerifyWith(e, nil) }

// VerifyWith is Verify with the legal plays taken from m, which keeps
// them for the block's figure and whatever else asks about its
// positions.
func (b *Block) VerifyWith(e Expectation, m *engine.Plays) (got string, ok bool) {
	pos := b.Position
	if e.Odds != nil {
		return "nothing: odds are computed by package engine/odds", false
	}
	switch e.Kind {
	case "moves", "dice-played":
		plays := m.LegalPlays(pos, b.Dice, b.Rules)
		n := len(plays)
		if e.Kind == "dice-played" {
			n = 0
			if len(plays) > 0 {
				n = plays[0].DicePlayed()
			}
		}
		got = strconv.Itoa(n)
		return got, got == e.Args[0]
	case "legal", "illegal":
		var v engine.Verdict
		if len(e.Args) == 0 {
			v = engine.ExplainSegments(pos, b.Dice, b.Rules, b.Illegal)
		} else {
			v = engine.Explain(pos, b.Dice, b.Rules, strings.Join(e.Args, " "))
		}
		got = "illegal (" + v.String() + ")"
		if v.Legal() {
			got = "legal"
		}
		return got, v.Legal() == (e.Kind == "legal")
	case "pips":
		s, _ := engine.ParseSide(e.Args[0])
		got = strconv.Itoa(pos.Pips(s))
		return got, got == e.Args[1]
	case "replies":
		return b.verifyReplies(e, m)
	case "result":
		o := pos.Result(b.Rules).Scored(b.Scoring, b.Rules)
		switch {
		case o.LastRollPending:
			got = "not over (the last roll is to come)"
		case !o.Over:
			got = "not over"
		default:
			got = o.Kind.String()
		}
		if len(e.Args) == 2 {
			got += " " + strconv.Itoa(o.Points)
		}
		return got, got == strings.Join(e.Args, " ")
	}
	st, _ := engine.ParseStat(e.Kind)
	c := m.Statistic(pos, b.Rules, st)
	got = strconv.Itoa(c.N) + "/36"
	return got, got == e.Args[0]
}
