package gameui

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/nardydocs/nardydocs/internal/game"
)

// middleGame returns a position of game g after 20 plays of two middle
// players, with a roll to play.
func middleGame(b *testing.B, g engine.Game) (engine.Position, engine.Dice) {
	gm := game.New(g, engine.DefaultRules, game.Options{Dice: game.NewSeeded(11)})
	pl := bot.New(bot.Middle, engine.DefaultRules, 1)
	for n := 0; n < 20 || gm.Phase() != game.PhasePlay; {
		switch gm.Phase() {
		case game.PhasePlay:
			d, _ := gm.Dice()
			p, _ := pl.Choose(gm.Position(), d)
			if _, err := gm.Choose(p); err != nil {
				b.Fatal(err)
			}
			n++
		case game.PhaseOver:
			b.Fatal("the game ended early")
		default:
			if _, err := gm.Roll(); err != nil {
				b.Fatal(err)
			}
		}
	}
	d, _ := gm.Dice()
	return gm.Position(), d
}

// BenchmarkHint is the second hint on a middle-game position: the legal
// plays counted and the strong computer's choice (run it under Node to
// see the module's speed).
func BenchmarkHint(b *testing.B) {
	for _, g := range []engine.Game{engine.Short, engine.Long} {
		b.Run(g.String(), func(b *testing.B) {
			p, d := middleGame(b, g)
			best := bot.New(bot.Strong, engine.DefaultRules, 1)
			b.Run("legal", func(b *testing.B) {
				for b.Loop() {
					engine.LegalPlays(p, d, engine.DefaultRules)
				}
			})
			b.Run("choose", func(b *testing.B) {
				for b.Loop() {
					best.Choose(p, d)
				}
			})
		})
	}
}
