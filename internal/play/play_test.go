package play

import (
	"encoding/xml"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// These tests run natively and, compiled to WebAssembly, under Node.js
// (make test).

// TestBoardPlaysARoll plays 6-5 from the start of long nardy by touches,
// as a reader does, in both languages.
func TestBoardPlaysARoll(t *testing.T) {
	p := engine.StartPosition(engine.Long)
	for _, c := range []struct {
		lang                                      i18n.Lang
		pick, selected, refused, moved, done, bad string
	}{
		{i18n.RU, "Нажмите на шашку, которой хотите ходить.",
			"Выбрана шашка на пункте 24; можно на 19, 18 и 13.",
			"С головы можно снять только одну шашку: весь бросок проходит одной шашкой, поэтому исключение первого хода не действует.",
			"Сыграно: 24/18. Осталось сыграть: 5.",
			"Ход разрешён: 24/18/13. В таблице это вариант 1.",
			"На пункте 12 нет вашей шашки."},
		{i18n.UK, "Натисніть на шашку, якою хочете ходити.",
			"Вибрано шашку на пункті 24; можна на 19, 18 і 13.",
			"З голови можна зняти лише одну шашку: увесь кидок проходить однією шашкою, тож виняток першого ходу не діє.",
			"Зіграно: 24/18. Лишилося зіграти: 5.",
			"Хід дозволено: 24/18/13. У таблиці це варіант 1.",
			"На пункті 12 немає вашої шашки."},
	} {
		b := New(p, engine.Dice{6, 5}, engine.DefaultRules, c.lang)
		want := func(step, got, want string) {
			t.Helper()
			if got != want {
				t.Errorf("%s, %s: %q, want %q", c.lang, step, got, want)
			}
		}
		want("start", b.View().Status, c.pick)
		b.Touch(12) // Black's head
		want("a Black checker", b.View().Status, c.bad)
		b.Touch(24)
		v := b.View()
		want("selected", v.Status, c.selected)
		if !v.HasSelected || v.Selected != 24 || !slices.Equal(v.Targets, []engine.Point{19, 18, 13}) {
			t.Errorf("%s: selection %v %v, targets %v", c.lang, v.HasSelected, v.Selected, v.Targets)
		}
		b.Touch(18)
		v = b.View()
		want("moved", v.Status, c.moved)
		if v.Dice != [2]int{2, 0} || v.Played != "24/18" || v.Position.Count(engine.White, 18) != 1 || v.Done {
			t.Errorf("%s: after 24/18: dice %v, played %q, done %v", c.lang, v.Dice, v.Played, v.Done)
		}
		b.Touch(24)
		want("a second checker from the head", b.View().Status, c.refused)
		b.Touch(18)
		b.Touch(13)
		v = b.View()
		want("done", v.Status, c.done)
		if !v.Done || v.Row != 1 || v.Dice != [2]int{2, 2} {
			t.Errorf("%s: done %v, row %d, dice %v", c.lang, v.Done, v.Row, v.Dice)
		}
		b.Undo()
		if v := b.View(); v.Done || v.Played != "24/18" {
			t.Errorf("%s: after Undo: done %v, played %q", c.lang, v.Done, v.Played)
		}
		b.Reset()
		if v := b.View(); v.Played != "" || v.Position != p {
			t.Errorf("%s: after Reset: played %q", c.lang, v.Played)
		}
	}
}

// TestBoardDoubles: a double's dice are greyed two moves at a time, and
// one touch plays a checker over several dice.
func TestBoardDoubles(t *testing.T) {
	pc, err := engine.ParseFullCode("Lw44:24x15:12x15")
	if err != nil {
		t.Fatal(err)
	}
	b := New(pc.Position, pc.Dice, pc.Rules, i18n.RU)
	b.Touch(24)
	if got := b.View().Targets; !slices.Equal(got, []engine.Point{20, 16}) {
		t.Fatalf("targets from the head with 4-4 on the first turn: %v", got)
	}
	b.Touch(16) // two fours in one touch
	if v := b.View(); v.Dice != [2]int{2, 0} || v.Played != "24/20/16" {
		t.Errorf("after 24/16: dice %v, played %q", v.Dice, v.Played)
	}
	b.Touch(24)
	b.Touch(20)
	if v := b.View(); v.Dice != [2]int{2, 1} {
		t.Errorf("after three fours: dice %v", v.Dice)
	}
}

// TestBoardAgreesWithTheEngine plays random legal plays touch by touch in
// positions of random games of both games: every play finished is a legal
// one, its row in the table is its place among the legal plays, and a
// touch on a place that is no target never moves a checker.
func TestBoardAgreesWithTheEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	n := 0
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		for range 10 {
			p := engine.StartPosition(g)
			for turn := 0; turn < 120 && !p.GameOver(engine.DefaultRules); turn++ {
				d := engine.Dice{uint8(rng.IntN(6) + 1), uint8(rng.IntN(6) + 1)}
				plays := engine.LegalPlays(p, d, engine.DefaultRules)
				b := New(p, d, engine.DefaultRules, i18n.UK)
				for steps := 0; !b.View().Done; steps++ {
					v := b.View()
					if len(v.Movable) == 0 || steps > 8 {
						t.Fatalf("%s: stuck after %q", engine.Code(p, d, true, engine.DefaultRules), v.Played)
					}
					from := v.Movable[rng.IntN(len(v.Movable))]
					b.Touch(from)
					targets := b.View().Targets
					// A place that is no target leaves the board as it is.
					for _, x := range []engine.Point{engine.Off, 1, 7, 12, 13, 19, 24} {
						if !slices.Contains(targets, x) && x != from && !slices.Contains(v.Movable, x) {
							before := b.View().Played
							b.Touch(x)
							if v := b.View(); v.Played != before || !v.HasSelected || v.Selected != from {
								t.Fatalf("%s: touching %v, no target, played %q and left the selection %v", engine.Code(p, d, true, engine.DefaultRules), x, v.Played, v.HasSelected)
							}
						}
					}
					b.Touch(targets[rng.IntN(len(targets))])
				}
				v := b.View()
				if len(plays) == 0 {
					if v.Row != 0 {
						t.Fatalf("no play, yet row %d", v.Row)
					}
					p = p.Flip()
					continue
				}
				if v.Row < 1 || plays[v.Row-1].Position != v.Position.Flip() {
					t.Fatalf("%s: played %q, row %d is not its play", engine.Code(p, d, true, engine.DefaultRules), v.Played, v.Row)
				}
				p = plays[v.Row-1].Position
				n++
			}
		}
	}
	t.Logf("%d plays made on the board", n)
}

// TestCheckersAsDrawn: the checkers the board redraws are the diagrams'
// own, element for element, in positions of random games.
func TestCheckersAsDrawn(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		p := engine.StartPosition(g)
		for turn := 0; turn < 300 && !p.GameOver(engine.DefaultRules); turn++ {
			var sb strings.Builder
			if err := diagrams.Inline(&sb, p, diagrams.Options{ID: "f"}); err != nil {
				t.Fatal(err)
			}
			want := drawnCheckers(t, sb.String())
			if len(want) < 15 {
				t.Fatalf("only %d checkers found in the diagram", len(want))
			}
			var got []string
			for _, sh := range Checkers(p) {
				got = append(got, leaf(sh))
			}
			sort.Strings(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: the board draws\n%s\nthe diagram\n%s", engine.Code(p, engine.Dice{}, false, engine.DefaultRules), strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			d := engine.Dice{uint8(rng.IntN(6) + 1), uint8(rng.IntN(6) + 1)}
			if plays := engine.LegalPlays(p, d, engine.DefaultRules); len(plays) > 0 {
				p = plays[rng.IntN(len(plays))].Position
			} else {
				p = p.Flip()
			}
		}
	}
}

// leaf is a shape as an element that paints: its tag, its attributes
// (but its class, which names and does not paint), sorted, and its text.
func leaf(sh Shape) string {
	var attrs []string
	tag := "rect"
	switch {
	case sh.R > 0:
		tag = "circle"
		attrs = []string{"cx=" + strconv.Itoa(sh.X), "cy=" + strconv.Itoa(sh.Y), "r=" + strconv.Itoa(sh.R)}
	case sh.N > 0:
		tag = "text"
		attrs = []string{"x=" + strconv.Itoa(sh.X), "y=" + strconv.Itoa(sh.Y)}
	default:
		attrs = []string{"x=" + strconv.Itoa(sh.X), "y=" + strconv.Itoa(sh.Y), "width=" + strconv.Itoa(sh.W), "height=" + strconv.Itoa(sh.H)}
	}
	for i := 0; i+1 < len(sh.Paint); i += 2 {
		if sh.Paint[i] != "class" {
			attrs = append(attrs, sh.Paint[i]+"="+sh.Paint[i+1])
		}
	}
	sort.Strings(attrs)
	text := ""
	if sh.N > 0 {
		text = strconv.Itoa(sh.N)
	}
	return tag + " " + strings.Join(attrs, " ") + " " + text
}

// drawnCheckers reads the painting elements of a diagram's checkers group.
func drawnCheckers(t *testing.T, svg string) []string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var stack [][]string
	var out []string
	in := 0 // depth inside the checkers group
	var text string
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch el := tok.(type) {
		case xml.StartElement:
			var attrs []string
			for _, a := range el.Attr {
				if a.Name.Local == "class" {
					if a.Value == "nd-checkers" {
						in = 1
					}
					continue
				}
				attrs = append(attrs, a.Name.Local+"="+a.Value)
			}
			if in > 0 {
				in++
			}
			parent := []string(nil)
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, append(slices.Clone(parent), attrs...))
			text = ""
		case xml.CharData:
			text += strings.TrimSpace(string(el))
		case xml.EndElement:
			attrs := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if in > 2 && el.Name.Local != "g" {
				a := slices.Clone(attrs)
				// The checkers group's own attributes (none) and the root's.
				a = slices.DeleteFunc(a, func(s string) bool {
					return strings.HasPrefix(s, "xmlns=") || strings.HasPrefix(s, "id=") || strings.HasPrefix(s, "viewBox=") || strings.HasPrefix(s, "role=") || strings.HasPrefix(s, "font-family=") || strings.HasPrefix(s, "aria-")
				})
				sort.Strings(a)
				out = append(out, el.Name.Local+" "+strings.Join(a, " ")+" "+text)
			}
			if in > 0 {
				in--
				if in == 1 {
					in = 0
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestBoardTasks: an exercise's tasks on the board. Finding every play
// counts the plays found, once each; the solution marks every row; asked
// whether a forbidden play is allowed, "no" is right and "yes" wrong,
// each with the rule.
func TestBoardTasks(t *testing.T) {
	p := engine.StartPosition(engine.Long)
	b := New(p, engine.Dice{6, 5}, engine.DefaultRules, i18n.RU)
	b.SetTask(FindPlays, "")
	b.Touch(24)
	b.Touch(13)
	if got, want := b.View().Status, "Ход разрешён: 24/18/13. В таблице это вариант 1. Найдено 1 из 1. Вы нашли все разрешённые ходы."; got != want {
		t.Errorf("found: %q, want %q", got, want)
	}
	b.Reset()
	b.Touch(24)
	b.Touch(13)
	if got := b.View().Status; !strings.HasSuffix(got, "Этот вариант вы уже нашли.") {
		t.Errorf("found again: %q", got)
	}
	b.Solution()
	if v := b.View(); !slices.Equal(v.Rows, []bool{true}) || v.Status != "Все разрешённые ходы отмечены в таблице." {
		t.Errorf("solution: rows %v, %q", v.Rows, v.Status)
	}

	q := New(p, engine.Dice{6, 5}, engine.DefaultRules, i18n.UK)
	q.SetTask(IsItLegal, "24/18 24/19")
	q.Answer(false)
	if got, want := q.View().Status, "Правильно: так зіграти не можна. З голови можна зняти лише одну шашку: увесь кидок проходить однією шашкою, тож виняток першого ходу не діє."; got != want {
		t.Errorf("no: %q, want %q", got, want)
	}
	q.Answer(true)
	if got := q.View().Status; !strings.HasPrefix(got, "Ні, так зіграти не можна. З голови") {
		t.Errorf("yes: %q", got)
	}
}

// TestBoardMarksARefusedTouch checks that a refused touch, and only one,
// names its place in the view, until the next touch or button.
func TestBoardMarksARefusedTouch(t *testing.T) {
	b := New(engine.StartPosition(engine.Long), engine.Dice{6, 5}, engine.DefaultRules, i18n.RU)
	refused := func(step string, want engine.Point) {
		t.Helper()
		v := b.View()
		switch {
		case want == noSel && v.HasRefused:
			t.Errorf("%s: the view marks %v refused (%q)", step, v.Refused, v.Status)
		case want != noSel && (!v.HasRefused || v.Refused != want):
			t.Errorf("%s: refused %v %v, want %v (%q)", step, v.HasRefused, v.Refused, want, v.Status)
		}
	}
	refused("start", noSel)
	b.Touch(12) // Black's head
	refused("a Black checker", 12)
	b.Touch(24)
	refused("a checker chosen", noSel)
	b.Touch(21) // no die takes 24 to 21
	refused("a point no die reaches", 21)
	b.Touch(18)
	refused("a move", noSel)
	b.Touch(24)
	refused("a second checker from the head", 24)
	b.Undo()
	refused("Undo", noSel)
	b.Touch(engine.Bar) // long nardy has no bar: nothing happens
	refused("the middle of a long-nardy board", noSel)
	b.Touch(5)
	refused("an empty point", 5)
	b.Reset()
	refused("Reset", noSel)
}
