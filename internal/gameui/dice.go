package gameui

import (
	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// DieShape is an element of a die drawn on the game's board: its face
// (a rounded square, when R is 0) or one of its pips (a circle of radius
// R), as the diagrams draw a roll.
type DieShape struct {
	X, Y, W, R   int
	Fill, Stroke string
}

// DieShapes returns die i (0 or 1) of roll d thrown by side s, where the
// diagrams draw it: in the half at the right hand of s, in s's colours.
func DieShapes(s engine.Side, d engine.Dice, i int) []DieShape {
	fill, ink := geometry.WhiteFill, geometry.WhiteText
	if s == engine.Black {
		fill, ink = geometry.BlackFill, geometry.BlackText
	}
	x, y := geometry.DiceX(s, i), geometry.MidY
	out := []DieShape{{X: x - geometry.DieSize/2, Y: y - geometry.DieSize/2, W: geometry.DieSize, Fill: fill, Stroke: geometry.WhiteEdge}}
	v := d[i]
	if v < 1 || v > 6 {
		return out
	}
	for _, q := range geometry.DiePips[v] {
		out = append(out, DieShape{X: x + q[0]*10, Y: y + q[1]*10, R: 4, Fill: ink})
	}
	return out
}
