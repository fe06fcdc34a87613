// Package game holds a whole game of nardy, long or short, as the site's
// rules pages describe it: the opening roll, every turn's dice, the play
// made one checker at a time on engine.Turn and confirmed only when it is
// one of the engine's legal plays, a turn without a legal play announced
// and passed, the doubling cube where it is played, and the end of the
// game with its points by the engine's result rules. It keeps the record
// of the game (every ply with its dice, its play in notation and the
// position code before it) and saves and restores a whole game as JSON,
// replaying the record through the engine when it reads one.
//
// It is the state behind a game page and a computer player: it makes no
// choice of its own, reads no file and opens no connection, so that it
// runs natively and compiled to WebAssembly alike.
package game

import (
	"errors"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// Options are the choices of a game beyond the rule profile.
type Options struct {
	// Dice rolls the dice; nil means CryptoDice.
	Dice DiceSource
	// Cube plays the game with the doubling cube (даве). It applies to
	// short nardy, and to long nardy only under long-cube=on; elsewhere
	// it is ignored. Off by default.
	Cube bool
	// Jacoby counts gammons and backgammons as a single while the cube
	// has never been turned (international short nardy with the cube).
	Jacoby bool
}

// Phase is what a game waits for.
type Phase uint8

// The phases of a game.
const (
	// PhaseOpening: the opening roll, one die each, is to be rolled.
	PhaseOpening Phase = iota
	// PhaseRoll: the side to move is to roll (or, with the cube, to
	// double first).
	PhaseRoll
	// PhasePlay: the dice are rolled and the side to move plays them,
	// step by step, until it confirms a complete legal play.
	PhasePlay
	// PhaseDoubled: a double is offered; the other side takes or passes.
	PhaseDoubled
	// PhaseOver: the game has ended; Result says how.
	PhaseOver
)

var phaseNames = [...]string{"opening", "roll", "play", "doubled", "over"}

// String returns "opening", "roll", "play", "doubled" or "over".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase-" + strconv.Itoa(int(p))
}

// Result is how a finished game ended and what it was worth.
type Result struct {
	// Winner is the side that won; for a draw, the side that started.
	Winner engine.Side
	// Draw is set for a long-nardy draw on the last roll (0 points).
	Draw bool
	// Kind is how the game ended on the board (oin, mars, home mars,
	// draw; single, gammon, backgammon). A game ended by a passed double
	// counts as the single kind of its game (oin or single).
	Kind engine.ResultKind
	// Passed is set when the game ended because a double was passed.
	Passed bool
	// Stake is the cube's value when the game ended (1 without the cube).
	Stake int
	// Points is what the winner receives: the kind's multiplier times the
	// stake, under the engine's scoring rules (Outcome.Scored), or, for a
	// passed double, the stake before the double (Cube.Pass).
	Points int
}

// Game is one game in progress or finished. Its methods change it only
// as the rules allow: an action out of turn or against the rules returns
// an error and changes nothing. Start one with New; the zero Game is only
// something to restore a saved game into (UnmarshalJSON).
type Game struct {
	kind   engine.Game
	rules  engine.Rules
	cubeOn bool
	jacoby bool
	src    DiceSource

	phase   Phase
	opening [][2]uint8      // the opening rolls: White's die, Black's die
	pos     engine.Position // the position at the start of the turn
	dice    engine.Dice     // the roll being played (PhasePlay)
	turn    *engine.Turn    // the play being made (PhasePlay)
	steps   [][2]engine.Point
	cube    engine.Cube
	record  []Entry
	result  Result
}

// New starts a game of g under rules r, before the opening roll.
func New(g engine.Game, r engine.Rules, opt Options) *Game {
	src := opt.Dice
	if src == nil {
		src = CryptoDice{}
	}
	return &Game{
		kind:   g,
		rules:  r,
		cubeOn: opt.Cube && (g == engine.Short || r.LongCube),
		jacoby: opt.Jacoby,
		src:    src,
		pos:    engine.StartPosition(g),
		cube:   engine.NewCube(),
	}
}

// Kind returns which game is played.
func (g *Game) Kind() engine.Game { return g.kind }

// Rules returns the rule profile the game follows.
func (g *Game) Rules() engine.Rules { return g.rules }

// CubeInUse reports whether the game is played with the doubling cube.
func (g *Game) CubeInUse() bool { return g.cubeOn }

// Jacoby reports whether the Jacoby rule applies (see Options).
func (g *Game) Jacoby() bool { return g.jacoby }

// Phase returns what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Result returns how the game ended; ok is false while it goes on.
func (g *Game) Result() (r Result, ok bool) { return g.result, g.phase == PhaseOver }

// Position returns the position at the start of the current turn, with
// the side to move; before the opening roll, the starting position.
func (g *Game) Position() engine.Position { return g.pos }

// Current returns the position as the board shows it: with the steps of
// the play being made, the same side still to move.
func (g *Game) Current() engine.Position {
	if g.phase == PhasePlay {
		return g.turn.Position()
	}
	return g.pos
}

// ToMove returns the side whose turn it is; meaningless before the
// opening roll is decided.
func (g *Game) ToMove() engine.Side { return g.pos.Turn }

// ToAct returns the side that must act now: the side to move, or, while
// a double is offered, the side that takes or passes.
func (g *Game) ToAct() engine.Side {
	if g.phase == PhaseDoubled {
		return g.pos.Turn.Other()
	}
	return g.pos.Turn
}

// Dice returns the roll being played; ok is false outside PhasePlay.
func (g *Game) Dice() (d engine.Dice, ok bool) { return g.dice, g.phase == PhasePlay }

// Cube returns the doubling cube.
func (g *Game) Cube() engine.Cube { return g.cube }

// Opening returns the opening rolls so far, each White's die then
// Black's die; every roll but a deciding one is a tie.
func (g *Game) Opening() [][2]uint8 { return append([][2]uint8(nil), g.opening...) }

// Starter returns the side that won the opening roll; ok is false before
// it is decided.
func (g *Game) Starter() (s engine.Side, ok bool) {
	if len(g.opening) == 0 {
		return engine.White, false
	}
	last := g.opening[len(g.opening)-1]
	switch {
	case last[0] > last[1]:
		return engine.White, true
	case last[1] > last[0]:
		return engine.Black, true
	}
	return engine.White, false
}

// Record returns the plies and cube actions of the game so far, in order.
func (g *Game) Record() []Entry { return append([]Entry(nil), g.record...) }

// EventKind is what an action did.
type EventKind uint8

// The kinds of event.
const (
	// EventOpeningTie: the opening dice showed the same number; they are
	// rolled again.
	EventOpeningTie EventKind = iota
	// EventOpening: the opening roll is decided; Side starts. In short
	// nardy Side plays the two opening dice at once (Dice).
	EventOpening
	// EventRolled: Side rolled Dice and has a legal play to make.
	EventRolled
	// EventNoPlay: Side rolled Dice and no legal play exists; the turn
	// passed to the other side.
	EventNoPlay
	// EventPlayed: Side's play (Play, in notation) was confirmed.
	EventPlayed
	// EventDoubled: Side offered a double to Cube.
	EventDoubled
	// EventTaken: Side took the double; the cube is at Cube.
	EventTaken
	// EventPassed: Side passed the double and lost the game.
	EventPassed
)

var eventNames = [...]string{"opening-tie", "opening", "rolled", "no-play", "played", "doubled", "taken", "passed"}

// String returns the event's short stable name ("no-play").
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "event-" + strconv.Itoa(int(k))
}

// Event is what an action did, for a page to announce.
type Event struct {
	Kind EventKind
	// Side is the side that acted (the starter for EventOpening).
	Side engine.Side
	// Opening is the opening roll, White's die then Black's die.
	Opening [2]uint8
	// Dice is the roll concerned.
	Dice engine.Dice
	// Play is the confirmed play in notation.
	Play string
	// Cube is the cube's value offered or taken.
	Cube int
	// Result is set when the event ended the game.
	Result *Result
}

// phaseError says why an action is not possible in the current phase.
func (g *Game) phaseError(action string) error {
	var why string
	switch g.phase {
	case PhaseOpening:
		why = "the opening roll comes first"
	case PhaseRoll:
		why = g.pos.Turn.String() + " is to roll"
	case PhasePlay:
		why = g.pos.Turn.String() + " is playing " + g.dice.String()
	case PhaseDoubled:
		why = "a double is offered: " + g.ToAct().String() + " takes or passes"
	default:
		why = "the game is over"
	}
	return errors.New("cannot " + action + ": " + why)
}

// rollDie rolls one die from the source, refusing numbers outside 1..6.
func (g *Game) rollDie() (uint8, error) {
	d, err := g.src.Die()
	if err != nil {
		return 0, errors.New("rolling a die: " + err.Error())
	}
	if d < 1 || d > 6 {
		return 0, errors.New("the dice source gave " + strconv.Itoa(int(d)) + ", not a die's face 1..6")
	}
	return d, nil
}

// Roll rolls the dice: first the opening roll, one die for each side,
// then the roll of the side to move, which must play it or, when no legal
// play exists, loses the turn at once (EventNoPlay, recorded as a ply
// without a play).
//
// The opening roll follows the rules pages. Both say that each player rolls one die, the higher number
// starts and equal numbers are rolled again (content/ru/long/first-move.md,
// «Розыгрыш первого хода» and «Одинаковые числа при розыгрыше»;
// content/ru/short/start.md, «Кто ходит первым» and «Если выпало
// поровну»). They differ in what happens next, and the game follows each:
// in long nardy the numbers of the opening roll are not played, the
// starter rolls both dice afresh (first-move.md: «Числа с розыгрыша в ход
// не идут»); in short nardy the starter plays the two numbers just rolled,
// its own and the opponent's, so the first play is never a double
// (start.md). The starter is the side with the higher die, whichever
// colour it plays; in long nardy the position records it as the side
// that started, for the last roll.
func (g *Game) Roll() (Event, error) {
	if g.cube.Value == 0 { // New sets the cube at 1; a taken cube is higher
		return Event{}, errors.New("cannot roll: the game was not started by New or restored by UnmarshalJSON")
	}
	switch g.phase {
	case PhaseOpening:
		w, err := g.rollDie()
		if err != nil {
			return Event{}, err
		}
		b, err := g.rollDie()
		if err != nil {
			return Event{}, err
		}
		return g.openingRoll(w, b), nil
	case PhaseRoll:
		a, err := g.rollDie()
		if err != nil {
			return Event{}, err
		}
		b, err := g.rollDie()
		if err != nil {
			return Event{}, err
		}
		return g.beginTurn(engine.Dice{a, b}), nil
	}
	return Event{}, g.phaseError("roll")
}

// openingRoll applies the opening roll, White's die w and Black's die b,
// by the rules stated at Roll.
func (g *Game) openingRoll(w, b uint8) Event {
	g.opening = append(g.opening, [2]uint8{w, b})
	ev := Event{Opening: [2]uint8{w, b}}
	if w == b {
		ev.Kind = EventOpeningTie
		return ev
	}
	starter, hi, lo := engine.White, w, b
	if b > w {
		starter, hi, lo = engine.Black, b, w
	}
	g.pos.Turn = starter
	if g.kind == engine.Long {
		g.pos.Started = starter
		g.phase = PhaseRoll
		return Event{Kind: EventOpening, Side: starter, Opening: ev.Opening}
	}
	next := g.beginTurn(engine.Dice{hi, lo})
	if next.Kind == EventRolled {
		next.Kind, next.Opening = EventOpening, ev.Opening
	}
	return next
}

// beginTurn starts the turn of the side to move with roll d.
func (g *Game) beginTurn(d engine.Dice) Event {
	side := g.pos.Turn
	t := engine.NewTurn(g.pos, d, g.rules)
	if t.Need() == 0 {
		g.record = append(g.record, Entry{Kind: PlyNoPlay, Side: side, Dice: d, Code: engine.Code(g.pos, d, true, g.rules)})
		g.pos = g.pos.Flip()
		ev := Event{Kind: EventNoPlay, Side: side, Dice: d}
		ev.Result = g.checkEnd()
		return ev
	}
	g.phase, g.dice, g.turn, g.steps = PhasePlay, d, t, nil
	return Event{Kind: EventRolled, Side: side, Dice: d}
}

// checkEnd ends the game when the position is over by the result rules
// and returns the result, or sets the phase for the next roll.
func (g *Game) checkEnd() *Result {
	out := g.pos.Result(g.rules)
	if !out.Over {
		g.phase = PhaseRoll
		return nil
	}
	sc := engine.Scoring{}
	if g.cubeOn {
		sc = g.cube.Scoring(g.jacoby)
	}
	out = out.Scored(sc, g.rules)
	g.result = Result{Winner: out.Winner, Draw: out.Draw, Kind: out.Kind, Stake: sc.Value(), Points: out.Points}
	g.phase = PhaseOver
	return &g.result
}

// Movable returns the points (White's numbering; engine.Bar) from which
// a checker may be moved now; nil outside PhasePlay.
func (g *Game) Movable() []engine.Point {
	if g.phase != PhasePlay {
		return nil
	}
	return g.turn.Movable()
}

// Targets returns where the checker on from may go now (engine.Off for
// bearing off); nil outside PhasePlay.
func (g *Game) Targets(from engine.Point) []engine.Point {
	if g.phase != PhasePlay {
		return nil
	}
	return g.turn.Targets(from)
}

// Why returns the rule that keeps the checker on from from moving, or a
// legal verdict when it may move (engine.Turn.Why); outside PhasePlay,
// ReasonGameOver.
func (g *Game) Why(from engine.Point) engine.Verdict {
	if g.phase != PhasePlay {
		return engine.Verdict{Reason: engine.ReasonGameOver, Step: true}
	}
	return g.turn.Why(from)
}

// Step moves one checker from → to as engine.Turn.Move does: when the
// step keeps the play completable it is made and the verdict is legal;
// otherwise nothing moves and the verdict names the rule. Outside
// PhasePlay the verdict is an error.
func (g *Game) Step(from, to engine.Point) (engine.Verdict, error) {
	if g.phase != PhasePlay {
		return engine.Verdict{}, g.phaseError("move a checker")
	}
	v := g.turn.Move(from, to)
	if v.Legal() {
		g.steps = append(g.steps, [2]engine.Point{from, to})
	}
	return v, nil
}

// Undo takes back the last step of the play being made; it reports false
// when there is none.
func (g *Game) Undo() bool {
	if g.phase != PhasePlay || !g.turn.Undo() {
		return false
	}
	g.steps = g.steps[:len(g.steps)-1]
	return true
}

// Steps returns the steps made in the current play, each from and to.
func (g *Game) Steps() [][2]engine.Point { return append([][2]engine.Point(nil), g.steps...) }

// Done reports whether the steps made form a complete legal play, ready
// to Confirm.
func (g *Game) Done() bool {
	if g.phase != PhasePlay {
		return false
	}
	_, ok := g.turn.Play()
	return ok
}

// Verdict judges the steps made so far (engine.Turn.Verdict): legal once
// complete, otherwise how many dice are still to be played. Outside
// PhasePlay no play is being made and the verdict is ReasonGameOver.
func (g *Game) Verdict() engine.Verdict {
	if g.phase != PhasePlay {
		return engine.Verdict{Reason: engine.ReasonGameOver}
	}
	return g.turn.Verdict()
}

// LegalPlays returns the legal plays of the roll being played (nil
// outside PhasePlay).
func (g *Game) LegalPlays() []engine.Play {
	if g.phase != PhasePlay {
		return nil
	}
	return engine.LegalPlays(g.pos, g.dice, g.rules)
}

// Confirm ends the turn with the play the steps made, when they form a
// complete legal play; otherwise it returns an error naming what is
// missing and changes nothing.
func (g *Game) Confirm() (Event, error) {
	if g.phase != PhasePlay {
		return Event{}, g.phaseError("confirm a play")
	}
	pl, ok := g.turn.Play()
	if !ok {
		return Event{}, errors.New("cannot confirm the play: " + g.turn.Verdict().String())
	}
	return g.commit(pl), nil
}

// IllegalPlayError is the error of Play and Choose for a play the rules
// do not allow; Verdict names the rule.
type IllegalPlayError struct {
	Verdict engine.Verdict
}

// Error explains the verdict.
func (e *IllegalPlayError) Error() string { return "illegal play: " + e.Verdict.String() }

// Play plays a whole turn written in notation ("24/18 13/11"), as the
// text box of a board does, replacing any steps made: it is confirmed
// when it is one of the legal plays; otherwise the error is an
// *IllegalPlayError naming the rule and nothing changes.
func (g *Game) Play(text string) (Event, error) {
	if g.phase != PhasePlay {
		return Event{}, g.phaseError("play")
	}
	v := engine.Explain(g.pos, g.dice, g.rules, text)
	if !v.Legal() {
		return Event{}, &IllegalPlayError{Verdict: v}
	}
	return g.commit(v.Play), nil
}

// Choose confirms pl, a play chosen among LegalPlays (by a computer
// player): it is accepted when it leads to the position of one of them.
func (g *Game) Choose(pl engine.Play) (Event, error) {
	if g.phase != PhasePlay {
		return Event{}, g.phaseError("play")
	}
	for _, l := range engine.LegalPlays(g.pos, g.dice, g.rules) {
		if l.Position == pl.Position {
			return g.commit(l), nil
		}
	}
	return Event{}, &IllegalPlayError{Verdict: engine.Verdict{Reason: engine.ReasonNotListed}}
}

// commit records the legal play pl and passes the turn.
func (g *Game) commit(pl engine.Play) Event {
	side := g.pos.Turn
	note := pl.Notation()
	g.record = append(g.record, Entry{Kind: PlyPlay, Side: side, Dice: g.dice, Code: engine.Code(g.pos, g.dice, true, g.rules), Play: note})
	g.pos = pl.Position
	g.dice, g.turn, g.steps = engine.Dice{}, nil, nil
	ev := Event{Kind: EventPlayed, Side: side, Dice: g.record[len(g.record)-1].Dice, Play: note}
	ev.Result = g.checkEnd()
	return ev
}

// CanDouble reports whether the side to move may offer a double now:
// the game is played with the cube, it is before its roll, and the cube
// is centred or its own and can be turned further.
func (g *Game) CanDouble() bool {
	return g.cubeOn && g.phase == PhaseRoll && g.cube.CanDouble(g.pos.Turn, g.rules)
}

// Double offers a double before the side to move rolls.
func (g *Game) Double() (Event, error) {
	if !g.cubeOn {
		return Event{}, errors.New("cannot double: the game is played without the cube")
	}
	if g.phase != PhaseRoll {
		return Event{}, g.phaseError("double")
	}
	side := g.pos.Turn
	if !g.cube.CanDouble(side, g.rules) {
		if g.cube.Owned && g.cube.Owner != side {
			return Event{}, errors.New("cannot double: " + g.cube.Owner.String() + " holds the cube")
		}
		return Event{}, errors.New("cannot double: the cube is at its highest value")
	}
	next, _ := engine.NextCube(g.cube.Stake(), g.rules)
	g.record = append(g.record, Entry{Kind: PlyDouble, Side: side, Cube: next, Code: engine.Code(g.pos, engine.Dice{}, false, g.rules)})
	g.phase = PhaseDoubled
	return Event{Kind: EventDoubled, Side: side, Cube: next}, nil
}

// Take accepts the double offered: the cube takes its next value and
// belongs to the taker, and the doubler rolls.
func (g *Game) Take() (Event, error) {
	if g.phase != PhaseDoubled {
		return Event{}, g.phaseError("take")
	}
	taker := g.ToAct()
	c, _ := g.cube.Take(g.pos.Turn, g.rules) // Double checked that it may
	g.cube = c
	g.record = append(g.record, Entry{Kind: PlyTake, Side: taker, Cube: c.Value, Code: engine.Code(g.pos, engine.Dice{}, false, g.rules)})
	g.phase = PhaseRoll
	return Event{Kind: EventTaken, Side: taker, Cube: c.Value}, nil
}

// Pass refuses the double offered: the game ends and the doubler wins
// the stake before the double.
func (g *Game) Pass() (Event, error) {
	if g.phase != PhaseDoubled {
		return Event{}, g.phaseError("pass")
	}
	passer := g.ToAct()
	g.record = append(g.record, Entry{Kind: PlyPass, Side: passer, Cube: g.cube.Stake(), Code: engine.Code(g.pos, engine.Dice{}, false, g.rules)})
	kind := engine.Single
	if g.kind == engine.Long {
		kind = engine.Oin
	}
	g.result = Result{Winner: g.pos.Turn, Kind: kind, Passed: true, Stake: g.cube.Stake(), Points: g.cube.Pass()}
	g.phase = PhaseOver
	return Event{Kind: EventPassed, Side: passer, Cube: g.cube.Stake(), Result: &g.result}, nil
}
