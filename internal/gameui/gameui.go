// Package gameui is what a game page does: a whole game of nardy
// (package game) played by the reader against the computer (package bot)
// or by two readers on one device, on the board the rule pages' figures
// are played on (package play). The reader rolls, moves a checker at a
// time, takes a step back, confirms the play, asks for a hint and, with
// the cube, doubles, takes and passes; the computer answers at once, and
// every action is said in the page's language, a refusal with the rule
// that makes it.
//
// The Controller and its View are plain Go, tested natively and under
// Node; run_js.go (GOOS=js GOARCH=wasm) shows a View on the game page and
// carries the reader's actions to the Controller.
package gameui

import (
	"errors"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/nardydocs/nardydocs/internal/game"
	"github.com/nardydocs/nardydocs/internal/play"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Mode is who plays the reader's opponent.
type Mode uint8

// The modes.
const (
	// Computer: the reader plays one side, the computer the other.
	Computer Mode = iota
	// Friend: two readers take turns on one device (pass and play).
	Friend
)

var modeNames = [...]string{"computer", "friend"}

// String returns "computer" or "friend", the value of the page's radio.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "mode-" + strconv.Itoa(int(m))
}

// ParseMode reads a mode as String writes it.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return Computer, errors.New(`mode ` + strconv.Quote(s) + `: expected "computer" or "friend"`)
}

// Setup is what a game is played with: the choices of the page's form.
type Setup struct {
	Game  engine.Game
	Rules engine.Rules
	Mode  Mode
	// Side is the reader's side against the computer (White by default).
	Side  engine.Side
	Level bot.Level
	// Cube plays the game with the doubling cube (short nardy, or long
	// nardy under long-cube=on).
	Cube bool
}

// Options are what a Controller uses beyond its setup; the zero Options
// roll with crypto/rand.
type Options struct {
	// Dice rolls the dice; nil means game.CryptoDice.
	Dice game.DiceSource
	// Seed seeds the computer's choices among equal plays (and the
	// beginner's mistakes).
	Seed uint64
}

// Action is a button of the game page, by its data-action.
type Action string

// The actions.
const (
	ActNew     Action = "new"
	ActRoll    Action = "roll"
	ActConfirm Action = "confirm"
	ActUndo    Action = "undo"
	ActHint    Action = "hint"
	ActDouble  Action = "double"
	ActTake    Action = "take"
	ActPass    Action = "pass"
)

// Actions lists the buttons of the game's controls, in their order.
var Actions = []Action{ActRoll, ActConfirm, ActUndo, ActHint, ActDouble, ActTake, ActPass}

// Controller is one game page's game.
type Controller struct {
	lang  i18n.Lang
	opt   Options
	set   Setup
	g     *game.Game
	comp  *bot.Player // the computer opponent (Computer mode)
	best  *bot.Player // the strong player that gives hints, made on first use
	board *play.Board // the reader's play being made; nil when the reader is not playing
	why   string      // the rule that refused the reader's last touch, "" when none
	news  []string    // what happened since the reader's last action
	hint  int         // 0: no hint shown, 1: the count, 2: the count and the computer's choice
	shows []Show      // the computer's plays made since the reader's last action
}

// Show is a play of the computer's, for the board to show step by step.
type Show struct {
	Side engine.Side
	Dice engine.Dice
	// Steps are the positions after each move of the play, in order; the
	// position before it is Start.
	Start engine.Position
	Steps []engine.Position
	// Play is the play in notation.
	Play string
}

// New starts a controller speaking lang, with a game of setup s waiting
// for its opening roll.
func New(lang i18n.Lang, s Setup, opt Options) *Controller {
	c := &Controller{lang: lang, opt: opt}
	c.start(s)
	return c
}

// start begins a new game of setup s.
func (c *Controller) start(s Setup) {
	c.set = s
	c.g = game.New(s.Game, s.Rules, game.Options{Dice: c.opt.Dice, Cube: s.Cube})
	c.set.Cube = c.g.CubeInUse()
	c.comp = nil
	if s.Mode == Computer {
		c.comp = bot.New(s.Level, s.Rules, c.opt.Seed)
	}
	c.board, c.hint, c.shows = nil, 0, nil
	c.news = []string{i18n.GameText(c.lang, "play.new")}
}

// Setup returns the setup of the game being played.
func (c *Controller) Setup() Setup { return c.set }

// Game returns the game (read only: change it through the controller).
func (c *Controller) Game() *game.Game { return c.g }

// NewGame starts a new game of setup s, dropping the one being played.
func (c *Controller) NewGame(s Setup) {
	c.start(s)
}

// reader reports whether the reader acts for side s.
func (c *Controller) reader(s engine.Side) bool {
	return c.set.Mode == Friend || s == c.set.Side
}

// readerToAct reports whether the reader is the one to act now.
func (c *Controller) readerToAct() bool {
	switch c.g.Phase() {
	case game.PhaseOver:
		return false
	case game.PhaseOpening:
		return true // the reader rolls the opening dice, for both sides
	}
	return c.reader(c.g.ToAct())
}

// Enabled reports whether action a is possible now.
func (c *Controller) Enabled(a Action) bool {
	g := c.g
	switch a {
	case ActNew:
		return true
	case ActRoll:
		ph := g.Phase()
		return (ph == game.PhaseOpening || ph == game.PhaseRoll) && c.readerToAct()
	case ActConfirm:
		return c.board != nil && g.Done()
	case ActUndo:
		return c.board != nil && len(g.Steps()) > 0
	case ActHint:
		return c.board != nil
	case ActDouble:
		return g.CanDouble() && c.readerToAct()
	case ActTake, ActPass:
		return g.Phase() == game.PhaseDoubled && c.readerToAct()
	}
	return false
}

// ErrNotNow is returned by Do for an action that is not possible now
// (its button is disabled).
var ErrNotNow = errors.New("the action is not possible now")

// Do carries out action a (not ActNew: see NewGame), then the computer's
// answer, if it is the computer's turn.
func (c *Controller) Do(a Action) error {
	if a == ActNew {
		c.NewGame(c.set)
		return nil
	}
	if !c.Enabled(a) {
		return ErrNotNow
	}
	c.news, c.shows = nil, nil
	var err error
	switch a {
	case ActRoll:
		var ev game.Event
		ev, err = c.g.Roll()
		if err == nil {
			c.announce(ev)
		}
	case ActConfirm:
		var ev game.Event
		ev, err = c.g.Confirm()
		if err == nil {
			c.board = nil
			c.announce(ev)
		}
	case ActUndo:
		c.board.Undo()
		c.g.Undo()
	case ActHint:
		c.hint = min(c.hint+1, 2)
	case ActDouble:
		var ev game.Event
		ev, err = c.g.Double()
		if err == nil {
			c.announce(ev)
		}
	case ActTake:
		var ev game.Event
		ev, err = c.g.Take()
		if err == nil {
			c.announce(ev)
		}
	case ActPass:
		var ev game.Event
		ev, err = c.g.Pass()
		if err == nil {
			c.announce(ev)
		}
	}
	if err != nil {
		return err
	}
	return c.settle()
}

// Touch is the reader touching a place of the board (a point, engine.Bar
// or engine.Off) while playing a roll: it selects, moves or is refused as
// on a figure (play.Board), and every move is made in the game too.
func (c *Controller) Touch(pt engine.Point) error {
	if c.board == nil {
		return ErrNotNow
	}
	before := c.board.View()
	c.board.Touch(pt)
	after := c.board.View()
	c.why = ""
	if after.HasRefused {
		// The game judges the same touch as the board: a step it does
		// not make, or a checker that may not move.
		v := c.g.Why(pt)
		if before.HasSelected {
			if v, _ = c.g.Step(before.Selected, pt); v.Legal() {
				return errors.New("the game made a step the board refused")
			}
		}
		c.why = v.Reason.String()
	}
	if after.Position != before.Position {
		v, err := c.g.Step(before.Selected, pt)
		if err != nil {
			return err
		}
		if !v.Legal() {
			return errors.New("the game refused the step the board made: " + v.String())
		}
	}
	return nil
}

// settle lets the computer act while it is its turn, then sets up the
// board for the reader's play when the reader is to play a roll.
func (c *Controller) settle() error {
	for c.comp != nil && !c.g.Over() && !c.readerToAct() {
		if err := c.computer(); err != nil {
			return err
		}
	}
	c.boardUp()
	return nil
}

// boardUp sets up the board of the reader's play, with the steps the
// game has made of it (after a restore), or puts it away.
func (c *Controller) boardUp() {
	d, playing := c.g.Dice()
	if !playing || !c.readerToAct() {
		c.board = nil
		return
	}
	if c.board != nil {
		return
	}
	c.hint = 0
	c.board = play.New(c.g.Position(), d, c.set.Rules, c.lang)
	for _, st := range c.g.Steps() {
		c.board.Touch(st[0])
		c.board.Touch(st[1])
	}
}

// computer makes one action of the computer's.
func (c *Controller) computer() error {
	g := c.g
	switch g.Phase() {
	case game.PhaseRoll:
		if g.CanDouble() {
			if ok, est := c.comp.ShouldDouble(g.Position(), g.Cube()); ok {
				ev, err := g.Double()
				if err != nil {
					return err
				}
				c.news = append(c.news, i18n.GameF(c.lang, "play.double.computer", "cube", strconv.Itoa(ev.Cube), "p", percent(est.Win)))
				return nil
			}
		}
		ev, err := g.Roll()
		if err != nil {
			return err
		}
		c.announce(ev)
	case game.PhasePlay:
		d, _ := g.Dice()
		start := g.Position()
		pl, ok := c.comp.Choose(start, d)
		if !ok {
			return errors.New("the computer found no play for " + d.String())
		}
		ev, err := g.Choose(pl)
		if err != nil {
			return err
		}
		c.shows = append(c.shows, showOf(start, d, pl, c.set.Rules))
		c.announce(ev)
	case game.PhaseDoubled:
		// The taker is to act: the position with it to move.
		ok, est := c.comp.ShouldTake(g.Position().Flip(), g.Cube())
		if ok {
			ev, err := g.Take()
			if err != nil {
				return err
			}
			c.news = append(c.news, i18n.GameF(c.lang, "play.take.computer", "p", percent(est.Win), "cube", strconv.Itoa(ev.Cube)))
			return nil
		}
		c.news = append(c.news, i18n.GameF(c.lang, "play.pass.computer", "p", percent(est.Win)))
		ev, err := g.Pass()
		if err != nil {
			return err
		}
		c.announce(ev)
	default:
		return errors.New("the computer cannot act in phase " + g.Phase().String())
	}
	return nil
}

// showOf replays pl move by move from start for the board to show.
func showOf(start engine.Position, d engine.Dice, pl engine.Play, r engine.Rules) Show {
	s := Show{Side: start.Turn, Dice: d, Start: start, Play: pl.Notation()}
	t := engine.NewTurn(start, d, r)
	for _, m := range pl.Moves() {
		t.Move(m.From, m.To)
		s.Steps = append(s.Steps, t.Position())
	}
	return s
}

// percent writes a chance as whole percent: "78".
func percent(p float64) string {
	return strconv.Itoa(int(max(0, min(1, p))*100 + 0.5))
}

// isComputer reports whether side s is the computer's.
func (c *Controller) isComputer(s engine.Side) bool { return c.comp != nil && s != c.set.Side }

// announce says what an event of the game did.
func (c *Controller) announce(ev game.Event) {
	l := c.lang
	side := l.Side(ev.Side, true)
	gen := l.SideGen(ev.Side)
	var msg string
	switch ev.Kind {
	case game.EventOpeningTie:
		msg = i18n.GameF(l, "play.opening.tie", "w", strconv.Itoa(int(ev.Opening[0])), "b", strconv.Itoa(int(ev.Opening[1])))
	case game.EventOpening:
		key := "play.opening"
		if c.set.Game == engine.Short {
			key = "play.opening.short"
		}
		msg = i18n.GameF(l, key, "w", strconv.Itoa(int(ev.Opening[0])), "b", strconv.Itoa(int(ev.Opening[1])), "side", l.Side(ev.Side, false), "dice", ev.Dice.String())
	case game.EventRolled:
		msg = i18n.GameF(l, "play.rolled", "side", gen, "dice", ev.Dice.String())
	case game.EventNoPlay:
		if c.isComputer(ev.Side) {
			msg = i18n.GameF(l, "play.computer.no-play", "side", l.Side(ev.Side, false), "dice", ev.Dice.String())
		} else {
			msg = i18n.GameF(l, "play.no-play", "side", gen, "dice", ev.Dice.String())
		}
	case game.EventPlayed:
		if c.isComputer(ev.Side) {
			msg = i18n.GameF(l, "play.computer", "side", l.Side(ev.Side, false), "dice", ev.Dice.String(), "play", ev.Play)
		} else {
			msg = i18n.GameF(l, "play.played", "side", side, "dice", ev.Dice.String(), "play", ev.Play)
		}
	case game.EventDoubled:
		if c.set.Mode == Computer {
			msg = i18n.GameF(l, "play.double.you", "cube", strconv.Itoa(ev.Cube))
		} else {
			msg = i18n.GameF(l, "play.double", "side", side, "cube", strconv.Itoa(ev.Cube), "taker", l.Side(ev.Side.Other(), true))
		}
	case game.EventTaken:
		if !c.isComputer(ev.Side) {
			msg = i18n.GameF(l, "play.take", "side", side, "cube", strconv.Itoa(ev.Cube))
		}
	case game.EventPassed:
		if !c.isComputer(ev.Side) {
			msg = i18n.GameF(l, "play.pass", "side", side)
		}
	}
	if msg != "" {
		c.news = append(c.news, msg)
	}
}

// resultText says how the finished game ended.
func (c *Controller) resultText(r game.Result) string {
	l := c.lang
	var s string
	if r.Passed {
		s = i18n.GameF(l, "play.over.passed", "winner", l.Side(r.Winner, true), "points", i18n.GamePoints(l, r.Points))
	} else {
		sc := engine.Scoring{}
		if c.g.CubeInUse() {
			sc = c.g.Cube().Scoring(c.g.Jacoby())
		}
		s = l.Result(c.g.Position(), c.set.Rules, sc)
	}
	s = i18n.GameText(l, "play.over") + " " + s
	if c.comp != nil && !r.Draw {
		if r.Winner == c.set.Side {
			s += " " + i18n.GameText(l, "play.you.won")
		} else {
			s += " " + i18n.GameText(l, "play.you.lost")
		}
	}
	return s
}

// View is what the game page shows.
type View struct {
	// Position is the board: the position with the steps of the play
	// being made.
	Position engine.Position
	// Dice is the roll being played, when HasDice; Used says how much of
	// each die is played (play.View's Dice).
	Dice    engine.Dice
	HasDice bool
	Used    [2]int
	// Board is the reader's board (selected checker, targets, movable
	// places, the refused place), when Playing.
	Board   play.View
	Playing bool
	// Status is what the page says now: what happened since the
	// reader's last action, then what the reader may do.
	Status string
	// Rule is the engine.Reason name of the rule that refused the
	// reader's last touch ("head"), "" when none was refused: the page
	// links it to the rule's section.
	Rule string
	// Enabled says, for each of Actions, whether it is possible now.
	Enabled map[Action]bool
	// Hint is the hint asked for ("" when none).
	Hint string
	// Cube says where the cube is and what it is worth, when the game is
	// played with the cube.
	Cube      string
	CubeValue int
	// Shows are the computer's plays made since the reader's last action,
	// for the board to show step by step before Position.
	Shows []Show
	// Over is set when the game has ended; Result is "white", "black" or
	// "draw", Points what the winner receives.
	Over   bool
	Result string
	Points int
	// Record is the game so far, entry by entry.
	Record []Ply
}

// Ply is an entry of the game's record, as the page lists it.
type Ply struct {
	// Text is the entry in words and notation: "Белые 6-5: 24/18/13".
	Text string
	// Code is the position before the entry as a position code, with
	// the dice of a roll; Block is the same as a ```nardy block.
	Code, Block string
}

// View returns what the page shows now.
func (c *Controller) View() View {
	g, l := c.g, c.lang
	v := View{Position: g.Current(), Enabled: map[Action]bool{}, Shows: c.shows}
	for _, a := range Actions {
		v.Enabled[a] = c.Enabled(a)
	}
	v.Dice, v.HasDice = g.Dice()
	say := append([]string(nil), c.news...)
	if c.board != nil {
		bv := c.board.View()
		v.Board, v.Playing, v.Used = bv, true, bv.Dice
		if bv.HasRefused {
			v.Rule = c.why
		}
		if g.Done() {
			say = append(say, i18n.GameF(l, "play.ready", "play", bv.Played))
		} else {
			say = append(say, bv.Status)
		}
		if c.hint > 0 {
			v.Hint = c.hintText()
		}
	}
	switch ph := g.Phase(); {
	case ph == game.PhaseRoll && c.readerToAct():
		if c.set.Mode == Computer {
			say = append(say, i18n.GameText(l, "play.roll.you"))
		} else {
			say = append(say, i18n.GameF(l, "play.roll", "side", l.SideGen(g.ToMove())))
		}
		if g.CanDouble() {
			say = append(say, i18n.GameText(l, "play.roll.double"))
		}
	case ph == game.PhaseDoubled && c.set.Mode == Computer && c.readerToAct():
		// The computer's offer says what to do.
	case ph == game.PhaseDoubled && c.comp != nil:
		say = append(say, i18n.GameText(l, "play.thinking"))
	case ph == game.PhaseOver:
		r, _ := g.Result()
		v.Over, v.Points = true, r.Points
		v.Result = r.Winner.String()
		if r.Draw {
			v.Result = "draw"
		}
		say = append(say, c.resultText(r))
	}
	v.Status = strings.Join(say, " ")
	if g.CubeInUse() {
		cube := g.Cube()
		v.CubeValue = cube.Stake()
		if cube.Owned {
			v.Cube = i18n.GameF(l, "play.cube.owned", "cube", strconv.Itoa(cube.Stake()), "owner", l.SideGen(cube.Owner))
		} else {
			v.Cube = i18n.GameF(l, "play.cube.middle", "cube", strconv.Itoa(cube.Stake()))
		}
	}
	v.Record = c.record()
	return v
}

// hintText says how many legal plays the roll has and, on the second
// request, which the strong computer would choose.
func (c *Controller) hintText() string {
	l := c.lang
	d, _ := c.g.Dice()
	n := len(c.g.LegalPlays())
	s := i18n.GameF(l, "play.hint.count", "dice", d.String(), "n", strconv.Itoa(n))
	if n == 1 {
		s = i18n.GameF(l, "play.hint.one", "dice", d.String())
	}
	if c.hint < 2 {
		if n > 1 {
			s += " " + i18n.GameText(l, "play.hint.more")
		}
		return s
	}
	if c.best == nil {
		c.best = bot.New(bot.Strong, c.set.Rules, c.opt.Seed)
	}
	if pl, ok := c.best.Choose(c.g.Position(), d); ok {
		s += " " + i18n.GameF(l, "play.hint.best", "play", pl.Notation())
	}
	return s
}

// record lists the game's record for the page.
func (c *Controller) record() []Ply {
	l := c.lang
	var out []Ply
	for _, o := range c.g.Opening() {
		out = append(out, Ply{Text: i18n.GameF(l, "play.record.opening", "w", strconv.Itoa(int(o[0])), "b", strconv.Itoa(int(o[1]))),
			Code: engine.Code(engine.StartPosition(c.set.Game), engine.Dice{}, false, c.set.Rules)})
	}
	for i := range out {
		out[i].Block = Block(out[i].Code)
	}
	for _, e := range c.g.Record() {
		side := l.Side(e.Side, true)
		var text string
		switch e.Kind {
		case game.PlyPlay:
			text = i18n.GameF(l, "play.record.play", "side", side, "dice", e.Dice.String(), "play", e.Play)
		case game.PlyNoPlay:
			text = i18n.GameF(l, "play.record.no-play", "side", side, "dice", e.Dice.String())
		case game.PlyDouble:
			text = i18n.GameF(l, "play.record.double", "side", side, "cube", strconv.Itoa(e.Cube))
		case game.PlyTake:
			text = i18n.GameF(l, "play.record.take", "side", side)
		case game.PlyPass:
			text = i18n.GameF(l, "play.record.pass", "side", side)
		}
		out = append(out, Ply{Text: text, Code: e.Code, Block: Block(e.Code)})
	}
	return out
}

// Block writes a position code as a ```nardy block: its game, the
// position, the dice when the code has them and the rules that differ
// from the default profile. A code that does not read gives "".
func Block(code string) string {
	pc, err := engine.ParseFullCode(code)
	if err != nil {
		return ""
	}
	p := pc.Position
	var b strings.Builder
	b.WriteString("```nardy\ngame: ")
	b.WriteString(p.Game.String())
	b.WriteString("\nposition: ")
	b.WriteString(engine.Code(p, engine.Dice{}, false, engine.DefaultRules))
	b.WriteString("\n")
	if pc.HasDice {
		b.WriteString("dice: " + pc.Dice.String() + "\n")
	}
	if diff := pc.Rules.Diff(engine.DefaultRules, p.Game); len(diff) > 0 {
		b.WriteString("rules: " + strings.Join(diff, " ") + "\n")
	}
	b.WriteString("```\n")
	return b.String()
}
