package game

import (
	mathrand "math/rand/v2"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// finished plays a whole game of g between random players, seeded.
func finished(b *testing.B, g engine.Game, seed uint64) *Game {
	b.Helper()
	gm := New(g, engine.DefaultRules, Options{Dice: NewSeeded(seed)})
	rng := mathrand.New(mathrand.NewPCG(seed, 3))
	for !gm.Over() {
		if !randomAction(gm, rng) {
			b.Fatal("a random action failed")
		}
	}
	return gm
}

// BenchmarkRandomGame plays a whole game between random players, whole
// plays and steps mixed.
func BenchmarkRandomGame(b *testing.B) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		b.Run(g.String(), func(b *testing.B) {
			for i := range b.N {
				finished(b, g, uint64(i))
			}
		})
	}
}

// BenchmarkRestore restores a finished game: what a game page does on
// opening with a game kept in localStorage.
func BenchmarkRestore(b *testing.B) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		b.Run(g.String(), func(b *testing.B) {
			data, err := finished(b, g, 7).MarshalJSON()
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ResetTimer()
			for range b.N {
				var n Game
				if err := n.UnmarshalJSON(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
