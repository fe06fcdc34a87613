package engine_test

// A slow reference generator of legal plays, written from docs/rules.md
// without the fast generator's internals: the board is kept physically,
// in White's numbering, and each side walks an explicit list of points.
// Every sequence of single-die moves is enumerated (both orders of the
// dice, a double four times) and the rules are applied to whole
// sequences, as the "Precise readings" of docs/rules.md say.

import (
	"slices"

	"github.com/nardydocs/nardydocs/engine"
)

// refPath lists the 24 points side s passes in game g, in White's
// numbering, from its first point (the head in long nardy) to its deepest
// home point; the last six are its home.
func refPath(g engine.Game, s engine.Side) [24]engine.Point {
	var path [24]engine.Point
	for i := range path {
		switch {
		case s == engine.White: // 24, 23, …, 1
			path[i] = engine.Point(24 - i)
		case g == engine.Long: // 12, 11, …, 1, then 24, 23, …, 13
			if i < 12 {
				path[i] = engine.Point(12 - i)
			} else {
				path[i] = engine.Point(36 - i)
			}
		default: // short nardy: 1, 2, …, 24
			path[i] = engine.Point(i + 1)
		}
	}
	return path
}

// refBoard is a physical board: how many checkers of each side stand on
// each point (White's numbering, index 1..24), on the bar and off.
type refBoard struct {
	n   [2][25]int8
	bar [2]int8
	off [2]int8
}

func refBoardOf(p engine.Position) refBoard {
	var b refBoard
	for _, s := range []engine.Side{engine.White, engine.Black} {
		for pt := engine.Point(1); pt <= 24; pt++ {
			b.n[s][pt] = int8(p.Count(s, pt))
		}
		b.bar[s] = int8(p.Bar(s))
		b.off[s] = int8(p.Off(s))
	}
	return b
}

// position builds the engine position of b, keeping game and starter of
// like and giving the turn to turn.
func (b refBoard) position(like engine.Position, turn engine.Side) engine.Position {
	p := engine.NewPosition(like.Game)
	for _, s := range []engine.Side{engine.White, engine.Black} {
		for pt := engine.Point(1); pt <= 24; pt++ {
			if b.n[s][pt] > 0 {
				p.Set(s, pt, int(b.n[s][pt]))
			}
		}
		p.SetBar(s, int(b.bar[s]))
	}
	p.Turn = turn
	p.Started = like.Started
	return p
}

// refTurn holds what a turn's enumeration needs.
type refTurn struct {
	game      engine.Game
	rules     engine.Rules
	me, opp   engine.Side
	path      [2][24]engine.Point
	index     [2][25]int // index[s][pt]: where pt is on s's path
	headLimit int
	relaxed   bool // enumerate any dice move, ignoring every rule
}

func newRefTurn(p engine.Position, r engine.Rules) *refTurn {
	t := &refTurn{game: p.Game, rules: r, me: p.Turn, opp: p.Turn.Other(), headLimit: 1}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		t.path[s] = refPath(p.Game, s)
		for i, pt := range t.path[s] {
			t.index[s][pt] = i
		}
	}
	return t
}

func (t *refTurn) head() engine.Point { return t.path[t.me][0] }

// allHome reports whether every checker of s still in play is in its home.
func (t *refTurn) allHome(b *refBoard, s engine.Side) bool {
	if b.bar[s] > 0 {
		return false
	}
	for i := 0; i < 18; i++ {
		if b.n[s][t.path[s][i]] > 0 {
			return false
		}
	}
	return true
}

// forbiddenBlock reports whether the mover holds six points in a row along
// the opponent's path that the rules do not allow (long nardy only).
func (t *refTurn) forbiddenBlock(b *refBoard) bool {
	if t.game != engine.Long {
		return false
	}
	op := t.path[t.opp]
	for first := 0; first+6 <= 24; first++ {
		held := true
		for i := first; i < first+6; i++ {
			if b.n[t.me][op[i]] == 0 {
				held = false
			}
		}
		if !held {
			continue
		}
		// The window op[first..first+5] is held: is it exempt?
		if b.off[t.opp] > 0 {
			continue
		}
		from := first + 6 // ahead: past the block's last point
		if t.rules.BlockExemption == engine.ExemptHome {
			from = 18 // in the opponent's home
		}
		exempt := false
		for i := from; i < 24; i++ {
			if b.n[t.opp][op[i]] > 0 {
				exempt = true
			}
		}
		if !exempt {
			return true
		}
	}
	return false
}

// refStep is one single-die move considered by the enumeration.
type refStep struct {
	mv     engine.Move
	hitter bool // eastern: the checker moved is one that hit this turn
}

// steps lists the single moves die d allows in b. heads is how many
// checkers left the head so far; hitters counts, per point, the checkers
// there that hit this turn (eastern short nardy).
func (t *refTurn) steps(b *refBoard, d int, heads int, hitters *[25]int8) []refStep {
	me, opp := t.me, t.opp
	path := t.path[me]
	var out []refStep
	land := func(from, to engine.Point) {
		mv := engine.Move{From: from, To: to, Die: uint8(d)}
		if to != engine.Off {
			c := b.n[opp][to]
			switch {
			case t.relaxed:
			case t.game == engine.Long && c > 0:
				return // long nardy: even one checker holds a point
			case t.game == engine.Short && c >= 2:
				return
			}
			mv.Hit = t.game == engine.Short && c == 1
		}
		if from == engine.Bar || t.relaxed || t.game == engine.Long || t.rules.Short != engine.Eastern {
			out = append(out, refStep{mv: mv})
			return
		}
		// Eastern: a checker that hit may not move on to its own point.
		if b.n[me][from] > hitters[from] {
			out = append(out, refStep{mv: mv})
		}
		if hitters[from] > 0 && (to == engine.Off || b.n[me][to] == 0) {
			out = append(out, refStep{mv: mv, hitter: true})
		}
	}
	if b.bar[me] > 0 {
		land(engine.Bar, path[d-1])
		if !t.relaxed {
			return out // the bar first
		}
	}
	for i, from := range path {
		if b.n[me][from] == 0 {
			continue
		}
		if !t.relaxed && t.game == engine.Long && i == 0 && heads >= t.headLimit {
			continue
		}
		if j := i + d; j < 24 {
			land(from, path[j])
			continue
		}
		// Bearing off: everything home; a die larger than needed only
		// from the highest point.
		if !t.relaxed {
			if !t.allHome(b, me) {
				continue
			}
			higher := false
			for k := 0; k < i; k++ {
				if b.n[me][path[k]] > 0 {
					higher = true
				}
			}
			if i+d > 24 && higher {
				continue
			}
		}
		land(from, engine.Off)
	}
	return out
}

// apply plays one step on a copy of the board.
func (t *refTurn) apply(b refBoard, mv engine.Move) refBoard {
	if mv.From == engine.Bar {
		b.bar[t.me]--
	} else {
		b.n[t.me][mv.From]--
	}
	if mv.To == engine.Off {
		b.off[t.me]++
		return b
	}
	b.n[t.me][mv.To]++
	if mv.Hit {
		b.n[t.opp][mv.To]--
		b.bar[t.opp]++
	}
	return b
}

// refSeq is one sequence of single-die moves and the board it leads to.
type refSeq struct {
	moves    []engine.Move
	board    refBoard
	legalEnd bool // the sequence may end here (end-of-turn six-block)
}

// refState is what decides the rest of a turn: the board, the dice left,
// the head departures and the eastern hitters.
type refState struct {
	b       refBoard
	left    [4]int8
	heads   int8
	hitters [25]int8
}

// walk enumerates the sequences of single moves from b with the dice left,
// calling visit for each (the empty one included). With a non-nil seen
// map a state met before is not visited again (every state is still
// reached, but not by every order of the dice).
func (t *refTurn) walk(b refBoard, left []int, moves []engine.Move, heads int, hitters [25]int8, seen map[refState]bool, visit func(refSeq)) {
	if seen != nil {
		k := refState{b: b, heads: int8(heads), hitters: hitters}
		for i, d := range left {
			k.left[i] = int8(d)
		}
		if seen[k] {
			return
		}
		seen[k] = true
	}
	end := t.relaxed || t.rules.BlockCheck != engine.BlockEndOfTurn || !t.forbiddenBlock(&b)
	visit(refSeq{moves: moves, board: b, legalEnd: end})
	var tried [7]bool
	for k, d := range left {
		if tried[d] {
			continue
		}
		tried[d] = true
		rest := slices.Delete(slices.Clone(left), k, k+1)
		for _, st := range t.steps(&b, d, heads, &hitters) {
			nb := t.apply(b, st.mv)
			if !t.relaxed && t.rules.BlockCheck == engine.BlockEachDie && t.forbiddenBlock(&nb) {
				continue
			}
			nh := heads
			if t.game == engine.Long && st.mv.From == t.head() {
				nh++
			}
			hs := hitters
			if st.hitter {
				hs[st.mv.From]--
			}
			if (st.hitter || st.mv.Hit) && st.mv.To != engine.Off && t.game == engine.Short && t.rules.Short == engine.Eastern {
				hs[st.mv.To]++
			}
			t.walk(nb, rest, append(slices.Clone(moves), st.mv), nh, hs, seen, visit)
		}
	}
}

func refDiceList(d engine.Dice) []int {
	if d.IsDouble() {
		return []int{int(d[0]), int(d[0]), int(d[0]), int(d[0])}
	}
	return []int{int(d[0]), int(d[1])}
}

// refGameOver reports whether nothing may be played in p: a side has all
// 15 off and the long-nardy last roll does not apply.
func refGameOver(p engine.Position, r engine.Rules) bool {
	b := refBoardOf(p)
	if b.off[engine.White] < 15 && b.off[engine.Black] < 15 {
		return false
	}
	if p.Game != engine.Long || r.NoLastRoll || p.Turn == p.Started || b.off[p.Started] != 15 {
		return true
	}
	left := 15 - int(b.off[p.Turn])
	t := newRefTurn(p, r)
	return left < 1 || left > 4 || !t.allHome(&b, p.Turn)
}

// refEnumerate calls visit for the sequences allowed move by move with the
// given head limit: every sequence in every order when all is set,
// otherwise every reachable state once.
func refEnumerate(p engine.Position, d engine.Dice, r engine.Rules, headLimit int, all bool, visit func(refSeq)) {
	t := newRefTurn(p, r)
	t.headLimit = headLimit
	var seen map[refState]bool
	if !all {
		seen = map[refState]bool{}
	}
	t.walk(refBoardOf(p), refDiceList(d), nil, 0, [25]int8{}, seen, visit)
}

// refHeadLimit returns how many checkers may leave the head this turn.
func refHeadLimit(p engine.Position, d engine.Dice, r engine.Rules) int {
	if p.Game != engine.Long {
		return 15
	}
	head := refPath(p.Game, p.Turn)[0]
	if p.Count(p.Turn, head) != 15 {
		return 1 // not the first turn
	}
	if r.HeadException == engine.HeadDoubles {
		if d.IsDouble() && (d[0] == 3 || d[0] == 4 || d[0] == 6) {
			return 2
		}
		return 1
	}
	most := 0
	refEnumerate(p, d, r, 1, false, func(s refSeq) {
		if s.legalEnd {
			most = max(most, len(s.moves))
		}
	})
	if most < len(refDiceList(d)) {
		return 2
	}
	return 1
}

// refOutcome is what the reference finds for one roll.
type refOutcome struct {
	dice      int                      // dice used by every legal play
	positions map[engine.Position]bool // the distinct resulting positions
	seqs      []refSeq                 // with all: every legal sequence, in every order
	// smallerDropped: only one die of two can be played and plays of the
	// smaller one were left out for the larger.
	smallerDropped bool
}

// refLegal computes the legal plays of the side to move in p for roll d;
// all asks for every legal sequence in every order as well.
func refLegal(p engine.Position, d engine.Dice, r engine.Rules, all bool) refOutcome {
	out := refOutcome{positions: map[engine.Position]bool{}}
	if refGameOver(p, r) {
		return out
	}
	var ends []refSeq // the sequences that may end the turn
	refEnumerate(p, d, r, refHeadLimit(p, d, r), all, func(s refSeq) {
		if s.legalEnd && len(s.moves) > 0 {
			ends = append(ends, s)
		}
	})
	// Must-play: the most dice; with one die of two, the larger if it
	// can be played.
	most, die := 0, 0
	for _, s := range ends {
		most = max(most, len(s.moves))
	}
	if most == 1 && !d.IsDouble() {
		die = int(d.Low())
		for _, s := range ends {
			if len(s.moves) == 1 && int(s.moves[0].Die) == int(d.High()) {
				die = int(d.High())
			}
		}
	}
	out.dice = most
	for _, s := range ends {
		if len(s.moves) != most || die != 0 && int(s.moves[0].Die) != die {
			out.smallerDropped = out.smallerDropped || len(s.moves) == most
			continue
		}
		if all {
			out.seqs = append(out.seqs, s)
		}
		out.positions[s.board.position(p, p.Turn.Other())] = true
	}
	return out
}

// refRelaxed lists every sequence of dice moves from p ignoring all rules
// but the dice (a checker may even stop on an opponent's point), for
// testing that the explainer rejects what is not legal.
func refRelaxed(p engine.Position, d engine.Dice) []refSeq {
	t := newRefTurn(p, engine.DefaultRules)
	t.relaxed = true
	var all []refSeq
	t.walk(refBoardOf(p), refDiceList(d), nil, 0, [25]int8{}, nil, func(s refSeq) {
		if len(s.moves) > 0 {
			all = append(all, s)
		}
	})
	return all
}
