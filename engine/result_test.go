package engine

import "testing"

func resultPosition(t *testing.T, code string) Position {
	t.Helper()
	p, err := ParseCode(code)
	if err != nil {
		t.Fatalf("ParseCode(%q): %v", code, err)
	}
	return p
}

// TestResult checks what each finished (or unfinished) position is worth.
// Codes: header (L/S, side to move, "sb" when Black started), White's
// checkers, Black's checkers, optional rules; an empty list means every
// checker of that side is borne off.
func TestResult(t *testing.T) {
	lastRollOff := Rules{NoLastRoll: true}
	eastern := Rules{Short: Eastern}
	homeMars := Rules{HomeMars: true}
	noBackgammon := Rules{NoBackgammon: true}
	cases := []struct {
		name  string
		code  string
		rules Rules
		want  Outcome
	}{
		{"long start", "Lw:24x15:12x15", Rules{}, Outcome{}},
		{"short start", "Sw:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", Rules{}, Outcome{}},
		{"nobody finished", "Lb:1:13", Rules{}, Outcome{}},

		// Long nardy, oin and mars: the loser bore off some or none.
		{"oin", "Lb::13x5", Rules{}, Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}},
		{"mars", "Lb::18x15", Rules{}, Outcome{Over: true, Winner: White, Kind: Mars, Points: 2}},
		{"mars, loser still on its head", "Lb::12x15", Rules{}, Outcome{Over: true, Winner: White, Kind: Mars, Points: 2}},
		// White started and finished; Black has 4 left, all home, and is
		// to move: the last roll is pending; if it fails White wins 1.
		{"last roll pending", "Lb::13x4", Rules{}, Outcome{Winner: White, Kind: Oin, Points: 1, LastRollPending: true}},
		// The same with White to move: Black's last roll was taken.
		{"last roll taken", "Lw::13x2", Rules{}, Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}},
		{"last roll off", "Lb::13x4", lastRollOff, Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}},
		{"5 left: no last roll", "Lb::14,13x4", Rules{}, Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}},
		{"not all home: no last roll", "Lb::19,13", Rules{}, Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}},
		// Black started: White's last roll.
		{"last roll of White", "Lwsb:1x3:", Rules{}, Outcome{Winner: Black, Kind: Oin, Points: 1, LastRollPending: true}},
		// The second player finishing first wins at once, whoever moves.
		{"second player first", "Lw:1x3:", Rules{}, Outcome{Over: true, Winner: Black, Kind: Oin, Points: 1}},
		{"second player first, mars", "Lb:24x15:", Rules{}, Outcome{Over: true, Winner: Black, Kind: Mars, Points: 2}},
		// Both off: the last roll bore everything off, the starter to move.
		{"draw", "Lw::", Rules{}, Outcome{Over: true, Draw: true, Winner: White, Kind: Drawn}},
		{"draw, Black started", "Lbsb::", Rules{}, Outcome{Over: true, Draw: true, Winner: Black, Kind: Drawn}},
		// Without a last roll both sides cannot finish; the side to move
		// is the one that finished first.
		{"both off, last-roll=off", "Lw::", lastRollOff, Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}},

		// Home mars (seed 000, home-mars=on): the loser has all 15 in its
		// home and none off, 3 points; by default a plain mars.
		{"home mars off: mars", "Lb::18x5,17x5,16x5", Rules{}, Outcome{Over: true, Winner: White, Kind: Mars, Points: 2}},
		{"home mars", "Lb::18x5,17x5,16x5", homeMars, Outcome{Over: true, Winner: White, Kind: HomeMars, Points: 3}},
		{"home mars, all on the 1-point", "Lb::13x15", homeMars, Outcome{Over: true, Winner: White, Kind: HomeMars, Points: 3}},
		// Black's 19 is its own 7: one checker outside the home.
		{"home mars: one outside", "Lb::19,18x14", homeMars, Outcome{Over: true, Winner: White, Kind: Mars, Points: 2}},
		{"home mars: loser still on its head", "Lb::12x15", homeMars, Outcome{Over: true, Winner: White, Kind: Mars, Points: 2}},
		// One checker borne off: an oin, however the others stand.
		{"home mars: one off is an oin", "Lb::13x14", homeMars, Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}},
		{"Black wins a home mars", "Lw:6x10,1x5:", homeMars, Outcome{Over: true, Winner: Black, Kind: HomeMars, Points: 3}},
		// The last roll comes first: 4 left on the 1-point, one roll more.
		{"home mars, last roll", "Lb::13x4", homeMars, Outcome{Winner: White, Kind: Oin, Points: 1, LastRollPending: true}},

		// Short nardy.
		{"single", "Sb::19x5,1", Rules{}, Outcome{Over: true, Winner: White, Kind: Single, Points: 1}},
		{"gammon", "Sb::19x15", Rules{}, Outcome{Over: true, Winner: White, Kind: Gammon, Points: 2}},
		{"backgammon: on the bar", "Sb::bar,19x14", Rules{}, Outcome{Over: true, Winner: White, Kind: Backgammon, Points: 3}},
		{"backgammon: in the winner's home", "Sb::19x14,6", Rules{}, Outcome{Over: true, Winner: White, Kind: Backgammon, Points: 3}},
		{"gammon: just outside the home", "Sb::19x14,7", Rules{}, Outcome{Over: true, Winner: White, Kind: Gammon, Points: 2}},
		// A checker in the winner's home after bearing one off: single.
		{"single with a checker in the home", "Sb::1", Rules{}, Outcome{Over: true, Winner: White, Kind: Single, Points: 1}},
		{"Black wins a backgammon", "Sw:24,6x14:", Rules{}, Outcome{Over: true, Winner: Black, Kind: Backgammon, Points: 3}},
		{"Black wins a gammon", "Sw:18,6x14:", Rules{}, Outcome{Over: true, Winner: Black, Kind: Gammon, Points: 2}},
		// backgammon=off (seed 001 knows no koks): a gammon stays a gammon.
		{"backgammon=off: on the bar", "Sb::bar,19x14", noBackgammon, Outcome{Over: true, Winner: White, Kind: Gammon, Points: 2}},
		{"backgammon=off: in the winner's home", "Sb::19x14,6", noBackgammon, Outcome{Over: true, Winner: White, Kind: Gammon, Points: 2}},
		{"backgammon=off: single", "Sb::19x5,1", noBackgammon, Outcome{Over: true, Winner: White, Kind: Single, Points: 1}},
		// The board result does not depend on the variant.
		{"gammon, eastern", "Sb::19x15", eastern, Outcome{Over: true, Winner: White, Kind: Gammon, Points: 2}},
		// Short nardy has no last roll, whatever the rules say.
		{"no last roll in short", "Sb::19x4", Rules{}, Outcome{Over: true, Winner: White, Kind: Single, Points: 1}},
		{"both off, short", "Sb::", Rules{}, Outcome{Over: true, Winner: Black, Kind: Single, Points: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := resultPosition(t, c.code)
			got := p.Result(c.rules)
			if got != c.want {
				t.Errorf("%s: Result = %+v, want %+v", c.code, got, c.want)
			}
			if got.Over != p.GameOver(c.rules) {
				t.Errorf("%s: Over = %v but GameOver = %v", c.code, got.Over, p.GameOver(c.rules))
			}
			if got.LastRollPending != p.LastRoll(c.rules) {
				t.Errorf("%s: LastRollPending = %v but LastRoll = %v", c.code, got.LastRollPending, p.LastRoll(c.rules))
			}
			if got.Draw != (got.Kind == Drawn) {
				t.Errorf("%s: Draw = %v with kind %s", c.code, got.Draw, got.Kind)
			}
		})
	}
}

// TestResultAfterPlays follows games to their end through LegalPlays.
func TestResultAfterPlays(t *testing.T) {
	only := func(p Position, d Dice, r Rules) Position {
		t.Helper()
		plays := LegalPlays(p, d, r)
		if len(plays) != 1 {
			t.Fatalf("%s %s: %d plays, want 1", Code(p, d, true, r), d, len(plays))
		}
		return plays[0].Position
	}
	// White (the starter) bears off its last two checkers; Black has 3
	// on its 1-point (13), so it rolls once more.
	p := resultPosition(t, "Lw:2,1:13x3")
	p = only(p, Dice{6, 5}, Rules{})
	if o := p.Result(Rules{}); !o.LastRollPending || o.Over {
		t.Fatalf("after White finishes: %+v, want the last roll pending", o)
	}
	// 2-1 bears off two of three: White wins 1.
	if o := only(p, Dice{2, 1}, Rules{}).Result(Rules{}); o != (Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}) {
		t.Errorf("failed last roll: %+v", o)
	}
	// 3-3 bears off all three: a draw.
	if o := only(p, Dice{3, 3}, Rules{}).Result(Rules{}); o != (Outcome{Over: true, Draw: true, Winner: White, Kind: Drawn}) {
		t.Errorf("drawing last roll: %+v", o)
	}
	// With last-roll=off White wins as soon as it finishes.
	q := only(resultPosition(t, "Lw:2,1:13x3"), Dice{6, 5}, Rules{NoLastRoll: true})
	if o := q.Result(Rules{NoLastRoll: true}); o != (Outcome{Over: true, Winner: White, Kind: Oin, Points: 1}) {
		t.Errorf("last-roll=off: %+v", o)
	}
	if plays := LegalPlays(q, Dice{3, 3}, Rules{NoLastRoll: true}); len(plays) != 0 {
		t.Errorf("last-roll=off: Black may still move: %v", plays)
	}

	// Short: White bears off its last checker while Black has a checker
	// on the bar: backgammon.
	s := only(resultPosition(t, "Sw:1:bar,19x14"), Dice{6, 5}, Rules{})
	if o := s.Result(Rules{}); o != (Outcome{Over: true, Winner: White, Kind: Backgammon, Points: 3}) {
		t.Errorf("short: %+v", o)
	}
}

func TestResultKind(t *testing.T) {
	for _, c := range []struct {
		k    ResultKind
		name string
		mult int
	}{
		{NotOver, "not-over", 0}, {Oin, "oin", 1}, {Mars, "mars", 2}, {Drawn, "draw", 0},
		{Single, "single", 1}, {Gammon, "gammon", 2}, {Backgammon, "backgammon", 3},
		{HomeMars, "home-mars", 3},
	} {
		if c.k.String() != c.name || c.k.Multiplier() != c.mult {
			t.Errorf("kind %d: %q ×%d, want %q ×%d", c.k, c.k.String(), c.k.Multiplier(), c.name, c.mult)
		}
	}
	if (Outcome{}).Kind != NotOver {
		t.Errorf("the zero outcome is not NotOver")
	}
}

// TestScored checks the stake: the cube, the Jacoby rule and the eastern
// "no gammon with the cube".
func TestScored(t *testing.T) {
	win := func(k ResultKind) Outcome {
		return Outcome{Over: true, Winner: Black, Kind: k, Points: k.Multiplier()}
	}
	eastern := Rules{Short: Eastern}
	longCube := Rules{LongCube: true}
	cases := []struct {
		name  string
		o     Outcome
		sc    Scoring
		rules Rules
		want  int
	}{
		{"single, no cube", win(Single), Scoring{}, Rules{}, 1},
		{"gammon, no cube", win(Gammon), Scoring{}, Rules{}, 2},
		{"backgammon, no cube", win(Backgammon), Scoring{}, Rules{}, 3},
		// The cube multiplies the kind.
		{"single, cube 2", win(Single), Scoring{Cube: 2, CubeInUse: true}, Rules{}, 2},
		{"gammon, cube 4", win(Gammon), Scoring{Cube: 4, CubeInUse: true}, Rules{}, 8},
		{"backgammon, cube 64", win(Backgammon), Scoring{Cube: 64, CubeInUse: true}, Rules{}, 192},
		{"gammon, centred cube", win(Gammon), Scoring{Cube: 1, CubeInUse: true}, Rules{}, 2},
		{"gammon, cube 0 counts as 1", win(Gammon), Scoring{CubeInUse: true}, Rules{}, 2},
		// A cube value without the cube in use is ignored.
		{"cube not in use", win(Gammon), Scoring{Cube: 8}, Rules{}, 2},
		// Jacoby: gammons and backgammons count single while the cube has
		// never been turned.
		{"Jacoby, gammon, centred", win(Gammon), Scoring{Cube: 1, CubeInUse: true, Jacoby: true}, Rules{}, 1},
		{"Jacoby, backgammon, centred", win(Backgammon), Scoring{Cube: 1, CubeInUse: true, Jacoby: true}, Rules{}, 1},
		{"Jacoby, gammon, cube 2", win(Gammon), Scoring{Cube: 2, CubeInUse: true, Jacoby: true}, Rules{}, 4},
		{"Jacoby, backgammon, cube 4", win(Backgammon), Scoring{Cube: 4, CubeInUse: true, Jacoby: true}, Rules{}, 12},
		{"Jacoby without the cube", win(Gammon), Scoring{Jacoby: true}, Rules{}, 2},
		// Eastern: no gammon (nor backgammon) when playing with the cube.
		{"eastern, gammon, cube 3", win(Gammon), Scoring{Cube: 3, CubeInUse: true}, eastern, 3},
		{"eastern, backgammon, centred", win(Backgammon), Scoring{Cube: 1, CubeInUse: true}, eastern, 1},
		{"eastern, gammon, no cube", win(Gammon), Scoring{}, eastern, 2},
		{"eastern, single, cube 4", win(Single), Scoring{Cube: 4, CubeInUse: true}, eastern, 4},
		// Long nardy has no cube: oin 1, mars 2, a draw 0, whatever the
		// scoring says.
		{"long oin", win(Oin), Scoring{Cube: 8, CubeInUse: true}, Rules{}, 1},
		{"long mars", win(Mars), Scoring{Cube: 8, CubeInUse: true, Jacoby: true}, Rules{}, 2},
		{"long draw", Outcome{Over: true, Draw: true, Kind: Drawn}, Scoring{Cube: 2, CubeInUse: true}, Rules{}, 0},
		{"long home mars, no cube rule", win(HomeMars), Scoring{Cube: 4, CubeInUse: true}, Rules{HomeMars: true}, 3},
		// The tournament cube (long-cube=on) multiplies oin, mars and
		// home mars; the Jacoby rule is short nardy's and does not apply.
		{"long cube, oin, cube 4", win(Oin), Scoring{Cube: 4, CubeInUse: true}, longCube, 4},
		{"long cube, mars, cube 2", win(Mars), Scoring{Cube: 2, CubeInUse: true}, longCube, 4},
		{"long cube, mars, centred, Jacoby", win(Mars), Scoring{Cube: 1, CubeInUse: true, Jacoby: true}, longCube, 2},
		{"long cube, home mars, cube 2", win(HomeMars), Scoring{Cube: 2, CubeInUse: true}, Rules{LongCube: true, HomeMars: true}, 6},
		{"long cube not in use", win(Mars), Scoring{Cube: 8}, longCube, 2},
		{"long cube, draw", Outcome{Over: true, Draw: true, Kind: Drawn}, Scoring{Cube: 4, CubeInUse: true}, longCube, 0},
		// Short nardy without koks: a gammon with the cube at 2.
		{"backgammon=off, gammon, cube 2", win(Gammon), Scoring{Cube: 2, CubeInUse: true}, Rules{NoBackgammon: true}, 4},
		{"not over", Outcome{}, Scoring{Cube: 2, CubeInUse: true}, Rules{}, 0},
		{"last roll pending", Outcome{Winner: White, Kind: Oin, Points: 1, LastRollPending: true}, Scoring{Cube: 2, CubeInUse: true}, Rules{}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.o.Scored(c.sc, c.rules)
			if got.Points != c.want {
				t.Errorf("Points = %d, want %d", got.Points, c.want)
			}
			if got.Kind != c.o.Kind || got.Winner != c.o.Winner || got.Over != c.o.Over || got.Draw != c.o.Draw {
				t.Errorf("Scored changed more than Points: %+v from %+v", got, c.o)
			}
			if again := got.Scored(c.sc, c.rules); again != got {
				t.Errorf("Scored is not idempotent: %+v then %+v", got, again)
			}
		})
	}
}

func TestNextCube(t *testing.T) {
	intl, eastern := Rules{}, Rules{Short: Eastern}
	for _, c := range []struct {
		value int
		r     Rules
		next  int
		ok    bool
	}{
		{1, intl, 2, true}, {2, intl, 4, true}, {4, intl, 8, true}, {32, intl, 64, true},
		{64, intl, 64, false}, {0, intl, 2, true},
		// Eastern stakes go 1, 2, 3, 4 … without a top.
		{1, eastern, 2, true}, {2, eastern, 3, true}, {3, eastern, 4, true}, {64, eastern, 65, true}, {0, eastern, 2, true},
	} {
		next, ok := NextCube(c.value, c.r)
		if next != c.next || ok != c.ok {
			t.Errorf("NextCube(%d, %v) = %d, %v; want %d, %v", c.value, c.r.Short, next, ok, c.next, c.ok)
		}
	}
	// The international faces: 2, 4, 8, 16, 32, 64.
	var faces []int
	for v, ok := 1, true; ; {
		if v, ok = NextCube(v, intl); !ok {
			break
		}
		faces = append(faces, v)
	}
	if want := []int{2, 4, 8, 16, 32, 64}; !equalInts(faces, want) {
		t.Errorf("cube faces %v, want %v", faces, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCube(t *testing.T) {
	intl, eastern := Rules{}, Rules{Short: Eastern}
	c := NewCube()
	if c.Stake() != 1 || c.Turned() || !c.CanDouble(White, intl) || !c.CanDouble(Black, intl) {
		t.Fatalf("new cube: %+v", c)
	}
	if (Cube{}).Stake() != 1 || !(Cube{}).CanDouble(Black, intl) {
		t.Errorf("the zero cube is not centred at 1")
	}
	// A pass loses the current stake.
	if c.Pass() != 1 {
		t.Errorf("pass of a centred cube: %d", c.Pass())
	}
	// White doubles, Black takes: 2, Black owns the cube.
	c, ok := c.Take(White, intl)
	if !ok || c != (Cube{Value: 2, Owner: Black, Owned: true}) || !c.Turned() {
		t.Fatalf("after a take: %+v, %v", c, ok)
	}
	if c.CanDouble(White, intl) {
		t.Errorf("White doubles again without the cube")
	}
	if _, ok := c.Take(White, intl); ok {
		t.Errorf("Take by White without the cube")
	}
	if c.Pass() != 2 {
		t.Errorf("pass at 2: %d", c.Pass())
	}
	// Black redoubles, White takes: 4, White owns it.
	c, ok = c.Take(Black, intl)
	if !ok || c != (Cube{Value: 4, Owner: White, Owned: true}) {
		t.Fatalf("after a redouble: %+v", c)
	}
	if s := c.Scoring(true); s != (Scoring{Cube: 4, CubeInUse: true, Jacoby: true}) {
		t.Errorf("Scoring: %+v", s)
	}

	// Beaver: White doubles a centred cube, Black beavers: the cube goes
	// to 4 and Black keeps it.
	b, ok := NewCube().Beaver(White, intl)
	if !ok || b != (Cube{Value: 4, Owner: Black, Owned: true}) {
		t.Errorf("beaver: %+v, %v", b, ok)
	}
	// The doubler may refuse the beaver (seed 000): it passes the
	// redouble and loses the doubled stake, 2; at 8 owned by White, 16.
	if pts, ok := NewCube().RefuseBeaver(White, intl); !ok || pts != 2 {
		t.Errorf("beaver refused: %d, %v; want 2", pts, ok)
	}
	if pts, ok := (Cube{Value: 8, Owner: White, Owned: true}).RefuseBeaver(White, intl); !ok || pts != 16 {
		t.Errorf("beaver at 8 refused: %d, %v; want 16", pts, ok)
	}
	if _, ok := (Cube{Value: 32, Owner: White, Owned: true}).RefuseBeaver(White, intl); ok {
		t.Errorf("a cube at 32 cannot be beavered, nor the beaver refused")
	}
	if _, ok := (Cube{Value: 2, Owner: Black, Owned: true}).RefuseBeaver(White, intl); ok {
		t.Errorf("White refuses a beaver of a double it may not make")
	}
	// Eastern stakes: 1 → 2 → 3.
	b, ok = NewCube().Beaver(White, eastern)
	if !ok || b != (Cube{Value: 3, Owner: Black, Owned: true}) {
		t.Errorf("eastern beaver: %+v, %v", b, ok)
	}
	if e, _ := NewCube().Take(Black, eastern); e != (Cube{Value: 2, Owner: White, Owned: true}) {
		t.Errorf("eastern take: %+v", e)
	}
	// The top of the cube: 64 cannot be doubled, 32 cannot be beavered.
	top := Cube{Value: 64, Owner: White, Owned: true}
	if top.CanDouble(White, intl) {
		t.Errorf("doubling at 64")
	}
	if _, ok := top.Take(White, intl); ok {
		t.Errorf("Take at 64")
	}
	if _, ok := (Cube{Value: 32, Owner: White, Owned: true}).Beaver(White, intl); ok {
		t.Errorf("beaver at 32")
	}
	if !top.CanDouble(White, eastern) {
		t.Errorf("eastern stakes have no top")
	}
	// Beaver needs the right to double.
	if _, ok := (Cube{Value: 2, Owner: Black, Owned: true}).Beaver(White, intl); ok {
		t.Errorf("beaver of a double White may not offer")
	}
}

// TestMatch checks the Crawford rule, with seed 002's example: a match to
// 7 at 6-2 plays the next game without the cube; if the trailer wins it
// (6-3), the cube is back.
func TestMatch(t *testing.T) {
	m := Match{Length: 7, Score: [2]int{6, 2}}
	if !m.Crawford() || m.CubeAllowed() {
		t.Fatalf("6-2 to 7: Crawford %v, cube %v; want the Crawford game", m.Crawford(), m.CubeAllowed())
	}
	m = m.Record(Black, 1)
	if m.Score != [2]int{6, 3} || !m.CrawfordDone || m.Crawford() || !m.CubeAllowed() {
		t.Errorf("after the Crawford game: %+v, Crawford %v, cube %v", m, m.Crawford(), m.CubeAllowed())
	}
	// Post-Crawford, Black reaches 6 too: still no Crawford game.
	m = m.Record(Black, 3)
	if m.Score != [2]int{6, 6} || m.Crawford() || !m.CubeAllowed() {
		t.Errorf("6-6 post-Crawford: %+v", m)
	}
	if _, over := m.Winner(); over {
		t.Errorf("6-6: the match is not over")
	}
	m = m.Record(White, 1)
	if w, over := m.Winner(); !over || w != White || m.CubeAllowed() {
		t.Errorf("7-6: winner %v %v, cube %v", w, over, m.CubeAllowed())
	}

	// The game that brings a side to match point is not the Crawford
	// game; the next one is.
	m = Match{Length: 5, Score: [2]int{3, 2}}
	if m.Crawford() {
		t.Errorf("3-2 to 5 is not Crawford")
	}
	m = m.Record(White, 1)
	if !m.Crawford() || m.CrawfordDone {
		t.Errorf("4-2 to 5: want the Crawford game next, got %+v", m)
	}
	// A gammon may jump to match point: Crawford too.
	if m := (Match{Length: 5, Score: [2]int{1, 2}}).Record(Black, 2); !m.Crawford() {
		t.Errorf("1-4 to 5 after a gammon: want Crawford")
	}
	// Both one away and the flag not set: the Crawford game must have
	// been played already.
	if (Match{Length: 5, Score: [2]int{4, 4}}).Crawford() {
		t.Errorf("4-4 to 5: Crawford")
	}
	// Money play: no match, no Crawford, always the cube.
	money := Match{}
	if money.Crawford() || !money.CubeAllowed() {
		t.Errorf("money play: Crawford %v, cube %v", money.Crawford(), money.CubeAllowed())
	}
	if _, over := money.Record(White, 64).Winner(); over {
		t.Errorf("money play has no winner")
	}
}
