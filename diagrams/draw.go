package diagrams

import (
	"strconv"

	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// The geometry (see package geometry), by the names the drawing uses.
const (
	margin      = geometry.Margin
	infoH       = geometry.InfoH
	numH        = geometry.NumH
	frameW      = geometry.FrameW
	trayW       = geometry.TrayW
	pointW      = geometry.PointW
	barW        = geometry.BarW
	fieldH      = geometry.FieldH
	triH        = geometry.TriH
	radius      = geometry.Radius
	barR        = geometry.BarR
	stackN      = geometry.StackN
	slabH       = geometry.SlabH
	dieSize     = geometry.DieSize
	trayGap     = geometry.TrayGap
	boardX      = geometry.BoardX
	boardY      = geometry.BoardY
	boardW      = geometry.BoardW
	boardH      = geometry.BoardH
	viewW       = geometry.ViewW
	boardH0     = geometry.BoardH0
	leftTrayX   = geometry.LeftTrayX
	leftFieldX  = geometry.LeftFieldX
	barX        = geometry.BarX
	rightFieldX = geometry.RightFieldX
	rightTrayX  = geometry.RightTrayX
	fieldTop    = geometry.FieldTop
	fieldBot    = geometry.FieldBot
	midY        = geometry.MidY
)

// drawer draws one diagram. Everything that depends only on the theme
// and on Printable (the definitions, the board and its points, the point
// numbers, the attributes of checkers, dice, strips and arrows) is drawn
// once into the theme's layers (see layers.go), mostly through svgo, and
// copied from there. What changes from one diagram to the next (strips,
// marks, checkers, dice, arrows, the notes of a handout) is written by
// out's appenders in the same format.
//
// To keep diagrams small, what many elements share is written once on a
// group around them, which they inherit (the points' outline, the point
// numbers' font, each side's checkers' colours), and attributes with their
// default value are left out. A group changes nothing in how its elements
// are painted, as long as they keep their order where they overlap.
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
// and in the trays: a <circle> each, in a <g class="nd-ck nd-w"> or
// <g class="nd-ck nd-b">), the dice, the arrows and the notes.
func (d *drawer) draw() {
	d.w.layer(d.l.defs[b2i(len(d.o.Arrows) > 0)|2*b2i(len(d.o.Illegal) > 0)], d.id)
	d.w.str("<rect") // the paper, from the origin
	d.w.num("width", viewW)
	d.w.num("height", d.h)
	d.w.str(d.l.paper)
	d.w.str("/>\n")
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

// group returns the start tag of a group with the attributes a, which its
// elements inherit.
func group(a ...string) string { return "<g" + attrs(a...) + ">\n" }

func (d *drawer) ref(name string) string { return "url(#" + d.id + "-" + name + ")" }

// defs draws the definitions: the wooden gradients, the hatch of the
// Print theme and, for a diagram with arrows, the arrowhead, for one with
// forbidden moves, the cross that ends them. A layer. Attributes that
// have their default value are left out.
func (d *drawer) defs(arrows, illegal bool) {
	if !d.c.hatch && !d.o.Printable && d.c.wood == nil && !arrows && !illegal {
		return
	}
	w := d.w
	w.str("<defs>\n")
	if d.c.wood != nil {
		d.gradient("wood", ` y2="100%"`, d.c.wood) // from the top left corner to the bottom right one
		d.gradient("maple", "", d.c.maple)         // from left to right
	}
	if d.c.hatch || d.o.Printable {
		// The Print theme's hatch, also for a Printable Screen diagram.
		pc := palettes[Print]
		w.str(`<pattern id="` + d.id + `-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` + "\n")
		w.str(`<rect width="6" height="6"` + attrs(attr("fill", pc.field)) + "/>\n")
		w.str(`<line y2="6"` + attrs(attr("stroke", pc.triEdge), `stroke-width="1.6"`) + "/>\n")
		w.str("</pattern>\n")
	}
	if arrows {
		w.str(`<marker id="` + d.id + `-head" refX="7" refY="5" markerWidth="16" markerHeight="16" viewBox="0 0 10 10" orient="auto" markerUnits="userSpaceOnUse">` + "\n")
		w.str(`<path d="M0,0L10,5L0,10z"` + attrs(attr("fill", d.c.arrow), attr("stroke", d.c.halo), `stroke-width=".8"`, `stroke-linejoin="round"`) + "/>\n")
		w.str("</marker>\n")
	}
	if illegal {
		// A cross centred on the end of the move, on an outline of the
		// halo's colour.
		w.str(`<marker id="` + d.id + `-cross" refX="10" refY="10" markerWidth="20" markerHeight="20" markerUnits="userSpaceOnUse"` + attrs(`fill="none"`, `stroke-linecap="round"`) + ">\n")
		w.str(`<path d="M3,3L17,17M17,3L3,17"` + attrs(attr("stroke", d.c.halo), `stroke-width="7"`) + "/>\n")
		w.str(`<path d="M3,3L17,17M17,3L3,17"` + attrs(attr("stroke", d.c.illegal), `stroke-width="3.5"`) + "/>\n")
		w.str("</marker>\n")
	}
	w.str("</defs>\n")
}

// gradient writes the linear gradient named name; end holds the
// attributes of its end point unless it runs from left to right.
func (d *drawer) gradient(name, end string, stops []svg.Offcolor) {
	w := d.w
	w.str(`<linearGradient id="` + d.id + "-" + name + `"` + end + ">\n")
	for _, s := range stops {
		w.str(`<stop offset="` + strconv.Itoa(int(min(s.Offset, 100))) + `%" stop-color="` + s.Color + `"`)
		if s.Opacity != 1 {
			w.str(` stop-opacity="` + strconv.FormatFloat(s.Opacity, 'g', -1, 64) + `"`)
		}
		w.str("/>\n")
	}
	w.str("</linearGradient>\n")
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
		d.w.roundrect(boardX, y+2, boardW, infoH-4, 8, d.l.turn)
	}
	cy := y + infoH/2
	d.w.circle(boardX+22, cy, 12, d.l.icon[side])
	base := cy + 8
	// As svgo's Textspan, Span and TextEnd write it, tidied.
	w := d.w
	w.str("<text")
	w.num("x", boardX+44)
	w.num("y", base)
	if d.o.Playable {
		w.str(` data-strip="` + side.String() + `"`)
	}
	w.str(d.l.stripText)
	w.str(">")
	gap := ""
	if name != "" {
		w.str(`<tspan font-weight="700">`)
		w.escape(name)
		w.str("</tspan>")
		gap = ` dx="18"`
	}
	if l.Pips != "" {
		d.muted(gap, l.Pips, d.p.Pips(side))
		gap = ` dx="18"`
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
	w.str("<tspan")
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
	d.s.Rect(boardX, boardY, boardW, boardH, `rx="10"`, attr("fill", frame), attr("stroke", c.frameEdge), `stroke-width="2"`)
	d.s.Group(attr("fill", c.tray), attr("stroke", c.frameEdge))
	for _, x := range []int{leftTrayX, rightTrayX} {
		d.s.Rect(x, fieldTop, trayW, fieldH/2-trayGap/2)
		d.s.Rect(x, midY+trayGap/2, trayW, fieldH/2-trayGap/2)
	}
	d.s.Gend()
	d.s.Group(attr("fill", field), attr("stroke", c.fieldEdge), `stroke-width="1.5"`)
	for _, x := range []int{leftFieldX, rightFieldX} {
		d.s.Rect(x, fieldTop, 6*pointW, fieldH)
	}
	d.s.Gend()
	d.s.Line(barX+barW/2, boardY, barX+barW/2, boardY+boardH, attr("stroke", c.frameEdge))
	d.points()
}

// points draws the 24 triangles, one element each, in a group of their
// own that gives them their outline: the odd points in a group of one
// colour, the even ones in a group of the other (facing points differ, as
// on a real board), and, for a Printable diagram, the hidden print
// triangles.
func (d *drawer) points() {
	c := d.c
	d.s.Group(`class="nd-points"`, attr("stroke", c.triEdge), `stroke-linejoin="round"`)
	triA := c.triA
	if c.hatch {
		triA = d.ref("hatch")
	}
	for i, fill := range []string{triA, c.triB} {
		d.s.Group(attr("fill", fill))
		for pt := engine.Point(1 + i); pt <= 24; pt += 2 {
			d.triangle(pt)
		}
		d.s.Gend()
	}
	if d.o.Printable {
		d.printTriangles()
	}
	d.s.Gend()
}

// triangle draws point pt's triangle, in the colours of its group.
func (d *drawer) triangle(pt engine.Point) {
	x, top := column(pt)
	edge, dir := fieldBot, -1
	if top {
		edge, dir = fieldTop, 1
	}
	d.s.Polygon([]int{x + 1, x + pointW - 1, x + pointW/2}, []int{edge, edge, edge + dir*triH})
}

var column, slotY, barY = geometry.Column, geometry.SlotY, geometry.BarY

func (d *drawer) marked(pt engine.Point) bool {
	for _, m := range d.o.Marks {
		if m == pt {
			return true
		}
	}
	return false
}

// marks highlights the marked points: a tinted, outlined column (the
// outline alone still shows in black and white). The tints are drawn in a
// group, then the outlines in another.
func (d *drawer) marks() {
	if len(d.o.Marks) == 0 {
		return
	}
	for i, open := range []string{d.l.markFill, d.l.markEdge} {
		if open == "" {
			continue
		}
		d.w.str(open)
		for pt := engine.Point(1); pt <= 24; pt++ {
			if !d.marked(pt) {
				continue
			}
			x, top := column(pt)
			y := fieldTop + 3
			if !top {
				y = midY + 7
			}
			if i == 0 {
				d.w.rect(x+2, y, pointW-4, fieldH/2-10, "")
			} else {
				d.w.roundrect(x+2, y, pointW-4, fieldH/2-10, 6, ` class="nd-mark"`)
			}
		}
		d.w.str("</g>\n")
	}
}

// numbers writes 13–24 above the board and 12–1 below it, in a group that
// gives them their font and colour; marked points get their number on a
// badge.
func (d *drawer) numbers() {
	if len(d.o.Marks) == 0 {
		d.w.str(d.l.numbers)
		return
	}
	d.w.str(d.l.numOpen)
	for pt := engine.Point(1); pt <= 24; pt++ {
		d.w.str(d.l.number[b2i(d.marked(pt))][pt])
	}
	d.w.str("</g>\n")
}

// number draws the number of point pt, on a badge when it is marked, for
// the numbers' group. A layer.
func (d *drawer) number(pt engine.Point, marked bool) {
	x, top := column(pt)
	band := boardY + boardH
	if top {
		band = boardY - numH
	}
	cx := x + pointW/2
	if !marked {
		d.s.Text(cx, band+numH/2+7, pt.String())
		return
	}
	d.s.Rect(cx-18, band+3, 36, numH-6, `rx="6"`, attr("fill", d.c.badge))
	d.s.Text(cx, band+numH/2+7, pt.String(), attr("fill", d.c.badgeInk))
}

// stack is the checkers of one side on a point or on the bar: n checkers
// drawn from slot k0 on, where the centre of slot k is (x, y0+k*dy).
type stack struct {
	x, y0, dy int
	k0, n     int
	side      engine.Side
	r         int // the checkers' radius: smaller on the bar
}

// shown returns how many of the stack's checkers are drawn: up to the
// stackN-th slot.
func (st *stack) shown() int { return min(st.n, stackN-st.k0) }

// counted reports whether some checkers are hidden, so that the top one
// drawn carries the count.
func (st *stack) counted() bool { return st.shown() < st.n }

// y returns the centre of the k-th checker drawn.
func (st *stack) y(k int) int { return st.y0 + (st.k0+k)*st.dy }

// sides are White and Black, in the order they are drawn.
var sides = [2]engine.Side{engine.White, engine.Black}

// checkers draws the checkers on the points, on the bar and in the
// trays, in a group of their own.
func (d *drawer) checkers() {
	var buf [2*24 + 2]stack
	var overBuf [24]stack
	stacks, over := buf[:0], overBuf[:0]
	for pt := engine.Point(1); pt <= 24; pt++ {
		x, top := column(pt)
		y0, dy := slotY(top, 0), slotY(top, 1)-slotY(top, 0)
		nw, nb := d.p.Count(engine.White, pt), d.p.Count(engine.Black, pt)
		if nw > 0 {
			stacks = append(stacks, stack{x + pointW/2, y0, dy, 0, nw, engine.White, radius})
		}
		if nb > 0 {
			// With White there too (not a legal position, but draw both),
			// Black is stacked on White and keeps the top slot.
			st := stack{x + pointW/2, y0, dy, min(nw, stackN-1), nb, engine.Black, radius}
			if nw >= stackN {
				// Black's checker covers White's top one: draw it after
				// all of White's.
				over = append(over, st)
				continue
			}
			stacks = append(stacks, st)
		}
	}
	for _, s := range sides {
		if n := d.p.Bar(s); n > 0 {
			stacks = append(stacks, stack{barX + barW/2, barY(s, 0), barY(s, 1) - barY(s, 0), 0, n, s, barR})
		}
	}
	d.w.str(`<g class="nd-checkers">` + "\n")
	d.stacks(stacks)
	d.stacks(over)
	d.trays()
	d.w.str("</g>\n")
}

// stacks draws the stacks: the checkers of each side in a group (in the
// order of the stacks, each stack from the edge of the board or the
// middle of the bar outwards, so that a checker covers the rim of the one
// below it), then their inner rings in a group per side, then the
// counts. This paints what drawing each checker with its ring and count
// in turn paints: rings and counts lie within their checker, and checkers
// of different stacks do not overlap, but for Black's first checker on a
// point that also holds White's, which touches White's top one and comes
// after it, as Black's group comes after White's.
func (d *drawer) stacks(stacks []stack) {
	for _, s := range sides {
		open := false
		for i := range stacks {
			st := &stacks[i]
			if st.side != s {
				continue
			}
			if !open {
				d.w.str(d.l.bodies[s])
				open = true
			}
			for k := range st.shown() {
				d.w.circle(st.x, st.y(k), st.r, "")
			}
		}
		if open {
			d.w.str("</g>\n")
		}
	}
	for _, s := range sides {
		open := false
		for i := range stacks {
			st := &stacks[i]
			if st.side != s {
				continue
			}
			shown := st.shown()
			if st.counted() {
				shown-- // the ring would run through the count
			}
			if shown > 0 && !open {
				d.w.str(d.l.rings[s])
				open = true
			}
			for k := range shown {
				d.w.circle(st.x, st.y(k), st.r-6, "")
			}
		}
		if open {
			d.w.str("</g>\n")
		}
	}
	for i := range stacks {
		if st := &stacks[i]; st.counted() {
			d.w.textNum(st.x, st.y(st.shown()-1)+8, st.n, d.l.count[st.side])
		}
	}
}

// trayAt returns where side s's tray is: its column and whether it is
// the upper half.
func (d *drawer) trayAt(s engine.Side) (x int, top bool) { return geometry.TrayAt(d.p.Game, s) }

var slabY, slabsH = geometry.SlabY, geometry.SlabsH

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

// trays draws each side's borne-off checkers edge-on, in a group per
// side, with their number.
func (d *drawer) trays() {
	for _, s := range sides {
		n := d.p.Off(s)
		if n == 0 {
			continue
		}
		x, top := d.trayAt(s)
		d.w.str(d.l.slabs[s])
		for k := range n {
			d.w.roundrect(x+5, slabY(top, k), trayW-10, slabH, 2, "")
		}
		d.w.str("</g>\n")
		// The count stands just past the slabs; an arrow to the tray ends
		// past the count (see trayEnd).
		d.w.textNum(x+trayW/2, geometry.TrayCountY(top, n), n, d.l.trayCount)
	}
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
// colours of that side: the two dice in a group, then their pips in
// another.
func (d *drawer) dice() {
	if !d.o.HasDice {
		return
	}
	if d.o.Playable {
		// A group for each die, which the board greys once it is played.
		for i, v := range d.o.Dice {
			d.w.str(`<g data-die="` + strconv.Itoa(i) + `">` + "\n")
			d.die(i, v)
			d.w.str("</g>\n")
		}
		return
	}
	d.w.str(d.l.dice[d.p.Turn])
	for i := range d.o.Dice {
		x := geometry.DiceX(d.p.Turn, i)
		d.w.roundrect(x-dieSize/2, midY-dieSize/2, dieSize, dieSize, 7, ` class="nd-die"`)
	}
	d.w.str("</g>\n")
	d.w.str(d.l.pips[d.p.Turn])
	for i, v := range d.o.Dice {
		d.pips(i, v)
	}
	d.w.str("</g>\n")
}

// die draws die i, showing v, with its pips.
func (d *drawer) die(i int, v uint8) {
	x := geometry.DiceX(d.p.Turn, i)
	d.w.str(d.l.dice[d.p.Turn])
	d.w.roundrect(x-dieSize/2, midY-dieSize/2, dieSize, dieSize, 7, ` class="nd-die"`)
	d.w.str("</g>\n")
	d.w.str(d.l.pips[d.p.Turn])
	d.pips(i, v)
	d.w.str("</g>\n")
}

// pips draws the pips of die i, showing v.
func (d *drawer) pips(i int, v uint8) {
	x := geometry.DiceX(d.p.Turn, i)
	for _, q := range pips[v] {
		d.w.circle(x+q[0]*10, midY+q[1]*10, 4, "")
	}
}
