package main

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/nardydocs/nardydocs/internal/game"
)

// checking wraps a player and fails the test when it returns a play that
// is not one of the legal plays it was given.
type checking struct {
	Player
	t     *testing.T
	rules engine.Rules
	n     int
}

func (c *checking) Choose(p engine.Position, d engine.Dice, plays []engine.Play) (engine.Play, error) {
	c.n++
	want := engine.LegalPlays(p, d, c.rules)
	if len(want) != len(plays) {
		c.t.Errorf("%s: the game offers %d plays, the engine has %d", engine.Code(p, d, true, c.rules), len(plays), len(want))
	}
	pl, err := c.Player.Choose(p, d, plays)
	if err != nil {
		return pl, err
	}
	for _, w := range want {
		if w.Position == pl.Position {
			return pl, nil
		}
	}
	c.t.Errorf("%s: %s plays %s, which is none of the legal plays", engine.Code(p, d, true, c.rules), c.Player.Name(), pl)
	return pl, nil
}

// TestRandomPlaysLegal plays random games of both games under several
// profiles: every play the random player makes is legal.
func TestRandomPlaysLegal(t *testing.T) {
	for _, tc := range []struct {
		kind  engine.Game
		rules string
	}{
		{engine.Short, "default"}, {engine.Short, "eastern"}, {engine.Long, "default"}, {engine.Long, "club"},
	} {
		r, err := engine.ParseRules(engine.DefaultRules, tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		a := &checking{Player: newRandomPlayer(1), t: t, rules: r}
		b := &checking{Player: newRandomPlayer(2), t: t, rules: r}
		out, _, err := Match(tc.kind, r, 20, 3, a, b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(out) != 20 || a.n == 0 || b.n == 0 {
			t.Fatalf("%s %s: %d games, %d and %d plays", tc.kind, tc.rules, len(out), a.n, b.n)
		}
	}
}

// TestRandomUniform: the random player chooses every one of a roll's
// legal plays, about equally often.
func TestRandomUniform(t *testing.T) {
	p := engine.StartPosition(engine.Short)
	d := engine.Dice{3, 1}
	plays := engine.LegalPlays(p, d, engine.DefaultRules)
	r := newRandomPlayer(5)
	count := map[engine.Position]int{}
	const n = 16000
	for range n {
		pl, _ := r.Choose(p, d, plays)
		count[pl.Position]++
	}
	if len(count) != len(plays) {
		t.Fatalf("%d of %d plays chosen", len(count), len(plays))
	}
	want := float64(n) / float64(len(plays))
	for pos, c := range count {
		// Six standard deviations of a binomial count.
		if math.Abs(float64(c)-want) > 6*math.Sqrt(want) {
			t.Errorf("play to %s chosen %d times, want about %.0f", engine.Code(pos, engine.Dice{}, false, engine.DefaultRules), c, want)
		}
	}
}

// TestMatchScoring checks every game's points against its result, and
// the pairing: both games of a pair roll the same dice, A plays each
// colour once and starts exactly one of them.
func TestMatchScoring(t *testing.T) {
	for _, kind := range []engine.Game{engine.Short, engine.Long} {
		out, abandoned, err := Match(kind, engine.DefaultRules, 40, 11, newBotPlayer(bot.Middle, engine.DefaultRules, 1), newRandomPlayer(2), nil)
		if err != nil {
			t.Fatal(err)
		}
		if abandoned != 0 || len(out) != 40 {
			t.Fatalf("%d games, %d abandoned", len(out), abandoned)
		}
		started := 0
		for i, o := range out {
			res := o.Result
			if res.Points != res.Kind.Multiplier()*res.Stake || res.Stake != 1 || res.Passed {
				t.Errorf("%s game %d: result %+v: points are not the kind's multiplier", kind, i, res)
			}
			want := res.Points
			switch {
			case res.Draw:
				want = 0
			case res.Winner != o.AColour:
				want = -res.Points
			}
			if o.Points != want {
				t.Errorf("%s game %d: A (%s) scores %d for %+v, want %d", kind, i, o.AColour, o.Points, res, want)
			}
			if wantColour := []engine.Side{engine.White, engine.Black}[i%2]; o.AColour != wantColour || o.Pair != i/2 {
				t.Errorf("%s game %d: A plays %s in pair %d", kind, i, o.AColour, o.Pair)
			}
			if o.AStarted {
				started++
			}
			if i%2 == 1 && o.AStarted == out[i-1].AStarted {
				t.Errorf("%s pair %d: A starts both games or neither", kind, i/2)
			}
		}
		s := Summarize(out, 0)
		if s.Started != 20 || started != 20 {
			t.Errorf("%s: A started %d of 40 games", kind, s.Started)
		}
		sum := 0
		for _, o := range out {
			sum += o.Points
		}
		if math.Abs(s.PPG-float64(sum)/40) > 1e-12 || s.Wins+s.Losses+s.Draws != 40 {
			t.Errorf("%s: summary %+v, points %d", kind, s, sum)
		}
	}
}

// TestMatchDeterministic: a match is the same game for game for its seed,
// and another seed plays other games.
func TestMatchDeterministic(t *testing.T) {
	play := func(seed uint64) []Outcome {
		out, _, err := Match(engine.Short, engine.DefaultRules, 6, seed,
			newBotPlayer(bot.Beginner, engine.DefaultRules, seed), newRandomPlayer(seed+1), nil)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	a, b, c := play(1), play(1), play(2)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("two matches with seed 1 differ:\n%+v\n%+v", a, b)
	}
	if reflect.DeepEqual(a, c) {
		t.Errorf("seeds 1 and 2 play the same match: %+v", a)
	}
}

func TestPairedMean(t *testing.T) {
	tests := []struct {
		name     string
		x        []float64
		pair     []int
		mean, se float64
	}{
		// Pairs' means 1, 0, -1: sd 1 over √3.
		{"three pairs", []float64{1, 1, 0, 0, -1, -1}, []int{0, 0, 1, 1, 2, 2}, 0, 1 / math.Sqrt(3)},
		// Pairs' means 1, 0: sd √½ over √2 = ½.
		{"pairs cancel inside", []float64{2, 0, 1, -1}, []int{0, 0, 1, 1}, 0.5, 0.5},
		// Independent games (pairs of one): the usual s/√n.
		{"singles", []float64{1, 0, 1, 0}, []int{0, 1, 2, 3}, 0.5, math.Sqrt(1.0/3) / 2},
		{"one pair", []float64{1, 0}, []int{0, 0}, 0.5, math.NaN()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, se := pairedMean(tc.x, tc.pair)
			if math.Abs(m-tc.mean) > 1e-12 {
				t.Errorf("mean %v, want %v", m, tc.mean)
			}
			if math.IsNaN(tc.se) != math.IsNaN(se) || !math.IsNaN(se) && math.Abs(se-tc.se) > 1e-12 {
				t.Errorf("se %v, want %v", se, tc.se)
			}
		})
	}
}

func TestSummarize(t *testing.T) {
	res := func(w engine.Side, k engine.ResultKind, pts int, draw bool) game.Result {
		return game.Result{Winner: w, Kind: k, Points: pts, Stake: 1, Draw: draw}
	}
	out := []Outcome{
		{AColour: engine.White, AStarted: true, Result: res(engine.White, engine.Gammon, 2, false), Points: 2, Pair: 0},
		{AColour: engine.Black, Result: res(engine.White, engine.Single, 1, false), Points: -1, Pair: 0},
		{AColour: engine.White, Result: res(engine.Black, engine.Drawn, 0, true), Points: 0, Pair: 1},
		{AColour: engine.Black, AStarted: true, Result: res(engine.Black, engine.Single, 1, false), Points: 1, Pair: 1},
	}
	s := Summarize(out, 1)
	if s.Games != 4 || s.Abandoned != 1 || s.Wins != 2 || s.Losses != 1 || s.Draws != 1 || s.Started != 2 {
		t.Errorf("counts %+v", s)
	}
	if s.WinRate != 2.5/4 || s.PPG != 0.5 {
		t.Errorf("win rate %v, points %v; want 0.625, 0.5", s.WinRate, s.PPG)
	}
	want := map[string]int{"win gammon": 1, "loss single": 1, "draw": 1, "win single": 1}
	if !reflect.DeepEqual(s.Kinds, want) {
		t.Errorf("kinds %v", s.Kinds)
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-games", "3", "strong", "random"}, "even number"},
		{[]string{"-game", "long", "-games", "2", "strong", "gnubg"}, "short nardy (backgammon) only"},
		{[]string{"-rules", "eastern", "-games", "2", "strong", "gnubg"}, "default short-nardy rules"},
		{[]string{"-games", "2", "champion", "random"}, `player "champion"`},
		{[]string{"-game", "medium", "strong", "random"}, "the games are short and long"},
		{[]string{"strong"}, "want two players"},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		err := run(tc.args, &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run %q = %v, want an error with %q", tc.args, err, tc.want)
		}
	}
}

func TestRunRow(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"-game", "long", "-games", "4", "-header", "-progress", "2", "middle", "random"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if p := strings.Split(strings.TrimSpace(errOut.String()), "\n"); len(p) != 2 || !strings.HasPrefix(p[0], "2/4 games: long\tmiddle") || !strings.HasPrefix(p[1], "4/4 games: ") {
		t.Errorf("progress %q", errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || lines[0] != headerLine {
		t.Fatalf("output %q", out.String())
	}
	cols := strings.Split(lines[1], "\t")
	if len(cols) != len(strings.Split(headerLine, "\t")) || cols[0] != "long" || cols[1] != "middle" || cols[2] != "random" || cols[3] != "4" || cols[4] != "2" {
		t.Errorf("row %q", lines[1])
	}
}
