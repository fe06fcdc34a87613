package odds

import (
	"math"
	"math/big"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestTwoSidedByHand checks races under best play worked out by hand. A
// lone checker on the 6-point bears off in one roll 27/36 = 3/4 (every
// roll but 1-1, 2-1, 3-1, 4-1 and 3-2) and otherwise stops on the 3-point
// or lower, from where any roll bears it off. Four checkers on the
// 1-point go off in one roll with a double (1/6); otherwise two go off
// and the other two with the next roll. Three on the 1-point likewise
// (1/6 at once, else one left).
func TestTwoSidedByHand(t *testing.T) {
	for _, c := range []struct {
		code            string
		win, draw, loss *big.Rat
	}{
		// White on its 1-point bears off at once.
		{"Sw:1:19", rat(1, 1), rat(0, 1), rat(0, 1)},
		// White wins at once 3/4; else Black, three on its 1-point, wins
		// with a double (1/4 · 1/6) and White with anything else.
		{"Sw:6:24x3", rat(23, 24), rat(0, 1), rat(1, 24)},
		// The same with Black to move: Black wins at once with a double
		// (1/6); else it keeps one checker, and White wins by bearing off
		// at once (5/6 · 3/4); if White misses, Black's last checker goes
		// off (5/6 · 1/4).
		{"Sb:6:24x3", rat(3, 8), rat(0, 1), rat(5, 8)},
		// Long nardy, White started, Black four on its 1-point: White
		// finishes at once (3/4) and Black's last roll draws with a
		// double: White 3/4 · 5/6, a draw 3/4 · 1/6. White misses (1/4):
		// Black wins with a double (1/4 · 1/6); else Black keeps two,
		// White finishes from its 3-point or lower and Black's last roll
		// draws (1/4 · 5/6).
		{"Lw:6:13x4", rat(5, 8), rat(1, 3), rat(1, 24)},
		// Black started: White, the second player, wins by finishing
		// first (3/4, or 1/4 · 5/6 after Black keeps two); when Black
		// finishes first, White's last roll from its 3-point or lower
		// always draws (1/4 · 1/6).
		{"Lwsb:6:13x4", rat(23, 24), rat(1, 24), rat(0, 1)},
		// Without the last roll Black wins only by finishing first.
		{"Lw:6:13x4:last-roll=off", rat(23, 24), rat(0, 1), rat(1, 24)},
	} {
		pc, err := engine.ParseFullCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		ro, err := Race(pc.Position, pc.Rules, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		if ro.Method != Exact {
			t.Errorf("%s: method %s", c.code, ro.Method)
		}
		for _, x := range []struct {
			name string
			got  Figure
			want *big.Rat
		}{{"win", ro.Win, c.win}, {"draw", ro.Draw, c.draw}, {"loss", ro.Loss, c.loss}} {
			if !x.got.IsExact() || x.got.Rat.Cmp(x.want) != 0 {
				t.Errorf("%s: %s %s, want %s", c.code, x.name, x.got, x.want.RatString())
			}
		}
	}
}

// bfVal is a brute-force value: the chances of a win and a draw for the
// side to move.
type bfVal struct{ w, d *big.Rat }

// bruteForce evaluates p under best play for both sides with the rules
// engine alone: its legal plays, its game-over test and its results, the
// 36 ordered rolls one by one, each side maximising its win plus half its
// draw, then its win. It shares nothing with the two-sided computation
// but the rules.
func bruteForce(p engine.Position, r engine.Rules, memo map[engine.Position]bfVal) bfVal {
	if v, ok := memo[p]; ok {
		return v
	}
	if p.GameOver(r) {
		o := p.Result(r)
		v := bfVal{new(big.Rat), new(big.Rat)}
		switch {
		case o.Draw:
			v.d.SetInt64(1)
		case o.Winner == p.Turn:
			v.w.SetInt64(1)
		}
		memo[p] = v
		return v
	}
	sum := bfVal{new(big.Rat), new(big.Rat)}
	for a := uint8(1); a <= 6; a++ {
		for b := uint8(1); b <= 6; b++ {
			next := []engine.Position{p.Flip()}
			if plays := engine.LegalPlays(p, engine.Dice{a, b}, r); len(plays) > 0 {
				next = next[:0]
				for _, pl := range plays {
					next = append(next, pl.Position)
				}
			}
			var best bfVal
			var bestScore *big.Rat
			for _, q := range next {
				o := bruteForce(q, r, memo)
				w := new(big.Rat).Sub(ratOne, o.w)
				w.Sub(w, o.d)
				score := new(big.Rat).Add(w, w)
				score.Add(score, o.d)
				if bestScore == nil || score.Cmp(bestScore) > 0 || score.Cmp(bestScore) == 0 && w.Cmp(best.w) > 0 {
					best, bestScore = bfVal{w, o.d}, score
				}
			}
			sum.w.Add(sum.w, best.w)
			sum.d.Add(sum.d, best.d)
		}
	}
	v := bfVal{sum.w.Mul(sum.w, big.NewRat(1, 36)), sum.d.Mul(sum.d, big.NewRat(1, 36))}
	memo[p] = v
	return v
}

// randomRace returns a race of game g with 1 to maxN checkers a side,
// each side's checkers on its own points 1..top (at most 12 in long
// nardy, so that the sides have passed each other; short nardy keeps the
// two tops apart).
func randomRace(rng *rand.Rand, g engine.Game, maxN, topW, topB int) engine.Position {
	p := engine.NewPosition(g)
	for _, x := range []struct {
		s   engine.Side
		top int
	}{{engine.White, topW}, {engine.Black, topB}} {
		for range 1 + rng.IntN(maxN) {
			pt := whitePoint(g, x.s, 1+rng.IntN(x.top))
			p.Set(x.s, pt, p.Count(x.s, pt)+1)
		}
	}
	if rng.IntN(2) == 1 {
		p.Turn = engine.Black
	}
	if rng.IntN(2) == 1 {
		p.Started = engine.Black
	}
	return p
}

// TestTwoSidedBruteForce checks the two-sided computation against the
// brute-force evaluation with the rules engine, exactly, for random small
// races of both games (long nardy with and without the last roll, either
// side started, either to move, sides home and on their way home), and
// for the equal three-checker race of the short-nardy bear-off page
// (70.73%, not the one-sided model's 70.8%).
func TestTwoSidedBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 7))
	type setup struct {
		g      engine.Game
		r      engine.Rules
		tw, tb int
	}
	noLast := engine.DefaultRules
	noLast.NoLastRoll = true
	setups := []setup{
		{engine.Short, engine.DefaultRules, 6, 6},
		{engine.Short, engine.DefaultRules, 9, 7},
		{engine.Long, engine.DefaultRules, 6, 6},
		{engine.Long, engine.DefaultRules, 8, 10},
		{engine.Long, noLast, 7, 6},
	}
	n := 60
	if testing.Short() {
		n = 15
	}
	for _, su := range setups {
		memo := make(map[engine.Position]bfVal)
		for range n {
			p := randomRace(rng, su.g, 2, su.tw, su.tb)
			if Contact(p) {
				continue
			}
			checkBruteForce(t, p, su.r, memo)
		}
	}
	if !testing.Short() {
		checkBruteForce(t, mustCode(t, "Sw:6,5,4:21,20,19"), engine.DefaultRules, make(map[engine.Position]bfVal))
	}
}

func checkBruteForce(t *testing.T, p engine.Position, r engine.Rules, memo map[engine.Position]bfVal) {
	t.Helper()
	ro, err := Race(p, r, Options{})
	if err != nil {
		t.Fatalf("%s: %v", code(p), err)
	}
	if ro.Method != Exact {
		t.Fatalf("%s: method %s", code(p), ro.Method)
	}
	bf := bruteForce(p, r, memo)
	if ro.Win.Rat.Cmp(bf.w) != 0 || ro.Draw.Rat.Cmp(bf.d) != 0 {
		t.Errorf("%s (%v): win %s draw %s, brute force %s %s", code(p), r, ro.Win, ro.Draw, bf.w.RatString(), bf.d.RatString())
	}
	// The same with every numerator a big.Int, and with the small ones
	// stopping early.
	a, _ := sideOf(p, p.Turn)
	b, _ := sideOf(p, p.Turn.Other())
	lastRoll := p.Game == engine.Long && !r.NoLastRoll
	for _, small := range []int{-1, 3} {
		ts := newTwoSided(lastRoll)
		ts.small = small
		w, d, _ := ts.rats(ts.bestPlay(a, b, lastRoll && p.Started == p.Turn))
		if w.Cmp(bf.w) != 0 || d.Cmp(bf.d) != 0 {
			t.Errorf("%s, numerators in uint64 up to 36^%d: win %s draw %s, brute force %s %s", code(p), small, w.RatString(), d.RatString(), bf.w.RatString(), bf.d.RatString())
		}
	}
}

// TestTwoSidedBound checks that twoSidedBound is an upper bound on the
// states the computation visits, and that Race takes the one-sided model
// exactly when the bound exceeds the limit.
func TestTwoSidedBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	for range 200 {
		g := engine.Short
		if rng.IntN(2) == 0 {
			g = engine.Long
		}
		p := randomRace(rng, g, 3, 6, 6)
		a, _ := sideOf(p, p.Turn)
		b, _ := sideOf(p, p.Turn.Other())
		ts := newTwoSided(g == engine.Long)
		ts.bestPlay(a, b, p.Started == p.Turn)
		if bound := twoSidedBound(&a, &b); len(ts.memo) > bound {
			t.Errorf("%s: %d states, bound %d", code(p), len(ts.memo), bound)
		}
	}
	p := mustCode(t, "Sw:6,5,4:21,20,19")
	a, _ := sideOf(p, engine.White)
	b, _ := sideOf(p, engine.Black)
	bound := twoSidedBound(&a, &b)
	if bound != 2*84*84 {
		t.Errorf("three checkers a side below the 6-point: bound %d, want 2·84·84", bound)
	}
	for _, c := range []struct {
		limit int
		want  Method
	}{{0, Exact}, {bound, Exact}, {bound - 1, OneSided}, {-1, OneSided}} {
		ro, err := Race(p, engine.DefaultRules, Options{MaxTwoSided: c.limit})
		if err != nil || ro.Method != c.want {
			t.Errorf("limit %d: %s, %v; want %s", c.limit, ro.Method, err, c.want)
		}
	}
}

// TestOneSidedNearBestPlay measures how far the one-sided model is from
// best play in random races of up to three checkers a side at home, the
// figure docs/blocks.md quotes (at most 0.3 percentage points), and
// checks that the one-sided model's figures carry no fraction.
func TestOneSidedNearBestPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 15))
	n := 400
	if testing.Short() {
		n = 50
	}
	worst, at := 0.0, ""
	for range n {
		g := engine.Short
		if rng.IntN(2) == 0 {
			g = engine.Long
		}
		p := randomRace(rng, g, 3, 6, 6)
		best, err := Race(p, engine.DefaultRules, Options{})
		if err != nil {
			t.Fatal(err)
		}
		one, err := Race(p, engine.DefaultRules, Options{MaxTwoSided: -1})
		if err != nil {
			t.Fatal(err)
		}
		if one.Method != OneSided || one.Win.IsExact() || one.Loss.Fraction() != "" {
			t.Fatalf("%s: one-sided figures %s, %s", code(p), one.Win, one.Loss)
		}
		for _, d := range []float64{best.Win.Value - one.Win.Value, best.Draw.Value - one.Draw.Value, best.Loss.Value - one.Loss.Value} {
			if math.Abs(d) > worst {
				worst, at = math.Abs(d), code(p)
			}
		}
	}
	t.Logf("largest difference %.4f (%s)", worst, at)
	if worst > 0.003 {
		t.Errorf("the one-sided model is %.4f from best play in %s; docs/blocks.md says at most 0.3 points", worst, at)
	}
}

// TestSharedTable checks that races of small homes, looked up in the
// shared table from several goroutines at once, get the figures a fresh
// computation gives, and that the table stays within its bound.
func TestSharedTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var ps []engine.Position
	for range 300 {
		g := engine.Short
		if rng.IntN(2) == 0 {
			g = engine.Long
		}
		ps = append(ps, randomRace(rng, g, SharedCheckers, 6, 6))
	}
	var wg sync.WaitGroup
	errs := make([]string, len(ps))
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ro, err := Race(p, engine.DefaultRules, Options{})
			if err != nil {
				errs[i] = err.Error()
				return
			}
			a, _ := sideOf(p, p.Turn)
			b, _ := sideOf(p, p.Turn.Other())
			ts := newTwoSided(p.Game == engine.Long)
			w, d, _ := ts.rats(ts.bestPlay(a, b, p.Game == engine.Long && p.Started == p.Turn))
			if ro.Win.Rat.Cmp(w) != 0 || ro.Draw.Rat.Cmp(d) != 0 {
				errs[i] = "shared " + ro.Win.String() + " " + ro.Draw.String() + ", fresh " + w.RatString() + " " + d.RatString()
			}
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e != "" {
			t.Errorf("%s: %s", code(ps[i]), e)
		}
	}
	shared.Lock()
	defer shared.Unlock()
	for _, ts := range shared.ts {
		if ts != nil && len(ts.memo) > 2*84*84 {
			t.Errorf("the shared table holds %d states", len(ts.memo))
		}
	}
}
