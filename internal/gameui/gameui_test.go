package gameui

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/nardydocs/nardydocs/internal/game"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// wantEnabled is what each action's button should be, worked out from
// the game's state rather than by the controller.
func wantEnabled(c *Controller) map[Action]bool {
	g := c.Game()
	s := c.Setup()
	readerSide := func(side engine.Side) bool { return s.Mode == Friend || side == s.Side }
	w := map[Action]bool{}
	switch g.Phase() {
	case game.PhaseOpening:
		w[ActRoll] = true
	case game.PhaseRoll:
		if readerSide(g.ToMove()) {
			w[ActRoll] = true
			w[ActDouble] = g.CanDouble()
		}
	case game.PhasePlay:
		if readerSide(g.ToMove()) {
			w[ActConfirm] = g.Done()
			w[ActUndo] = len(g.Steps()) > 0
			w[ActHint] = true
		}
	case game.PhaseDoubled:
		if readerSide(g.ToAct()) {
			w[ActTake], w[ActPass] = true, true
		}
	}
	for _, a := range Actions {
		w[a] = w[a] || false
	}
	return w
}

// checkView checks the view's enabled actions and that the game saved
// now is restored to the same view.
func checkView(t *testing.T, c *Controller, where string) {
	t.Helper()
	v := c.View()
	if want := wantEnabled(c); !reflect.DeepEqual(v.Enabled, want) {
		t.Fatalf("%s: enabled %v, want %v (phase %s)", where, v.Enabled, want, c.Game().Phase())
	}
	for _, a := range Actions {
		if err := c.check(a); (err == nil) != v.Enabled[a] {
			t.Fatalf("%s: %s enabled %v but Do would give %v", where, a, v.Enabled[a], err)
		}
	}
	data, err := c.Save()
	if err != nil {
		t.Fatalf("%s: save: %v", where, err)
	}
	r, err := Restore(c.lang, data, c.Setup().Game, c.opt)
	if err != nil {
		t.Fatalf("%s: restore: %v\n%s", where, err, data)
	}
	rv := r.View()
	if rv.Position != v.Position || rv.Dice != v.Dice || rv.HasDice != v.HasDice || !reflect.DeepEqual(rv.Enabled, v.Enabled) ||
		!reflect.DeepEqual(rv.Record, v.Record) || rv.Over != v.Over || rv.Result != v.Result || rv.Points != v.Points || rv.Cube != v.Cube {
		t.Fatalf("%s: the restored game differs:\n got %+v\nwant %+v", where, rv, v)
	}
	if r.Setup() != c.Setup() {
		t.Fatalf("%s: restored setup %+v, want %+v", where, r.Setup(), c.Setup())
	}
}

// check is Enabled as an error, for the test to compare with Do.
func (c *Controller) check(a Action) error {
	if !c.Enabled(a) {
		return ErrNotNow
	}
	return nil
}

// playTurn plays the reader's roll by touching a movable place and one
// of its marked targets, chosen by r, until the play is complete, with an
// undo now and then; it checks the view after every touch.
func playTurn(t *testing.T, c *Controller, r *rand.Rand, where string, checkEach bool) {
	t.Helper()
	for n := 0; !c.View().Enabled[ActConfirm]; n++ {
		if n > 40 {
			t.Fatalf("%s: the play does not end", where)
		}
		v := c.View()
		if !v.Playing || len(v.Board.Movable) == 0 {
			t.Fatalf("%s: nothing movable, status %q", where, v.Status)
		}
		from := v.Board.Movable[r.IntN(len(v.Board.Movable))]
		if err := c.Touch(from); err != nil {
			t.Fatal(err)
		}
		v = c.View()
		if !v.Board.HasSelected || len(v.Board.Targets) == 0 {
			t.Fatalf("%s: touching movable %s selects nothing: %q", where, from, v.Status)
		}
		to := v.Board.Targets[r.IntN(len(v.Board.Targets))]
		if err := c.Touch(to); err != nil {
			t.Fatal(err)
		}
		if checkEach {
			checkView(t, c, where+" after a step")
		}
		if r.IntN(8) == 0 && c.View().Enabled[ActUndo] {
			if err := c.Do(ActUndo); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := c.Do(ActConfirm); err != nil {
		t.Fatalf("%s: confirm: %v", where, err)
	}
}

// runGame plays one game to its end through the controller, the reader's
// turns by touches, and returns its view at the end.
func runGame(t *testing.T, lang i18n.Lang, s Setup, seed uint64, checkEach bool) View {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	c := New(lang, s, Options{Dice: game.NewSeeded(seed), Seed: seed})
	for n := 0; ; n++ {
		where := s.Game.String() + " " + s.Mode.String() + " seed " + strconv.Itoa(int(seed)) + " action " + strconv.Itoa(n)
		if checkEach || n%10 == 0 {
			checkView(t, c, where)
		}
		v := c.View()
		if v.Over {
			return v
		}
		if n > 2000 {
			t.Fatalf("%s: the game does not end", where)
		}
		switch {
		case v.Enabled[ActTake]:
			a := ActTake
			if r.IntN(3) == 0 {
				a = ActPass
			}
			if err := c.Do(a); err != nil {
				t.Fatal(err)
			}
		case v.Enabled[ActDouble] && r.IntN(6) == 0:
			if err := c.Do(ActDouble); err != nil {
				t.Fatal(err)
			}
		case v.Enabled[ActRoll]:
			if err := c.Do(ActRoll); err != nil {
				t.Fatal(err)
			}
		case v.Playing:
			if r.IntN(5) == 0 {
				if err := c.Do(ActHint); err != nil {
					t.Fatal(err)
				}
			}
			playTurn(t, c, r, where, checkEach)
		default:
			t.Fatalf("%s: nothing to do: %+v", where, v)
		}
	}
}

// TestWholeGames plays whole games against the computer and pass and
// play, in both games and languages, with and without the cube: each
// ends with a result the game agrees with, and every view on the way has
// the right buttons and survives a save and restore.
func TestWholeGames(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	cases := []Setup{
		{Game: engine.Long, Rules: engine.DefaultRules, Mode: Computer, Side: engine.White, Level: bot.Middle},
		{Game: engine.Long, Rules: engine.DefaultRules, Mode: Friend, Level: bot.Middle},
		{Game: engine.Short, Rules: engine.DefaultRules, Mode: Computer, Side: engine.Black, Level: bot.Beginner, Cube: true},
		{Game: engine.Short, Rules: engine.DefaultRules, Mode: Computer, Side: engine.White, Level: bot.Middle},
		{Game: engine.Short, Rules: engine.DefaultRules, Mode: Friend, Level: bot.Middle, Cube: true},
	}
	for i, s := range cases {
		for k := range games {
			lang := i18n.Langs[(i+k)%2]
			v := runGame(t, lang, s, uint64(100*i+k+1), k == 0)
			if v.Result != "white" && v.Result != "black" && v.Result != "draw" {
				t.Errorf("%s %s: result %q", s.Game, s.Mode, v.Result)
			}
			if (v.Result == "draw") != (v.Points == 0) || v.Points < 0 {
				t.Errorf("%s %s: result %s with %d points", s.Game, s.Mode, v.Result, v.Points)
			}
			if !strings.Contains(v.Status, i18n.GameText(lang, "play.over")) {
				t.Errorf("%s %s: the end is not announced: %q", s.Game, s.Mode, v.Status)
			}
			for _, a := range Actions {
				if v.Enabled[a] {
					t.Errorf("%s %s: %s enabled after the end", s.Game, s.Mode, a)
				}
			}
		}
	}
}

// TestStrongComputer plays a game against the strong level.
func TestStrongComputer(t *testing.T) {
	v := runGame(t, i18n.RU, Setup{Game: engine.Short, Rules: engine.DefaultRules, Mode: Computer, Level: bot.Strong, Cube: true}, 3, false)
	if !v.Over {
		t.Fatal("the game did not end")
	}
}

// TestComputerPlaysShownStepByStep: the computer's play is shown move
// by move, ending on the board's position, and said in notation.
func TestComputerPlaysShownStepByStep(t *testing.T) {
	c := New(i18n.RU, Setup{Game: engine.Long, Rules: engine.DefaultRules, Mode: Computer, Side: engine.Black, Level: bot.Middle},
		Options{Dice: game.NewSequence(6, 2, 5, 3)}) // White starts, then rolls 5-3
	for c.Game().Phase() == game.PhaseOpening {
		if err := c.Do(ActRoll); err != nil {
			t.Fatal(err)
		}
	}
	v := c.View()
	if len(v.Shows) != 1 {
		t.Fatalf("shows %+v, want the computer's one play", v.Shows)
	}
	sh := v.Shows[0]
	if sh.Side != engine.White || sh.Dice != (engine.Dice{5, 3}) || len(sh.Steps) != 2 || sh.Steps[1].Flip() != v.Position {
		t.Errorf("show %+v, board %v", sh, v.Position)
	}
	if !strings.Contains(v.Status, "Компьютер (белые) сыграл 5-3: "+sh.Play) {
		t.Errorf("status %q does not say the play %s", v.Status, sh.Play)
	}
	if !v.Enabled[ActRoll] || !strings.Contains(v.Status, "Ваш ход") {
		t.Errorf("after the computer's play the reader rolls: %+v", v)
	}
}

// TestRefusalNamesTheRule: a refused touch says the rule, and the view
// names it for the page's link.
func TestRefusalNamesTheRule(t *testing.T) {
	c := New(i18n.UK, Setup{Game: engine.Long, Rules: engine.DefaultRules, Mode: Friend},
		Options{Dice: game.NewSequence(5, 2, 5, 3)}) // White starts, rolls 5-3
	for range 2 {
		if err := c.Do(ActRoll); err != nil {
			t.Fatal(err)
		}
	}
	// One checker off the head, then a second: the head rule.
	for _, pt := range []engine.Point{24, 19, 24} {
		if err := c.Touch(pt); err != nil {
			t.Fatal(err)
		}
	}
	v := c.View()
	if v.Rule != "head" || !strings.Contains(v.Status, "голови") {
		t.Errorf("rule %q, status %q", v.Rule, v.Status)
	}
	if err := c.Do(ActUndo); err != nil {
		t.Fatal(err)
	}
	if v := c.View(); v.Rule != "" || v.Enabled[ActUndo] || v.Position != engine.StartPosition(engine.Long) {
		t.Errorf("after undo: rule %q, undo %v, position %v", v.Rule, v.Enabled[ActUndo], v.Position)
	}
}

// TestHint: the first hint counts the legal plays, the second adds the
// strong computer's choice, which is one of them.
func TestHint(t *testing.T) {
	c := New(i18n.RU, Setup{Game: engine.Short, Rules: engine.DefaultRules, Mode: Friend}, Options{Dice: game.NewSequence(6, 5)})
	if err := c.Do(ActRoll); err != nil {
		t.Fatal(err)
	}
	n := len(c.Game().LegalPlays())
	if err := c.Do(ActHint); err != nil {
		t.Fatal(err)
	}
	h := c.View().Hint
	if !strings.Contains(h, "6-5") || !strings.Contains(h, strconv.Itoa(n)) || strings.Contains(h, "уровня сыграл бы") {
		t.Errorf("first hint %q (%d plays)", h, n)
	}
	if err := c.Do(ActHint); err != nil {
		t.Fatal(err)
	}
	h = c.View().Hint
	i := strings.Index(h, "уровня сыграл бы ")
	if i < 0 {
		t.Fatalf("second hint %q", h)
	}
	best := strings.TrimSuffix(h[i+len("уровня сыграл бы "):], ".")
	if v := engine.Explain(c.Game().Position(), engine.Dice{6, 5}, engine.DefaultRules, best); !v.Legal() {
		t.Errorf("the hinted play %q is not legal: %v", best, v)
	}
}

// TestComputerDoublesAndSaysWhy: a computer far ahead doubles, and says
// its chances.
func TestComputerCube(t *testing.T) {
	c := New(i18n.RU, Setup{Game: engine.Short, Rules: engine.DefaultRules, Mode: Computer, Side: engine.White, Level: bot.Middle, Cube: true}, Options{Dice: game.NewSeeded(9)})
	r := rand.New(rand.NewPCG(1, 2))
	saw := false
	for n := 0; n < 400 && !c.View().Over; n++ {
		v := c.View()
		if strings.Contains(v.Status, "Компьютер предлагает удвоить") {
			saw = true
			if !strings.Contains(v.Status, "оценивает свои шансы в ") || !v.Enabled[ActTake] {
				t.Errorf("offer %q, take %v", v.Status, v.Enabled[ActTake])
			}
		}
		switch {
		case v.Enabled[ActTake]:
			c.Do(ActTake)
		case v.Enabled[ActRoll]:
			c.Do(ActRoll)
		case v.Playing:
			playTurn(t, c, r, "cube", false)
		}
	}
	if !saw {
		t.Skip("the computer never doubled in this game")
	}
}

// TestBlockReadsBack: the ```nardy block of every ply reads back, with
// the block parser, to the ply's position and dice.
func TestBlockReadsBack(t *testing.T) {
	c := New(i18n.RU, Setup{Game: engine.Short, Rules: engine.DefaultRules, Mode: Computer, Level: bot.Middle}, Options{Dice: game.NewSeeded(5)})
	r := rand.New(rand.NewPCG(5, 5))
	for n := 0; n < 30 && !c.View().Over; n++ {
		v := c.View()
		switch {
		case v.Enabled[ActRoll]:
			c.Do(ActRoll)
		case v.Playing:
			playTurn(t, c, r, "block", false)
		}
	}
	other, err := engine.ParseRules(engine.DefaultRules, "backgammon=off")
	if err != nil {
		t.Fatal(err)
	}
	rules := []engine.Rules{engine.DefaultRules, other}
	for _, ply := range c.View().Record {
		codes := []string{ply.Code}
		for _, r := range rules[1:] {
			pc, _ := engine.ParseFullCode(ply.Code)
			codes = append(codes, engine.Code(pc.Position, pc.Dice, pc.HasDice, r))
		}
		for _, code := range codes {
			pc, err := engine.ParseFullCode(code)
			if err != nil {
				t.Fatal(err)
			}
			text := Block(code)
			src := strings.TrimSuffix(strings.TrimPrefix(text, "```nardy\n"), "```\n")
			b, err := block.Parse(src, block.Options{Rules: engine.DefaultRules})
			if err != nil {
				t.Fatalf("%s: %v\n%s", code, err, text)
			}
			if b.Position != pc.Position || b.HasDice != pc.HasDice || b.Dice != pc.Dice || b.Rules != pc.Rules {
				t.Errorf("%s: the block reads back as %v %v %v", code, b.Position, b.Dice, b.Rules.Profile())
			}
			if got := engine.Code(b.Position, b.Dice, b.HasDice, b.Rules); got != code {
				t.Errorf("block of %s reads back as %s", code, got)
			}
		}
	}
}

// TestCorruptSave: a save that is not a game, of another game or
// version, or against the rules, is refused with a message, never a
// panic.
func TestCorruptSave(t *testing.T) {
	c := New(i18n.RU, Setup{Game: engine.Long, Rules: engine.DefaultRules, Mode: Computer, Level: bot.Middle}, Options{Dice: game.NewSeeded(1)})
	c.Do(ActRoll)
	c.Do(ActRoll)
	good, err := c.Save()
	if err != nil {
		t.Fatal(err)
	}
	short := New(i18n.RU, Setup{Game: engine.Short, Rules: engine.DefaultRules, Mode: Friend}, Options{})
	foreign, _ := short.Save()
	bad := []string{
		"", "null", "{", "[]", `{"version":2}`, string(good) + "x",
		strings.Replace(string(good), `"mode":"computer"`, `"mode":"robot"`, 1),
		strings.Replace(string(good), `"level":"middle"`, `"level":"genius"`, 1),
		strings.Replace(string(good), `"side":"white"`, `"side":"red"`, 1),
		strings.Replace(string(good), `"opening":[[`, `"opening":[[9,`, 1),
		string(foreign),
	}
	for i := range len(good) / 7 {
		bad = append(bad, string(good[:i*7]))
	}
	for _, s := range bad {
		if _, err := Restore(i18n.RU, []byte(s), engine.Long, Options{}); err == nil {
			t.Errorf("restored %q", s)
		}
	}
	if _, err := Restore(i18n.RU, good, engine.Long, Options{}); err != nil {
		t.Errorf("the good save: %v", err)
	}
}

// FuzzRestore: no save, however broken, panics or restores a game the
// rules do not allow.
func FuzzRestore(f *testing.F) {
	c := New(i18n.RU, Setup{Game: engine.Short, Rules: engine.DefaultRules, Mode: Computer, Level: bot.Beginner, Cube: true}, Options{Dice: game.NewSeeded(2)})
	c.Do(ActRoll)
	data, _ := c.Save()
	f.Add(data)
	f.Add([]byte(`{"version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Restore(i18n.UK, data, engine.Short, Options{Dice: game.NewSeeded(1)})
		if err != nil {
			return
		}
		v := r.View()
		if !slices.Contains([]string{"", "white", "black", "draw"}, v.Result) {
			t.Fatalf("result %q", v.Result)
		}
	})
}
