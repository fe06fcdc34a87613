package engine

import (
	"math/bits"
	"sync/atomic"
)

// GameOver reports whether no side may move in p any more: a side has
// borne off all its checkers and, in long nardy, the last roll (if the
// rules give one) does not apply.
func (p Position) GameOver(r Rules) bool {
	if p.Off(White) < Checkers && p.Off(Black) < Checkers {
		return false
	}
	return !p.LastRoll(r)
}

// LastRoll reports whether the side to move in p is taking the long-nardy
// last roll: the side that started has borne off all 15, the other side
// (to move) has 4 or fewer checkers left, all in its home, and the rules
// give a last roll.
func (p Position) LastRoll(r Rules) bool {
	if p.Game != Long || r.NoLastRoll {
		return false
	}
	o := p.Started.Other()
	return p.Off(p.Started) == Checkers && p.Turn == o && p.Off(o) < Checkers &&
		p.Off(o) >= Checkers-4 && p.AllHome(o)
}

// LegalPlays returns every legal play of the side to move in p for roll d
// under rules r: each distinct resulting position once, in a stable order
// (larger die first, far points first). All plays use the same number of
// dice, the most the rules allow; the result is empty when nothing can be
// played (the turn is lost) or the game is over. d must be a valid roll.
func LegalPlays(p Position, d Dice, r Rules) []Play {
	if !d.Valid() || p.GameOver(r) {
		return nil
	}
	g := spare.Swap(nil)
	if g == nil {
		g = new(gen)
	}
	defer spare.Store(g)
	g.reset(p, d, r)
	g.setHeadLimit(g.limit())
	g.run()
	return g.plays()
}

// spare keeps one generator, with its node and table storage, for the
// next search: a build computes thousands of tables one after another. A
// concurrent search that finds it taken makes its own. (A sync.Pool would
// do the same at a quarter of the WebAssembly checker's size budget.)
var spare atomic.Pointer[gen]

// gen is the legal-play generator: a depth-first search over single-die
// moves that visits each distinct state (position, dice left, hitters)
// once. The moves are made and unmade in one working state; a node is
// stored for each state visited. Its storage is reused from one search to
// the next.
type gen struct {
	game   Game
	rules  Rules
	side   Side
	start  Position
	dice   Dice // larger die first
	double bool
	// The rules of a single move (moveRule), in the mover's coordinates:
	// cross maps its points to the opponent's (crossTable); holds is how
	// many opponent checkers hold a point (1 in long nardy, 2 in short);
	// head is the head (24) in long nardy and noPoint in short nardy,
	// which has no head rule. Of the headStart checkers on the head at
	// the start of the turn headLimit may leave, so one leaves only while
	// more than headFloor = headStart-headLimit are left. eastern: eastern
	// short nardy, where the checkers that hit (the hitters) are tracked.
	cross     [25]uint8
	holds     int8
	head      int
	headStart int8
	headLimit int8
	headFloor int8
	eastern   bool
	// The six-block rule (long nardy): exempt is where a row of six may
	// begin (see blockExemption), fixed for the turn as the opponent does
	// not move; blockEachDie and blockAtEnd say when the rule is checked.
	exempt                   uint32
	blockEachDie, blockAtEnd bool
	// The search: the nodes and a hash table over them.
	nodes []node
	table []slot // open addressing over nodes, by hash
	stamp uint32 // slots with another stamp are empty
	best  int8   // most dice played by a sequence that ends legally; -1 if none
	keep  []int32
	// ordered: a double is searched with its moves' from-points in
	// non-increasing order, but for ascents (see tryDie); ascents: ascents
	// are tried (long nardy, six-block checked after each die); dedup:
	// states are looked up in the table, as they may repeat.
	ordered, ascents, dedup bool
	// The working state: the boards ([0] the mover, [1] the opponent, own
	// coordinates), their hash, the hitters, held (long nardy: the mover's
	// points, as bits in the opponent's coordinates) and occ (the mover's
	// occupied points and bar, bit o for own point o, 1..25).
	b       [2]board
	pos     uint64
	hitters uint32
	held    uint32
	occ     uint32
}

// slot is an entry of the hash table: a node index, valid when its stamp
// is the table's current one.
type slot struct {
	stamp uint32
	idx   int32
}

// node is a state visited: the working state after the moves from the
// root to it.
type node struct {
	b       [2]board
	pos     uint64
	hitters uint32
	held    uint32
	parent  int32
	mv      Move // in own coordinates of the mover
	depth   int8
	rem     uint8 // doubles: dice left; otherwise remHigh and remLow
	usedLow bool  // a non-double sequence that played only the low die so far
	endOK   bool  // a sequence may end here
}

// The dice left of a non-double (node.rem): a bit for each die.
const (
	remHigh uint8 = 1 << iota // the higher die is left
	remLow                    // the lower die is left
)

// Hash keys: one random word per (mover or opponent, cell), per
// dice-left value and per hitter point. A board's hash is the sum of its
// cells' keys times their counts, so that moving a checker adds one key
// and subtracts another.
var (
	zCell [2][26]uint64
	zRem  [16]uint64
	zHit  [26]uint64
)

func init() {
	x := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for s := range zCell {
		for c := range zCell[s] {
			zCell[s][c] = next()
		}
	}
	for i := range zRem {
		zRem[i] = next()
	}
	for i := range zHit {
		zHit[i] = next()
	}
}

func hashBoards(b *[2]board) uint64 {
	var h uint64
	for s := range b {
		for c, n := range b[s] {
			h += uint64(n) * zCell[s][c]
		}
	}
	return h
}

// stateHash is the hash of a state under the table: boards, dice left
// and hitters.
func stateHash(pos uint64, rem uint8, hitters uint32) uint64 {
	h := pos ^ zRem[rem]
	for hs := hitters; hs != 0; hs &= hs - 1 { // hs &= hs-1 clears the lowest bit
		h ^= zHit[lowestBit(hs)]
	}
	return h
}

// lowestBit returns the index of the lowest bit set in x (x != 0).
func lowestBit(x uint32) int { return bits.TrailingZeros32(x) }

// highestBit returns the index of the highest bit set in x, -1 when x is 0.
func highestBit(x uint32) int { return 31 - bits.LeadingZeros32(x) }

// bitsUpTo returns the bits 0..top set, the rest clear (top < 31).
func bitsUpTo(top int) uint32 { return 2<<top - 1 }

// newGen returns a generator for p and d (not pooled).
func newGen(p Position, d Dice, r Rules) *gen {
	g := new(gen)
	g.reset(p, d, r)
	return g
}

func (g *gen) reset(p Position, d Dice, r Rules) {
	g.game, g.rules, g.side, g.start = p.Game, r, p.Turn, p
	g.dice, g.double = d.Canonical(), d.IsDouble()
	g.cross = crossTable[g.game]
	g.headStart = p.b[g.side][24]
	g.setHeadLimit(1)
	if g.game == Long {
		g.holds, g.head, g.eastern = 1, 24, false
		g.exempt = blockExemption(r, &p.b[g.side.Other()])
		g.blockEachDie, g.blockAtEnd = r.BlockCheck == BlockEachDie, r.BlockCheck == BlockEndOfTurn
	} else {
		g.holds, g.head, g.eastern = 2, noPoint, r.Short == Eastern
		g.exempt, g.blockEachDie, g.blockAtEnd = 0, false, false
	}
}

// setHeadLimit lets n checkers leave the head this turn.
func (g *gen) setHeadLimit(n int8) {
	g.headLimit, g.headFloor = n, g.headStart-n
}

// limit returns how many checkers may leave the head this turn.
func (g *gen) limit() int8 {
	if g.game == Short {
		return Checkers
	}
	if !g.start.FirstTurn(g.side) {
		return 1
	}
	d := g.dice
	if g.rules.HeadException == HeadDoubles {
		if g.double && (d[0] == 3 || d[0] == 4 || d[0] == 6) {
			return 2
		}
		return 1
	}
	// Generalized: a second checker may leave when one head checker
	// cannot play the whole roll.
	g.setHeadLimit(1)
	g.run()
	if g.best < int8(d.Count()) {
		return 2
	}
	return 1
}

func (g *gen) run() {
	g.nodes = g.nodes[:0]
	if len(g.table) == 0 {
		g.table = make([]slot, 1024)
	}
	g.nextStamp()
	g.best = -1
	g.b = g.start.b
	if g.side == Black {
		g.b[0], g.b[1] = g.b[1], g.b[0]
	}
	g.pos = hashBoards(&g.b)
	g.hitters = 0
	g.held = heldBits(g.game, &g.b[0])
	g.occ = 0
	for o := 1; o <= 25; o++ {
		if g.b[0][o] > 0 {
			g.occ |= 1 << o
		}
	}
	root := node{b: g.b, pos: g.pos, held: g.held, parent: -1, mv: Move{From: Bar}, rem: remHigh | remLow, endOK: g.endOK()}
	g.ordered = g.double && !g.eastern
	g.ascents = g.ordered && g.blockEachDie
	g.dedup = !g.ordered
	if g.double {
		root.rem = 4
	}
	g.nodes = append(g.nodes, root)
	g.insert(0, stateHash(root.pos, root.rem, 0))
	g.expand(0)
}

func (g *gen) nextStamp() {
	g.stamp++
	if g.stamp == 0 {
		clear(g.table)
		g.stamp = 1
	}
}

// insert puts node idx into the table under hash h.
func (g *gen) insert(idx int32, h uint64) {
	mask := uint64(len(g.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if g.table[i].stamp != g.stamp {
			g.table[i] = slot{g.stamp, idx}
			return
		}
	}
}

// seen reports whether a node equal to the working state with rem dice
// left is already in the table under hash h.
func (g *gen) seen(h uint64, rem uint8) bool {
	mask := uint64(len(g.table) - 1)
	for i := h & mask; g.table[i].stamp == g.stamp; i = (i + 1) & mask {
		o := &g.nodes[g.table[i].idx]
		if o.pos == g.pos && o.rem == rem && o.hitters == g.hitters && o.b == g.b {
			return true
		}
	}
	return false
}

// index puts every node into the table afresh, first growing it so that
// it is at most half full.
func (g *gen) index() {
	n := len(g.table)
	for 2*len(g.nodes) > n {
		n *= 2
	}
	if n > len(g.table) {
		g.table = make([]slot, n)
		g.stamp = 1
	} else {
		g.nextStamp()
	}
	for i := range g.nodes {
		n := &g.nodes[i]
		g.insert(int32(i), stateHash(n.pos, n.rem, n.hitters))
	}
}

// expand visits every state reachable from node i, the working state.
func (g *gen) expand(i int32) {
	n := &g.nodes[i]
	depth, rem := n.depth, n.rem
	if depth > g.best && n.endOK {
		g.best = depth
	}
	if g.double {
		if rem > 0 {
			top := 25
			if g.ordered {
				top = int(n.mv.From)
			}
			g.tryDie(i, g.dice[0], rem-1, false, top)
		}
		return
	}
	if rem&remHigh != 0 {
		g.tryDie(i, g.dice[0], rem&^remHigh, false, 25)
	}
	if rem&remLow != 0 && g.dice[1] != g.dice[0] {
		g.tryDie(i, g.dice[1], rem&^remLow, depth == 0, 25)
	}
}

// tryDie plays die from node i (the working state) in every legal way
// and expands the results. When the search is ordered, a checker moves
// from a point above top, the point of the move that led to node i, only
// in an ascent: where that move could not have come first.
//
// Of a double, moving a checker from a higher point and then one from a
// lower point reaches the same state in either order: the higher one does
// not depend on the lower move, which only adds a checker below it and
// hits below it, and the lower checker is still there after the higher
// one moves. The exceptions: a six-block checked after each die may stand
// in one order only, and an eastern hitter may not move onto its own
// checker that the lower move would have taken away (eastern doubles are
// not ordered). So each state's first sequence in the full search, whose
// moves a swap cannot bring earlier, is searched, and the states, their
// order and their moves stay the same. And since the moves of a double are
// fixed by the state they lead to (each point's net flow along its chain
// of the die), the ordered sequences reach distinct states until an
// ascent: only from then on is the table needed.
func (g *gen) tryDie(i int32, die uint8, rem uint8, low bool, top int) {
	me, opp := &g.b[0], &g.b[1]
	highest := highestBit(g.occ)
	if highest == 25 && g.game == Short { // on the bar: only entering
		to := 25 - int(die)
		if g.moveRule(me, opp, 25, to, 25, true, false) == ReasonLegal {
			g.child(i, 25, to, die, rem, low, false)
		}
		return
	}
	// An ascent is searched where moving from the higher point first,
	// from the state before node i (with the mover's points held0), would
	// have made a six-block. That takes three points in a row in held0:
	// of six in a row with one point added, the other five lie on its
	// two sides, three or more on one.
	occ, held0, hitters := g.occ, uint32(0), g.hitters // child restores g.hitters
	if g.ascents && top < 25 {
		held0 = g.nodes[g.nodes[i].parent].held
	}
	if threeInRow(held0) == 0 {
		occ &= bitsUpTo(top)
	}
	for occ != 0 {
		from := highestBit(occ)
		occ &^= 1 << from
		to := from - int(die)
		if from > top {
			h := held0
			if me[from] == 1 {
				h &^= 1 << crossTable[Long][from]
			}
			if to >= 1 {
				h |= 1 << crossTable[Long][to]
			}
			if g.blockOK(h) {
				continue
			}
			if !g.dedup {
				g.dedup = true
				g.index()
			}
		}
		// Eastern: of a point with a checker that hit, either that
		// checker moves (unless it would hide) or, if there is one,
		// another.
		hitter := hitters&(1<<from) != 0
		switch g.moveRule(me, opp, from, to, highest, false, hitter) {
		case ReasonLegal:
			to = max(to, 0)
			if !hitter || me[from] > 1 {
				g.child(i, from, to, die, rem, low, false)
			}
			if hitter {
				g.child(i, from, to, die, rem, low, true)
			}
		case ReasonHitAndHide:
			if me[from] > 1 {
				g.child(i, from, to, die, rem, low, false)
			}
		}
	}
}

// child moves one checker from -> to (own coordinates) in the working
// state, the state of node i, and, unless the result was seen before or
// breaks a rule checked after every die, stores it as a node and expands
// it; then it takes the move back.
func (g *gen) child(i int32, from, to int, die uint8, rem uint8, low, moveHitter bool) {
	pos, hitters, held, occ := g.pos, g.hitters, g.held, g.occ
	me, opp := &g.b[0], &g.b[1]
	g.pos += zCell[0][to] - zCell[0][from]
	me[from]--
	if me[from] == 0 {
		g.occ &^= 1 << from
	}
	me[to]++
	hit, x := false, 0
	if to >= 1 {
		g.occ |= 1 << to
		if g.game == Short {
			if x = cross(g.game, to); opp[x] == 1 {
				g.pos += zCell[1][25] - zCell[1][x]
				opp[x] = 0
				opp[25]++
				hit = true
			}
		}
	}
	if g.eastern {
		if moveHitter {
			g.hitters &^= 1 << from
			if to > 0 {
				g.hitters |= 1 << to
			}
		}
		if hit {
			g.hitters |= 1 << to
		}
	}
	ok := true
	if g.game == Long {
		if me[from] == 0 {
			g.held &^= 1 << crossTable[Long][from]
		}
		if to > 0 {
			g.held |= 1 << crossTable[Long][to]
		}
		ok = !g.blockEachDie || g.blockOK(g.held)
	}
	if ok && !(g.dedup && g.seen(stateHash(g.pos, rem, g.hitters), rem)) {
		g.add(i, from, to, die, rem, low, hit)
	}
	if hit {
		opp[x] = 1
		opp[25]--
	}
	me[to]--
	me[from]++
	g.pos, g.hitters, g.held, g.occ = pos, hitters, held, occ
}

// add stores the working state, reached from node i by a move, as a new
// node and, if dice are left, expands it.
func (g *gen) add(i int32, from, to int, die uint8, rem uint8, low, hit bool) {
	idx := int32(len(g.nodes))
	if len(g.nodes) == cap(g.nodes) {
		g.nodes = append(g.nodes, node{})
	} else {
		g.nodes = g.nodes[:idx+1]
	}
	c, p := &g.nodes[idx], &g.nodes[i]
	c.b = g.b
	c.pos, c.hitters, c.held = g.pos, g.hitters, g.held
	c.parent, c.mv = i, Move{From: Point(from), To: Point(to), Die: die, Hit: hit}
	c.depth, c.rem, c.usedLow, c.endOK = p.depth+1, rem, low || p.usedLow, g.endOK()
	if g.dedup {
		if 2*len(g.nodes) > len(g.table) {
			g.index()
		} else {
			g.insert(idx, stateHash(g.pos, rem, g.hitters))
		}
	}
	if rem == 0 {
		if c.depth > g.best && c.endOK {
			g.best = c.depth
		}
		return
	}
	g.expand(idx)
}

// plays collects the results: the states at the greatest depth that end
// legally, preferring the larger die when only one die is played, each
// resulting position once, in the order they were found.
func (g *gen) plays() []Play {
	if g.best <= 0 {
		return nil
	}
	highPlayable := false
	if !g.double && g.best == 1 {
		for k := range g.nodes {
			n := &g.nodes[k]
			if n.depth == 1 && !n.usedLow && n.endOK {
				highPlayable = true
				break
			}
		}
	}
	// States at one depth differ from each other in their boards, except
	// where the dice left (one die of a non-double played) or the
	// hitters (eastern) tell them apart: only then can a position repeat.
	// Reuse the table to find each resulting position once.
	dedup := !g.double && g.best == 1 || g.game == Short && g.rules.Short == Eastern
	g.nextStamp()
	mask := uint64(len(g.table) - 1)
	g.keep = g.keep[:0]
	for k := range g.nodes {
		n := &g.nodes[k]
		if n.depth != g.best || highPlayable && n.usedLow || !n.endOK {
			continue
		}
		if !dedup {
			g.keep = append(g.keep, int32(k))
			continue
		}
		dup := false
		i := n.pos & mask
		for ; g.table[i].stamp == g.stamp; i = (i + 1) & mask {
			if o := &g.nodes[g.table[i].idx]; o.pos == n.pos && o.b == n.b {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		g.table[i] = slot{g.stamp, int32(k)}
		g.keep = append(g.keep, int32(k))
	}
	// The nodes are in the order of the search, so the ancestors of a
	// node are the last nodes before it at each lower depth: one pass
	// keeps the moves of the current line.
	out := make([]Play, len(g.keep))
	var line [4]Move
	for k, j := 1, 0; j < len(out); k++ {
		n := &g.nodes[k]
		d, m := n.depth, n.mv
		if g.side == Black {
			m.From, m.To = g.point(int(m.From)), g.point(int(m.To))
		}
		line[d-1] = m
		if int32(k) != g.keep[j] {
			continue
		}
		pl := &out[j]
		j++
		pl.moves = line
		for k := int(d); k < len(pl.moves); k++ {
			pl.moves[k] = Move{} // left from a longer line
		}
		pl.Side = g.side
		pl.Position.Game, pl.Position.Started = g.start.Game, g.start.Started
		pl.Position.Turn = g.side.Other()
		if g.side == White {
			pl.Position.b = n.b
		} else {
			pl.Position.b[0], pl.Position.b[1] = n.b[1], n.b[0]
		}
	}
	return out
}

// point converts the mover's own coordinate to White's numbering.
func (g *gen) point(o int) Point {
	if o == 0 || o == 25 {
		return Point(o)
	}
	return white(g.game, g.side, o)
}
