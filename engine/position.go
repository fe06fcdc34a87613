package engine

import (
	"errors"
	"strconv"
)

// Checkers is the number of checkers each side plays with.
const Checkers = 15

// board holds one side's checkers in its own coordinates: index 0 is borne
// off, 1..24 are points (24 the far end, 1 the deepest home point) and 25
// is the bar.
type board [26]int8

// Position is a whole game position: both sides' checkers, whose turn it
// is and, in long nardy, who started the game. Positions are values: every
// operation returns a new one and never changes its argument. Positions
// are comparable with == and usable as map keys.
type Position struct {
	Game    Game
	Turn    Side
	Started Side // long nardy: who moved first (for the last roll)
	b       [2]board
}

// NewPosition returns a position of game g with every checker of both
// sides borne off and White to move. Place checkers with Set and SetBar.
func NewPosition(g Game) Position {
	p := Position{Game: g}
	p.b[White][0] = Checkers
	p.b[Black][0] = Checkers
	return p
}

// StartPosition returns the opening position of game g with White to move.
func StartPosition(g Game) Position {
	p := NewPosition(g)
	if g == Long {
		p.Set(White, 24, 15)
		p.Set(Black, 12, 15)
		return p
	}
	for _, c := range []struct {
		pt Point
		n  int
	}{{24, 2}, {13, 5}, {8, 3}, {6, 5}} {
		p.Set(White, c.pt, c.n)
		p.Set(Black, 25-c.pt, c.n)
	}
	return p
}

// own converts a point in White's numbering to side s's own coordinates.
func own(g Game, s Side, pt Point) int {
	if s == White {
		return int(pt)
	}
	return cross(g, int(pt))
}

// white converts side s's own coordinate (1..24) to White's numbering.
func white(g Game, s Side, o int) Point {
	if s == White {
		return Point(o)
	}
	return Point(cross(g, o))
}

// cross maps a point 1..24 in one side's own coordinates to the same point
// in the other side's own coordinates (the map is its own inverse).
func cross(g Game, o int) int {
	if g == Short {
		return 25 - o
	}
	if o <= 12 {
		return o + 12
	}
	return o - 12
}

// crossTable is cross as a table for each game, indexed by the point
// (1..24).
var crossTable = func() (t [2][25]uint8) {
	for _, g := range []Game{Long, Short} {
		for o := 1; o <= 24; o++ {
			t[g][o] = uint8(cross(g, o))
		}
	}
	return t
}()

// Count returns how many checkers of side s stand on point pt (1..24,
// White's numbering).
func (p Position) Count(s Side, pt Point) int {
	if pt < 1 || pt > 24 {
		return 0
	}
	return int(p.b[s][own(p.Game, s, pt)])
}

// Bar returns how many checkers of side s are on the bar.
func (p Position) Bar(s Side) int { return int(p.b[s][25]) }

// Off returns how many checkers of side s are borne off.
func (p Position) Off(s Side) int { return int(p.b[s][0]) }

// OnBoard returns how many checkers of side s are on the points (not on
// the bar, not borne off).
func (p Position) OnBoard(s Side) int {
	return Checkers - p.Off(s) - p.Bar(s)
}

// Set puts n checkers of side s on point pt (1..24, White's numbering),
// taking them from (or returning them to) the borne-off tray. It panics
// on a point outside 1..24; it does not check totals (see Validate).
func (p *Position) Set(s Side, pt Point, n int) {
	if pt < 1 || pt > 24 {
		panic("engine: Set on a point outside 1..24")
	}
	o := own(p.Game, s, pt)
	p.b[s][0] += p.b[s][o] - int8(n)
	p.b[s][o] = int8(n)
}

// SetBar puts n checkers of side s on the bar, taking them from the
// borne-off tray.
func (p *Position) SetBar(s Side, n int) {
	p.b[s][0] += p.b[s][25] - int8(n)
	p.b[s][25] = int8(n)
}

// Head returns the point of side s's head in long nardy (24 for White, 12
// for Black); for short nardy it is the point of the far-end stack.
func Head(g Game, s Side) Point { return white(g, s, 24) }

// Home returns the points of side s's home, deepest point first
// (White: 1..6; Black: 13..18 in long, 24..19 in short).
func Home(g Game, s Side) [6]Point {
	var h [6]Point
	for i := range h {
		h[i] = white(g, s, i+1)
	}
	return h
}

// OwnPoint returns point pt (White's numbering) in side s's own numbering
// (1 = deepest home point, 24 = the far end), the number a player of that
// side would call it.
func OwnPoint(g Game, s Side, pt Point) int { return own(g, s, pt) }

// WhitePoint returns side s's own point o (1 = its deepest home point, 24
// = its far end) in White's numbering: the inverse of OwnPoint.
func WhitePoint(g Game, s Side, o int) Point { return white(g, s, o) }

// Pips returns side s's pip count: the total distance its checkers still
// have to travel to bear off (the bar counts as 25).
func (p Position) Pips(s Side) int {
	n := 0
	for o := 1; o <= 25; o++ {
		n += o * int(p.b[s][o])
	}
	return n
}

// InHome returns how many of side s's checkers stand in its home.
func (p Position) InHome(s Side) int {
	n := 0
	for o := 1; o <= 6; o++ {
		n += int(p.b[s][o])
	}
	return n
}

// AllHome reports whether every checker of side s that is still in play
// stands in its home (so that it may bear off).
func (p Position) AllHome(s Side) bool {
	for o := 7; o <= 25; o++ {
		if p.b[s][o] != 0 {
			return false
		}
	}
	return true
}

// FirstTurn reports whether it is side s's first turn in long nardy: all
// 15 of its checkers are on its head.
func (p Position) FirstTurn(s Side) bool {
	return p.Game == Long && p.b[s][24] == Checkers
}

// Validate reports what makes p impossible, or nil: each side has exactly
// 15 checkers, none counted negative, no point holds both colours, and
// long nardy has nothing on the bar.
func (p Position) Validate() error {
	for _, s := range []Side{White, Black} {
		total := 0
		for o, n := range p.b[s] {
			if n < 0 {
				return errors.New(s.String() + " has a negative count of checkers")
			}
			if o >= 1 && o <= 24 && n > 0 && p.b[s.Other()][cross(p.Game, o)] > 0 {
				return errors.New("point " + white(p.Game, s, o).String() + " holds checkers of both sides")
			}
			total += int(n)
		}
		if total != Checkers {
			return errors.New(s.String() + " has " + strconv.Itoa(total) + " checkers, not 15")
		}
		if p.Game == Long && p.b[s][25] > 0 {
			return errors.New("long nardy has no bar")
		}
	}
	return nil
}

// Equal reports whether p and q are the same position.
func (p Position) Equal(q Position) bool { return p == q }

// Flip returns the position with the turn passed to the other side.
func (p Position) Flip() Position {
	p.Turn = p.Turn.Other()
	return p
}

// Points calls f for every point of side s that holds checkers, from the
// far end (its point 24) down to its deepest home point, with the point in
// White's numbering and the count.
func (p Position) Points(s Side, f func(pt Point, n int)) {
	for o := 24; o >= 1; o-- {
		if n := p.b[s][o]; n > 0 {
			f(white(p.Game, s, o), int(n))
		}
	}
}
