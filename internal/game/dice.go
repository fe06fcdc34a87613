package game

import (
	"crypto/rand"
	"errors"
	mathrand "math/rand/v2"
	"strconv"
)

// DiceSource rolls one die at a time. Die returns a number 1..6; a game
// refuses any other number, and returns the source's error from the call
// that rolled.
type DiceSource interface {
	Die() (uint8, error)
}

// CryptoDice rolls with crypto/rand: every face 1..6 equally likely,
// without the bias of taking a random byte modulo 6 (bytes 252..255 are
// drawn again). It is the default source of a game.
type CryptoDice struct{}

// Die rolls one die.
func (CryptoDice) Die() (uint8, error) {
	var b [1]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			return 0, err
		}
		if d, ok := dieOf(b[0]); ok {
			return d, nil
		}
	}
}

// dieOf turns a random byte into a die: bytes 0..251 give each face 42
// times (252 = 42·6); bytes 252..255 give none and are drawn again.
func dieOf(b byte) (uint8, bool) {
	if b >= 252 {
		return 0, false
	}
	return b%6 + 1, true
}

// Sequence is a fixed series of dice, rolled in order, for tests and
// for replaying a game with known dice. Once every die has been rolled,
// Die returns an error.
type Sequence struct {
	dice []uint8
	next int
}

// NewSequence returns a source that rolls dice in order.
func NewSequence(dice ...uint8) *Sequence { return &Sequence{dice: dice} }

// Die rolls the next die of the sequence.
func (s *Sequence) Die() (uint8, error) {
	if s.next >= len(s.dice) {
		return 0, errors.New("the sequence of " + strconv.Itoa(len(s.dice)) + " dice is used up")
	}
	d := s.dice[s.next]
	s.next++
	return d, nil
}

// Left returns how many dice of the sequence have not been rolled.
func (s *Sequence) Left() int { return len(s.dice) - s.next }

// Seeded rolls pseudo-random dice from a seed: the same seed gives the
// same dice, for reproducible games between computer players. It is not
// for games against a person (see CryptoDice).
type Seeded struct {
	r *mathrand.Rand
}

// NewSeeded returns a seeded source.
func NewSeeded(seed uint64) *Seeded {
	return &Seeded{r: mathrand.New(mathrand.NewPCG(seed, 0x6e61726479))}
}

// Die rolls one die.
func (s *Seeded) Die() (uint8, error) { return uint8(s.r.IntN(6) + 1), nil }
