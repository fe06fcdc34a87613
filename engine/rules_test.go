package engine_test

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
)

// The tests in this file check every rule of docs/rules.md, in every variant,
// on positions worked out by hand. Each case states its reasoning; the
// numbers of seed 004 (the published long-nardy page) are test vectors.
//
// Points are in White's numbering. For Black in long nardy its own
// numbering is own(p) = p+12 for p ≤ 12 and p−12 for p > 12 (head 24 =
// point 12, home 1..6 = points 13..18); in short nardy own(p) = 25−p.

// ruleExplain is a proposed play, mostly an illegal one, with the verdict
// Explain must give. Only the details documented for the verdict's reason
// are compared (see ruleVerdictDetails).
type ruleExplain struct {
	text string
	want engine.Verdict
}

// ruleCase is a position block, the exact set of its legal plays and the
// verdicts for some proposed ones.
type ruleCase struct {
	name  string
	block string
	// plays is the exact set of legal plays as Play.Notation writes them;
	// empty means no play at all (the turn is lost or the game is over).
	plays []string
	// dice is how many dice every legal play uses.
	dice int
	// head gives Play.HeadMoves by notation; plays not listed take no
	// checker from the head.
	head    map[string]int
	explain []ruleExplain
	// result is the outcome of the position itself (zero: not over).
	result engine.Outcome
	// after gives the outcome after a legal play, by notation.
	after map[string]engine.Outcome
}

// ruleVerdictDetails returns the parts of v that its reason documents, as a
// comparable value.
func ruleVerdictDetails(v engine.Verdict) engine.Verdict {
	d := engine.Verdict{Reason: v.Reason}
	switch v.Reason {
	case engine.ReasonNoChecker:
		d.From = v.From
	case engine.ReasonBackwards:
		d.From, d.To = v.From, v.To
	case engine.ReasonNoDice:
		d.From, d.To, d.N = v.From, v.To, v.N
	case engine.ReasonPointHeld:
		d.To, d.N = v.To, v.N
	case engine.ReasonHead:
		d.From, d.N, d.FirstTurn = v.From, v.N, v.FirstTurn
	case engine.ReasonSixBlock:
		d.Block, d.HomeExemption = v.Block, v.HomeExemption
	case engine.ReasonNotAllHome:
		d.Point = v.Point
	case engine.ReasonHigherPoint:
		d.From, d.Point, d.Die = v.From, v.Point, v.Die
	case engine.ReasonBarFirst:
		d.N = v.N
	case engine.ReasonEntryClosed:
		d.To, d.Die = v.To, v.Die
	case engine.ReasonHitAndHide:
		d.From, d.To = v.From, v.To
	case engine.ReasonMustPlayMore:
		d.N, d.Dice = v.N, v.Dice
	case engine.ReasonMustPlayLarger:
		d.Die = v.Die
	case engine.ReasonSyntax:
		d.Col = v.Col
	}
	return d
}

func ruleSameVerdict(a, b engine.Verdict) bool {
	a, b = ruleVerdictDetails(a), ruleVerdictDetails(b)
	return a.Reason == b.Reason && a.From == b.From && a.To == b.To &&
		a.Point == b.Point && a.Die == b.Die && a.N == b.N && a.Dice == b.Dice &&
		slices.Equal(a.Block, b.Block) && a.FirstTurn == b.FirstTurn && a.Col == b.Col
}

func ruleDescribeVerdict(v engine.Verdict) string {
	d := ruleVerdictDetails(v)
	s := d.Reason.String()
	add := func(k string, x int) {
		if x != 0 {
			s += " " + k + "=" + strconv.Itoa(x)
		}
	}
	add("from", int(d.From))
	add("to", int(d.To))
	add("point", int(d.Point))
	add("die", int(d.Die))
	add("n", d.N)
	add("dice", d.Dice)
	add("col", d.Col)
	if d.Block != nil {
		s += " block=" + fmt.Sprint(d.Block)
	}
	if d.FirstTurn {
		s += " first-turn"
	}
	return s + " (" + v.String() + ")"
}

func ruleBlock(t *testing.T, src string) *block.Block {
	t.Helper()
	b, err := block.Parse(src, block.Options{})
	if err != nil {
		t.Fatalf("block does not parse: %v\n%s", err, src)
	}
	return b
}

func ruleNotations(plays []engine.Play) []string {
	out := make([]string, len(plays))
	for i, pl := range plays {
		out[i] = pl.Notation()
	}
	return out
}

func ruleSameSet(got, want []string) bool {
	g, w := slices.Clone(got), slices.Clone(want)
	slices.Sort(g)
	slices.Sort(w)
	return slices.Equal(g, w)
}

func ruleCheckOutcome(t *testing.T, what string, got, want engine.Outcome) {
	t.Helper()
	if got != want {
		t.Errorf("%s: outcome %+v, want %+v", what, got, want)
	}
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := ruleBlock(t, c.block)
			if !b.HasDice {
				t.Fatalf("case has no dice line")
			}
			p, d, r := b.Position, b.Dice, b.Rules
			plays := engine.LegalPlays(p, d, r)
			got := ruleNotations(plays)
			if !ruleSameSet(got, c.plays) {
				t.Errorf("%s %s: legal plays\n  got  %q\n  want %q", engine.Code(p, d, true, r), d, got, c.plays)
			}
			if len(c.plays) == 0 && len(plays) != 0 {
				t.Errorf("want no legal play, got %d", len(plays))
			}
			positions := map[engine.Position]bool{}
			for _, pl := range plays {
				n := pl.Notation()
				if positions[pl.Position] {
					t.Errorf("play %s: its position is listed twice", n)
				}
				positions[pl.Position] = true
				if pl.DicePlayed() != c.dice {
					t.Errorf("play %s uses %d dice, want %d", n, pl.DicePlayed(), c.dice)
				}
				if pl.HeadMoves() != c.head[n] {
					t.Errorf("play %s takes %d checkers from the head, want %d", n, pl.HeadMoves(), c.head[n])
				}
				if pl.Side != p.Turn || pl.Position.Turn != p.Turn.Other() {
					t.Errorf("play %s: side %s, next to move %s", n, pl.Side, pl.Position.Turn)
				}
				// Every notation the engine writes reads back as the same play.
				v := engine.Explain(p, d, r, n)
				if !v.Legal() || v.Play.Position != pl.Position {
					t.Errorf("engine bug: Explain rejects the notation LegalPlays writes for a legal play: Explain(%q) = %s, want legal", n, ruleDescribeVerdict(v))
				}
				if want, ok := c.after[n]; ok {
					ruleCheckOutcome(t, "after "+n, pl.Position.Result(r), want)
				}
			}
			for n := range c.after {
				if !slices.Contains(got, n) {
					t.Errorf("after: %q is not a legal play", n)
				}
			}
			for _, x := range c.explain {
				v := engine.Explain(p, d, r, x.text)
				if !ruleSameVerdict(v, x.want) {
					t.Errorf("Explain(%q)\n  got  %s\n  want %s", x.text, ruleDescribeVerdict(v), ruleDescribeVerdict(x.want))
				}
			}
			if len(plays) == 0 {
				// Nothing can move: proposing nothing is the legal play,
				// unless the game is over.
				v := engine.Explain(p, d, r, "")
				if p.GameOver(r) {
					if v.Reason != engine.ReasonGameOver {
						t.Errorf("Explain(\"\") on a finished game = %s", ruleDescribeVerdict(v))
					}
				} else if !v.Legal() {
					t.Errorf("Explain(\"\") with no move = %s, want legal", ruleDescribeVerdict(v))
				}
			}
			ruleCheckOutcome(t, "position", p.Result(r), c.result)
			if p.GameOver(r) != c.result.Over {
				t.Errorf("GameOver = %v, want %v", p.GameOver(r), c.result.Over)
			}
		})
	}
}

func ruleHead(n int, plays ...string) map[string]int {
	m := map[string]int{}
	for _, p := range plays {
		m[p] = n
	}
	return m
}

// Block points of the six-blocks used below, in the order the opponent
// passes them.
var (
	ruleBlockHome   = []engine.Point{6, 5, 4, 3, 2, 1}
	ruleBlockCorner = []engine.Point{3, 2, 1, 24, 23, 22}
)

// TestRulesFirstMoveTable is seed 004's table of White's first move for every
// double, with the checkers taken from the head. White's head is 24,
// Black's head on 12 blocks every White checker that would stop on 12.
func TestRulesFirstMoveTable(t *testing.T) {
	runRuleCases(t, []ruleCase{{
		// One checker runs 24/23/22/21/20 over free points: the whole roll
		// is playable by one head checker, so the first-turn exception does
		// not apply and no second checker may leave.
		name:  "1-1",
		block: "game: long\nposition: start\ndice: 1-1",
		plays: []string{"24/23/22/21/20"},
		dice:  4,
		head:  ruleHead(1, "24/23/22/21/20"),
		explain: []ruleExplain{{"24/22 24/22", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 1, FirstTurn: true}},
			{"24/23/22/21", engine.Verdict{Reason: engine.ReasonMustPlayMore, N: 4, Dice: 3}}},
	}, {
		// 24/22/20/18/16: 22, 20, 18, 16 are free; one checker.
		name:    "2-2",
		block:   "game: long\nposition: start\ndice: 2-2",
		plays:   []string{"24/22/20/18/16"},
		dice:    4,
		head:    ruleHead(1, "24/22/20/18/16"),
		explain: []ruleExplain{{"24/20 24/20", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 1, FirstTurn: true}}},
	}, {
		// One checker: 24/21/18/15, then 12 is Black's head: only 3 of 4.
		// So a second checker may leave: 24/18 24/18 or 24/15 24/21, the
		// two resulting positions of seed 004. Three from the head never.
		name:  "3-3",
		block: "game: long\nposition: start\ndice: 3-3",
		plays: []string{"24/18 24/18", "24/15 24/21"},
		dice:  4,
		head:  ruleHead(2, "24/18 24/18", "24/15 24/21"),
		explain: []ruleExplain{
			{"24/21 24/21 24/21 24/21", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 2, FirstTurn: true}},
			{"24/12", engine.Verdict{Reason: engine.ReasonPointHeld, To: 12, N: 15}},
		},
	}, {
		// One checker: 24/20/16, then 12 is held: 2 of 4. Two checkers:
		// 24/16 24/16 plays all four; 24/20 24/16 only three.
		name:    "4-4",
		block:   "game: long\nposition: start\ndice: 4-4",
		plays:   []string{"24/16 24/16"},
		dice:    4,
		head:    ruleHead(2, "24/16 24/16"),
		explain: []ruleExplain{{"24/20 24/16", engine.Verdict{Reason: engine.ReasonMustPlayMore, N: 4, Dice: 3}}},
	}, {
		// 24/19/14/9/4: all free, one checker plays the whole roll, so a
		// second checker may not leave ("При 5-5 вторую шашку снять нельзя").
		name:    "5-5",
		block:   "game: long\nposition: start\ndice: 5-5",
		plays:   []string{"24/19/14/9/4"},
		dice:    4,
		head:    ruleHead(1, "24/19/14/9/4"),
		explain: []ruleExplain{{"24/14 24/14", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 1, FirstTurn: true}}},
	}, {
		// 24/18, then 18/12 is Black's head. Two checkers reach 18 and both
		// are stuck: two sixes are lost. A third from the head never.
		name:  "6-6",
		block: "game: long\nposition: start\ndice: 6-6",
		plays: []string{"24/18 24/18"},
		dice:  2,
		head:  ruleHead(2, "24/18 24/18"),
		explain: []ruleExplain{
			{"24/18 24/18 24/18", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 2, FirstTurn: true}},
			{"24/12", engine.Verdict{Reason: engine.ReasonPointHeld, To: 12, N: 15}},
			{"24/18(2)", engine.Verdict{Reason: engine.ReasonLegal}},
		},
	}, {
		// A non-double: one checker 24/18/13 (or 24/19/13) plays both dice.
		// Also the reasons for plays that are not moves at all.
		name:  "6-5",
		block: "game: long\nposition: start\ndice: 6-5",
		plays: []string{"24/18/13"},
		dice:  2,
		head:  ruleHead(1, "24/18/13"),
		explain: []ruleExplain{
			{"24/19/13", engine.Verdict{Reason: engine.ReasonLegal}},
			{"24/18 24/19", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 1, FirstTurn: true}},
			{"24/18", engine.Verdict{Reason: engine.ReasonMustPlayMore, N: 2, Dice: 1}},
			{"23/17", engine.Verdict{Reason: engine.ReasonNoChecker, From: 23}},
			{"24/18 18/24", engine.Verdict{Reason: engine.ReasonBackwards, From: 18, To: 24}},
			{"12/7", engine.Verdict{Reason: engine.ReasonNoChecker, From: 12}}, // Black's head
			{"18/24", engine.Verdict{Reason: engine.ReasonNoChecker, From: 18}},
			{"24/20", engine.Verdict{Reason: engine.ReasonNoDice, From: 24, To: 20, N: 4}},
			{"24/13 24/18", engine.Verdict{Reason: engine.ReasonTooManyDice}},
			{"24x18", engine.Verdict{Reason: engine.ReasonSyntax, Col: 3}},
			{"24-18", engine.Verdict{Reason: engine.ReasonMustPlayMore, N: 2, Dice: 1}},
			{"24-18-13", engine.Verdict{Reason: engine.ReasonLegal}},
		},
	}})
}

// TestRulesHead covers the head rule and both readings of the first-turn
// exception, for the first and the second player.
func TestRulesHead(t *testing.T) {
	runRuleCases(t, []ruleCase{{
		// Mid-game 6-6: one checker leaves the head (24/18/12/6 or
		// 24/18/12), the other sixes go to the checker on 14 (14/8/2);
		// the second head checker stays. The checkers on 1 cannot move
		// (no bearing off while 24 and 14 are outside the home). Black on
		// 23 is not in the way of any six.
		name:    "mid-game 6-6 takes one from the head",
		block:   "game: long\nwhite: 24x2 14 1x12\nblack: 23x15\ndice: 6-6",
		plays:   []string{"24/6 14/8", "24/12 14/2"},
		dice:    4,
		head:    ruleHead(1, "24/6 14/8", "24/12 14/2"),
		explain: []ruleExplain{{"24/18 24/18 14/8 8/2", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 1}}},
	}, {
		// docs/rules.md: after White opens 2-1 to 21, Black's 5-5 runs 12/7/2
		// and is stopped at 21 (12/7/2/21 would stop on White's checker),
		// so one head checker plays only two fives: Black may take a
		// second checker, and 12/2 12/2 plays all four.
		name:    "second player 5-5 after 2-1",
		block:   "game: long\nposition: start\nplay: 2-1 24/21\ndice: 5-5",
		plays:   []string{"12/2 12/2"},
		dice:    4,
		head:    ruleHead(2, "12/2 12/2"),
		explain: []ruleExplain{{"12/7/2", engine.Verdict{Reason: engine.ReasonMustPlayMore, N: 4, Dice: 2}}},
	}, {
		// head-exception=doubles: 5-5 is not 6-6, 4-4 or 3-3, so one
		// checker only: 12/7/2, two fives are lost.
		name:    "second player 5-5 after 2-1, head-exception=doubles",
		block:   "game: long\nrules: head-exception=doubles\nposition: start\nplay: 2-1 24/21\ndice: 5-5",
		plays:   []string{"12/7/2"},
		dice:    2,
		head:    ruleHead(1, "12/7/2"),
		explain: []ruleExplain{{"12/2 12/2", engine.Verdict{Reason: engine.ReasonHead, From: 12, N: 1, FirstTurn: true}}},
	}, {
		// A non-double made unplayable by the first player's move: White
		// opened 5-5 to 4, which is Black's own point 16. Black's 6-2 from
		// its head (own 24) must reach own 16 either way (24/18/16 or
		// 24/22/16): one head checker plays one die only, so the
		// generalized exception lets two leave: 12/6 12/10.
		name:  "second player 6-2 after 5-5",
		block: "game: long\nposition: start\nplay: 5-5 24/19/14/9/4\ndice: 6-2",
		plays: []string{"12/6 12/10"},
		dice:  2,
		head:  ruleHead(2, "12/6 12/10"),
	}, {
		// Same with head-exception=doubles: one checker, one die, and of
		// the two dice the larger must be played: 12/6.
		name:  "second player 6-2 after 5-5, head-exception=doubles",
		block: "game: long\nrules: head-exception=doubles\nposition: start\nplay: 5-5 24/19/14/9/4\ndice: 6-2",
		plays: []string{"12/6"},
		dice:  1,
		head:  ruleHead(1, "12/6"),
		explain: []ruleExplain{
			{"12/6 12/10", engine.Verdict{Reason: engine.ReasonHead, From: 12, N: 1, FirstTurn: true}},
			{"12/10", engine.Verdict{Reason: engine.ReasonMustPlayLarger, Die: 6}},
		},
	}, {
		// The colours swapped: Black started with 2-1 to 9 (its own 21);
		// White's 5-5 runs 24/19/14 and 9 is held, so White takes two.
		name:  "White second: 5-5 after Black's 2-1",
		block: "game: long\nposition: start\nstarted: black\nturn: black\nplay: 2-1 12/9\ndice: 5-5",
		plays: []string{"24/14 24/14"},
		dice:  4,
		head:  ruleHead(2, "24/14 24/14"),
	}, {
		name:    "White second: 5-5 after Black's 2-1, head-exception=doubles",
		block:   "game: long\nrules: head-exception=doubles\nposition: start\nstarted: black\nturn: black\nplay: 2-1 12/9\ndice: 5-5",
		plays:   []string{"24/19/14"},
		dice:    2,
		head:    ruleHead(1, "24/19/14"),
		explain: []ruleExplain{{"24/14 24/14", engine.Verdict{Reason: engine.ReasonHead, From: 24, N: 1, FirstTurn: true}}},
	}, {
		// The first player's doubles are the same under both readings.
		name:  "3-3, head-exception=doubles",
		block: "game: long\nrules: head-exception=doubles\nposition: start\ndice: 3-3",
		plays: []string{"24/18 24/18", "24/15 24/21"},
		dice:  4,
		head:  ruleHead(2, "24/18 24/18", "24/15 24/21"),
	}, {
		name:  "6-6, head-exception=doubles",
		block: "game: long\nrules: head-exception=doubles\nposition: start\ndice: 6-6",
		plays: []string{"24/18 24/18"},
		dice:  2,
		head:  ruleHead(2, "24/18 24/18"),
	}, {
		name:  "5-5, head-exception=doubles",
		block: "game: long\nrules: head-exception=doubles\nposition: start\ndice: 5-5",
		plays: []string{"24/19/14/9/4"},
		dice:  4,
		head:  ruleHead(1, "24/19/14/9/4"),
	}})
}

// TestRulesMoving covers stopping, must-play and the larger die in long nardy.
func TestRulesMoving(t *testing.T) {
	runRuleCases(t, []ruleCase{{
		// No hitting: a single Black checker on 10 holds the point. The
		// 3 cannot go 13/10, so the 1 goes first: 13/12/9. The checkers
		// on 1 cannot move (13 is outside the home: no bearing off).
		name:    "one checker holds a point",
		block:   "game: long\nwhite: 13 1x14\nblack: 10 16x14\ndice: 3-1",
		plays:   []string{"13/12/9"},
		dice:    2,
		explain: []ruleExplain{{"13/10", engine.Verdict{Reason: engine.ReasonPointHeld, To: 10, N: 1}}},
	}, {
		// One checker plays both dice only over a free intermediate point:
		// 13/7 and 13/8 are held, so 13/2 is impossible although 2 is
		// free; 20/14/9 is the only play.
		name:    "intermediate point",
		block:   "game: long\nwhite: 20 13 1x13\nblack: 8 7 4x13\ndice: 6-5",
		plays:   []string{"20/14/9"},
		dice:    2,
		explain: []ruleExplain{{"13/2", engine.Verdict{Reason: engine.ReasonPointHeld, To: 7, N: 1}}},
	}, {
		// The same without the checker on 20: nothing moves, the turn is
		// lost.
		name:    "no move",
		block:   "game: long\nwhite: 13 1x14\nblack: 8 7 4x13\ndice: 6-5",
		plays:   nil,
		explain: []ruleExplain{{"13/2", engine.Verdict{Reason: engine.ReasonNoMove}}},
	}, {
		// 13/7 and 13/8 are each possible, but then 7/2 and 8/2 hit
		// Black's checker on 2: only one die can be played, the larger.
		name:    "only one die: the larger",
		block:   "game: long\nwhite: 13 1x14\nblack: 2 4x14\ndice: 6-5",
		plays:   []string{"13/7"},
		dice:    1,
		explain: []ruleExplain{{"13/8", engine.Verdict{Reason: engine.ReasonMustPlayLarger, Die: 6}}},
	}, {
		// 13/7 is held, 13/8 is free and then 8/2 is held too: only the
		// smaller die can be played, so it is.
		name:    "only the smaller die can be played",
		block:   "game: long\nwhite: 13 1x14\nblack: 7 2 4x13\ndice: 6-5",
		plays:   []string{"13/8"},
		dice:    1,
		explain: []ruleExplain{{"13/7", engine.Verdict{Reason: engine.ReasonPointHeld, To: 7, N: 1}}},
	}, {
		// 13/7 is held but 13/8/2 plays both: the larger die need not go
		// first, and both dice must be played.
		name:    "small then large",
		block:   "game: long\nwhite: 13 1x14\nblack: 7 4x14\ndice: 6-5",
		plays:   []string{"13/8/2"},
		dice:    2,
		explain: []ruleExplain{{"13/8", engine.Verdict{Reason: engine.ReasonMustPlayMore, N: 2, Dice: 1}}},
	}})
}

// TestRulesSixBlock covers the six-block rule (забор) and its variants.
func TestRulesSixBlock(t *testing.T) {
	// White holds 5, 4, 3, 2, 1; the runner on 13 plays 6-1. 13/12 is
	// Black's head, so the 6 must be 13/7; then 7/6 would hold 6..1 with
	// every Black checker behind (on 12), so the 1 is played inside the
	// home: 5/4, 4/3, 3/2 or 2/1. With a Black checker ahead (on 20, its
	// own 8, past White's 1 along Black's path) 13/7/6 is allowed too.
	plain := []string{"13/7 5/4", "13/7 4/3", "13/7 3/2", "13/7 2/1"}
	withBlock := append([]string{"13/7/6"}, plain...)
	forbidden := []ruleExplain{{"13/6", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockHome}}}
	// Under block-exemption=home the verdict says why: no Black checker
	// has reached its home.
	forbiddenHome := []ruleExplain{{"13/6", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockHome, HomeExemption: true}}}

	// The corner block: White holds 24 (head), 23 and 3, 2, 1 with
	// stacks on 3, 2, 1; Black is all on its head (12), behind 3 on its
	// path 12 … 4, 3, 2, 1, 24, 23, 22. Roll 2-1.
	//  - 24/22 would hold 3, 2, 1, 24, 23, 22: forbidden, unless 23 is
	//    emptied first (23/22 then 24/22), or 3/2/1 broken, which the
	//    stacks prevent: 24/22 3/2 and 24/22 2/1 end in the block.
	//  - 24/22/21 forms it in passing; 24/23/21 (written 24/23 23/21)
	//    reaches the same position without it.
	//  - Every other play is free: 23/21/20, 23/21 3/2, 23/21 2/1,
	//    24/23 3/1, 23/22 3/1, 3/1 3/2, 3/1 2/1.
	corner := []string{"24/23 23/21", "23/21/20", "23/21 3/2", "23/21 2/1", "24/23 3/1",
		"23/22 3/1", "3/1 3/2", "3/1 2/1", "24/22 23/22"}
	cornerHead := ruleHead(1, "24/23 23/21", "24/23 3/1", "24/22 23/22")

	// The runner on 12 and a checker on 20; White holds 5..1; Black is
	// all on 7 (behind a block on 6..1 along its path 12 … 7, 6 … 1).
	// Roll 6-5. 12/7 is held, so the runner can only play 12/6, which
	// forms 6..1 at once; 6/1 then breaks it again (12/6/1). 20/14/9 (or
	// 20/15/9) is free. The checkers on 5..1 cannot play a 6 or a 5
	// inside the home and may not bear off while 20 is out.
	//  - each-die: 12/6 is never allowed, so only 20/14/9.
	//  - end-of-turn: 12/6/1 ends without the block; 20/15 12/6 ends in it.
	//  - a Black checker ahead (on 22) or in its home (on 16) allows the
	//    block: 20/15 12/6 too; block-exemption=home accepts only 16.
	passing := []string{"20/14/9", "12/6/1"}
	exempt := []string{"20/14/9", "20/15 12/6", "12/6/1"}

	runRuleCases(t, []ruleCase{{
		name:  "six-block forbidden",
		block: "game: long\nwhite: 13 5 4 3 2 1x10\nblack: 12x15\ndice: 6-1",
		plays: plain, dice: 2, explain: forbidden,
	}, {
		name:  "six-block with a checker ahead",
		block: "game: long\nwhite: 13 5 4 3 2 1x10\nblack: 12x14 20\ndice: 6-1",
		plays: withBlock, dice: 2,
	}, {
		// block-exemption=home: the Black checker on 20 is ahead of the
		// block but not in Black's home (13..18): no exemption.
		name:  "six-block with a checker ahead, block-exemption=home",
		block: "game: long\nrules: block-exemption=home\nwhite: 13 5 4 3 2 1x10\nblack: 12x14 20\ndice: 6-1",
		plays: plain, dice: 2, explain: forbiddenHome,
	}, {
		// A Black checker on 16 is in Black's home: exempt.
		name:  "six-block with a checker home, block-exemption=home",
		block: "game: long\nrules: block-exemption=home\nwhite: 13 5 4 3 2 1x10\nblack: 12x14 16\ndice: 6-1",
		plays: withBlock, dice: 2,
	}, {
		// Five in a row is always allowed: with 1 empty, 13/7/6 holds
		// 6, 5, 4, 3, 2 only; 2/1 makes 5..1, five again.
		name:  "five in a row",
		block: "game: long\nwhite: 13 5 4 3 2x11\nblack: 12x15\ndice: 6-1",
		plays: []string{"13/7/6", "13/7 5/4", "13/7 4/3", "13/7 3/2", "13/7 2/1"}, dice: 2,
	}, {
		// Seven in a row contains six: White holds 7, 5..1; 14/9/6 or
		// 14/11/6 would hold 7..1. 14/12 is Black's head. What remains:
		// 14/9 with 7/4, 5/2 or 4/1; 14/11 7/2; 7/2 with 5/2 or 4/1
		// (a 5 from 5..1 would bear off, not allowed with 14 out).
		name:    "seven contains six",
		block:   "game: long\nwhite: 14 7 5 4 3 2 1x9\nblack: 12x15\ndice: 5-3",
		plays:   []string{"14/9 7/4", "14/9 5/2", "14/9 4/1", "14/11 7/2", "7/2 5/2", "7/2 4/1"},
		dice:    2,
		explain: []ruleExplain{{"14/6", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockHome}}},
	}, {
		name:  "corner block",
		block: "game: long\nwhite: 24x8 23 3x2 2x2 1x2\nblack: 12x15\ndice: 2-1",
		plays: corner, dice: 2, head: cornerHead,
		explain: []ruleExplain{
			{"24/22 3/2", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockCorner}},
			{"24/22 2/1", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockCorner}},
			{"24/22", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockCorner}},
		},
	}, {
		// A Black checker on 20 is ahead of the corner block (its path
		// goes 22, 21, 20): the block is allowed, 24/22/21 is written as
		// such, and 23/21/20 is gone (20 is held).
		name:  "corner block with a checker ahead",
		block: "game: long\nwhite: 24x8 23 3x2 2x2 1x2\nblack: 12x14 20\ndice: 2-1",
		plays: []string{"24/22 23/22", "24/22/21", "24/22 3/2", "24/22 2/1", "23/21 3/2",
			"23/21 2/1", "24/23 3/1", "23/22 3/1", "3/1 3/2", "3/1 2/1"},
		dice: 2,
		head: ruleHead(1, "24/22 23/22", "24/22/21", "24/22 3/2", "24/22 2/1", "24/23 3/1"),
	}, {
		name:  "block in passing, each-die",
		block: "game: long\nwhite: 20 12 5 4 3 2 1x9\nblack: 7x15\ndice: 6-5",
		plays: []string{"20/14/9"}, dice: 2,
		explain: []ruleExplain{
			{"12/6/1", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockHome}},
			{"20/15 12/6", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockHome}},
		},
	}, {
		name:  "block in passing, end-of-turn",
		block: "game: long\nrules: block-check=end-of-turn\nwhite: 20 12 5 4 3 2 1x9\nblack: 7x15\ndice: 6-5",
		plays: passing, dice: 2,
		explain: []ruleExplain{{"20/15 12/6", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockHome, HomeExemption: true}}},
	}, {
		// Without the checker on 20, each-die leaves no play at all.
		name:    "only a block in passing, each-die",
		block:   "game: long\nwhite: 12 5 4 3 2 1x10\nblack: 7x15\ndice: 6-5",
		plays:   nil,
		explain: []ruleExplain{{"12/6/1", engine.Verdict{Reason: engine.ReasonNoMove}}},
	}, {
		// end-of-turn: after 12/6 every checker is home, so the 5 may also
		// bear off from 5 (6, 4, 3, 2, 1 remain: no block).
		name:  "only a block in passing, end-of-turn",
		block: "game: long\nrules: block-check=end-of-turn\nwhite: 12 5 4 3 2 1x10\nblack: 7x15\ndice: 6-5",
		plays: []string{"12/6/1", "12/6 5/off"}, dice: 2,
	}, {
		name:  "block with a checker ahead",
		block: "game: long\nwhite: 20 12 5 4 3 2 1x9\nblack: 7x14 22\ndice: 6-5",
		plays: exempt, dice: 2,
	}, {
		name:  "block with a checker ahead, block-exemption=home",
		block: "game: long\nrules: block-exemption=home\nwhite: 20 12 5 4 3 2 1x9\nblack: 7x14 22\ndice: 6-5",
		plays: []string{"20/14/9"}, dice: 2,
		explain: []ruleExplain{{"20/15 12/6", engine.Verdict{Reason: engine.ReasonSixBlock, Block: ruleBlockHome, HomeExemption: true}}},
	}, {
		name:  "block with a checker home, block-exemption=home",
		block: "game: long\nrules: block-exemption=home\nwhite: 20 12 5 4 3 2 1x9\nblack: 7x14 16\ndice: 6-5",
		plays: exempt, dice: 2,
	}, {
		// Black's path starts on 12 and ends on 13: they are not
		// neighbours, so White may hold 17..12. Black holds 11..6, so the
		// only move is 17/12 (a 5); the 6 is lost (12/6 is held).
		name:  "White may hold 17-12",
		block: "game: long\nwhite: 17x2 16 15 14 13 1x9\nblack: 11x3 10x3 9x3 8x2 7x2 6x2\ndice: 6-5",
		plays: []string{"17/12"}, dice: 1,
	}, {
		// For White's path, 1 and 24 are not neighbours: Black may hold
		// 3, 2, 1, 24, 23, 22. White holds 21..17, so Black's only moves
		// are 22/16 (a 6, into its home) and 8/3 (a 5); 8/2 then 2/21 is
		// held. Black's home checkers on 16 cannot move a 6 or a 5.
		name:  "Black may hold 3-22",
		block: "game: long\nwhite: 21x3 20x3 19x3 18x3 17x3\nblack: 8 2 1 24 23 22x2 16x8\nturn: black\ndice: 6-5",
		plays: []string{"8/3 22/16"}, dice: 2,
	}})
}

// TestRulesBearOffLong covers bearing off in long nardy.
func TestRulesBearOffLong(t *testing.T) {
	// Black is all on its head: if White finishes, Black has borne off
	// none: mars.
	mars := engine.Outcome{Over: true, Winner: engine.White, Kind: engine.Mars, Points: 2}
	runRuleCases(t, []ruleCase{{
		// Exact points: 4/off and 2/off. A move inside the home is always
		// allowed instead: 4/2 then the 4 bears off from 2 (nothing on 4
		// or higher), leaving one checker.
		name:   "exact point or a move inside",
		block:  "game: long\nwhite: 4 2\nblack: 12x15\ndice: 4-2",
		plays:  []string{"4/off 2/off", "4/2/off"},
		dice:   2,
		result: engine.Outcome{},
		after:  map[string]engine.Outcome{"4/off 2/off": mars, "4/2/off": {}},
	}, {
		// Nothing on 6 or 5 and nothing higher: each die bears off the
		// highest checker, 3 then 2.
		name:  "highest point",
		block: "game: long\nwhite: 3 2\nblack: 12x15\ndice: 6-5",
		plays: []string{"3/off 2/off"},
		dice:  2,
		after: map[string]engine.Outcome{"3/off 2/off": mars},
	}, {
		name:  "lower die from the highest point",
		block: "game: long\nwhite: 4x2\nblack: 12x15\ndice: 6-5",
		plays: []string{"4/off 4/off"},
		dice:  2,
	}, {
		// The 5: nothing on 5 and a checker on 6, so it is played inside
		// the home, 6/1; then the 3 bears off 2 (highest). Or 6/3 and the
		// 5 bears off from 3. The 2 may not bear off with a 5 or a 3.
		name:    "higher point occupied",
		block:   "game: long\nwhite: 6 2\nblack: 12x15\ndice: 5-3",
		plays:   []string{"6/1 2/off", "6/3/off"},
		dice:    2,
		explain: []ruleExplain{{"2/off", engine.Verdict{Reason: engine.ReasonHigherPoint, From: 2, Point: 6, Die: 5}}},
	}, {
		// The 4 must be 6/2; the 1 is 3/2 or 2/1 (6/5 first leads to the
		// same: 6/5/1 or 6/5 3/2 then 5/1).
		name:  "move inside the home",
		block: "game: long\nwhite: 6 3\nblack: 12x15\ndice: 4-1",
		plays: []string{"6/2 3/2", "6/2/1"},
		dice:  2,
	}, {
		// 4-4: 6/2 (forced), then 3/off, 2/off: the game ends after three
		// fours and the fourth is not played.
		name:  "the last checker ends the turn",
		block: "game: long\nwhite: 6 3\nblack: 12x15\ndice: 4-4",
		plays: []string{"6/off 3/off"},
		dice:  3,
		after: map[string]engine.Outcome{"6/off 3/off": mars},
	}, {
		// 8/2 and 7/1 bring both checkers home, then the other two sixes
		// bear off the highest checkers, 2 and 1. Neither runner may bear
		// off before the other is home, so the play must alternate
		// between the two checkers.
		name:  "both runners come home, then bear off",
		block: "game: long\nwhite: 8 7 1x13\nblack: 12x15\ndice: 6-6",
		plays: []string{"8/off 7/off"},
		dice:  4,
		explain: []ruleExplain{
			{"8/2 7/1 2/off 1/off", engine.Verdict{Reason: engine.ReasonLegal}},
			{"8/2/off", engine.Verdict{Reason: engine.ReasonNotAllHome, Point: 7}},
		},
	}, {
		// 9/3 brings the last checker home, then the 3 bears off (9/6
		// then 6/off gives the same). 3/off first is not allowed.
		name:    "home mid-turn, the other die bears off",
		block:   "game: long\nwhite: 9 3\nblack: 12x15\ndice: 6-3",
		plays:   []string{"9/3/off"},
		dice:    2,
		explain: []ruleExplain{{"3/off", engine.Verdict{Reason: engine.ReasonNotAllHome, Point: 9}}},
	}, {
		// 8/5 comes home; the 1 cannot bear off (1 is empty, higher points
		// are not): 5/4 or 3/2.
		name:    "not all home",
		block:   "game: long\nwhite: 8 3\nblack: 12x15\ndice: 3-1",
		plays:   []string{"8/5/4", "8/5 3/2"},
		dice:    2,
		explain: []ruleExplain{{"3/off 8/7", engine.Verdict{Reason: engine.ReasonNotAllHome, Point: 8}}},
	}})
}

// TestRulesLastRoll covers the end of a long-nardy game: the last roll, the
// draw and the game over.
func TestRulesLastRoll(t *testing.T) {
	pending := engine.Outcome{Winner: engine.White, Kind: engine.Oin, Points: 1, LastRollPending: true}
	draw := engine.Outcome{Over: true, Draw: true, Winner: engine.White, Kind: engine.Drawn}
	whiteOin := engine.Outcome{Over: true, Winner: engine.White, Kind: engine.Oin, Points: 1}
	runRuleCases(t, []ruleCase{{
		// White started and bore off all 15; Black has 2 checkers on its
		// 1-point (13), all home: Black rolls once more and any roll
		// bears both off: a draw.
		name:   "last roll draws",
		block:  "game: long\nwhite:\nblack: 13x2\nturn: black\ndice: 2-1",
		plays:  []string{"13/off 13/off"},
		dice:   2,
		result: pending,
		after:  map[string]engine.Outcome{"13/off 13/off": draw},
	}, {
		// 2 on the 6-point (18, Black's own 6): the 6 bears one off; the
		// 5 cannot bear off the other (own 5 is empty and a checker stands
		// higher, on own 6), so it moves inside, 18/13. One is left: White
		// wins 1.
		name:   "last roll fails",
		block:  "game: long\nwhite:\nblack: 18x2\nturn: black\ndice: 6-5",
		plays:  []string{"18/off 18/13"},
		dice:   2,
		result: pending,
		after:  map[string]engine.Outcome{"18/off 18/13": whiteOin},
	}, {
		name:   "last roll 3-3",
		block:  "game: long\nwhite:\nblack: 18x2\nturn: black\ndice: 3-3",
		plays:  []string{"18/off 18/off"},
		dice:   4,
		result: pending,
		after:  map[string]engine.Outcome{"18/off 18/off": draw},
	}, {
		// Black started, White has 4 on its 1-point: White's last roll.
		name:   "last roll of White",
		block:  "game: long\nwhite: 1x4\nblack:\nstarted: black\ndice: 2-2",
		plays:  []string{"1/off 1/off 1/off 1/off"},
		dice:   4,
		result: engine.Outcome{Winner: engine.Black, Kind: engine.Oin, Points: 1, LastRollPending: true},
		after:  map[string]engine.Outcome{"1/off 1/off 1/off 1/off": {Over: true, Draw: true, Winner: engine.Black, Kind: engine.Drawn}},
	}, {
		// 5 checkers left: no last roll, White has won.
		name:    "five left: game over",
		block:   "game: long\nwhite:\nblack: 13x5\nturn: black\ndice: 6-6",
		plays:   nil,
		explain: []ruleExplain{{"13/off", engine.Verdict{Reason: engine.ReasonGameOver}}},
		result:  whiteOin,
	}, {
		// A checker outside the home: no last roll either.
		name:   "not all home: game over",
		block:  "game: long\nwhite:\nblack: 19 13\nturn: black\ndice: 6-6",
		plays:  nil,
		result: whiteOin,
	}, {
		name:    "last-roll=off",
		block:   "game: long\nrules: last-roll=off\nwhite:\nblack: 13x2\nturn: black\ndice: 2-1",
		plays:   nil,
		explain: []ruleExplain{{"13/off 13/off", engine.Verdict{Reason: engine.ReasonGameOver}}},
		result:  whiteOin,
	}, {
		// The second player (Black) finished first: it wins at once,
		// White gets no last roll.
		name:    "second player finishes first",
		block:   "game: long\nwhite: 1x4\nblack:\ndice: 2-2",
		plays:   nil,
		explain: []ruleExplain{{"1/off 1/off 1/off 1/off", engine.Verdict{Reason: engine.ReasonGameOver}}},
		result:  engine.Outcome{Over: true, Winner: engine.Black, Kind: engine.Oin, Points: 1},
	}, {
		// Black bore off none: mars.
		name:   "mars",
		block:  "game: long\nwhite:\nblack: 18x15\nturn: black\ndice: 6-6",
		plays:  nil,
		result: engine.Outcome{Over: true, Winner: engine.White, Kind: engine.Mars, Points: 2},
	}})
}

// TestRulesShort covers short nardy: hitting, the bar, bearing off and the
// eastern no-hit-and-hide rule.
func TestRulesShort(t *testing.T) {
	// White: 13, 12, 8x2, 6x11; a Black blot on 10; Black holds 11, 9, 5,
	// 4, 3 (2 each, closed to White). Roll 3-2.
	//  - 13/10* then the 2: 12/10 (cover), 10/8 (hide on White's 8) or
	//    8/6; 13/11 is held.
	//  - 12/10* then the 3: 13/10 (the cover again) or 10/7 (an empty
	//    point); 12/9, 8/5, 6/3, 6/4 are held.
	hide := "game: short\nwhite: 13 12 8x2 6x11\nblack: 10 11x2 9x2 5x2 4x2 3x2 19x4\ndice: 3-2"
	// White bears off from 5, 4; a Black blot on 2. Roll 3-2.
	//  - 5/2* then 2/off (the hitter bears off) or 4/2 (cover);
	//  - 5/3 then 3/off or 4/1; the 2 cannot bear off (a checker higher).
	hitOff := "game: short\nwhite: 5 4\nblack: 2 19x14\ndice: 3-2"
	hitOffPlays := []string{"5/2* 4/2", "5/2*/off", "5/3 4/1", "5/3/off"}

	runRuleCases(t, []ruleCase{{
		// The opening position, 6-5: 24/19 and 6/1 are held by Black.
		name:  "opening 6-5",
		block: "game: short\nposition: start\ndice: 6-5",
		plays: []string{"24/18/13", "24/18 13/8", "24/18 8/3", "13/7 13/8", "13/7 8/3", "13/7/2", "8/2 8/3"},
		dice:  2,
	}, {
		// Two hits in one turn: 13/10* and on to 8*. Or 13/11/8*. The
		// checkers on 6 are blocked (4 and 3 are Black points).
		name:  "two hits",
		block: "game: short\nwhite: 13 6x14\nblack: 10 8 4x2 3x2 19x9\ndice: 3-2",
		plays: []string{"13/10*/8*", "13/11/8*"},
		dice:  2,
	}, {
		// Two Black checkers on 10 hold it; 8 is a blot.
		name:    "a point held by two",
		block:   "game: short\nwhite: 13 6x14\nblack: 10x2 8 19x12\ndice: 3-2",
		plays:   []string{"13/11 6/3", "6/3 6/4", "6/3/1", "13/11/8*"},
		dice:    2,
		explain: []ruleExplain{{"13/10", engine.Verdict{Reason: engine.ReasonPointHeld, To: 10, N: 2}}},
	}, {
		// White enters first: 24 is held, so bar/21, then the 1 anywhere.
		name:    "bar first",
		block:   "game: short\nwhite: 13 6x13\nwhite-bar: 1\nblack: 24x2 19x13\ndice: 4-1",
		plays:   []string{"bar/21/20", "bar/21 13/12", "bar/21 6/5"},
		dice:    2,
		explain: []ruleExplain{{"13/9 6/5", engine.Verdict{Reason: engine.ReasonBarFirst, N: 1}}},
	}, {
		// Two on the bar: the 4 enters one, the 1 cannot enter the other
		// (24 held) and nothing else may move: the 1 is lost.
		name:    "entry blocked for one die",
		block:   "game: short\nwhite: 6x13\nwhite-bar: 2\nblack: 24x2 19x13\ndice: 4-1",
		plays:   []string{"bar/21"},
		dice:    1,
		explain: []ruleExplain{{"bar/24", engine.Verdict{Reason: engine.ReasonEntryClosed, To: 24, Die: 1}}},
	}, {
		// Black holds 24..19: a closed board, White on the bar cannot move.
		name:    "closed board",
		block:   "game: short\nwhite: 6x14\nwhite-bar: 1\nblack: 24x2 23x2 22x2 21x2 20x2 19x2 1x3\ndice: 6-5",
		plays:   nil,
		explain: []ruleExplain{{"bar/19", engine.Verdict{Reason: engine.ReasonNoMove}}},
	}, {
		// Two on the bar with 5-5: both enter on 20 before either moves
		// on, then 20/15 twice (15/10 and 6/1 are held).
		name:  "two enter, then move on",
		block: "game: short\nwhite: 6x13\nwhite-bar: 2\nblack: 1x2 10x2 19x11\ndice: 5-5",
		plays: []string{"bar/15 bar/15"},
		dice:  4,
		explain: []ruleExplain{
			{"bar/20 bar/20 20/15 20/15", engine.Verdict{Reason: engine.ReasonLegal}},
			{"bar/20 bar/20", engine.Verdict{Reason: engine.ReasonMustPlayMore, N: 4, Dice: 2}},
		},
	}, {
		// Black enters on its own numbers (point d): 6 is held, so bar/5,
		// then 5/11; 19/off is not allowed with a checker outside.
		name:    "Black enters",
		block:   "game: short\nwhite: 6x2 13x13\nblack: 19x14\nblack-bar: 1\nturn: black\ndice: 6-5",
		plays:   []string{"bar/5/11"},
		dice:    2,
		explain: []ruleExplain{{"19/off", engine.Verdict{Reason: engine.ReasonBarFirst, N: 1}}},
	}, {
		// White was hit while bearing off: it must enter (bar/19 with the
		// 6; 20 with the 5 is fine too, but then 20/14 gives the same) and
		// come home before bearing off again: the 5 moves 19/14 or 6/1.
		name:    "hit during bear-off",
		block:   "game: short\nwhite: 6x2 5x2\nwhite-bar: 1\nblack: 24x3 23x3 22x3 21x3 12x3\ndice: 6-5",
		plays:   []string{"bar/19/14", "bar/19 6/1"},
		dice:    2,
		explain: []ruleExplain{{"bar/20 6/off", engine.Verdict{Reason: engine.ReasonNotAllHome, Point: 20}}},
	}, {
		name:  "hit and hide, international",
		block: hide,
		plays: []string{"13/10* 12/10", "13/10*/8", "13/10* 8/6", "12/10*/7"},
		dice:  2,
	}, {
		// Eastern: the hitter may not go on to White's own 8. Hitting and
		// covering with another checker (12/10) and hitting and moving on
		// to an empty point (12/10*/7) stay.
		name:    "hit and hide, eastern",
		block:   strings.Replace(hide, "dice:", "rules: short=eastern\ndice:", 1),
		plays:   []string{"13/10* 12/10", "13/10* 8/6", "12/10*/7"},
		dice:    2,
		explain: []ruleExplain{{"13/10*/8", engine.Verdict{Reason: engine.ReasonHitAndHide, From: 10, To: 8}}},
	}, {
		// Eastern, a double: the hitter may not stop on an own point even
		// in passing (13/11*/9/7/5 stops on 7).
		name:  "hit and hide in passing, eastern",
		block: "game: short\nrules: short=eastern\nwhite: 13 7x2 1x12\nblack: 11 4x2 19x12\ndice: 2-2",
		plays: []string{"13/11*/9 7/5 7/5", "13/11*/9 7/3", "13/11* 7/3 7/5", "13/11* 7/1", "7/3 7/3", "7/1 7/5"},
		dice:  4,
		explain: []ruleExplain{
			{"13/11*/9/7", engine.Verdict{Reason: engine.ReasonHitAndHide, From: 9, To: 7}},
			{"13/11*/9/7/5", engine.Verdict{Reason: engine.ReasonHitAndHide, From: 9, To: 7}},
		},
	}, {
		name:  "hit in passing, international",
		block: "game: short\nwhite: 13 7x2 1x12\nblack: 11 4x2 19x12\ndice: 2-2",
		plays: []string{"13/11*/9/7/5", "13/11*/9 7/5 7/5", "13/11*/9 7/3", "13/11* 7/3 7/5", "13/11* 7/1", "7/3 7/3", "7/1 7/5"},
		dice:  4,
	}, {
		name:  "hit and bear off, international",
		block: hitOff,
		plays: hitOffPlays,
		dice:  2,
	}, {
		// Eastern: hitting and bearing off is allowed, so is hitting and
		// covering (4/2).
		name:  "hit and bear off, eastern",
		block: strings.Replace(hitOff, "dice:", "rules: short=eastern\ndice:", 1),
		plays: hitOffPlays,
		dice:  2,
	}, {
		// White has borne off all 15: the game is over, Black does not
		// move. Black has none off and a checker in White's home (1):
		// backgammon.
		name:    "game over",
		block:   "game: short\nwhite:\nblack: 1 19x14\nturn: black\ndice: 6-5",
		plays:   nil,
		explain: []ruleExplain{{"1/7", engine.Verdict{Reason: engine.ReasonGameOver}}},
		result:  engine.Outcome{Over: true, Winner: engine.White, Kind: engine.Backgammon, Points: 3},
	}})
}

// TestRulesStatistics checks the dice statistics of seed 004 and a few more,
// each counted over the 36 ordered rolls.
func TestRulesStatistics(t *testing.T) {
	cases := []struct {
		name, block string
		stat        engine.Stat
		want        string
	}{
		// Each player rolls one die: a tie is a double of the 36 outcomes.
		{"opening tie", "game: long\nposition: start", engine.StatDoubles, "6/36: 1-1, 2-2, 3-3, 4-4, 5-5, 6-6"},
		// "Дубль выпадает в 6 бросках из 36".
		{"doubles", "game: long\nposition: start", engine.StatDoubles, "6/36: 1-1, 2-2, 3-3, 4-4, 5-5, 6-6"},
		// "Такие броски выпадают в 3 случаях из 36": 6-6, 4-4, 3-3.
		{"first-turn exception", "game: long\nposition: start", engine.StatHead2, "3/36: 3-3, 4-4, 6-6"},
		{"first-turn exception, doubles", "game: long\nrules: head-exception=doubles\nposition: start", engine.StatHead2, "3/36: 3-3, 4-4, 6-6"},
		// After 2-1 to 21 (Black's own 9): one Black head checker is
		// stopped by 21 or by White's head (Black's own 12) for 3-3
		// (24/21/18/15, 12 held), 4-4 (24/20/16, 12), 5-5 (24/19/14, 9),
		// 6-6 (24/18, 12).
		{"second player after 2-1", "game: long\nposition: start\nplay: 2-1 24/21", engine.StatHead2, "4/36: 3-3, 4-4, 5-5, 6-6"},
		// After 5-5 to 4 (Black's own 16): also every roll that must pass
		// or stop on own 16, 8 pips from the head: 6-2, 5-3, 2-2.
		{"second player after 5-5", "game: long\nposition: start\nplay: 5-5 24/19/14/9/4", engine.StatHead2, "8/36: 2-2, 3-3, 4-4, 5-3, 6-2, 6-6"},
		{"second player after 5-5, doubles", "game: long\nrules: head-exception=doubles\nposition: start\nplay: 5-5 24/19/14/9/4", engine.StatHead2, "3/36: 3-3, 4-4, 6-6"},
		// Seed 004's draw figures, on real last-roll positions: White
		// started and bore off all; Black is to roll once more.
		{"draw: 2 on the 1-point", "game: long\nwhite:\nblack: 13x2\nturn: black", engine.StatDraw,
			"36/36: 1-1, 2-1, 2-2, 3-1, 3-2, 3-3, 4-1, 4-2, 4-3, 4-4, 5-1, 5-2, 5-3, 5-4, 5-5, 6-1, 6-2, 6-3, 6-4, 6-5, 6-6"},
		// Two checkers on the 6-point need two dice each unless a die is 6:
		// only 3-3, 4-4, 5-5, 6-6 (2-2 takes three per checker).
		{"draw: 2 on the 6-point", "game: long\nwhite:\nblack: 18x2\nturn: black", engine.StatDraw, "4/36: 3-3, 4-4, 5-5, 6-6"},
		// Four checkers need four dice: any double.
		{"draw: 4 on the 1-point", "game: long\nwhite:\nblack: 13x4\nturn: black", engine.StatDraw, "6/36: 1-1, 2-2, 3-3, 4-4, 5-5, 6-6"},
		{"draw: White's last roll", "game: long\nwhite: 1x4\nblack:\nstarted: black", engine.StatDraw, "6/36: 1-1, 2-2, 3-3, 4-4, 5-5, 6-6"},
		// Bearing off 4 and 2: a die of 4+ and another of 2+, or a double
		// of 2 or more (2-2: 4/2/off 2/off; 3-3: 4/1, 2/off, 1/off).
		{"bear off both", "game: long\nwhite: 4 2\nblack: 12x15", engine.StatOff,
			"23/36: 2-2, 3-3, 4-2, 4-3, 4-4, 5-2, 5-3, 5-4, 5-5, 6-2, 6-3, 6-4, 6-5, 6-6"},
		// Short: a closed board.
		{"closed board", "game: short\nwhite: 6x14\nwhite-bar: 1\nblack: 24x2 23x2 22x2 21x2 20x2 19x2 1x3", engine.StatNoMove,
			"36/36: 1-1, 2-1, 2-2, 3-1, 3-2, 3-3, 4-1, 4-2, 4-3, 4-4, 5-1, 5-2, 5-3, 5-4, 5-5, 6-1, 6-2, 6-3, 6-4, 6-5, 6-6"},
		{"closed board, entering", "game: short\nwhite: 6x14\nwhite-bar: 1\nblack: 24x2 23x2 22x2 21x2 20x2 19x2 1x3", engine.StatEnter, "0/36"},
		// 24 (a 1) and 19 (a 6) are held: 1-1, 6-6 and 6-1 do not enter.
		{"entering", "game: short\nwhite: 13 6x13\nwhite-bar: 1\nblack: 24x2 19x13", engine.StatEnter,
			"32/36: 2-1, 2-2, 3-1, 3-2, 3-3, 4-1, 4-2, 4-3, 4-4, 5-1, 5-2, 5-3, 5-4, 5-5, 6-2, 6-3, 6-4, 6-5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := ruleBlock(t, c.block)
			if got := engine.Statistic(b.Position, b.Rules, c.stat).String(); got != c.want {
				t.Errorf("Statistic %s = %s, want %s", c.stat, got, c.want)
			}
		})
	}

	// With last-roll=off the same position is over: no draw at all.
	b := ruleBlock(t, "game: long\nrules: last-roll=off\nwhite:\nblack: 13x2\nturn: black")
	if got := engine.Statistic(b.Position, b.Rules, engine.StatDraw); got.N != 0 {
		t.Errorf("draws with last-roll=off: %s, want 0/36", got)
	}
}

// TestRulesSecondPlayerHead is the whole picture of seed 000's passage
// on the second player's head exception: for each White opening roll and
// play, the Black replies that take two checkers from the head (the
// replies table of Replies, with the head2 statistic).
//
// Worked by hand in Black's own numbering (head own 24). White's head,
// point 24, is Black's own 12 and always held, so 3-3 (21, 18, 15, 12),
// 4-4 (20, 16, 12) and 6-6 (18, 12) take two after any opening: 3/36. A
// White checker on point w adds a blocked point X = own(w): w−12 for
// w > 12, w+12 for w ≤ 12. A non-double a-b then takes two when X =
// 24−a−b, its end point (one checker plays one die, two play both), and
// a double d when X is its second, third or fourth stop 24−kd (a first
// stop held would stop both checkers). A White non-double of sum s puts
// its checker on 24−s, X = 12−s: 9 after 2-1, 8 after 3-1 … 1 after 6-5.
// X = 9 is 5-5's third stop (19, 14, 9); X = 4 its fourth. After 5-5
// White stands on 4, X = 16: 6-2 and 5-3 end there, 2-2 stops there
// last (22, 20, 18, 16) and 4-4 already took two: 8/36. No other X is a
// sum of two dice or a stop 24−kd (k ≥ 2) of a double not yet counted.
func TestRulesSecondPlayerHead(t *testing.T) {
	const base = "3/36: 3-3, 4-4, 6-6"
	const with55 = "4/36: 3-3, 4-4, 5-5, 6-6"
	want := map[string]string{
		"1-1 24/23/22/21/20": base,   // X = 8
		"2-1 24/22/21":       with55, // X = 9, 5-5's third stop
		"2-2 24/22/20/18/16": with55, // X = 4, 5-5's fourth stop
		"3-1 24/21/20":       base,   // X = 8
		"3-2 24/21/19":       base,   // X = 7
		"3-3 24/18 24/18":    base,   // X = 6: 6-6 is blocked at 12 anyway
		"3-3 24/15 24/21":    with55, // X = 3 and 9
		"4-1 24/20/19":       base,   // X = 7
		"4-2 24/20/18":       base,   // X = 6
		"4-3 24/20/17":       base,   // X = 5
		"4-4 24/16 24/16":    with55, // X = 4
		"5-1 24/19/18":       base,   // X = 6
		"5-2 24/19/17":       base,   // X = 5
		"5-3 24/19/16":       with55, // X = 4
		"5-4 24/19/15":       base,   // X = 3
		"5-5 24/19/14/9/4":   "8/36: 2-2, 3-3, 4-4, 5-3, 6-2, 6-6",
		"6-1 24/18/17":       base,   // X = 5
		"6-2 24/18/16":       with55, // X = 4
		"6-3 24/18/15":       base,   // X = 3
		"6-4 24/18/14":       base,   // X = 2
		"6-5 24/18/13":       base,   // X = 1
		"6-6 24/18 24/18":    base,   // X = 6
	}
	start := engine.StartPosition(engine.Long)
	rows := engine.Replies(start, engine.DefaultRules, engine.AllRolls(), []engine.Stat{engine.StatHead2})
	got := map[string]string{}
	for _, r := range rows {
		if r.Passed || r.After.Turn != engine.Black || !r.After.FirstTurn(engine.Black) {
			t.Errorf("%s: a row after which Black is not on its first turn: %+v", r.Dice, r)
		}
		got[r.Dice.String()+" "+r.Play.Notation()] = r.Counts[0].String()
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("after White's %s Black takes two from the head with %q, want %q", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d rows, want %d: %v", len(got), len(want), got)
	}
	// Under head-exception=doubles the opening changes nothing: 3/36.
	for _, r := range engine.Replies(start, engine.Rules{HeadException: engine.HeadDoubles}, engine.AllRolls(), []engine.Stat{engine.StatHead2}) {
		if s := r.Counts[0].String(); s != base {
			t.Errorf("head-exception=doubles, after %s %s: %s, want %s", r.Dice, r.Play.Notation(), s, base)
		}
	}
	// A roll without a play gives one row, the turn passed: White's
	// checker on 20 facing five Black points with 5-3 (long/no-move).
	p := ruleBlock(t, "game: long\nwhite: 20x3 2x6 1x6\nblack: 19x3 18x3 17x3 16x3 15x3").Position
	rs := engine.Replies(p, engine.DefaultRules, []engine.Dice{{3, 5}}, []engine.Stat{engine.StatNoMove})
	if len(rs) != 1 || !rs[0].Passed || rs[0].Dice != (engine.Dice{5, 3}) || rs[0].After.Turn != engine.Black {
		t.Errorf("a lost turn: %+v", rs)
	}
}

// TestRulesBoard checks the numbering, the start positions and the pip counts.
func TestRulesBoard(t *testing.T) {
	long := engine.StartPosition(engine.Long)
	// "в начале партии у обоих игроков по 360 пипов": 15 × 24.
	if w, b := long.Pips(engine.White), long.Pips(engine.Black); w != 360 || b != 360 {
		t.Errorf("long start pips %d, %d, want 360, 360", w, b)
	}
	if got := ruleBlock(t, "game: long\nposition: start").Position; got != long {
		t.Errorf("position: start differs from StartPosition")
	}
	if long.Count(engine.White, 24) != 15 || long.Count(engine.Black, 12) != 15 || !long.FirstTurn(engine.White) || !long.FirstTurn(engine.Black) {
		t.Errorf("long start: heads not on 24 and 12")
	}
	if engine.Head(engine.Long, engine.White) != 24 || engine.Head(engine.Long, engine.Black) != 12 {
		t.Errorf("heads %d, %d, want 24, 12", engine.Head(engine.Long, engine.White), engine.Head(engine.Long, engine.Black))
	}
	if h := engine.Home(engine.Long, engine.Black); h != [6]engine.Point{13, 14, 15, 16, 17, 18} {
		t.Errorf("Black's long home %v", h)
	}
	if h := engine.Home(engine.Long, engine.White); h != [6]engine.Point{1, 2, 3, 4, 5, 6} {
		t.Errorf("White's home %v", h)
	}
	if h := engine.Home(engine.Short, engine.Black); h != [6]engine.Point{24, 23, 22, 21, 20, 19} {
		t.Errorf("Black's short home %v", h)
	}
	// own(p) = p+12 for p ≤ 12, p−12 for p > 12.
	for _, c := range []struct {
		pt   engine.Point
		want int
	}{{12, 24}, {1, 13}, {24, 12}, {13, 1}, {18, 6}} {
		if got := engine.OwnPoint(engine.Long, engine.Black, c.pt); got != c.want {
			t.Errorf("OwnPoint(long, black, %d) = %d, want %d", c.pt, got, c.want)
		}
	}
	short := engine.StartPosition(engine.Short)
	// 2×24 + 5×13 + 3×8 + 5×6 = 167 for each side.
	if w, b := short.Pips(engine.White), short.Pips(engine.Black); w != 167 || b != 167 {
		t.Errorf("short start pips %d, %d, want 167", w, b)
	}
	for _, c := range []struct {
		s  engine.Side
		pt engine.Point
		n  int
	}{{engine.White, 24, 2}, {engine.White, 13, 5}, {engine.White, 8, 3}, {engine.White, 6, 5}, {engine.Black, 1, 2}, {engine.Black, 12, 5}, {engine.Black, 17, 3}, {engine.Black, 19, 5}} {
		if got := short.Count(c.s, c.pt); got != c.n {
			t.Errorf("short start: %s has %d on %d, want %d", c.s, got, c.pt, c.n)
		}
	}
}

// TestRuleKeysTable: every rule key reads and writes a field of Rules of
// its own, through the RuleKeys table. For each key and each of its
// values, set with Rules.Set("key=value") from every preset and from the
// profile with every key at its last value: Get returns the value set,
// every other key reads back as before, and exactly one field of Rules
// changes (none when the value was already set), the same field for
// every value and base. No two keys share a field, and every field of
// Rules belongs to a key.
func TestRuleKeysTable(t *testing.T) {
	var last engine.Rules
	for _, k := range engine.RuleKeys {
		if err := last.Set(k.Name + "=" + k.Values[len(k.Values)-1]); err != nil {
			t.Fatal(err)
		}
	}
	bases := []engine.Rules{last}
	for _, p := range engine.Presets {
		bases = append(bases, p.Rules)
	}
	owner := map[string]string{} // a field of Rules → the key that writes it
	for _, k := range engine.RuleKeys {
		if len(k.Values) < 2 {
			t.Errorf("%s has values %q: a rule key has at least two", k.Name, k.Values)
		}
		field := ""
		for _, base := range bases {
			before := map[string]string{}
			for _, o := range engine.RuleKeys {
				v, ok := base.Get(o.Name)
				if !ok {
					t.Fatalf("Get(%q): not a key", o.Name)
				}
				before[o.Name] = v
			}
			for _, v := range k.Values {
				r := base
				if err := r.Set(k.Name + "=" + v); err != nil {
					t.Errorf("Set(%s=%s): %v", k.Name, v, err)
					continue
				}
				if got, ok := r.Get(k.Name); !ok || got != v {
					t.Errorf("%s: Set(%s=%s), then Get(%s) = %q, %v", base.Profile(), k.Name, v, k.Name, got, ok)
				}
				for _, o := range engine.RuleKeys {
					if got, _ := r.Get(o.Name); o.Name != k.Name && got != before[o.Name] {
						t.Errorf("%s: Set(%s=%s) changed %s from %s to %s", base.Profile(), k.Name, v, o.Name, before[o.Name], got)
					}
				}
				changed := changedRuleFields(base, r)
				switch {
				case v == before[k.Name] && len(changed) > 0:
					t.Errorf("%s: Set(%s=%s), its value already, changed the fields %v", base.Profile(), k.Name, v, changed)
				case v == before[k.Name]:
				case len(changed) != 1:
					t.Errorf("%s: Set(%s=%s) changed the fields %v; want one", base.Profile(), k.Name, v, changed)
				case field == "":
					field = changed[0]
				case changed[0] != field:
					t.Errorf("%s: Set(%s=%s) changed the field %s; its other values change %s", base.Profile(), k.Name, v, changed[0], field)
				}
			}
		}
		switch other, shared := owner[field]; {
		case field == "":
			t.Errorf("%s: no value of it changes a field of Rules", k.Name)
		case shared:
			t.Errorf("%s and %s both write the field %s", other, k.Name, field)
		default:
			owner[field] = k.Name
		}
	}
	rt := reflect.TypeFor[engine.Rules]()
	for i := range rt.NumField() {
		if name := rt.Field(i).Name; owner[name] == "" {
			t.Errorf("the field %s of Rules is no rule key's", name)
		}
	}
	if _, ok := engine.DefaultRules.Get("no-such-key"); ok {
		t.Errorf(`Get("no-such-key") found a key`)
	}
}

// changedRuleFields returns the names of the fields of Rules that differ
// between a and b.
func changedRuleFields(a, b engine.Rules) []string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	var out []string
	for i := range va.NumField() {
		if !va.Field(i).Equal(vb.Field(i)) {
			out = append(out, va.Type().Field(i).Name)
		}
	}
	return out
}
