package engine

// Move is one checker moved by one die, in White's numbering: From is Bar
// when the checker enters, To is Off when it is borne off.
type Move struct {
	From, To Point
	Die      uint8
	Hit      bool // short nardy: the move hits a blot on To
}

// Play is a whole turn: the single-die moves in the order played and the
// position they lead to (with the turn passed to the opponent).
type Play struct {
	moves [4]Move
	n     uint8
	// Position is the position after the play, the other side to move.
	Position Position
	// Side is the side that played.
	Side Side
	// HeadMoves counts the checkers that left the head (long nardy).
	HeadMoves int
}

// Moves returns the single-die moves of the play in the order played.
func (pl Play) Moves() []Move { return pl.moves[:pl.n] }

// DicePlayed returns how many dice the play uses.
func (pl Play) DicePlayed() int { return int(pl.n) }

// Hits returns how many blots the play hits.
func (pl Play) Hits() int {
	h := 0
	for _, m := range pl.Moves() {
		if m.Hit {
			h++
		}
	}
	return h
}

// BearsOff returns how many checkers the play bears off.
func (pl Play) BearsOff() int {
	k := 0
	for _, m := range pl.Moves() {
		if m.To == Off {
			k++
		}
	}
	return k
}

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
	g := newGen(p, d, r)
	limit := int8(1)
	if p.FirstTurn(p.Turn) {
		switch {
		case r.HeadException == HeadDoubles:
			if d.IsDouble() && (d[0] == 3 || d[0] == 4 || d[0] == 6) {
				limit = 2
			}
		default:
			g.headLimit = 1
			g.run()
			if g.best < int8(d.Count()) {
				limit = 2
			}
		}
	}
	if p.Game == Short {
		limit = Checkers
	}
	g.headLimit = limit
	g.run()
	return g.plays()
}

// gen is the legal-play generator: a depth-first search over single-die
// moves that visits each distinct state (position, dice left, hitters)
// once.
type gen struct {
	game      Game
	rules     Rules
	side      Side
	start     Position
	dice      Dice // larger die first
	double    bool
	headStart int8
	headLimit int8
	nodes     []node
	seen      map[stateKey]struct{}
	best      int8 // most dice played by a sequence that ends legally; -1 if none
}

type stateKey struct {
	b       [2]board
	rem     uint8
	hitters uint32
}

type node struct {
	b       [2]board
	parent  int32
	mv      Move // in own coordinates of the mover
	depth   int8
	rem     uint8 // doubles: dice left; otherwise bit 0 high die left, bit 1 low die left
	hitters uint32
	usedLow bool // a non-double sequence that played only the low die so far
}

func newGen(p Position, d Dice, r Rules) *gen {
	g := &gen{
		game:   p.Game,
		rules:  r,
		side:   p.Turn,
		start:  p,
		dice:   d.Canonical(),
		double: d.IsDouble(),
	}
	g.headStart = p.b[g.side][24]
	return g
}

func (g *gen) run() {
	g.nodes = g.nodes[:0]
	if g.seen == nil {
		g.seen = make(map[stateKey]struct{}, 64)
	} else {
		clear(g.seen)
	}
	g.best = -1
	root := node{b: g.start.b, parent: -1}
	if g.side == Black {
		root.b[0], root.b[1] = root.b[1], root.b[0]
	}
	if g.double {
		root.rem = 4
	} else {
		root.rem = 3
	}
	g.nodes = append(g.nodes, root)
	g.expand(0)
}

// expand visits every state reachable from node i.
func (g *gen) expand(i int32) {
	n := g.nodes[i]
	if n.depth > g.best && g.endLegal(&n.b) {
		g.best = n.depth
	}
	if g.double {
		if n.rem > 0 {
			g.tryDie(i, g.dice[0], n.rem-1, false)
		}
		return
	}
	if n.rem&1 != 0 {
		g.tryDie(i, g.dice[0], n.rem&^1, false)
	}
	if n.rem&2 != 0 && g.dice[1] != g.dice[0] {
		g.tryDie(i, g.dice[1], n.rem&^2, n.depth == 0)
	}
}

// tryDie plays die from node i in every legal way and expands the results.
func (g *gen) tryDie(i int32, die uint8, rem uint8, low bool) {
	n := g.nodes[i]
	me, opp := &n.b[0], &n.b[1]
	if g.game == Short && me[25] > 0 {
		to := 25 - int(die)
		if opp[cross(g.game, to)] <= 1 {
			g.child(i, 25, to, die, rem, low, false)
		}
		return
	}
	allHome := true
	highest := 0
	for o := 25; o >= 1; o-- {
		if me[o] != 0 {
			if highest == 0 {
				highest = o
			}
			if o > 6 {
				allHome = false
			}
			break
		}
	}
	for from := 24; from >= 1; from-- {
		if me[from] == 0 {
			continue
		}
		if g.game == Long && from == 24 && g.headStart-me[24] >= g.headLimit {
			continue
		}
		to := from - int(die)
		if to >= 1 {
			c := opp[cross(g.game, to)]
			if g.game == Long && c > 0 || c > 1 {
				continue
			}
		} else {
			if !allHome || to < 0 && from != highest {
				continue
			}
			to = 0
		}
		hitterHere := n.hitters&(1<<from) != 0
		if !hitterHere || me[from] > 1 {
			g.child(i, from, to, die, rem, low, false)
		}
		if hitterHere && (to == 0 || me[to] == 0) {
			g.child(i, from, to, die, rem, low, true)
		}
	}
}

// child adds the state after moving one checker from -> to (own
// coordinates) from node i, unless it was seen before or breaks a rule
// checked after every die, and expands it.
func (g *gen) child(i int32, from, to int, die uint8, rem uint8, low, moveHitter bool) {
	n := g.nodes[i]
	c := node{b: n.b, parent: i, depth: n.depth + 1, rem: rem, hitters: n.hitters, usedLow: low || n.usedLow}
	me, opp := &c.b[0], &c.b[1]
	me[from]--
	me[to]++
	hit := false
	if to >= 1 {
		if x := cross(g.game, to); opp[x] == 1 && g.game == Short {
			opp[x] = 0
			opp[25]++
			hit = true
		}
	}
	if g.rules.Short == Eastern && g.game == Short {
		if moveHitter {
			c.hitters &^= 1 << from
			if to > 0 {
				c.hitters |= 1 << to
			}
		}
		if hit {
			c.hitters |= 1 << to
		}
	}
	if g.game == Long && g.rules.BlockCheck == BlockEachDie && !g.blockOK(me, opp) {
		return
	}
	k := stateKey{b: c.b, rem: rem, hitters: c.hitters}
	if _, dup := g.seen[k]; dup {
		return
	}
	g.seen[k] = struct{}{}
	c.mv = Move{From: Point(from), To: Point(to), Die: die, Hit: hit}
	g.nodes = append(g.nodes, c)
	g.expand(int32(len(g.nodes) - 1))
}

// endLegal reports whether a sequence may end in state b.
func (g *gen) endLegal(b *[2]board) bool {
	if g.game == Long && g.rules.BlockCheck == BlockEndOfTurn {
		return g.blockOK(&b[0], &b[1])
	}
	return true
}

// blockOK reports whether the mover (me) holds no six consecutive points,
// counted along the opponent's path, that the rules forbid.
func (g *gen) blockOK(me, opp *board) bool {
	m := lowestBlock(g.game, me)
	if m == 0 {
		return true
	}
	if opp[0] > 0 {
		return true
	}
	if g.rules.BlockExemption == ExemptHome {
		for o := 1; o <= 6; o++ {
			if opp[o] > 0 {
				return true
			}
		}
		return false
	}
	for o := 1; o < m; o++ {
		if opp[o] > 0 {
			return true
		}
	}
	return false
}

// lowestBlock returns the lowest point, in the opponent's own coordinates,
// where six consecutive points held by me begin along the opponent's path,
// or 0 when there is none.
func lowestBlock(game Game, me *board) int {
	var held uint32
	for o := 1; o <= 24; o++ {
		if me[o] > 0 {
			held |= 1 << cross(game, o)
		}
	}
	w := held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4) & (held >> 5)
	if w == 0 {
		return 0
	}
	for m := 1; m <= 19; m++ {
		if w&(1<<m) != 0 {
			return m
		}
	}
	return 0
}

// plays collects the results: the states at the greatest depth that end
// legally, preferring the larger die when only one die is played, each
// resulting position once.
func (g *gen) plays() []Play {
	if g.best <= 0 {
		return nil
	}
	highPlayable := false
	if !g.double && g.best == 1 {
		for k := range g.nodes {
			n := &g.nodes[k]
			if n.depth == 1 && !n.usedLow && g.endLegal(&n.b) {
				highPlayable = true
				break
			}
		}
	}
	var out []Play
	seen := make(map[[2]board]struct{}, 16)
	for k := range g.nodes {
		n := &g.nodes[k]
		if n.depth != g.best || highPlayable && n.usedLow || !g.endLegal(&n.b) {
			continue
		}
		if _, dup := seen[n.b]; dup {
			continue
		}
		seen[n.b] = struct{}{}
		out = append(out, g.play(int32(k)))
	}
	return out
}

// play builds the Play that ends at node k.
func (g *gen) play(k int32) Play {
	pl := Play{Side: g.side, n: uint8(g.nodes[k].depth)}
	for i := k; g.nodes[i].parent >= 0; i = g.nodes[i].parent {
		n := &g.nodes[i]
		m := n.mv
		if m.From == 24 && g.game == Long {
			pl.HeadMoves++
		}
		pl.moves[n.depth-1] = Move{From: g.point(int(m.From)), To: g.point(int(m.To)), Die: m.Die, Hit: m.Hit}
	}
	b := g.nodes[k].b
	if g.side == Black {
		b[0], b[1] = b[1], b[0]
	}
	pl.Position = g.start
	pl.Position.b = b
	pl.Position.Turn = g.side.Other()
	return pl
}

// point converts the mover's own coordinate to White's numbering.
func (g *gen) point(o int) Point {
	if o == 0 || o == 25 {
		return Point(o)
	}
	return white(g.game, g.side, o)
}
