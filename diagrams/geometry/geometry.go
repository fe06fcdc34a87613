// Package geometry is where things stand on a board diagram: the
// playing field and its points, the bar, the trays, the dice, and the
// checkers of a position as shapes in paint order. Package diagrams draws
// with it; the rule pages' move checker, compiled to WebAssembly, redraws
// the checkers of a diagram with it as the reader plays, without the
// drawing library. It imports only the engine.
//
// Coordinates are integers in viewBox units, so output never depends on
// float formatting.
package geometry

import "github.com/nardydocs/nardydocs/engine"

// The layout, in viewBox units.
const (
	Margin  = 2   // around everything
	InfoH   = 40  // a side's information strip
	NumH    = 30  // a band of point numbers
	FrameW  = 8   // the board's rim
	TrayW   = 26  // a tray column
	DivW    = 4   // the rim between a tray and the playing field
	PointW  = 40  // one point
	BarW    = 38  // the middle bar, wide enough for a checker
	FieldH  = 420 // the playing field, both rows
	TriH    = 172 // a triangle's length
	Radius  = 18  // a checker on a point
	Step    = 2 * Radius
	StackN  = 5  // checkers drawn on one stack at most
	SlabH   = 10 // a borne-off checker in a tray, seen edge-on
	SlabGap = 1
	DieSize = 36
	TrayGap = 12 // the rim across the middle of a tray column

	BoardX      = Margin
	BoardY      = Margin + InfoH + NumH
	BoardW      = 2*FrameW + 2*TrayW + 2*DivW + 12*PointW + BarW
	BoardH      = 2*FrameW + FieldH
	ViewW       = BoardW + 2*Margin
	BoardH0     = BoardY + BoardH + NumH + InfoH + Margin // the height without notes
	LeftTrayX   = BoardX + FrameW
	LeftFieldX  = LeftTrayX + TrayW + DivW
	BarX        = LeftFieldX + 6*PointW
	RightFieldX = BarX + BarW
	RightTrayX  = RightFieldX + 6*PointW + DivW
	FieldTop    = BoardY + FrameW
	FieldBot    = FieldTop + FieldH
	MidY        = FieldTop + FieldH/2
)

// Column returns the left edge of point pt (1..24, White's numbering) and
// whether it is in the top row: 13–24 run left to right along the top,
// 12–1 along the bottom.
func Column(pt engine.Point) (x int, top bool) {
	i := 12 - int(pt) // bottom row: 12 is leftmost
	if pt >= 13 {
		i, top = int(pt)-13, true
	}
	x = LeftFieldX + i*PointW
	if i >= 6 {
		x += BarW
	}
	return x, top
}

// SlotY returns the centre of the k-th checker (from 0) of a stack on a
// point of the top or the bottom row.
func SlotY(top bool, k int) int {
	if top {
		return FieldTop + Radius + 1 + k*Step
	}
	return FieldBot - Radius - 1 - k*Step
}

// BarY returns the centre of the k-th checker of side s on the bar, as
// large as those on the points: White's in the upper half (next to the
// points it enters on), Black's in the lower half, both stacked from the
// middle outwards.
func BarY(s engine.Side, k int) int {
	if s == engine.White {
		return MidY - Radius - 4 - k*Step
	}
	return MidY + Radius + 4 + k*Step
}

// TrayAt returns where side s's tray is in game g: its column and whether
// it is the upper half. Each tray is beside its side's home.
func TrayAt(g engine.Game, s engine.Side) (x int, top bool) {
	switch {
	case s == engine.White:
		return RightTrayX, false
	case g == engine.Long:
		return LeftTrayX, true
	}
	return RightTrayX, true
}

// SlabY returns the top of the k-th borne-off checker in a tray.
func SlabY(top bool, k int) int {
	if top {
		return FieldTop + 3 + k*(SlabH+SlabGap)
	}
	return FieldBot - 3 - SlabH - k*(SlabH+SlabGap)
}

// SlabsH returns how far n borne-off checkers reach from the tray's edge.
func SlabsH(n int) int { return 3 + n*(SlabH+SlabGap) }

// TrayCountY returns the baseline of the number of borne-off checkers,
// just past the n slabs.
func TrayCountY(top bool, n int) int {
	if top {
		return FieldTop + SlabsH(n) + 21
	}
	return FieldBot - SlabsH(n) - 6
}

// DiceX returns the centre of die i (0 or 1) of a roll: in the middle of
// the half at the right hand of the side to move (White sits below the
// board, Black above it).
func DiceX(turn engine.Side, i int) int {
	cx := RightFieldX + 3*PointW
	if turn == engine.Black {
		cx = LeftFieldX + 3*PointW
	}
	return cx - DieSize/2 - 5 + i*(DieSize+10)
}

// A Box is a rectangle.
type Box struct{ X, Y, W, H int }

// PointBox returns what a reader touches to choose point pt (1..24): its
// column from the band of its number to the middle of the board.
func PointBox(pt engine.Point) Box {
	x, top := Column(pt)
	if top {
		return Box{x, BoardY - NumH, PointW, MidY - (BoardY - NumH)}
	}
	return Box{x, MidY, PointW, BoardY + BoardH + NumH - MidY}
}

// BarBox returns what a reader touches to choose the bar.
func BarBox() Box { return Box{BarX, FieldTop, BarW, FieldH} }

// OffBox returns what a reader touches to bear a checker of side s off:
// its tray, in game g.
func OffBox(g engine.Game, s engine.Side) Box {
	x, top := TrayAt(g, s)
	if top {
		return Box{x, FieldTop, TrayW, FieldH/2 - TrayGap/2}
	}
	return Box{x, MidY + TrayGap/2, TrayW, FieldH/2 - TrayGap/2}
}

// Ink is how the Screen theme paints one side's checkers: the body, its
// outline, the inner ring and the count written on a stack.
type Ink struct{ Fill, Edge, Ring, Text string }

// The Screen theme's colours of the checkers, as constants, so that the
// move checker's lists of attributes are data.
const (
	WhiteFill = "#fbf7ee"
	WhiteEdge = "#2e241b"
	WhiteRing = "#c8b48e"
	WhiteText = "#2b2118"
	BlackFill = "#2a2420"
	BlackEdge = "#0c0a08"
	BlackRing = "#6f6157"
	BlackText = "#fbf7ee"
)

// ScreenInk is the Screen theme's ink of each side (indexed by
// engine.Side); ScreenTrayInk writes the number of borne-off checkers.
var ScreenInk = [2]Ink{
	engine.White: {Fill: WhiteFill, Edge: WhiteEdge, Ring: WhiteRing, Text: WhiteText},
	engine.Black: {Fill: BlackFill, Edge: BlackEdge, Ring: BlackRing, Text: BlackText},
}

// ScreenTrayInk is the colour of the number of borne-off checkers.
const ScreenTrayInk = "#f6ead0"

// DiePips gives the pips of each die face (1 to 6) as offsets from the
// face's centre, in steps of 10 units.
var DiePips = [7][][2]int{
	1: {{0, 0}},
	2: {{-1, -1}, {1, 1}},
	3: {{-1, -1}, {0, 0}, {1, 1}},
	4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	6: {{-1, -1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 0}, {1, 1}},
}
