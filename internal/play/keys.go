package play

import (
	"slices"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// Places returns the places a reader touches on a board of game g with
// side s to move, in the order s plays (the order of the Tab key): the
// bar (in short nardy: long nardy has none), s's points from 24 to 1 in
// s's own numbering (named in White's), s's tray.
func Places(g engine.Game, s engine.Side) []engine.Point {
	out := make([]engine.Point, 0, 26)
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

// RowOf returns the row of place pt on a board of game g with side s to
// move; for the bar, which is in both, it returns r.
func RowOf(g engine.Game, s engine.Side, pt engine.Point, r Row) Row {
	switch {
	case pt == engine.Bar:
		return r
	case pt == engine.Off && s == engine.White, pt != engine.Off && pt <= 12:
		return BottomRow
	}
	return TopRow
}

// drawnRow returns the places of row r from left to right, as a board of
// game g with side s to move draws them: 13–24 across the top, 12–1
// across the bottom, the bar between the halves in short nardy, the tray
// of s (White's at the bottom right, Black's at the top right in short
// nardy and at the top left in long nardy).
func drawnRow(g engine.Game, s engine.Side, r Row) []engine.Point {
	out := make([]engine.Point, 0, 14) // every place of a row

	if r == TopRow {
		if g == engine.Long && s == engine.Black {
			out = append(out, engine.Off)
		}
		for pt := engine.Point(13); pt <= 24; pt++ {
			if pt == 19 && g == engine.Short {
				out = append(out, engine.Bar)
			}
			out = append(out, pt)
		}
		if g == engine.Short && s == engine.Black {
			out = append(out, engine.Off)
		}
		return out
	}
	for pt := engine.Point(12); pt >= 1; pt-- {
		if pt == 6 && g == engine.Short {
			out = append(out, engine.Bar)
		}
		out = append(out, pt)
	}
	if s == engine.White {
		out = append(out, engine.Off)
	}
	return out
}

// Step returns where the keyboard's focus goes from place from on a
// board of game g with side s to move when the reader presses key, as
// the board is drawn: ArrowLeft and ArrowRight to the next place to the
// left or right in the row, ArrowUp and ArrowDown across to the place
// facing it in the other row (the point of the same column; from a tray,
// the point next to it), Home and End to the first and the last place of
// the row. The focus stays where it is at the end of a row. r is the row
// the reader is in, which matters on the bar, the one place in both rows:
// it leads along the row the reader came from, and ArrowUp and ArrowDown
// on it change the row it leads along. Step returns the place and the row
// the reader is then in; ok is false when key is none of these keys.
func Step(g engine.Game, s engine.Side, from engine.Point, key string, r Row) (to engine.Point, row Row, ok bool) {
	r = RowOf(g, s, from, r)
	if key == "ArrowUp" || key == "ArrowDown" {
		along := TopRow
		if key == "ArrowDown" {
			along = BottomRow
		}
		switch {
		case from == engine.Bar, along == r:
			// The bar is in that row too; or there is no row that way.
			return from, along, true
		case from == engine.Off && s == engine.White:
			return 24, along, true
		case from == engine.Off && g == engine.Long:
			return 12, along, true
		case from == engine.Off:
			return 1, along, true
		}
		return 25 - from, along, true
	}
	places := drawnRow(g, s, r)
	i := slices.Index(places, from)
	switch key {
	case "ArrowLeft":
		i = max(i-1, 0)
	case "ArrowRight":
		i = min(i+1, len(places)-1)
	case "Home":
		i = 0
	case "End":
		i = len(places) - 1
	default:
		return from, r, false
	}
	return places[i], r, true
}
