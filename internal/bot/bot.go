package bot

import (
	"errors"
	"sync"

	"github.com/nardydocs/nardydocs/engine"
)

// Level is how well a computer player plays.
type Level uint8

// The three levels, weakest first.
const (
	// Beginner plays by the middle level's evaluation blurred by noise and
	// by a beginner's habits: it hits whenever it can and leaves blots in
	// short nardy, and takes checkers off the head too early in long nardy.
	Beginner Level = iota
	// Middle plays by a hand-built evaluation of the position after each
	// legal play (pip count, points made, blots and shots, blocks,
	// distribution, bearing off), looking no further.
	Middle
	// Strong plays by a neural network trained by self-play for each game
	// (weights/), choosing the play whose position it values most.
	Strong
)

// Levels lists the levels, weakest first.
var Levels = []Level{Beginner, Middle, Strong}

var levelNames = [...]string{"beginner", "middle", "strong"}

// String returns "beginner", "middle" or "strong".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "level"
}

// ParseLevel reads a level's name as String writes it; the error lists the
// levels.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, errors.New(`unknown level "` + s + `"; the levels are beginner, middle and strong`)
}

// Estimate is a player's view of a position, for the side to roll: chances
// in [0,1]. A long-nardy draw counts as half a win.
type Estimate struct {
	// Win is the chance of winning the game.
	Win float64
	// WinGammon is the chance of winning a gammon or more (short nardy,
	// including backgammons, кокс) or a mars (long nardy, including home
	// mars).
	WinGammon float64
	// LoseGammon is the chance of losing a gammon or more (or a mars).
	LoseGammon float64
	// WinBackgammon is the part of WinGammon that is a backgammon (short
	// nardy) or a home mars (long nardy with home-mars=on): 0 when the
	// rules do not have it.
	WinBackgammon float64
	// LoseBackgammon is the part of LoseGammon that is a backgammon or a
	// home mars.
	LoseBackgammon float64
}

// Equity returns the cubeless points per game the side to roll may expect:
// a single counts 1, a gammon (mars) 2 and a backgammon (home mars) 3.
func (e Estimate) Equity() float64 {
	return 2*e.Win - 1 + e.WinGammon - e.LoseGammon + e.WinBackgammon - e.LoseBackgammon
}

// flip returns the estimate from the other side's point of view.
func (e Estimate) flip() Estimate {
	return Estimate{1 - e.Win, e.LoseGammon, e.WinGammon, e.LoseBackgammon, e.WinBackgammon}
}

// Player is a computer player of one level under one rule profile. It
// plays either game: each position says which. A Player is not safe for
// concurrent use (Beginner and Middle draw from its random source).
type Player struct {
	level Level
	rules engine.Rules
	rng   rng
	net   *Net // Strong's network; nil for the embedded one
	// lookAhead makes Strong value its best candidates one roll deeper.
	lookAhead bool
}

// New returns a player of level l under rules r. Beginner and Middle draw
// their mistakes from a source seeded by seed; Strong ignores it.
func New(l Level, r engine.Rules, seed uint64) *Player {
	return &Player{level: l, rules: r, rng: newRNG(seed), lookAhead: true}
}

// NewWithNet returns a strong player under rules r that values positions
// of n's game with n instead of the embedded network, with or without its
// look-ahead (see strongPick): for trying weights before embedding them.
func NewWithNet(r engine.Rules, n *Net, lookAhead bool) *Player {
	return &Player{level: Strong, rules: r, net: n, lookAhead: lookAhead}
}

// Level returns the player's level.
func (pl *Player) Level() Level { return pl.level }

// Choose returns the play made with d in p (p.Turn to move); ok is false
// when no legal play exists. It is always one of engine.LegalPlays(p, d,
// r). Strong is deterministic (the seed does not matter); Beginner and
// Middle draw their mistakes from the seeded source.
func (pl *Player) Choose(p engine.Position, d engine.Dice) (play engine.Play, ok bool) {
	plays := engine.LegalPlays(p, d, pl.rules)
	i := pl.pick(p, plays)
	if i < 0 {
		return engine.Play{}, false
	}
	return plays[i], true
}

// Rank returns the legal plays of d in p, best first by the player's own
// judgement, with the equity each leads to for the side that plays it:
// the first is the play Choose makes (for Beginner, with the noise of
// this call). Equal plays keep engine.LegalPlays' order. Strong values,
// in short nardy, its best few candidates one roll deeper than the rest
// and lists them first.
func (pl *Player) Rank(p engine.Position, d engine.Dice) ([]engine.Play, []float64) {
	plays := engine.LegalPlays(p, d, pl.rules)
	if len(plays) == 0 {
		return nil, nil
	}
	var order []int
	var eq []float64
	if pl.level == Strong {
		order, eq = pl.strongRank(plays)
	} else {
		eq = make([]float64, len(plays))
		for i := range plays {
			eq[i] = pl.score(p, plays[i])
		}
		order = make([]int, len(plays))
		for i := range order {
			order[i] = i
		}
		sortBy(order, eq)
	}
	ranked, req := make([]engine.Play, len(order)), make([]float64, len(order))
	for k, i := range order {
		ranked[k], req[k] = plays[i], eq[i]
	}
	return ranked, req
}

// pick returns the index of the chosen play, or -1 when there is none.
func (pl *Player) pick(p engine.Position, plays []engine.Play) int {
	if len(plays) == 0 {
		return -1
	}
	if pl.level == Strong {
		return pl.strongPick(p, plays)
	}
	best, bestEq := 0, 0.0
	for i := range plays {
		e := pl.score(p, plays[i])
		if i == 0 || e > bestEq {
			best, bestEq = i, e
		}
	}
	return best
}

// score is the beginner's or middle level's value of a play, as equity
// for the side playing.
func (pl *Player) score(p engine.Position, play engine.Play) float64 {
	if pl.level == Middle {
		return heuristicAfter(p, play, pl.rules)
	}
	return beginnerAfter(p, play, pl.rules, &pl.rng)
}

// Estimate returns the player's view of p, for p.Turn about to roll. A
// finished game (or a long-nardy last roll to come) is valued exactly.
func (pl *Player) Estimate(p engine.Position) Estimate {
	return pl.estimateAfter(p)
}

// estimateAfter values p for p.Turn to roll by the player's evaluation:
// the strong level averages, over the 21 rolls, the value of the position
// after its best play (one ply deeper than its choice of a play).
func (pl *Player) estimateAfter(p engine.Position) Estimate {
	if e, ok := settled(p, pl.rules); ok {
		return gate(e, p.Game, pl.rules)
	}
	if pl.level == Strong && pl.netOf(p.Game) != nil {
		if e, ok := bearoffEstimate(p, pl.rules); ok {
			return e
		}
		return pl.rollAverage(p)
	}
	return heuristicEstimate(p, pl.rules)
}

// The cube rule. Let E be the estimate's equity for the side concerned,
// with gammons counting as the stake's multiplier (as a single under the
// eastern rules, which have no mars with the cube).
const (
	// DoublePoint is the least equity at which a player doubles: about 70%
	// of winning chances in a race without gammons.
	DoublePoint = 0.4
	// TooGood is the equity above which a player does not double but
	// plays on for a gammon: doubling would give away more than a pass
	// wins.
	TooGood = 1.0
)

// cubeEquity is e's equity in game g as the cube counts it under rules r.
func cubeEquity(e Estimate, g engine.Game, r engine.Rules) float64 {
	if g == engine.Short && r.Short == engine.Eastern {
		return 2*e.Win - 1
	}
	return e.Equity()
}

// ShouldDouble reports whether p.Turn, about to roll, doubles with cube c,
// and the estimate it judged by. It doubles when the cube is its to turn
// and the equity E of the estimate lies in the doubling window
// DoublePoint ≤ E ≤ TooGood.
func (pl *Player) ShouldDouble(p engine.Position, c engine.Cube) (bool, Estimate) {
	e := pl.Estimate(p)
	if !c.CanDouble(p.Turn, pl.rules) {
		return false, e
	}
	if _, over := settled(p, pl.rules); over {
		return false, e
	}
	eq := cubeEquity(e, p.Game, pl.rules)
	return eq >= DoublePoint && eq <= TooGood, e
}

// ShouldTake reports whether p.Turn, offered a double at cube c, takes,
// and the estimate it judged by: p.Turn's chances with the doubler (the
// other side) about to roll, as it is when a double is offered. Taking
// plays on for the next stake N; passing loses the current stake S at
// once; it takes when N·E ≥ −S, that is E ≥ −½ with a doubling cube: a
// winning chance of at least 25% without gammons (the take point), more
// when gammons threaten.
func (pl *Player) ShouldTake(p engine.Position, c engine.Cube) (bool, Estimate) {
	e := pl.Estimate(p.Flip()).flip()
	next, _ := engine.NextCube(c.Stake(), pl.rules)
	return float64(next)*cubeEquity(e, p.Game, pl.rules) >= -float64(c.Stake()), e
}

// gate removes from e what the rules do not count: backgammons under
// backgammon=off, home mars without home-mars=on.
func gate(e Estimate, g engine.Game, r engine.Rules) Estimate {
	if g == engine.Short && r.NoBackgammon || g == engine.Long && !r.HomeMars {
		e.WinBackgammon, e.LoseBackgammon = 0, 0
	}
	return e
}

// settled returns the exact value of p for p.Turn when the game is decided
// by the position: it is over, or a long-nardy last roll is to come.
// Backgammons and home mars are reported whatever the rules (gate removes
// them).
func settled(p engine.Position, r engine.Rules) (Estimate, bool) {
	o := p.Result(r)
	switch {
	case o.Over && o.Draw:
		return Estimate{Win: 0.5}, true
	case o.Over:
		var e Estimate
		e.Win = 1
		l := o.Winner.Other()
		if p.Off(l) == 0 {
			e.WinGammon = 1
			if triple(p, l) {
				e.WinBackgammon = 1
			}
		}
		if o.Winner != p.Turn {
			e = e.flip()
		}
		return e, true
	case o.LastRollPending:
		// p.Turn takes the last roll: it draws if it bears everything off.
		q := 0.0
		for _, d := range engine.AllRolls() {
			for _, pl := range engine.LegalPlays(p, d, r) {
				if pl.Position.Off(p.Turn) == engine.Checkers {
					q += float64(d.Weight()) / 36
					break
				}
			}
		}
		return Estimate{Win: q / 2}, true
	}
	return Estimate{}, false
}

// triple reports whether loser l, with nothing borne off, loses three
// times the stake where the rules count it: a backgammon (a checker on the
// bar or in the winner's home) or a home mars (all 15 in its own home).
func triple(p engine.Position, l engine.Side) bool {
	if p.Game == engine.Long {
		return p.AllHome(l)
	}
	if p.Bar(l) > 0 {
		return true
	}
	for _, pt := range engine.Home(p.Game, l.Other()) {
		if p.Count(l, pt) > 0 {
			return true
		}
	}
	return false
}

// nets holds the embedded networks, loaded on first use.
var (
	netsOnce sync.Once
	nets     [2]*Net
)

// netOf returns the network the player values positions of game g by.
func (pl *Player) netOf(g engine.Game) *Net {
	if pl.net != nil && pl.net.game == g {
		return pl.net
	}
	return netFor(g)
}

// netFor returns the embedded network of game g.
func netFor(g engine.Game) *Net {
	netsOnce.Do(loadEmbedded)
	return nets[g]
}
