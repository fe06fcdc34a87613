package play

import (
	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// Places returns the places a reader touches on a board of game g with
// side s to move, in the order s plays (the order of the Tab key): the
// bar (in short nardy: long nardy has none), s's points from 24 to 1 in
// s's own numbering (named in White's), s's tray.
func Places(g engine.Game, s engine.Side) []engine.Point {
	var out []engine.Point
	if g == engine.Short {
		out = append(out, engine.Bar)
	}
	for o := 24; o >= 1; o-- {
		out = append(out, engine.WhitePoint(g, s, o))
	}
	return append(out, engine.Off)
}

// PlaceBox returns what a reader touches to choose place pt (a point,
// engine.Bar or engine.Off) on a board of game g with side s to move.
func PlaceBox(g engine.Game, s engine.Side, pt engine.Point) geometry.Box {
	switch pt {
	case engine.Bar:
		return geometry.BarBox()
	case engine.Off:
		return geometry.OffBox(g, s)
	}
	return geometry.PointBox(pt)
}

// A Row is a row of places as the board is drawn: the top one (points 13
// to 24 and the trays above the middle) or the bottom one.
type Row uint8

// The rows.
const (
	TopRow Row = iota
	BottomRow
)

// rows reports which rows a place's box is in: the bar is in both.
func rows(b geometry.Box) (top, bottom bool) {
	return b.Y < geometry.MidY, b.Y+b.H > geometry.MidY
}

// in reports whether box b is in row r.
func in(b geometry.Box, r Row) bool {
	top, bottom := rows(b)
	return r == TopRow && top || r == BottomRow && bottom
}

// RowOf returns the row of place pt on a board of game g with side s to
// move; for the bar, which is in both, it returns r.
func RowOf(g engine.Game, s engine.Side, pt engine.Point, r Row) Row {
	switch top, bottom := rows(PlaceBox(g, s, pt)); {
	case top && bottom:
		return r
	case top:
		return TopRow
	}
	return BottomRow
}

// Step returns where the keyboard's focus goes from place from on a
// board of game g with side s to move when the reader presses key, as
// the board is drawn: ArrowLeft and ArrowRight to the next place to the
// left or right in the row, ArrowUp and ArrowDown across to the place of
// the other row nearest above or below, Home and End to the first and
// the last place of the row. The focus stays where it is at the end of
// a row. r is the row the reader is in, which matters on the bar, the
// one place in both rows: it leads along the row the reader came from,
// and ArrowUp and ArrowDown on it change the row it leads along. Step
// returns the place and the row the reader is then in; ok is false when
// key is none of these keys.
func Step(g engine.Game, s engine.Side, from engine.Point, key string, r Row) (to engine.Point, row Row, ok bool) {
	places := Places(g, s)
	fb := PlaceBox(g, s, from)
	fx := fb.X + fb.W/2
	r = RowOf(g, s, from, r)
	top, bottom := rows(fb)
	// best returns the place of row rr whose centre is the least by
	// score (and not from), or from when there is none.
	best := func(rr Row, score func(x int) (int, bool)) engine.Point {
		to, least := from, 0
		for _, pt := range places {
			b := PlaceBox(g, s, pt)
			if pt == from || !in(b, rr) {
				continue
			}
			if v, ok := score(b.X + b.W/2); ok && (to == from || v < least) {
				to, least = pt, v
			}
		}
		return to
	}
	switch key {
	case "ArrowRight":
		to = best(r, func(x int) (int, bool) { return x - fx, x > fx })
	case "ArrowLeft":
		to = best(r, func(x int) (int, bool) { return fx - x, x < fx })
	case "Home":
		to = best(r, func(x int) (int, bool) { return x, x < fx })
	case "End":
		to = best(r, func(x int) (int, bool) { return -x, x > fx })
	case "ArrowUp", "ArrowDown":
		other := TopRow
		if key == "ArrowDown" {
			other = BottomRow
		}
		if top && bottom {
			// On the bar: it is in the other row too.
			return from, other, true
		}
		if other == r {
			return from, r, true
		}
		to = best(other, func(x int) (int, bool) { return abs(x - fx), true })
	default:
		return from, r, false
	}
	return to, RowOf(g, s, to, r), true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
