package engine_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
)

// replay applies a play's moves to p on a physical board and checks each
// move against the dice: the distance (or a bear-off), the hit flag and
// the use of every die at most once. It returns the position reached.
func replay(p engine.Position, d engine.Dice, moves []engine.Move) (engine.Position, string) {
	t := newRefTurn(p, engine.DefaultRules)
	b := refBoardOf(p)
	dice := refDiceList(d)
	path := t.path[t.me]
	for _, mv := range moves {
		k := slices.Index(dice, int(mv.Die))
		if k < 0 {
			return p, "move " + mv.From.String() + "/" + mv.To.String() + " uses a die " + strconv.Itoa(int(mv.Die)) + " that is not left"
		}
		dice = slices.Delete(dice, k, k+1)
		from := -1 // the bar, one step before the path
		if mv.From != engine.Bar {
			if mv.From == engine.Off || b.n[t.me][mv.From] == 0 {
				return p, "move " + mv.From.String() + "/" + mv.To.String() + " has no checker to move"
			}
			from = t.index[t.me][mv.From]
		} else if b.bar[t.me] == 0 {
			return p, "move from the bar with none there"
		}
		to := from + int(mv.Die)
		switch {
		case to < 24 && mv.To != path[to]:
			return p, "move " + mv.From.String() + "/" + mv.To.String() + " does not go " + strconv.Itoa(int(mv.Die))
		case to >= 24 && mv.To != engine.Off:
			return p, "move " + mv.From.String() + "/" + mv.To.String() + " should bear off"
		}
		wantHit := mv.To != engine.Off && p.Game == engine.Short && b.n[t.opp][mv.To] == 1
		if mv.Hit != wantHit {
			return p, "move " + mv.From.String() + "/" + mv.To.String() + " has the wrong hit flag"
		}
		b = t.apply(b, mv)
	}
	return b.position(p, p.Turn.Other()), ""
}

// TestPlayInvariants checks every legal play of the test positions, for
// all 21 rolls (under -short, a fifth of them), under the default profile
// and one other: checkers are conserved, the input is never changed,
// plays are distinct and use the same number of dice, the moves lead to
// the position, and the notation reads back, through Explain, as the same
// play.
func TestPlayInvariants(t *testing.T) {
	start := time.Now()
	rng := rand.New(rand.NewPCG(7, 7))
	positions := testPositions(2, diffScale())
	plays, explained, fails := 0, 0, 0
	fail := func(format string, args ...any) {
		fails++
		if fails <= 20 {
			t.Errorf(format, args...)
		}
	}
	readBack := 4
	if testing.Short() {
		readBack = 2
	}
	for k, tp := range positions {
		p := tp.p
		variants := allVariants(p.Game)
		for _, r := range []engine.Rules{engine.DefaultRules, variants[1+rng.IntN(len(variants)-1)]} {
			for ri, d := range engine.AllRolls() {
				if !sampledRoll(tp, k, ri) {
					continue
				}
				code := engine.Code(p, d, true, r)
				before := p
				list := engine.LegalPlays(p, d, r)
				again := engine.LegalPlays(p, d, r)
				if p != before {
					fail("%s: LegalPlays changed its input position", code)
				}
				if len(list) != len(again) {
					fail("%s: LegalPlays is not deterministic", code)
				}
				seen := map[engine.Position]bool{}
				for i, pl := range list {
					plays++
					q := pl.Position
					if i < len(again) && (again[i].Position != q || again[i].Notation() != pl.Notation()) {
						fail("%s: LegalPlays is not deterministic: play %d is %s, then %s", code, i, pl, again[i])
					}
					if msg := checkPositionSane(q); msg != "" {
						fail("%s: play %s: %s", code, pl, msg)
					}
					if q.Game != p.Game || q.Started != p.Started || q.Turn != p.Turn.Other() || pl.Side != p.Turn {
						fail("%s: play %s: game, starter, side or turn wrong", code, pl)
					}
					if seen[q] {
						fail("%s: two plays lead to %s", code, engine.Code(q, engine.Dice{}, false, engine.DefaultRules))
					}
					seen[q] = true
					if n := pl.DicePlayed(); n != list[0].DicePlayed() || n < 1 || n > d.Count() || len(pl.Moves()) != n {
						fail("%s: play %s uses %d dice, the first play %d", code, pl, n, list[0].DicePlayed())
					}
					if got, msg := replay(p, d, pl.Moves()); msg != "" || got != q {
						fail("%s: play %s: the moves do not lead to the play's position (%s)", code, pl, msg)
					}
					heads := 0
					for _, mv := range pl.Moves() {
						if p.Game == engine.Long && mv.From == engine.Head(p.Game, p.Turn) {
							heads++
						}
					}
					if pl.HeadMoves() != heads {
						fail("%s: play %s: HeadMoves %d, moves from the head %d", code, pl, pl.HeadMoves(), heads)
					}
					text := pl.Notation()
					if text != engine.FormatMoves(p.Game, p.Turn, pl.Moves()) {
						fail("%s: play %s: Notation differs from FormatMoves", code, pl)
					}
					// Reading the notation back costs a search: every play
					// of the first turns and about four others a roll (two
					// with -short, all of them with -long).
					if tp.kind != "first" && !*longTests && i >= readBack && rng.IntN(len(list)) >= readBack {
						continue
					}
					explained++
					segs, err := engine.ParseMoves(text)
					if err != nil {
						fail("%s: notation %q does not parse: %v", code, text, err)
						continue
					}
					v := engine.ExplainSegments(p, d, r, segs)
					if !v.Legal() || v.Play.Position != q {
						fail("%s: the legal play %q is judged %s (%v)", code, text, v.Reason, v)
					}
				}
				if p != before {
					fail("%s: Explain changed its input position", code)
				}
			}
		}
	}
	if fails > 20 {
		t.Errorf("... %d failures in all", fails)
	}
	t.Logf("%d positions, %d plays checked, %d read back, %v", len(positions), plays, explained, time.Since(start).Round(time.Millisecond))
}

// moveKey is a single-die move as notation can tell it; hit is -1 when
// the notation does not say.
type moveKey struct {
	from, to engine.Point
	die      uint8
	hit      int8
}

func sortedKeys(ks []moveKey) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = k.from.String() + "/" + k.to.String() + ":" + strconv.Itoa(int(k.die)) + ":" + strconv.Itoa(int(k.hit))
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

// seqKey is the key of a sequence of moves, with its hits or without.
func seqKey(moves []engine.Move, withHits bool) string {
	ks := make([]moveKey, len(moves))
	for i, m := range moves {
		ks[i] = moveKey{m.From, m.To, m.Die, -1}
		if withHits {
			ks[i].hit = 0
			if m.Hit {
				ks[i].hit = 1
			}
		}
	}
	return sortedKeys(ks)
}

// readings returns the keys of every way the segments can be made with
// the dice, each segment by one checker over one or more dice: with hits,
// the written "*" after a segment's end and no hit at a stop not written;
// without, hits ignored.
func readings(t *refTurn, d engine.Dice, segs []engine.Segment, withHits bool) []string {
	var out []string
	path := t.path[t.me]
	var rec func(i int, at int, left []int, acc []moveKey)
	rec = func(i int, at int, left []int, acc []moveKey) {
		if i == len(segs) {
			out = append(out, sortedKeys(acc))
			return
		}
		s := segs[i]
		if at == -2 { // starting segment i
			switch s.From {
			case engine.Bar:
				at = -1
			case engine.Off:
				return
			default:
				at = t.index[t.me][s.From]
			}
		}
		var tried [7]bool
		for k, die := range left {
			if tried[die] {
				continue
			}
			tried[die] = true
			next := at + die
			var to engine.Point
			switch {
			case next < 24:
				to = path[next]
			case s.To == engine.Off:
				to = engine.Off
			default:
				continue
			}
			done := to == s.To
			if !done && (to == engine.Off || s.To != engine.Off && next > t.index[t.me][s.To]) {
				continue
			}
			from := engine.Bar
			if at >= 0 {
				from = path[at]
			}
			mk := moveKey{from, to, uint8(die), -1}
			if withHits {
				mk.hit = 0
				if done && s.Hit {
					mk.hit = 1
				}
			}
			rest := slices.Delete(slices.Clone(left), k, k+1)
			acc2 := append(slices.Clone(acc), mk)
			if done {
				rec(i+1, -2, rest, acc2)
			} else {
				rec(i, next, rest, acc2)
			}
		}
	}
	rec(0, -2, refDiceList(d), nil)
	return out
}

// coarseNotation writes moves as a player might: each checker from its
// start to its end, naming only the stops where it hit, and the same path
// twice or more as "(n)".
func coarseNotation(moves []engine.Move) string {
	type path struct {
		stops []string
		at    engine.Point
	}
	var paths []*path
	for _, m := range moves {
		var c *path
		for _, q := range paths {
			if q.at == m.From && m.From != engine.Off {
				c = q
				break
			}
		}
		if c == nil {
			c = &path{stops: []string{m.From.String()}}
			paths = append(paths, c)
		} else if !strings.HasSuffix(c.stops[len(c.stops)-1], "*") && len(c.stops) > 1 {
			c.stops = c.stops[:len(c.stops)-1] // an unmarked stop is not written
		}
		stop := m.To.String()
		if m.Hit {
			stop += "*"
		}
		c.stops = append(c.stops, stop)
		c.at = m.To
	}
	var words []string
	for _, c := range paths {
		words = append(words, strings.Join(c.stops, "/"))
	}
	slices.Sort(words)
	var out []string
	for i := 0; i < len(words); {
		j := i
		for j < len(words) && words[j] == words[i] {
			j++
		}
		if j-i > 1 {
			out = append(out, words[i]+"("+strconv.Itoa(j-i)+")")
		} else {
			out = append(out, words[i])
		}
		i = j
	}
	return strings.Join(out, " ")
}

// TestExplainDifferential checks Explain against the reference, for 250
// random cases of position, roll and profile (80 under -short): the
// notation of every legal sequence (in every order of the dice) is
// accepted as that play, and a written play none of whose readings is a
// legal play is rejected for a reason. The candidates are every sequence
// the rules allow die by die (including ones that play too few dice, the
// smaller die, or end in a six-block) and random sequences that ignore
// the rules.
func TestExplainDifferential(t *testing.T) {
	start := time.Now()
	rng := rand.New(rand.NewPCG(3, 3))
	all := testPositions(3, diffScale())
	texts, turnLevel, fails := 0, 0, 0
	reasons := map[engine.Reason]int{}
	fail := func(format string, args ...any) {
		fails++
		if fails <= 20 {
			t.Errorf(format, args...)
		}
	}
	rounds := 250 * diffScale()
	if testing.Short() {
		rounds = 80
	}
	for n := 0; n < rounds; n++ {
		p := all[rng.IntN(len(all))].p
		variants := allVariants(p.Game)
		r := variants[rng.IntN(len(variants))]
		d := engine.AllRolls()[rng.IntN(21)]
		code := engine.Code(p, d, true, r)
		want := refLegal(p, d, r, true)
		exact := map[string]engine.Position{}
		loose := map[string][]engine.Position{}
		for _, s := range want.seqs {
			q := s.board.position(p, p.Turn.Other())
			exact[seqKey(s.moves, true)] = q
			k := seqKey(s.moves, false)
			if !slices.Contains(loose[k], q) {
				loose[k] = append(loose[k], q)
			}
		}
		// Candidates: legal sequences, sequences legal die by die, and
		// random ones that break rules.
		var cands [][]engine.Move
		for _, s := range want.seqs {
			cands = append(cands, s.moves)
		}
		var stepwise [][]engine.Move
		stepEnd := map[string]bool{} // sequences legal die by die: may they end?
		refEnumerate(p, d, r, refHeadLimit(p, d, r), true, func(s refSeq) {
			if len(s.moves) > 0 {
				stepwise = append(stepwise, s.moves)
				stepEnd[seqKey(s.moves, true)] = s.legalEnd
			}
		})
		rng.Shuffle(len(stepwise), func(i, j int) { stepwise[i], stepwise[j] = stepwise[j], stepwise[i] })
		cands = append(cands, stepwise[:min(len(stepwise), 60)]...)
		relaxed := refRelaxed(p, d)
		for range min(len(relaxed), 60) {
			cands = append(cands, relaxed[rng.IntN(len(relaxed))].moves)
		}
		if len(cands) > 300 {
			rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
			cands = cands[:300]
		}
		done := map[string]bool{}
		tt := newRefTurn(p, r)
		for _, moves := range cands {
			single := make([]engine.Segment, len(moves))
			for i, m := range moves {
				single[i] = engine.Segment{From: m.From, To: m.To, Hit: m.Hit}
			}
			for _, text := range []string{engine.FormatSegments(single), engine.FormatMoves(p.Game, p.Turn, moves), coarseNotation(moves)} {
				if done[text] {
					continue
				}
				done[text] = true
				texts++
				segs, err := engine.ParseMoves(text)
				if err != nil {
					fail("%s: %q does not parse: %v", code, text, err)
					continue
				}
				var exactAt, looseAt []engine.Position
				for _, k := range readings(tt, d, segs, true) {
					if q, ok := exact[k]; ok {
						exactAt = append(exactAt, q)
					}
				}
				for _, k := range readings(tt, d, segs, false) {
					looseAt = append(looseAt, loose[k]...)
				}
				before := p
				v := engine.ExplainSegments(p, d, r, segs)
				if p != before {
					fail("%s: Explain changed its input position", code)
				}
				reasons[v.Reason]++
				switch {
				case len(exactAt) > 0:
					switch {
					case !v.Legal():
						fail("%s: %q is a legal play but is judged %s: %v", code, text, v.Reason, v)
					case !slices.Contains(exactAt, v.Play.Position):
						fail("%s: %q is read as %s, not as the play written", code, text, v.Play)
					}
				case len(looseAt) > 0:
					// A legal play but for the hit marks: either verdict,
					// but an accepted play must be one of its readings.
					if v.Legal() && !slices.Contains(looseAt, v.Play.Position) {
						fail("%s: %q is accepted as %s, not one of its readings", code, text, v.Play)
					}
				case refGameOver(p, r):
					if v.Reason != engine.ReasonGameOver {
						fail("%s: the game is over, but %q is judged %s", code, text, v.Reason)
					}
				default:
					if v.Legal() {
						fail("%s: %q is no legal play but is accepted as %s", code, text, v.Play)
					} else if v.Reason == engine.ReasonSyntax {
						fail("%s: %q is judged a syntax error: %v", code, text, v)
					}
					// Every die legal, one reading: the reason is the
					// turn-level rule broken.
					end, isStep := stepEnd[seqKey(moves, true)]
					if !isStep || len(readings(tt, d, segs, false)) != 1 {
						break
					}
					wantReason := engine.ReasonMustPlayLarger
					switch {
					case !end:
						wantReason = engine.ReasonSixBlock
					case len(moves) < want.dice:
						wantReason = engine.ReasonMustPlayMore
					}
					if v.Reason != wantReason {
						fail("%s: %q is judged %s (%v), want %s", code, text, v.Reason, v, wantReason)
					}
					turnLevel++
				}
			}
		}
		// Playing nothing is legal only when nothing can be played, and
		// once the game is over nothing is judged but that.
		v := engine.ExplainSegments(p, d, r, nil)
		switch {
		case refGameOver(p, r):
			if v.Reason != engine.ReasonGameOver {
				fail("%s: the game is over, but playing nothing is judged %s", code, v.Reason)
			}
		case v.Legal() != (len(want.positions) == 0):
			fail("%s: playing nothing is judged %s, reference has %d plays", code, v.Reason, len(want.positions))
		}
	}
	if fails > 20 {
		t.Errorf("... %d failures in all", fails)
	}
	t.Logf("%d texts judged (%d for a turn-level reason), verdicts %v, %v", texts, turnLevel, reasons, time.Since(start).Round(time.Millisecond))
}

// TestCodeRoundTrip writes every test position as a code, with and
// without dice and rules, and reads it back; and as a block, by lines.
func TestCodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	fails := 0
	fail := func(format string, args ...any) {
		fails++
		if fails <= 20 {
			t.Errorf(format, args...)
		}
	}
	for _, tp := range testPositions(4, 1) {
		p := tp.p
		variants := allVariants(p.Game)
		r := variants[rng.IntN(len(variants))]
		d := engine.AllRolls()[rng.IntN(21)]
		if rng.IntN(2) == 0 {
			d[0], d[1] = d[1], d[0]
		}
		full := engine.Code(p, d, true, r)
		c, err := engine.ParseFullCode(full)
		if err != nil || c.Position != p || c.Dice != d || !c.HasDice || c.Rules != r {
			fail("%s: ParseFullCode gives %+v, %v", full, c, err)
		}
		bare := engine.Code(p, engine.Dice{}, false, engine.DefaultRules)
		q, err := engine.ParseCode(bare)
		if err != nil || q != p {
			fail("%s: ParseCode gives %s, %v", bare, engine.Code(q, engine.Dice{}, false, engine.DefaultRules), err)
		}
		if again := engine.Code(q, engine.Dice{}, false, engine.DefaultRules); again != bare {
			fail("%s: written again as %s", bare, again)
		}
		// The same position in a block: as a code, and point by point.
		side := func(s engine.Side) string {
			var items []string
			for pt := engine.Point(24); pt >= 1; pt-- {
				if n := p.Count(s, pt); n > 0 {
					items = append(items, pt.String()+"x"+strconv.Itoa(n))
				}
			}
			return strings.Join(items, " ")
		}
		var lines strings.Builder
		lines.WriteString("game: " + p.Game.String() + "\nwhite: " + side(engine.White) + "\nblack: " + side(engine.Black) + "\nturn: " + p.Turn.String() + "\n")
		if p.Game == engine.Long {
			lines.WriteString("started: " + p.Started.String() + "\n")
		}
		for _, s := range []engine.Side{engine.White, engine.Black} {
			if p.Bar(s) > 0 {
				lines.WriteString(s.String() + "-bar: " + strconv.Itoa(p.Bar(s)) + "\n")
			}
		}
		for _, src := range []string{"game: " + p.Game.String() + "\nposition: " + bare + "\n", lines.String()} {
			b, err := block.Parse(src, block.Options{})
			if err != nil {
				fail("block %q: %v", src, err)
				continue
			}
			if b.Position != p {
				fail("block %q gives %s", src, engine.Code(b.Position, engine.Dice{}, false, engine.DefaultRules))
			}
		}
	}
}

// explainCase is a written play and what Explain must make of it.
type explainCase struct {
	code   string // position, dice and rules
	text   string
	reason engine.Reason
	after  string // ReasonLegal: the position after the play, as a code
}

func runExplainCases(t *testing.T, cases []explainCase) {
	t.Helper()
	for _, c := range cases {
		pc, err := engine.ParseFullCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		v := engine.Explain(pc.Position, pc.Dice, pc.Rules, c.text)
		if v.Reason != c.reason {
			t.Errorf("%s %q: %s (%v), want %s", c.code, c.text, v.Reason, v, c.reason)
			continue
		}
		if c.reason == engine.ReasonLegal {
			if got := engine.Code(v.Play.Position, engine.Dice{}, false, engine.DefaultRules); got != c.after {
				t.Errorf("%s %q: leads to %s, want %s", c.code, c.text, got, c.after)
			}
		}
	}
}

// Explain once played each written checker path to its end before the
// next, so plays whose dice must interleave were rejected: two checkers
// entering before either moves on, or coming home before bearing off.
func TestExplainInterleavedDice(t *testing.T) {
	runExplainCases(t, []explainCase{
		{"Sw55:barx2,13x13:19x13,1x2", "bar/15 bar/15", engine.ReasonLegal, "Sb:15x2,13x13:19x13,1x2"},
		{"Sw55:barx2,13x13:19x13,1x2", "bar/15(2)", engine.ReasonLegal, "Sb:15x2,13x13:19x13,1x2"},
		{"Sw55:barx2,13x13:19x13,1x2", "bar/20/15 bar/20/15", engine.ReasonLegal, "Sb:15x2,13x13:19x13,1x2"},
		{"Lb66sb:1x4:23x2,17,16,14x2,13x9", "23/off 23/off", engine.ReasonLegal, "Lwsb:1x4:17,16,14x2,13x9"},
		{"Lw66sb:10,5x2,2x2,1x10:14x4,13x6", "10/off 5/off 5/off", engine.ReasonLegal, "Lbsb:2x2,1x10:14x4,13x6"},
		// Still illegal: entering one checker and moving it on first.
		{"Sw55:barx2,13x13:19x13,1x2", "bar/15 13/3", engine.ReasonBarFirst, ""},
		// Still illegal: bearing off while a checker is outside.
		{"Lw66sb:10,5x2,2x2,1x10:14x4,13x6", "5/off 5/off", engine.ReasonNotAllHome, ""},
	})
}

// Eastern: when a checker that hit shares its point, either checker may
// move on. Explain always moved the other one, so the hitter could not
// go first to an empty point and be covered there.
func TestExplainEasternHitterMovesOn(t *testing.T) {
	runExplainCases(t, []explainCase{
		{"Sb55:13x5,8x3,6x4,5:barx2,19x5,17x3,12x5:short=eastern", "bar/5*/10 bar/10", engine.ReasonLegal, "Sw:bar,13x5,8x3,6x4:19x5,17x3,12x5,10x2"},
		{"Sb55:13x5,8x3,6x4,5:barx2,19x5,17x3,12x5:short=eastern", "bar/5*/10(2)", engine.ReasonLegal, "Sw:bar,13x5,8x3,6x4:19x5,17x3,12x5,10x2"},
		// Still illegal: the hitter hides on a point already held.
		{"Sb55:13x5,8x3,6x4,5:bar,19x5,17x3,12x5,10:short=eastern", "bar/5*/10 12/17(2)", engine.ReasonHitAndHide, ""},
		// International rules allow it.
		{"Sb55:13x5,8x3,6x4,5:bar,19x5,17x3,12x5,10", "bar/5*/10 12/17(2)", engine.ReasonLegal, "Sw:bar,13x5,8x3,6x4:19x5,17x5,12x3,10x2"},
	})
}

// Explain ignored the "*" marks and took the first legal reading, so
// "13/5" with 5-3 became 13/8*/5, hitting, when 13/10/5 is legal. Marks
// now choose the reading; a play whose marks fit no legal reading is
// still accepted as before.
func TestExplainHitMarks(t *testing.T) {
	runExplainCases(t, []explainCase{
		{"Sw53:13,6x14:8,1x14", "13/5", engine.ReasonLegal, "Sb:6x14,5:8,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/10/5", engine.ReasonLegal, "Sb:6x14,5:8,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8*/5", engine.ReasonLegal, "Sb:6x14,5:bar,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8/5", engine.ReasonLegal, "Sb:6x14,5:bar,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8* 6/3", engine.ReasonLegal, "Sb:8,6x13,3:bar,1x14"},
		{"Sw53:13,6x14:8,1x14", "13/8 6/3", engine.ReasonLegal, "Sb:8,6x13,3:bar,1x14"},
	})
}
