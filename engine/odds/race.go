package odds

import (
	"errors"
	"math/big"

	"github.com/nardydocs/nardydocs/engine"
)

// Contact reports whether the two sides of p can still interact, so that
// a race figure does not apply. A side with every checker off never
// interacts.
//
// Short nardy: no contact when every checker of White stands below every
// checker of Black (in White's numbering; a checker on the bar is in
// contact). Long nardy: no contact when each side's checkers all stand in
// the second half of its own path (its own points 1..12): then the points
// a side will still pass (its own 1 up to its highest checker) and those
// the other side will still pass never meet; as soon as a side has a
// checker on its own point 13 or higher, that point or one below it lies
// on the other side's remaining path.
func Contact(p engine.Position) bool {
	if p.OnBoard(engine.White)+p.Bar(engine.White) == 0 || p.OnBoard(engine.Black)+p.Bar(engine.Black) == 0 {
		return false
	}
	if p.Game == engine.Short {
		if p.Bar(engine.White) > 0 || p.Bar(engine.Black) > 0 {
			return true
		}
		highW, lowB := 0, 25
		for pt := engine.Point(1); pt <= 24; pt++ {
			if p.Count(engine.White, pt) > 0 {
				highW = int(pt)
			}
			if p.Count(engine.Black, pt) > 0 && lowB == 25 {
				lowB = int(pt)
			}
		}
		return highW >= lowB
	}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		for pt := engine.Point(1); pt <= 24; pt++ {
			if p.Count(s, pt) > 0 && engine.OwnPoint(p.Game, s, pt) > 12 {
				return true
			}
		}
	}
	return false
}

// RaceOdds are the chances of a race with no contact, for the side to
// move in the position.
type RaceOdds struct {
	// Side is the side to move, whose chances Win and Loss are.
	Side engine.Side
	// Win, Draw and Loss are the chances that the side to move wins, that
	// the game is drawn (long nardy's last roll) and that it loses. They
	// add up to 1.
	Win, Draw, Loss Figure
	// Method is how the figures were computed: Exact (best play for both
	// sides, exact fractions) or OneSided (the one-sided model). A draw
	// that cannot happen is an exact 0 whatever the method.
	Method Method
}

// Race returns the chances of the race in p, where the sides can no
// longer interact (Contact is false; otherwise it is an error, as it is
// for a finished game).
//
// A race small enough (at most o.MaxTwoSided states, see
// DefaultMaxTwoSided) is computed exactly under best play for both sides:
// dynamic programming over the pairs of the two sides' positions, each
// side choosing, for every roll, the play that maximises its chance of
// winning with a draw counted as half a win (a win is worth 1 point, a
// draw 0 and a loss -1; mars is not counted). Among plays of equal worth
// it takes the one with the higher chance of winning outright, then the
// one whose result comes first in the table's order. Method is Exact.
//
// A larger race uses the one-sided model (Method OneSided): each side's
// number of turns to bear off is computed by Turns, each side playing to
// bear off in as few turns as it can on average, without regard to the
// other, and the two independent distributions are combined: with A to
// move and B the other side, A wins when it finishes on its k-th turn and
// B has not finished in its first k-1 turns, so P(A wins) = Σ P(A needs
// k) · P(B needs ≥ k). This is the usual race approximation; best play
// can do a little better for either side (in the tests, by up to a few
// tenths of a percentage point). A side too far from home for Turns is an
// error.
//
// Long nardy with the last roll (docs/rules.md, last-roll=on): when the
// side that started (Position.Started) finishes first and the other side
// starts its next turn with every checker home and bears them all off in
// that turn (so it had 4 or fewer), the game is drawn. If the second
// player finishes first it wins at once. A position where the last roll
// is being taken gives the chance of that one roll (see LastRoll).
//
// The six-block rule never restricts a race under the default
// block-exemption=ahead (every opponent checker is ahead of any block);
// with block-exemption=home it could forbid a side to hold six points in
// a row while no opponent checker is home, which neither model applies.
func Race(p engine.Position, r engine.Rules, o Options) (RaceOdds, error) {
	a := p.Turn
	b := a.Other()
	out := RaceOdds{Side: a}
	if p.LastRoll(r) {
		f, _, err := LastRoll(p, r)
		if err != nil {
			return out, err
		}
		out.Draw = f
		out.Loss = exactFigure(new(big.Rat).Sub(ratOne, f.Rat), 36)
		out.Win = exactFigure(new(big.Rat), 36)
		out.Method = Exact
		return out, nil
	}
	if p.GameOver(r) {
		return out, errors.New("odds: race: the game is over")
	}
	if p.Off(a) == engine.Checkers || p.Off(b) == engine.Checkers {
		return out, errors.New("odds: race: a side has borne off every checker")
	}
	if Contact(p) {
		return out, errors.New("odds: race: the sides are still in contact")
	}
	lastRoll := p.Game == engine.Long && !r.NoLastRoll
	aStarted := lastRoll && p.Started == a
	bStarted := lastRoll && p.Started == b
	sa, _ := sideOf(p, a) // no contact: no checker on the bar
	sb, _ := sideOf(p, b)
	limit := o.MaxTwoSided
	if limit == 0 {
		limit = DefaultMaxTwoSided
	}
	if limit > 0 && twoSidedBound(&sa, &sb) <= limit {
		w, d, l := bestPlayRace(sa, sb, lastRoll, aStarted)
		out.Win, out.Draw, out.Loss = exactFigure(w, 0), exactFigure(d, 0), exactFigure(l, 0)
		out.Method = Exact
		return out, nil
	}
	da, err := Turns(p, a, o)
	if err != nil {
		return out, err
	}
	db, err := Turns(p, b, o)
	if err != nil {
		return out, err
	}
	w, d, l := combine(&da, &db, aStarted, bStarted)
	out.Method = OneSided
	out.Win = floatFigure(w, OneSided, w > 0 && d+l > 0)
	out.Draw = floatFigure(d, OneSided, d > 0 && w+l > 0)
	out.Loss = floatFigure(l, OneSided, l > 0 && w+d > 0)
	if !aStarted && !bStarted {
		out.Draw = exactFigure(new(big.Rat), 0) // no last roll: never a draw
	}
	return out, nil
}

// combine returns the chances that A (to move, distribution a) wins, that
// the game is drawn and that B wins under the one-sided model; aStarted
// and bStarted say which side started when the last roll applies.
func combine(a, b *Dist, aStarted, bStarted bool) (win, draw, loss float64) {
	hi := max(a.MaxTurns(), b.MaxTurns()) + 1
	tailA := make([]float64, hi+2) // tailA[k] = P(A needs k or more)
	tailB := make([]float64, hi+2)
	for k := hi; k >= 0; k-- {
		tailA[k] = tailA[k+1] + a.prob(k)
		tailB[k] = tailB[k+1] + b.prob(k)
	}
	for k := 1; k <= hi; k++ {
		pa, pb := a.prob(k), b.prob(k)
		// A finishes on its k-th turn, B not in its first k-1.
		w := pa * tailB[k]
		if aStarted {
			d := pa * b.probQ(k)
			w = pa * max(tailB[k]-b.probQ(k), 0)
			draw += d
		}
		win += w
		// B finishes on its k-th turn, A not in its first k.
		l := pb * tailA[k+1]
		if bStarted {
			d := pb * a.probQ(k+1)
			l = pb * max(tailA[k+1]-a.probQ(k+1), 0)
			draw += d
		}
		loss += l
	}
	return win, draw, loss
}

// TwoSidedWeight is what RaceCost counts for each state of an exact race
// under best play: each weighs every play of every roll of both sides,
// about four positions of a one-sided count.
const TwoSidedWeight = 4

// RaceCost bounds the work Race(p, r, o) may do, in positions of a
// one-sided count (some 150 ns each), without doing it: for an exact
// race under best play TwoSidedWeight for each of its states, for the
// one-sided model o's MaxPositions for each side still on its way home;
// nothing for what is read from a table (a race between two homes, one
// of small homes once the shared table is made, the last roll) or
// refused at once. It lets a caller bound many races together.
func RaceCost(p engine.Position, r engine.Rules, o Options) int {
	if p.LastRoll(r) || p.GameOver(r) || p.Off(engine.White) == engine.Checkers || p.Off(engine.Black) == engine.Checkers || Contact(p) {
		return 0
	}
	sa, _ := sideOf(p, p.Turn)
	sb, _ := sideOf(p, p.Turn.Other())
	limit := o.MaxTwoSided
	if limit == 0 {
		limit = DefaultMaxTwoSided
	}
	if bound := twoSidedBound(&sa, &sb); limit > 0 && bound <= limit {
		if sa.home() && sb.home() && sa.checkers() <= SharedCheckers && sb.checkers() <= SharedCheckers {
			return 0
		}
		return TwoSidedWeight * bound
	}
	cost := 0
	for _, s := range []*side{&sa, &sb} {
		if !s.home() && positionsBelow(s) <= MaxSpread {
			cost += o.maxPositions()
		}
	}
	return cost
}
