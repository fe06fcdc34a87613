package odds

import (
	"math/big"
	"sync"
)

// The two-sided race: best play for both sides, by dynamic programming
// over the pairs of the two sides' positions. A state is the side to
// roll, the other side and whether the side to roll is the one that
// started the game (which decides the long-nardy last roll); its value is
// the chance that the side to roll wins and the chance of a draw, with
// each side playing, for every roll, the play that maximises its chance
// of winning counting a draw as half a win (in long nardy: its expected
// points, a win 1, a draw 0, a loss -1, mars not counted).
//
// Values are kept exactly, as integers over a power of 36: a state whose
// longest continuation takes r more turns has its chances in 36^r-ths
// (in a uint64 up to 36^smallExp, in a big.Int beyond). Plays are
// compared in double precision first and exactly when the two are within
// twoSidedTie of each other, so no rounding can pick a worse play.

// DefaultMaxTwoSided is the default of Options.MaxTwoSided: races whose
// two-sided count of states (see twoSidedBound) is at most this are
// computed exactly, under best play. It covers every race of up to three
// checkers a side at home (14 112 states, a few hundredths of a second at
// most) and lone checkers a long way from home.
const DefaultMaxTwoSided = 15000

// twoSidedTie is how close two plays' values must be in double precision
// to be compared exactly.
const twoSidedTie = 1e-9

// tsVal is the value of a state for the side to roll: P(win) and P(draw)
// in double precision, and P(win), P(draw) and P(loss) exactly, as
// numerators over 36^r.
type tsVal struct {
	w, d float64
	r    int
	n    [3]tsNum // win, draw, loss
}

// tsNum is a numerator over 36^r: in small when r <= smallExp (the
// computation's small), else in big.
type tsNum struct {
	small uint64
	big   *big.Int
}

// smallExp is the largest exponent whose numerators are kept in a uint64:
// 36^12 < 2^63, so that twice such a numerator still fits.
const smallExp = 12

// pow36 holds 36^0 … 36^smallExp.
var pow36 = func() (p [smallExp + 1]uint64) {
	p[0] = 1
	for i := 1; i <= smallExp; i++ {
		p[i] = 36 * p[i-1]
	}
	return p
}()

// toBig returns x (over 36^r) as a big.Int, shared when it is one.
func (x tsNum) toBig() *big.Int {
	if x.big != nil {
		return x.big
	}
	return new(big.Int).SetUint64(x.small)
}

// Indices of tsVal.n.
const (
	tsWin = iota
	tsDraw
	tsLoss
)

// offID stands for the side with every checker off among a side's
// children.
const offID = -1

// twoSided computes races under best play for both sides. Each side's
// position reached in the computation gets a number; its plays for each
// roll are listed once, as the numbers of the positions they lead to,
// whatever the other side's position.
type twoSided struct {
	lastRoll bool // long nardy with the last roll: the starter's finish may be drawn
	small    int  // the largest exponent kept in a uint64: smallExp (less in tests)
	ids      map[side]int32
	sides    []side
	kids     []*tsKids // by number: the results of its plays
	finish   []*tsVal  // by number: the last roll's value against it, once known
	memo     map[uint64]*tsVal
	g        plays
	pow      []*big.Int
	win      tsVal // a certain win: 1, 0, 0 over 36^0
	// scratch holds the choices of the states being computed, a stack
	// shared by the recursion: each state's after its callers'.
	scratch []choice
	// seen[n] records where children last listed side n: at its index
	// in the results when its stamp is the current one.
	seen  []tsSeen
	stamp uint32
}

// tsSeen is an entry of twoSided.seen.
type tsSeen struct {
	stamp uint32
	at    int32
}

// tsKids is what a side's plays lead to: the distinct results of all its
// rolls, in the order of their first appearance, and for each roll the
// indices in to of its results, all off (offID) first.
type tsKids struct {
	to    []int32
	rolls [21][]int32
}

// bearsOff reports whether roll i can bear every checker off.
func (k *tsKids) bearsOff(i int) bool {
	r := k.rolls[i]
	return len(r) > 0 && k.to[r[0]] == offID
}

func newTwoSided(lastRoll bool) *twoSided {
	ts := &twoSided{lastRoll: lastRoll, small: smallExp, ids: make(map[side]int32), memo: make(map[uint64]*tsVal), pow: []*big.Int{big.NewInt(1)}}
	ts.win.w = 1
	ts.win.n[tsWin].small = 1
	return ts
}

// power returns 36^k as a big.Int (shared; not to be modified).
func (ts *twoSided) power(k int) *big.Int {
	for len(ts.pow) <= k {
		ts.pow = append(ts.pow, new(big.Int).Mul(ts.pow[len(ts.pow)-1], big.NewInt(36)))
	}
	return ts.pow[k]
}

// id returns the number of side s, giving it one if it has none.
func (ts *twoSided) id(s side) int32 {
	if n, ok := ts.ids[s]; ok {
		return n
	}
	n := int32(len(ts.sides))
	ts.ids[s] = n
	ts.sides = append(ts.sides, s)
	ts.kids = append(ts.kids, nil)
	ts.finish = append(ts.finish, nil)
	return n
}

// children returns the results of side n's plays.
func (ts *twoSided) children(n int32) *tsKids {
	if k := ts.kids[n]; k != nil {
		return k
	}
	k := new(tsKids)
	s := ts.sides[n]
	if ts.stamp++; ts.stamp == 0 {
		clear(ts.seen)
		ts.stamp = 1
	}
	off := int32(-1) // index in k.to of offID, once seen
	add := func(c int32) int32 {
		if c == offID {
			if off < 0 {
				off = int32(len(k.to))
				k.to = append(k.to, c)
			}
			return off
		}
		for int(c) >= len(ts.seen) {
			ts.seen = append(ts.seen, tsSeen{})
		}
		if e := &ts.seen[c]; e.stamp != ts.stamp {
			*e = tsSeen{ts.stamp, int32(len(k.to))}
			k.to = append(k.to, c)
		}
		return ts.seen[c].at
	}
	for i, rl := range rollList {
		list := ts.g.list(&s, rl.a, rl.b)
		out := make([]int32, 0, len(list))
		for j := range list {
			if list[j].empty() {
				out = append(out, add(offID))
			}
		}
		for j := range list {
			if !list[j].empty() {
				out = append(out, add(ts.id(list[j])))
			}
		}
		k.rolls[i] = out
	}
	ts.kids[n] = k
	return k
}

// SharedCheckers is the most checkers a side may have for a race between
// two homes to be looked up in the process's shared two-sided table,
// which keeps what it has computed (at most 2 · 84 · 84 states for each
// reading of the last roll): every later race of homes that small, on any
// page and in either language, costs a lookup. Other races are solved
// afresh each time, within Options.MaxTwoSided.
const SharedCheckers = 3

var shared struct {
	sync.Mutex
	ts [2]*twoSided // by the last roll: off, on
}

// bestPlayRace returns the chances of the race with side a to roll
// against b under best play, in the shared table when both are small
// homes.
func bestPlayRace(a, b side, lastRoll, aStarted bool) (win, draw, loss *big.Rat) {
	if !a.home() || !b.home() || a.checkers() > SharedCheckers || b.checkers() > SharedCheckers {
		ts := newTwoSided(lastRoll)
		return ts.rats(ts.bestPlay(a, b, aStarted))
	}
	shared.Lock()
	defer shared.Unlock()
	i := btoi(lastRoll)
	if shared.ts[i] == nil {
		shared.ts[i] = newTwoSided(lastRoll)
	}
	ts := shared.ts[i]
	return ts.rats(ts.bestPlay(a, b, aStarted))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// twoSidedBound returns an upper bound on the number of states the
// two-sided computation of a race between a and b can visit: each side
// can only reach distributions of its checkers over the points up to its
// highest one, C(high+n, n) of them, and either side may be the one to
// roll.
func twoSidedBound(a, b *side) int {
	na, nb := positionsBelow(a), positionsBelow(b)
	const huge = 1 << 40
	if na > huge/nb/2 {
		return huge
	}
	return 2 * na * nb
}

// positionsBelow returns C(high+n, n) for a side of n checkers whose
// highest is on point high: how many ways there are to spread at most n
// checkers over points 1..high.
func positionsBelow(s *side) int {
	return binom(s.high()+s.checkers(), s.checkers())
}

// bestPlay returns the value of the race with mover to roll, other
// waiting and moverStarted saying whether mover started the game.
func (ts *twoSided) bestPlay(mover, other side, moverStarted bool) *tsVal {
	return ts.value(ts.id(mover), ts.id(other), moverStarted)
}

// finishValue is the value, for the side that has just borne off its last
// checker, of finishing while side other waits: a win, unless the side
// finishing started the game in long nardy with the last roll and other,
// all home with 4 or fewer checkers, bears them all off with its one
// roll.
func (ts *twoSided) finishValue(other int32, moverStarted bool) *tsVal {
	o := ts.sides[other]
	if !ts.lastRoll || !moverStarted || !o.home() || o.checkers() > lastRollMax {
		return &ts.win
	}
	if v := ts.finish[other]; v != nil {
		return v
	}
	n := 0
	k := ts.children(other)
	for i, rl := range rollList {
		if k.bearsOff(i) {
			n += rl.w
		}
	}
	v := &tsVal{r: 1, w: float64(36-n) / 36, d: float64(n) / 36}
	v.n[tsWin].small = uint64(36 - n)
	v.n[tsDraw].small = uint64(n)
	ts.finish[other] = v
	return v
}

// lastRollMax is the most checkers a side may have left for the last
// roll (docs/rules.md).
const lastRollMax = 4

// choice is a candidate play's value for the side playing it: its
// chances in double precision and exactly (over 36^r).
type choice struct {
	w, d  float64
	r     int
	W, D  tsNum
	child int32 // the position the play leads to (offID: all off)
}

// value returns the value of the state with side number mover to roll
// and number other waiting, computing and memoising it.
func (ts *twoSided) value(mover, other int32, moverStarted bool) *tsVal {
	key := uint64(mover)<<32 | uint64(other)<<1
	if moverStarted {
		key |= 1
	}
	if v, ok := ts.memo[key]; ok {
		return v
	}
	kids := ts.children(mover)
	// The value of each distinct result once, then the best play of
	// each roll among its results.
	base := len(ts.scratch)
	for _, c := range kids.to {
		ch := choice{child: c}
		if c == offID {
			f := ts.finishValue(other, moverStarted)
			ch.w, ch.d, ch.r = f.w, f.d, f.r
			ch.W, ch.D = f.n[tsWin], f.n[tsDraw]
		} else {
			// The other side's loss is this side's win.
			nv := ts.value(other, c, !moverStarted)
			ch.w, ch.d, ch.r = 1-nv.w-nv.d, nv.d, nv.r
			ch.W, ch.D = nv.n[tsLoss], nv.n[tsDraw]
		}
		ts.scratch = append(ts.scratch, ch)
	}
	choices := ts.scratch[base:]
	var none choice // the value of a roll that cannot be played
	var best [21]*choice
	r := 0
	for i := range rollList {
		b := &none
		for j, c := range kids.rolls[i] {
			if ch := &choices[c]; j == 0 || ts.better(ch, b) {
				b = ch
			}
		}
		best[i] = b
		r = max(r, b.r)
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
	if r <= ts.small {
		var W, D uint64
		for i, bc := range best {
			m := uint64(rollList[i].w) * pow36[r-1-bc.r]
			W += m * bc.W.small
			D += m * bc.D.small
		}
		v.n[tsWin].small, v.n[tsDraw].small, v.n[tsLoss].small = W, D, pow36[r]-W-D
	} else {
		W, D, t := new(big.Int), new(big.Int), new(big.Int)
		for i, bc := range best {
			m := new(big.Int).Mul(ts.power(r-1-bc.r), big.NewInt(int64(rollList[i].w)))
			W.Add(W, t.Mul(m, bc.W.toBig()))
			D.Add(D, t.Mul(m, bc.D.toBig()))
		}
		L := new(big.Int).Sub(ts.power(r), W)
		L.Sub(L, D)
		v.n[tsWin].big, v.n[tsDraw].big, v.n[tsLoss].big = W, D, L
	}
	ts.scratch = ts.scratch[:base] // best points into it until here
	ts.memo[key] = v
	return v
}

// better reports whether play a is better than play b for the side
// playing them: a higher chance of winning with a draw counted as half,
// then a higher chance of winning outright, then the side's position
// first in the table's order.
func (ts *twoSided) better(a, b *choice) bool {
	sa, sb := a.w+a.d/2, b.w+b.d/2
	switch {
	case sa > sb+twoSidedTie:
		return true
	case sb > sa+twoSidedTie:
		return false
	}
	// Compare (2W + D) / 36^r exactly, then W / 36^r.
	if c := ts.cmpScaled(a, b, true); c != 0 {
		return c > 0
	}
	if c := ts.cmpScaled(a, b, false); c != 0 {
		return c > 0
	}
	return ts.less(a.child, b.child)
}

// less orders two children in the table's order, all off first.
func (ts *twoSided) less(a, b int32) bool {
	switch {
	case a == offID:
		return true
	case b == offID:
		return false
	}
	return ts.sides[a].less(&ts.sides[b])
}

// cmpScaled compares the exact values of two choices: 2W + D over 36^r
// when half is set (the draw counted as half a win), W over 36^r
// otherwise.
func (ts *twoSided) cmpScaled(a, b *choice, half bool) int {
	rm := max(a.r, b.r)
	if rm <= ts.small {
		x, y := a.W.small, b.W.small
		if half {
			x, y = 2*x+a.D.small, 2*y+b.D.small
		}
		x *= pow36[rm-a.r] // at most 2 · 36^12 < 2^64
		y *= pow36[rm-b.r]
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	scaled := func(c *choice) *big.Int {
		x := new(big.Int).Set(c.W.toBig())
		if half {
			x.Lsh(x, 1)
			x.Add(x, c.D.toBig())
		}
		return x.Mul(x, ts.power(rm-c.r))
	}
	return scaled(a).Cmp(scaled(b))
}

// rats returns the chances of a state as exact fractions: the win, the
// draw and the loss of the side to roll.
func (ts *twoSided) rats(v *tsVal) (win, draw, loss *big.Rat) {
	den := ts.power(v.r)
	f := func(x tsNum) *big.Rat {
		return new(big.Rat).SetFrac(new(big.Int).Set(x.toBig()), den)
	}
	return f(v.n[tsWin]), f(v.n[tsDraw]), f(v.n[tsLoss])
}
