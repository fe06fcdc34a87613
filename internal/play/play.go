// Package play is the board a reader plays a figure's roll on: the
// reader touches a checker of the side to move, the board marks every
// point it may legally reach, and the reader touches one of them; when
// the play is complete the engine's verdict is given and the play's row
// of the figure's move table is named. The rules are engine.Turn's; this
// package keeps what is selected and says, in the page's language, what
// the reader may do and why a move is refused.
//
// The state (Board) and what it shows (View) are plain Go, tested
// natively and against the engine; compiled to WebAssembly (GOOS=js
// GOARCH=wasm), Wire makes the figures of a page playable by changing
// their diagrams' elements (see Checkers for the checkers).
package play

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Board is one figure's roll being played.
type Board struct {
	lang  i18n.Lang
	rules engine.Rules
	turn  *engine.Turn
	plays []engine.Play // the legal plays, in the order the move table lists them
	sel   engine.Point  // the selected checker's place; noSel when none
	say   string        // what the board says now
	// refused is the place of the last touch when it was refused (say
	// is then the reason); noSel when the last touch was not.
	refused engine.Point

	task    Task
	found   []bool // FindPlays: the rows found so far
	all     bool   // the solution is shown
	illegal string // IsItLegal: the play asked about

	long bool // the game is long nardy, which has no bar
}

// A Task is what an exercise asks of the reader on the board.
type Task uint8

// The tasks.
const (
	NoTask    Task = iota
	FindPlays      // find every legal play of the roll, one after another
	IsItLegal      // say whether a play is allowed
)

// SetTask sets the board's exercise; play is the play IsItLegal asks
// about.
func (b *Board) SetTask(t Task, play string) {
	b.task, b.illegal = t, play
	b.found = make([]bool, len(b.plays))
}

// noSel is the selection when no checker is selected.
const noSel engine.Point = -1

// New starts a board for position p with roll d under rules r, speaking
// lang.
func New(p engine.Position, d engine.Dice, r engine.Rules, lang i18n.Lang) *Board {
	b := &Board{lang: lang, rules: r, turn: engine.NewTurn(p, d, r), plays: engine.LegalPlays(p, d, r), sel: noSel, refused: noSel, long: p.Game == engine.Long}
	b.say = b.idle()
	return b
}

// View is what the board shows.
type View struct {
	// Position is the board after the steps made, the same side to move.
	Position engine.Position
	// Selected is the chosen checker's place (Bar for the bar), when
	// HasSelected.
	Selected    engine.Point
	HasSelected bool
	// Targets are where the selected checker may go (Off: borne off);
	// Movable are the places a checker may be chosen from now.
	Targets, Movable []engine.Point
	// Refused is the place the reader last touched, when HasRefused: the
	// touch was refused, and Status says why.
	Refused    engine.Point
	HasRefused bool
	// Dice says how much of each die drawn is played: 0 not yet, 1 half
	// (a double's die stands for two moves), 2 all.
	Dice [2]int
	// Played is the play so far in notation.
	Played string
	// Status is what the board says, in the page's language.
	Status string
	// Done is set when the play is complete; Row is then its 1-based row
	// in the figure's move table (0 when nothing can be played).
	Done bool
	Row  int
	// Rows are the rows of the move table to mark: the play made, or,
	// once the solution of FindPlays is shown, every row.
	Rows []bool
}

// View returns what the board shows now.
func (b *Board) View() View {
	v := View{Position: b.turn.Position(), Played: b.turn.Notation(), Status: b.say, Done: b.turn.Done()}
	if b.sel != noSel {
		v.Selected, v.HasSelected = b.sel, true
		v.Targets = b.turn.Targets(b.sel)
	}
	v.Movable = b.turn.Movable()
	if b.refused != noSel {
		v.Refused, v.HasRefused = b.refused, true
	}
	v.Dice = b.diceShown()
	if v.Done {
		v.Row = b.row()
	}
	v.Rows = make([]bool, len(b.plays))
	for i := range v.Rows {
		v.Rows[i] = b.all || i+1 == v.Row
	}
	return v
}

// row returns the 1-based row of the complete play in the move table,
// 0 when there is none.
func (b *Board) row() int {
	pl, ok := b.turn.Play()
	if !ok {
		return 0
	}
	for i, q := range b.plays {
		if q.Position == pl.Position {
			return i + 1
		}
	}
	return 0
}

// diceShown says how much of each die drawn is played.
func (b *Board) diceShown() [2]int {
	var shown [2]int
	d := b.turn.Dice()
	used := b.turn.UsedDice()
	if d.IsDouble() {
		// Each die drawn stands for two of the four moves.
		n := len(used)
		shown[0], shown[1] = min(n, 2), min(max(n-2, 0), 2)
		return shown
	}
	for _, u := range used {
		for i := range d {
			if d[i] == u && shown[i] == 0 {
				shown[i] = 2
				break
			}
		}
	}
	return shown
}

// Touch is the reader touching a place: a point (1..24, White's
// numbering), the bar (engine.Bar) or the tray (engine.Off). With nothing
// selected it selects a checker that may move, or says why it may not;
// with a checker selected it moves it to a target, selects another
// checker, takes the selection back (the same place again) or says why
// the move is not allowed (View's Refused is then pt). Long nardy has no
// bar: touching it there changes nothing and says nothing.
func (b *Board) Touch(pt engine.Point) {
	l := b.lang
	if pt == engine.Bar && b.long {
		return
	}
	b.refused = noSel
	if b.turn.Done() {
		b.sel = noSel
		b.say = b.finished()
		return
	}
	if b.sel == noSel {
		b.choose(pt)
		return
	}
	switch {
	case pt == b.sel:
		b.sel = noSel
		b.say = l.CheckerText("board.unselected")
		return
	case slices.Contains(b.turn.Targets(b.sel), pt):
		b.turn.Move(b.sel, pt)
		b.sel = noSel
		if b.turn.Done() {
			b.say = b.finished()
			b.count()
		} else {
			b.say = b.progress()
		}
		return
	case slices.Contains(b.turn.Movable(), pt):
		b.choose(pt)
		return
	}
	b.say, b.refused = b.reason(b.turn.Move(b.sel, pt)), pt
}

// choose selects the checker on pt, if it may move, or says why not.
func (b *Board) choose(pt engine.Point) {
	if pt == engine.Off {
		b.say = b.lang.CheckerText("board.pick") // a tray holds no checker to move
		return
	}
	if !slices.Contains(b.turn.Movable(), pt) {
		b.say, b.refused = b.reason(b.turn.Why(pt)), pt
		return
	}
	b.sel = pt
	places := b.turn.Targets(pt)
	names := make([]string, len(places))
	for i, t := range places {
		names[i] = b.lang.Location(t)
	}
	key := "board.selected"
	if pt == engine.Bar {
		key = "board.selected.bar"
	}
	b.say = b.lang.CheckerF(key, "from", b.lang.Location(pt), "to", b.and(names))
}

// count adds a play found to a FindPlays task and says how far it is.
func (b *Board) count() {
	r := b.row()
	if b.task != FindPlays || r == 0 {
		return
	}
	l := b.lang
	next := "task.again"
	if !b.found[r-1] {
		b.found[r-1] = true
		n := 0
		for _, f := range b.found {
			if f {
				n++
			}
		}
		b.say += " " + l.CheckerF("task.found", "n", strconv.Itoa(n), "total", strconv.Itoa(len(b.found)))
		next = "task.next"
		if n == len(b.found) {
			next = "task.all"
		}
	}
	b.say += " " + l.CheckerText(next)
}

// Solution shows every legal play in the table.
func (b *Board) Solution() {
	b.refused = noSel
	b.all = true
	b.say = b.lang.CheckerText("task.shown")
}

// Answer is the reader's answer to IsItLegal: yes, the play is allowed,
// or no; the board says whether it is right, and the rule.
func (b *Board) Answer(yes bool) {
	b.refused = noSel
	p := b.turn.Start()
	v := engine.Explain(p, b.turn.Dice(), b.rules, b.illegal)
	reason := b.reason(v)
	switch {
	case v.Legal():
		b.say = reason
	case yes:
		b.say = b.lang.CheckerF("task.wrong", "reason", reason)
	default:
		b.say = b.lang.CheckerF("task.right", "reason", reason)
	}
}

// Undo takes back the last step, or says there is none.
func (b *Board) Undo() {
	b.refused = noSel
	b.sel = noSel
	if !b.turn.Undo() {
		b.say = b.lang.CheckerText("board.nothing")
		return
	}
	b.say = b.lang.CheckerText("board.undone") + " " + b.idle()
}

// Reset takes back every step.
func (b *Board) Reset() {
	b.refused = noSel
	b.sel = noSel
	b.turn.Reset()
	b.say = b.lang.CheckerText("board.again") + " " + b.idle()
}

// idle is what the board says when nothing is selected.
func (b *Board) idle() string {
	switch {
	case b.turn.Done():
		return b.finished()
	case b.turn.Steps() > 0:
		return b.progress()
	}
	return b.lang.CheckerText("board.pick")
}

// progress says what is played and which dice are left.
func (b *Board) progress() string {
	left := b.turn.DiceLeft()
	parts := make([]string, len(left))
	for i, d := range left {
		parts[i] = strconv.Itoa(int(d))
	}
	return b.lang.CheckerF("board.moved", "play", b.turn.Notation(), "left", strings.Join(parts, ", "))
}

// finished is the verdict on the completed play.
func (b *Board) finished() string {
	v := b.turn.Verdict()
	if v.Legal() && len(v.Play.Moves()) > 0 {
		return b.lang.CheckerF("board.done", "play", v.Play.Notation(), "n", strconv.Itoa(b.row()))
	}
	return b.reason(v)
}

// reason explains a verdict in the page's language.
func (b *Board) reason(v engine.Verdict) string {
	p := b.turn.Start()
	return b.lang.Reason(v, p.Game, b.turn.Dice())
}

// and joins names as a list in the page's language: "19, 21 и 13".
func (b *Board) and(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + b.lang.CheckerText("board.and") + " " + names[len(names)-1]
}
