package engine

// moveRule is the rule of a single move: it returns the first rule that
// forbids the mover to play one checker from own point from (25: the
// bar) to own point to, the point its die reaches (0 or below: off; below
// 0: with a die larger than the distance), or ReasonLegal. me and opp are
// the boards of the mover and the opponent (own coordinates); highest is
// the mover's highest occupied point; onBar says that a checker of the
// mover is on the bar (short nardy); hitter says that the checker moved
// hit earlier in the turn (eastern short nardy, the only game that keeps
// hitters). The six-block rule, which looks at the whole position after
// the move, is forbiddenBlocks.
//
// The search (tryDie) plays the moves it allows; Explain names the rule
// it returns. The rules, in the order they are checked (docs/rules.md):
//
//   - bar first: while a checker is on the bar, no other checker moves;
//   - a checker may not land on a point the opponent holds, with one
//     checker in long nardy, two in short; entering, the entry point is
//     closed;
//   - hit and hide (eastern): a checker that hit may not move on to a
//     point of its own in the same turn;
//   - bearing off: only when all checkers are home, and with a die larger
//     than the distance only from the highest point;
//   - the head rule (long nardy): only headLimit checkers leave the head
//     in a turn.
//
// (Hit and hide and the head rule belong to different games, so which
// comes first does not matter.) The search calls moveRule for every
// checker it might move: it is small enough for the compiler to inline
// (see go build -gcflags=-m), and should stay so.
func (g *gen) moveRule(me, opp *board, from, to, highest int, onBar, hitter bool) Reason {
	if onBar && from != 25 {
		return ReasonBarFirst
	}
	if to >= 1 {
		if opp[g.cross[to]] >= g.holds {
			if from == 25 {
				return ReasonEntryClosed
			}
			return ReasonPointHeld
		}
		if hitter && me[to] > 0 {
			return ReasonHitAndHide
		}
	} else if highest > 6 {
		return ReasonNotAllHome
	} else if to < 0 && from != highest {
		return ReasonHigherPoint
	}
	if from == g.head && me[from] <= g.headFloor {
		return ReasonHead
	}
	return ReasonLegal
}

// noPoint is a location no checker is ever on: the head of short nardy,
// which has no head rule.
const noPoint = 26
