package engine_test

import (
	"flag"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nardydocs/nardydocs/engine"
)

var longTests = flag.Bool("long", false, "run the differential and invariant tests over many more positions")

// diffScale is how many times more positions the -long run uses.
func diffScale() int {
	if *longTests {
		return 10
	}
	return 1
}

// shortRolls is, under -short, how many rolls of a position the
// differential and invariant tests skip for each one they check: a
// position checks the rolls i with (i+k)%shortRolls == 0, k its place in
// the list, so that together the positions still meet every roll.
const shortRolls = 5

// sampledRoll reports whether a test checks roll i (an index into
// engine.AllRolls) of the k-th position: always in a full run; under
// -short, every shortRolls-th roll, and every roll of a first-turn
// position, where the head rules live.
func sampledRoll(tp testPosition, k, i int) bool {
	return !testing.Short() || tp.kind == "first" || (i+k)%shortRolls == 0
}

// testVariants returns the rule profiles the differential test compares
// for game g: every one (allVariants) in a full run; under -short the
// default and each profile that differs from it in one rule, the ones
// whose effect the coverage counts.
func testVariants(g engine.Game) []engine.Rules {
	all := allVariants(g)
	if !testing.Short() {
		return all
	}
	var out []engine.Rules
	for _, r := range all {
		if len(r.Diff(engine.DefaultRules, g)) <= 1 {
			out = append(out, r)
		}
	}
	return out
}

// allVariants returns every rule profile that differs in a rule of game g.
func allVariants(g engine.Game) []engine.Rules {
	if g == engine.Short {
		return []engine.Rules{{Short: engine.International}, {Short: engine.Eastern}}
	}
	var out []engine.Rules
	for i := range 16 {
		out = append(out, engine.Rules{
			HeadException:  engine.HeadException(i & 1),
			BlockCheck:     engine.BlockCheck(i >> 1 & 1),
			BlockExemption: engine.BlockExemption(i >> 2 & 1),
			NoLastRoll:     i>>3&1 == 1,
		})
	}
	return out
}

// testPosition is a position to test and where it comes from.
type testPosition struct {
	p    engine.Position
	kind string
}

// randomGamePositions plays games from the start of g with random rolls
// and random legal plays, and returns every position met on the way.
func randomGamePositions(rng *rand.Rand, g engine.Game, games, maxTurns int) []testPosition {
	var out []testPosition
	for range games {
		variants := allVariants(g)
		r := variants[rng.IntN(len(variants))]
		p := engine.StartPosition(g)
		if rng.IntN(2) == 1 {
			p.Turn, p.Started = engine.Black, starter(g, engine.Black)
		}
		for range maxTurns {
			out = append(out, testPosition{p, "game"})
			if p.GameOver(r) {
				break
			}
			d := engine.Dice{uint8(rng.IntN(6) + 1), uint8(rng.IntN(6) + 1)}
			plays := engine.LegalPlays(p, d, r)
			if len(plays) == 0 {
				p = p.Flip()
				continue
			}
			p = plays[rng.IntN(len(plays))].Position
		}
	}
	return out
}

// starter returns s as the side that started a game of g: only long
// nardy records it (a short-nardy position always says White).
func starter(g engine.Game, s engine.Side) engine.Side {
	if g == engine.Short {
		return engine.White
	}
	return s
}

// scatter puts n checkers of side s on the points of list, at random,
// skipping points the other side holds, taking them from those borne off
// while there are any.
func scatter(rng *rand.Rand, p *engine.Position, s engine.Side, n int, list []engine.Point) {
	if len(list) == 0 {
		return
	}
	for ; n > 0 && p.Off(s) > 0; n-- {
		for try := 0; try < 50; try++ {
			pt := list[rng.IntN(len(list))]
			if p.Count(s.Other(), pt) == 0 {
				p.Set(s, pt, p.Count(s, pt)+1)
				break
			}
		}
	}
}

// homePoints returns side s's home (as refPath has it) and the rest.
func homePoints(g engine.Game, s engine.Side) (home, outside []engine.Point) {
	path := refPath(g, s)
	return path[18:], path[:18]
}

// randomBearOffPosition gives the side to move its checkers in or near its
// home, some borne off; the opponent is spread over the board (in short
// nardy with blots in the mover's home and checkers on the bar).
func randomBearOffPosition(rng *rand.Rand, g engine.Game) engine.Position {
	p := engine.NewPosition(g)
	me := engine.Side(rng.IntN(2))
	p.Turn = me
	p.Started = starter(g, engine.Side(rng.IntN(2)))
	home, outside := homePoints(g, me)
	onBoard := 1 + rng.IntN(15)
	out := 0
	if rng.IntN(3) == 0 {
		out = 1 + rng.IntN(2)
	}
	// Near home: the last six points before it.
	scatter(rng, &p, me, min(out, onBoard), outside[12:])
	if g == engine.Short && rng.IntN(4) == 0 && onBoard > out && p.Off(me) > 0 {
		p.SetBar(me, 1)
		out++
	}
	// The opponent first in the mover's home sometimes (short nardy:
	// blots to hit), then its own home and elsewhere.
	opp := me.Other()
	oppHome, oppOut := homePoints(g, opp)
	oppN := 1 + rng.IntN(15)
	if g == engine.Short {
		scatter(rng, &p, opp, rng.IntN(3), home)
		if rng.IntN(4) == 0 && p.Off(opp) > 0 {
			p.SetBar(opp, 1)
		}
	}
	scatter(rng, &p, opp, oppN/2, oppHome)
	scatter(rng, &p, opp, oppN-oppN/2, oppOut)
	if p.OnBoard(opp)+p.Bar(opp) == 0 {
		scatter(rng, &p, opp, 1, oppHome)
	}
	scatter(rng, &p, me, onBoard-out, home)
	return p
}

// randomLastRollPosition: long nardy, the starter has borne off (almost)
// everything, the other side has a few checkers, mostly home.
func randomLastRollPosition(rng *rand.Rand) engine.Position {
	p := engine.NewPosition(engine.Long)
	p.Started = engine.Side(rng.IntN(2))
	other := p.Started.Other()
	p.Turn = other
	if rng.IntN(5) == 0 {
		p.Turn = p.Started
	}
	if rng.IntN(5) == 0 {
		home, _ := homePoints(engine.Long, p.Started)
		scatter(rng, &p, p.Started, 1, home)
	}
	home, outside := homePoints(engine.Long, other)
	n := 1 + rng.IntN(6)
	if rng.IntN(4) == 0 {
		scatter(rng, &p, other, 1, outside[12:])
		n--
	}
	scatter(rng, &p, other, n, home)
	return p
}

// randomScatteredPosition spreads both sides over the board at random:
// long nardy positions with many held points test the six-block rule.
func randomScatteredPosition(rng *rand.Rand, g engine.Game) engine.Position {
	p := engine.NewPosition(g)
	p.Turn = engine.Side(rng.IntN(2))
	p.Started = starter(g, engine.Side(rng.IntN(2)))
	all := make([]engine.Point, 24)
	for i := range all {
		all[i] = engine.Point(i + 1)
	}
	for _, s := range []engine.Side{p.Turn, p.Turn.Other()} {
		n := 15 - rng.IntN(4)
		if g == engine.Short && rng.IntN(5) == 0 {
			p.SetBar(s, 1+rng.IntN(2))
			n -= p.Bar(s)
		}
		// A few stacks first, so that points are held in runs.
		if g == engine.Long {
			start := rng.IntN(24)
			run := 4 + rng.IntN(4)
			for k := 0; k < run && n > 0; k++ {
				pt := engine.Point((start+k)%24 + 1)
				if p.Count(s.Other(), pt) == 0 {
					p.Set(s, pt, p.Count(s, pt)+1)
					n--
				}
			}
		}
		scatter(rng, &p, s, n, all)
	}
	return p
}

// randomBlockPosition: long nardy, the side to move holds five or six of
// six points in a row along the opponent's path, with checkers behind to
// close the gap; the opponent stands mostly behind the block, sometimes
// with a checker ahead of it or in its home.
func randomBlockPosition(rng *rand.Rand) engine.Position {
	p := engine.NewPosition(engine.Long)
	me := engine.Side(rng.IntN(2))
	opp := me.Other()
	p.Turn = me
	p.Started = engine.Side(rng.IntN(2))
	op := refPath(engine.Long, opp)
	first := rng.IntN(19)
	gap := first + rng.IntN(6)
	n := 15
	for i := first; i < first+6; i++ {
		if i != gap || rng.IntN(6) == 0 {
			k := 1 + rng.IntN(2)
			p.Set(me, op[i], k)
			n -= k
		}
	}
	// The opponent: behind the block, and sometimes one checker further on.
	m := 15
	if rng.IntN(2) == 0 {
		ahead := first + 6 + rng.IntN(24-first)
		if ahead < 24 && p.Count(me, op[ahead]) == 0 {
			p.Set(opp, op[ahead], 1)
			m--
		}
	}
	if first > 0 {
		scatter(rng, &p, opp, m, op[:first])
	} else {
		scatter(rng, &p, opp, m, op[6:])
	}
	// The mover's other checkers: within a die or two behind the gap
	// (along the mover's own path), the rest anywhere free.
	mine := refPath(engine.Long, me)
	var near, all []engine.Point
	for i, pt := range mine {
		all = append(all, pt)
		if pt == op[gap] {
			near = append(near, mine[max(0, i-12):i]...)
		}
	}
	k := min(n, 2+rng.IntN(5))
	scatter(rng, &p, me, k, near)
	scatter(rng, &p, me, n-k, all)
	return p
}

// firstTurnPositions: long nardy, the start for either side and every
// position after the first player's opening.
func firstTurnPositions() []testPosition {
	var out []testPosition
	for _, starter := range []engine.Side{engine.White, engine.Black} {
		p := engine.StartPosition(engine.Long)
		p.Turn, p.Started = starter, starter
		out = append(out, testPosition{p, "first"})
		for _, d := range engine.AllRolls() {
			for _, pl := range engine.LegalPlays(p, d, engine.DefaultRules) {
				out = append(out, testPosition{pl.Position, "first"})
			}
		}
	}
	return out
}

// testPositions returns the positions the differential and invariant tests
// use, deterministic for a seed; scale multiplies the random ones.
func testPositions(seed uint64, scale int) []testPosition {
	rng := rand.New(rand.NewPCG(seed, 0x6e61726479))
	out := firstTurnPositions()
	out = append(out, randomGamePositions(rng, engine.Long, 2*scale, 400)...)
	out = append(out, randomGamePositions(rng, engine.Short, 5*scale, 200)...)
	for range 60 * scale {
		out = append(out, testPosition{randomBearOffPosition(rng, engine.Long), "bearoff"})
		out = append(out, testPosition{randomBearOffPosition(rng, engine.Short), "bearoff"})
	}
	for range 60 * scale {
		out = append(out, testPosition{randomLastRollPosition(rng), "lastroll"})
	}
	for range 60 * scale {
		out = append(out, testPosition{randomBlockPosition(rng), "block"})
	}
	for range 40 * scale {
		out = append(out, testPosition{randomScatteredPosition(rng, engine.Long), "scattered"})
		out = append(out, testPosition{randomScatteredPosition(rng, engine.Short), "scattered"})
	}
	return out
}

// checkPositionSane reports what is wrong with q as a game position: 15
// checkers a side, no negative counts, one colour a point, no bar in long
// nardy.
func checkPositionSane(q engine.Position) string {
	var problems []string
	for _, s := range []engine.Side{engine.White, engine.Black} {
		total := q.Bar(s) + q.Off(s)
		if q.Bar(s) < 0 || q.Off(s) < 0 {
			problems = append(problems, s.String()+" has a negative bar or off count")
		}
		for pt := engine.Point(1); pt <= 24; pt++ {
			n := q.Count(s, pt)
			if n < 0 {
				problems = append(problems, s.String()+" has a negative count on "+pt.String())
			}
			if n > 0 && q.Count(s.Other(), pt) > 0 {
				problems = append(problems, "point "+pt.String()+" holds both colours")
			}
			total += n
		}
		if total != engine.Checkers {
			problems = append(problems, s.String()+" has "+strconv.Itoa(total)+" checkers")
		}
		if q.Game == engine.Long && q.Bar(s) != 0 {
			problems = append(problems, "long nardy has a checker on the bar")
		}
	}
	return strings.Join(problems, "; ")
}

// positionCodes writes positions as sorted codes, for failure messages.
func positionCodes(ps []engine.Position) string {
	codes := make([]string, len(ps))
	for i, p := range ps {
		codes[i] = engine.Code(p, engine.Dice{}, false, engine.DefaultRules)
	}
	slices.Sort(codes)
	return strings.Join(codes, "\n\t\t")
}

// compareWithReference checks LegalPlays against the reference for one
// position, roll and profile and returns a description of any difference.
func compareWithReference(p engine.Position, d engine.Dice, r engine.Rules) (string, refOutcome) {
	want := refLegal(p, d, r, false)
	plays := engine.LegalPlays(p, d, r)
	got := map[engine.Position]bool{}
	var missing, extra []engine.Position
	gotDice := 0
	for _, pl := range plays {
		got[pl.Position] = true
		gotDice = pl.DicePlayed()
		if !want.positions[pl.Position] {
			extra = append(extra, pl.Position)
		}
	}
	for q := range want.positions {
		if !got[q] {
			missing = append(missing, q)
		}
	}
	if len(missing) == 0 && len(extra) == 0 && gotDice == want.dice && len(got) == len(plays) {
		return "", want
	}
	var sb strings.Builder
	sb.WriteString(engine.Code(p, d, true, r))
	sb.WriteString(": reference plays " + strconv.Itoa(want.dice) + " dice in " + strconv.Itoa(len(want.positions)) +
		" positions, LegalPlays " + strconv.Itoa(gotDice) + " dice in " + strconv.Itoa(len(plays)) + " plays")
	if len(missing) > 0 {
		sb.WriteString("\n\tmissing:\n\t\t" + positionCodes(missing))
	}
	if len(extra) > 0 {
		sb.WriteString("\n\textra:\n\t\t" + positionCodes(extra))
		for _, pl := range plays {
			if !want.positions[pl.Position] {
				sb.WriteString("\n\t\tplay " + pl.Notation())
			}
		}
	}
	return sb.String(), want
}

// diffCoverage counts, over a differential run, how often each rule
// mattered, so that a run that no longer reaches a rule fails.
type diffCoverage map[string]int

func (c diffCoverage) note(p engine.Position, d engine.Dice, r engine.Rules, want refOutcome, def map[engine.Position]bool) {
	if kv := r.Diff(engine.DefaultRules, p.Game); len(kv) == 1 && !maps.Equal(want.positions, def) {
		c[kv[0]]++
	}
	switch {
	case refGameOver(p, r):
		c["game over"]++
	case len(want.positions) == 0:
		c["no move"]++
	case want.dice < d.Count():
		c["dice lost"]++
	}
	if p.Game == engine.Long && p.Off(p.Started) == engine.Checkers && len(want.positions) > 0 {
		c["last roll"]++
	}
	for q := range want.positions {
		b, a := refBoardOf(p), refBoardOf(q)
		me, opp := p.Turn, p.Turn.Other()
		if a.bar[opp] > b.bar[opp] {
			c["hit"]++
		}
		if a.bar[me] < b.bar[me] {
			c["enter"]++
		}
		if a.off[me] > b.off[me] {
			c["bear off"]++
		}
		if head := refPath(p.Game, me)[0]; p.Game == engine.Long && b.n[me][head]-a.n[me][head] == 2 {
			c["two from the head"]++
		}
	}
	if want.smallerDropped {
		c["larger die"]++
	}
}

// TestLegalPlaysMatchReference compares the fast generator with the
// reference on every test position, for all 21 rolls and every rule
// profile of the game (under -short: a fifth of the rolls, and the
// profiles that differ from the default in at most one rule).
func TestLegalPlaysMatchReference(t *testing.T) {
	start := time.Now()
	positions := testPositions(1, diffScale())
	cases, failures := 0, 0
	kinds := map[string]int{}
	cover := diffCoverage{}
	for k, tp := range positions {
		kinds[tp.kind]++
		if msg := checkPositionSane(tp.p); msg != "" {
			t.Fatalf("test position %s: %s", engine.Code(tp.p, engine.Dice{}, false, engine.DefaultRules), msg)
		}
		for ri, d := range engine.AllRolls() {
			if !sampledRoll(tp, k, ri) {
				continue
			}
			var def map[engine.Position]bool
			for i, r := range testVariants(tp.p.Game) {
				cases++
				msg, want := compareWithReference(tp.p, d, r)
				if i == 0 {
					def = want.positions
				}
				cover.note(tp.p, d, r, want, def)
				if msg != "" {
					failures++
					if failures <= 10 {
						t.Errorf("%s (%s position)", msg, tp.kind)
					}
				}
			}
		}
	}
	if failures > 10 {
		t.Errorf("... %d differences in all", failures)
	}
	t.Logf("%d positions %v, %d position×profile×roll cases, %v", len(positions), kinds, cases, time.Since(start).Round(time.Millisecond))
	t.Logf("coverage: %v", cover)
	for _, k := range []string{"head-exception=doubles", "block-check=end-of-turn", "block-exemption=home", "last-roll=off",
		"short=eastern", "game over", "no move", "dice lost", "last roll", "hit", "enter", "bear off", "two from the head", "larger die"} {
		if cover[k] == 0 {
			t.Errorf("no test case where %q matters", k)
		}
	}
}

// The reference is itself checked against the table of seed 004 for
// White's first move (docs/rules.md, "Long nardy").
func TestReferenceFirstMoveTable(t *testing.T) {
	p := engine.StartPosition(engine.Long)
	for _, c := range []struct {
		roll  engine.Dice
		plays []string // each as White's checkers after the play
	}{
		{engine.Dice{1, 1}, []string{"24x14,20"}},
		{engine.Dice{2, 2}, []string{"24x14,16"}},
		{engine.Dice{3, 3}, []string{"24x13,18x2", "24x13,21,15"}},
		{engine.Dice{4, 4}, []string{"24x13,16x2"}},
		{engine.Dice{5, 5}, []string{"24x14,4"}},
		{engine.Dice{6, 6}, []string{"24x13,18x2"}},
	} {
		for _, r := range []engine.Rules{{}, {HeadException: engine.HeadDoubles}} {
			want := refLegal(p, c.roll, r, false)
			var got []string
			for q := range want.positions {
				got = append(got, strings.Split(engine.Code(q, engine.Dice{}, false, engine.DefaultRules), ":")[1])
			}
			slices.Sort(got)
			if !slices.Equal(got, c.plays) {
				t.Errorf("%v %v: reference gives %v, seed 004 %v", c.roll, r, got, c.plays)
			}
		}
	}
}

// The reference against docs/rules.md's own examples and seed 004's figures.
func TestReferenceRuleExamples(t *testing.T) {
	mustCode := func(s string) engine.Position {
		p, err := engine.ParseCode(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Last roll (seed 004): White started and is off; Black draws by
	// bearing off all. 2 on the 1-point: 36 of 36; 2 on the 6-point: 4 of
	// 36; 4 on the 1-point: 6 of 36 (any double).
	for _, c := range []struct {
		code string
		want int
	}{
		{"Lb::13x2", 36},
		{"Lb::18x2", 4},
		{"Lb::13x4", 6},
	} {
		p := mustCode(c.code)
		n := 0
		for _, d := range engine.AllRolls() {
			for q := range refLegal(p, d, engine.DefaultRules, false).positions {
				if q.Off(engine.Black) == engine.Checkers {
					n += d.Weight()
					break
				}
			}
			if got := refLegal(p, d, engine.Rules{NoLastRoll: true}, false); len(got.positions) != 0 {
				t.Errorf("%s %v: last-roll=off still gives a play", c.code, d)
			}
		}
		if n != c.want {
			t.Errorf("%s: reference draws with %d of 36, seed 004 says %d", c.code, n, c.want)
		}
	}
	// After White opens 2-1 to 21, Black's 5-5 runs 12/7/2 and is stopped
	// at 21, so a second checker may leave the head (generalized only).
	p := mustCode("Lb:24x14,21:12x15")
	for _, c := range []struct {
		r     engine.Rules
		limit int
	}{{engine.DefaultRules, 2}, {engine.Rules{HeadException: engine.HeadDoubles}, 1}} {
		if got := refHeadLimit(p, engine.Dice{5, 5}, c.r); got != c.limit {
			t.Errorf("Black's 5-5 after 24/22/21 under %v: head limit %d, want %d", c.r, got, c.limit)
		}
	}
	if want := mustCode("Lw:24x14,21:12x13,2x2"); !refLegal(p, engine.Dice{5, 5}, engine.DefaultRules, false).positions[want] {
		t.Errorf("Black's 5-5 after 24/22/21: 12/2 12/2 is not among the reference plays")
	}
	// A mid-game 6-6 takes one checker from the head; the other sixes are
	// played by other checkers (24/18 20/14/8/2).
	mid := refLegal(mustCode("Lw:24x14,20:12x14,11"), engine.Dice{6, 6}, engine.DefaultRules, false)
	if mid.dice != 4 || len(mid.positions) == 0 {
		t.Errorf("mid-game 6-6: %d dice in %d plays, want all four", mid.dice, len(mid.positions))
	}
	for q := range mid.positions {
		if q.Count(engine.White, 24) != 13 {
			t.Errorf("mid-game 6-6: %s leaves %d on the head", engine.Code(q, engine.Dice{}, false, engine.DefaultRules), q.Count(engine.White, 24))
		}
	}
	// Six-block windows run along the opponent's path: across White's
	// corner for White's checkers, never joining 12 and 13 (Black's
	// start and end) or 1 and 24 (White's).
	for _, c := range []struct {
		code   string
		banned bool
		home   bool // banned under block-exemption=home
	}{
		{"Lw:24x5,23,22,3,2,1x5:12x15", true, true},      // Black's path 3, 2, 1, 24, 23, 22
		{"Lw:24x5,23,22,3,2,1x5:21,12x14", false, true},  // a Black checker ahead (21), not home
		{"Lw:24x5,23,22,3,2,1x5:16,12x14", false, false}, // a Black checker in its home (16)
		{"Lw:17,16,15,14,13,12x10:11x15", false, false},  // 17–12: 12 and 13 are not neighbours for Black
		{"Lw:24x10,17,16,15,14,13:12x15", false, false},  // five in a row
		{"Lb:10x15:24,23,22,21x10,2,1", false, false},    // 2, 1, 24 … 21: no row on White's path
		{"Lb:24x15:10,9,8,7,6,5x10", true, true},         // 10–5 on White's path, White behind
		{"Lb:24x14,1:10,9,8,7,6,5x10", false, false},     // a White checker ahead, in its home (1)
		{"Lb:24x14,4:10,9,8,7,6,5x10", false, false},     // ahead (4), and home
		{"Lb:24x14,11:10,9,8,7,6,5x10", true, true},      // 11 is behind the block
	} {
		p := mustCode(c.code) // the side to move holds the block
		for _, r := range []engine.Rules{engine.DefaultRules, {BlockExemption: engine.ExemptHome}} {
			b := refBoardOf(p)
			want := c.banned
			if r.BlockExemption == engine.ExemptHome {
				want = c.home
			}
			if got := newRefTurn(p, r).forbiddenBlock(&b); got != want {
				t.Errorf("%s under %v: forbidden block %v, want %v", c.code, r, got, want)
			}
		}
	}
}
