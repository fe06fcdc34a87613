package play

import (
	"slices"
	"testing"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TestStep follows the arrow keys over the board as it is drawn: 13–24
// along the top from left to right, 12–1 along the bottom, the bar
// between 18 and 19 above and 7 and 6 below (short nardy only), the tray
// of the side to move at the end of its row.
func TestStep(t *testing.T) {
	const bar, off = engine.Bar, engine.Off
	cases := []struct {
		game      engine.Game
		turn      engine.Side
		from      engine.Point
		row       Row // the row the reader came from (for the bar)
		key       string
		to        engine.Point
		toRow     Row
		whyItGoes string
	}{
		{engine.Short, engine.White, 24, TopRow, "ArrowRight", 24, TopRow, "24 is the last place of the top row: Black's tray is not White's to touch"},
		{engine.Short, engine.White, 24, TopRow, "ArrowLeft", 23, TopRow, "23 is drawn left of 24"},
		{engine.Short, engine.White, 24, TopRow, "ArrowDown", 1, BottomRow, "1 is drawn below 24"},
		{engine.Short, engine.White, 24, TopRow, "ArrowUp", 24, TopRow, "nothing is above the top row"},
		{engine.Short, engine.White, 1, BottomRow, "ArrowUp", 24, TopRow, "24 is drawn above 1"},
		{engine.Short, engine.White, 1, BottomRow, "ArrowRight", off, BottomRow, "White's tray is right of 1"},
		{engine.Short, engine.White, off, BottomRow, "ArrowLeft", 1, BottomRow, "back from the tray"},
		{engine.Short, engine.White, off, BottomRow, "ArrowUp", 24, TopRow, "24 is the nearest place above the tray"},
		{engine.Short, engine.White, 12, BottomRow, "ArrowLeft", 12, BottomRow, "12 is the first place of the bottom row"},
		{engine.Short, engine.White, 12, BottomRow, "ArrowRight", 11, BottomRow, "11 is drawn right of 12"},
		{engine.Short, engine.White, 12, BottomRow, "ArrowUp", 13, TopRow, "13 is drawn above 12"},
		{engine.Short, engine.White, 18, TopRow, "ArrowRight", bar, TopRow, "the bar is between 18 and 19"},
		{engine.Short, engine.White, bar, TopRow, "ArrowRight", 19, TopRow, "from 18 over the bar to 19"},
		{engine.Short, engine.White, bar, TopRow, "ArrowLeft", 18, TopRow, "back to 18"},
		{engine.Short, engine.White, 7, BottomRow, "ArrowRight", bar, BottomRow, "the bar is between 7 and 6"},
		{engine.Short, engine.White, bar, BottomRow, "ArrowRight", 6, BottomRow, "from 7 over the bar to 6"},
		{engine.Short, engine.White, bar, TopRow, "ArrowDown", bar, BottomRow, "the bar is in the bottom row too: the focus stays, the row changes"},
		{engine.Short, engine.White, bar, BottomRow, "ArrowUp", bar, TopRow, "and back"},
		{engine.Short, engine.White, 20, TopRow, "Home", 13, TopRow, "13 begins the top row"},
		{engine.Short, engine.White, 20, TopRow, "End", 24, TopRow, "24 ends it"},
		{engine.Short, engine.White, 13, TopRow, "Home", 13, TopRow, "already at the beginning"},
		{engine.Short, engine.White, 9, BottomRow, "Home", 12, BottomRow, "12 begins the bottom row"},
		{engine.Short, engine.White, 9, BottomRow, "End", off, BottomRow, "White's tray ends it"},
		{engine.Short, engine.White, bar, BottomRow, "End", off, BottomRow, "the bar's row is the one the reader came from"},
		{engine.Short, engine.White, bar, TopRow, "Home", 13, TopRow, "the top row's beginning"},
		{engine.Short, engine.Black, 24, TopRow, "ArrowRight", off, TopRow, "Black's tray is at the top right in short nardy"},
		{engine.Short, engine.Black, 1, BottomRow, "ArrowRight", 1, BottomRow, "White's tray is not Black's to touch"},
		{engine.Long, engine.White, 18, TopRow, "ArrowRight", 19, TopRow, "long nardy has no bar"},
		{engine.Long, engine.White, 7, BottomRow, "ArrowRight", 6, BottomRow, "nor below"},
		{engine.Long, engine.Black, 13, TopRow, "ArrowLeft", off, TopRow, "Black's tray is at the top left in long nardy, next to its home"},
		{engine.Long, engine.Black, off, TopRow, "ArrowRight", 13, TopRow, "from the tray to 13"},
		{engine.Long, engine.Black, off, TopRow, "ArrowDown", 12, BottomRow, "12 is below the tray"},
		{engine.Long, engine.Black, 20, TopRow, "Home", off, TopRow, "the tray begins Black's top row"},
	}
	for _, c := range cases {
		to, row, ok := Step(c.game, c.turn, c.from, c.key, c.row)
		if !ok || to != c.to || row != c.toRow {
			t.Errorf("%s, %s to move, from %s (row %d), %s: %s, row %d, %v; want %s, row %d: %s",
				c.game, c.turn, c.from, c.row, c.key, to, row, ok, c.to, c.toRow, c.whyItGoes)
		}
	}
	if _, _, ok := Step(engine.Short, engine.White, 24, "Tab", TopRow); ok {
		t.Error("Step takes Tab, which keeps its order of play")
	}
}

// TestStepEverywhere checks every place and key of both games and sides:
// a key leads to a place the reader may touch, and ArrowLeft undoes
// ArrowRight (and ArrowRight ArrowLeft) along a row.
func TestStepEverywhere(t *testing.T) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		for _, s := range []engine.Side{engine.White, engine.Black} {
			places := Places(g, s)
			if slices.Contains(places, engine.Bar) != (g == engine.Short) {
				t.Errorf("%s: the bar is a place: %v", g, slices.Contains(places, engine.Bar))
			}
			for _, from := range places {
				for _, r := range []Row{TopRow, BottomRow} {
					for _, k := range []string{"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"} {
						to, row, ok := Step(g, s, from, k, r)
						if !ok || !slices.Contains(places, to) {
							t.Fatalf("%s, %s, from %s, %s: %s, %v", g, s, from, k, to, ok)
						}
						back := map[string]string{"ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft"}[k]
						if back == "" || to == from {
							continue
						}
						if again, _, _ := Step(g, s, to, back, row); again != from {
							t.Errorf("%s, %s: %s then %s from %s leads to %s", g, s, k, back, from, again)
						}
					}
				}
			}
		}
	}
}

// TestNoBarInLongNardy: long nardy has no bar, so touching the middle of
// its board says nothing about a bar, with or without a checker chosen.
func TestNoBarInLongNardy(t *testing.T) {
	p := engine.StartPosition(engine.Long)
	b := New(p, engine.Dice{6, 5}, engine.DefaultRules, i18n.RU)
	before := b.View()
	b.Touch(engine.Bar)
	if v := b.View(); v.Status != before.Status || v.HasSelected {
		t.Errorf("touching the bar in long nardy: %q, selected %v; want %q", v.Status, v.HasSelected, before.Status)
	}
	b.Touch(24)
	chosen := b.View()
	b.Touch(engine.Bar)
	if v := b.View(); v.Status != chosen.Status || !v.HasSelected || v.Selected != 24 {
		t.Errorf("touching the bar with 24 chosen: %q, selected %v at %s; want %q", v.Status, v.HasSelected, v.Selected, chosen.Status)
	}
	// In short nardy the bar is a place: with no checker there the board
	// says so.
	s := New(engine.StartPosition(engine.Short), engine.Dice{6, 5}, engine.DefaultRules, i18n.RU)
	s.Touch(engine.Bar)
	if got := s.View().Status; got != "На баре нет ваших шашек." {
		t.Errorf("touching the bar in short nardy: %q", got)
	}
}

// TestRowsAsDrawn checks the rows the keys follow against the diagrams'
// geometry: each row's places stand from left to right, in the top or
// the bottom half of the board as the row says, and together they are
// every place the reader may touch.
func TestRowsAsDrawn(t *testing.T) {
	for _, g := range []engine.Game{engine.Long, engine.Short} {
		for _, s := range []engine.Side{engine.White, engine.Black} {
			var all []engine.Point
			for _, r := range []Row{TopRow, BottomRow} {
				row := drawnRow(g, s, r)
				prev := -1
				for _, pt := range row {
					b := PlaceBox(g, s, pt)
					top, bottom := b.Y < geometry.MidY, b.Y+b.H > geometry.MidY
					if r == TopRow && !top || r == BottomRow && !bottom {
						t.Errorf("%s, %s: %s is not in row %d as drawn", g, s, pt, r)
					}
					if x := b.X + b.W/2; x <= prev {
						t.Errorf("%s, %s, row %d: %s is not right of the place before it", g, s, r, pt)
					} else {
						prev = x
					}
					if RowOf(g, s, pt, 1-r) != r && pt != engine.Bar {
						t.Errorf("%s, %s: RowOf(%s) is not row %d", g, s, pt, r)
					}
					if !slices.Contains(all, pt) {
						all = append(all, pt)
					}
				}
			}
			places := Places(g, s)
			slices.Sort(all)
			slices.Sort(places)
			if !slices.Equal(all, places) {
				t.Errorf("%s, %s: the rows hold %v, the board's places are %v", g, s, all, places)
			}
		}
	}
}
