package block

import (
	"math/rand/v2"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/engine/odds"
)

// TestOddsChecksAgreeWithOdds: a block accepts "odds: race" and "odds:
// escape" exactly when package odds can compute them, so a block that
// parses always renders. The positions are those of random games of both
// kinds, played to the end.
func TestOddsChecksAgreeWithOdds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	races, escapes := 0, 0
	for game := range 24 {
		g := engine.Game(game % 2)
		p := engine.StartPosition(g)
		for !p.GameOver(engine.DefaultRules) {
			code := engine.Code(p, engine.Dice{}, false, engine.DefaultRules)
			if got, want := contactProblem(p) != "", odds.Contact(p); got != want {
				t.Errorf("%s: the block says contact %v, odds %v", code, got, want)
			}
			if !odds.Contact(p) {
				races++
			}
			for _, pt := range escapeFrom {
				if pt != engine.Bar && p.Count(p.Turn, pt) == 0 {
					continue
				}
				msg := escapeProblem(p, pt)
				_, err := odds.Escape(p, engine.DefaultRules, pt, 0, 1)
				if (msg == "") != (err == nil) {
					t.Errorf("%s, escape %s: the block says %q, odds %v", code, pt, msg, err)
				}
				if msg == "" {
					escapes++
				}
			}
			d := engine.Dice{uint8(1 + rng.IntN(6)), uint8(1 + rng.IntN(6))}
			plays := engine.LegalPlays(p, d, engine.DefaultRules)
			if len(plays) == 0 {
				p = p.Flip()
				continue
			}
			p = plays[rng.IntN(len(plays))].Position
		}
	}
	if races < 20 || escapes < 50 {
		t.Errorf("only %d races and %d escapes among the test positions", races, escapes)
	}
}

// escapeFrom lists where an escaping checker may stand: the bar and every
// point.
var escapeFrom = func() []engine.Point {
	pts := []engine.Point{engine.Bar}
	for pt := engine.Point(1); pt <= 24; pt++ {
		pts = append(pts, pt)
	}
	return pts
}()
