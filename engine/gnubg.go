package engine

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// GNU Backgammon Position ID
//
// A Position ID is 14 characters of base64 (A–Z, a–z, 0–9, +, /, no
// padding): they carry 84 bits, a key of 80 bits in 10 bytes and then 4
// zero bits.
// The key is a bit string stored little-endian: the first bit is the least
// significant bit of the first byte. It lists first the opponent of the
// player on roll, then the player on roll; for each, its points from its
// own ace point (1) to its own 24 point and then its bar, each as one
// 1-bit per checker followed by a 0-bit. The remaining bits are zero.
// Checkers not listed are borne off. GNU Backgammon 1.07 writes and reads
// the halves in this order (player on roll second), which is the reverse
// of some descriptions of the format.

// gnubgIDLen is the length of a Position ID in characters.
const gnubgIDLen = 14

const base64Letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// base64Value returns the value of a base64 letter, or -1.
func base64Value(c rune) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}

// ParseGnubgID reads a GNU Backgammon Position ID (14 characters) as a
// short-nardy position with side turn on roll. The ID holds the checkers
// of both players, each from its own ace point, and their bars; checkers
// it does not list are borne off. The errors say what is wrong with the
// ID: its length, a character that is not base64, a side with more than
// 15 checkers, a point held by both sides, or bits set after the last
// checker.
func ParseGnubgID(id string, turn Side) (Position, error) {
	bad := func(msg string) (Position, error) {
		return Position{}, errors.New("gnubg position ID " + strconv.Quote(id) + ": " + msg)
	}
	if turn != White && turn != Black {
		return bad("the side on roll is neither white nor black")
	}
	if n := utf8.RuneCountInString(id); n != gnubgIDLen {
		return bad("a position ID has 14 characters, this one has " + strconv.Itoa(n))
	}
	var key [10]byte
	var acc uint32 // base64 bits not yet stored in key, most significant first
	nacc := 0
	k, pos := 0, 0
	for _, c := range id {
		pos++
		v := base64Value(c)
		if v < 0 {
			return bad("character " + strconv.Itoa(pos) + " (" + strconv.QuoteRune(c) +
				") is not a base64 letter (A-Z, a-z, 0-9, + or /)")
		}
		acc = acc<<6 | uint32(v)
		nacc += 6
		if nacc >= 8 && k < len(key) {
			nacc -= 8
			key[k] = byte(acc >> nacc)
			k++
			acc &= 1<<nacc - 1
		}
	}
	// 14 letters carry 84 bits: the last 4 are not part of the key.
	if acc != 0 {
		return bad("the last character " + strconv.Quote(id[len(id)-1:]) +
			" sets bits beyond the 80-bit key (it must be one of A, Q, g, w)")
	}
	bit := 0
	next := func() bool {
		if bit >= 80 {
			return false
		}
		b := key[bit/8]>>(bit%8)&1 != 0
		bit++
		return b
	}
	var halves [2][26]int8 // opponent, then player on roll: own points 1..24, bar 25
	names := [2]string{"the opponent of the player on roll", "the player on roll"}
	for h := range halves {
		total := 0
		for slot := 1; slot <= 25; slot++ {
			for next() {
				total++
				if total > Checkers {
					return bad(names[h] + " (" + [2]Side{turn.Other(), turn}[h].String() +
						") has more than 15 checkers")
				}
				halves[h][slot]++
			}
		}
	}
	for ; bit < 80; bit++ {
		if key[bit/8]>>(bit%8)&1 != 0 {
			return bad("bit " + strconv.Itoa(bit+1) + " of the key is set after the last point of both players (trailing bits must be zero)")
		}
	}
	opp, me := &halves[0], &halves[1]
	for o := 1; o <= 24; o++ {
		if me[o] > 0 && opp[25-o] > 0 {
			return bad("point " + white(Short, turn, o).String() +
				" (White's numbering) holds checkers of both sides")
		}
	}
	p := NewPosition(Short)
	p.Turn = turn
	for h, s := range [2]Side{turn.Other(), turn} {
		b := &p.b[s]
		total := int8(0)
		for o := 1; o <= 25; o++ {
			b[o] = halves[h][o]
			total += b[o]
		}
		b[0] = Checkers - total
	}
	return p, nil
}

// GnubgID returns the GNU Backgammon Position ID of a short-nardy position
// with the side to move (p.Turn) as the player on roll. It fails for long
// nardy, for a side with more than 15 checkers on the board and bar, and
// for a point that holds checkers of both sides.
func (p Position) GnubgID() (string, error) {
	bad := func(msg string) (string, error) {
		return "", errors.New("gnubg position ID: " + msg)
	}
	if p.Game != Short {
		return bad("GNU Backgammon positions are short nardy (backgammon); this position is " + p.Game.String() + " nardy")
	}
	if p.Turn != White && p.Turn != Black {
		return bad("the side to move is neither white nor black")
	}
	var key [10]byte
	bit := 0
	for _, s := range [2]Side{p.Turn.Other(), p.Turn} {
		b := &p.b[s]
		total := 0
		for o := 1; o <= 25; o++ {
			n := int(b[o])
			if n < 0 {
				return bad(s.String() + " has a negative number of checkers on " + locName(s, o))
			}
			total += n
			if total > Checkers {
				return bad(s.String() + " has more than 15 checkers on the board and bar")
			}
			for ; n > 0; n-- {
				key[bit/8] |= 1 << (bit % 8)
				bit++
			}
			bit++
		}
	}
	for o := 1; o <= 24; o++ {
		if p.b[White][o] > 0 && p.b[Black][25-o] > 0 {
			return bad("point " + strconv.Itoa(o) + " holds checkers of both sides")
		}
	}
	out := make([]byte, 0, gnubgIDLen)
	var acc uint32
	nacc := 0
	for _, c := range key {
		acc = acc<<8 | uint32(c)
		nacc += 8
		for nacc >= 6 {
			nacc -= 6
			out = append(out, base64Letters[acc>>nacc&63])
		}
	}
	out = append(out, base64Letters[acc<<(6-nacc)&63])
	return string(out), nil
}

// locName names side s's own location o (1..24 or the bar 25) in White's
// numbering.
func locName(s Side, o int) string {
	if o == 25 {
		return "the bar"
	}
	return "point " + white(Short, s, o).String()
}
