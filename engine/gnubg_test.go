// Tests against GNU Backgammon, the reference for short nardy.
//
// The reference data in testdata/gnubg/corpus.txt was made with GNU
// Backgammon 1.07.001 (the Debian bookworm package) by
// testdata/gnubg/generate.sh, which the tests do not run:
//
//   - testdata/gnubg/selfplay.py lets gnubg play 40 money games against
//     itself (fixed seed, 0-ply) and lists the positions, as gnubg's own
//     Position IDs, and the rolls it met;
//   - testdata/gnubg/cases picks the cases: the opening position with each
//     of the 21 rolls; 400 positions with a roll from random short-nardy
//     games that this engine plays from the opening (fixed seed), chosen to
//     cover checkers on the bar, blocked and failed entries, bearing off,
//     hits during bear-off, rolls that cannot be played in full, and
//     doubles; 100 positions and rolls from gnubg's own games;
//   - testdata/gnubg/query.py runs in gnubg's embedded Python (gnubg -t -p):
//     for each case it sets the board by Position ID and the dice, lists
//     every legal move with a 0-ply hint (nothing is filtered at 0-ply;
//     gnubg keeps one move per resulting position), plays each move with
//     gnubg's own move command, and records the Position ID of the result
//     (the opponent on roll). Each result is also computed by applying the
//     parsed move to the board, and the two must agree. The number of dice
//     a move uses is read from the pip count when it bears nothing off.
//
// The Position IDs of the results, and of the positions from gnubg's
// games, come from gnubg, so the corpus also tests ParseGnubgID and
// GnubgID: the engine's IDs of its own results must be gnubg's.
package engine

import (
	"bufio"
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// gnubgOpening is the number of distinct legal moves (resulting
// positions) from the backgammon opening for each roll, as gnubg lists
// them.
var gnubgOpening = map[string]int{
	"1-1": 42, "2-1": 15, "2-2": 75, "3-1": 16, "3-2": 17, "3-3": 73,
	"4-1": 14, "4-2": 18, "4-3": 17, "4-4": 52, "5-1": 8, "5-2": 8,
	"5-3": 9, "5-4": 9, "5-5": 4, "6-1": 10, "6-2": 14, "6-3": 14,
	"6-4": 14, "6-5": 7, "6-6": 11,
}

// gnubgCase is one line of the corpus.
type gnubgCase struct {
	line    int
	code    string
	id      string
	tags    []string
	count   int
	dice    int // dice each move uses; -1 when no move shows it
	results []string
}

func readGnubgCorpus(t testing.TB) []gnubgCase {
	t.Helper()
	name := filepath.Join("testdata", "gnubg", "corpus.txt")
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []gnubgCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 6 {
			t.Fatalf("%s:%d: %d columns, want 6", name, n, len(cols))
		}
		c := gnubgCase{line: n, code: cols[0], id: cols[1], tags: strings.Split(cols[2], ","), dice: -1}
		if c.count, err = strconv.Atoi(cols[3]); err != nil {
			t.Fatalf("%s:%d: count: %v", name, n, err)
		}
		if cols[4] != "-" {
			if c.dice, err = strconv.Atoi(cols[4]); err != nil {
				t.Fatalf("%s:%d: dice: %v", name, n, err)
			}
		}
		if cols[5] != "" {
			c.results = strings.Split(cols[5], " ")
		}
		if len(c.results) != c.count {
			t.Fatalf("%s:%d: count %d but %d results", name, n, c.count, len(c.results))
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 300 {
		t.Fatalf("%s: only %d cases", name, len(cases))
	}
	return cases
}

// gnubgIDCode writes a Position ID with side turn on roll as a position code,
// for messages.
func gnubgIDCode(id string, turn Side) string {
	p, err := ParseGnubgID(id, turn)
	if err != nil {
		return id + " (" + err.Error() + ")"
	}
	return Code(p, Dice{}, false, DefaultRules)
}

func TestGnubgCorpus(t *testing.T) {
	cases := readGnubgCorpus(t)
	tags := map[string]int{}
	for _, c := range cases {
		for _, tag := range c.tags {
			tags[tag]++
		}
	}
	// The corpus covers what it was made for.
	for _, tag := range []string{"opening", "bar", "blocked-entry", "dance", "none", "bearoff",
		"bearoff-hit", "bar-while-home", "partial", "double-partial", "larger-die", "smaller-die",
		"bearoff-all", "double", "selfplay"} {
		if tags[tag] == 0 {
			t.Errorf("no case tagged %q", tag)
		}
	}
	for _, c := range cases {
		t.Run(strconv.Itoa(c.line), func(t *testing.T) {
			pc, err := ParseFullCode(c.code)
			if err != nil {
				t.Fatal(err)
			}
			p, d := pc.Position, pc.Dice
			if !pc.HasDice {
				t.Fatalf("%s: no roll", c.code)
			}
			id, err := p.GnubgID()
			if err != nil {
				t.Fatalf("%s: %v", c.code, err)
			}
			if id != c.id {
				t.Fatalf("%s: GnubgID = %s, corpus has %s", c.code, id, c.id)
			}
			plays := LegalPlays(p, d, DefaultRules)
			got := make([]string, 0, len(plays))
			for _, pl := range plays {
				rid, err := pl.Position.GnubgID()
				if err != nil {
					t.Fatalf("%s %s: %v", c.code, pl, err)
				}
				got = append(got, rid)
				if c.dice >= 0 && pl.DicePlayed() != c.dice {
					t.Errorf("%s: %s plays %d dice, gnubg's moves %d", c.code, pl, pl.DicePlayed(), c.dice)
				}
			}
			slices.Sort(got)
			if len(slices.Compact(slices.Clone(got))) != len(got) {
				t.Errorf("%s: the engine lists a resulting position twice", c.code)
			}
			if len(got) != c.count {
				t.Errorf("%s: the engine has %d plays, gnubg %d", c.code, len(got), c.count)
			}
			if slices.Equal(got, c.results) {
				return
			}
			want := map[string]bool{}
			for _, r := range c.results {
				want[r] = true
			}
			for _, pl := range plays {
				rid, _ := pl.Position.GnubgID()
				if !want[rid] {
					t.Errorf("%s: engine only: %s -> %s (%s)", c.code, pl, Code(pl.Position, Dice{}, false, DefaultRules), rid)
				}
				delete(want, rid)
			}
			for _, r := range c.results {
				if want[r] {
					t.Errorf("%s: gnubg only: %s (%s)", c.code, gnubgIDCode(r, p.Turn.Other()), r)
				}
			}
		})
	}
}

func TestGnubgOpening(t *testing.T) {
	start := StartPosition(Short)
	fromCorpus := map[string]int{}
	for _, c := range readGnubgCorpus(t) {
		if slices.Contains(c.tags, "opening") {
			pc, err := ParseFullCode(c.code)
			if err != nil {
				t.Fatal(err)
			}
			if pc.Position != start {
				t.Errorf("%s: an opening case that is not the opening", c.code)
			}
			fromCorpus[pc.Dice.String()] = c.count
		}
	}
	for _, d := range AllRolls() {
		want := gnubgOpening[d.String()]
		if fromCorpus[d.String()] != want {
			t.Errorf("%s: corpus has %d moves, table %d", d, fromCorpus[d.String()], want)
		}
		if got := len(LegalPlays(start, d, DefaultRules)); got != want {
			t.Errorf("%s from the opening: %d plays, gnubg %d", d, got, want)
		}
	}
}

func TestGnubgIDKnown(t *testing.T) {
	for _, c := range []struct {
		id   string
		turn Side
		code string
	}{
		{"4HPwATDgc/ABMA", White, "Sw:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"},
		{"4HPwATDgc/ABMA", Black, "Sb:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"},
		// Set in gnubg with the player on roll holding 15 checkers on its
		// 6-point; the opponent has one checker on its 24-point.
		{"AACAgP8/AAAAAA", White, "Sw:6x15:1"},
		{"AACAgP8/AAAAAA", Black, "Sb:24:19x15"},
		// What gnubg shows after that player plays 2-1 as 6/5 6/4.
		{"qP8PAAAAAIAAAA", Black, "Sb:6x13,5,4:1"},
		// Every checker borne off.
		{"AAAAAAAAAAAAAA", White, "Sw::"},
	} {
		p, err := ParseGnubgID(c.id, c.turn)
		if err != nil {
			t.Errorf("ParseGnubgID(%q, %s): %v", c.id, c.turn, err)
			continue
		}
		if got := Code(p, Dice{}, false, DefaultRules); got != c.code {
			t.Errorf("ParseGnubgID(%q, %s) = %s, want %s", c.id, c.turn, got, c.code)
		}
		q, err := ParseCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		if id, err := q.GnubgID(); id != c.id || err != nil {
			t.Errorf("GnubgID(%s) = %q, %v; want %q", c.code, id, err, c.id)
		}
	}

	// The move gnubg was shown: 2-1 played 6/5 6/4.
	p, err := ParseGnubgID("AACAgP8/AAAAAA", White)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, pl := range LegalPlays(p, Dice{2, 1}, DefaultRules) {
		if pl.Notation() == "6/5 6/4" || pl.Notation() == "6/4 6/5" {
			found = true
			if id, _ := pl.Position.GnubgID(); id != "qP8PAAAAAIAAAA" {
				t.Errorf("6/5 6/4 gives %s, gnubg qP8PAAAAAIAAAA", id)
			}
		}
	}
	if !found {
		t.Error("6/5 6/4 is not among the plays of 2-1")
	}
}

// gnubgRawID encodes a key given as a string of bits ('0' or '1', spaces
// ignored), first bit first, as gnubg does: little-endian in 10 bytes.
func gnubgRawID(bits string) string {
	bits = strings.ReplaceAll(bits, " ", "")
	var key [10]byte
	for i, c := range bits {
		if c == '1' {
			key[i/8] |= 1 << (i % 8)
		}
	}
	return base64.RawStdEncoding.EncodeToString(key[:])
}

func TestGnubgIDErrors(t *testing.T) {
	empty := strings.Repeat("0", 25)
	for _, c := range []struct {
		id   string
		turn Side
		want string
	}{
		{"", White, `gnubg position ID "": a position ID has 14 characters, this one has 0`},
		{"4HPwATDgc/ABM", White, "has 14 characters, this one has 13"},
		{"4HPwATDgc/ABMAA", White, "has 14 characters, this one has 15"},
		{"4HPwATDgc/ABMA=", White, "has 14 characters, this one has 15"},
		{"4HPwATDgc-ABMA", White, `character 10 ('-') is not a base64 letter`},
		{"4HPwATDgc/ABMé", White, `character 14 ('é') is not a base64 letter`},
		{"4HPwATDgc/ABMB", White, `the last character "B" sets bits beyond the 80-bit key`},
		{"4HPwATDgc/ABMA", Side(2), "the side on roll is neither white nor black"},
		// 16 checkers of the opponent on its ace point.
		{gnubgRawID(strings.Repeat("1", 16)), White, "the opponent of the player on roll (black) has more than 15 checkers"},
		// 16 checkers of the player on roll on its bar.
		{gnubgRawID(empty + strings.Repeat("0", 24) + strings.Repeat("1", 16)), Black, "the player on roll (black) has more than 15 checkers"},
		// The opponent on its ace point, the player on roll on its 24-point:
		// the same point.
		{gnubgRawID("10" + strings.Repeat("0", 24) + strings.Repeat("0", 23) + "10"), White, "point 24 (White's numbering) holds checkers of both sides"},
		{gnubgRawID("10" + strings.Repeat("0", 24) + strings.Repeat("0", 23) + "10"), Black, "point 1 (White's numbering) holds checkers of both sides"},
		// Both sides empty, then a stray bit.
		{gnubgRawID(empty + empty + "0000000001"), White, "bit 60 of the key is set after the last point of both players"},
	} {
		p, err := ParseGnubgID(c.id, c.turn)
		if err == nil {
			t.Errorf("ParseGnubgID(%q, %d) = %s, want an error", c.id, c.turn, Code(p, Dice{}, false, DefaultRules))
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "gnubg position ID "+strconv.Quote(c.id)+": ") {
			t.Errorf("ParseGnubgID(%q, %d): %v\nwant an error with %q", c.id, c.turn, err, c.want)
		}
	}

	long := StartPosition(Long)
	if _, err := long.GnubgID(); err == nil || !strings.Contains(err.Error(), "long nardy") {
		t.Errorf("GnubgID of long nardy: %v", err)
	}
	many := StartPosition(Short)
	many.Set(White, 3, 2)
	if _, err := many.GnubgID(); err == nil || !strings.Contains(err.Error(), "white has more than 15 checkers") {
		t.Errorf("GnubgID with 17 white checkers: %v", err)
	}
	both := NewPosition(Short)
	both.Set(White, 5, 1)
	both.Set(Black, 5, 1)
	if _, err := both.GnubgID(); err == nil || !strings.Contains(err.Error(), "point 5 holds checkers of both sides") {
		t.Errorf("GnubgID with both sides on point 5: %v", err)
	}
}

func TestGnubgIDRoundTrip(t *testing.T) {
	n := 0
	for _, c := range readGnubgCorpus(t) {
		p, err := ParseCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		check := func(id string, turn Side) {
			q, err := ParseGnubgID(id, turn)
			if err != nil {
				t.Errorf("ParseGnubgID(%q, %s): %v", id, turn, err)
				return
			}
			if q.Turn != turn || q.Game != Short {
				t.Errorf("ParseGnubgID(%q, %s): turn %s, game %s", id, turn, q.Turn, q.Game)
			}
			if back, err := q.GnubgID(); back != id || err != nil {
				t.Errorf("GnubgID(ParseGnubgID(%q, %s)) = %q, %v", id, turn, back, err)
			}
			n++
		}
		check(c.id, p.Turn)
		check(c.id, p.Turn.Other())
		if q, _ := ParseGnubgID(c.id, p.Turn); q != p {
			t.Errorf("ParseGnubgID(%q, %s) = %s, corpus has %s", c.id, p.Turn,
				Code(q, Dice{}, false, DefaultRules), Code(p, Dice{}, false, DefaultRules))
		}
		for _, r := range c.results {
			check(r, p.Turn.Other())
		}
	}
	if n < 1000 {
		t.Errorf("only %d IDs checked", n)
	}
}

func FuzzGnubgID(f *testing.F) {
	f.Add("4HPwATDgc/ABMA", false)
	f.Add("AACAgP8/AAAAAA", true)
	f.Add("qP8PAAAAAIAAAA", false)
	f.Add("AAAAAAAAAAAAAA", true)
	f.Add("//////////////", false)
	f.Add("4HPwATDgc/ABMB", false)
	f.Add("4HPwATDgc/ABM", true)
	f.Add("", false)
	f.Fuzz(func(t *testing.T, id string, black bool) {
		turn := White
		if black {
			turn = Black
		}
		p, err := ParseGnubgID(id, turn)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "gnubg position ID "+strconv.Quote(id)+": ") {
				t.Fatalf("error without the ID: %v", err)
			}
			return
		}
		if p.Game != Short || p.Turn != turn {
			t.Fatalf("ParseGnubgID(%q): game %s, turn %s", id, p.Game, p.Turn)
		}
		for _, s := range []Side{White, Black} {
			if p.Off(s) < 0 || p.Off(s)+p.Bar(s)+p.OnBoard(s) != Checkers {
				t.Fatalf("ParseGnubgID(%q): %s has %d off", id, s, p.Off(s))
			}
		}
		back, err := p.GnubgID()
		if err != nil || back != id {
			t.Fatalf("GnubgID(ParseGnubgID(%q)) = %q, %v", id, back, err)
		}
		code := Code(p, Dice{}, false, DefaultRules)
		q, err := ParseCode(code)
		if err != nil || q != p {
			t.Fatalf("ParseGnubgID(%q) = %s, which does not read back: %v", id, code, err)
		}
	})
}
