package bot

import "github.com/nardydocs/nardydocs/engine"

// Duel plays games of g between network n, playing as the strong level
// without its look-ahead, and an opponent ("beginner", "middle", "strong"
// with n and its look-ahead, "strong0" n without it, or "random": a
// uniformly random legal play), each starting half of them, cubeless under the
// default rules, with dice drawn from seed. It returns n's share of wins
// (a draw counting half) and its points per game. It is the trainer's
// quick check; the strength measurements proper are made elsewhere.
func Duel(n *Net, opponent string, g engine.Game, games int, seed uint64) (wins, points float64) {
	var r engine.Rules
	me := &Player{level: Strong, rules: r, net: n}
	var opp *Player
	switch opponent {
	case "strong":
		opp = &Player{level: Strong, rules: r, net: n, lookAhead: true}
	case "strong0":
		opp = &Player{level: Strong, rules: r, net: n}
	default:
		if l, err := ParseLevel(opponent); err == nil {
			opp = New(l, r, seed)
		}
	}
	src := newRNG(seed)
	for i := 0; i < games; i++ {
		p := engine.StartPosition(g)
		meSide := engine.Side(i & 1)
		p.Turn = engine.Side(src.next() & 1)
		p.Started = p.Turn
		for ply := 0; ; ply++ {
			if o := p.Result(r); o.Over {
				pts := float64(o.Points)
				switch {
				case o.Draw:
					wins += 0.5
				case o.Winner == meSide:
					wins++
					points += pts
				default:
					points -= pts
				}
				break
			}
			d := engine.Dice{src.die(), src.die()}
			for ply == 0 && d.IsDouble() {
				d = engine.Dice{src.die(), src.die()}
			}
			var play engine.Play
			ok := false
			switch {
			case p.Turn == meSide:
				play, ok = me.Choose(p, d)
			case opp != nil:
				play, ok = opp.Choose(p, d)
			default:
				if plays := engine.LegalPlays(p, d, r); len(plays) > 0 {
					play, ok = plays[src.next()%uint64(len(plays))], true
				}
			}
			if ok {
				p = play.Position
			} else {
				p = p.Flip()
			}
		}
	}
	return wins / float64(games), points / float64(games)
}
