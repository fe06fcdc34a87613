package engine

import "math/bits"

// This file holds the six-block rule of long nardy: six points in a row
// held by the mover, counted along the opponent's path, are forbidden
// unless the rules exempt them (docs/rules.md).

// endLegalHeld reports whether a sequence may end in the working state.
func (g *gen) endLegalHeld() bool {
	return g.game != Long || g.rules.BlockCheck != BlockEndOfTurn || g.heldOK(g.held)
}

// heldOK is blockOK for the search: held has the mover's points as bits
// in the opponent's coordinates.
func (g *gen) heldOK(held uint32) bool {
	w := blockStarts(held)
	if w == 0 {
		return true
	}
	if g.rules.BlockExemption == ExemptHome {
		return g.oppHome
	}
	return g.oppLow < bits.TrailingZeros32(w)
}

// blockStarts returns, as bits, the points of held (bits in the
// opponent's coordinates) where six held points in a row begin.
func blockStarts(held uint32) uint32 {
	return held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4) & (held >> 5)
}

// crossLong is cross for long nardy, as a table.
var crossLong = func() (t [25]uint8) {
	for o := 1; o <= 24; o++ {
		t[o] = uint8(cross(Long, o))
	}
	return t
}()

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

// endLegal reports whether a sequence may end in state b.
func (g *gen) endLegal(b *[2]board) bool {
	if g.game == Long && g.rules.BlockCheck == BlockEndOfTurn {
		return g.blockOK(&b[0], &b[1])
	}
	return true
}

// blockOK reports whether the mover (me) holds no six consecutive points,
// counted along the opponent's path, that the rules forbid.
func (g *gen) blockOK(me, opp *board) bool {
	m := lowestBlock(g.game, me)
	if m == 0 {
		return true
	}
	if opp[0] > 0 {
		return true
	}
	if g.rules.BlockExemption == ExemptHome {
		for o := 1; o <= 6; o++ {
			if opp[o] > 0 {
				return true
			}
		}
		return false
	}
	for o := 1; o < m; o++ {
		if opp[o] > 0 {
			return true
		}
	}
	return false
}

// lowestBlock returns the lowest point, in the opponent's own coordinates,
// where six consecutive points held by me begin along the opponent's path,
// or 0 when there is none.
func lowestBlock(game Game, me *board) int {
	w := blockStarts(heldBits(game, me))
	if w == 0 {
		return 0
	}
	return bits.TrailingZeros32(w)
}
