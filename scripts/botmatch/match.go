package main

import (
	"errors"
	"fmt"
	"math"
	mathrand "math/rand/v2"
	"time"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/nardydocs/nardydocs/internal/game"
)

// A Player chooses the play of a roll among the legal plays of a game.
type Player interface {
	// Name is how the report names the player ("strong", "random", "gnubg").
	Name() string
	// Choose returns one of plays, the legal plays of dice d in position
	// p (p.Turn to move; plays is never empty).
	Choose(p engine.Position, d engine.Dice, plays []engine.Play) (engine.Play, error)
}

// botPlayer plays at one of the computer's levels.
type botPlayer struct {
	level bot.Level
	pl    *bot.Player
}

func newBotPlayer(l bot.Level, r engine.Rules, seed uint64) *botPlayer {
	return &botPlayer{l, bot.New(l, r, seed)}
}

func (b *botPlayer) Name() string { return b.level.String() }

func (b *botPlayer) Choose(p engine.Position, d engine.Dice, plays []engine.Play) (engine.Play, error) {
	pl, ok := b.pl.Choose(p, d)
	if !ok {
		return engine.Play{}, fmt.Errorf("the %s player chose no play for a roll with %d legal plays", b.level, len(plays))
	}
	return pl, nil
}

// randomPlayer plays one of the legal plays, each equally likely.
type randomPlayer struct {
	rng *mathrand.Rand
}

func newRandomPlayer(seed uint64) *randomPlayer {
	return &randomPlayer{mathrand.New(mathrand.NewPCG(seed, 0x72616e646f6d))}
}

func (*randomPlayer) Name() string { return "random" }

func (r *randomPlayer) Choose(_ engine.Position, _ engine.Dice, plays []engine.Play) (engine.Play, error) {
	return plays[r.rng.IntN(len(plays))], nil
}

// Outcome is one finished game of a match, from player A's side.
type Outcome struct {
	// AColour is the colour A played.
	AColour engine.Side
	// AStarted is set when A won the opening roll.
	AStarted bool
	// Result is the game's result, as the game scores it.
	Result game.Result
	// Points is what A won (negative: lost); 0 for a draw.
	Points int
	// Moves is the number of plays made, both sides together.
	Moves int
	// Pair is the game's pair in the match: the two games of a pair roll
	// the same dice.
	Pair int
}

// Won reports whether A won the game.
func (o Outcome) Won() bool { return !o.Result.Draw && o.Result.Winner == o.AColour }

// errAbandoned marks a game a player could not go on with; the match
// counts it and plays on.
var errAbandoned = errors.New("game abandoned")

// maxActions bounds the actions of one game: a game that goes on longer
// is a bug in the game or a player.
const maxActions = 20000

// playGame plays one cubeless game of kind under rules, with the dice of
// seed, a playing White and b Black, to its end.
// It returns the result, the side that won the opening roll and the
// number of plays made.
func playGame(kind engine.Game, rules engine.Rules, seed uint64, white, black Player) (game.Result, engine.Side, int, error) {
	g := game.New(kind, rules, game.Options{Dice: game.NewSeeded(seed)})
	moves := 0
	for range maxActions {
		switch g.Phase() {
		case game.PhaseOver:
			r, _ := g.Result()
			s, _ := g.Starter()
			return r, s, moves, nil
		case game.PhaseOpening, game.PhaseRoll:
			if _, err := g.Roll(); err != nil {
				return game.Result{}, 0, moves, err
			}
		case game.PhasePlay:
			pos := g.Position()
			d, _ := g.Dice()
			plays := g.LegalPlays()
			p := white
			if g.ToMove() == engine.Black {
				p = black
			}
			pl, err := p.Choose(pos, d, plays)
			if err != nil {
				return game.Result{}, 0, moves, fmt.Errorf("%s, %s to play %s in %s: %w", p.Name(), pos.Turn, d, engine.Code(pos, d, true, rules), err)
			}
			if _, err := g.Choose(pl); err != nil {
				return game.Result{}, 0, moves, fmt.Errorf("%s's play %s in %s: %w", p.Name(), pl, engine.Code(pos, d, true, rules), err)
			}
			moves++
		default:
			return game.Result{}, 0, moves, fmt.Errorf("the game waits for %s, which a cubeless game never does", g.Phase())
		}
	}
	return game.Result{}, 0, moves, fmt.Errorf("the game did not end in %d actions", maxActions)
}

// gameSeed is the dice seed of game pair k of a match with seed seed
// (SplitMix64 of both): both games of a pair roll the same dice.
func gameSeed(seed uint64, k int) uint64 {
	z := seed + uint64(k+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Match plays n games (n even) between a and b and returns their
// outcomes, in order. Games 2k and 2k+1 roll the same dice (seeded from
// seed and k); a plays White in game 2k and Black in game 2k+1. The
// opening roll depends only on the dice, so the same colour wins it in
// both games of a pair: each player starts exactly one game of every
// pair, half of all games. A game that a player abandons (errAbandoned)
// is left out and counted in abandoned; any other error stops the match.
// progress, when not nil, is called after every game with the games
// played so far.
func Match(kind engine.Game, rules engine.Rules, n int, seed uint64, a, b Player, progress func(played int, out []Outcome, abandoned int)) (out []Outcome, abandoned int, err error) {
	if n <= 0 || n%2 != 0 {
		return nil, 0, fmt.Errorf("a match is an even number of games (each player starts half of them), not %d", n)
	}
	for i := range n {
		aColour := engine.White
		white, black := a, b
		if i%2 == 1 {
			aColour = engine.Black
			white, black = b, a
		}
		res, first, moves, err := playGame(kind, rules, gameSeed(seed, i/2), white, black)
		if errors.Is(err, errAbandoned) {
			abandoned++
			if progress != nil {
				progress(i+1, out, abandoned)
			}
			continue
		}
		if err != nil {
			return out, abandoned, fmt.Errorf("game %d: %w", i+1, err)
		}
		o := Outcome{AColour: aColour, AStarted: first == aColour, Result: res, Moves: moves, Pair: i / 2}
		if !res.Draw {
			o.Points = res.Points
			if res.Winner != aColour {
				o.Points = -res.Points
			}
		}
		out = append(out, o)
		if progress != nil {
			progress(i+1, out, abandoned)
		}
	}
	return out, abandoned, nil
}

// Stats sums up a match from player A's side.
type Stats struct {
	Games, Abandoned int
	Wins, Losses     int
	Draws            int
	Started          int // games A started
	WinRate, WinSE   float64
	PPG, PPGSE       float64
	Kinds            map[string]int // "win single", "loss gammon", ...
	Moves            int
	Elapsed          time.Duration
}

// Summarize computes the statistics of outcomes. A draw counts half a
// win. The standard errors are those of the means over the games, taken
// pair by pair (both games of a pair share their dice, so they are not
// independent; the pairs are): the standard deviation of the pairs'
// means over the square root of the number of pairs (see pairedMean). A
// pair with an abandoned game counts by its one game.
func Summarize(out []Outcome, abandoned int) Stats {
	s := Stats{Games: len(out), Abandoned: abandoned, Kinds: map[string]int{}}
	if len(out) == 0 {
		return s
	}
	var win, ppg []float64
	var pair []int
	for _, o := range out {
		w := 0.0
		switch {
		case o.Result.Draw:
			s.Draws++
			w = 0.5
			s.Kinds["draw"]++
		case o.Won():
			s.Wins++
			w = 1
			s.Kinds["win "+o.Result.Kind.String()]++
		default:
			s.Losses++
			s.Kinds["loss "+o.Result.Kind.String()]++
		}
		if o.AStarted {
			s.Started++
		}
		s.Moves += o.Moves
		win = append(win, w)
		ppg = append(ppg, float64(o.Points))
		pair = append(pair, o.Pair)
	}
	s.WinRate, s.WinSE = pairedMean(win, pair)
	s.PPG, s.PPGSE = pairedMean(ppg, pair)
	return s
}

// pairedMean returns the mean of x and its standard error when the
// values are grouped in pairs (pair[i] is x[i]'s), values of one pair
// possibly dependent, pairs independent: the cluster-robust estimate
// √(K/(K−1)·Σₖ(Sₖ − m·nₖ)²)/N over the K pairs, where Sₖ is the sum of
// pair k's nₖ values and N the number of values. With two values in
// every pair it is the standard deviation of the pairs' means over √K.
func pairedMean(x []float64, pair []int) (mean, se float64) {
	type group struct {
		sum float64
		n   int
	}
	var groups []group
	index := map[int]int{}
	sum := 0.0
	for i, v := range x {
		k, ok := index[pair[i]]
		if !ok {
			k = len(groups)
			index[pair[i]] = k
			groups = append(groups, group{})
		}
		groups[k].sum += v
		groups[k].n++
		sum += v
	}
	n := float64(len(x))
	mean = sum / n
	if len(groups) < 2 {
		return mean, math.NaN()
	}
	ss := 0.0
	for _, g := range groups {
		d := g.sum - mean*float64(g.n)
		ss += d * d
	}
	k := float64(len(groups))
	return mean, math.Sqrt(k/(k-1)*ss) / n
}
