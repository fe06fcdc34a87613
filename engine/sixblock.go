package engine

// This file holds the six-block rule of long nardy (docs/rules.md): six
// points in a row held by the mover, counted along the opponent's path,
// are forbidden unless an opponent checker stands ahead of them (or, with
// block-exemption=home, has reached its home or been borne off); with
// block-check=each-die the rule holds after every die, with end-of-turn
// only when the turn ends.
//
// The mover's points are kept as bits in the opponent's coordinates
// ("held": bit x for the opponent's point x), so that a row along the
// opponent's path is a run of bits. forbiddenBlocks is the rule: the
// search (blockOK, endOK) and Explain (sixBlock) both decide by it.

// sixInRow returns, as bits, the points of held where six held points in
// a row begin: bit x is set when x, x+1, …, x+5 all are.
func sixInRow(held uint32) uint32 {
	return held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4) & (held >> 5)
}

// threeInRow returns, as bits, the points of held where three held
// points in a row begin: bit x is set when x, x+1 and x+2 all are.
func threeInRow(held uint32) uint32 {
	return held & (held >> 1) & (held >> 2)
}

// blockExemption returns, as bits in the opponent's coordinates, the
// points where a row of six may begin under rules r, given the opponent's
// board opp (own coordinates). The opponent does not move during a
// long-nardy turn, so this holds for the whole turn.
func blockExemption(r Rules, opp *board) uint32 {
	low := 25 // the opponent's lowest checker; 0 when one is borne off
	for o, n := range opp[:25] {
		if n > 0 {
			low = o
			break
		}
	}
	if r.BlockExemption == ExemptHome {
		if low <= 6 {
			return ^uint32(0) // a checker home or off: every row is allowed
		}
		return 0
	}
	// A row beginning above low has that checker ahead of it.
	return ^uint32(0) << (low + 1)
}

// forbiddenBlocks is the six-block rule: it returns, as bits, the points
// (opponent's coordinates) where the mover's points held begin six in a
// row that exempt (blockExemption) does not allow; 0 when the rule is
// kept.
func forbiddenBlocks(held, exempt uint32) uint32 {
	return sixInRow(held) &^ exempt
}

// blockOK reports whether the mover's points held (opponent's
// coordinates) keep the six-block rule.
func (g *gen) blockOK(held uint32) bool {
	return forbiddenBlocks(held, g.exempt) == 0
}

// endOK reports whether a sequence may end in the working state: always,
// but with block-check=end-of-turn when the mover's points make a
// forbidden block.
func (g *gen) endOK() bool {
	return !g.blockAtEnd || g.blockOK(g.held)
}

// sixBlock returns the points of the lowest forbidden block of me (the
// mover's board), in White's numbering, in the order the opponent passes
// them; nil when there is none.
func (g *gen) sixBlock(me *board) []Point {
	w := forbiddenBlocks(heldBits(g.game, me), g.exempt)
	if w == 0 {
		return nil
	}
	m := lowestBit(w)
	ps := make([]Point, 0, 6)
	for o := m + 5; o >= m; o-- {
		ps = append(ps, white(g.game, g.side.Other(), o))
	}
	return ps
}

// heldBits returns the points of me as bits in the opponent's coordinates.
func heldBits(game Game, me *board) uint32 {
	var held uint32
	for o := 1; o <= 24; o++ {
		if me[o] > 0 {
			held |= 1 << cross(game, o)
		}
	}
	return held
}
