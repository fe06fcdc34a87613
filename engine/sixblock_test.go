package engine

import (
	"math/rand/v2"
	"testing"
)

// TestForbiddenBlocks checks the six-block rule in its bit form against
// the rule read plainly, row by row: six points in a row held by the
// mover are forbidden unless an opponent checker is borne off or stands
// ahead of the row (block-exemption=home: in its home).
func TestForbiddenBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for n := range 20000 {
		// The mover's points, in the opponent's coordinates: a run or two
		// of held points, so that rows of six are common, and a few more.
		var held uint32
		for range 1 + rng.IntN(2) {
			start, length := 1+rng.IntN(24), 3+rng.IntN(8)
			for x := start; x < start+length && x <= 24; x++ {
				held |= 1 << x
			}
		}
		for range rng.IntN(4) {
			held |= 1 << (1 + rng.IntN(24))
		}
		// The opponent: a few checkers on points it does not share with
		// the mover, sometimes one borne off.
		var opp board
		for range 1 + rng.IntN(4) {
			if o := 1 + rng.IntN(24); held&(1<<o) == 0 {
				opp[o]++
			}
		}
		if n%7 == 0 {
			opp[0] = 1
		}
		for _, ex := range []BlockExemption{ExemptAhead, ExemptHome} {
			var want uint32
			for m := 1; m+5 <= 24; m++ {
				row := true
				for x := m; x < m+6; x++ {
					row = row && held&(1<<x) != 0
				}
				if !row {
					continue
				}
				ahead := m - 1 // the opponent's points past the row
				if ex == ExemptHome {
					ahead = 6
				}
				exempt := opp[0] > 0
				for o := 1; o <= ahead; o++ {
					exempt = exempt || opp[o] > 0
				}
				if !exempt {
					want |= 1 << m
				}
			}
			if got := forbiddenBlocks(held, blockExemption(Rules{BlockExemption: ex}, &opp)); got != want {
				t.Fatalf("held %025b, opponent %v, exemption %d: forbidden rows at %025b, want %025b", held, opp, ex, got, want)
			}
		}
	}
}
