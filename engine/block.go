package engine

import (
	"slices"
	"unicode/utf8"
)

// Output is one thing a block can show on a page.
type Output uint8

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
)

var outputNames = []struct {
	name string
	out  Output
}{{"diagram", ShowDiagram}, {"moves", ShowMoves}, {"rolls", ShowRolls}, {"stats", ShowStats}, {"result", ShowResult}, {"checker", ShowChecker}, {"editor", ShowEditor}, {"odds", ShowOdds}}

// Has reports whether o includes x.
func (o Output) Has(x Output) bool { return o&x != 0 }

// Stat is a dice statistic a block can compute over the 36 rolls.
type Stat uint8

// The statistics, as written on a "stats:" line.
const (
	StatOff     Stat = iota // rolls that bear off every remaining checker
	StatNoMove              // rolls with no legal move
	StatLost                // rolls on which at least one die is lost
	StatDraw                // last roll: rolls that bear off all, a draw
	StatHit                 // short nardy: rolls with a play that hits
	StatEnter               // short nardy: rolls that enter a checker from the bar
	StatDoubles             // the six doubles
	StatHead2               // long nardy: rolls that let two checkers leave the head
)

var statNames = []string{"off", "nomove", "lost", "draw", "hit", "enter", "doubles", "head2"}

// String returns the statistic's name as written on a "stats:" line.
func (s Stat) String() string { return statNames[s] }

// Loc is where something was written in a block: 1-based line and column.
type Loc struct{ Line, Col int }

// BlockPlay is a "play:" line: a roll and the play made with it.
type BlockPlay struct {
	Dice Dice
	Text string
	Play Play
	Loc  Loc
}

// Block is a parsed position block.
type Block struct {
	// Position is the position shown: the one written, after any plays.
	Position Position
	// Dice is the roll to study in Position; HasDice is false when the
	// block gives none.
	Dice    Dice
	HasDice bool
	// Rules is the profile the block is computed under.
	Rules Rules
	// Caption is the text under the diagram.
	Caption string
	// Show is what the block puts on the page.
	Show Output
	// Stats lists the statistics to compute, in the order written.
	Stats []Stat
	// Arrows are moves to draw on the diagram.
	Arrows []Segment
	// Marks are points to highlight on the diagram.
	Marks []Point
	// Illegal is a play the block claims is not allowed; IllegalText is
	// how it was written. The claim is checked with Explain.
	Illegal     []Segment
	IllegalText string
	// Name names the shown position so later blocks can continue it with
	// "from:".
	Name string
	// From is the name of the earlier position this block continues.
	From string
	// Plays are the "play:" lines, already checked and applied.
	Plays []BlockPlay
	// Scoring is how a finished short-nardy game is scored: "cube: N"
	// (the game is played with the doubling cube, now at N) and
	// "jacoby: on".
	Scoring Scoring
	// Rolls lists the rolls of the "show: rolls" table (all 21 unless a
	// "rolls:" line chooses some), larger die first.
	Rolls []Dice
	// Expect are the claims the block makes about what the engine
	// computes ("expect:"); the site checks them with Verify.
	Expect []Expectation
	// Odds lists the statistics beyond one roll to compute ("odds:"), in
	// the order written.
	Odds []OddsItem
	// Exercises are the worksheet tasks the block sets ("exercise:").
	Exercises []Exercise
	// Keys records where each key was written (its value's position).
	Keys map[string]Loc

	// refused lists what the "stats:" and "odds:" lines named but could
	// not compute ("draw", "lastroll"): a claim about it is not reported
	// again, the line already is.
	refused []string
}

// ParseOptions give the context of a block: the page's defaults and the
// positions named by earlier blocks.
type ParseOptions struct {
	// Game is used when the block has no "game:" line; HasGame says
	// whether there is such a default.
	Game    Game
	HasGame bool
	// Rules is the profile the block's "rules:" line overrides.
	Rules Rules
	// Lookup finds a position named by an earlier block; nil means no
	// names are known.
	Lookup func(name string) (Position, bool)
	// Names lists the names known so far, for error messages.
	Names []string
}

// BlockKeys lists every key a block may use, in documented order.
var BlockKeys = []string{
	"game", "position", "from", "white", "black", "white-bar", "black-bar",
	"turn", "started", "rules", "play", "dice", "show", "stats", "odds", "caption",
	"arrows", "marks", "illegal", "name", "rolls", "cube", "jacoby", "exercise", "expect",
}

type field struct {
	key, val string
	line     int
	col      int // of the value
}

// ParseBlock reads a position block. All problems are reported together
// as an ErrorList, each with the line and column inside the block.
func ParseBlock(src string, opt ParseOptions) (*Block, error) {
	var errs ErrorList
	fields := map[string][]field{}
	line := 0
	for rest, more := src, true; more; {
		var raw string
		raw, rest, more = cut(rest, '\n')
		line++
		raw = trimRight(raw, " \t\r")
		key, val, col, ok := splitLine(raw)
		if !ok {
			if trimSpace(stripComment(raw)) != "" {
				errs.Add(line, 1, `expected "key: value", e.g. "white: 24x15"`)
			}
			continue
		}
		if !slices.Contains(BlockKeys, key) {
			errs.Add(line, 1, "unknown key "+quote(key)+suggest(key, BlockKeys)+"; known: "+join(BlockKeys, ", "))
			continue
		}
		if key != "caption" {
			val = trimSpace(stripComment(val))
		}
		if prev := fields[key]; len(prev) > 0 && key != "play" && key != "expect" {
			errs.Add(line, 1, "duplicate key "+quote(key)+" (first on line "+itoa(prev[0].line)+")")
			continue
		}
		fields[key] = append(fields[key], field{key, val, line, col})
	}
	b := &Block{Keys: map[string]Loc{}}
	for k, fs := range fields {
		b.Keys[k] = Loc{fs[0].line, fs[0].col}
	}
	get := func(k string) (field, bool) {
		fs := fields[k]
		if len(fs) == 0 {
			return field{}, false
		}
		return fs[0], true
	}

	// Game.
	game, hasGame := opt.Game, opt.HasGame
	if f, ok := get("game"); ok {
		if g, ok := ParseGame(f.val); ok {
			game, hasGame = g, true
		} else {
			errs.Add(f.line, f.col, "game "+quote(f.val)+`: write "long" or "short"`)
			errs.Sort()
			return nil, errs
		}
	}
	if !hasGame {
		errs.Add(1, 1, `no game: add "game: long" or "game: short"`)
		errs.Sort()
		return nil, errs
	}

	// Rules.
	b.Rules = opt.Rules
	if f, ok := get("rules"); ok {
		for _, w := range words(f.val) {
			if err := b.Rules.Set(w.s); err != nil {
				errs.Add(f.line, f.col+w.col, err.Error())
				continue
			}
			name, _, isKey := cut(w.s, '=')
			if g, _ := GameOf(name); isKey && g != game {
				errs.Add(f.line, f.col+w.col, "rule "+quote(w.s)+" is for "+g.String()+" nardy; this block is "+game.String()+" nardy")
			}
		}
	}

	// Position.
	pos, posOK := b.parsePosition(game, get, opt, &errs)

	// Plays.
	for _, f := range fields["play"] {
		if !posOK {
			break
		}
		dtext, rest, _ := cut(f.val, ' ')
		d, err := ParseDice(dtext)
		if err != nil {
			errs.Add(f.line, f.col, "play: "+err.Error()+`; write the roll, then the play: "play: 6-5 24/18 18/13"`)
			posOK = false
			break
		}
		rest = trimSpace(rest)
		v := Explain(pos, d, b.Rules, rest)
		if !v.Legal() {
			col := f.col
			if v.Col > 0 {
				col = f.col + len(dtext) + 1 + v.Col - 1
			}
			errs.Add(f.line, col, "play "+d.String()+" "+quote(rest)+" is not legal: "+v.String())
			posOK = false
			break
		}
		b.Plays = append(b.Plays, BlockPlay{Dice: d, Text: rest, Play: v.Play, Loc: Loc{f.line, f.col}})
		pos = v.Play.Position
	}
	b.Position = pos

	// Dice.
	if f, ok := get("dice"); ok {
		d, err := ParseDice(f.val)
		if err != nil {
			errs.Add(f.line, f.col, err.Error())
		} else {
			b.Dice, b.HasDice = d, true
		}
	}

	b.parsePresentation(game, get, &errs)

	b.parseScoring(game, get, &errs)

	b.parseOdds(game, get, &errs)

	b.parseExercise(get, &errs)
	b.parseExpect(fields["expect"], &errs)

	if f, ok := get("name"); ok {
		if !validName(f.val) {
			errs.Add(f.line, f.col, "name "+quote(f.val)+": use letters, digits and '-'")
		}
		b.Name = f.val
	}

	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return b, nil
}

func (b *Block) parsePosition(game Game, get func(string) (field, bool), opt ParseOptions, errs *ErrorList) (Position, bool) {
	pos := NewPosition(game)
	ok := true
	fPos, hasPos := get("position")
	fFrom, hasFrom := get("from")
	fWhite, hasWhite := get("white")
	fBlack, hasBlack := get("black")
	switch {
	case hasPos && hasFrom:
		errs.Add(fFrom.line, 1, `"from:" and "position:" both set the position; keep one`)
		return pos, false
	case hasPos || hasFrom:
		for _, k := range []string{"white", "black", "white-bar", "black-bar"} {
			if f, dup := get(k); dup {
				other := "position:"
				if hasFrom {
					other = "from:"
				}
				errs.Add(f.line, 1, `"`+k+`:" cannot be combined with "`+other+`"; the checkers come from there`)
				ok = false
			}
		}
	}
	switch {
	case hasPos:
		turn := White
		if f, has := get("turn"); has {
			turn, _ = ParseSide(f.val)
		}
		p, err := parsePositionValue(game, fPos.val, turn)
		if err != nil {
			errs.Add(fPos.line, fPos.col, err.Error())
			return pos, false
		}
		pos = p
	case hasFrom:
		b.From = fFrom.val
		var p Position
		found := false
		if opt.Lookup != nil {
			p, found = opt.Lookup(fFrom.val)
		}
		if !found {
			known := "no positions are named before this block"
			if len(opt.Names) > 0 {
				known = "named so far: " + join(opt.Names, ", ")
			}
			errs.Add(fFrom.line, fFrom.col, "no earlier position is named "+quote(fFrom.val)+"; "+known)
			return pos, false
		}
		if p.Game != game {
			errs.Add(fFrom.line, fFrom.col, "position "+quote(fFrom.val)+" is "+p.Game.String()+" nardy; this block is "+game.String()+" nardy")
			return pos, false
		}
		pos = p
	default:
		if !hasWhite || !hasBlack {
			missing := "white"
			if hasWhite {
				missing = "black"
			}
			errs.Add(1, 1, `no "`+missing+`:" line: list the `+missing+` checkers, or write "`+missing+`:" with nothing after it if all are borne off, or use "position: start"`)
			return pos, false
		}
		var totals [2]int
		for _, sf := range []struct {
			s Side
			f field
		}{{White, fWhite}, {Black, fBlack}} {
			n, good := parseCheckers(&pos, sf.s, sf.f, errs)
			totals[sf.s] = n
			ok = ok && good
		}
		for _, s := range []Side{White, Black} {
			f, has := get(s.String() + "-bar")
			if !has {
				continue
			}
			n, isNum := atoi(f.val)
			switch {
			case !isNum || n < 0 || n > Checkers:
				errs.Add(f.line, f.col, s.String()+"-bar "+quote(f.val)+": write a number of checkers, 0 to 15")
				ok = false
			case n > 0 && game == Long:
				errs.Add(f.line, f.col, "long nardy has no bar: nothing is ever hit")
				ok = false
			default:
				totals[s] += n
				if totals[s] <= Checkers {
					pos.SetBar(s, n)
				}
			}
		}
		for _, s := range []Side{White, Black} {
			if totals[s] > Checkers {
				line := fWhite.line
				if s == Black {
					line = fBlack.line
				}
				errs.Add(line, 1, s.String()+" has "+itoa(totals[s])+" checkers, at most 15")
				ok = false
			}
		}
	}
	if f, has := get("turn"); has {
		if s, valid := ParseSide(f.val); valid {
			pos.Turn = s
		} else {
			errs.Add(f.line, f.col, "turn "+quote(f.val)+`: write "white" or "black"`)
			ok = false
		}
	}
	if f, has := get("started"); has {
		s, valid := ParseSide(f.val)
		switch {
		case !valid:
			errs.Add(f.line, f.col, "started "+quote(f.val)+`: write "white" or "black"`)
			ok = false
		case game != Long:
			errs.Add(f.line, f.col, `"started:" matters only in long nardy (for the last roll)`)
			ok = false
		default:
			pos.Started = s
		}
	}
	return pos, ok
}

// parseCheckers reads a side line such as "24x13 18x2" and returns the
// number of checkers it lists.
func parseCheckers(pos *Position, s Side, f field, errs *ErrorList) (int, bool) {
	ok := true
	total := 0
	other := s.Other()
	seen := map[int]bool{}
	for _, w := range words(f.val) {
		col := f.col + w.col
		ptText, nText, hasN := cut(w.s, 'x')
		pt, isNum := atoi(ptText)
		if !isNum || ptText == "" || ptText[0] == '+' || ptText[0] == '-' {
			errs.Add(f.line, col, quote(w.s)+`: write a point, or "point" x "count", e.g. "24x13"`)
			ok = false
			continue
		}
		if pt < 1 || pt > 24 {
			errs.Add(f.line, col, "point "+itoa(pt)+" is off the board: points are 1 to 24")
			ok = false
			continue
		}
		n := 1
		if hasN {
			n, isNum = atoi(nText)
			if !isNum || nText == "" || nText[0] == '+' || nText[0] == '-' || n < 1 || n > Checkers {
				errs.Add(f.line, col, quote(w.s)+": a count is 1 to 15")
				ok = false
				continue
			}
		}
		if seen[pt] {
			errs.Add(f.line, col, "point "+itoa(pt)+" is listed twice")
			ok = false
			continue
		}
		seen[pt] = true
		if pos.Count(other, Point(pt)) > 0 {
			errs.Add(f.line, col, "point "+itoa(pt)+" already holds "+other.String()+" checkers; a point holds one colour")
			ok = false
			continue
		}
		total += n
		if total <= Checkers {
			pos.Set(s, Point(pt), n)
		}
	}
	return total, ok
}

// parsePositionValue reads the value of a "position:" line: "start", a
// position code or (short nardy) a GNU Backgammon Position ID.
func parsePositionValue(game Game, v string, turn Side) (Position, error) {
	if v == "start" {
		return StartPosition(game), nil
	}
	if hasByte(v, ':') {
		p, err := ParseCode(v)
		if err != nil {
			return p, err
		}
		if p.Game != game {
			return p, errorString("the position code is for " + p.Game.String() + " nardy; this block is " + game.String() + " nardy")
		}
		return p, nil
	}
	if game == Short {
		return ParseGnubgID(v, turn)
	}
	return Position{}, errorString("position " + quote(v) + `: write "start" or a position code such as "Lw:24x15:12x15"`)
}

func (b *Block) parsePresentation(game Game, get func(string) (field, bool), errs *ErrorList) {
	if f, ok := get("caption"); ok {
		b.Caption = trimSpace(f.val)
	}
	if f, ok := get("stats"); ok {
		for _, w := range words(f.val) {
			i := slices.Index(statNames, w.s)
			if i < 0 {
				errs.Add(f.line, f.col+w.col, "unknown statistic "+quote(w.s)+"; known: "+join(statNames, ", "))
				continue
			}
			st := Stat(i)
			if msg := b.statProblem(game, st); msg != "" {
				errs.Add(f.line, f.col+w.col, "stats "+w.s+": "+msg)
				b.refused = append(b.refused, w.s)
				continue
			}
			b.Stats = append(b.Stats, st)
		}
	}
	if f, ok := get("show"); ok {
		for _, w := range words(f.val) {
			i := slices.IndexFunc(outputNames, func(o struct {
				name string
				out  Output
			}) bool {
				return o.name == w.s
			})
			if i < 0 {
				names := make([]string, len(outputNames))
				for k, o := range outputNames {
					names[k] = o.name
				}
				errs.Add(f.line, f.col+w.col, "unknown output "+quote(w.s)+"; known: "+join(names, ", "))
				continue
			}
			b.Show |= outputNames[i].out
		}
		if b.Show.Has(ShowMoves) && !b.HasDice {
			errs.Add(f.line, f.col, `"show: moves" needs a "dice:" line`)
		}
		if b.Show.Has(ShowChecker) && !b.HasDice {
			errs.Add(f.line, f.col, `"show: checker" needs a "dice:" line: the reader tries a move for a roll`)
		}
		if _, hasStats := get("stats"); b.Show.Has(ShowStats) && !hasStats {
			errs.Add(f.line, f.col, `"show: stats" needs a "stats:" line naming them`)
		}
	} else {
		b.Show = ShowDiagram
		if b.HasDice {
			b.Show |= ShowMoves | ShowChecker
		}
		if len(b.Stats) > 0 {
			b.Show |= ShowStats
		}
	}
	b.Rolls = AllRolls()
	if f, ok := get("rolls"); ok {
		b.Rolls = nil
		for _, w := range words(f.val) {
			if w.s == "doubles" {
				for _, d := range AllRolls() {
					if d.IsDouble() {
						b.Rolls = append(b.Rolls, d)
					}
				}
				continue
			}
			d, err := ParseDice(w.s)
			if err != nil {
				errs.Add(f.line, f.col+w.col, "rolls: "+err.Error()+`; or write "doubles"`)
				continue
			}
			b.Rolls = append(b.Rolls, d.Canonical())
		}
		if !b.Show.Has(ShowRolls) {
			errs.Add(f.line, 1, `"rolls:" chooses the rows of the "show: rolls" table; add rolls to "show:"`)
		}
	}
	if f, ok := get("arrows"); ok {
		segs, err := ParseMoves(f.val)
		if err != nil {
			se := err.(*SyntaxError)
			errs.Add(f.line, f.col+se.Col-1, "arrows: "+se.Msg)
		} else {
			b.Arrows = segs
		}
	}
	if f, ok := get("marks"); ok {
		for _, w := range words(f.val) {
			n, isNum := atoi(w.s)
			if !isNum || n < 1 || n > 24 {
				errs.Add(f.line, f.col+w.col, "marks: "+quote(w.s)+" is not a point 1 to 24")
				continue
			}
			b.Marks = append(b.Marks, Point(n))
		}
	}
	if f, ok := get("illegal"); ok {
		segs, err := ParseMoves(f.val)
		switch {
		case err != nil:
			se := err.(*SyntaxError)
			errs.Add(f.line, f.col+se.Col-1, "illegal: "+se.Msg)
		case !b.HasDice:
			errs.Add(f.line, f.col, `"illegal:" needs a "dice:" line: a move is legal or not for a roll`)
		default:
			b.Illegal, b.IllegalText = segs, f.val
			if v := ExplainSegments(b.Position, b.Dice, b.Rules, segs); v.Legal() {
				errs.Add(f.line, f.col, "the play "+quote(f.val)+" is legal with "+b.Dice.String()+" (it is the play "+v.Play.Notation()+"); an \"illegal:\" play must break a rule")
			}
		}
	}
}

// parseScoring reads "cube:" and "jacoby:" and checks "show: result".
func (b *Block) parseScoring(game Game, get func(string) (field, bool), errs *ErrorList) {
	if f, ok := get("cube"); ok {
		n, isNum := atoi(f.val)
		switch {
		case game != Short:
			errs.Add(f.line, f.col, "long nardy has no doubling cube")
		case !isNum || n < 1 || n > CubeMax && b.Rules.Short != Eastern:
			errs.Add(f.line, f.col, "cube "+quote(f.val)+": write the cube's value, 1 (centred) to 64")
		case b.Rules.Short != Eastern && n&(n-1) != 0:
			errs.Add(f.line, f.col, "cube "+f.val+": the cube doubles (1, 2, 4 … 64); arithmetic stakes need \"rules: short=eastern\"")
		default:
			b.Scoring.CubeInUse, b.Scoring.Cube = true, n
		}
	}
	if f, ok := get("jacoby"); ok {
		switch {
		case f.val != "on" && f.val != "off":
			errs.Add(f.line, f.col, "jacoby "+quote(f.val)+`: write "on" or "off"`)
		case !b.Scoring.CubeInUse:
			errs.Add(f.line, f.col, `the Jacoby rule applies to games with the cube: add "cube: 1"`)
		default:
			b.Scoring.Jacoby = f.val == "on"
		}
	}
	if b.Show.Has(ShowResult) {
		o := b.Position.Result(b.Rules)
		if !o.Over && !o.LastRollPending {
			loc := b.Keys["show"]
			errs.Add(loc.Line, loc.Col, `"show: result": the game is not over (no side has borne off all 15)`)
		}
	}
}

// statProblem says why statistic st makes no sense for the block, or "".
func (b *Block) statProblem(game Game, st Stat) string {
	p := b.Position
	switch st {
	case StatDraw:
		if game != Long {
			return "draws exist only in long nardy"
		}
		if !p.LastRoll(b.Rules) {
			return "the side to move is not on its last roll (the starter must have borne off all 15, the other side have 4 or fewer left, all home, and the rules give a last roll)"
		}
	case StatHit:
		if game != Short {
			return "nothing is hit in long nardy"
		}
	case StatEnter:
		if game != Short || p.Bar(p.Turn) == 0 {
			return "the side to move has no checker on the bar"
		}
	case StatHead2:
		if !p.FirstTurn(p.Turn) {
			return "only a first turn in long nardy (all 15 on the head) can take two from the head"
		}
	}
	return ""
}

type word struct {
	s   string
	col int // 0-based offset in characters from the value's start
}

// words splits a value at spaces, remembering where each word starts.
func words(v string) []word {
	var out []word
	start := -1
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == ' ' || v[i] == '\t' {
			if start >= 0 {
				out = append(out, word{v[start:i], utf8.RuneCountInString(v[:start])})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

// splitLine splits "key: value", returning the value's 1-based column.
func splitLine(raw string) (key, val string, col int, ok bool) {
	trimmed := trimLeft(raw, " \t")
	if trimmed == "" || trimmed[0] == '#' {
		return "", "", 0, false
	}
	i := indexByte(trimmed, ':')
	if i <= 0 {
		return "", "", 0, false
	}
	key = trimmed[:i]
	for _, c := range key {
		if !(c >= 'a' && c <= 'z' || c == '-') {
			return "", "", 0, false
		}
	}
	rest := trimmed[i+1:]
	lead := len(rest) - len(trimLeft(rest, " \t"))
	off := len(raw) - len(trimmed) + i + 1 + lead
	return key, rest[lead:], utf8.RuneCountInString(raw[:off]) + 1, true
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

// suggest returns `(did you mean "x"?)` for a close known word, or "".
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
	return " (did you mean " + quote(best) + "?)"
}

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
