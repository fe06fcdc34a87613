package engine

// RollCount is a dice statistic: how many of the 36 ordered outcomes of a
// roll satisfy a condition, and which rolls (larger die first) they are.
type RollCount struct {
	N     int
	Rolls []Dice
}

// String writes the count as "4/36: 3-3, 4-4, 5-5, 6-6".
func (c RollCount) String() string {
	parts := make([]string, len(c.Rolls))
	for i, d := range c.Rolls {
		parts[i] = d.String()
	}
	s := itoa(c.N) + "/36"
	if len(parts) > 0 {
		s += ": " + join(parts, ", ")
	}
	return s
}

// CountRolls counts the rolls for which cond holds, given the roll and its
// legal plays in p under r. Rolls are visited in the order of AllRolls.
func CountRolls(p Position, r Rules, cond func(d Dice, plays []Play) bool) RollCount {
	var c RollCount
	for _, d := range AllRolls() {
		if cond(d, LegalPlays(p, d, r)) {
			c.N += d.Weight()
			c.Rolls = append(c.Rolls, d)
		}
	}
	return c
}

// Statistic computes statistic st for the side to move in p under r.
func Statistic(p Position, r Rules, st Stat) RollCount {
	switch st {
	case StatOff, StatDraw:
		return CountRolls(p, r, func(_ Dice, plays []Play) bool {
			for _, pl := range plays {
				if pl.Position.Off(pl.Side) == Checkers {
					return true
				}
			}
			return false
		})
	case StatNoMove:
		return CountRolls(p, r, func(_ Dice, plays []Play) bool { return len(plays) == 0 })
	case StatLost:
		return CountRolls(p, r, func(d Dice, plays []Play) bool {
			return len(plays) == 0 || plays[0].DicePlayed() < d.Count()
		})
	case StatHit:
		return CountRolls(p, r, func(_ Dice, plays []Play) bool {
			for _, pl := range plays {
				if pl.Hits() > 0 {
					return true
				}
			}
			return false
		})
	case StatEnter:
		return CountRolls(p, r, func(_ Dice, plays []Play) bool {
			for _, pl := range plays {
				if pl.Moves()[0].From == Bar {
					return true
				}
			}
			return false
		})
	case StatDoubles:
		return CountRolls(p, r, func(d Dice, _ []Play) bool { return d.IsDouble() })
	case StatHead2:
		return CountRolls(p, r, func(_ Dice, plays []Play) bool {
			for _, pl := range plays {
				if pl.HeadMoves() >= 2 {
					return true
				}
			}
			return false
		})
	}
	return RollCount{}
}
