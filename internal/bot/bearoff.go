package bot

import (
	"sync"

	"github.com/nardydocs/nardydocs/engine"
)

// This file values short-nardy bear-offs of a few checkers exactly: once
// neither side can hit the other and each has at most bearoffMax checkers
// left, all in its home, a side's chances follow from the number of
// turns each side needs. The turns are counted for the side playing to
// bear off in as few turns as possible on average (the one-sided model),
// its plays being the engine's legal plays.

// bearoffMax is the most checkers a side may have left for the table.
const bearoffMax = 6

// bearoffTurns bounds the turns a side of bearoffMax checkers needs.
const bearoffTurns = 2*bearoffMax + 1

// home is a side's checkers on its home points 1..6, in its own numbering.
type home [6]int8

// dist is the chance of needing exactly k turns to bear off, k < bearoffTurns.
type dist [bearoffTurns]float64

var bearoff struct {
	sync.Mutex
	turns map[home]dist
}

// homeOf returns side s's home in p when all its checkers left are home
// and there are at most bearoffMax of them.
func homeOf(p engine.Position, s engine.Side) (home, bool) {
	var h home
	if !p.AllHome(s) || p.OnBoard(s) > bearoffMax {
		return h, false
	}
	for o := 1; o <= 6; o++ {
		h[o-1] = int8(p.Count(s, engine.WhitePoint(p.Game, s, o)))
	}
	return h, true
}

// bearoffEstimate values a short-nardy position for p.Turn when both
// sides have at most bearoffMax checkers left, all in their homes.
func bearoffEstimate(p engine.Position, r engine.Rules) (Estimate, bool) {
	if p.Game != engine.Short {
		return Estimate{}, false
	}
	a, ok := homeOf(p, p.Turn)
	if !ok {
		return Estimate{}, false
	}
	b, ok := homeOf(p, p.Turn.Other())
	if !ok {
		return Estimate{}, false
	}
	bearoff.Lock()
	defer bearoff.Unlock()
	if bearoff.turns == nil {
		bearoff.turns = make(map[home]dist)
	}
	da, db := turnsOf(a, r), turnsOf(b, r)
	// p.Turn wins when it finishes on its k-th turn and the opponent has
	// not finished in its first k−1.
	win, opDone := 0.0, 0.0
	for k := 1; k < bearoffTurns; k++ {
		opDone += db[k-1]
		win += da[k] * (1 - opDone)
	}
	return Estimate{Win: clamp(win, 0, 1)}, true
}

// turnsOf returns the distribution of the turns home h needs; the caller
// holds the lock.
func turnsOf(h home, r engine.Rules) dist {
	if d, ok := bearoff.turns[h]; ok {
		return d
	}
	var d dist
	if h == (home{}) {
		d[0] = 1
		bearoff.turns[h] = d
		return d
	}
	// The side to move, White, with h in its home; one Black checker far
	// away keeps the game going without touching it.
	p := engine.NewPosition(engine.Short)
	for o, n := range h {
		if n > 0 {
			p.Set(engine.White, engine.Point(o+1), int(n))
		}
	}
	p.Set(engine.Black, 24, 1)
	for _, roll := range engine.AllRolls() {
		w := float64(roll.Weight()) / 36
		best, bestE := dist{}, -1.0
		for _, pl := range engine.LegalPlays(p, roll, r) {
			next, _ := homeOf(pl.Position, engine.White)
			nd := turnsOf(next, r)
			e := 0.0
			for k, q := range nd {
				e += float64(k) * q
			}
			if bestE < 0 || e < bestE {
				best, bestE = nd, e
			}
		}
		// A side with checkers in its home and none of the opponent's there
		// always has a play, so best is always set.
		for k := 1; k < bearoffTurns; k++ {
			d[k] += w * best[k-1]
		}
	}
	bearoff.turns[h] = d
	return d
}
