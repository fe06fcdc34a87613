package odds

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// refTwoSided is the two-sided computation done the plain way, the
// reference of TestTwoSidedMatchesReference: every play of every roll is
// listed afresh and its state looked up in turn. It numbers the sides and
// compares plays with a twoSided of its own.
type refTwoSided struct {
	ts   *twoSided
	memo map[uint64]*tsVal
}

// value returns the value of the state with side number mover to roll
// and number other waiting.
func (rf *refTwoSided) value(mover, other int32, moverStarted bool) *tsVal {
	ts := rf.ts
	key := uint64(mover)<<32 | uint64(other)<<1
	if moverStarted {
		key |= 1
	}
	if v, ok := rf.memo[key]; ok {
		return v
	}
	s := ts.sides[mover]
	var best [21]choice
	r := 0
	for i, rl := range rollList {
		list := append([]side(nil), ts.g.list(&s, rl.a, rl.b)...)
		var kids []int32
		for j := range list {
			if list[j].empty() {
				kids = append(kids, offID)
			}
		}
		for j := range list {
			if !list[j].empty() {
				kids = append(kids, ts.id(list[j]))
			}
		}
		for j, c := range kids {
			ch := choice{child: c}
			if c == offID {
				f := rf.finishValue(other, moverStarted)
				ch.w, ch.d, ch.r = f.w, f.d, f.r
				ch.W, ch.D = f.n[tsWin], f.n[tsDraw]
			} else {
				nv := rf.value(other, c, !moverStarted)
				ch.w, ch.d, ch.r = 1-nv.w-nv.d, nv.d, nv.r
				ch.W, ch.D = nv.n[tsLoss], nv.n[tsDraw]
			}
			if j == 0 || ts.better(&ch, &best[i]) {
				best[i] = ch
			}
		}
		r = max(r, best[i].r)
	}
	r++
	v := &tsVal{r: r}
	for i := range best {
		wt := float64(rollList[i].w)
		v.w += wt * best[i].w
		v.d += wt * best[i].d
	}
	v.w /= 36
	v.d /= 36
	W, D := new(big.Int), new(big.Int)
	for i := range best {
		m := new(big.Int).Mul(ts.power(r-1-best[i].r), big.NewInt(int64(rollList[i].w)))
		W.Add(W, new(big.Int).Mul(m, best[i].W.toBig()))
		D.Add(D, new(big.Int).Mul(m, best[i].D.toBig()))
	}
	L := new(big.Int).Sub(ts.power(r), W)
	L.Sub(L, D)
	v.n[tsWin].big, v.n[tsDraw].big, v.n[tsLoss].big = W, D, L
	rf.memo[key] = v
	return v
}

// finishValue is twoSided.finishValue: a win, or with the last roll the
// other side's chance of bearing everything off with one roll as a draw.
func (rf *refTwoSided) finishValue(other int32, moverStarted bool) *tsVal {
	ts := rf.ts
	o := ts.sides[other]
	if !ts.lastRoll || !moverStarted || !o.home() || o.checkers() > lastRollMax {
		return &ts.win
	}
	n := 0
	for _, rl := range rollList {
		for _, c := range ts.g.list(&o, rl.a, rl.b) {
			if c.empty() {
				n += rl.w
				break
			}
		}
	}
	v := &tsVal{r: 1, w: float64(36-n) / 36, d: float64(n) / 36}
	v.n[tsWin].big, v.n[tsDraw].big = big.NewInt(int64(36-n)), big.NewInt(int64(n))
	v.n[tsLoss].big = new(big.Int)
	return v
}

// TestTwoSidedMatchesReference compares every state the two-sided
// computation visits with the reference computation: the same states, the
// same chances in double precision to the bit and the same exact
// numerators, for random races of both games (with and without the last
// roll, sides home and on their way home), the three-checker race of the
// short-nardy bear-off page, and the numerators in uint64 stopping early.
func TestTwoSidedMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var ps []engine.Position
	ps = append(ps, mustCode(t, "Sw:6,5,4:21,20,19"), mustCode(t, "Lw:6,5,1:18x2,17"))
	for range 16 {
		g := engine.Short
		if rng.IntN(2) == 0 {
			g = engine.Long
		}
		ps = append(ps, randomRace(rng, g, 3, 6, 6))
	}
	for _, p := range ps {
		if Contact(p) {
			continue
		}
		a, _ := sideOf(p, p.Turn)
		b, _ := sideOf(p, p.Turn.Other())
		for _, lastRoll := range []bool{false, true} {
			started := lastRoll && p.Started == p.Turn
			for _, small := range []int{smallExp, 3} {
				ts := newTwoSided(lastRoll)
				ts.small = small
				ts.bestPlay(a, b, started)
				rf := &refTwoSided{ts: newTwoSided(lastRoll), memo: make(map[uint64]*tsVal)}
				rf.value(rf.ts.id(a), rf.ts.id(b), started)
				if len(ts.memo) != len(rf.memo) {
					t.Errorf("%s, last roll %v: %d states, want %d", code(p), lastRoll, len(ts.memo), len(rf.memo))
					continue
				}
				bad := 0
				for key, want := range rf.memo {
					mover, other := rf.ts.sides[key>>32], rf.ts.sides[uint32(key)>>1]
					im, ok1 := ts.ids[mover]
					io, ok2 := ts.ids[other]
					got := ts.memo[uint64(im)<<32|uint64(io)<<1|key&1]
					if !ok1 || !ok2 || got == nil {
						t.Errorf("%s, last roll %v: state %v against %v not visited", code(p), lastRoll, mover, other)
						bad++
					} else if got.w != want.w || got.d != want.d || got.r != want.r ||
						got.n[tsWin].toBig().Cmp(want.n[tsWin].big) != 0 || got.n[tsDraw].toBig().Cmp(want.n[tsDraw].big) != 0 ||
						got.n[tsLoss].toBig().Cmp(want.n[tsLoss].big) != 0 {
						t.Errorf("%s, last roll %v, uint64 up to 36^%d: state %v against %v: %v %v over 36^%d (%v %v %v), want %v %v over 36^%d (%v %v %v)",
							code(p), lastRoll, small, mover, other, got.w, got.d, got.r, got.n[tsWin].toBig(), got.n[tsDraw].toBig(), got.n[tsLoss].toBig(),
							want.w, want.d, want.r, want.n[tsWin].big, want.n[tsDraw].big, want.n[tsLoss].big)
						bad++
					}
					if bad > 5 {
						t.FailNow()
					}
				}
			}
		}
	}
}
