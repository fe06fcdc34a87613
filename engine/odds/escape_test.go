package odds

import (
	"math/big"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

func TestEscape(t *testing.T) {
	one := big.NewRat(1, 1)
	miss := func(p *big.Rat, k int) *big.Rat { // 1 - (1-p)^k
		q := new(big.Rat).Sub(one, p)
		r := big.NewRat(1, 1)
		for range k {
			r.Mul(r, q)
		}
		return r.Sub(one, r)
	}
	for _, c := range []struct {
		name string
		code string
		r    engine.Rules
		from engine.Point
		past engine.Point // the expected blockade end
		want []*big.Rat
	}{
		// Long nardy, behind five points in a row: only a 6 jumps them
		// (11/36), and nothing else moves the checker.
		{"long, five points", "Lw:13:12,11,10,9,8", engine.DefaultRules, 13, 8,
			[]*big.Rat{rat(11, 36), miss(rat(11, 36), 2), miss(rat(11, 36), 3)}},
		// The same for Black, in its own numbering.
		{"long, black", "Lb:24,23,22,21,20:1", engine.DefaultRules, 1, 20,
			[]*big.Rat{rat(11, 36), miss(rat(11, 36), 2)}},
		// Short nardy, on the bar against five points (19-23): it enters
		// only with a 1 and then needs a 6. Now: 6-1 (2/36). Within two:
		// 6-1 now, or 1-x now and a 6 next (9/36 · 11/36), or no 1 now
		// and 6-1 next (25/36 · 2/36).
		{"short, bar", "Sw:bar:23x2,22x2,21x2,20x2,19x2", engine.DefaultRules, engine.Bar, 19,
			[]*big.Rat{rat(2, 36), rat(221, 1296)}},
		// A blot in front of five points: 6-1 hits it and jumps on to the
		// 6-point, or a 1 hits and waits for a 6 next turn.
		{"short, hit and go", "Sw:13,6x2:12,11x2,10x2,9x2,8x2,7x2", engine.DefaultRules, 13, 7,
			[]*big.Rat{rat(2, 36), rat(221, 1296)}},
		// Eastern: a checker that hits may not go on to the 6-point,
		// held by its own checkers: it hits with a 1 and leaves next turn.
		{"short, eastern", "Sw:13,6x2:12,11x2,10x2,9x2,8x2,7x2", engine.Rules{Short: engine.Eastern}, 13, 7,
			[]*big.Rat{rat(0, 1), rat(121, 1296)}},
	} {
		p := mustCode(t, c.code)
		end, ok := BlockadeEnd(p, c.from)
		if !ok || end != c.past {
			t.Errorf("%s: blockade end %v %v, want %v", c.name, end, ok, c.past)
		}
		got, err := Escape(p, c.r, c.from, 0, len(c.want))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for k, w := range c.want {
			if !got[k].IsExact() || got[k].Rat.Cmp(w) != 0 {
				t.Errorf("%s: within %d turns %s, want %s", c.name, k+1, got[k], w.RatString())
			}
		}
		if len(got) > 0 && got[0].Den != 36 {
			t.Errorf("%s: the one-roll figure is not written over 36", c.name)
		}
	}
}

// TestEscapeMonotone checks that the chances never decrease with more
// turns, on a long-nardy middle game.
func TestEscapeMonotone(t *testing.T) {
	p := mustCode(t, "Lw:24x6,22x2,19,17x2,15,11,9,6:23x2,12x7,10x2,8,5,3,1")
	f, err := Escape(p, engine.DefaultRules, 24, 0, 8)
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k < len(f); k++ {
		if f[k].Rat.Cmp(f[k-1].Rat) < 0 {
			t.Errorf("within %d: %s < %s", k+1, f[k], f[k-1])
		}
	}
	if f[len(f)-1].Value <= f[0].Value {
		t.Errorf("no progress: %s %s", f[0], f[len(f)-1])
	}
}

func TestEscapeErrors(t *testing.T) {
	p := mustCode(t, "Lw:13:12,11,10,9,8")
	for _, c := range []struct {
		from, past engine.Point
		turns      int
	}{
		{14, 0, 1},  // no checker there
		{13, 14, 1}, // past is behind
		{13, 0, 0},  // no turns
		{13, 0, 61}, // too many
		{engine.Bar, 0, 1},
	} {
		if _, err := Escape(p, engine.DefaultRules, c.from, c.past, c.turns); err == nil {
			t.Errorf("%v %v %d: no error", c.from, c.past, c.turns)
		}
	}
	// Beyond the 1-point lies only the bear-off.
	q := mustCode(t, "Sw:24:1x2")
	if _, err := Escape(q, engine.DefaultRules, 24, 0, 1); err == nil {
		t.Error("a blockade on the 1-point: no error")
	}
	// Nothing in front.
	if _, ok := BlockadeEnd(mustCode(t, "Sw:6:19"), 6); ok {
		t.Error("no blockade: ok")
	}
}
