package bot

import (
	"math"
	"math/bits"

	"github.com/nardydocs/nardydocs/engine"
)

// This file is the hand-built evaluation of the middle level, and the
// beginner's version of it.

// sides holds both sides' checkers in their own numbering: index 0 is
// borne off, 1..24 the points (1 the deepest home point) and 25 the bar.
type sides struct{ me, op [26]int }

func sidesOf(p engine.Position, me engine.Side) sides {
	var s sides
	g := p.Game
	for k, side := range [2]engine.Side{me, me.Other()} {
		b := &s.me
		if k == 1 {
			b = &s.op
		}
		for o := 1; o <= 24; o++ {
			b[o] = p.Count(side, engine.WhitePoint(g, side, o))
		}
		b[0], b[25] = p.Off(side), p.Bar(side)
	}
	return s
}

func pips(b *[26]int) int {
	n := 0
	for o := 1; o <= 25; o++ {
		n += o * b[o]
	}
	return n
}

// habits are what the beginner does differently from the middle level.
type habits struct {
	blotCare float64 // how much a blot's risk counts (1 for the middle level)
	hitBonus float64 // extra value of every hit
	headPull float64 // extra value of every checker taken off the head
	noise    float64 // the amplitude of the random error of a valuation
}

var middleHabits = habits{blotCare: 1}

var beginnerHabits = habits{blotCare: 0.3, hitBonus: 0.3, headPull: 0.06, noise: 0.12}

// heuristicAfter values play (made in p) for the side that played it.
func heuristicAfter(p engine.Position, play engine.Play, r engine.Rules) float64 {
	return judged(p, play, r, middleHabits, nil)
}

// beginnerAfter is heuristicAfter with the beginner's habits and noise.
func beginnerAfter(p engine.Position, play engine.Play, r engine.Rules, src *rng) float64 {
	return judged(p, play, r, beginnerHabits, src)
}

func judged(p engine.Position, play engine.Play, r engine.Rules, h habits, src *rng) float64 {
	q := play.Position
	var v float64
	if e, ok := settled(q, r); ok {
		v = -gate(e, q.Game, r).Equity()
	} else {
		v = score(q, p.Turn, h)
	}
	v += h.hitBonus*float64(play.Hits()) + h.headPull*float64(play.HeadMoves())
	if src != nil {
		v += h.noise * (2*src.float() - 1)
	}
	return v
}

// score values q for side me (the opponent to roll), in rough points.
func score(q engine.Position, me engine.Side, h habits) float64 {
	s := sidesOf(q, me)
	if q.Game == engine.Long {
		return longScore(&s)
	}
	return shortScore(&s, h)
}

// heuristicEstimate turns the middle evaluation into chances for p.Turn,
// about to roll.
func heuristicEstimate(p engine.Position, r engine.Rules) Estimate {
	if e, ok := settled(p, r); ok {
		return gate(e, p.Game, r)
	}
	s := sidesOf(p, p.Turn)
	var v, tempo float64
	if p.Game == engine.Long {
		v, tempo = longScore(&s), 0.1
	} else {
		v, tempo = shortScore(&s, middleHabits), 0.08
	}
	e := Estimate{Win: 1 / (1 + math.Exp(-2.5*(v+tempo)))}
	lead := float64(pips(&s.op)-pips(&s.me)) / float64(max(pips(&s.me), 1))
	if s.op[0] == 0 {
		e.WinGammon = e.Win * clamp(0.1+lead, 0, 0.6)
	}
	if s.me[0] == 0 {
		e.LoseGammon = (1 - e.Win) * clamp(0.1-lead, 0, 0.6)
	}
	return e
}

func clamp(x, lo, hi float64) float64 { return max(lo, min(hi, x)) }

// reach[d] is the set of the 36 ordered rolls (bit 6(a−1)+(b−1)) that can
// carry one checker d points, ignoring what stands in the way.
var reach = func() (t [25]uint64) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			bit := uint64(1) << (6*(a-1) + b - 1)
			t[a] |= bit
			t[b] |= bit
			if a != b && a+b <= 24 {
				t[a+b] |= bit
			}
			if a == b {
				for k := 2; k <= 4 && k*a <= 24; k++ {
					t[k*a] |= bit
				}
			}
		}
	}
	return t
}()

// homeValue is what a made point is worth in short nardy by its own number.
var homeValue = [25]float64{0, 0.06, 0.08, 0.1, 0.13, 0.16, 0.16, 0.14, 0.06, 0.03, 0.02}

func shortScore(s *sides, h habits) float64 {
	me, op := &s.me, &s.op
	pm, po := pips(me), pips(op)
	backMe, backOp := 0, 0
	for o := 25; o >= 1; o-- {
		if me[o] > 0 {
			backMe = o
			break
		}
	}
	for o := 25; o >= 1; o-- {
		if op[o] > 0 {
			backOp = o
			break
		}
	}
	if backMe+backOp <= 25 {
		// A race: the pip count, and the checkers already off.
		v := float64(po-pm) / float64(max(pm, 10)) * 2
		v += 0.02 * float64(me[0])
		for o := 1; o <= 6; o++ {
			if me[o] > 3 {
				v -= 0.01 * float64(me[o]-3)
			}
		}
		return v
	}
	return 0.012*float64(po-pm) + shortShape(me, op, h.blotCare) - shortShape(op, me, 0.3)
}

// shortShape values side a's points, primes, anchors and blots against
// side b (short nardy); blotCare weighs the risk of a's blots.
func shortShape(a, b *[26]int, blotCare float64) float64 {
	v := 0.0
	madeA, madeB := 0, 0
	for o := 1; o <= 6; o++ {
		if a[o] >= 2 {
			madeA++
		}
		if b[o] >= 2 {
			madeB++
		}
	}
	run, best := 0, 0
	for o := 1; o <= 12; o++ {
		if a[o] >= 2 {
			v += homeValue[o]
			run++
			best = max(best, run)
		} else {
			run = 0
		}
		if a[o] > 3 {
			v -= 0.015 * float64(a[o]-3)
		}
	}
	v += 0.02 * float64(best*best)
	for o := 19; o <= 24; o++ {
		if a[o] >= 2 {
			v += 0.04
		}
	}
	// Blots and the shots at them: b's checker at its own point t hits a's
	// blot at a's point o from t − (25 − o) points away.
	for o := 1; o <= 24; o++ {
		if a[o] != 1 {
			continue
		}
		var hit uint64
		for t := 26 - o; t <= 25; t++ {
			if b[t] > 0 {
				hit |= reach[t-(25-o)]
			}
		}
		if hit == 0 {
			continue
		}
		shots := float64(bits.OnesCount64(hit)) / 36
		loss := 0.08 + 0.5*float64(25-o)/24
		v -= blotCare * shots * loss * (1 + float64(madeB)/4)
	}
	v -= float64(a[25]) * (0.1 + 0.06*float64(madeB))
	return v
}

// longCross maps a point in one side's own numbering to the other's.
func longCross(o int) int {
	if o <= 12 {
		return o + 12
	}
	return o - 12
}

func longScore(s *sides) float64 {
	me, op := &s.me, &s.op
	v := 0.008 * float64(pips(op)-pips(me))
	v += longBlock(me, op) - longBlock(op, me)
	v += 0.004 * float64(longMobility(me, op)-longMobility(op, me))
	return v + longShape(me) - longShape(op)
}

// longShape values one side's own checkers in long nardy: spread over
// points, not stacked, off the head, home and borne off.
func longShape(a *[26]int) float64 {
	v, spread := 0.0, 0
	for o := 1; o <= 23; o++ {
		if a[o] > 0 {
			spread++
		}
		if a[o] > 3 {
			v -= 0.006 * float64(a[o]-3)
		}
	}
	v += 0.006 * float64(spread)
	v -= 0.004 * float64(max(a[24]-1, 0))
	home := 0
	for o := 1; o <= 6; o++ {
		home += a[o]
	}
	return v + 0.03*float64(a[0]) + 0.004*float64(home)
}

// longBlock values the points side a holds in front of side b's checkers:
// every such point, and more for runs of them (six in a row is a block b
// cannot pass).
func longBlock(a, b *[26]int) float64 {
	back := 0 // b's rearmost checker, in b's numbering
	for o := 24; o >= 1; o-- {
		if b[o] > 0 {
			back = o
			break
		}
	}
	v, run := 0.0, 0
	for t := back - 1; t >= 1; t-- {
		if a[longCross(t)] > 0 {
			run++
			v += 0.01 + 0.012*float64(run)
		} else {
			run = 0
		}
	}
	return v
}

// longMobility counts side a's single-die moves (checker point × die)
// that land on a point b does not hold.
func longMobility(a, b *[26]int) int {
	n := 0
	allHome := true
	for o := 7; o <= 24; o++ {
		if a[o] > 0 {
			allHome = false
			break
		}
	}
	for o := 1; o <= 24; o++ {
		if a[o] == 0 {
			continue
		}
		for d := 1; d <= 6; d++ {
			t := o - d
			if t < 1 {
				if allHome {
					n++
				}
				continue
			}
			if b[longCross(t)] == 0 {
				n++
			}
		}
	}
	return n
}
