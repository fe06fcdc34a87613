package odds

import (
	"errors"
	"math/big"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// escapeBoard is what the escape model sees, in the side's own numbering:
// which points are open to the escaping checker, which hit a blot (short
// nardy) and which hold other checkers of its own side.
type escapeBoard struct {
	open, blot, mine [26]bool
	eastern          bool
}

func newEscapeBoard(p engine.Position, r engine.Rules, s engine.Side, from int) *escapeBoard {
	eb := &escapeBoard{eastern: p.Game == engine.Short && r.Short == engine.Eastern}
	for pt := engine.Point(1); pt <= 24; pt++ {
		o := engine.OwnPoint(p.Game, s, pt)
		n := p.Count(s.Other(), pt)
		if p.Game == engine.Long {
			eb.open[o] = n == 0
		} else {
			eb.open[o] = n <= 1
			eb.blot[o] = n == 1
		}
		m := p.Count(s, pt)
		if o == from {
			m--
		}
		eb.mine[o] = m > 0
	}
	return eb
}

// blocking reports whether own point o holds the opponent (long nardy: a
// checker; short nardy: two or more).
func (eb *escapeBoard) blocking(o int) bool { return o >= 1 && o <= 24 && !eb.open[o] }

// ownFrom returns the escaping checker's point in the side's own numbering
// (25 for the bar).
func ownFrom(p engine.Position, s engine.Side, from engine.Point) (int, error) {
	if from == engine.Bar {
		if p.Game != engine.Short || p.Bar(s) == 0 {
			return 0, errors.New("odds: escape: " + s.String() + " has no checker on the bar")
		}
		return 25, nil
	}
	if from < 1 || from > 24 || p.Count(s, from) == 0 {
		return 0, errors.New("odds: escape: " + s.String() + " has no checker on point " + from.String())
	}
	return engine.OwnPoint(p.Game, s, from), nil
}

// BlockadeEnd returns the last point of the blockade in front of the
// checker of the side to move on point from (engine.Bar for the bar in
// short nardy), in White's numbering: the first blocking point ahead of it
// and the blocking points that follow with at most one open point between
// two of them. A blocking point holds an opponent checker (long nardy) or
// two or more (short nardy). ok is false when no blocking point lies
// ahead or the checker is not there.
func BlockadeEnd(p engine.Position, from engine.Point) (engine.Point, bool) {
	s := p.Turn
	o, err := ownFrom(p, s, from)
	if err != nil {
		return 0, false
	}
	eb := newEscapeBoard(p, engine.DefaultRules, s, o)
	last := 0
	for x := o - 1; x >= 1; x-- {
		if eb.blocking(x) {
			last = x
			break
		}
	}
	if last == 0 {
		return 0, false
	}
	for {
		switch {
		case eb.blocking(last - 1):
			last--
		case eb.blocking(last - 2):
			last -= 2
		default:
			return whitePoint(p.Game, s, last), true
		}
	}
}

// whitePoint converts own point o of side s to White's numbering.
func whitePoint(g engine.Game, s engine.Side, o int) engine.Point {
	for pt := engine.Point(1); pt <= 24; pt++ {
		if engine.OwnPoint(g, s, pt) == o {
			return pt
		}
	}
	return 0
}

// Escape returns, for k = 1 … turns, the exact chance that the checker of
// the side to move on point from (engine.Bar for the bar in short nardy)
// stands beyond point past, further along its path, within k turns.
// With past == 0 the end of the blockade in front of it is taken
// (BlockadeEnd). Points are in White's numbering.
//
// The model: the opponent's checkers stay where they are, and only the
// escaping checker is followed. Each turn it may play any of the dice, in
// any order, or none of them, the others being played by the rest of its
// side (assumed always able to do so); each stop, including the one in
// the middle of a two-dice move, must be open: free of opponent checkers
// in long nardy, holding at most one in short nardy (a blot is hit, and
// the opponent stays static otherwise). It escapes as soon as it stops on
// a point beyond past, even in passing. From the bar it must enter when a
// die allows it. In eastern short nardy a checker that has hit may not go
// on to a point held by its own side's other checkers. The head rule and
// the six-block rule (long nardy) concern the other checkers and are not
// applied. The checker plays to maximise the chance of escaping within
// the k turns asked, for each k separately, so the figures never decrease.
// A checker cannot escape by bearing off: past must leave at least one
// point beyond it.
func Escape(p engine.Position, r engine.Rules, from, past engine.Point, turns int) ([]Figure, error) {
	s := p.Turn
	o, err := ownFrom(p, s, from)
	if err != nil {
		return nil, err
	}
	if turns < 1 || turns > 60 {
		return nil, errors.New("odds: escape: turns is 1 to 60, not " + strconv.Itoa(turns))
	}
	if past == 0 {
		var ok bool
		if past, ok = BlockadeEnd(p, from); !ok {
			return nil, errors.New("odds: escape: no blocking point in front of the checker on " + from.String())
		}
	}
	if past < 1 || past > 24 {
		return nil, errors.New("odds: escape: past is a point 1 to 24")
	}
	target := engine.OwnPoint(p.Game, s, past)
	if target >= o {
		return nil, errors.New("odds: escape: point " + past.String() + " is not ahead of the checker on " + from.String())
	}
	if target < 2 {
		return nil, errors.New("odds: escape: no point lies beyond " + past.String() + " (escaping would need a bear-off)")
	}
	eb := newEscapeBoard(p, r, s, o)
	// reach[x][roll] lists the stops the checker may end the turn on from
	// own point x (target <= x <= o) with the roll; escaped is -1.
	const escaped = -1
	reach := make([][21][]int, o+1)
	for x := target; x <= o; x++ {
		for i, rl := range rollList {
			reach[x][i] = eb.reach(x, rl.a, rl.b, target)
		}
	}
	// n[x] = 36^k · P(escape within k turns from x).
	scale := big.NewInt(1)
	n := make([]*big.Int, o+1)
	for x := range n {
		n[x] = new(big.Int)
	}
	out := make([]Figure, turns)
	w := [3]*big.Int{nil, big.NewInt(1), big.NewInt(2)}
	for k := 1; k <= turns; k++ {
		next := make([]*big.Int, o+1)
		for x := target; x <= o; x++ {
			sum := new(big.Int)
			for i, rl := range rollList {
				var best *big.Int
				for _, y := range reach[x][i] {
					v := scale
					if y != escaped {
						v = n[y]
					}
					if best == nil || v.Cmp(best) > 0 {
						best = v
					}
				}
				sum.Add(sum, new(big.Int).Mul(w[rl.w], best))
			}
			next[x] = sum
		}
		for x := range next {
			if next[x] == nil {
				next[x] = new(big.Int)
			}
		}
		n = next
		scale = new(big.Int).Mul(scale, big.NewInt(36))
		out[k-1] = exactFigure(new(big.Rat).SetFrac(new(big.Int).Set(n[o]), scale), den(k))
	}
	return out, nil
}

// reach lists the points where the checker on own point x can end a turn
// with roll a-b (a >= b), -1 standing for "escaped beyond target".
func (eb *escapeBoard) reach(x, a, b, target int) []int {
	var out []int
	add := func(y int) {
		for _, z := range out {
			if z == y {
				return
			}
		}
		out = append(out, y)
	}
	escapedAny := false
	// walk plays the dice in order, stopping after any number of them.
	var walk func(at int, dice []int, hit bool, moved bool)
	walk = func(at int, dice []int, hit bool, moved bool) {
		if at < target {
			escapedAny = true
			return
		}
		if moved || at != 25 {
			add(at)
		}
		if len(dice) == 0 {
			return
		}
		to := at - dice[0]
		if to < 1 || !eb.open[to] || hit && eb.eastern && eb.mine[to] {
			return
		}
		walk(to, dice[1:], hit || eb.blot[to], true)
	}
	if a == b {
		walk(x, []int{a, a, a, a}, false, false)
	} else {
		walk(x, []int{a, b}, false, false)
		walk(x, []int{b, a}, false, false)
	}
	if escapedAny {
		return []int{-1}
	}
	if x == 25 && len(out) == 0 {
		out = append(out, 25) // nothing enters: the checker stays on the bar
	}
	return out
}
