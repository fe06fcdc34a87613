package engine

import (
	"errors"
	"strconv"
	"strings"
)

// Side is one of the two players.
type Side uint8

// The two sides. White's points are numbered from its own side; Black moves
// in the opposite sense (long nardy: around the board the same way).
const (
	White Side = iota
	Black
)

// Other returns the opponent of s.
func (s Side) Other() Side { return s ^ 1 }

// String returns "white" or "black".
func (s Side) String() string {
	if s == Black {
		return "black"
	}
	return "white"
}

// ParseSide reads "white" or "black".
func ParseSide(s string) (Side, bool) {
	switch s {
	case "white":
		return White, true
	case "black":
		return Black, true
	}
	return White, false
}

// Game is the kind of nardy being played.
type Game uint8

// The two games.
const (
	Long  Game = iota // длинные нарды: no hitting, head rule, six-block rule
	Short             // короткие нарды (backgammon): hitting, bar
)

// String returns "long" or "short".
func (g Game) String() string {
	if g == Short {
		return "short"
	}
	return "long"
}

// ParseGame reads "long" or "short".
func ParseGame(s string) (Game, bool) {
	switch s {
	case "long":
		return Long, true
	case "short":
		return Short, true
	}
	return Long, false
}

// Point is a location in White's numbering: 1..24 are the points of the
// board, Off (0) means borne off and Bar (25) means the bar of the side
// concerned.
type Point int8

// Special locations.
const (
	Off Point = 0
	Bar Point = 25
)

// String writes a point as it appears in move notation: "off", "bar" or
// the number.
func (p Point) String() string {
	switch p {
	case Off:
		return "off"
	case Bar:
		return "bar"
	}
	return strconv.Itoa(int(p))
}

// Dice is a roll of two dice, each 1..6, in the order written.
type Dice [2]uint8

// IsDouble reports whether both dice show the same number.
func (d Dice) IsDouble() bool { return d[0] == d[1] }

// Valid reports whether both dice show 1..6.
func (d Dice) Valid() bool { return d[0] >= 1 && d[0] <= 6 && d[1] >= 1 && d[1] <= 6 }

// High returns the larger die.
func (d Dice) High() uint8 { return max(d[0], d[1]) }

// Low returns the smaller die.
func (d Dice) Low() uint8 { return min(d[0], d[1]) }

// Count returns how many single moves the roll gives: 4 for a double,
// otherwise 2.
func (d Dice) Count() int {
	if d.IsDouble() {
		return 4
	}
	return 2
}

// Canonical returns the roll with the larger die first, as rolls are
// listed in tables ("6-5", never "5-6").
func (d Dice) Canonical() Dice { return Dice{d.High(), d.Low()} }

// Weight returns how many of the 36 ordered outcomes give this roll:
// 1 for a double, 2 otherwise.
func (d Dice) Weight() int {
	if d.IsDouble() {
		return 1
	}
	return 2
}

// String writes the roll as "6-5".
func (d Dice) String() string {
	return string([]byte{'0' + d[0], '-', '0' + d[1]})
}

// AllRolls returns the 21 distinct rolls, larger die first, in the order
// 1-1, 2-1, 2-2, 3-1 … 6-6.
func AllRolls() []Dice {
	rolls := make([]Dice, 0, 21)
	for a := uint8(1); a <= 6; a++ {
		for b := uint8(1); b <= a; b++ {
			rolls = append(rolls, Dice{a, b})
		}
	}
	return rolls
}

// ParseDice reads a roll written "a-b" with both dice 1..6.
func ParseDice(s string) (Dice, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok || len(a) != 1 || len(b) != 1 || !isDigit(a[0]) || !isDigit(b[0]) {
		return Dice{}, errors.New("dice " + strconv.Quote(s) + `: write two dice as "a-b", e.g. "6-5"`)
	}
	d := Dice{a[0] - '0', b[0] - '0'}
	if !d.Valid() {
		return Dice{}, errors.New("dice " + strconv.Quote(s) + ": a die shows 1 to 6")
	}
	return d, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
