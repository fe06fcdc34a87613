package game

import (
	mathrand "math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// wasm is set under WebAssembly, where the engine runs several times
// slower: the random games are fewer there, enough to show that the
// compiled package behaves as the native one.
var wasm = runtime.GOARCH == "wasm"

// randomGames is how many games each configuration of TestRandomGames
// plays.
func randomGames() int {
	if wasm {
		return 15
	}
	return 200
}

// roundTrips is how many games of each configuration are saved and
// restored after every action.
func roundTrips() int {
	if wasm {
		return 1
	}
	return 4
}

// randomConfigs are the rule profiles and options the random games run
// under.
var randomConfigs = []struct {
	name  string
	game  engine.Game
	rules string
	opt   Options
}{
	{"long default", engine.Long, "default", Options{}},
	{"long club", engine.Long, "club", Options{}},
	{"long federation home-mars", engine.Long, "federation home-mars=on", Options{}},
	{"long cube", engine.Long, "no-draws long-cube=on", Options{Cube: true}},
	{"short", engine.Short, "default", Options{}},
	{"short cube", engine.Short, "default", Options{Cube: true}},
	{"short cube jacoby", engine.Short, "default", Options{Cube: true, Jacoby: true}},
	{"short eastern cube", engine.Short, "eastern", Options{Cube: true}},
	{"short no koks", engine.Short, "backgammon=off", Options{}},
	{"short eastern", engine.Short, "eastern", Options{}},
}

// TestRandomGames plays games between two random players, who roll,
// double, take and pass at random and make their plays either step by
// step on the board (with undos) or whole, and checks after every action
// that the game is in a legal state: every confirmed play one of the
// engine's legal plays, every lost turn without a legal play, 15 checkers
// a side, the game ending, and its result scored as the rules say.
func TestRandomGames(t *testing.T) {
	kinds := map[string]int{}
	for ci, c := range randomConfigs {
		rules, err := engine.ParseRules(engine.DefaultRules, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		for n := range randomGames() {
			seed := uint64(ci*100000 + n)
			opt := c.opt
			opt.Dice = NewSeeded(seed)
			g := New(c.game, rules, opt)
			rng := mathrand.New(mathrand.NewPCG(seed, 1))
			res := playRandom(t, g, rng, n < roundTrips())
			if t.Failed() {
				t.Fatalf("%s, game %d (seed %d)", c.name, n, seed)
			}
			name := res.Kind.String()
			if res.Passed {
				name = "passed"
			}
			kinds[c.game.String()+" "+name]++
		}
	}
	t.Logf("results: %v", kinds)
	// Random play reaches every kind of ending the rules have (in the
	// native run's 2,000 games; the home mars comes about once in 25 games
	// of its profile).
	if wasm {
		return
	}
	for _, k := range []string{"long oin", "long mars", "long draw", "long home-mars", "long passed",
		"short single", "short gammon", "short backgammon", "short passed"} {
		if kinds[k] == 0 {
			t.Errorf("no game ended %s", k)
		}
	}
}

// playRandom plays g to its end at random and returns the result.
func playRandom(t *testing.T, g *Game, rng *mathrand.Rand, roundTrip bool) Result {
	t.Helper()
	for actions := 0; ; actions++ {
		if actions > 5000 {
			t.Fatalf("no end after %d actions", actions)
		}
		check(t, g)
		if roundTrip {
			checkRoundTrip(t, g)
		}
		if t.Failed() {
			return Result{}
		}
		switch g.Phase() {
		case PhaseOver:
			r, _ := g.Result()
			checkResult(t, g, r)
			return r
		case PhaseOpening:
			ev, err := g.Roll()
			if err != nil || ev.Kind != EventOpening && ev.Kind != EventOpeningTie {
				t.Fatalf("opening roll: %+v %v", ev, err)
			}
		case PhaseRoll:
			if g.CanDouble() && rng.IntN(30) == 0 {
				if _, err := g.Double(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			before := g.Position()
			ev, err := g.Roll()
			if err != nil {
				t.Fatal(err)
			}
			if ev.Kind == EventNoPlay && len(engine.LegalPlays(before, ev.Dice, g.Rules())) != 0 {
				t.Fatalf("%s: %s lost the turn with a legal play", engine.Code(before, ev.Dice, true, g.Rules()), ev.Dice)
			}
		case PhaseDoubled:
			var err error
			if rng.IntN(3) == 0 {
				_, err = g.Pass()
			} else {
				_, err = g.Take()
			}
			if err != nil {
				t.Fatal(err)
			}
		case PhasePlay:
			playTurn(t, g, rng)
		}
	}
}

// playTurn makes one random legal play in one of three ways and checks
// that the play confirmed is one of the legal plays.
func playTurn(t *testing.T, g *Game, rng *mathrand.Rand) {
	t.Helper()
	legal := g.LegalPlays()
	if len(legal) == 0 {
		t.Fatal("a turn to play without a legal play")
	}
	start := g.Position()
	var ev Event
	var err error
	switch rng.IntN(3) {
	case 0: // step by step on the board, undoing now and then
		for steps := 0; !g.Done(); steps++ {
			if steps > 100 {
				t.Fatal("the steps never complete the play")
			}
			if len(g.Steps()) > 0 && rng.IntN(8) == 0 {
				g.Undo()
				continue
			}
			from := g.Movable()
			if len(from) == 0 {
				t.Fatalf("%s: nothing movable, the play not complete (%v)", engine.Code(start, mustDice(g), true, g.Rules()), g.Steps())
			}
			f := from[rng.IntN(len(from))]
			to := g.Targets(f)
			if len(to) == 0 {
				t.Fatalf("movable %s has no target", f)
			}
			if rng.IntN(4) == 0 {
				// A point that is not a target is refused, with a rule,
				// and nothing moves.
				bad := engine.Point(rng.IntN(25))
				if !slices.Contains(to, bad) {
					cur, n := g.Current(), len(g.Steps())
					v, err := g.Step(f, bad)
					if err != nil || v.Legal() || g.Current() != cur || len(g.Steps()) != n {
						t.Fatalf("%s: step %s/%s, not a target: %v %v", engine.Code(start, mustDice(g), true, g.Rules()), f, bad, v, err)
					}
				}
			}
			v, err := g.Step(f, to[rng.IntN(len(to))])
			if err != nil || !v.Legal() {
				t.Fatalf("a target refused: %v %v", v, err)
			}
			if err := g.Current().Validate(); err != nil {
				t.Fatal(err)
			}
		}
		ev, err = g.Confirm()
	case 1: // a whole play chosen
		ev, err = g.Choose(legal[rng.IntN(len(legal))])
	default: // a whole play written in notation
		ev, err = g.Play(legal[rng.IntN(len(legal))].Notation())
	}
	if err != nil {
		t.Fatal(err)
	}
	after := g.Position()
	if ev.Result == nil && after.Turn == start.Turn {
		t.Fatal("the turn did not pass")
	}
	for _, pl := range legal {
		if pl.Position == after && pl.Notation() == ev.Play {
			return
		}
	}
	t.Fatalf("%s: play %q is not one of the legal plays", engine.Code(start, ev.Dice, true, g.Rules()), ev.Play)
}

func mustDice(g *Game) engine.Dice { d, _ := g.Dice(); return d }

// check tests what holds in every state.
func check(t *testing.T, g *Game) {
	t.Helper()
	if err := g.Current().Validate(); err != nil {
		t.Fatalf("illegal position: %v", err)
	}
	if g.Phase() != PhaseOver && g.Phase() != PhaseOpening && g.Position().GameOver(g.Rules()) {
		t.Fatal("the position is over but the game goes on")
	}
	for i, e := range g.Record() {
		if e.Kind != PlyPlay {
			continue
		}
		c, err := engine.ParseFullCode(e.Code)
		if err != nil {
			t.Fatalf("entry %d: %v", i+1, err)
		}
		if c.Position.Turn != e.Side || c.Dice != e.Dice {
			t.Fatalf("entry %d: code %s for %s's %s", i+1, e.Code, e.Side, e.Dice)
		}
	}
}

// checkResult scores the finished game again from its last position and
// record, as the rules pages state the results.
func checkResult(t *testing.T, g *Game, r Result) {
	t.Helper()
	rec := g.Record()
	last := rec[len(rec)-1]
	stake := g.Cube().Stake()
	if r.Stake != stake {
		t.Errorf("stake %d, cube at %d", r.Stake, stake)
	}
	if last.Kind == PlyPass {
		if !r.Passed || r.Winner != last.Side.Other() || r.Points != stake {
			t.Errorf("passed at %d: result %+v", stake, r)
		}
		return
	}
	p, rules := g.Position(), g.Rules()
	wOff, bOff := p.Off(engine.White) == 15, p.Off(engine.Black) == 15
	if !wOff && !bOff {
		t.Fatalf("over without a side borne off: %+v", r)
	}
	if wOff && bOff {
		if g.Kind() != engine.Long || rules.NoLastRoll || !r.Draw || r.Points != 0 || last.Side == p.Started {
			t.Errorf("both sides off: %+v", r)
		}
		return
	}
	winner := engine.White
	if bOff {
		winner = engine.Black
	}
	loser := winner.Other()
	if r.Winner != winner || r.Draw {
		t.Fatalf("%s bore off all, result %+v", winner, r)
	}
	// The last roll: when the starter finished with the other side close
	// to the end, the other side must have rolled once more.
	if g.Kind() == engine.Long && !rules.NoLastRoll && winner == p.Started && p.Off(loser) >= 11 && p.AllHome(loser) && last.Side != loser {
		t.Errorf("%s finished with %d left to %s, all home, and no last roll", winner, 15-p.Off(loser), loser)
	}
	kind, mult := engine.Oin, 1
	if g.Kind() == engine.Short {
		kind = engine.Single
	}
	if p.Off(loser) == 0 {
		kind, mult = engine.Mars, 2
		if g.Kind() == engine.Short {
			kind = engine.Gammon
			inHome := p.Bar(loser) > 0
			for _, pt := range engine.Home(engine.Short, winner) {
				inHome = inHome || p.Count(loser, pt) > 0
			}
			if inHome && !rules.NoBackgammon {
				kind, mult = engine.Backgammon, 3
			}
		} else if rules.HomeMars && p.AllHome(loser) {
			kind, mult = engine.HomeMars, 3
		}
	}
	if g.CubeInUse() && g.Kind() == engine.Short && (rules.Short == engine.Eastern || g.Jacoby() && stake == 1) {
		mult = 1
	}
	if r.Kind != kind || r.Points != mult*stake {
		t.Errorf("result %+v, want %s for %d×%d", r, kind, mult, stake)
	}
}

// checkRoundTrip saves the game and restores it into a new one: the same
// game, written the same way.
func checkRoundTrip(t *testing.T, g *Game) {
	t.Helper()
	b, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	n := New(engine.Short, engine.DefaultRules, Options{})
	if err := n.UnmarshalJSON(b); err != nil {
		t.Fatalf("restoring %s: %v", b, err)
	}
	b2, err := n.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(b2) {
		t.Fatalf("saved again differently:\n%s\n%s", b, b2)
	}
	r1, ok1 := g.Result()
	r2, ok2 := n.Result()
	d1, _ := g.Dice()
	d2, _ := n.Dice()
	if n.Phase() != g.Phase() || n.Current() != g.Current() || n.Position() != g.Position() || n.Cube() != g.Cube() ||
		r1 != r2 || ok1 != ok2 || d1 != d2 || n.Kind() != g.Kind() || n.Rules() != g.Rules() {
		t.Fatalf("restored a different game from %s", b)
	}
}
