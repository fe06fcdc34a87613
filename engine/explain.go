package engine

import (
	"strconv"
	"strings"
)

// Reason says why a proposed play is not legal (or that it is).
type Reason uint8

// The reasons, one per rule.
const (
	ReasonLegal          Reason = iota // the play is legal
	ReasonSyntax                       // the move text is malformed (Col, Msg)
	ReasonGameOver                     // the game is over: nothing may move
	ReasonNoChecker                    // no checker of the mover on From (From)
	ReasonBackwards                    // checkers move only towards home (From, To)
	ReasonNoDice                       // the dice cannot make this distance (From, To, N = distance)
	ReasonTooManyDice                  // the move needs more dice than were rolled
	ReasonPointHeld                    // To is held by the opponent (To, N = opponent checkers there)
	ReasonHead                         // a second checker may not leave the head (From = head, N = checkers allowed)
	ReasonSixBlock                     // six points in a row with no opponent checker ahead (Block)
	ReasonNotAllHome                   // bearing off with a checker outside the home (Point = a checker outside)
	ReasonHigherPoint                  // die cannot bear off from From: a checker stands higher (Point = that point, Die)
	ReasonBarFirst                     // checkers on the bar must enter first (N = checkers on the bar)
	ReasonEntryClosed                  // the entry point is closed (To, Die)
	ReasonHitAndHide                   // eastern: a checker that hit may not hide on its own point (From, To)
	ReasonMustPlayMore                 // more dice can be played (N = how many can be, Dice = how many were)
	ReasonMustPlayLarger               // only one die can be played: it must be the larger (Die)
	ReasonNoMove                       // nothing can be played with this roll: the turn is lost
	ReasonNotListed                    // a sequence of allowed moves that no rule above rejects, yet not a legal play
	ReasonStepByStep                   // Turn: several dice take the checker there in ways that end differently (with a hit or without); move one die at a time
)

var reasonNames = [...]string{
	"legal", "syntax", "game-over", "no-checker", "backwards", "no-dice",
	"too-many-dice", "point-held", "head", "six-block", "not-all-home",
	"higher-point", "bar-first", "entry-closed", "hit-and-hide",
	"must-play-more", "must-play-larger", "no-move", "not-listed",
	"step-by-step",
}

// String returns a short stable name for the reason ("point-held"), used
// as a key in message tables.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason-" + strconv.Itoa(int(r))
}

// Verdict is the engine's judgement of a proposed play.
type Verdict struct {
	Reason Reason
	// From and To are the move concerned (White's numbering).
	From, To Point
	// Point is a further point the reason names (a checker outside the
	// home, the higher point that blocks a bear-off).
	Point Point
	// Die is the die concerned.
	Die uint8
	// N is a count the reason names (see the Reason constants).
	N int
	// Dice is how many dice the proposed play used.
	Dice int
	// Block lists the six points of a forbidden block, in the order the
	// opponent passes them.
	Block []Point
	// HomeExemption is set for ReasonSixBlock under block-exemption=home:
	// the block would be allowed once an opponent checker reached its
	// home, not merely passed the block.
	HomeExemption bool
	// FirstTurn is set for ReasonHead when the first-turn exception was
	// considered and did not apply.
	FirstTurn bool
	// Col is the 1-based column in the move text of the part concerned.
	Col int
	// Msg is the parser's message for ReasonSyntax.
	Msg string
	// Play is the legal play matched, for ReasonLegal.
	Play Play
	// Step is set when the verdict judges one step of a Turn (a checker
	// moved on the board) rather than a whole play.
	Step bool
}

// Legal reports whether the verdict accepts the play.
func (v Verdict) Legal() bool { return v.Reason == ReasonLegal }

// String explains the verdict in English.
func (v Verdict) String() string {
	p := func(x Point) string { return x.String() }
	switch v.Reason {
	case ReasonLegal:
		return "legal: " + v.Play.Notation()
	case ReasonSyntax:
		return "column " + strconv.Itoa(v.Col) + ": " + v.Msg
	case ReasonGameOver:
		return "the game is over: no checker may move"
	case ReasonNoChecker:
		if v.From == Bar {
			return "there is no checker on the bar"
		}
		return "there is no checker of the side to move on point " + p(v.From)
	case ReasonBackwards:
		return "checkers move only towards their home: " + p(v.From) + "/" + p(v.To) + " goes backwards"
	case ReasonNoDice:
		return "the dice cannot move a checker from " + p(v.From) + " to " + p(v.To)
	case ReasonTooManyDice:
		return "the dice rolled cannot make all of these moves together"
	case ReasonPointHeld:
		return "point " + p(v.To) + " is held by the opponent"
	case ReasonHead:
		switch {
		case v.FirstTurn && v.N >= 2:
			return "even on the first turn at most two checkers may leave the head"
		case v.FirstTurn:
			return "only one checker may leave the head: on this first turn the exception for a second one does not apply"
		}
		return "only one checker may leave the head per turn"
	case ReasonSixBlock:
		if v.HomeExemption {
			return "this would hold six points in a row (" + joinPoints(v.Block) + ") while no opponent checker has reached its home"
		}
		return "this would hold six points in a row (" + joinPoints(v.Block) + ") with no opponent checker ahead of them"
	case ReasonNotAllHome:
		return "a checker may be borne off only when all are in the home; one stands on " + p(v.Point)
	case ReasonHigherPoint:
		return "the " + strconv.Itoa(int(v.Die)) + " cannot bear off from " + p(v.From) + ": a checker stands higher, on " + p(v.Point) + ", so the die must be played inside the home"
	case ReasonBarFirst:
		return "checkers on the bar must enter first"
	case ReasonEntryClosed:
		return "the " + strconv.Itoa(int(v.Die)) + " cannot enter: point " + p(v.To) + " is closed"
	case ReasonHitAndHide:
		return "a checker that has hit may not hide on its own point " + p(v.To) + " in the same turn"
	case ReasonMustPlayMore:
		return "this plays " + strconv.Itoa(v.Dice) + " of the dice, but " + strconv.Itoa(v.N) + " can be played, so they must be"
	case ReasonMustPlayLarger:
		return "only one die can be played, so it must be the larger one, the " + strconv.Itoa(int(v.Die))
	case ReasonNoMove:
		return "no move is possible with this roll: the turn is lost"
	case ReasonNotListed:
		return "this is not one of the legal plays"
	case ReasonStepByStep:
		return "the checker reaches " + p(v.To) + " in more than one way: move it one die at a time"
	}
	return v.Reason.String()
}

func joinPoints(ps []Point) string {
	s := make([]string, len(ps))
	for i, x := range ps {
		s[i] = x.String()
	}
	return strings.Join(s, ", ")
}

// Explain judges a proposed play, written in notation, for the side to
// move in p with roll d under rules r. It accepts a play when it leads to
// the same position as one of LegalPlays; otherwise it names the first
// rule the play breaks. An empty text proposes to play nothing.
func Explain(p Position, d Dice, r Rules, text string) Verdict {
	if strings.TrimSpace(text) == "" {
		return ExplainSegments(p, d, r, nil)
	}
	segs, err := ParseMoves(text)
	if err != nil {
		e := err.(*Error) // ParseMoves reports one problem, with its column
		return Verdict{Reason: ReasonSyntax, Col: e.Pos.Col, Msg: e.Msg}
	}
	return ExplainSegments(p, d, r, segs)
}

// ExplainPart judges moves drawn as the start of a play, such as the
// arrows of a diagram, for the side to move in p with roll d under rules
// r. They are legal when some legal play begins with them: they can be
// played first, one die at a time in any order the rules accept, each
// move legal when it is made, and the rest of the roll can then be played
// so that the whole is one of LegalPlays. A whole legal play is also a
// legal start of one. On success the verdict's Play is such a play.
// Otherwise the verdict names the first rule a move breaks, as Explain
// does, or, when every move is allowed but no legal play begins with
// them, ReasonMustPlayMore (the rest of the roll cannot be played as the
// rules require), ReasonMustPlayLarger or ReasonNotListed. No moves at
// all are a legal start of any play.
func ExplainPart(p Position, d Dice, r Rules, segs []Segment) Verdict {
	return explainPart(p, d, r, segs, nil)
}

// ExplainPartOf is ExplainPart for the start of one given play of roll d
// (a play of LegalPlays, such as the one a diagram shows made): the
// moves must be legal to play first and the rest of the roll must lead
// to that play. A play that is not legal is never begun.
func ExplainPartOf(p Position, d Dice, r Rules, segs []Segment, of Play) Verdict {
	return explainPart(p, d, r, segs, &of)
}

func explainPart(p Position, d Dice, r Rules, segs []Segment, of *Play) Verdict {
	if p.GameOver(r) {
		return Verdict{Reason: ReasonGameOver}
	}
	legal := LegalPlays(p, d, r)
	targets := legal
	if of != nil {
		targets = nil
		for _, pl := range legal {
			if pl.Position == of.Position {
				targets = []Play{pl}
			}
		}
	}
	if len(segs) == 0 {
		switch {
		case len(targets) > 0:
			return Verdict{Reason: ReasonLegal, Play: targets[0]}
		case len(legal) == 0 && of == nil:
			return Verdict{Reason: ReasonLegal, Play: Play{Position: p.Flip(), Side: p.Turn}}
		}
		return Verdict{Reason: ReasonNotListed}
	}
	x := newExplainer(p, d, r, legal)
	x.partial = true
	x.boards = make(map[[2]board]int, len(targets))
	for i := len(targets) - 1; i >= 0; i-- { // the first of equal boards wins
		b := targets[i].Position.b
		if x.g.side == Black {
			b[0], b[1] = b[1], b[0]
		}
		x.boards[b] = i
	}
	x.targets = targets
	return x.run(segs)
}

// ExplainSegments is Explain for a play already parsed.
func ExplainSegments(p Position, d Dice, r Rules, segs []Segment) Verdict {
	if p.GameOver(r) {
		return Verdict{Reason: ReasonGameOver}
	}
	legal := LegalPlays(p, d, r)
	if len(segs) == 0 {
		if len(legal) == 0 {
			return Verdict{Reason: ReasonLegal, Play: Play{Position: p.Flip(), Side: p.Turn}}
		}
		return Verdict{Reason: ReasonMustPlayMore, N: legal[0].DicePlayed()}
	}
	x := newExplainer(p, d, r, legal)
	return x.run(segs)
}

type explainer struct {
	g     *gen
	legal []Play
	// partial: the segments need only begin a legal play (ExplainPart);
	// boards then maps the final boards of the legal plays (mover first)
	// to their index in legal.
	partial bool
	boards  map[[2]board]int
	targets []Play // the plays boards indexes
	maxUse  int
	dice    []uint8
	best    Verdict
	bestAt  int // single-die steps made before the best failure; -1 before any
	found   *Verdict
	loose   *Verdict // a legal play read with hits other than the "*" marks written
	ended   *Verdict // a completed sequence that is not among the legal plays
}

func newExplainer(p Position, d Dice, r Rules, legal []Play) *explainer {
	g := newGen(p, d, r)
	g.setHeadLimit(g.limit()) // the same head rule as LegalPlays
	x := &explainer{g: g, legal: legal, bestAt: -1}
	if len(legal) > 0 {
		x.maxUse = legal[0].DicePlayed()
	}
	if d.IsDouble() {
		x.dice = []uint8{d[0], d[0], d[0], d[0]}
	} else {
		x.dice = []uint8{d.High(), d.Low()}
	}
	return x
}

// state is a position in the mover's own coordinates during a proposed
// play.
type xstate struct {
	b       [2]board
	hitters uint32
	used    int
	usedLow bool
	moves   [4]Move // own coordinates
	// unmarked: a move hit where no "*" is written, or did not hit where
	// one is.
	unmarked bool
}

func (x *explainer) run(segs []Segment) Verdict {
	g := x.g
	// Convert to own coordinates; reject what no dice can make.
	type oseg struct {
		from, to, col int
		hit           bool
	}
	os := make([]oseg, len(segs))
	me := &g.start.b[g.side]
	var reached uint32 // own points an earlier segment ends on
	for i, s := range segs {
		f, t := ownLoc(g.game, g.side, s.From), ownLoc(g.game, g.side, s.To)
		// A move from where the mover has no checker (it may be the
		// opponent's) is named as such before its direction is judged.
		if s.From != Off && me[f] == 0 && reached&(1<<f) == 0 {
			return Verdict{Reason: ReasonNoChecker, From: s.From, To: s.To, Col: s.Col}
		}
		if t >= 1 && t <= 24 {
			reached |= 1 << t
		}
		if s.From == Off {
			return Verdict{Reason: ReasonBackwards, From: s.From, To: s.To, Col: s.Col}
		}
		if s.To == Bar || t >= f {
			return Verdict{Reason: ReasonBackwards, From: s.From, To: s.To, Col: s.Col}
		}
		os[i] = oseg{f, t, s.Col, s.Hit}
	}
	if len(x.legal) == 0 {
		return Verdict{Reason: ReasonNoMove}
	}
	for i, s := range os {
		if !x.reachable(s.from, s.to) {
			return Verdict{Reason: ReasonNoDice, From: segs[i].From, To: segs[i].To, N: s.from - s.to, Col: s.col}
		}
	}
	if !x.fits(len(os), func(i int) (int, int) { return os[i].from, os[i].to }) {
		return Verdict{Reason: ReasonTooManyDice, Col: os[len(os)-1].col}
	}
	root := xstate{b: g.start.b}
	if g.side == Black {
		root.b[0], root.b[1] = root.b[1], root.b[0]
	}
	// Play one die at a time, by any segment not yet at its end, so that
	// the segments' dice may interleave: two checkers enter from the bar
	// before either moves on, or both come home before either bears off.
	used := make([]bool, len(x.dice))
	at := make([]int, len(os))
	for i := range os {
		at[i] = os[i].from
	}
	var walk func(st xstate, left int)
	walk = func(st xstate, left int) {
		if x.found != nil {
			return
		}
		if left == 0 {
			if x.partial {
				x.complete(st, used, true)
			} else {
				x.finish(st)
			}
			return
		}
		for i := range os {
			from := at[i]
			if from == os[i].to {
				continue
			}
			tried := uint8(0)
			for k, die := range x.dice {
				if used[k] || tried&(1<<die) != 0 {
					continue
				}
				tried |= 1 << die
				to := from - int(die)
				if os[i].to > 0 && to < os[i].to {
					continue
				}
				if to < 0 {
					to = 0
				}
				// Eastern: when a checker that hit shares its point
				// with others, either it or another may move.
				hitterHere := g.eastern && from != 25 && st.hitters&(1<<from) != 0
				for _, hitter := range []bool{false, true} {
					if hitter && !hitterHere || !hitter && hitterHere && st.b[0][from] == 1 {
						continue
					}
					next, v, ok := x.step(st, from, to, die, k, os[i].col, hitter)
					if !ok {
						x.fail(v, st.used)
						continue
					}
					if next.moves[next.used-1].Hit != (to == os[i].to && os[i].hit) {
						next.unmarked = true
					}
					used[k] = true
					at[i] = to
					if to == os[i].to {
						walk(next, left-1)
					} else {
						walk(next, left)
					}
					at[i] = from
					used[k] = false
					if x.found != nil {
						return
					}
				}
			}
		}
	}
	walk(root, len(os))
	switch {
	case x.found != nil:
		return *x.found
	case x.loose != nil:
		return *x.loose
	case x.ended != nil:
		return *x.ended
	case x.bestAt >= 0:
		return x.best
	}
	return Verdict{Reason: ReasonTooManyDice, Col: segs[0].Col}
}

// reachable reports whether some ordered choice of the dice moves a
// checker from f to t (t = 0: bears it off).
func (x *explainer) reachable(f, t int) bool {
	var try func(at int, used uint8) bool
	try = func(at int, used uint8) bool {
		if at == t || t == 0 && at <= 0 {
			return true
		}
		if at <= 0 || at < t {
			return false
		}
		for k, d := range x.dice {
			if used&(1<<k) == 0 && try(at-int(d), used|1<<k) {
				return true
			}
		}
		return false
	}
	return try(f, 0)
}

// fits reports whether the dice can make all n distances together, each
// die used once, ignoring every other rule.
func (x *explainer) fits(n int, seg func(int) (int, int)) bool {
	var try func(i, at, to int, used uint8) bool
	try = func(i, at, to int, used uint8) bool {
		if at == to || to == 0 && at <= 0 {
			if i+1 == n {
				return true
			}
			f, t := seg(i + 1)
			return try(i+1, f, t, used)
		}
		if at <= 0 || at < to {
			return false
		}
		for k, d := range x.dice {
			if used&(1<<k) == 0 && try(i, at-int(d), to, used|1<<k) {
				return true
			}
		}
		return false
	}
	f, t := seg(0)
	return try(0, f, t, 0)
}

// fail records a failed single move, keeping the one that explains the
// play best: the one that got furthest, unless an earlier failure already
// gave the same reason (then the earlier one, from the point the player
// wrote, is the better explanation: "3/off" with 5-2 is judged as 3/off,
// not as 3/1/off failing on 1).
func (x *explainer) fail(v Verdict, at int) {
	if at > x.bestAt && (x.bestAt < 0 || v.Reason != x.best.Reason) {
		x.best, x.bestAt = v, at
	}
}

// step plays one die from own point from to own point to (0 = off) and
// checks every rule of a single move (moveRule, and with
// block-check=each-die the six-block rule); hitter says that the checker
// moved is one that hit earlier in the turn (eastern).
func (x *explainer) step(st xstate, from, to int, die uint8, k int, col int, hitter bool) (xstate, Verdict, bool) {
	g := x.g
	me, opp := &st.b[0], &st.b[1]
	v := Verdict{From: g.point(from), To: g.point(to), Die: die, Col: col}
	if me[from] == 0 {
		v.Reason = ReasonNoChecker
		return st, v, false
	}
	highest := 0
	for o := 25; o >= 1; o-- {
		if me[o] != 0 {
			highest = o
			break
		}
	}
	// The rules of a single move are the search's; the verdict adds what
	// each names.
	onBar := g.game == Short && me[25] > 0
	switch v.Reason = g.moveRule(me, opp, from, from-int(die), highest, onBar, hitter); v.Reason {
	case ReasonLegal:
	case ReasonBarFirst:
		v.N = int(me[25])
	case ReasonPointHeld:
		v.N = int(opp[cross(g.game, to)])
	case ReasonNotAllHome, ReasonHigherPoint:
		v.Point = g.point(highest)
	case ReasonHead:
		v.N, v.FirstTurn = int(g.headLimit), g.start.FirstTurn(g.side)
	}
	if v.Reason != ReasonLegal {
		return st, v, false
	}
	me[from]--
	me[to]++
	hit := false
	if to >= 1 && g.game == Short {
		if c := cross(g.game, to); opp[c] == 1 {
			opp[c] = 0
			opp[25]++
			hit = true
		}
	}
	if g.eastern {
		if hitter {
			st.hitters &^= 1 << from
			if to > 0 {
				st.hitters |= 1 << to
			}
		}
		if hit {
			st.hitters |= 1 << to
		}
	}
	if g.blockEachDie {
		if block := g.sixBlock(me); block != nil {
			v.Reason, v.Block, v.HomeExemption = ReasonSixBlock, block, g.rules.BlockExemption == ExemptHome
			return st, v, false
		}
	}
	st.moves[st.used] = Move{From: Point(from), To: Point(to), Die: die, Hit: hit}
	st.used++
	if st.used == 1 && !x.g.double && k == 1 {
		st.usedLow = true
	}
	return st, v, true
}

// complete looks for a way to finish a play that began with every written
// segment (state st, the dice marked in used): the position is already
// that of a legal play, or a further move with a die left, allowed by the
// rules of a single move, leads to one. top is set for the call from the
// search over the segments, which records why no way was found.
func (x *explainer) complete(st xstate, used []bool, top bool) bool {
	if i, ok := x.boards[st.b]; ok {
		v := Verdict{Reason: ReasonLegal, Play: x.targets[i], Dice: st.used}
		switch {
		case !st.unmarked:
			x.found = &v
		case x.loose == nil:
			x.loose = &v
		}
		return true
	}
	g := x.g
	tried := uint8(0)
	for k, die := range x.dice {
		if used[k] || tried&(1<<die) != 0 {
			continue
		}
		tried |= 1 << die
		for from := 25; from >= 1; from-- {
			if st.b[0][from] == 0 {
				continue
			}
			to := max(from-int(die), 0)
			hitterHere := g.eastern && from != 25 && st.hitters&(1<<from) != 0
			for _, hitter := range []bool{false, true} {
				if hitter && !hitterHere || !hitter && hitterHere && st.b[0][from] == 1 {
					continue
				}
				next, _, ok := x.step(st, from, to, die, k, 0, hitter)
				if !ok {
					continue
				}
				used[k] = true
				done := x.complete(next, used, false)
				used[k] = false
				if done && x.found != nil {
					return true
				}
			}
		}
	}
	if top && x.ended == nil {
		v := Verdict{Dice: st.used}
		switch {
		case st.used < x.maxUse:
			v.Reason, v.N = ReasonMustPlayMore, x.maxUse
		case st.used == 1 && st.usedLow && !g.double:
			v.Reason, v.Die = ReasonMustPlayLarger, g.dice[0]
		default:
			v.Reason = ReasonNotListed
		}
		x.ended = &v
	}
	return x.loose != nil
}

// finish judges a sequence that played every written segment.
func (x *explainer) finish(st xstate) {
	g := x.g
	if g.blockAtEnd {
		if block := g.sixBlock(&st.b[0]); block != nil {
			x.fail(Verdict{Reason: ReasonSixBlock, Block: block, HomeExemption: g.rules.BlockExemption == ExemptHome, Dice: st.used}, st.used)
			return
		}
	}
	b := st.b
	if g.side == Black {
		b[0], b[1] = b[1], b[0]
	}
	for _, pl := range x.legal {
		if pl.Position.b == b {
			v := Verdict{Reason: ReasonLegal, Play: pl, Dice: st.used}
			// "13/5" with 5-3 is 13/10/5 when 13/8*/5 would hit: prefer
			// the reading whose hits are the ones written.
			switch {
			case !st.unmarked:
				x.found = &v
			case x.loose == nil:
				x.loose = &v
			}
			return
		}
	}
	if x.ended != nil {
		return
	}
	v := Verdict{Dice: st.used}
	switch {
	case st.used < x.maxUse:
		v.Reason, v.N = ReasonMustPlayMore, x.maxUse
	case st.used == 1 && st.usedLow && !g.double:
		v.Reason, v.Die = ReasonMustPlayLarger, g.dice[0]
	default:
		v.Reason = ReasonNotListed
	}
	x.ended = &v
}
