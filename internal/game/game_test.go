package game

import (
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// at returns a game at the position of code, the side to move about to
// roll, as if the game had come there; the opening is faked to agree with
// the side that started. Such a game cannot be saved and restored (its
// record does not lead there), which the ending tests do not need.
func at(t *testing.T, code string, opt Options) *Game {
	t.Helper()
	c, err := engine.ParseFullCode(code)
	if err != nil {
		t.Fatal(err)
	}
	g := New(c.Position.Game, c.Rules, opt)
	g.pos = c.Position
	g.opening = [][2]uint8{{2, 1}}
	if c.Position.Started == engine.Black {
		g.opening = [][2]uint8{{1, 2}}
	}
	g.phase = PhaseRoll
	return g
}

// run performs the actions of a script: "roll", "any" (confirm the first
// legal play), "play TEXT", "double", "take", "pass".
func run(t *testing.T, g *Game, actions []string) {
	t.Helper()
	for i, a := range actions {
		var err error
		switch verb, arg, _ := strings.Cut(a, " "); verb {
		case "roll":
			_, err = g.Roll()
		case "any":
			pls := g.LegalPlays()
			if len(pls) == 0 {
				t.Fatalf("action %d %q: no legal play (phase %s)", i+1, a, g.Phase())
			}
			_, err = g.Choose(pls[0])
		case "play":
			_, err = g.Play(arg)
		case "double":
			_, err = g.Double()
		case "take":
			_, err = g.Take()
		case "pass":
			_, err = g.Pass()
		default:
			t.Fatalf("unknown action %q", a)
		}
		if err != nil {
			t.Fatalf("action %d %q: %v", i+1, a, err)
		}
	}
}

func TestEndings(t *testing.T) {
	W, B := engine.White, engine.Black
	for _, tc := range []struct {
		name    string
		code    string
		opt     Options
		dice    []uint8
		actions []string
		want    Result
	}{
		// Long nardy (content/ru/long/result.md).
		{"oin: five left, no last roll", "Lw:1:13x5", Options{}, []uint8{2, 1},
			[]string{"roll", "play 1/off"}, Result{Winner: W, Kind: engine.Oin, Stake: 1, Points: 1}},
		{"mars", "Lw:1:18x5,17x5,16x5", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Mars, Stake: 1, Points: 2}},
		{"home mars", "Lw:1:18x5,17x5,16x5:home-mars=on", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.HomeMars, Stake: 1, Points: 3}},
		{"home mars needs all home", "Lw:1:20x5,17x5,16x5:home-mars=on", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Mars, Stake: 1, Points: 2}},
		{"last roll draws", "Lw:1:13x2", Options{}, []uint8{2, 1, 2, 1},
			[]string{"roll", "any", "roll", "play 13/off 13/off"}, Result{Winner: W, Draw: true, Kind: engine.Drawn, Stake: 1, Points: 0}},
		{"last roll fails", "Lw:1:18x2", Options{}, []uint8{2, 1, 2, 1},
			[]string{"roll", "any", "roll", "any"}, Result{Winner: W, Kind: engine.Oin, Stake: 1, Points: 1}},
		{"black started, black's last roll fails", "Lbsb:6x2:13", Options{}, []uint8{6, 6, 2, 1},
			[]string{"roll", "any", "roll", "any"}, Result{Winner: B, Kind: engine.Oin, Stake: 1, Points: 1}},
		{"no last roll with last-roll=off", "Lw:1:13x2:last-roll=off", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Oin, Stake: 1, Points: 1}},
		{"the second player finishes first", "Lwsb:1:13x2", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Oin, Stake: 1, Points: 1}},
		{"long cube doubles a mars", "Lw:1:18x5,17x5,16x5:long-cube=on", Options{Cube: true}, []uint8{2, 1},
			[]string{"double", "take", "roll", "any"}, Result{Winner: W, Kind: engine.Mars, Stake: 2, Points: 4}},
		// Short nardy (content/ru/short/result.md, cube.md).
		{"single", "Sw:1:24x3", Options{}, []uint8{2, 1},
			[]string{"roll", "play 1/off"}, Result{Winner: W, Kind: engine.Single, Stake: 1, Points: 1}},
		{"gammon", "Sw:1:24x15", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Gammon, Stake: 1, Points: 2}},
		{"koks: a checker in the winner's home", "Sw:1:24x14,3", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Backgammon, Stake: 1, Points: 3}},
		{"koks: a checker on the bar", "Sw:1:bar,24x14", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Backgammon, Stake: 1, Points: 3}},
		{"no koks with backgammon=off", "Sw:1:24x14,3:backgammon=off", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Gammon, Stake: 1, Points: 2}},
		{"black wins a single", "Sb:1x3:24", Options{}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: B, Kind: engine.Single, Stake: 1, Points: 1}},
		{"cube taken, gammon doubled", "Sw:1:24x15", Options{Cube: true}, []uint8{2, 1},
			[]string{"double", "take", "roll", "any"}, Result{Winner: W, Kind: engine.Gammon, Stake: 2, Points: 4}},
		{"cube in use, never turned", "Sw:1:24x15", Options{Cube: true}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Gammon, Stake: 1, Points: 2}},
		{"Jacoby: gammon single while the cube is centred", "Sw:1:24x15", Options{Cube: true, Jacoby: true}, []uint8{2, 1},
			[]string{"roll", "any"}, Result{Winner: W, Kind: engine.Gammon, Stake: 1, Points: 1}},
		{"Jacoby: the turned cube counts the gammon", "Sw:1:24x15", Options{Cube: true, Jacoby: true}, []uint8{2, 1},
			[]string{"double", "take", "roll", "any"}, Result{Winner: W, Kind: engine.Gammon, Stake: 2, Points: 4}},
		{"cube passed", "Sw:6x2:19x2", Options{Cube: true}, nil,
			[]string{"double", "pass"}, Result{Winner: W, Kind: engine.Single, Passed: true, Stake: 1, Points: 1}},
		{"redouble passed", "Sw:6x2:19x2", Options{Cube: true}, []uint8{2, 1},
			[]string{"double", "take", "roll", "any", "double", "pass"}, Result{Winner: B, Kind: engine.Single, Passed: true, Stake: 2, Points: 2}},
		{"eastern: no gammon with the cube", "Sw:1:24x15:short=eastern", Options{Cube: true}, []uint8{2, 1},
			[]string{"double", "take", "roll", "any"}, Result{Winner: W, Kind: engine.Gammon, Stake: 2, Points: 2}},
		{"eastern: arithmetic stakes", "Sw:6x2:19x2:short=eastern", Options{Cube: true}, []uint8{2, 1, 2, 1},
			[]string{"double", "take", "roll", "any", "double", "take", "roll", "any", "double", "pass"}, Result{Winner: W, Kind: engine.Single, Passed: true, Stake: 3, Points: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.Dice = NewSequence(tc.dice...)
			g := at(t, tc.code, tc.opt)
			run(t, g, tc.actions)
			got, ok := g.Result()
			if !ok {
				t.Fatalf("the game is not over: phase %s, %s", g.Phase(), engine.Code(g.Position(), engine.Dice{}, false, g.Rules()))
			}
			if got != tc.want {
				t.Errorf("result %+v, want %+v", got, tc.want)
			}
			if _, err := g.Roll(); err == nil || !strings.Contains(err.Error(), "the game is over") {
				t.Errorf("a roll after the end: %v", err)
			}
		})
	}
}

// The last roll is pending after the starter has finished: the game goes
// on, the other side to roll.
func TestLastRollPending(t *testing.T) {
	g := at(t, "Lw:1:13x2", Options{Dice: NewSequence(2, 1)})
	run(t, g, []string{"roll", "any"})
	if g.Over() || g.Phase() != PhaseRoll || g.ToMove() != engine.Black {
		t.Fatalf("phase %s, %s to move; want black to take the last roll", g.Phase(), g.ToMove())
	}
	if o := g.Position().Result(g.Rules()); !o.LastRollPending {
		t.Errorf("outcome %+v, want the last roll pending", o)
	}
}

func TestOpening(t *testing.T) {
	for _, tc := range []struct {
		name    string
		game    engine.Game
		dice    []uint8
		kinds   []EventKind
		starter engine.Side
		phase   Phase
		play    engine.Dice // the dice to play after the opening
	}{
		{"long, white higher", engine.Long, []uint8{5, 2}, []EventKind{EventOpening}, engine.White, PhaseRoll, engine.Dice{}},
		{"long, two ties, then black", engine.Long, []uint8{3, 3, 6, 6, 2, 4}, []EventKind{EventOpeningTie, EventOpeningTie, EventOpening}, engine.Black, PhaseRoll, engine.Dice{}},
		{"short, white plays both numbers", engine.Short, []uint8{3, 1}, []EventKind{EventOpening}, engine.White, PhasePlay, engine.Dice{3, 1}},
		{"short, a tie, then black plays both", engine.Short, []uint8{4, 4, 2, 6}, []EventKind{EventOpeningTie, EventOpening}, engine.Black, PhasePlay, engine.Dice{6, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(tc.game, engine.DefaultRules, Options{Dice: NewSequence(tc.dice...)})
			for i, k := range tc.kinds {
				ev, err := g.Roll()
				if err != nil {
					t.Fatal(err)
				}
				if ev.Kind != k {
					t.Errorf("roll %d: %s, want %s", i+1, ev.Kind, k)
				}
				if want := [2]uint8{tc.dice[2*i], tc.dice[2*i+1]}; ev.Opening != want {
					t.Errorf("roll %d: opening %v, want %v", i+1, ev.Opening, want)
				}
			}
			s, ok := g.Starter()
			if !ok || s != tc.starter || g.ToMove() != tc.starter {
				t.Errorf("starter %s (%v), to move %s; want %s", s, ok, g.ToMove(), tc.starter)
			}
			if g.Phase() != tc.phase {
				t.Errorf("phase %s, want %s", g.Phase(), tc.phase)
			}
			if d, ok := g.Dice(); ok != (tc.phase == PhasePlay) || d != tc.play {
				t.Errorf("dice %s (%v), want %s", d, ok, tc.play)
			}
			if tc.game == engine.Long && g.Position().Started != tc.starter {
				t.Errorf("the position says %s started", g.Position().Started)
			}
			if len(g.Opening()) != len(tc.kinds) {
				t.Errorf("%d opening rolls recorded, want %d", len(g.Opening()), len(tc.kinds))
			}
		})
	}
}

// A roll with no legal play is announced, recorded and passed.
func TestNoPlay(t *testing.T) {
	// White on the bar, Black's home (White's entry) closed.
	g := at(t, "Sw:bar,13x14:24x2,23x2,22x2,21x2,20x2,19x2,12x3", Options{Dice: NewSequence(6, 5)})
	before := g.Position()
	ev, err := g.Roll()
	if err != nil {
		t.Fatal(err)
	}
	if ev.Kind != EventNoPlay || ev.Side != engine.White || ev.Dice != (engine.Dice{6, 5}) {
		t.Errorf("event %+v, want white's 6-5 without a play", ev)
	}
	if g.Phase() != PhaseRoll || g.ToMove() != engine.Black {
		t.Errorf("phase %s, %s to move; want black to roll", g.Phase(), g.ToMove())
	}
	rec := g.Record()
	want := Entry{Kind: PlyNoPlay, Side: engine.White, Dice: engine.Dice{6, 5}, Code: engine.Code(before, engine.Dice{6, 5}, true, g.Rules())}
	if len(rec) != 1 || rec[0] != want {
		t.Errorf("record %+v, want %+v", rec, want)
	}
}

// Steps on the board: a step the rules refuse names the rule and moves
// nothing, Confirm refuses an incomplete play, Undo takes a step back.
func TestSteps(t *testing.T) {
	g := New(engine.Long, engine.DefaultRules, Options{Dice: NewSequence(5, 2, 6, 5)})
	run(t, g, []string{"roll", "roll"}) // White starts, rolls 6-5
	if v, err := g.Step(24, 13); err != nil || !v.Legal() {
		t.Fatalf("24/13 with 6-5: %v %v", v, err)
	}
	if !g.Undo() || len(g.Steps()) != 0 || g.Current() != g.Position() {
		t.Fatal("undo did not take the step back")
	}
	if g.Undo() {
		t.Error("undo with no step made")
	}
	if v, _ := g.Step(24, 18); !v.Legal() {
		t.Fatalf("24/18: %v", v)
	}
	if _, err := g.Confirm(); err == nil || !strings.Contains(err.Error(), "cannot confirm") {
		t.Errorf("confirm after one die: %v", err)
	}
	if v, _ := g.Step(24, 19); v.Reason != engine.ReasonHead {
		t.Errorf("a second checker from the head: %v, want the head rule", v)
	}
	if len(g.Steps()) != 1 {
		t.Errorf("a refused step was kept: %v", g.Steps())
	}
	if v, _ := g.Step(18, 13); !v.Legal() {
		t.Fatalf("18/13: %v", v)
	}
	if !g.Done() {
		t.Fatal("24/18/13 is not done")
	}
	ev, err := g.Confirm()
	if err != nil {
		t.Fatal(err)
	}
	if ev.Kind != EventPlayed || ev.Play != "24/18/13" || ev.Side != engine.White {
		t.Errorf("event %+v, want white's 24/18/13", ev)
	}
	rec := g.Record()
	want := Entry{Kind: PlyPlay, Side: engine.White, Dice: engine.Dice{6, 5}, Code: "Lw65:24x15:12x15", Play: "24/18/13"}
	if len(rec) != 1 || rec[0] != want {
		t.Errorf("record %+v, want %+v", rec, want)
	}
	if g.ToMove() != engine.Black || g.Phase() != PhaseRoll {
		t.Errorf("after the play: %s to move, phase %s", g.ToMove(), g.Phase())
	}
}

// Actions out of turn or against the rules are refused and change nothing.
func TestRefused(t *testing.T) {
	for _, tc := range []struct {
		name    string
		game    engine.Game
		rules   engine.Rules
		opt     Options
		actions []string
		bad     string
		want    string
	}{
		{"confirm before the opening", engine.Short, engine.DefaultRules, Options{}, nil, "confirm", "cannot confirm a play: the opening roll comes first"},
		{"double without the cube", engine.Short, engine.DefaultRules, Options{}, []string{"roll"}, "double", "played without the cube"},
		{"long nardy has no cube by default", engine.Long, engine.DefaultRules, Options{Cube: true}, []string{"roll"}, "double", "played without the cube"},
		{"double while playing", engine.Short, engine.DefaultRules, Options{Cube: true}, []string{"roll"}, "double", "cannot double: white is playing 6-1"},
		{"roll while playing", engine.Short, engine.DefaultRules, Options{}, []string{"roll"}, "roll", "cannot roll: white is playing 6-1"},
		{"take without a double", engine.Short, engine.DefaultRules, Options{Cube: true}, []string{"roll", "any"}, "take", "cannot take: black is to roll"},
		{"double the opponent's cube", engine.Short, engine.DefaultRules, Options{Cube: true}, []string{"roll", "any", "double", "take", "roll", "any", "roll", "any"}, "double", "cannot double: white holds the cube"},
		{"an illegal play", engine.Short, engine.DefaultRules, Options{}, []string{"roll"}, "play 24/17", "illegal play"},
		{"roll when the dice are used up", engine.Short, engine.DefaultRules, Options{}, []string{"roll", "any", "roll", "any", "roll", "any"}, "roll", "the sequence of 6 dice is used up"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.Dice = NewSequence(6, 1, 3, 3, 4, 2)
			g := New(tc.game, tc.rules, tc.opt)
			run(t, g, tc.actions)
			before, _ := g.MarshalJSON()
			var err error
			switch verb, arg, _ := strings.Cut(tc.bad, " "); verb {
			case "confirm":
				_, err = g.Confirm()
			case "double":
				_, err = g.Double()
			case "take":
				_, err = g.Take()
			case "roll":
				_, err = g.Roll()
			case "play":
				_, err = g.Play(arg)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: error %v, want %q", tc.bad, err, tc.want)
			}
			if after, _ := g.MarshalJSON(); string(after) != string(before) {
				t.Errorf("the refused action changed the game:\n%s\n%s", before, after)
			}
		})
	}
}

// The zero Game refuses to roll rather than play from no position.
func TestZeroGame(t *testing.T) {
	var g Game
	if _, err := g.Roll(); err == nil || !strings.Contains(err.Error(), "not started by New") {
		t.Errorf("roll of the zero game: %v", err)
	}
	if g.Movable() != nil || g.Undo() || g.Done() {
		t.Error("the zero game has a play in progress")
	}
}

// Every face of a crypto/rand die comes from as many byte values: no
// modulo bias.
func TestDieOf(t *testing.T) {
	var faces [7]int
	for b := range 256 {
		d, ok := dieOf(byte(b))
		if ok != (b < 252) {
			t.Errorf("byte %d: used %v", b, ok)
		}
		if ok {
			faces[d]++
		}
	}
	if faces != [7]int{0, 42, 42, 42, 42, 42, 42} {
		t.Errorf("bytes per face %v, want 42 each", faces[1:])
	}
	for range 100 {
		if d, err := (CryptoDice{}).Die(); err != nil || d < 1 || d > 6 {
			t.Fatalf("die %d, %v", d, err)
		}
	}
}
