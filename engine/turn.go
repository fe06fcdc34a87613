package engine

import "slices"

// Turn is a play made the way a reader makes it on a board: one checker
// at a time, each step moving it by one die (or, in one step, by several
// dice in a row). It allows only the steps after which the play can still
// be completed into one of LegalPlays, so that a play finished step by
// step is always legal; for a step it refuses, it names the rule that
// forbids it.
//
// The steps are judged by the same single-move rules as Explain and
// LegalPlays. Where one step may have been made in more than one way (a
// checker borne off by either die, or, in eastern short nardy, moved as
// the checker that hit or as another one), the Turn keeps every way
// until a later step tells them apart.
type Turn struct {
	x      *explainer
	start  Position
	roll   Dice
	most   int              // the dice every legal play uses
	finals map[[2]board]int // the boards of the legal plays (mover first) → index
	memo   map[turnKey]bool // whether a state can still be completed
	hist   []turnStep       // hist[0] is the start; one entry per step made
}

// turnState is one way the steps made so far may have been played: the
// explainer's state and the dice it used (bit k: the explainer's die k).
type turnState struct {
	xs   xstate
	used uint8
}

type turnKey struct {
	b       [2]board
	used    uint8
	hitters uint32
}

// turnStep is what one step leaves: every state it may have led to (all
// with the same board) and the single-die moves it made, in White's
// numbering.
type turnStep struct {
	states []turnState
	moves  []Move
	// What the board asks again and again of the same state, kept: the
	// destinations from each own point and the points that may move.
	reached    [26]*reachEnds
	movable    []Point
	hasMovable bool
}

// NewTurn starts a turn of the side to move in p with roll d under rules
// r. A turn with no legal play (the game is over, or nothing can be
// played) is done at once.
func NewTurn(p Position, d Dice, r Rules) *Turn {
	t := &Turn{start: p, roll: d, finals: map[[2]board]int{}, memo: map[turnKey]bool{}}
	var legal []Play
	if d.Valid() {
		legal = LegalPlays(p, d, r)
	} else {
		d = Dice{1, 1}
	}
	t.x = newExplainer(p, d, r, legal)
	t.most = t.x.maxUse
	for i, pl := range legal {
		b := pl.Position.b
		if p.Turn == Black {
			b[0], b[1] = b[1], b[0]
		}
		t.finals[b] = i
	}
	root := turnState{xs: xstate{b: p.b}}
	if p.Turn == Black {
		root.xs.b[0], root.xs.b[1] = root.xs.b[1], root.xs.b[0]
	}
	t.hist = []turnStep{{states: []turnState{root}}}
	return t
}

// Dice returns the turn's roll.
func (t *Turn) Dice() Dice { return t.roll }

// Start returns the position the turn starts from.
func (t *Turn) Start() Position { return t.start }

// Position returns the position after the steps made so far, with the
// same side still to move.
func (t *Turn) Position() Position {
	p := t.start
	p.b = t.cur().states[0].xs.b
	if p.Turn == Black {
		p.b[0], p.b[1] = p.b[1], p.b[0]
	}
	return p
}

func (t *Turn) cur() *turnStep { return &t.hist[len(t.hist)-1] }

// Moves returns the single-die moves made so far, in White's numbering,
// in the order made.
func (t *Turn) Moves() []Move {
	var ms []Move
	for _, h := range t.hist[1:] {
		ms = append(ms, h.moves...)
	}
	return ms
}

// Notation writes the moves made so far in move notation ("24/18").
func (t *Turn) Notation() string {
	return FormatMoves(t.start.Game, t.start.Turn, t.Moves())
}

// Steps returns how many steps have been made (each step one Move call).
func (t *Turn) Steps() int { return len(t.hist) - 1 }

// Used returns how many dice the steps made so far have played.
func (t *Turn) Used() int { return t.cur().states[0].xs.used }

// UsedDice returns the values of the dice played so far, as far as the
// steps tell (a checker borne off by either die counts as played by the
// smaller one that could).
func (t *Turn) UsedDice() []uint8 {
	st := t.cur().states[0]
	var ds []uint8
	for k, die := range t.x.dice {
		if st.used&(1<<k) != 0 {
			ds = append(ds, die)
		}
	}
	return ds
}

// DiceLeft returns the values of the dice still to play, larger first,
// as far as the steps tell (see UsedDice); the rules may leave some of
// them unplayable.
func (t *Turn) DiceLeft() []uint8 {
	st := t.cur().states[0]
	var ds []uint8
	for k, die := range t.x.dice {
		if st.used&(1<<k) == 0 {
			ds = append(ds, die)
		}
	}
	return ds
}

// Need returns how many dice the play must use.
func (t *Turn) Need() int { return t.most }

// Done reports whether the play is complete: every die the rules make the
// mover play is played (at once, when nothing can be played).
func (t *Turn) Done() bool { return t.Used() == t.most }

// Play returns the legal play the steps made, once Done.
func (t *Turn) Play() (Play, bool) {
	if !t.Done() {
		return Play{}, false
	}
	if len(t.x.legal) == 0 {
		return Play{Position: t.start.Flip(), Side: t.start.Turn}, true
	}
	i, ok := t.finals[t.cur().states[0].xs.b]
	if !ok {
		return Play{}, false
	}
	return t.x.legal[i], true
}

// Verdict judges the turn: legal, with the play, once Done; the game over
// or the turn lost when nothing can be played; otherwise that more dice
// are to be played.
func (t *Turn) Verdict() Verdict {
	if t.start.GameOver(t.x.g.rules) {
		return Verdict{Reason: ReasonGameOver}
	}
	if t.most == 0 {
		return Verdict{Reason: ReasonNoMove}
	}
	if pl, ok := t.Play(); ok {
		return Verdict{Reason: ReasonLegal, Play: pl, Dice: t.most}
	}
	return Verdict{Reason: ReasonMustPlayMore, N: t.most, Dice: t.Used()}
}

// Undo takes back the last step; it reports false when none was made.
func (t *Turn) Undo() bool {
	if len(t.hist) == 1 {
		return false
	}
	t.hist = t.hist[:len(t.hist)-1]
	return true
}

// Reset takes back every step.
func (t *Turn) Reset() { t.hist = t.hist[:1] }

// Movable returns the points (White's numbering; Bar for the bar) from
// which a checker may be moved now, far points first.
func (t *Turn) Movable() []Point {
	c := t.cur()
	if c.hasMovable {
		return slices.Clone(c.movable)
	}
	var out []Point
	if t.Done() {
		return nil
	}
	me := &t.cur().states[0].xs.b[0]
	for o := 25; o >= 1; o-- {
		if me[o] > 0 && t.canMove(o) {
			out = append(out, t.x.g.point(o))
		}
	}
	c.movable, c.hasMovable = out, true
	return slices.Clone(out)
}

// Targets returns where the checker on from (White's numbering, Bar for
// the bar) may go now: every point one die takes it to, and every point
// several dice take it to in a row when that makes the same position
// whichever way it is played, after which the play can still be
// completed. Off stands for bearing off. Far points come first.
func (t *Turn) Targets(from Point) []Point {
	o, ok := t.ownFrom(from)
	if !ok {
		return nil
	}
	ends := t.reach(o)
	var out []Point
	for to := 24; to >= 0; to-- {
		if len(ends[to].states) > 0 {
			out = append(out, t.x.g.point(to))
		}
	}
	return out
}

// Move makes the step from → to (White's numbering; Bar, Off) when it is
// one of Targets(from) and returns a legal verdict; otherwise it makes
// nothing and returns the rule that forbids the step.
func (t *Turn) Move(from, to Point) Verdict {
	o, ok := t.ownFrom(from)
	if !ok {
		return Verdict{Reason: ReasonNoChecker, From: from, Step: true}
	}
	tgt := ownLoc(t.start.Game, t.start.Turn, to)
	if to == Bar || from == Off || tgt >= o {
		return Verdict{Reason: ReasonBackwards, From: from, To: to, Step: true}
	}
	if t.Done() {
		return Verdict{Reason: ReasonTooManyDice, From: from, To: to, Step: true}
	}
	e := t.reach(o)[tgt]
	if len(e.states) == 0 {
		return t.why(o, tgt)
	}
	t.hist = append(t.hist, turnStep{states: e.states, moves: e.moves})
	return Verdict{Reason: ReasonLegal, From: from, To: to}
}

// Why returns the rule that keeps the checker on from (White's
// numbering) from moving at all, or a legal verdict when it may move.
func (t *Turn) Why(from Point) Verdict {
	o, ok := t.ownFrom(from)
	if !ok {
		return Verdict{Reason: ReasonNoChecker, From: from, Step: true}
	}
	if t.Done() {
		return Verdict{Reason: ReasonTooManyDice, From: from, Step: true}
	}
	if t.canMove(o) {
		return Verdict{Reason: ReasonLegal, From: from}
	}
	// The larger die's move explains it first.
	for _, die := range t.distinctDice() {
		if v := t.why(o, max(o-int(die), 0)); v.Reason != ReasonNoDice {
			return v
		}
	}
	return Verdict{Reason: ReasonNoDice, From: from, Step: true}
}

// ownFrom converts a from-point to the mover's coordinates and reports
// whether the mover has a checker there.
func (t *Turn) ownFrom(from Point) (int, bool) {
	if from == Off {
		return 0, false
	}
	o := ownLoc(t.start.Game, t.start.Turn, from)
	if o < 1 || o > 25 || t.cur().states[0].xs.b[0][o] == 0 {
		return 0, false
	}
	return o, true
}

// distinctDice returns the values of the dice left in any current state,
// larger first.
func (t *Turn) distinctDice() []uint8 {
	var ds []uint8
	for k, die := range t.x.dice { // larger first
		for _, st := range t.cur().states {
			if st.used&(1<<k) == 0 && !slices.Contains(ds, die) {
				ds = append(ds, die)
			}
		}
	}
	return ds
}

// reachEnd is one destination of a step: the states it may lead to and
// the moves it makes.
type reachEnd struct {
	states []turnState
	moves  []Move
}

// reachEnds holds, for each own point (0: off), how a step reaches it.
type reachEnds [25]reachEnd

// singles returns, for each own point one die takes the checker on own
// point o to, the completable states it leads to.
func (t *Turn) singles(o int) *reachEnds {
	var ends reachEnds
	for _, st := range t.cur().states {
		t.expand(st, o, func(to int, next turnState, mv Move) {
			if !t.completable(next) {
				return
			}
			e := &ends[to]
			if len(e.moves) == 0 {
				e.moves = []Move{mv}
			}
			e.states = append(e.states, next)
		})
	}
	return &ends
}

// canMove reports whether the checker on own point o has a target.
func (t *Turn) canMove(o int) bool {
	for _, e := range t.reach(o) {
		if len(e.states) > 0 {
			return true
		}
	}
	return false
}

// reach returns every destination of the checker on own point o: those
// of one die, then those several dice reach in a row when every way there
// makes the same board.
func (t *Turn) reach(o int) *reachEnds {
	c := t.cur()
	if c.reached[o] != nil {
		return c.reached[o]
	}
	ends := t.singles(o)
	type path struct {
		st    turnState
		at    int
		moves []Move
	}
	var frontier []path
	for to := 1; to < len(ends); to++ {
		for _, st := range ends[to].states {
			frontier = append(frontier, path{st, to, ends[to].moves})
		}
	}
	var multi reachEnds
	var ambiguous [25]bool
	for len(frontier) > 0 {
		var next []path
		for _, p := range frontier {
			t.expand(p.st, p.at, func(to int, st turnState, mv Move) {
				if !t.completable(st) {
					return
				}
				if len(ends[to].states) > 0 {
					return // one die goes there
				}
				moves := append(slices.Clip(p.moves), mv)
				e := &multi[to]
				switch {
				case len(e.states) == 0:
					e.moves = moves
				case e.states[0].xs.b != st.xs.b:
					ambiguous[to] = true
				}
				e.states = append(e.states, st)
				if to != 0 {
					next = append(next, path{st, to, moves})
				}
			})
		}
		frontier = next
	}
	for to := range multi {
		if len(multi[to].states) > 0 && !ambiguous[to] {
			ends[to] = reachEnd{dedupStates(multi[to].states), multi[to].moves}
		}
	}
	c.reached[o] = ends
	return ends
}

// dedupStates drops repeated states.
func dedupStates(sts []turnState) []turnState {
	var out []turnState
	for _, st := range sts {
		dup := false
		for _, u := range out {
			if u.used == st.used && u.xs.b == st.xs.b && u.xs.hitters == st.xs.hitters {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, st)
		}
	}
	return out
}

// expand calls f for every single-die move of the checker on own point o
// in state st that the single-move rules allow, with the state it leads
// to and the move in White's numbering.
func (t *Turn) expand(st turnState, o int, f func(to int, next turnState, mv Move)) {
	x := t.x
	var tried uint8
	for k, die := range x.dice {
		if st.used&(1<<k) != 0 || tried&(1<<die) != 0 {
			continue
		}
		tried |= 1 << die
		to := max(o-int(die), 0)
		for _, hitter := range t.hitterChoices(st, o) {
			next, _, ok := x.step(st.xs, o, to, die, k, 0, hitter)
			if !ok {
				continue
			}
			ns := turnState{xs: next, used: st.used | 1<<k}
			m := next.moves[next.used-1]
			f(to, ns, Move{From: x.g.point(o), To: x.g.point(to), Die: die, Hit: m.Hit})
		}
	}
}

// hitterChoices lists how the checker on own point o may be moved in
// eastern short nardy: as the checker that hit there, as another one, or
// both; elsewhere it is never one that hit.
func (t *Turn) hitterChoices(st turnState, o int) []bool {
	if !t.x.g.eastern || o == 25 || st.xs.hitters&(1<<o) == 0 {
		return []bool{false}
	}
	if st.xs.b[0][o] == 1 {
		return []bool{true}
	}
	return []bool{false, true}
}

// completable reports whether the play can still be completed from st
// into one of the legal plays.
func (t *Turn) completable(st turnState) bool {
	if st.xs.used == t.most {
		_, ok := t.finals[st.xs.b]
		return ok
	}
	if st.xs.used > t.most {
		return false
	}
	key := turnKey{b: st.xs.b, used: st.used, hitters: st.xs.hitters}
	if v, ok := t.memo[key]; ok {
		return v
	}
	ok := false
	me := &st.xs.b[0]
	for o := 25; o >= 1 && !ok; o-- {
		if me[o] == 0 {
			continue
		}
		t.expand(st, o, func(_ int, next turnState, _ Move) {
			ok = ok || t.completable(next)
		})
	}
	t.memo[key] = ok
	return ok
}

// why explains why the checker on own point o may not go to own point tgt
// (0: off) now.
func (t *Turn) why(o, tgt int) Verdict {
	g := t.x.g
	v := Verdict{Reason: ReasonNoDice, From: g.point(o), To: g.point(tgt), N: o - tgt, Step: true}
	var first *Verdict
	var reached []turnState
	for _, st := range t.cur().states {
		// Every way of taking the checker to tgt with the dice left, one
		// die at a time.
		var walk func(st turnState, at int)
		walk = func(st turnState, at int) {
			var tried uint8
			for k, die := range t.x.dice {
				if st.used&(1<<k) != 0 || tried&(1<<die) != 0 {
					continue
				}
				tried |= 1 << die
				to := at - int(die)
				switch {
				case tgt == 0 && to <= 0:
					to = 0 // borne off, by this die or a larger one
				case to < tgt:
					continue // past the target
				}
				for _, hitter := range t.hitterChoices(st, at) {
					next, bad, ok := t.x.step(st.xs, at, to, die, k, 0, hitter)
					if !ok {
						if first == nil {
							bad.Step = true
							first = &bad
						}
						continue
					}
					ns := turnState{xs: next, used: st.used | 1<<k}
					if to == tgt {
						reached = append(reached, ns)
					} else {
						walk(ns, to)
					}
				}
			}
		}
		walk(st, o)
	}
	if len(reached) == 0 {
		if first != nil {
			return *first
		}
		return v
	}
	for _, st := range reached {
		if t.completable(st) {
			// The checker gets there legally, but in ways that end on
			// different boards (with a hit or without).
			v.Reason, v.N = ReasonStepByStep, 0
			return v
		}
	}
	return t.deadEnd(reached[0], v)
}

// deadEnd explains why a step that the single-move rules allow cannot be
// completed into a legal play: the dice it leaves cannot all be played,
// it plays the smaller die where only one can be played, or every way on
// ends in a forbidden six-block or outside the legal plays.
func (t *Turn) deadEnd(st turnState, v Verdict) Verdict {
	g := t.x.g
	most, block := 0, []Point(nil)
	var walk func(st turnState)
	walk = func(st turnState) {
		most = max(most, st.xs.used)
		if st.xs.used == t.most && g.blockAtEnd && block == nil {
			block = g.sixBlock(&st.xs.b[0])
		}
		me := &st.xs.b[0]
		for o := 25; o >= 1; o-- {
			if me[o] > 0 {
				t.expand(st, o, func(_ int, next turnState, _ Move) { walk(next) })
			}
		}
	}
	walk(st)
	v.N = 0
	switch {
	case t.most == 1 && !g.double:
		v.Reason, v.Die, v.Dice = ReasonMustPlayLarger, g.dice[0], 1
	case most < t.most:
		v.Reason, v.N, v.Dice = ReasonMustPlayMore, t.most, most
	case block != nil:
		v.Reason, v.Block, v.HomeExemption = ReasonSixBlock, block, g.rules.BlockExemption == ExemptHome
	default:
		v.Reason = ReasonNotListed
	}
	return v
}
