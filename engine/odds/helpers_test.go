package odds

import (
	"math/rand/v2"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// enginePosition puts side sd (own numbering) of mover s into an engine
// position of game g with s to move and the opponent out of the way: all
// its checkers on its own deepest point, which s never passes again in a
// race (long nardy: s's checkers must stand on its own points 1..12;
// short nardy: 1..23).
func enginePosition(t testing.TB, g engine.Game, s engine.Side, sd *side) engine.Position {
	t.Helper()
	p := engine.NewPosition(g)
	p.Turn = s
	for o := 1; o <= 24; o++ {
		if n := sd.count(o); n > 0 {
			p.Set(s, whitePoint(g, s, o), n)
		}
	}
	p.Set(s.Other(), whitePoint(g, s.Other(), 1), engine.Checkers)
	if Contact(p) && g == engine.Long {
		t.Fatalf("test position in contact: %s", code(p))
	}
	return p
}

// randomSide returns a random side of at most maxN checkers on own points
// 1..top.
func randomSide(rng *rand.Rand, maxN, top int) side {
	var sd side
	n := 1 + rng.IntN(maxN)
	for range n {
		sd.add(1+rng.IntN(top), 1)
	}
	return sd
}

// randomHome returns a random home of at most maxN checkers, spreading
// them over few or many points.
func randomHome(rng *rand.Rand, maxN int) side {
	return randomSide(rng, maxN, 1+rng.IntN(6))
}

// sideAfter returns mover s's checkers after an engine play, in its own
// numbering.
func sideAfter(p engine.Position, s engine.Side) side {
	sd, _ := sideOf(p, s)
	return sd
}

// homeOf returns a Home of a side that is all home.
func homeOfSide(sd *side) Home {
	var h Home
	for i := range h {
		h[i] = sd.count(i + 1)
	}
	return h
}

// mustCode parses a position code.
func mustCode(t testing.TB, code string) engine.Position {
	t.Helper()
	p, err := engine.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// code writes p as a position code, for messages.
func code(p engine.Position) string { return engine.Code(p, engine.Dice{}, false, engine.DefaultRules) }
