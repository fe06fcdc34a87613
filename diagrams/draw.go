package diagrams

import (
	"strconv"

	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/engine"
)

// Geometry, in viewBox units. All coordinates are integers, so the output
// never depends on float formatting.
const (
	margin  = 4   // around everything
	infoH   = 40  // a side's information strip
	numH    = 30  // a band of point numbers
	frameW  = 14  // the board's rim
	trayW   = 44  // a tray column
	divW    = 8   // the rim between a tray and the playing field
	pointW  = 40  // one point
	barW    = 44  // the middle bar
	fieldH  = 420 // the playing field, both rows
	triH    = 172 // a triangle's length
	radius  = 18  // a checker
	step    = 2 * radius
	stackN  = 5  // checkers drawn on one stack at most
	slabH   = 10 // a borne-off checker in a tray, seen edge-on
	slabGap = 1
	dieSize = 36

	boardX      = margin
	boardY      = margin + infoH + numH
	boardW      = 2*frameW + 2*trayW + 2*divW + 12*pointW + barW
	boardH      = 2*frameW + fieldH
	viewW       = boardW + 2*margin
	boardH0     = boardY + boardH + numH + infoH + margin // the height without notes
	leftTrayX   = boardX + frameW
	leftFieldX  = leftTrayX + trayW + divW
	barX        = leftFieldX + 6*pointW
	rightFieldX = barX + barW
	rightTrayX  = rightFieldX + 6*pointW + divW
	fieldTop    = boardY + frameW
	fieldBot    = fieldTop + fieldH
	midY        = fieldTop + fieldH/2
	trayGap     = 12 // the rim across the middle of a tray column
)

// drawer draws one diagram. Everything that depends only on the theme
// and on Printable (the definitions, the board and its points, the point
// numbers, the attributes of checkers, dice, strips and arrows) is drawn
// once through svgo into the theme's layers (see layers.go) and copied
// from there. What changes from one diagram to the next (strips, marks,
// checkers, dice, arrows) is written by out's appenders in svgo's format;
// the notes of a handout are drawn through svgo.
type drawer struct {
	w  *out
	s  svg.SVG // writes into w
	p  engine.Position
	o  Options
	id string
	c  *palette
	l  *layers // nil while the layers themselves are drawn
	h  int     // the viewBox height
}

func newDrawer(w *out, p engine.Position, o Options, id string, h int) *drawer {
	return &drawer{w: w, s: svg.SVG{Writer: w}, p: p, o: o, id: id, c: &palettes[o.Theme], l: layersFor(o.Theme, o.Printable), h: h}
}

// draw writes the diagram's elements after the title and description:
// the definitions, the paper, the two strips, the board with the points
// (<g class="nd-points">, one triangle per point), the marks, the point
// numbers, the checkers (<g class="nd-checkers">, with those on the bar
// and in the trays), the dice, the arrows and the notes.
func (d *drawer) draw() {
	d.w.layer(d.l.defs[b2i(len(d.o.Arrows) > 0)], d.id)
	d.w.rect(0, 0, viewW, d.h, d.l.paper)
	d.strip(engine.Black, margin)
	d.strip(engine.White, boardY+boardH+numH)
	d.w.layer(d.l.board, d.id)
	d.marks()
	d.numbers()
	d.checkers()
	d.dice()
	d.arrows()
	d.notes()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// attr formats one attribute for svgo (which writes strings containing
// "=" as they are).
func attr(name, value string) string { return name + `="` + value + `"` }

func itoa(n int) string { return strconv.Itoa(n) }

func (d *drawer) ref(name string) string { return "url(#" + d.id + "-" + name + ")" }

// defs draws the definitions: the wooden gradients, the hatch of the
// Print theme and, for a diagram with arrows, the arrowhead. A layer.
func (d *drawer) defs(arrows bool) {
	if !d.c.hatch && !d.o.Printable && d.c.wood == nil && !arrows {
		return
	}
	d.s.Def()
	if d.c.wood != nil {
		d.s.LinearGradient(d.id+"-wood", 0, 0, 100, 100, d.c.wood)
		d.s.LinearGradient(d.id+"-maple", 0, 0, 100, 0, d.c.maple)
	}
	if d.c.hatch || d.o.Printable {
		// The Print theme's hatch, also for a Printable Screen diagram.
		pc := palettes[Print]
		d.s.Pattern(d.id+"-hatch", 0, 0, 6, 6, "user", `patternTransform="rotate(45)"`)
		d.s.Rect(0, 0, 6, 6, attr("fill", pc.field))
		d.s.Line(0, 0, 0, 6, attr("stroke", pc.triEdge), `stroke-width="1.6"`)
		d.s.PatternEnd()
	}
	if arrows {
		d.s.Marker(d.id+"-head", 7, 5, 16, 16, `viewBox="0 0 10 10"`, `orient="auto"`, `markerUnits="userSpaceOnUse"`)
		d.s.Path("M0,0 L10,5 L0,10 z", attr("fill", d.c.arrow), attr("stroke", d.c.halo), `stroke-width="0.8"`, `stroke-linejoin="round"`)
		d.s.MarkerEnd()
	}
	d.s.DefEnd()
}

// strip draws a side's information line: its name, pip count, borne-off
// count and, for the side to move, a frame and the turn label.
func (d *drawer) strip(side engine.Side, y int) {
	l := d.o.Labels
	name := l.White
	if side == engine.Black {
		name = l.Black
	}
	turn := d.p.Turn == side && l.Turn != ""
	if turn {
		d.w.roundrect(boardX, y+2, boardW, infoH-4, 8, 8, d.l.turn)
	}
	cy := y + infoH/2
	d.piece(boardX+22, cy, 12, side, icon, false)
	base := cy + 8
	// As svgo's Textspan, Span and TextEnd write it.
	w := d.w
	w.str("<text ")
	w.num("x", boardX+44)
	w.num("y", base)
	w.str(d.l.stripText)
	w.str(">")
	gap := " " // svgo writes an empty attribute as a space
	if name != "" {
		w.str(`<tspan font-weight="700" >`)
		w.escape(name)
		w.str("</tspan>")
		gap = `dx="18" `
	}
	if l.Pips != "" {
		d.muted(gap, l.Pips, d.p.Pips(side))
		gap = `dx="18" `
	}
	if n := d.p.Off(side); l.Off != "" && n > 0 {
		d.muted(gap, l.Off, n)
	}
	w.str("</text>\n")
	if turn {
		d.w.text(boardX+boardW-16, base, l.Turn, d.l.turnLabel)
	}
}

// muted writes a label and a number in a strip, in the muted colour,
// after the gap attribute gap.
func (d *drawer) muted(gap, label string, n int) {
	w := d.w
	w.str("<tspan ")
	w.str(gap)
	w.str(d.l.stripMuted)
	w.str(">")
	w.escape(label)
	w.str(" ")
	w.b = strconv.AppendInt(w.b, int64(n), 10)
	w.str("</tspan>")
}

// board draws the rim, the bar, the trays and the points. A layer.
func (d *drawer) board() {
	c := d.c
	frame, field := c.frame, c.field
	if c.wood != nil {
		frame, field = d.ref("wood"), d.ref("maple")
	}
	d.s.Roundrect(boardX, boardY, boardW, boardH, 10, 10, attr("fill", frame), attr("stroke", c.frameEdge), `stroke-width="2"`)
	for _, x := range []int{leftTrayX, rightTrayX} {
		d.s.Rect(x, fieldTop, trayW, fieldH/2-trayGap/2, attr("fill", c.tray), attr("stroke", c.frameEdge))
		d.s.Rect(x, midY+trayGap/2, trayW, fieldH/2-trayGap/2, attr("fill", c.tray), attr("stroke", c.frameEdge))
	}
	for _, x := range []int{leftFieldX, rightFieldX} {
		d.s.Rect(x, fieldTop, 6*pointW, fieldH, attr("fill", field), attr("stroke", c.fieldEdge), `stroke-width="1.5"`)
	}
	d.s.Line(barX+barW/2, boardY, barX+barW/2, boardY+boardH, attr("stroke", c.frameEdge), `stroke-width="1"`)
	d.points()
}

// points draws the 24 triangles, one element each, in a group of their
// own (with, for a Printable diagram, the hidden print triangles).
func (d *drawer) points() {
	c := d.c
	d.s.Group(`class="nd-points"`)
	triA := c.triA
	if c.hatch {
		triA = d.ref("hatch")
	}
	for pt := engine.Point(1); pt <= 24; pt++ {
		fill := c.triB // even points; facing points differ, as on a real board
		if pt%2 == 1 {
			fill = triA
		}
		d.triangle(pt, attr("fill", fill), attr("stroke", c.triEdge))
	}
	if d.o.Printable {
		d.printTriangles()
	}
	d.s.Gend()
}

// triangle draws point pt's triangle.
func (d *drawer) triangle(pt engine.Point, fill, stroke string) {
	x, top := column(pt)
	edge, dir := fieldBot, -1
	if top {
		edge, dir = fieldTop, 1
	}
	d.s.Polygon([]int{x + 1, x + pointW - 1, x + pointW/2}, []int{edge, edge, edge + dir*triH},
		fill, stroke, `stroke-width="1"`, `stroke-linejoin="round"`)
}

// column returns the left edge of point pt and whether it is in the top
// row.
func column(pt engine.Point) (x int, top bool) {
	i := 12 - int(pt) // bottom row: 12 is leftmost
	if pt >= 13 {
		i, top = int(pt)-13, true
	}
	x = leftFieldX + i*pointW
	if i >= 6 {
		x += barW
	}
	return x, top
}

// slotY returns the centre of the k-th checker (from 0) of a stack.
func slotY(top bool, k int) int {
	if top {
		return fieldTop + radius + 1 + k*step
	}
	return fieldBot - radius - 1 - k*step
}

func (d *drawer) marked(pt engine.Point) bool {
	for _, m := range d.o.Marks {
		if m == pt {
			return true
		}
	}
	return false
}

// marks highlights the marked points: a tinted, outlined column (the
// outline alone still shows in black and white).
func (d *drawer) marks() {
	for pt := engine.Point(1); pt <= 24; pt++ {
		if !d.marked(pt) {
			continue
		}
		x, top := column(pt)
		y := fieldTop + 3
		if !top {
			y = midY + 7
		}
		if d.l.markFill != "" {
			d.w.rect(x+2, y, pointW-4, fieldH/2-10, d.l.markFill)
		}
		d.w.roundrect(x+2, y, pointW-4, fieldH/2-10, 6, 6, d.l.markEdge)
	}
}

// numbers writes 13–24 above the board and 12–1 below it; marked points
// get their number on a badge.
func (d *drawer) numbers() {
	if len(d.o.Marks) == 0 {
		d.w.str(d.l.numbers)
		return
	}
	for pt := engine.Point(1); pt <= 24; pt++ {
		d.w.str(d.l.number[b2i(d.marked(pt))][pt])
	}
}

// number draws the number of point pt, on a badge when it is marked. A
// layer.
func (d *drawer) number(pt engine.Point, marked bool) {
	x, top := column(pt)
	band := boardY + boardH
	if top {
		band = boardY - numH
	}
	cx := x + pointW/2
	ink := d.c.muted
	if marked {
		d.s.Roundrect(cx-18, band+3, 36, numH-6, 6, 6, attr("fill", d.c.badge))
		ink = d.c.badgeInk
	}
	d.s.Text(cx, band+numH/2+7, pt.String(), `font-size="21"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", ink))
}

// The kinds of round pieces.
const (
	icon    = iota // in a strip, beside the side's name
	checker        // on a point or on the bar
)

// piece draws one round piece of side s, with an inner ring when ring is
// set.
func (d *drawer) piece(x, y, r int, s engine.Side, kind int, ring bool) {
	d.w.circle(x, y, r, d.l.piece[kind][s])
	if ring {
		d.w.circle(x, y, r-6, d.l.ring[s])
	}
}

// count writes a number on a checker of side s.
func (d *drawer) count(x, y, n int, s engine.Side) {
	d.w.textNum(x, y+8, n, d.l.count[s])
}

// stack draws n checkers of side s at x from slot k0 on, at most to the
// stackN-th slot, with the count on the top checker when some are hidden.
func (d *drawer) stack(x int, slot func(k int) int, k0, n int, s engine.Side) {
	shown := min(n, stackN-k0)
	counted := shown < n
	for k := range shown {
		// The ring would run through the count.
		d.piece(x, slot(k0+k), radius, s, checker, !counted || k < shown-1)
	}
	if counted && shown > 0 {
		d.count(x, slot(k0+shown-1), n, s)
	}
}

// checkers draws the checkers on the points, on the bar and in the
// trays, in a group of their own.
func (d *drawer) checkers() {
	d.w.str(`<g class="nd-checkers" >` + "\n") // as svgo's Group
	for pt := engine.Point(1); pt <= 24; pt++ {
		x, top := column(pt)
		slot := func(k int) int { return slotY(top, k) }
		nw, nb := d.p.Count(engine.White, pt), d.p.Count(engine.Black, pt)
		if nw > 0 && nb > 0 {
			// Not a legal position, but draw both: Black keeps the top slot.
			d.stack(x+pointW/2, slot, 0, nw, engine.White)
			d.stack(x+pointW/2, slot, min(nw, stackN-1), nb, engine.Black)
			continue
		}
		d.stack(x+pointW/2, slot, 0, nw, engine.White)
		d.stack(x+pointW/2, slot, 0, nb, engine.Black)
	}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		d.stack(barX+barW/2, func(k int) int { return barY(s, k) }, 0, d.p.Bar(s), s)
		d.tray(s)
	}
	d.w.str("</g>\n")
}

// barY returns the centre of the k-th checker of side s on the bar:
// White's in the upper half (next to the points it enters on), Black's in
// the lower half, both stacked from the middle outwards.
func barY(s engine.Side, k int) int {
	if s == engine.White {
		return midY - 30 - k*step
	}
	return midY + 30 + k*step
}

// trayAt returns where side s's tray is: its column and whether it is the
// upper half. Each tray is beside its side's home.
func (d *drawer) trayAt(s engine.Side) (x int, top bool) {
	switch {
	case s == engine.White:
		return rightTrayX, false
	case d.p.Game == engine.Long:
		return leftTrayX, true
	}
	return rightTrayX, true
}

// slabY returns the top of the k-th borne-off checker in a tray.
func slabY(top bool, k int) int {
	if top {
		return fieldTop + 3 + k*(slabH+slabGap)
	}
	return fieldBot - 3 - slabH - k*(slabH+slabGap)
}

// slabsH returns how far n borne-off checkers reach from the tray's edge.
func slabsH(n int) int { return 3 + n*(slabH+slabGap) }

// trayEnd returns where a checker going off the board ends its arrow: the
// free space past the slabs and their count.
func trayEnd(top bool, n int) int {
	h := slabsH(n) + 8
	if n > 0 {
		h += 24
	}
	if top {
		return fieldTop + h
	}
	return fieldBot - h
}

// tray draws side s's borne-off checkers edge-on, with their number.
func (d *drawer) tray(s engine.Side) {
	n := d.p.Off(s)
	if n == 0 {
		return
	}
	x, top := d.trayAt(s)
	for k := range n {
		d.w.roundrect(x+5, slabY(top, k), trayW-10, slabH, 2, 2, d.l.slab[s])
	}
	// The count stands just past the slabs; an arrow to the tray ends
	// past the count (see trayEnd).
	y := fieldTop + slabsH(n) + 21
	if !top {
		y = fieldBot - slabsH(n) - 6
	}
	d.w.textNum(x+trayW/2, y, n, d.l.trayCount)
}

// pips gives the pips of each die face as offsets from the face's centre,
// in steps of 10 units.
var pips = [7][][2]int{
	1: {{0, 0}},
	2: {{-1, -1}, {1, 1}},
	3: {{-1, -1}, {0, 0}, {1, 1}},
	4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	6: {{-1, -1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 0}, {1, 1}},
}

// dice draws the roll in the middle of the half at the right hand of the
// side to move (White sits below the board, Black above it), in the
// colours of that side.
func (d *drawer) dice() {
	if !d.o.HasDice {
		return
	}
	cx := rightFieldX + 3*pointW
	if d.p.Turn == engine.Black {
		cx = leftFieldX + 3*pointW
	}
	for i, v := range d.o.Dice {
		x := cx - dieSize/2 - 5 + i*(dieSize+10)
		d.w.roundrect(x-dieSize/2, midY-dieSize/2, dieSize, dieSize, 7, 7, d.l.die[d.p.Turn])
		for _, q := range pips[v] {
			d.w.circle(x+q[0]*10, midY+q[1]*10, 4, d.l.pip[d.p.Turn])
		}
	}
}
