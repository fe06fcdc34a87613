package game

import (
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
	Version int
	Game    string
	Rules   string
	Cube    bool
	Jacoby  bool
	Opening [][2]uint8
	Record  []savedEntry
	Dice    string   // the roll being played
	Steps   []string // its steps so far, "24/18"
}

type savedEntry struct {
	Kind, Side, Dice, Code, Play string
	Cube                         int
}

// MarshalJSON writes the whole game: the game, the rule profile, the
// cube options, the opening rolls, the record and the play being made,
// for keeping it (in a browser's localStorage) and restoring it with
// UnmarshalJSON. The output is deterministic: an object with the fields
// "version", "game", "rules", "cube" and "jacoby" (when set), "opening"
// (the opening rolls, White's die then Black's), "record" (its entries
// with "kind", "side", "dice", "code", "play", "cube"), and, while a roll
// is being played, "dice" and "steps".
func (g *Game) MarshalJSON() ([]byte, error) {
	b := []byte(`{"version":`)
	b = strconv.AppendInt(b, saveVersion, 10)
	b = append(b, `,"game":`...)
	b = appendJSONString(b, g.kind.String())
	b = append(b, `,"rules":`...)
	b = appendJSONString(b, g.rules.Profile())
	if g.cubeOn {
		b = append(b, `,"cube":true`...)
	}
	if g.jacoby {
		b = append(b, `,"jacoby":true`...)
	}
	b = append(b, `,"opening":[`...)
	for i, o := range g.opening {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[', '0'+o[0], ',', '0'+o[1], ']')
	}
	b = append(b, `],"record":[`...)
	for i, e := range g.record {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"kind":`...)
		b = appendJSONString(b, e.Kind.String())
		b = append(b, `,"side":`...)
		b = appendJSONString(b, e.Side.String())
		if e.Kind == PlyPlay || e.Kind == PlyNoPlay {
			b = append(b, `,"dice":`...)
			b = appendJSONString(b, e.Dice.String())
		}
		b = append(b, `,"code":`...)
		b = appendJSONString(b, e.Code)
		if e.Play != "" {
			b = append(b, `,"play":`...)
			b = appendJSONString(b, e.Play)
		}
		if e.Cube != 0 {
			b = append(b, `,"cube":`...)
			b = strconv.AppendInt(b, int64(e.Cube), 10)
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	if g.phase == PhasePlay {
		b = append(b, `,"dice":`...)
		b = appendJSONString(b, g.dice.String())
		if len(g.steps) > 0 {
			b = append(b, `,"steps":[`...)
			for i, st := range g.steps {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendJSONString(b, st[0].String()+"/"+st[1].String())
			}
			b = append(b, ']')
		}
	}
	return append(b, '}'), nil
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
	s, err := decodeSaved(string(data))
	if err != nil {
		return errors.New("saved game: " + err.Error())
	}
	n, err := restore(s, g.src)
	if err != nil {
		return errors.New("saved game: " + err.Error())
	}
	*g = *n
	return nil
}

// decodeSaved reads the saved form's JSON.
func decodeSaved(text string) (saved, error) {
	var s saved
	v, err := parseJSON(text)
	if err != nil {
		return s, err
	}
	top, err := fields(v, "the game", "version", "game", "rules", "cube", "jacoby", "opening", "record", "dice", "steps")
	if err != nil {
		return s, err
	}
	if s.Version, err = getInt(top, "version"); err != nil {
		return s, err
	}
	if s.Game, err = getString(top, "game"); err != nil {
		return s, err
	}
	if s.Rules, err = getString(top, "rules"); err != nil {
		return s, err
	}
	if s.Cube, err = getBool(top, "cube"); err != nil {
		return s, err
	}
	if s.Jacoby, err = getBool(top, "jacoby"); err != nil {
		return s, err
	}
	if s.Dice, err = getString(top, "dice"); err != nil {
		return s, err
	}
	opening, err := getArray(top, "opening")
	if err != nil {
		return s, err
	}
	for i, o := range opening {
		if o.kind != 'a' || len(o.arr) != 2 || o.arr[0].kind != 'n' || o.arr[1].kind != 'n' {
			return s, errors.New("opening roll " + strconv.Itoa(i+1) + ": expected two dice, [white, black]")
		}
		var pair [2]uint8
		for k, d := range o.arr {
			if d.num < 1 || d.num > 6 {
				return s, errors.New("opening roll " + strconv.Itoa(i+1) + ": a die shows " + strconv.Itoa(d.num) + ", not 1..6")
			}
			pair[k] = uint8(d.num)
		}
		s.Opening = append(s.Opening, pair)
	}
	record, err := getArray(top, "record")
	if err != nil {
		return s, err
	}
	for i, r := range record {
		what := "record entry " + strconv.Itoa(i+1)
		m, err := fields(r, what, "kind", "side", "dice", "code", "play", "cube")
		if err != nil {
			return s, err
		}
		var e savedEntry
		for _, f := range []struct {
			name string
			to   *string
		}{{"kind", &e.Kind}, {"side", &e.Side}, {"dice", &e.Dice}, {"code", &e.Code}, {"play", &e.Play}} {
			if *f.to, err = getString(m, f.name); err != nil {
				return s, errors.New(what + ": " + err.Error())
			}
		}
		if e.Cube, err = getInt(m, "cube"); err != nil {
			return s, errors.New(what + ": " + err.Error())
		}
		s.Record = append(s.Record, e)
	}
	steps, err := getArray(top, "steps")
	if err != nil {
		return s, err
	}
	for i, st := range steps {
		if st.kind != 's' {
			return s, errors.New("step " + strconv.Itoa(i+1) + ": expected a string")
		}
		s.Steps = append(s.Steps, st.str)
	}
	return s, nil
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
		if g.phase != PhaseOpening {
			return nil, errors.New("opening roll " + strconv.Itoa(i+1) + ": the opening was decided by the roll before")
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
