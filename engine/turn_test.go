package engine_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// visible is a single-die move as a reader sees it on the board: from
// where to where, and whether it hit.
type visible struct {
	from, to engine.Point
	hit      bool
}

func visibleOf(ms []engine.Move) []visible {
	out := make([]visible, len(ms))
	for i, m := range ms {
		out[i] = visible{m.From, m.To, m.Hit}
	}
	return out
}

// oracleTargets computes from the reference's legal sequences (every
// order of every legal play, refLegal with all) where the checker on from
// may go after the moves made: the end of every single move that some
// legal sequence makes next, and the end of every run of moves by that
// one checker when every legal sequence making that run hits the same
// points on the way.
func oracleTargets(seqs []refSeq, made []visible, from engine.Point) map[engine.Point]bool {
	singles := map[engine.Point]bool{}
	runs := map[engine.Point]map[string]bool{} // destination → the hits on the way
	for _, s := range seqs {
		vs := visibleOf(s.moves)
		if len(vs) <= len(made) || !slices.Equal(vs[:len(made)], made) || vs[len(made)].from != from {
			continue
		}
		singles[vs[len(made)].to] = true
		var hits []string
		at := vs[len(made)]
		if at.hit {
			hits = append(hits, at.to.String())
		}
		for _, v := range vs[len(made)+1:] {
			if v.from != at.to || at.to == engine.Off {
				break
			}
			at = v
			if v.hit {
				hits = append(hits, v.to.String())
			}
			if runs[v.to] == nil {
				runs[v.to] = map[string]bool{}
			}
			runs[v.to][strings.Join(hits, ",")] = true
		}
	}
	out := map[engine.Point]bool{}
	for to := range singles {
		out[to] = true
	}
	for to, ways := range runs {
		if !singles[to] && len(ways) == 1 {
			out[to] = true
		}
	}
	return out
}

// fromPoints lists every place a checker may start from: the bar and the
// 24 points.
func fromPoints() []engine.Point {
	ps := []engine.Point{engine.Bar}
	for pt := engine.Point(24); pt >= 1; pt-- {
		ps = append(ps, pt)
	}
	return ps
}

// TestTurnTargetsMatchReference plays random legal plays step by step
// on at least 10,000 positions (a quarter under -short), each with a
// random roll under a random rule profile: at every step, for every point,
// the targets a Turn offers are exactly those after which the reference
// can still complete a legal play; every finished turn is one of the
// legal plays; Undo restores what a step changed.
func TestTurnTargetsMatchReference(t *testing.T) {
	want := 10000
	if testing.Short() {
		want = 2500
	}
	rng := rand.New(rand.NewPCG(7, 0x7475726e))
	cases, steps, refused := 0, 0, 0
	for seed := uint64(1); cases < want; seed++ {
		for _, tp := range testPositions(seed, 1) {
			if cases >= want {
				break
			}
			p := tp.p
			variants := allVariants(p.Game)
			r := variants[rng.IntN(len(variants))]
			d := engine.Dice{uint8(rng.IntN(6) + 1), uint8(rng.IntN(6) + 1)}
			cases++
			code := engine.Code(p, d, true, r)
			ref := refLegal(p, d, r, true)
			tn := engine.NewTurn(p, d, r)
			if tn.Need() != ref.dice {
				t.Fatalf("%s: the turn needs %d dice, the reference %d", code, tn.Need(), ref.dice)
			}
			var made []visible
			type snapshot struct {
				made    []visible
				targets map[engine.Point][]engine.Point
			}
			var history []snapshot
			for !tn.Done() {
				targets := map[engine.Point][]engine.Point{}
				var movable []engine.Point
				for _, from := range fromPoints() {
					got := tn.Targets(from)
					oracle := oracleTargets(ref.seqs, made, from)
					if len(got) != len(oracle) || !allIn(got, oracle) {
						t.Fatalf("%s after %v: targets from %v are %v, want %v", code, made, from, got, keys(oracle))
					}
					if len(got) > 0 {
						targets[from] = got
						movable = append(movable, from)
					} else if v := tn.Why(from); v.Legal() {
						t.Fatalf("%s after %v: Why(%v) says legal, yet it has no target", code, made, from)
					}
				}
				m := tn.Movable()
				slices.Sort(m)
				slices.Sort(movable)
				if !slices.Equal(m, movable) {
					t.Fatalf("%s after %v: Movable = %v, want %v", code, made, m, movable)
				}
				if len(movable) == 0 {
					t.Fatalf("%s after %v: not done, yet nothing can move", code, made)
				}
				// A refused move changes nothing.
				from := movable[rng.IntN(len(movable))]
				for to := engine.Point(0); to <= 24; to++ {
					if slices.Contains(targets[from], to) {
						continue
					}
					before := tn.Steps()
					if v := tn.Move(from, to); v.Legal() || tn.Steps() != before {
						t.Fatalf("%s after %v: %v/%v is no target, yet Move made it (%v)", code, made, from, to, v)
					}
					refused++
				}
				history = append(history, snapshot{slices.Clone(made), targets})
				to := targets[from][rng.IntN(len(targets[from]))]
				if v := tn.Move(from, to); !v.Legal() {
					t.Fatalf("%s after %v: Move(%v, %v), a target, was refused: %v", code, made, from, to, v)
				}
				made = visibleOf(tn.Moves())
				steps++
				// Now and then, take the step back and make it again.
				if rng.IntN(4) == 0 {
					tn.Undo()
					last := history[len(history)-1]
					if got := visibleOf(tn.Moves()); !slices.Equal(got, last.made) {
						t.Fatalf("%s: after Undo the moves are %v, want %v", code, got, last.made)
					}
					if got := tn.Targets(from); !slices.Equal(got, last.targets[from]) {
						t.Fatalf("%s: after Undo the targets from %v are %v, want %v", code, from, got, last.targets[from])
					}
					tn.Move(from, to)
				}
			}
			v := tn.Verdict()
			switch {
			case ref.dice == 0:
				if v.Reason != engine.ReasonNoMove && v.Reason != engine.ReasonGameOver {
					t.Fatalf("%s: nothing can be played, yet the verdict is %v", code, v)
				}
			case !v.Legal():
				t.Fatalf("%s: the finished turn %v is judged %v", code, made, v)
			case !ref.positions[v.Play.Position]:
				t.Fatalf("%s: the finished turn %v is no legal play", code, made)
			case tn.Position().Flip() != v.Play.Position:
				t.Fatalf("%s: the board after %v is not the play's position", code, made)
			}
			tn.Reset()
			if tn.Steps() != 0 || tn.Position() != p {
				t.Fatalf("%s: Reset did not restore the start", code)
			}
		}
	}
	t.Logf("%d positions, %d steps, %d refused moves", cases, steps, refused)
}

func allIn(got []engine.Point, want map[engine.Point]bool) bool {
	for _, g := range got {
		if !want[g] {
			return false
		}
	}
	return true
}

func keys(m map[engine.Point]bool) []engine.Point {
	var out []engine.Point
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestTurnSteps makes hand-worked plays step by step and checks what the
// board offers and, for each step it refuses, the rule it names.
func TestTurnSteps(t *testing.T) {
	type try struct {
		from, to engine.Point // to = -1: Why(from)
		want     engine.Reason
	}
	for _, c := range []struct {
		name    string
		code    string
		first   []engine.Point // targets from firstFrom at the start
		from    engine.Point
		tries   []try             // at the start
		made    [][2]engine.Point // steps made after those tries
		later   []try             // after them
		notated string            // the moves made, in notation
	}{
		{
			// 6-5 at the start: the checker from the head may stop on 19
			// or 18 or play the whole roll to 13 in one step; a second
			// checker may not leave the head.
			name: "head", code: "Lw65:24x15:12x15", from: 24, first: []engine.Point{19, 18, 13},
			tries:   []try{{24, 20, engine.ReasonNoDice}},
			made:    [][2]engine.Point{{24, 18}},
			later:   []try{{24, 19, engine.ReasonHead}, {24, -1, engine.ReasonHead}, {18, 12, engine.ReasonNoDice}},
			notated: "24/18",
		},
		{
			// 6-6 on the first turn: two checkers leave the head to 18,
			// where they stop: Black's head on 12 is held, and the other
			// two sixes are lost.
			name: "first-turn 6-6", code: "Lw66:24x15:12x15", from: 24, first: []engine.Point{18},
			tries:   []try{{12, 6, engine.ReasonNoChecker}, {24, 30, engine.ReasonBackwards}},
			made:    [][2]engine.Point{{24, 18}},
			later:   []try{{18, -1, engine.ReasonPointHeld}, {18, 20, engine.ReasonBackwards}},
			notated: "24/18",
		},
		{
			// A White checker on the bar must enter first: the 5 enters on
			// 20 (the 6 finds 19 closed), and the 6 may then go on to 14.
			name: "bar first", code: "Sw65:bar,24,13x5,8x3,6x5:19x5,17x3,12x5,1x2", from: engine.Bar, first: []engine.Point{20, 14},
			tries: []try{{13, 7, engine.ReasonBarFirst}, {13, -1, engine.ReasonBarFirst}, {engine.Bar, 19, engine.ReasonEntryClosed}},
		},
		{
			// 6-1 where only one die can be played: 8/7 leaves the 6
			// unplayable, 8/2 the 1; the larger must be played.
			name: "larger die", code: "Lw61sb:8,5x2,2x8:18,15x2,13,6,4,3,1", from: 8, first: []engine.Point{2},
			tries:   []try{{8, 7, engine.ReasonMustPlayLarger}, {5, 4, engine.ReasonPointHeld}},
			made:    [][2]engine.Point{{8, 2}},
			later:   []try{{5, 4, engine.ReasonTooManyDice}},
			notated: "8/2",
		},
		{
			// 6-5: 13/2 goes by 8, hitting Black's blot, or by 7 without
			// a hit; the two ways end differently, so the board asks for
			// one die at a time.
			name: "one die at a time", code: "Sw65:13x15:8,1x14", from: 13, first: []engine.Point{8, 7},
			tries:   []try{{13, 2, engine.ReasonStepByStep}},
			made:    [][2]engine.Point{{13, 8}, {8, 2}},
			notated: "13/8*/2",
		},
		{
			// The six-block: with block-exemption=home a Black checker on
			// 22 has passed 10…5 but not reached its home, so 13/7 may
			// not close the row.
			name: "six-block", code: "Lw61:24x9,13,10,9,8,6,5:22,12x14:block-exemption=home", from: 13,
			tries: []try{{13, 7, engine.ReasonSixBlock}},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			pc, err := engine.ParseFullCode(c.code)
			if err != nil {
				t.Fatal(err)
			}
			tn := engine.NewTurn(pc.Position, pc.Dice, pc.Rules)
			if c.first != nil {
				if got := tn.Targets(c.from); !slices.Equal(got, c.first) {
					t.Errorf("targets from %v = %v, want %v", c.from, got, c.first)
				}
			}
			check := func(tries []try) {
				for _, tr := range tries {
					var v engine.Verdict
					if tr.to < 0 {
						v = tn.Why(tr.from)
					} else {
						v = tn.Move(tr.from, tr.to)
					}
					if v.Reason != tr.want || !v.Step {
						t.Errorf("after %q, %v/%v: %v (%v), want %v", tn.Notation(), tr.from, tr.to, v.Reason, v, tr.want)
					}
				}
			}
			check(c.tries)
			for _, m := range c.made {
				if v := tn.Move(m[0], m[1]); !v.Legal() {
					t.Fatalf("%v/%v refused: %v", m[0], m[1], v)
				}
			}
			check(c.later)
			if got := tn.Notation(); got != c.notated {
				t.Errorf("notation %q, want %q", got, c.notated)
			}
		})
	}
}
