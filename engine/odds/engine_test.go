package odds

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestPlaysMatchEngine compares the one-sided play generator with the
// engine's LegalPlays on sampled positions of both games and both sides,
// for all 21 rolls: the same set of resulting positions.
func TestPlaysMatchEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var g plays
	n := 0
	for _, game := range []engine.Game{engine.Long, engine.Short} {
		top := 12 // a long-nardy race: every checker in the second half
		if game == engine.Short {
			top = 23
		}
		for _, s := range []engine.Side{engine.White, engine.Black} {
			for i := range 150 {
				var sd side
				switch i % 3 {
				case 0:
					sd = randomHome(rng, engine.Checkers)
				case 1:
					sd = randomSide(rng, engine.Checkers, top)
				default:
					sd = randomSide(rng, 4, 6+rng.IntN(top-5))
				}
				p := enginePosition(t, game, s, &sd)
				for _, d := range engine.AllRolls() {
					got := slices.Clone(g.list(&sd, int(d[0]), int(d[1])))
					var want []side
					for _, pl := range engine.LegalPlays(p, d, engine.DefaultRules) {
						want = append(want, sideAfter(pl.Position, s))
					}
					sortSides(got)
					sortSides(want)
					if !slices.Equal(got, want) {
						t.Fatalf("%s, %s: %d plays, engine %d", code(p), d, len(got), len(want))
					}
					n++
				}
			}
		}
	}
	t.Logf("%d position-rolls agree", n)
}

func sortSides(l []side) {
	slices.SortFunc(l, func(a, b side) int {
		switch {
		case a.less(&b):
			return -1
		case b.less(&a):
			return 1
		}
		return 0
	})
}

// TestTableChoosesAmongLegalPlays checks the table against the engine
// directly: for sampled homes, the expectation is 1 plus the average over
// the 36 rolls of the best expectation among the engine's legal plays,
// and the chance of finishing this turn is the engine's StatOff count.
func TestTableChoosesAmongLegalPlays(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tb := getTable()
	for i := range 300 {
		game := engine.Game(i % 2)
		s := engine.Side(i / 2 % 2)
		sd := randomHome(rng, engine.Checkers)
		p := enginePosition(t, game, s, &sd)
		h, _ := HomeOf(p, s)
		d, err := BearOff(p, s)
		if err != nil {
			t.Fatal(err)
		}
		e := 0.0
		for _, r := range engine.AllRolls() {
			best := 1e9
			for _, pl := range engine.LegalPlays(p, r, engine.DefaultRules) {
				a := sideAfter(pl.Position, s)
				hc := a.homeCounts()
				best = min(best, tb.e[tb.rk.rank(&hc)])
			}
			e += float64(r.Weight()) * best
		}
		if got := 1 + e/36; abs(got-d.Expected()) > 1e-12 {
			t.Fatalf("%v: table %v, engine plays %v", h, d.Expected(), got)
		}
		off := engine.Statistic(p, engine.DefaultRules, engine.StatOff)
		if w := d.Within(1); abs(w.Value-float64(off.N)/36) > 1e-14 {
			t.Fatalf("%v: P(1 turn) %v, engine %d/36", h, w.Value, off.N)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
