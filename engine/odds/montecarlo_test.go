package odds

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// The Monte Carlo tests play whole games with the engine's legal plays
// and its results (last roll and draw included), choosing plays by the
// same policy as the computation, and compare the frequencies with the
// computed figures. The seeds are fixed, so the tests are deterministic;
// the tolerance is 4 standard errors (the chance that a correct
// computation falls outside is about 6 in 100000 per figure).

// policy values a side's position after a play (lower is better).
type policy func(sd *side) float64

// tablePolicy is the one-sided policy for homes.
func tablePolicy(sd *side) float64 {
	h := sd.homeCounts()
	return homeMean(&h)
}

// choose returns the play of p for roll d that pol prefers, ties going
// to the position first in the table's order.
func choose(p engine.Position, d engine.Dice, pol policy) engine.Position {
	s := p.Turn
	plays := engine.LegalPlays(p, d, engine.DefaultRules)
	best, bestV := -1, math.Inf(1)
	var bestSide side
	for i, pl := range plays {
		sd := sideAfter(pl.Position, s)
		v := pol(&sd)
		if best < 0 || v < bestV-tieTol || v <= bestV+tieTol && sd.less(&bestSide) {
			best, bestV, bestSide = i, v, sd
		}
	}
	if best < 0 {
		return p.Flip()
	}
	return plays[best].Position
}

func roll(rng *rand.Rand) engine.Dice {
	return engine.Dice{uint8(1 + rng.IntN(6)), uint8(1 + rng.IntN(6))}
}

// within reports whether got is within 4 standard errors se of want.
func within(got, want, se float64) bool { return math.Abs(got-want) <= 4*se+1e-12 }

// TestBearOffMonteCarlo plays bear-offs of 15 checkers with the engine.
func TestBearOffMonteCarlo(t *testing.T) {
	const games = 3000
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range []struct {
		code string
		s    engine.Side
	}{
		{"Lw:6x3,5x3,4x3,3x2,2x2,1x2:13x15", engine.White},
		{"Sb:1x15:24x4,23x4,22x4,20x3", engine.Black},
	} {
		p := mustCode(t, c.code)
		d, err := BearOff(p, c.s)
		if err != nil {
			t.Fatal(err)
		}
		counts := make([]int, 64)
		sum := 0.0
		for range games {
			q, k := p, 0
			for q.Off(c.s) < engine.Checkers {
				q = choose(q, roll(rng), tablePolicy).Flip() // the opponent passes
				k++
			}
			counts[k]++
			sum += float64(k)
		}
		// Standard error of the mean from the table's own variance.
		v := 0.0
		for k := d.MinTurns(); k <= d.MaxTurns(); k++ {
			v += d.prob(k) * (float64(k) - d.Expected()) * (float64(k) - d.Expected())
		}
		mean := sum / games
		if se := math.Sqrt(v / games); !within(mean, d.Expected(), se) {
			t.Errorf("%s: mean %v turns, table %v (se %v)", c.code, mean, d.Expected(), se)
		}
		cum := 0
		for k := range counts {
			cum += counts[k]
			want := d.Within(k).Value
			got := float64(cum) / games
			if se := math.Sqrt(want * (1 - want) / games); !within(got, want, se) {
				t.Errorf("%s: P(within %d) simulated %v, table %v", c.code, k, got, want)
			}
		}
		t.Logf("%s: %d games, mean %.4f, table %.4f", c.code, games, mean, d.Expected())
	}
}

// simulateRace plays races from p with the engine, returning the
// frequencies of a win, a draw and a loss of the side to move.
func simulateRace(p engine.Position, r engine.Rules, games int, rng *rand.Rand, pol [2]policy) (win, draw, loss float64) {
	s := p.Turn
	for range games {
		q := p
		for !q.GameOver(r) {
			q = choose(q, roll(rng), pol[q.Turn])
		}
		o := q.Result(r)
		switch {
		case o.Draw:
			draw++
		case o.Winner == s:
			win++
		default:
			loss++
		}
	}
	n := float64(games)
	return win / n, draw / n, loss / n
}

// TestRaceMonteCarlo compares the one-sided model of Race with simulated
// races in which each side plays the one-sided policy: homes (table
// figures, long nardy with the last roll either way round) and sides on
// their way home, solved by the one-sided solver.
func TestRaceMonteCarlo(t *testing.T) {
	const games = 2500
	rng := rand.New(rand.NewPCG(21, 22))
	tp := [2]policy{tablePolicy, tablePolicy}
	for _, c := range []struct {
		code   string
		solved bool // simulate with the solver's policy
	}{
		{"Lw:6x2,5x2,4,3x2,2:18x2,17,16x2,15x2,14,13", false},
		{"Lwsb:6x2,5x2,4,3x2,2:18x2,17,16x2,15x2,14,13", false},
		{"Lb:6x2,5x2,4,3x2,2:18x2,17,16x2,15x2,14,13", false},
		{"Sw:6x3,5x2,4x2,2x2:24,23x2,22x2,21x2,19x2", false},
		{"Lw:9,8,5x2,3:20,19,17,15x2", true},
		{"Sw:9,8,4:19x2,17", true},
	} {
		p := mustCode(t, c.code)
		r := engine.DefaultRules
		ro, err := Race(p, r, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ro.Method != OneSided {
			t.Errorf("%s: method %s, want one-sided", c.code, ro.Method)
		}
		pol := tp
		if c.solved {
			for _, s := range []engine.Side{engine.White, engine.Black} {
				sd, _ := sideOf(p, s)
				sv := &solver{memo: make(map[side]*Dist), limit: DefaultMaxPositions}
				if _, err := sv.solve(&sd); err != nil {
					t.Fatal(err)
				}
				pol[s] = func(sd *side) float64 {
					if sd.home() {
						return tablePolicy(sd)
					}
					return sv.memo[*sd].mean
				}
			}
		}
		w, d, l := simulateRace(p, r, games, rng, pol)
		for _, x := range []struct {
			name      string
			got, want float64
		}{{"win", w, ro.Win.Value}, {"draw", d, ro.Draw.Value}, {"loss", l, ro.Loss.Value}} {
			if se := math.Sqrt(x.want * (1 - x.want) / games); !within(x.got, x.want, se) {
				t.Errorf("%s: %s simulated %.4f, computed %.4f (se %.4f)", c.code, x.name, x.got, x.want, se)
			}
		}
		t.Logf("%s: computed %s / %s / %s; simulated %.3f / %.3f / %.3f", c.code, ro.Win, ro.Draw, ro.Loss, w, d, l)
	}
}
