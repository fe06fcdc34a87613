package diagrams

import (
	"bytes"
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

// drawer draws one diagram into a buffer through svgo.
type drawer struct {
	s  *svg.SVG
	p  engine.Position
	o  Options
	id string
	c  palette
	h  int // the viewBox height
}

func newDrawer(buf *bytes.Buffer, p engine.Position, o Options, id string, h int) *drawer {
	return &drawer{s: svg.New(buf), p: p, o: o, id: id, c: palettes[o.Theme], h: h}
}

func (d *drawer) draw() {
	d.defs()
	d.s.Rect(0, 0, viewW, d.h, attr("fill", d.c.paper))
	d.strip(engine.Black, margin)
	d.strip(engine.White, boardY+boardH+numH)
	d.board()
	d.marks()
	d.numbers()
	d.checkers()
	d.dice()
	d.arrows()
	d.notes()
}

// attr formats one attribute for svgo (which writes strings containing
// "=" as they are).
func attr(name, value string) string { return name + `="` + value + `"` }

func itoa(n int) string { return strconv.Itoa(n) }

func (d *drawer) ref(name string) string { return "url(#" + d.id + "-" + name + ")" }

func (d *drawer) defs() {
	if !d.c.hatch && !d.o.Printable && d.c.wood == nil && len(d.o.Arrows) == 0 {
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
	if len(d.o.Arrows) > 0 {
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
		d.s.Roundrect(boardX, y+2, boardW, infoH-4, 8, 8, attr("fill", d.c.turnFill), attr("stroke", d.c.turnEdge), `stroke-width="2"`)
	}
	cy := y + infoH/2
	d.piece(boardX+22, cy, 12, side, "nd-icon", false)
	base := cy + 8
	d.s.Textspan(boardX+44, base, "", `font-size="21"`, attr("fill", d.c.stripInk))
	gap := ""
	if name != "" {
		d.s.Span(name, `font-weight="700"`)
		gap = `dx="18"`
	}
	if l.Pips != "" {
		d.s.Span(l.Pips+" "+itoa(d.p.Pips(side)), gap, attr("fill", d.c.stripMuted))
		gap = `dx="18"`
	}
	if n := d.p.Off(side); l.Off != "" && n > 0 {
		d.s.Span(l.Off+" "+itoa(n), gap, attr("fill", d.c.stripMuted))
	}
	d.s.TextEnd()
	if turn {
		d.s.Text(boardX+boardW-16, base, l.Turn, `font-size="21"`, `font-weight="700"`, `text-anchor="end"`, attr("fill", d.c.turnInk))
	}
}

// board draws the rim, the bar, the trays and the triangles.
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
	triA := c.triA
	if c.hatch {
		triA = d.ref("hatch")
	}
	for pt := engine.Point(1); pt <= 24; pt++ {
		x, top := column(pt)
		edge, dir := fieldBot, -1
		if top {
			edge, dir = fieldTop, 1
		}
		fill := c.triB // even points; facing points differ, as on a real board
		if pt%2 == 1 {
			fill = triA
		}
		d.s.Polygon([]int{x + 1, x + pointW - 1, x + pointW/2}, []int{edge, edge, edge + dir*triH},
			attr("fill", fill), attr("stroke", c.triEdge), `stroke-width="1"`, `stroke-linejoin="round"`)
	}
	if d.o.Printable {
		d.printTriangles()
	}
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
		if d.c.markFill != "none" {
			d.s.Rect(x+2, y, pointW-4, fieldH/2-10, attr("fill", d.c.markFill), `fill-opacity="0.45"`)
		}
		d.s.Roundrect(x+2, y, pointW-4, fieldH/2-10, 6, 6, `class="nd-mark"`, `fill="none"`, attr("stroke", d.c.markEdge),
			`stroke-width="3"`, `stroke-dasharray="7 4"`)
	}
}

// numbers writes 13–24 above the board and 12–1 below it; marked points
// get their number on a badge.
func (d *drawer) numbers() {
	for pt := engine.Point(1); pt <= 24; pt++ {
		x, top := column(pt)
		band := boardY + boardH
		if top {
			band = boardY - numH
		}
		cx := x + pointW/2
		ink := d.c.muted
		if d.marked(pt) {
			d.s.Roundrect(cx-18, band+3, 36, numH-6, 6, 6, attr("fill", d.c.badge))
			ink = d.c.badgeInk
		}
		d.s.Text(cx, band+numH/2+7, pt.String(), `font-size="21"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", ink))
	}
}

// piece draws one round checker of side s, with an inner ring when ring
// is set; class tells checkers on the board from the icons in the strips.
func (d *drawer) piece(x, y, r int, s engine.Side, class string, ring bool) {
	c := d.c
	fill, edge, ringInk, cls := c.whiteFill, c.whiteEdge, c.whiteRing, "nd-w"
	if s == engine.Black {
		fill, edge, ringInk, cls = c.blackFill, c.blackEdge, c.blackRing, "nd-b"
	}
	d.s.Circle(x, y, r, attr("class", class+" "+cls), attr("fill", fill), attr("stroke", edge), `stroke-width="1.5"`)
	if ring {
		d.s.Circle(x, y, r-6, `fill="none"`, attr("stroke", ringInk), `stroke-width="1"`)
	}
}

// count writes a number on a checker of side s.
func (d *drawer) count(x, y, n int, s engine.Side) {
	ink := d.c.whiteInk
	if s == engine.Black {
		ink = d.c.blackInk
	}
	d.s.Text(x, y+8, itoa(n), `class="nd-count"`, `font-size="22"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", ink))
}

// stack draws n checkers of side s at x from slot k0 on, at most to the
// stackN-th slot, with the count on the top checker when some are hidden.
func (d *drawer) stack(x int, slot func(k int) int, k0, n int, s engine.Side) {
	shown := min(n, stackN-k0)
	counted := shown < n
	for k := range shown {
		// The ring would run through the count.
		d.piece(x, slot(k0+k), radius, s, "nd-ck", !counted || k < shown-1)
	}
	if counted && shown > 0 {
		d.count(x, slot(k0+shown-1), n, s)
	}
}

// checkers draws the checkers on the points, on the bar and in the trays.
func (d *drawer) checkers() {
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
	fill, edge, cls := d.c.whiteFill, d.c.whiteEdge, "nd-off nd-w"
	if s == engine.Black {
		fill, edge, cls = d.c.blackFill, d.c.blackEdge, "nd-off nd-b"
	}
	for k := range n {
		d.s.Roundrect(x+5, slabY(top, k), trayW-10, slabH, 2, 2, attr("class", cls), attr("fill", fill), attr("stroke", edge), `stroke-width="1"`)
	}
	// The count stands just past the slabs; an arrow to the tray ends
	// past the count (see trayEnd).
	y := fieldTop + slabsH(n) + 21
	if !top {
		y = fieldBot - slabsH(n) - 6
	}
	d.s.Text(x+trayW/2, y, itoa(n), `class="nd-count"`, `font-size="22"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", d.c.trayInk))
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
// side to move (White sits below the board, Black above it).
func (d *drawer) dice() {
	if !d.o.HasDice {
		return
	}
	cx := rightFieldX + 3*pointW
	fill, edge, ink := d.c.whiteFill, d.c.whiteEdge, d.c.whiteInk
	if d.p.Turn == engine.Black {
		cx = leftFieldX + 3*pointW
		fill, edge, ink = d.c.blackFill, d.c.whiteEdge, d.c.blackInk
	}
	for i, v := range d.o.Dice {
		x := cx - dieSize/2 - 5 + i*(dieSize+10)
		d.s.Roundrect(x-dieSize/2, midY-dieSize/2, dieSize, dieSize, 7, 7, `class="nd-die"`, attr("fill", fill), attr("stroke", edge), `stroke-width="2"`)
		for _, q := range pips[v] {
			d.s.Circle(x+q[0]*10, midY+q[1]*10, 4, attr("fill", ink))
		}
	}
}
