package engine_test

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/engine/odds"
)

// TestOddsChecksAgreeWithOdds: the engine accepts "odds: race" and
// "odds: escape" exactly when package odds can compute them, so a block
// that parses always renders.
func TestOddsChecksAgreeWithOdds(t *testing.T) {
	races, escapes := 0, 0
	for _, tp := range testPositions(7, 1) {
		p := tp.p
		if got, want := engine.ContactProblem(p) != "", odds.Contact(p); got != want {
			t.Errorf("%s: engine says contact %v, odds %v", engine.Code(p, engine.Dice{}, false, engine.DefaultRules), got, want)
		}
		if !odds.Contact(p) && !p.GameOver(engine.DefaultRules) {
			races++
		}
		pts := []engine.Point{engine.Bar}
		for pt := engine.Point(1); pt <= 24; pt++ {
			pts = append(pts, pt)
		}
		for _, pt := range pts {
			if pt != engine.Bar && p.Count(p.Turn, pt) == 0 {
				continue
			}
			msg := engine.EscapeProblem(p, pt)
			_, err := odds.Escape(p, engine.DefaultRules, pt, 0, 1)
			if (msg == "") != (err == nil) {
				t.Errorf("%s, escape %s: engine says %q, odds %v", engine.Code(p, engine.Dice{}, false, engine.DefaultRules), pt, msg, err)
			}
			if msg == "" {
				escapes++
			}
		}
	}
	if races < 20 || escapes < 50 {
		t.Errorf("only %d races and %d escapes among the test positions", races, escapes)
	}
}
