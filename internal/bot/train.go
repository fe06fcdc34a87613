package bot

import "github.com/nardydocs/nardydocs/engine"

// TrainOptions are the settings of a training run.
type TrainOptions struct {
	// Games is the number of self-play games.
	Games int
	// Seed draws the initial weights and every game's dice.
	Seed uint64
	// Alpha is the learning rate at the start; it falls linearly to a
	// fifth of it by the last game.
	Alpha float64
	// Progress, when set, is called after every game with the number of
	// games played.
	Progress func(games int)
}

// Train improves n by temporal-difference learning, TD(0), over
// o.Games games of self-play under the default rules: each side plays the
// legal play the network values most, and the network's value of the
// position before every roll is moved toward its value of the position
// after the play (the exact result once the game is decided). It runs in
// one goroutine and gives the same network for the same network, options
// and seed.
func Train(n *Net, o TrainOptions) {
	src := newRNG(o.Seed)
	var r engine.Rules
	var f features
	var a activations
	var target [Outputs]float32
	for game := 0; game < o.Games; game++ {
		alpha := float32(o.Alpha * (1 - 0.8*float64(game)/float64(max(o.Games, 1))))
		p := engine.StartPosition(n.game)
		if src.next()&1 == 1 {
			p.Turn = engine.Black
		}
		p.Started = p.Turn
		for ply := 0; ply < 10000; ply++ {
			d := engine.Dice{src.die(), src.die()}
			for ply == 0 && d.IsDouble() {
				d = engine.Dice{src.die(), src.die()}
			}
			next := p.Flip()
			var e Estimate // of next, for next.Turn
			done := false
			if plays := engine.LegalPlays(p, d, r); len(plays) > 0 {
				best, bestEq := 0, 0.0
				var bestE Estimate
				bestDone := false
				for i := range plays {
					q := plays[i].Position
					qe, ok := settled(q, r)
					if !ok {
						encode(q, &f)
						n.forward(&f, &a)
						qe = estimateOf(&a.y)
					}
					if eq := -qe.Equity(); i == 0 || eq > bestEq {
						best, bestEq, bestE, bestDone = i, eq, qe, ok
					}
				}
				next, e, done = plays[best].Position, bestE, bestDone
			} else {
				var ok bool
				if e, ok = settled(next, r); !ok {
					encode(next, &f)
					n.forward(&f, &a)
					e = estimateOf(&a.y)
				}
			}
			t := e.flip()
			target = [Outputs]float32{float32(t.Win), float32(t.WinGammon), float32(t.LoseGammon), float32(t.WinBackgammon), float32(t.LoseBackgammon)}
			encode(p, &f)
			n.learn(&f, &target, alpha)
			if done {
				break
			}
			p = next
		}
		if o.Progress != nil {
			o.Progress(game + 1)
		}
	}
}
