package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// EntryKind is what one entry of a game's record holds.
type EntryKind uint8

// The kinds of record entry.
const (
	// PlyPlay: a roll and the play made with it.
	PlyPlay EntryKind = iota
	// PlyNoPlay: a roll with no legal play; the turn passed.
	PlyNoPlay
	// PlyDouble: a double offered (Cube: the value offered).
	PlyDouble
	// PlyTake: the double taken (Cube: the cube's new value).
	PlyTake
	// PlyPass: the double passed (Cube: the stake lost).
	PlyPass
)

var entryNames = [...]string{"play", "no-play", "double", "take", "pass"}

// String returns "play", "no-play", "double", "take" or "pass".
func (k EntryKind) String() string {
	if int(k) < len(entryNames) {
		return entryNames[k]
	}
	return "entry-" + strconv.Itoa(int(k))
}

// Entry is one ply or cube action of a game's record.
type Entry struct {
	Kind EntryKind
	// Side is the side that rolled, doubled, took or passed.
	Side engine.Side
	// Dice is the roll of a play or a lost turn.
	Dice engine.Dice
	// Code is the position code (engine.Code) before the entry, with the
	// dice for a play or a lost turn.
	Code string
	// Play is the play in notation (PlyPlay).
	Play string
	// Cube is the cube's value concerned (PlyDouble, PlyTake, PlyPass).
	Cube int
}

// saveVersion is the version of the saved form; a saved game of another
// version is refused.
const saveVersion = 1

// saved is a game as MarshalJSON writes it. Only what the players did is
// kept; everything else is found again by replaying it.
type saved struct {
	Version int          `json:"version"`
	Game    string       `json:"game"`
	Rules   string       `json:"rules"`
	Cube    bool         `json:"cube,omitempty"`
	Jacoby  bool         `json:"jacoby,omitempty"`
	Opening [][2]uint8   `json:"opening"`
	Record  []savedEntry `json:"record"`
	Dice    string       `json:"dice,omitempty"`  // the roll being played
	Steps   []string     `json:"steps,omitempty"` // its steps so far, "24/18"
}

type savedEntry struct {
	Kind string `json:"kind"`
	Side string `json:"side"`
	Dice string `json:"dice,omitempty"`
	Code string `json:"code"`
	Play string `json:"play,omitempty"`
	Cube int    `json:"cube,omitempty"`
}

// MarshalJSON writes the whole game: the game, the rule profile, the
// cube options, the opening rolls, the record and the play being made,
// for keeping it (in a browser's localStorage) and restoring it with
// UnmarshalJSON. The output is deterministic.
func (g *Game) MarshalJSON() ([]byte, error) {
	s := saved{
		Version: saveVersion,
		Game:    g.kind.String(),
		Rules:   g.rules.Profile(),
		Cube:    g.cubeOn,
		Jacoby:  g.jacoby,
		Opening: g.opening,
		Record:  make([]savedEntry, len(g.record)),
	}
	if s.Opening == nil {
		s.Opening = [][2]uint8{}
	}
	for i, e := range g.record {
		se := savedEntry{Kind: e.Kind.String(), Side: e.Side.String(), Code: e.Code, Play: e.Play, Cube: e.Cube}
		if e.Kind == PlyPlay || e.Kind == PlyNoPlay {
			se.Dice = e.Dice.String()
		}
		s.Record[i] = se
	}
	if g.phase == PhasePlay {
		s.Dice = g.dice.String()
		for _, st := range g.steps {
			s.Steps = append(s.Steps, st[0].String()+"/"+st[1].String())
		}
	}
	return json.Marshal(s)
}

// UnmarshalJSON restores a game written by MarshalJSON. It trusts
// nothing: it replays the opening rolls, every entry of the record and
// the steps of the play being made through the engine, and refuses the
// whole when any of them is not what the rules give (a roll out of turn,
// an illegal play, a position code that differs from the replayed
// position, a cube action the cube does not allow), naming the entry and
// what is wrong. On an error g is unchanged. The restored game keeps g's
// dice source when g has one (a game made by New), else uses CryptoDice.
func (g *Game) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s saved
	if err := dec.Decode(&s); err != nil {
		return errors.New("saved game: " + err.Error())
	}
	if dec.More() {
		return errors.New("saved game: text after the game")
	}
	n, err := restore(s, g.src)
	if err != nil {
		return errors.New("saved game: " + err.Error())
	}
	*g = *n
	return nil
}

// restore replays a saved game.
func restore(s saved, src DiceSource) (*Game, error) {
	if s.Version != saveVersion {
		return nil, errors.New("version " + strconv.Itoa(s.Version) + ", expected " + strconv.Itoa(saveVersion))
	}
	kind, ok := engine.ParseGame(s.Game)
	if !ok {
		return nil, errors.New(`game ` + strconv.Quote(s.Game) + `: expected "long" or "short"`)
	}
	rules, err := engine.ParseRules(engine.DefaultRules, s.Rules)
	if err != nil {
		return nil, errors.New("rules: " + err.Error())
	}
	if rules.Profile() != s.Rules {
		return nil, errors.New("rules " + strconv.Quote(s.Rules) + ": not as written by the game, " + strconv.Quote(rules.Profile()))
	}
	g := New(kind, rules, Options{Dice: src, Cube: s.Cube, Jacoby: s.Jacoby})
	if g.cubeOn != s.Cube {
		return nil, errors.New("cube: " + s.Game + " nardy under these rules is played without the cube")
	}
	for i, o := range s.Opening {
		where := "opening roll " + strconv.Itoa(i+1)
		if g.phase != PhaseOpening {
			return nil, errors.New(where + ": the opening was decided by the roll before")
		}
		for _, d := range o {
			if d < 1 || d > 6 {
				return nil, errors.New(where + ": a die shows " + strconv.Itoa(int(d)) + ", not 1..6")
			}
		}
		g.openingRoll(o[0], o[1])
	}
	for i, se := range s.Record {
		if err := g.replay(se); err != nil {
			return nil, errors.New("record entry " + strconv.Itoa(i+1) + " (" + se.Kind + "): " + err.Error())
		}
	}
	if s.Dice != "" {
		if err := g.replayDice(s.Dice); err != nil {
			return nil, errors.New("dice " + strconv.Quote(s.Dice) + ": " + err.Error())
		}
	} else if g.phase == PhasePlay {
		return nil, errors.New(g.pos.Turn.String() + " is playing " + g.dice.String() + " but the dice are missing")
	}
	for i, st := range s.Steps {
		if err := g.replayStep(st); err != nil {
			return nil, errors.New("step " + strconv.Itoa(i+1) + " " + strconv.Quote(st) + ": " + err.Error())
		}
	}
	return g, nil
}

// replay applies one saved entry and checks that it records what the
// game records for the same action.
func (g *Game) replay(se savedEntry) error {
	var err error
	switch se.Kind {
	case "play", "no-play":
		d, derr := engine.ParseDice(se.Dice)
		if derr != nil {
			return derr
		}
		switch g.phase {
		case PhaseRoll:
			g.beginTurn(d)
		case PhasePlay:
			if d != g.dice {
				return errors.New("the dice are " + se.Dice + " but " + g.pos.Turn.String() + " plays " + g.dice.String())
			}
		default:
			return g.phaseError("roll")
		}
		if se.Kind == "no-play" {
			if g.phase == PhasePlay {
				return errors.New(g.pos.Turn.String() + " has a legal play with " + se.Dice)
			}
			break
		}
		if g.phase != PhasePlay {
			return errors.New(se.Dice + " has no legal play, yet the record plays " + strconv.Quote(se.Play))
		}
		_, err = g.Play(se.Play)
	case "double":
		_, err = g.Double()
	case "take":
		_, err = g.Take()
	case "pass":
		_, err = g.Pass()
	default:
		return errors.New(`unknown kind; expected "play", "no-play", "double", "take" or "pass"`)
	}
	if err != nil {
		return err
	}
	got := g.record[len(g.record)-1]
	want := savedEntry{Kind: got.Kind.String(), Side: got.Side.String(), Code: got.Code, Play: got.Play, Cube: got.Cube}
	if got.Kind == PlyPlay || got.Kind == PlyNoPlay {
		want.Dice = got.Dice.String()
	}
	switch {
	case se.Side != want.Side:
		return errors.New("side " + strconv.Quote(se.Side) + ", but " + want.Side + " acts")
	case se.Code != want.Code:
		return errors.New("position code " + strconv.Quote(se.Code) + ", but the game is at " + strconv.Quote(want.Code))
	case se.Play != want.Play:
		return errors.New("play " + strconv.Quote(se.Play) + " is not written as the game writes it, " + strconv.Quote(want.Play))
	case se.Cube != want.Cube:
		return errors.New("cube " + strconv.Itoa(se.Cube) + ", but the cube is at " + strconv.Itoa(want.Cube))
	}
	return nil
}

// replayDice restores the roll being played.
func (g *Game) replayDice(text string) error {
	d, err := engine.ParseDice(text)
	if err != nil {
		return err
	}
	switch g.phase {
	case PhasePlay:
		if d != g.dice {
			return errors.New(g.pos.Turn.String() + " plays " + g.dice.String())
		}
		return nil
	case PhaseRoll:
		if g.beginTurn(d).Kind != EventRolled {
			return errors.New("no legal play, the turn would pass; the record should say so")
		}
		return nil
	}
	return g.phaseError("roll")
}

// replayStep restores one step of the play being made.
func (g *Game) replayStep(text string) error {
	segs, err := engine.ParseMoves(text)
	if err != nil {
		return err
	}
	if len(segs) != 1 || segs[0].Hit {
		return errors.New(`expected one step "from/to"`)
	}
	v, err := g.Step(segs[0].From, segs[0].To)
	if err != nil {
		return err
	}
	if !v.Legal() {
		return errors.New(v.String())
	}
	return nil
}
