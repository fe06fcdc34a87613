package game

import (
	"encoding/json"
	mathrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// sample is a short-nardy game with the cube: White opens with 6-1, Black
// doubles and White takes, Black plays 3-3, White has rolled 4-2 and made
// one step, 13/9.
func sample(t testing.TB) *Game {
	t.Helper()
	g := New(engine.Short, engine.DefaultRules, Options{Cube: true, Dice: NewSequence(6, 1, 3, 3, 4, 2)})
	steps := []func() error{
		func() error { _, err := g.Roll(); return err },
		func() error { _, err := g.Play("13/7 8/7"); return err },
		func() error { _, err := g.Double(); return err },
		func() error { _, err := g.Take(); return err },
		func() error { _, err := g.Roll(); return err },
		func() error { _, err := g.Play("1/4 1/4 12/15 12/15"); return err },
		func() error { _, err := g.Roll(); return err },
		func() error {
			v, err := g.Step(13, 9)
			if err == nil && !v.Legal() {
				t.Fatal(v)
			}
			return err
		},
	}
	for i, f := range steps {
		if err := f(); err != nil {
			t.Fatalf("sample, action %d: %v", i+1, err)
		}
	}
	return g
}

const sampleJSON = `{"version":1,"game":"short","rules":"default","cube":true,"opening":[[6,1]],"record":[` +
	`{"kind":"play","side":"white","dice":"6-1","code":"Sw61:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2","play":"13/7 8/7"},` +
	`{"kind":"double","side":"black","code":"Sb:24x2,13x4,8x2,7x2,6x5:19x5,17x3,12x5,1x2","cube":2},` +
	`{"kind":"take","side":"white","code":"Sb:24x2,13x4,8x2,7x2,6x5:19x5,17x3,12x5,1x2","cube":2},` +
	`{"kind":"play","side":"black","dice":"3-3","code":"Sb33:24x2,13x4,8x2,7x2,6x5:19x5,17x3,12x5,1x2","play":"1/4 1/4 12/15 12/15"}],` +
	`"dice":"4-2","steps":["13/9"]}`

// The saved form is stable: a change to it is a change to every saved
// game in readers' browsers.
func TestSavedForm(t *testing.T) {
	b, err := json.Marshal(sample(t))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != sampleJSON {
		t.Errorf("saved\n%s\nwant\n%s", b, sampleJSON)
	}
	var g Game
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if g.Phase() != PhasePlay || len(g.Steps()) != 1 || g.Cube() != (engine.Cube{Value: 2, Owner: engine.White, Owned: true}) {
		t.Errorf("restored phase %s, steps %v, cube %+v", g.Phase(), g.Steps(), g.Cube())
	}
	// The restored game goes on with its own dice.
	if _, err := g.Step(9, 7); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Confirm(); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Roll(); err != nil {
		t.Errorf("a restored game without a dice source rolls with crypto/rand: %v", err)
	}
}

func TestRestoreRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"version", `"version":1`, `"version":2`, "version 2, expected 1"},
		{"game", `"game":"short"`, `"game":"medium"`, `game "medium": expected "long" or "short"`},
		{"rules", `"rules":"default"`, `"rules":"loose"`, `rules: unknown profile "loose"`},
		{"rules not canonical", `"rules":"default"`, `"rules":"default short=international"`, `not as written by the game, "default"`},
		{"unknown field", `"cube":true`, `"cube":true,"seed":4`, `unknown field "seed"`},
		{"opening die", `[[6,1]]`, `[[7,1]]`, "opening roll 1: a die shows 7, not 1..6"},
		{"opening after the decision", `[[6,1]]`, `[[6,1],[2,2]]`, "opening roll 2: the opening was decided by the roll before"},
		{"opening a tie", `[[6,1]]`, `[[3,3]]`, "record entry 1 (play): cannot roll: the opening roll comes first"},
		{"opening dice differ", `[[6,1]]`, `[[5,1]]`, "record entry 1 (play): the dice are 6-1 but white plays 5-1"},
		{"illegal play", `"play":"13/7 8/7"`, `"play":"13/6 8/7"`, "record entry 1 (play): illegal play"},
		{"play written differently", `"play":"13/7 8/7"`, `"play":"8/7 13/7"`, `record entry 1 (play): play "8/7 13/7" is not written as the game writes it, "13/7 8/7"`},
		{"position code", `"code":"Sw61:24x2,13x5`, `"code":"Sw61:24,13x5`, `record entry 1 (play): position code "Sw61:24,13x5`},
		{"side", `{"kind":"double","side":"black"`, `{"kind":"double","side":"white"`, `record entry 2 (double): side "white", but black acts`},
		{"cube value", `"cube":2},{"kind":"take"`, `"cube":4},{"kind":"take"`, "record entry 2 (double): cube 4, but the cube is at 2"},
		{"take twice", `"cube":2},{"kind":"play"`, `"cube":2},{"kind":"take","side":"white","code":"","cube":2},{"kind":"play"`, "record entry 4 (take): cannot take: black is to roll"},
		{"unknown kind", `"kind":"take"`, `"kind":"beaver"`, `record entry 3 (beaver): unknown kind`},
		{"bad dice", `"dice":"3-3"`, `"dice":"3-9"`, `record entry 4 (play): dice "3-9": a die shows 1 to 6`},
		{"lost turn with a play", `"kind":"play","side":"black","dice":"3-3"`, `"kind":"no-play","side":"black","dice":"3-3"`, "record entry 4 (no-play): black has a legal play with 3-3"},
		{"dice of the turn", `"dice":"4-2","steps"`, `"dice":"4-","steps"`, `dice "4-": write two dice`},
		{"steps without dice", `"dice":"4-2",`, ``, `step 1 "13/9": cannot move a checker: white is to roll`},
		{"illegal step", `"steps":["13/9"]`, `"steps":["13/10"]`, `step 1 "13/10": the dice cannot move a checker from 13 to 10`},
		{"a step of two checkers", `"steps":["13/9"]`, `"steps":["13/9 24/22"]`, `step 1 "13/9 24/22": expected one step "from/to"`},
		{"text after", `"steps":["13/9"]}`, `"steps":["13/9"]} {}`, "text after the game"},
		{"not JSON", `{"version"`, `{version`, "saved game: invalid character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(sampleJSON, tc.old) {
				t.Fatalf("%q is not in the sample", tc.old)
			}
			data := strings.Replace(sampleJSON, tc.old, tc.new, 1)
			g := New(engine.Long, engine.DefaultRules, Options{})
			before, _ := g.MarshalJSON()
			err := g.UnmarshalJSON([]byte(data))
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "saved game: ") {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if after, _ := g.MarshalJSON(); string(after) != string(before) {
				t.Errorf("a refused save changed the game: %s", after)
			}
		})
	}
}

// A save of a finished game restores the result; nothing may follow the
// end.
func TestRestoreFinished(t *testing.T) {
	g := New(engine.Short, engine.DefaultRules, Options{Cube: true, Dice: NewSequence(6, 1)})
	run(t, g, []string{"roll", "any", "double", "pass"})
	b, _ := g.MarshalJSON()
	var n Game
	if err := n.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
	if r, ok := n.Result(); !ok || r != (Result{Winner: engine.Black, Kind: engine.Single, Passed: true, Stake: 1, Points: 1}) {
		t.Errorf("restored result %+v (%v)", r, ok)
	}
	more := strings.Replace(string(b), `]}`, `,{"kind":"double","side":"white","code":"","cube":2}]}`, 1)
	if err := n.UnmarshalJSON([]byte(more)); err == nil || !strings.Contains(err.Error(), "record entry 4 (double): cannot double: the game is over") {
		t.Errorf("an entry after the end: %v", err)
	}
}

// FuzzRestore feeds the decoder saved games and mutations of them: it
// never panics, and whatever it accepts it saves again the same way.
func FuzzRestore(f *testing.F) {
	f.Add([]byte(sampleJSON))
	for seed := range uint64(3) {
		for _, c := range randomConfigs[:6] {
			rules, _ := engine.ParseRules(engine.DefaultRules, c.rules)
			opt := c.opt
			opt.Dice = NewSeeded(seed)
			g := New(c.game, rules, opt)
			rng := mathrand.New(mathrand.NewPCG(seed, 2))
			for range 12 + rng.IntN(40) {
				if g.Over() || !randomAction(g, rng) {
					break
				}
			}
			b, _ := g.MarshalJSON()
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Game
		if err := g.UnmarshalJSON(data); err != nil {
			return
		}
		b, err := g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var n Game
		if err := n.UnmarshalJSON(b); err != nil {
			t.Fatalf("a saved game is refused: %v\n%s", err, b)
		}
		b2, _ := n.MarshalJSON()
		if string(b) != string(b2) {
			t.Fatalf("saved differently:\n%s\n%s", b, b2)
		}
	})
}

// randomAction makes one random action; false when it fails.
func randomAction(g *Game, rng *mathrand.Rand) bool {
	var err error
	switch g.Phase() {
	case PhaseOpening, PhaseRoll:
		if g.CanDouble() && rng.IntN(10) == 0 {
			_, err = g.Double()
		} else {
			_, err = g.Roll()
		}
	case PhaseDoubled:
		_, err = g.Take()
	case PhasePlay:
		if ms := g.Movable(); len(ms) > 0 && rng.IntN(2) == 0 {
			to := g.Targets(ms[0])
			_, err = g.Step(ms[0], to[len(to)-1])
		} else {
			pls := g.LegalPlays()
			_, err = g.Choose(pls[rng.IntN(len(pls))])
		}
	}
	return err == nil
}
