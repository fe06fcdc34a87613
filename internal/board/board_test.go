package board

import (
	"slices"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

func parse(t *testing.T, src string) *block.Block {
	t.Helper()
	b, err := block.Parse(src, block.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestIllegalDrawn: the play of "illegal:" is drawn as a forbidden move,
// and the description names it in the page's language.
func TestIllegalDrawn(t *testing.T) {
	b := parse(t, "game: long\nwhite: 24x12 18x3\nblack: 12x12 10x3\ndice: 5-3\nillegal: 24/19 24/21\n")
	for l, want := range map[i18n.Lang]string{
		i18n.RU: "Пунктирная стрелка с крестиком — запрещённый ход 24/19 24/21.",
		i18n.UK: "Пунктирна стрілка з хрестиком — заборонений хід 24/19 24/21.",
	} {
		o := Options(l, b, "f")
		if engine.FormatSegments(o.Illegal) != "24/19 24/21" || o.Arrows != nil {
			t.Errorf("%s: forbidden %q, arrows %q", l, engine.FormatSegments(o.Illegal), engine.FormatSegments(o.Arrows))
		}
		if !strings.HasSuffix(o.Desc, " "+want) {
			t.Errorf("%s: description %q does not end with %q", l, o.Desc, want)
		}
	}
}

// TestExerciseDrawn: an exercise's board in its page draws the play it
// asks about as a plain arrow, with no cross, and its description names
// that play without the verdict and without the caption, which explains
// the answer; the block drawn for print keeps both.
func TestExerciseDrawn(t *testing.T) {
	const src = "game: long\nwhite: 24x12 18x3\nblack: 12x12 10x3\ndice: 5-3\nillegal: 24/19 24/21\ncaption: Две шашки с головы не уходят.\n"
	for l, want := range map[i18n.Lang]string{
		i18n.RU: "Стрелка — ход 24/19 24/21, о котором спрашивает задание.",
		i18n.UK: "Стрілка — хід 24/19 24/21, про який питає завдання.",
	} {
		o := ExerciseOptions(l, parse(t, src+"exercise: illegal\n"), "f")
		if o.Illegal != nil || engine.FormatSegments(o.Arrows) != "24/19 24/21" {
			t.Errorf("%s: forbidden %q, arrows %q; want the asked play as arrows only", l, engine.FormatSegments(o.Illegal), engine.FormatSegments(o.Arrows))
		}
		if !strings.HasSuffix(o.Desc, " "+want) {
			t.Errorf("%s: description %q does not end with %q", l, o.Desc, want)
		}
		for _, answer := range []string{"Две шашки", "крестик", "хрестик", "запрещ", "заборон"} {
			if strings.Contains(o.Desc, answer) {
				t.Errorf("%s: description %q gives the answer away (%q)", l, o.Desc, answer)
			}
		}
		p := Options(l, parse(t, src+"exercise: illegal\n"), "f")
		if p.Arrows != nil || engine.FormatSegments(p.Illegal) != "24/19 24/21" || !strings.HasPrefix(p.Desc, "Две шашки") {
			t.Errorf("%s: the print drawing changed: arrows %q, forbidden %q, description %q", l, engine.FormatSegments(p.Arrows), engine.FormatSegments(p.Illegal), p.Desc)
		}
	}
	// An exercise that asks for the legal plays draws none of them, from
	// "arrows:" or from "after:"; print draws them.
	for _, extra := range []string{"arrows: 24/20 20/16 24/20 20/16\n", "after: 24/16(2)\n"} {
		b := parse(t, "game: long\nposition: start\ndice: 4-4\n"+extra+"exercise: plays\n")
		if o := ExerciseOptions(i18n.RU, b, "f"); o.Arrows != nil {
			t.Errorf("%splays exercise: arrows %q drawn, want none", extra, engine.FormatSegments(o.Arrows))
		}
		if p := Options(i18n.RU, b, "f"); p.Arrows == nil {
			t.Errorf("%sprint: no arrows", extra)
		}
	}
	// A block whose exercise asks something else keeps its forbidden play.
	o := ExerciseOptions(i18n.RU, parse(t, src+"stats: off\nexercise: stats\n"), "f")
	if engine.FormatSegments(o.Illegal) != "24/19 24/21" || o.Arrows != nil || !strings.HasSuffix(o.Desc, "запрещённый ход 24/19 24/21.") || strings.Contains(o.Desc, "Две шашки") {
		t.Errorf("stats exercise: forbidden %q, arrows %q, description %q", engine.FormatSegments(o.Illegal), engine.FormatSegments(o.Arrows), o.Desc)
	}
}

// TestAfterDrawn: without "arrows:", the diagram before draws the play of
// "after:" a die at a time; the diagram after shows its position, the
// other side to move, and names the play.
func TestAfterDrawn(t *testing.T) {
	const src = "game: long\nposition: start\ndice: 4-4\nmarks: 12\nafter: 24/16(2)\n"
	b := parse(t, src)
	got := strings.Fields(engine.FormatSegments(Options(i18n.RU, b, "f").Arrows))
	slices.Sort(got)
	// Two checkers from the head (4-4 on the first turn), each 24/20/16.
	if want := []string{"20/16", "20/16", "24/20", "24/20"}; !slices.Equal(got, want) {
		t.Errorf("arrows %q, want %q", got, want)
	}
	if a := Options(i18n.RU, parse(t, src+"arrows: 24/16\n"), "f").Arrows; engine.FormatSegments(a) != "24/16" {
		t.Errorf("the block's own arrows are replaced: %q", engine.FormatSegments(a))
	}
	o := AfterOptions(i18n.UK, b, "f-after")
	if o.ID != "f-after" || o.HasDice || o.Arrows != nil || !slices.Equal(o.Marks, []engine.Point{12}) {
		t.Errorf("after: id %q, dice %v, arrows %v, marks %v", o.ID, o.HasDice, o.Arrows, o.Marks)
	}
	if want := "Позиція після ходу 24/16(2): довгі нарди, хід чорних"; o.Title != want {
		t.Errorf("title %q, want %q", o.Title, want)
	}
	if want := "Позиція після ходу 24/16(2). Білі: 13 шашок на голові (пункт 24), 2 на пункті 16; піпів: 344."; !strings.HasPrefix(o.Desc, want) {
		t.Errorf("description %q, want it to start %q", o.Desc, want)
	}
}
