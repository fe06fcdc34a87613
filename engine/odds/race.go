package odds

import (
	"errors"
	"math"
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
	// Turns holds each side's distribution of turns to bear off, indexed
	// by engine.Side (turn 1 of the side not to move is its first roll,
	// after the side to move has played).
	Turns [2]Dist
	// Method is the least precise method of the figures (a draw that
	// cannot happen is an exact 0 whatever the method).
	Method Method
}

// Race returns the chances of the race in p, where the sides can no
// longer interact (Contact is false; otherwise it is an error, as it is
// for a finished game).
//
// Each side's number of turns to bear off is computed by Turns (exact,
// double precision or sampled, as labelled) and the two independent
// distributions are combined: with A to move and B the other side, A wins
// when it finishes on its k-th turn and B has not finished in its first
// k-1 turns, so P(A wins) = Σ P(A needs k) · P(B needs ≥ k). Both sides
// play the one-sided policy (see the package documentation).
//
// Long nardy with the last roll (docs/rules.md, rules last-roll=on): when the
// side that started (Position.Started) finishes first and the other side
// starts its next turn with every checker home and bears them all off in
// that turn (so it had 4 or fewer), the game is drawn. The chance of that
// is Σ P(starter needs k) · P(other needs exactly k, starting that turn all
// home), with turns counted from each side's next roll. If the second
// player finishes first it wins at once. A position where the last roll
// is being taken gives the chance of that one roll (see LastRoll).
//
// The six-block rule never restricts a race under the default
// block-exemption=ahead (every opponent checker is ahead of any block);
// with block-exemption=home it could forbid a side to hold six points in
// a row while no opponent checker is home, which this model ignores.
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
		out.Turns[a], _ = Turns(p, a, o)
		out.Turns[b] = finished
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
	var err error
	if out.Turns[a], err = Turns(p, a, o); err != nil {
		return out, err
	}
	if out.Turns[b], err = Turns(p, b, o); err != nil {
		return out, err
	}
	lastRoll := p.Game == engine.Long && !r.NoLastRoll
	aStarted := lastRoll && p.Started == a
	bStarted := lastRoll && p.Started == b
	da, db := &out.Turns[a], &out.Turns[b]
	out.Method = worse(da.method, db.method)
	if out.Method == Exact {
		w, d, l := combineRat(da, db, aStarted, bStarted)
		out.Win, out.Draw, out.Loss = exactFigure(w, 0), exactFigure(d, 0), exactFigure(l, 0)
		return out, nil
	}
	w, d, l := combine(da, db, aStarted, bStarted)
	out.Win = floatFigure(w, out.Method, w > 0 && d+l > 0)
	out.Draw = floatFigure(d, out.Method, d > 0 && w+l > 0)
	out.Loss = floatFigure(l, out.Method, l > 0 && w+d > 0)
	if !aStarted && !bStarted {
		out.Draw = exactFigure(new(big.Rat), 0) // no last roll: never a draw
	}
	if out.Method == Sampled {
		var se [3]float64
		for _, x := range []struct {
			d     *Dist
			other *Dist
			first bool
		}{{da, db, true}, {db, da, false}} {
			if x.d.samples == nil {
				continue
			}
			var s, s2 [3]float64
			for _, sm := range x.d.samples {
				sd := sm.dist()
				var v [3]float64
				if x.first {
					v[0], v[1], v[2] = combine(&sd, x.other, aStarted, bStarted)
				} else {
					v[0], v[1], v[2] = combine(x.other, &sd, aStarted, bStarted)
				}
				for i := range v {
					s[i] += v[i]
					s2[i] += v[i] * v[i]
				}
			}
			N := float64(len(x.d.samples))
			for i := range se {
				e := stdErr(s[i], s2[i], N)
				se[i] += e * e
			}
		}
		out.Win.StdErr = math.Sqrt(se[0])
		if out.Draw.Method == Sampled {
			out.Draw.StdErr = math.Sqrt(se[1])
		}
		out.Loss.StdErr = math.Sqrt(se[2])
	}
	return out, nil
}

// combine returns the chances that A (to move, distribution a) wins, that
// the game is drawn and that B wins; aStarted and bStarted say which side
// started when the last roll applies.
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

// combineRat is combine in exact fractions.
func combineRat(a, b *Dist, aStarted, bStarted bool) (win, draw, loss *big.Rat) {
	hi := max(a.MaxTurns(), b.MaxTurns()) + 1
	at := func(d *Dist, k int, q bool) *big.Rat {
		j := k - d.first
		rs := d.rat
		if q && d.ratQ != nil {
			rs = d.ratQ
		}
		if j < 0 || j >= len(rs) {
			return new(big.Rat)
		}
		return rs[j]
	}
	tailA := make([]*big.Rat, hi+2)
	tailB := make([]*big.Rat, hi+2)
	tailA[hi+1], tailB[hi+1] = new(big.Rat), new(big.Rat)
	for k := hi; k >= 0; k-- {
		tailA[k] = new(big.Rat).Add(tailA[k+1], at(a, k, false))
		tailB[k] = new(big.Rat).Add(tailB[k+1], at(b, k, false))
	}
	win, draw, loss = new(big.Rat), new(big.Rat), new(big.Rat)
	t := new(big.Rat)
	for k := 1; k <= hi; k++ {
		pa, pb := at(a, k, false), at(b, k, false)
		s := tailB[k]
		if aStarted {
			qb := at(b, k, true)
			draw.Add(draw, t.Mul(pa, qb))
			s = new(big.Rat).Sub(s, qb)
		}
		win.Add(win, t.Mul(pa, s))
		s = tailA[k+1]
		if bStarted {
			qa := at(a, k+1, true)
			draw.Add(draw, t.Mul(pb, qa))
			s = new(big.Rat).Sub(s, qa)
		}
		loss.Add(loss, t.Mul(pb, s))
	}
	return win, draw, loss
}
