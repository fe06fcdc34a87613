package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// memoPositions plays random games of g under r and returns the
// positions met, some of them twice (a game's positions repeat across
// games from the start).
func memoPositions(rng *rand.Rand, g Game, r Rules, games, turns int) []Position {
	var out []Position
	for range games {
		p := StartPosition(g)
		for range turns {
			out = append(out, p)
			if p.GameOver(r) {
				break
			}
			d := Dice{uint8(rng.IntN(6) + 1), uint8(rng.IntN(6) + 1)}
			plays := LegalPlays(p, d, r)
			if len(plays) == 0 {
				p = p.Flip()
				continue
			}
			p = plays[rng.IntN(len(plays))].Position
		}
	}
	return out
}

// TestPlaysAnswersAsTheEngine checks that a Plays answers every question
// as the functions it remembers for: each legal play, statistic and
// replies table of positions of both games under several rules, asked
// once and again, with room for everything and with room for a few plays
// only (it forgets and starts again), and through a nil Plays.
func TestPlaysAnswersAsTheEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 36))
	cases := []struct {
		g Game
		r Rules
	}{
		{Long, Rules{}},
		{Long, Rules{HeadException: 1, BlockCheck: 1}},
		{Short, Rules{}},
		{Short, Rules{Short: Eastern}},
	}
	stats := []Stat{StatOff, StatNoMove, StatLost, StatHit, StatHead2}
	for _, bound := range []int{maxRemembered, 5} {
		saved := maxRemembered
		maxRemembered = bound
		for _, c := range cases {
			memo := &Plays{}
			var none *Plays
			positions := memoPositions(rng, c.g, c.r, 2, 40)
			for k, p := range positions {
				for _, d := range AllRolls() {
					want := LegalPlays(p, d, c.r)
					for _, m := range []*Plays{memo, memo, none} {
						if got := m.LegalPlays(p, d, c.r); !reflect.DeepEqual(got, want) {
							t.Fatalf("bound %d, %v: LegalPlays(%s, %s) = %d plays, the engine gives %d", bound, c.g, Code(p, d, true, c.r), d, len(got), len(want))
						}
					}
				}
				for _, st := range stats {
					if got, want := memo.Statistic(p, c.r, st), Statistic(p, c.r, st); !reflect.DeepEqual(got, want) {
						t.Fatalf("bound %d: Statistic(%s, %v) = %v, the engine gives %v", bound, Code(p, Dice{}, false, c.r), st, got, want)
					}
				}
				if k%20 == 0 {
					rolls := []Dice{{6, 5}, {1, 2}}
					want := Replies(p, c.r, rolls, stats[:3])
					for range 2 {
						if got := memo.Replies(p, c.r, rolls, stats[:3]); !reflect.DeepEqual(got, want) {
							t.Fatalf("bound %d: Replies(%s) differ from the engine's", bound, Code(p, Dice{}, false, c.r))
						}
					}
				}
			}
			if len(memo.m) > bound {
				t.Errorf("bound %d: the Plays holds %d positions", bound, len(memo.m))
			}
		}
		maxRemembered = saved
	}
}
