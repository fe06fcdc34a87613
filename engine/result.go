package engine

// This file scores finished games: who won, how (oin or mars in long nardy;
// single, gammon or backgammon in short nardy) and for how many points,
// with the doubling cube, the Jacoby and Crawford rules and the eastern
// stakes of short nardy.
//
// What a position alone can tell. A Position holds the checkers, the side
// to move and (long nardy) the side that started, so it decides:
//
//   - whether the game is over, and who won: the side with all 15 borne off
//     (see Result for the rare positions where both sides have);
//   - the kind of win, which depends only on where the loser's checkers
//     stand (and on the rules that name the kinds): none borne off (mars,
//     gammon); in long nardy with home-mars=on, none off but all 15 in
//     the loser's home (home mars); in short nardy, none off and one on
//     the bar or in the winner's home (backgammon, unless backgammon=off);
//   - in long nardy, whether the last roll is still to come or was taken:
//     the starter has finished and the other side, with 4 or fewer checkers
//     left all in its home, is to move (pending), or the starter is to move
//     again (the last roll was taken and did not bear everything off).
//
// It cannot tell anything about the stake: the cube's value and owner,
// whether the game was played with the cube at all, whether a double was
// passed (a pass ends the game with checkers still on the board), nor the
// match score. Those are the caller's: Scoring, Cube and Match.

// ResultKind is how a game ended.
type ResultKind uint8

// The kinds of result. Oin, Mars, Drawn and HomeMars are long nardy;
// Single, Gammon and Backgammon are short nardy.
const (
	// NotOver: the game goes on (or a long-nardy last roll is pending).
	NotOver ResultKind = iota
	// Oin (оин): long nardy, a single win; the loser bore off at least one
	// checker. 1 point.
	Oin
	// Mars (марс): long nardy, the loser bore off no checker. 2 points.
	Mars
	// Drawn: long nardy, the other side bore off all its checkers on the
	// last roll. 0 points.
	Drawn
	// Single: short nardy, the loser bore off at least one checker. 1 point.
	Single
	// Gammon (марс): short nardy, the loser bore off no checker. 2 points.
	Gammon
	// Backgammon (кокс): short nardy, a gammon where moreover the loser has
	// a checker on the bar or in the winner's home. 3 points. Not with
	// backgammon=off.
	Backgammon
	// HomeMars (домашний марс): long nardy with home-mars=on, a mars where
	// the loser has all 15 checkers in its home. 3 points (seed 000).
	HomeMars
)

var resultKindNames = [...]string{"not-over", "oin", "mars", "draw", "single", "gammon", "backgammon", "home-mars"}

// String returns a short stable name: "oin", "mars", "draw", "single",
// "gammon", "backgammon", "home-mars" or "not-over".
func (k ResultKind) String() string {
	if int(k) < len(resultKindNames) {
		return resultKindNames[k]
	}
	return "result-kind"
}

// ParseResultKind reads a kind's name as String writes it.
func ParseResultKind(name string) (ResultKind, bool) {
	for k, n := range resultKindNames {
		if n == name {
			return ResultKind(k), true
		}
	}
	return NotOver, false
}

// Multiplier returns how many stakes the kind of result is worth before
// any cube or scoring option: oin and single 1, mars and gammon 2,
// backgammon and home mars 3, a draw or an unfinished game 0.
func (k ResultKind) Multiplier() int {
	switch k {
	case Oin, Single:
		return 1
	case Mars, Gammon:
		return 2
	case Backgammon, HomeMars:
		return 3
	}
	return 0
}

// Outcome is the result of a game as far as the position shows it.
type Outcome struct {
	// Over is set when the game has ended: nobody moves any more. It
	// agrees with Position.GameOver.
	Over bool
	// Draw is set for a long-nardy draw (Kind Drawn): the other side bore
	// off everything on its last roll. Nobody wins; Winner is then the
	// side that started, the one that finished first.
	Draw bool
	// Winner is the side that won. With LastRollPending it is the side
	// that started, which wins unless the last roll bears everything off.
	Winner Side
	// Kind is how the game ended on the board. Scoring options may count a
	// gammon as a single (see Outcome.Scored); Kind still says gammon.
	Kind ResultKind
	// Points is what the winner receives: Kind's multiplier, times the
	// cube's value and adjusted by the scoring options when the outcome
	// comes from Scored. 0 for a draw or an unfinished game, except with
	// LastRollPending, where it is what the starter wins if the last roll
	// fails (1 point).
	Points int
	// LastRollPending is set in long nardy when the starter has borne off
	// all 15 and the other side, with 4 or fewer checkers left, all in its
	// home, is to roll once more (Position.LastRoll). Over is false.
	LastRollPending bool
}

// Result reports how the game in p stands under rules r, with the stake at
// 1 (no cube).
//
// Long nardy: the first side to bear off all 15 wins, oin (1 point) or
// mars (2 points) when the loser bore off none; with r.HomeMars a mars
// where the loser has all 15 in its home is a home mars (3 points). When the starter finishes
// first and the other side has 4 or fewer checkers left, all in its home,
// that side rolls once more (unless r.NoLastRoll): while it is to move the
// outcome is LastRollPending; once the starter is to move again the roll
// has been taken and the starter wins 1. With 5 or more left, or when the
// second player finishes first, the game is over at once.
//
// Short nardy: the side with all 15 off wins a single (1), a gammon (2) or
// a backgammon (3; with r.NoBackgammon a gammon).
//
// When both sides have all 15 off, the side that finished first is the
// one to move (the other made the last play): in long nardy with a last
// roll that is the starter, and the result is a draw; otherwise the side to
// move has won a single game (oin or single), the loser having borne off
// everything too. Positions without a finished side are NotOver.
func (p Position) Result(r Rules) Outcome {
	wOff, bOff := p.Off(White) == Checkers, p.Off(Black) == Checkers
	switch {
	case !wOff && !bOff:
		return Outcome{}
	case wOff && bOff:
		if p.Game == Long && !r.NoLastRoll && p.Turn == p.Started {
			return Outcome{Over: true, Draw: true, Winner: p.Started, Kind: Drawn}
		}
		return p.win(p.Turn, r)
	}
	winner := White
	if bOff {
		winner = Black
	}
	if p.LastRoll(r) {
		return Outcome{Winner: winner, Kind: Oin, Points: 1, LastRollPending: true}
	}
	return p.win(winner, r)
}

// win is the outcome of a game won by w under rules r, judged from the
// loser's checkers.
func (p Position) win(w Side, r Rules) Outcome {
	l := w.Other()
	k := Single
	if p.Game == Long {
		k = Oin
	}
	if p.Off(l) == 0 {
		switch {
		case p.Game == Long:
			k = Mars
			if r.HomeMars && p.AllHome(l) {
				k = HomeMars
			}
		default:
			k = Gammon
			if !r.NoBackgammon && p.backgammoned(l, w) {
				k = Backgammon
			}
		}
	}
	return Outcome{Over: true, Winner: w, Kind: k, Points: k.Multiplier()}
}

// backgammoned reports whether loser l has a checker on the bar or in
// winner w's home (short nardy).
func (p Position) backgammoned(l, w Side) bool {
	if p.Bar(l) > 0 {
		return true
	}
	for _, pt := range Home(p.Game, w) {
		if p.Count(l, pt) > 0 {
			return true
		}
	}
	return false
}

// Scoring is how a game is scored beyond the board: the cube and the
// options that change what a gammon is worth. The zero value is a game
// without the cube. Long nardy has a cube only with long-cube=on.
type Scoring struct {
	// Cube is the cube's current value: 1 while it is centred (never
	// turned), then 2, 4, 8 … or, eastern, 2, 3, 4 … Values below 1 count
	// as 1. It is read only when CubeInUse.
	Cube int
	// CubeInUse is set when the game is played with the doubling cube.
	CubeInUse bool
	// Jacoby applies the Jacoby rule (money play with the cube): gammons
	// and backgammons count as a single while the cube has never been
	// turned. It is read only when CubeInUse.
	Jacoby bool
}

// Value returns the stake: the cube's value when the cube is in use, else 1.
func (sc Scoring) Value() int {
	if !sc.CubeInUse || sc.Cube < 1 {
		return 1
	}
	return sc.Cube
}

// Scored returns o with Points counted under the scoring options sc and
// rules r: in short nardy the kind's multiplier times the stake, where a
// gammon or backgammon counts as a single under the Jacoby rule while the
// cube stands at 1, and always when the eastern rules (r.Short == Eastern)
// are played with the cube ("no mars with the cube"). In long nardy with
// r.LongCube the kind's multiplier times the stake (the Jacoby rule is
// short nardy's); without it long nardy has no cube and the outcome is
// returned unchanged, as are draws and unfinished games. Scored is
// idempotent.
func (o Outcome) Scored(sc Scoring, r Rules) Outcome {
	if !o.Over {
		return o
	}
	m := o.Kind.Multiplier()
	switch o.Kind {
	case Single, Gammon, Backgammon:
		if sc.CubeInUse && (sc.Jacoby && sc.Value() == 1 || r.Short == Eastern) {
			m = 1
		}
	case Oin, Mars, HomeMars:
		if !r.LongCube {
			return o
		}
	default:
		return o
	}
	o.Points = m * sc.Value()
	return o
}

// CubeMax is the highest face of the international doubling cube.
const CubeMax = 64

// NextCube returns the value the cube takes when a double at value is
// accepted: twice value in the international profile, up to CubeMax (2, 4,
// 8 … 64), or one more with r.Short == Eastern (arithmetic stakes 1, 2, 3,
// 4 …, without a top). ok is false when the cube cannot be turned further.
// A value below 1 counts as 1.
func NextCube(value int, r Rules) (next int, ok bool) {
	value = max(value, 1)
	if r.Short == Eastern {
		return value + 1, true
	}
	if value >= CubeMax {
		return value, false
	}
	return min(2*value, CubeMax), true
}

// Cube is the doubling cube of a short-nardy game (даве): its value and
// who may double next. NewCube returns the centred cube; the zero value
// behaves as the centred cube too.
type Cube struct {
	// Value is the stake; values below 1 count as 1 (centred).
	Value int
	// Owner is the side holding the cube, the only one that may double
	// next. It means nothing while the cube is centred (Owned is false).
	Owner Side
	// Owned is false while the cube is centred: either side may double.
	Owned bool
}

// NewCube returns the centred cube at 1.
func NewCube() Cube { return Cube{Value: 1} }

// Stake returns the cube's value, at least 1.
func (c Cube) Stake() int { return max(c.Value, 1) }

// Turned reports whether the cube has ever been turned (its value is more
// than 1), the condition of the Jacoby rule.
func (c Cube) Turned() bool { return c.Stake() > 1 }

// CanDouble reports whether side s may offer a double (before rolling):
// the cube is centred or s owns it, and it can be turned further.
func (c Cube) CanDouble(s Side, r Rules) bool {
	if c.Owned && c.Owner != s {
		return false
	}
	_, ok := NextCube(c.Stake(), r)
	return ok
}

// Take returns the cube after side s doubled and the opponent took: the
// next value, owned by the taker. ok is false when s may not double.
func (c Cube) Take(s Side, r Rules) (Cube, bool) {
	if !c.CanDouble(s, r) {
		return c, false
	}
	v, _ := NextCube(c.Stake(), r)
	return Cube{Value: v, Owner: s.Other(), Owned: true}, true
}

// Beaver returns the cube after side s doubled and the opponent beavered:
// took and at once redoubled, keeping the cube (бивер). The value moves
// two steps (1 → 4 internationally, 1 → 3 with eastern stakes) and the
// cube stays with the taker. ok is false when s may not double or the
// cube cannot be turned twice.
func (c Cube) Beaver(s Side, r Rules) (Cube, bool) {
	t, ok := c.Take(s, r)
	if !ok {
		return c, false
	}
	v, ok := NextCube(t.Value, r)
	if !ok {
		return c, false
	}
	t.Value = v
	return t, true
}

// RefuseBeaver returns what side s, which doubled, loses when it refuses
// the opponent's beaver instead of accepting it (seed 000: the doubler may
// accept or refuse a beaver). A beaver is a take and a redouble, so
// refusing it is passing that redouble: the game ends and s loses the
// stake after the take (2 for a centred cube). ok is false when s may not
// double or the cube cannot be beavered.
func (c Cube) RefuseBeaver(s Side, r Rules) (points int, ok bool) {
	if _, ok := c.Beaver(s, r); !ok {
		return 0, false
	}
	t, _ := c.Take(s, r)
	return t.Pass(), true
}

// Pass returns what the side that doubled wins when the opponent passes:
// the game ends and the passer loses the current stake, before doubling.
func (c Cube) Pass() int { return c.Stake() }

// Scoring returns the scoring options of a game played with this cube.
func (c Cube) Scoring(jacoby bool) Scoring {
	return Scoring{Cube: c.Stake(), CubeInUse: true, Jacoby: jacoby}
}

// Match is the state of a short-nardy match to Length points, for the
// Crawford rule: the game right after a player first comes within one
// point of winning is played without the cube. The zero Length means
// money play: there is no match and no Crawford game.
type Match struct {
	// Length is the number of points that wins the match.
	Length int
	// Score is each side's points so far, indexed by Side.
	Score [2]int
	// CrawfordDone records that the Crawford game has been played (the
	// games after it are "post-Crawford" and use the cube again).
	CrawfordDone bool
}

// Winner reports the side that has won the match, if any.
func (m Match) Winner() (Side, bool) {
	if m.Length <= 0 {
		return White, false
	}
	for _, s := range []Side{White, Black} {
		if m.Score[s] >= m.Length {
			return s, true
		}
	}
	return White, false
}

// Crawford reports whether the next game is the Crawford game: a side is
// exactly one point short of the match, the other is not, nobody has won
// and the Crawford game has not been played yet. When both sides are one
// point short the Crawford game must already have been played (a game
// moves only one score), so it is not.
func (m Match) Crawford() bool {
	if m.Length <= 0 || m.CrawfordDone {
		return false
	}
	if _, over := m.Winner(); over {
		return false
	}
	w, b := m.Score[White] == m.Length-1, m.Score[Black] == m.Length-1
	return w != b
}

// CubeAllowed reports whether the next game may use the doubling cube:
// the match is not over and the next game is not the Crawford game.
func (m Match) CubeAllowed() bool {
	if _, over := m.Winner(); over {
		return false
	}
	return !m.Crawford()
}

// Record returns the match after a game that side winner won for points
// points, marking the Crawford game as played when it was this one.
func (m Match) Record(winner Side, points int) Match {
	if m.Crawford() {
		m.CrawfordDone = true
	}
	m.Score[winner] += points
	return m
}
