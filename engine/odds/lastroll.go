package odds

import (
	"errors"

	"github.com/nardydocs/nardydocs/engine"
)

// LastRoll returns the chance of the draw in a long-nardy position where
// the last roll is being taken (Position.LastRoll: the starter has borne
// off all 15 and the other side, to move, has 4 or fewer checkers left,
// all home): the rolls with a legal play that bears off every remaining
// checker, out of 36. The figure is exact and written over 36 ("4/36");
// the rolls are listed larger die first, in the order of
// engine.AllRolls. Any other position is an error.
func LastRoll(p engine.Position, r engine.Rules) (Figure, []engine.Dice, error) {
	if !p.LastRoll(r) {
		return Figure{}, nil, errors.New("odds: last roll: the position is not a long-nardy last roll")
	}
	c := engine.Statistic(p, r, engine.StatDraw)
	return FromCount(c), c.Rolls, nil
}

// OneRoll returns the exact figure (over 36) and the rolls of a one-roll
// statistic of the engine for the side to move, e.g. engine.StatOff.
func OneRoll(p engine.Position, r engine.Rules, st engine.Stat) (Figure, []engine.Dice) {
	c := engine.Statistic(p, r, st)
	return FromCount(c), c.Rolls
}
