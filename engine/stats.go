package engine

import (
	"slices"
	"strconv"
	"strings"
)

// Stat is a dice statistic over the 36 rolls of the side to move.
type Stat uint8

// The statistics, named as a block's "stats:" line writes them.
const (
	StatOff     Stat = iota // rolls that bear off every remaining checker
	StatNoMove              // rolls with no legal move
	StatLost                // rolls on which at least one die is lost
	StatDraw                // last roll: rolls that bear off all, a draw
	StatHit                 // short nardy: rolls with a play that hits
	StatEnter               // short nardy: rolls that enter a checker from the bar
	StatDoubles             // the six doubles
	StatHead2               // long nardy: rolls that let two checkers leave the head
)

// StatNames lists the statistics' names, in the order of the Stat
// constants.
var StatNames = []string{"off", "nomove", "lost", "draw", "hit", "enter", "doubles", "head2"}

// String returns the statistic's name ("nomove").
func (s Stat) String() string {
	if int(s) < len(StatNames) {
		return StatNames[s]
	}
	return "stat-" + strconv.Itoa(int(s))
}

// ParseStat reads a statistic's name.
func ParseStat(name string) (Stat, bool) {
	i := slices.Index(StatNames, name)
	return Stat(max(i, 0)), i >= 0
}

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
	s := strconv.Itoa(c.N) + "/36"
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

// CountRollsOf counts the rolls for which cond holds, given the roll and
// its legal plays, which plays returns. Rolls are visited in the order of
// AllRolls.
func CountRollsOf(plays func(d Dice) []Play, cond func(d Dice, plays []Play) bool) RollCount {
	var c RollCount
	for _, d := range AllRolls() {
		if cond(d, plays(d)) {
			c.N += d.Weight()
			c.Rolls = append(c.Rolls, d)
		}
	}
	return c
}

// Statistic computes statistic st for the side to move in p under r.
func Statistic(p Position, r Rules, st Stat) RollCount {
	return (*Plays)(nil).Statistic(p, r, st)
}

// Holds reports whether roll d, whose legal plays are plays, counts for
// statistic st.
func (st Stat) Holds(d Dice, plays []Play) bool {
	switch st {
	case StatOff, StatDraw:
		for _, pl := range plays {
			if pl.Position.Off(pl.Side) == Checkers {
				return true
			}
		}
	case StatNoMove:
		return len(plays) == 0
	case StatLost:
		return len(plays) == 0 || plays[0].DicePlayed() < d.Count()
	case StatHit:
		for _, pl := range plays {
			if pl.Hits() > 0 {
				return true
			}
		}
	case StatEnter:
		for _, pl := range plays {
			if pl.Moves()[0].From == Bar {
				return true
			}
		}
	case StatDoubles:
		return d.IsDouble()
	case StatHead2:
		for _, pl := range plays {
			if pl.HeadMoves() >= 2 {
				return true
			}
		}
	}
	return false
}

// Reply is one row of a replies table: a roll of the side to move, one of
// its legal plays, and statistics of the opponent's next roll in the
// position the play leads to.
type Reply struct {
	Dice Dice
	// Play is the play; Passed is set instead when the roll has no legal
	// play, the turn then passing as the position stands.
	Play   Play
	Passed bool
	// After is the position after the play, the opponent to move.
	After Position
	// Counts holds one count per statistic asked for, in order.
	Counts []RollCount
}

// Replies computes a replies table: for each of the rolls, in the order
// given, each legal play of the side to move in p under r (one row
// without a play when the roll has none), and for each statistic of
// stats its count over the opponent's 36 rolls in the position after.
// Seed 000 lists such replies for the head rule: after White opens 5-5,
// Black's 6-2 takes two checkers from the head.
func Replies(p Position, r Rules, rolls []Dice, stats []Stat) []Reply {
	return (*Plays)(nil).Replies(p, r, rolls, stats)
}

// AfterRoll lists the rows of roll d for a replies table, without their
// counts: each legal play of the side to move in p under r and the
// position it leads to, or, when there is none, one row with the turn
// passed.
func AfterRoll(p Position, d Dice, r Rules) []Reply {
	return afterRoll(p, d, LegalPlays(p, d, r))
}

// afterRoll is AfterRoll for the legal plays of roll d in p.
func afterRoll(p Position, d Dice, plays []Play) []Reply {
	if len(plays) == 0 {
		q := p
		q.Turn = p.Turn.Other()
		return []Reply{{Dice: d, Passed: true, After: q}}
	}
	out := make([]Reply, len(plays))
	for i, pl := range plays {
		out[i] = Reply{Dice: d, Play: pl, After: pl.Position}
	}
	return out
}
