package engine

// Move is one checker moved by one die, in White's numbering: From is Bar
// when the checker enters, To is Off when it is borne off.
type Move struct {
	From, To Point
	Die      uint8
	Hit      bool // short nardy: the move hits a blot on To
}

// Play is a whole turn: the single-die moves in the order played and the
// position they lead to (with the turn passed to the opponent).
type Play struct {
	moves [4]Move // the moves played, then zero moves (Die 0)
	// Position is the position after the play, the other side to move.
	Position Position
	// Side is the side that played.
	Side Side
}

// HeadMoves counts the checkers that left the head (long nardy): the
// moves from it, since nothing ever moves onto a side's own head.
func (pl Play) HeadMoves() int {
	if pl.Position.Game != Long {
		return 0
	}
	head, n := Head(Long, pl.Side), 0
	for _, m := range pl.moves {
		if m.Die != 0 && m.From == head {
			n++
		}
	}
	return n
}

// Moves returns the single-die moves of the play in the order played.
func (pl Play) Moves() []Move { return pl.moves[:pl.DicePlayed()] }

// DicePlayed returns how many dice the play uses.
func (pl Play) DicePlayed() int {
	n := 0
	for n < len(pl.moves) && pl.moves[n].Die != 0 {
		n++
	}
	return n
}

// Hits returns how many blots the play hits.
func (pl Play) Hits() int {
	h := 0
	for _, m := range pl.Moves() {
		if m.Hit {
			h++
		}
	}
	return h
}

// BearsOff returns how many checkers the play bears off.
func (pl Play) BearsOff() int {
	k := 0
	for _, m := range pl.Moves() {
		if m.To == Off {
			k++
		}
	}
	return k
}
