package bot

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Level
		ok   bool
	}{
		{"beginner", Beginner, true},
		{"middle", Middle, true},
		{"strong", Strong, true},
		{"Strong", 0, false},
		{"", 0, false},
		{"expert", 0, false},
	} {
		got, err := ParseLevel(tc.in)
		if (err == nil) != tc.ok || tc.ok && got != tc.want {
			t.Errorf("ParseLevel(%q) = %v, %v", tc.in, got, err)
		}
		if err != nil {
			for _, l := range Levels {
				if !contains(err.Error(), l.String()) {
					t.Errorf("ParseLevel(%q): error %q does not name %s", tc.in, err, l)
				}
			}
		}
	}
	for _, l := range Levels {
		if got, err := ParseLevel(l.String()); err != nil || got != l {
			t.Errorf("ParseLevel(%v.String()) = %v, %v", l, got, err)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// randomPositions plays random games of g under r and returns positions
// met along the way, with a roll for each.
func randomPositions(g engine.Game, r engine.Rules, games int, seed uint64) ([]engine.Position, []engine.Dice) {
	src := newRNG(seed)
	var ps []engine.Position
	var ds []engine.Dice
	for i := 0; i < games; i++ {
		p := engine.StartPosition(g)
		p.Turn = engine.Side(src.next() & 1)
		p.Started = p.Turn
		for ply := 0; ply < 400 && !p.GameOver(r); ply++ {
			d := engine.Dice{src.die(), src.die()}
			ps, ds = append(ps, p), append(ds, d)
			plays := engine.LegalPlays(p, d, r)
			if len(plays) == 0 {
				p = p.Flip()
				continue
			}
			p = plays[src.next()%uint64(len(plays))].Position
		}
	}
	return ps, ds
}

func TestChooseIsLegal(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		for _, pr := range engine.Presets {
			ps, ds := randomPositions(g, pr.Rules, games, uint64(len(pr.Name)))
			for _, l := range Levels {
				pl := New(l, pr.Rules, 7)
				for i, p := range ps {
					if l == Strong && i%4 != 0 {
						continue // its look-ahead is slow under WebAssembly
					}
					legal := engine.LegalPlays(p, ds[i], pr.Rules)
					play, ok := pl.Choose(p, ds[i])
					if ok != (len(legal) > 0) {
						t.Fatalf("%s %s %s: Choose ok=%v with %d legal plays", g, pr.Name, l, ok, len(legal))
					}
					if !ok {
						continue
					}
					found := false
					for _, q := range legal {
						if q.Position == play.Position && q.Notation() == play.Notation() {
							found = true
							break
						}
					}
					if !found {
						t.Fatalf("%s %s %s: %s is not a legal play", g, pr.Name, l, play.Notation())
					}
				}
			}
		}
	}
}

func TestNoLegalPlay(t *testing.T) {
	// White has a checker on the bar and Black holds its whole home.
	p := engine.NewPosition(engine.Short)
	p.SetBar(engine.White, 1)
	p.Set(engine.White, 6, 14)
	for pt := engine.Point(19); pt <= 24; pt++ {
		p.Set(engine.Black, pt, 2)
	}
	p.Set(engine.Black, 12, 3)
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, l := range Levels {
		if _, ok := New(l, engine.DefaultRules, 1).Choose(p, engine.Dice{6, 5}); ok {
			t.Errorf("%s: a play from a closed board", l)
		}
	}
	// A finished game has no play either.
	q := engine.NewPosition(engine.Short)
	q.Set(engine.Black, 20, 15)
	for _, l := range Levels {
		if _, ok := New(l, engine.DefaultRules, 1).Choose(q, engine.Dice{6, 5}); ok {
			t.Errorf("%s: a play in a finished game", l)
		}
	}
}

func TestStrongDeterministic(t *testing.T) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		ps, ds := randomPositions(g, engine.DefaultRules, 2, 3)
		a, b := New(Strong, engine.DefaultRules, 1), New(Strong, engine.DefaultRules, 99)
		for i, p := range ps {
			x, _ := a.Choose(p, ds[i])
			y, _ := b.Choose(p, ds[i])
			if x.Position != y.Position {
				t.Fatalf("%s: two strong players chose %s and %s", g, x.Notation(), y.Notation())
			}
		}
	}
}

func TestSeededLevelsRepeat(t *testing.T) {
	ps, ds := randomPositions(engine.Short, engine.DefaultRules, 2, 5)
	for _, l := range []Level{Beginner, Middle} {
		a, b := New(l, engine.DefaultRules, 42), New(l, engine.DefaultRules, 42)
		for i, p := range ps {
			x, _ := a.Choose(p, ds[i])
			y, _ := b.Choose(p, ds[i])
			if x.Position != y.Position {
				t.Fatalf("%s with one seed chose %s and %s", l, x.Notation(), y.Notation())
			}
		}
	}
}

func TestEmbeddedWeights(t *testing.T) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		n, err := LoadEmbedded(g)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if n.Game() != g {
			t.Errorf("%s: the embedded network is for %s", g, n.Game())
		}
		e := n.Evaluate(engine.StartPosition(g))
		if e.Win < 0.3 || e.Win > 0.7 {
			t.Errorf("%s: the start position is estimated %.3f to win for the side to roll", g, e.Win)
		}
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		n := NewNet(g, 7, 3)
		data, err := n.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		m, err := UnmarshalNet(data, g)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		again, _ := m.MarshalBinary()
		if string(again) != string(data) {
			t.Errorf("%s: the weights changed in a round trip", g)
		}
		p := engine.StartPosition(g)
		if n.Evaluate(p) != m.Evaluate(p) {
			t.Errorf("%s: the loaded network values the start differently", g)
		}
	}
}

func TestWeightsRefused(t *testing.T) {
	good, _ := NewNet(engine.Short, 5, 1).MarshalBinary()
	edit := func(f func([]byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	for _, tc := range []struct {
		name string
		data []byte
		game engine.Game
		want string
	}{
		{"empty", nil, engine.Short, "not a weights file"},
		{"magic", edit(func(b []byte) []byte { b[0] = 'X'; return b }), engine.Short, "not a weights file"},
		{"version", edit(func(b []byte) []byte { b[4] = 9; return b }), engine.Short, "encoding version 9"},
		{"game", good, engine.Long, "for short nardy, not long"},
		{"unknown game", edit(func(b []byte) []byte { b[6] = 7; return b }), engine.Short, "unknown game"},
		{"outputs", edit(func(b []byte) []byte { b[7] = 3; return b }), engine.Short, "3 outputs"},
		{"inputs", edit(func(b []byte) []byte { b[8]++; return b }), engine.Short, "inputs"},
		{"hidden", edit(func(b []byte) []byte { b[10] = 0; return b }), engine.Short, "0 hidden units"},
		{"short file", good[:len(good)-4], engine.Short, "bytes, not the"},
		{"long file", append(append([]byte(nil), good...), 0), engine.Short, "bytes, not the"},
		{"NaN", edit(func(b []byte) []byte { copy(b[headerSize:], []byte{0, 0, 0xc0, 0x7f}); return b }), engine.Short, "not a finite number"},
	} {
		_, err := UnmarshalNet(tc.data, tc.game)
		if err == nil || !contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

func FuzzUnmarshalNet(f *testing.F) {
	good, _ := NewNet(engine.Short, 2, 1).MarshalBinary()
	f.Add(good, false)
	long, _ := NewNet(engine.Long, 2, 1).MarshalBinary()
	f.Add(long, true)
	f.Add([]byte("NDBW"), false)
	f.Fuzz(func(t *testing.T, data []byte, isLong bool) {
		g := engine.Short
		if isLong {
			g = engine.Long
		}
		n, err := UnmarshalNet(data, g)
		if err != nil {
			return
		}
		again, _ := n.MarshalBinary()
		if string(again) != string(data) {
			t.Fatal("a file read without error does not write back the same")
		}
		n.Evaluate(engine.StartPosition(g))
	})
}

func TestRankLeadsWithChoice(t *testing.T) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		ps, ds := randomPositions(g, engine.DefaultRules, 1, 9)
		for _, l := range []Level{Middle, Strong} {
			pl := New(l, engine.DefaultRules, 1)
			for i := 0; i < len(ps); i += 5 {
				legal := engine.LegalPlays(ps[i], ds[i], engine.DefaultRules)
				ranked, eq := pl.Rank(ps[i], ds[i])
				if len(ranked) != len(legal) || len(eq) != len(legal) {
					t.Fatalf("%s %s: ranked %d plays of %d", g, l, len(ranked), len(legal))
				}
				if len(legal) == 0 {
					continue
				}
				chosen, _ := pl.Choose(ps[i], ds[i])
				if ranked[0].Position != chosen.Position {
					t.Fatalf("%s %s: Rank leads with %s, Choose plays %s", g, l, ranked[0].Notation(), chosen.Notation())
				}
			}
		}
	}
}

func TestTrainDeterministic(t *testing.T) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		var files [2][]byte
		for k := range files {
			n := NewNet(g, 8, 5)
			Train(n, TrainOptions{Games: 20, Seed: 5, Alpha: 0.1})
			files[k], _ = n.MarshalBinary()
		}
		if string(files[0]) != string(files[1]) {
			t.Errorf("%s: two trainings with the same options differ", g)
		}
		fresh, _ := NewNet(g, 8, 5).MarshalBinary()
		if string(files[0]) == string(fresh) {
			t.Errorf("%s: training changed nothing", g)
		}
	}
}
