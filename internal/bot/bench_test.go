package bot

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// middleGame returns a middle-game position of g, reached by the middle
// level playing both sides with fixed dice (6 plies of short nardy, 16 of
// long), and a roll for it.
func middleGame(tb testing.TB, g engine.Game) (engine.Position, engine.Dice) {
	plies := 16
	if g == engine.Short {
		plies = 6
	}
	p := engine.StartPosition(g)
	p.Started = p.Turn
	pl := New(Middle, engine.DefaultRules, 1)
	src := newRNG(5)
	for ply := 0; ply < plies; ply++ {
		d := engine.Dice{src.die(), src.die()}
		if play, ok := pl.Choose(p, d); ok {
			p = play.Position
		} else {
			p = p.Flip()
		}
	}
	if p.GameOver(engine.DefaultRules) {
		tb.Fatal("the game ended")
	}
	return p, engine.Dice{5, 3}
}

func benchChoose(b *testing.B, g engine.Game, l Level) {
	p, d := middleGame(b, g)
	pl := New(l, engine.DefaultRules, 1)
	pl.Choose(p, d) // load the weights
	b.ResetTimer()
	for b.Loop() {
		pl.Choose(p, d)
	}
}

func BenchmarkChoose(b *testing.B) {
	for _, g := range []engine.Game{engine.Short, engine.Long} {
		for _, l := range Levels {
			b.Run(g.String()+"/"+l.String(), func(b *testing.B) { benchChoose(b, g, l) })
		}
	}
}
