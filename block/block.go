// Package block reads position blocks: the plain-text format of the
// ```nardy fenced code blocks in the site's pages, of "nardydocs moves"
// and of the standalone checker. A block sets up a position (from
// checkers listed per side, a position code, "start" or an earlier
// block's position, then "play:" lines), a roll and a rule profile, and
// says what the page shows of it: a diagram with arrows and marks, the
// position after a legal play beside it, the legal plays (one of them
// marked as the one the prose discusses), a table over all rolls, dice
// statistics, odds beyond one roll, a result, an illegal play and why,
// exercises for a worksheet, and claims ("expect:") that the build
// checks against the engine.
//
// The format is described, with examples, in docs/blocks.md. Every
// problem of a block is reported at once, in an engine.ErrorList whose
// positions are lines and columns inside the block.
//
// The package reads the page format; the game itself (positions, legal
// plays, explanations, statistics) is package engine's.
package block

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/engine"
)

// Output is one thing a block can show on a page.
type Output uint16

// The outputs a block can ask for with "show:".
const (
	ShowDiagram Output = 1 << iota // the board diagram
	ShowMoves                      // the legal plays for the block's dice
	ShowRolls                      // a table over all 21 rolls
	ShowStats                      // the dice statistics named by "stats:"
	ShowResult                     // who won and how many points (a finished game)
	ShowChecker                    // a form where the reader tries a move for the block's roll
	ShowEditor                     // the standalone checker: the reader edits the whole block
	ShowOdds                       // the statistics beyond one roll named by "odds:"
	ShowReplies                    // the replies table: the opponent's statistics after each play
)

// outputNames are the names of the outputs on a "show:" line, in the
// order of the Output constants.
var outputNames = []string{"diagram", "moves", "rolls", "stats", "result", "checker", "editor", "odds", "replies"}

// Has reports whether o includes x.
func (o Output) Has(x Output) bool { return o&x != 0 }

// PlayLine is a "play:" line: a roll and the play made with it.
type PlayLine struct {
	Dice engine.Dice
	Text string
	Play engine.Play
	Pos  engine.Pos
	// Before is the position the play was made in.
	Before engine.Position
}

// Block is a parsed position block.
type Block struct {
	// Position is the position shown: the one written, after any plays.
	Position engine.Position
	// Dice is the roll to study in Position; HasDice is false when the
	// block gives none.
	Dice    engine.Dice
	HasDice bool
	// Rules is the profile the block is computed under.
	Rules engine.Rules
	// Caption is the text under the diagram.
	Caption string
	// Show is what the block puts on the page.
	Show Output
	// Stats lists the statistics to compute, in the order written.
	Stats []engine.Stat
	// Replies lists the statistics of the replies table ("replies:"):
	// counted for the opponent after each legal play of each of Rolls.
	Replies []engine.Stat
	// Arrows are moves to draw on the diagram.
	Arrows []engine.Segment
	// Marks are points to highlight on the diagram.
	Marks []engine.Point
	// Illegal is a play the block claims is not allowed; IllegalText is
	// how it was written. The claim is checked with engine.Explain.
	Illegal     []engine.Segment
	IllegalText string
	// Name names the shown position so later blocks can continue it with
	// "from:".
	Name string
	// From is the name of the earlier position this block continues.
	From string
	// Plays are the "play:" lines, already checked and applied.
	Plays []PlayLine
	// Scoring is how a finished short-nardy game is scored: "cube: N"
	// (the game is played with the doubling cube, now at N) and
	// "jacoby: on".
	Scoring engine.Scoring
	// Rolls lists the rolls of the "show: rolls" and "show: replies"
	// tables (all 21 unless a "rolls:" line chooses some), larger die
	// first.
	Rolls []engine.Dice
	// Expect are the claims the block makes about what the engine
	// computes ("expect:"); the site checks them with Verify.
	Expect []Expectation
	// Odds lists the statistics beyond one roll to compute ("odds:"), in
	// the order written.
	Odds []OddsItem
	// Exercises are the worksheet tasks the block sets ("exercise:").
	Exercises []Exercise
	// After is a legal play of Dice whose resulting position the figure
	// draws beside Position ("after:"): a before and after pair.
	// AfterText is how it was written. Nil without an "after:" line.
	After     *engine.Play
	AfterText string
	// Highlight is the legal play of Dice the prose discusses, marked in
	// the table of legal moves ("highlight:"); HighlightText is how it
	// was written. Nil without a "highlight:" line.
	Highlight     *engine.Play
	HighlightText string
	// At records where each key was written: its value's line and column.
	At map[string]engine.Pos

	// refused lists what the "stats:" and "odds:" lines named but could
	// not compute ("draw", "lastroll"): a claim about it is not reported
	// again, the line already is.
	refused []string
}

// Options give the context of a block: the page's defaults and the
// positions named by earlier blocks.
type Options struct {
	// Game is used when the block has no "game:" line; HasGame says
	// whether there is such a default.
	Game    engine.Game
	HasGame bool
	// Rules is the profile the block's "rules:" line overrides.
	Rules engine.Rules
	// Override holds "key=value" words applied after the block's own
	// "rules:" line, winning over what it sets (diff --override-pinned).
	// The caller checks them: a word that does not apply is ignored.
	Override []string
	// Lookup finds a position named by an earlier block; nil means no
	// names are known.
	Lookup func(name string) (engine.Position, bool)
	// Names lists the names known so far, for error messages.
	Names []string
	// Line is the line of the file the block's first line is on, for the
	// messages that name another line of the block ("first on line
	// 12"); 0 counts the block's own lines from 1. The places of
	// problems are always the block's own (see engine.ErrorList.Rebase).
	Line int
}

// fileLine returns the line of the file that line n of the block is.
func (o Options) fileLine(n int) int {
	if o.Line > 0 {
		return o.Line + n - 1
	}
	return n
}

// Keys lists every key a block may use, in documented order.
var Keys = []string{
	"game", "position", "from", "white", "black", "white-bar", "black-bar",
	"turn", "started", "rules", "play", "dice", "show", "stats", "replies", "odds", "caption",
	"arrows", "marks", "illegal", "name", "rolls", "cube", "jacoby", "exercise", "expect",
	"after", "highlight",
}

// MaxArrows is the most arrows a block's diagram shows.
const MaxArrows = 24

// MaxReplyRows is the most rows of a replies table: one per legal play of
// each roll of the table. A position with more plays needs fewer rolls.
const MaxReplyRows = 64

// field is one "key: value" line of a block.
type field struct {
	key, val string
	line     int
	col      int // of the value
}

// pos returns the place of f's value, or of the character off characters
// into it.
func (f field) pos(off int) engine.Pos { return engine.Pos{Line: f.line, Col: f.col + off} }

// parser reads one block: its lines by key, the context, the block being
// filled in and every problem found.
type parser struct {
	opt    Options
	fields map[string][]field
	errs   engine.ErrorList
	b      *Block
	game   engine.Game
	// posOK is false when the position (or a "play:" line) could not be
	// read: what depends on the position is then not judged, as the
	// problem with it is reported.
	posOK bool
}

// Parse reads a position block. All problems are reported together as an
// engine.ErrorList, each with the line and column inside the block.
func Parse(src string, opt Options) (*Block, error) {
	p := &parser{opt: opt, fields: map[string][]field{}, b: &Block{At: map[string]engine.Pos{}}}
	p.readLines(src)
	if !p.readGame() {
		return nil, p.errs.Err()
	}
	p.readRules()
	p.posOK = p.readPosition()
	p.readPlays()
	p.readDice()
	p.readPresentation()
	p.readShownPlays()
	p.readScoring()
	p.readOdds()
	p.readExercise()
	p.readExpect()
	p.readName()
	if len(p.errs) > 0 {
		return nil, p.errs.Err()
	}
	return p.b, nil
}

// add records a problem at pos.
func (p *parser) add(pos engine.Pos, msg string) { p.errs.Add(pos, msg) }

// addCode records a problem at pos with the code and arguments a reader's
// language names it by (engine.Error's Code): the problems of the lines a
// reader of the standalone checker writes.
func (p *parser) addCode(pos engine.Pos, msg, code string, args ...string) {
	p.errs.AddCode(pos, msg, code, args...)
}

// get returns the (first) line of key k.
func (p *parser) get(k string) (field, bool) {
	fs := p.fields[k]
	if len(fs) == 0 {
		return field{}, false
	}
	return fs[0], true
}

// has reports whether the block has a line of key k.
func (p *parser) has(k string) bool { return len(p.fields[k]) > 0 }

// readLines splits the block into its "key: value" lines.
func (p *parser) readLines(src string) {
	line := 0
	for raw := range strings.Lines(src) {
		line++
		raw = strings.TrimRight(raw, " \t\r\n")
		key, val, col, ok := splitLine(raw)
		if !ok {
			if strings.TrimSpace(stripComment(raw)) != "" {
				p.addCode(engine.Pos{Line: line, Col: 1}, `expected "key: value", e.g. "white: 24x15"`, "line")
			}
			continue
		}
		if !slices.Contains(Keys, key) {
			p.addCode(engine.Pos{Line: line, Col: 1}, "unknown key "+strconv.Quote(key)+suggest(key, Keys)+"; known: "+strings.Join(Keys, ", "), "unknown-key", key)
			continue
		}
		if key != "caption" {
			val = strings.TrimSpace(stripComment(val))
		}
		if prev := p.fields[key]; len(prev) > 0 && key != "play" && key != "expect" {
			p.addCode(engine.Pos{Line: line, Col: 1}, "duplicate key "+strconv.Quote(key)+" (first on line "+strconv.Itoa(p.opt.fileLine(prev[0].line))+")", "duplicate-key", key, strconv.Itoa(p.opt.fileLine(prev[0].line)))
			continue
		}
		p.fields[key] = append(p.fields[key], field{key, val, line, col})
	}
	for k, fs := range p.fields {
		p.b.At[k] = fs[0].pos(0)
	}
}

// readGame finds the block's game; without one nothing else can be read.
func (p *parser) readGame() bool {
	p.game = p.opt.Game
	hasGame := p.opt.HasGame
	if f, ok := p.get("game"); ok {
		g, ok := engine.ParseGame(f.val)
		if !ok {
			p.addCode(f.pos(0), "game "+strconv.Quote(f.val)+`: write "long" or "short"`, "game", f.val)
			return false
		}
		p.game, hasGame = g, true
	}
	if !hasGame {
		p.addCode(engine.Pos{Line: 1, Col: 1}, `no game: add "game: long" or "game: short"`, "no-game")
		return false
	}
	return true
}

// readRules applies the "rules:" line over the context's profile, and
// the context's overrides over both.
func (p *parser) readRules() {
	p.b.Rules = p.opt.Rules
	defer func() {
		for _, w := range p.opt.Override {
			_ = p.b.Rules.Set(w)
		}
	}()
	f, ok := p.get("rules")
	if !ok {
		return
	}
	for _, w := range words(f.val) {
		if err := p.b.Rules.Set(w.s); err != nil {
			p.addCode(f.pos(w.col), err.Error(), "rule", w.s)
			continue
		}
		name, _, isKey := strings.Cut(w.s, "=")
		if g, _ := engine.GameOf(name); isKey && g != p.game {
			p.addCode(f.pos(w.col), "rule "+strconv.Quote(w.s)+" is for "+g.String()+" nardy; this block is "+p.game.String()+" nardy", "rule-game."+g.String(), w.s)
		}
	}
}

// readPlays applies the "play:" lines to the position, each checked by
// the engine, when the position itself could be read.
func (p *parser) readPlays() {
	pos := p.b.Position
	for _, f := range p.fields["play"] {
		if !p.posOK {
			break
		}
		dtext, rest, _ := strings.Cut(f.val, " ")
		d, err := engine.ParseDice(dtext)
		if err != nil {
			p.addCode(f.pos(0), "play: "+err.Error()+`; write the roll, then the play: "play: 6-5 24/18 18/13"`, "play-dice", dtext)
			p.posOK = false
			break
		}
		rest = strings.TrimSpace(rest)
		v := engine.Explain(pos, d, p.b.Rules, rest)
		if !v.Legal() {
			at := f.pos(0)
			if v.Col > 0 {
				at = f.pos(len(dtext) + 1 + v.Col - 1)
			}
			p.addCode(at, "play "+d.String()+" "+strconv.Quote(rest)+" is not legal: "+v.String(), "play-illegal", d.String(), rest)
			p.posOK = false
			break
		}
		p.b.Plays = append(p.b.Plays, PlayLine{Dice: d, Text: rest, Play: v.Play, Pos: f.pos(0), Before: pos})
		pos = v.Play.Position
	}
	p.b.Position = pos
}

// readDice reads the roll to study.
func (p *parser) readDice() {
	f, ok := p.get("dice")
	if !ok {
		return
	}
	d, err := engine.ParseDice(f.val)
	if err != nil {
		p.addCode(f.pos(0), err.Error(), "dice", f.val)
		return
	}
	p.b.Dice, p.b.HasDice = d, true
}

// readName reads the name later blocks continue the position by.
func (p *parser) readName() {
	f, ok := p.get("name")
	if !ok {
		return
	}
	if !validName(f.val) {
		p.add(f.pos(0), "name "+strconv.Quote(f.val)+": use letters, digits and '-'")
	}
	p.b.Name = f.val
}

// readPresentation reads what the block shows and how: the caption, the
// statistics, "show:", the rolls of the rolls table, marks, the illegal
// play and the arrows.
func (p *parser) readPresentation() {
	b := p.b
	if f, ok := p.get("caption"); ok {
		b.Caption = strings.TrimSpace(f.val)
	}
	p.readStats()
	p.readReplies()
	if f, ok := p.get("show"); ok {
		for _, w := range words(f.val) {
			i := slices.Index(outputNames, w.s)
			if i < 0 {
				p.add(f.pos(w.col), "unknown output "+strconv.Quote(w.s)+"; known: "+strings.Join(outputNames, ", "))
				continue
			}
			b.Show |= 1 << i
		}
		// (A "dice:" line that is there but wrong is reported on its own.)
		if b.Show.Has(ShowMoves) && !p.has("dice") {
			p.add(f.pos(0), `"show: moves" needs a "dice:" line`)
		}
		if b.Show.Has(ShowChecker) && !p.has("dice") {
			p.add(f.pos(0), `"show: checker" needs a "dice:" line: the reader tries a move for a roll`)
		}
		if b.Show.Has(ShowStats) && !p.has("stats") {
			p.add(f.pos(0), `"show: stats" needs a "stats:" line naming them`)
		}
		if b.Show.Has(ShowReplies) && !p.has("replies") {
			p.add(f.pos(0), `"show: replies" needs a "replies:" line naming the statistics`)
		}
	} else {
		b.Show = ShowDiagram
		if b.HasDice {
			b.Show |= ShowMoves | ShowChecker
		}
		if len(b.Stats) > 0 {
			b.Show |= ShowStats
		}
		if len(b.Replies) > 0 {
			b.Show |= ShowReplies
		}
	}
	p.readRolls()
	p.checkReplies()
	if f, ok := p.get("marks"); ok {
		// Each point marked again is reported once, at its second mark.
		var marked, reported [25]bool
		for _, w := range words(f.val) {
			n, isNum := wholeNumber(w.s)
			switch {
			case !isNum || n < 1 || n > 24:
				p.add(f.pos(w.col), "marks: "+strconv.Quote(w.s)+" is not a point 1 to 24")
			case marked[n]:
				if !reported[n] {
					reported[n] = true
					p.add(f.pos(w.col), "marks: point "+strconv.Itoa(n)+" is marked twice")
				}
			default:
				marked[n] = true
				b.Marks = append(b.Marks, engine.Point(n))
			}
		}
	}
	p.readIllegal()
	p.readArrows()
}

// moves reads the move text of line f, reporting a problem at its column
// with the given prefix.
func (p *parser) moves(f field, prefix string) ([]engine.Segment, bool) {
	segs, err := engine.ParseMoves(f.val)
	if err != nil {
		e := err.(*engine.Error) // ParseMoves reports one problem, with its column
		p.add(f.pos(e.Pos.Col-1), prefix+e.Msg)
		return nil, false
	}
	return segs, true
}

// readStats reads the statistics of the "stats:" line.
func (p *parser) readStats() {
	f, ok := p.get("stats")
	if !ok {
		return
	}
	for _, w := range words(f.val) {
		st, ok := engine.ParseStat(w.s)
		if !ok {
			p.add(f.pos(w.col), "unknown statistic "+strconv.Quote(w.s)+"; known: "+strings.Join(engine.StatNames, ", "))
			continue
		}
		if msg := p.b.statProblem(st); msg != "" && p.posOK {
			p.add(f.pos(w.col), "stats "+w.s+": "+msg)
			p.b.refused = append(p.b.refused, w.s)
			continue
		}
		p.b.Stats = append(p.b.Stats, st)
	}
}

// readReplies reads the statistics of the replies table. Whether they
// make sense after each play is checkReplies' business, once the rolls
// are known.
func (p *parser) readReplies() {
	f, ok := p.get("replies")
	if !ok {
		return
	}
	for _, w := range words(f.val) {
		st, ok := engine.ParseStat(w.s)
		switch {
		case !ok:
			p.add(f.pos(w.col), "unknown statistic "+strconv.Quote(w.s)+"; known: "+strings.Join(engine.StatNames, ", "))
		case slices.Contains(p.b.Replies, st):
			p.add(f.pos(w.col), "replies: "+w.s+" is named twice")
		default:
			p.b.Replies = append(p.b.Replies, st)
		}
	}
	if len(p.b.Replies) == 0 && len(words(f.val)) == 0 {
		p.add(f.pos(0), `"replies:" names the statistics of the opponent's next roll, e.g. "replies: head2"`)
	}
}

// checkReplies checks the replies table against the position: the
// opponent has a next roll after every play of the table's rolls, each
// statistic makes sense there, and the table is not too long.
func (p *parser) checkReplies() {
	b := p.b
	f, ok := p.get("replies")
	if !ok || len(b.Replies) == 0 || !p.posOK {
		return
	}
	if b.Position.GameOver(b.Rules) {
		p.add(f.pos(0), "replies: the game is over; nobody rolls again")
		b.Replies = nil
		return
	}
	rows := 0
	for _, d := range b.Rolls {
		after := engine.AfterRoll(b.Position, d, b.Rules)
		rows += len(after)
		if rows > MaxReplyRows {
			p.add(f.pos(0), "replies: the table would have more than "+strconv.Itoa(MaxReplyRows)+` rows, one for each play of each roll; choose fewer rolls with "rolls:"`)
			b.Replies = nil
			return
		}
		for _, a := range after {
			play := "the lost turn"
			if !a.Passed {
				play = a.Play.Notation()
			}
			if a.After.GameOver(b.Rules) {
				p.add(f.pos(0), "replies: after "+d.String()+" "+play+" the game is over; nobody rolls again")
				b.Replies = nil
				return
			}
			for _, st := range b.Replies {
				if msg := statProblemAt(a.After, b.Rules, st); msg != "" {
					p.add(f.pos(0), "replies "+st.String()+": after "+d.String()+" "+play+", "+msg)
					b.Replies = nil
					return
				}
			}
		}
	}
}

// readRolls reads the rows of the "show: rolls" and "show: replies"
// tables.
func (p *parser) readRolls() {
	b := p.b
	b.Rolls = engine.AllRolls()
	f, ok := p.get("rolls")
	if !ok {
		return
	}
	b.Rolls = nil
	for _, w := range words(f.val) {
		if w.s == "doubles" {
			for _, d := range engine.AllRolls() {
				if d.IsDouble() {
					b.Rolls = append(b.Rolls, d)
				}
			}
			continue
		}
		d, err := engine.ParseDice(w.s)
		if err != nil {
			p.add(f.pos(w.col), "rolls: "+err.Error()+`; or write "doubles"`)
			continue
		}
		b.Rolls = append(b.Rolls, d.Canonical())
	}
	if !b.Show.Has(ShowRolls) && !b.Show.Has(ShowReplies) {
		p.add(engine.Pos{Line: f.line, Col: 1}, `"rolls:" chooses the rows of the "show: rolls" or "show: replies" table; add one of them to "show:"`)
	}
}

// readIllegal reads the play the block calls illegal and checks that the
// engine agrees.
func (p *parser) readIllegal() {
	b := p.b
	f, ok := p.get("illegal")
	if !ok {
		return
	}
	segs, ok := p.moves(f, "illegal: ")
	switch {
	case !ok:
	case !p.has("dice"):
		p.add(f.pos(0), `"illegal:" needs a "dice:" line: a move is legal or not for a roll`)
	case !b.HasDice: // the "dice:" line's problem is reported
	case !p.posOK:
		b.Illegal, b.IllegalText = segs, f.val // the position's problem is reported
	default:
		b.Illegal, b.IllegalText = segs, f.val
		if v := engine.ExplainSegments(b.Position, b.Dice, b.Rules, segs); v.Legal() {
			p.add(f.pos(0), "the play "+strconv.Quote(f.val)+" is legal with "+b.Dice.String()+" (it is the play "+v.Play.Notation()+`); an "illegal:" play must break a rule`)
		}
	}
}

// readShownPlays reads the plays the figure shows: the one whose
// resulting position it draws ("after:") and the one the moves table
// marks ("highlight:"). Each must be legal with the block's roll.
func (p *parser) readShownPlays() {
	b := p.b
	if f, ok := p.get("after"); ok {
		if !b.Show.Has(ShowDiagram) {
			p.add(f.pos(0), `"after:" draws the position after the play beside the block's diagram; add "diagram" to "show:"`)
		} else if pl, ok := p.legalPlay(f); ok {
			b.After, b.AfterText = pl, f.val
		}
	}
	if f, ok := p.get("highlight"); ok {
		// Without a "show:" line a block shows its moves when it has a
		// roll: a block without one lacks a "dice:" line, or its line's
		// problem is reported, and legalPlay says which.
		if !b.Show.Has(ShowMoves) && p.has("show") {
			p.add(f.pos(0), `"highlight:" marks a play in the table of legal moves, which the block does not show; add "moves" to "show:"`)
		} else if pl, ok := p.legalPlay(f); ok {
			b.Highlight, b.HighlightText = pl, f.val
		}
	}
}

// legalPlay reads the play written on line f, which must be legal with
// the block's roll, and returns the legal play it is. When it is not,
// the problem says why, as the engine explains it, at the column of the
// move concerned.
func (p *parser) legalPlay(f field) (*engine.Play, bool) {
	b := p.b
	segs, ok := p.moves(f, f.key+": ")
	switch {
	case !ok:
		return nil, false
	case !p.has("dice"):
		p.add(f.pos(0), strconv.Quote(f.key+":")+` needs a "dice:" line: a play is legal or not for a roll`)
		return nil, false
	case !b.HasDice || !p.posOK:
		return nil, false // the "dice:" line's or the position's problem is reported
	}
	v := engine.ExplainSegments(b.Position, b.Dice, b.Rules, segs)
	if !v.Legal() {
		at := f.pos(0)
		if v.Col > 0 {
			at = f.pos(v.Col - 1)
		}
		p.add(at, f.key+": the play "+strconv.Quote(f.val)+" is not legal with "+b.Dice.String()+": "+v.String())
		return nil, false
	}
	pl := v.Play
	return &pl, true
}

// readScoring reads "cube:" and "jacoby:" and checks "show: result".
func (p *parser) readScoring() {
	b := p.b
	if f, ok := p.get("cube"); ok {
		n, isNum := wholeNumber(f.val)
		// Eastern stakes are short nardy's; long nardy's cube doubles.
		eastern := p.game == engine.Short && b.Rules.Short == engine.Eastern
		switch {
		case p.game == engine.Long && !b.Rules.LongCube:
			p.add(f.pos(0), `long nardy has no doubling cube; the tournament variant with one needs "rules: long-cube=on"`)
		case !isNum || n < 1 || n > engine.CubeMax && !eastern:
			p.add(f.pos(0), "cube "+strconv.Quote(f.val)+": write the cube's value, 1 (centred) to 64")
		case !eastern && n&(n-1) != 0: // not a power of two
			p.add(f.pos(0), "cube "+f.val+`: the cube doubles (1, 2, 4 … 64); arithmetic stakes need "rules: short=eastern"`)
		default:
			b.Scoring.CubeInUse, b.Scoring.Cube = true, n
		}
	}
	if f, ok := p.get("jacoby"); ok {
		switch {
		case f.val != "on" && f.val != "off":
			p.add(f.pos(0), "jacoby "+strconv.Quote(f.val)+`: write "on" or "off"`)
		case p.game == engine.Long:
			p.add(f.pos(0), "the Jacoby rule is short nardy's")
		case !b.Scoring.CubeInUse:
			p.add(f.pos(0), `the Jacoby rule applies to games with the cube: add "cube: 1"`)
		default:
			b.Scoring.Jacoby = f.val == "on"
		}
	}
	if b.Show.Has(ShowResult) && p.posOK {
		o := b.Position.Result(b.Rules)
		if !o.Over && !o.LastRollPending {
			p.add(b.At["show"], `"show: result": the game is not over (no side has borne off all 15)`)
		}
	}
}

// statProblem says why statistic st makes no sense for the block, or "".
func (b *Block) statProblem(st engine.Stat) string {
	return statProblemAt(b.Position, b.Rules, st)
}

// statProblemAt says why statistic st makes no sense for the side to move
// in pos under rules r, or "".
func statProblemAt(pos engine.Position, r engine.Rules, st engine.Stat) string {
	switch st {
	case engine.StatDraw:
		if pos.Game != engine.Long {
			return "draws exist only in long nardy"
		}
		if !pos.LastRoll(r) {
			return "the side to move is not on its last roll (the starter must have borne off all 15, the other side have 4 or fewer left, all home, and the rules give a last roll)"
		}
	case engine.StatHit:
		if pos.Game != engine.Short {
			return "nothing is hit in long nardy"
		}
	case engine.StatEnter:
		if pos.Game != engine.Short || pos.Bar(pos.Turn) == 0 {
			return "the side to move has no checker on the bar"
		}
	case engine.StatHead2:
		if !pos.FirstTurn(pos.Turn) {
			return "only a first turn in long nardy (all 15 on the head) can take two from the head"
		}
	}
	return ""
}

// word is one word of a value.
type word struct {
	s   string
	col int // offset in characters from the value's start
}

// words splits a value at spaces and tabs, remembering where each word
// starts. The columns are counted as it goes, so a long line costs time
// in proportion to its length.
func words(v string) []word {
	var out []word
	col := 0 // characters before v[i]
	for i := 0; i < len(v); {
		if v[i] == ' ' || v[i] == '\t' {
			i++
			col++
			continue
		}
		end := i + strings.IndexAny(v[i:], " \t")
		if end < i {
			end = len(v)
		}
		out = append(out, word{v[i:end], col})
		col += columns(v[i:end])
		i = end
	}
	return out
}

// columns counts the characters of s: the columns it takes. It is a
// variable so that a test can add up the text counted and check that a
// line is counted once, not once per word.
var columns = utf8.RuneCountInString

// splitLine splits "key: value", returning the value's 1-based column.
func splitLine(raw string) (key, val string, col int, ok bool) {
	trimmed := strings.TrimLeft(raw, " \t")
	if trimmed == "" || trimmed[0] == '#' {
		return "", "", 0, false
	}
	i := strings.IndexByte(trimmed, ':')
	if i <= 0 {
		return "", "", 0, false
	}
	key = trimmed[:i]
	if strings.Trim(key, "abcdefghijklmnopqrstuvwxyz-") != "" {
		return "", "", 0, false
	}
	rest := trimmed[i+1:]
	val = strings.TrimLeft(rest, " \t")
	off := len(raw) - len(val)
	return key, val, columns(raw[:off]) + 1, true
}

// stripComment removes a "#" comment: a "#" at the start or after a space.
func stripComment(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
			return s[:i]
		}
	}
	return s
}

// wholeNumber reads a whole number written with digits only, no sign: a count
// of checkers, a point, a cube's value.
func wholeNumber(s string) (int, bool) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// validName reports whether s is a usable name: letters, digits, '-' and
// '_' of the Latin alphabet.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// suggest returns ` (did you mean "x"?)` for a close known word, or "".
func suggest(s string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := editDistance(s, k); d < bestD && d <= len(s)/2 {
			best, bestD = k, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + strconv.Quote(best) + "?)"
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
