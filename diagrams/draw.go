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

// drawer draws one diagram, through svgo, onto its canvas. What depends
// only on the theme and on Printable (the definitions, the board and its
// points, the point numbers, the checkers of each slot, the dice, the
// marks, the strips' frames) svgo drew once into the theme's layers (see
// layers.go), which are copied; what changes from one diagram to the next
// (the strips' words, the counts, the arrows, the notes) svgo draws for
// the diagram.
//
// To keep diagrams small, what many elements share is written once on a
// group around them, which they inherit (the points' outline, the point
// numbers' font, each side's checkers' colours), and attributes with their
// default value are left out. A group changes nothing in how its elements
// are painted, as long as they keep their order where they overlap.
type drawer struct {
	out *canvas
	s   svg.SVG // draws on out
	p   engine.Position
	o   Options
	id  string
	c   *palette
	l   *layers // nil while the layers themselves are drawn
	h   int     // the viewBox height
}

func newDrawer(out *canvas, p engine.Position, o Options, id string, h int) *drawer {
	return &drawer{out: out, s: svg.SVG{Writer: out}, p: p, o: o, id: id, c: &palettes[o.Theme], l: layersFor(o.Theme, o.Printable), h: h}
}

// draw draws the diagram's elements after the title and description:
// the definitions, the paper, the two strips, the board with the points
// (<g class="nd-points">, one triangle per point), the marks, the point
// numbers, the checkers (<g class="nd-checkers">, with those on the bar
// and in the trays: a <circle> each, in a <g class="nd-ck nd-w"> or
// <g class="nd-ck nd-b">), the dice, the arrows and the notes.
func (d *drawer) draw() {
	l := d.l
	d.out.part(l.defs[b2i(len(d.o.Arrows) > 0)|2*b2i(len(d.o.Illegal) > 0)], d.id)
	if d.h == boardH0 {
		d.out.put(l.paper)
	} else {
		d.s.Rect(0, 0, viewW, d.h, attr("fill", d.c.paper))
	}
	d.strip(engine.Black)
	d.strip(engine.White)
	d.out.part(l.board, d.id)
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

func (d *drawer) ref(name string) string { return "url(#" + d.id + "-" + name + ")" }

// defs draws the definitions: the wooden gradients, the hatch of the
// Print theme and, for a diagram with arrows, the arrowhead, for one with
// forbidden moves, the cross that ends them. A layer.
func (d *drawer) defs(arrows, illegal bool) {
	if !d.c.hatch && !d.o.Printable && d.c.wood == nil && !arrows && !illegal {
		return
	}
	s := &d.s
	s.Def()
	if d.c.wood != nil {
		s.LinearGradient(d.id+"-wood", 0, 0, 100, 100, d.c.wood) // from the top left corner to the bottom right one
		s.LinearGradient(d.id+"-maple", 0, 0, 100, 0, d.c.maple) // from left to right
	}
	if d.c.hatch || d.o.Printable {
		// The Print theme's hatch, also for a Printable Screen diagram.
		pc := palettes[Print]
		s.Pattern(d.id+"-hatch", 0, 0, 6, 6, "user", `patternTransform="rotate(45)"`)
		s.Rect(0, 0, 6, 6, attr("fill", pc.field))
		s.Line(0, 0, 0, 6, attr("stroke", pc.triEdge), `stroke-width="1.6"`)
		s.PatternEnd()
	}
	if arrows {
		s.Marker(d.id+"-head", 7, 5, 16, 16, `viewBox="0 0 10 10"`, `orient="auto"`, `markerUnits="userSpaceOnUse"`)
		s.Path("M0,0L10,5L0,10z", attr("fill", d.c.arrow), attr("stroke", d.c.halo), `stroke-width=".8"`, `stroke-linejoin="round"`)
		s.MarkerEnd()
	}
	if illegal {
		// A cross centred on the end of the move, on an outline of the
		// halo's colour.
		s.Marker(d.id+"-cross", 10, 10, 20, 20, `markerUnits="userSpaceOnUse"`, `fill="none"`, `stroke-linecap="round"`)
		s.Path("M3,3L17,17M17,3L3,17", attr("stroke", d.c.halo), `stroke-width="7"`)
		s.Path("M3,3L17,17M17,3L3,17", attr("stroke", d.c.illegal), `stroke-width="3.5"`)
		s.MarkerEnd()
	}
	s.DefEnd()
}

// strip draws a side's information line: its name, pip count, borne-off
// count and, for the side to move, a frame and the turn label.
func (d *drawer) strip(side engine.Side) {
	l := d.o.Labels
	name := l.White
	if side == engine.Black {
		name = l.Black
	}
	turn := d.p.Turn == side && l.Turn != ""
	if turn {
		d.out.put(d.l.frame[side])
	}
	d.out.put(d.l.icon[side])
	d.out.put(d.l.stripOpen[side][b2i(d.o.Playable)])
	gap := 0
	m := &d.l.memo
	if name != "" {
		m.draw(d.out, memoKey{kind: nameSpan, s: name}, func() { d.s.Span(name, d.l.nameAttrs) })
		gap = 1
	}
	if l.Pips != "" {
		d.muted(l.Pips, d.p.Pips(side), gap)
		gap = 1
	}
	if n := d.p.Off(side); l.Off != "" && n > 0 {
		d.muted(l.Off, n, gap)
	}
	d.out.put(d.l.textEnd)
	if turn {
		m.draw(d.out, memoKey{kind: turnLabel, side: side, s: l.Turn}, func() {
			d.s.Text(boardX+boardW-16, stripY(side)+infoH/2+8, l.Turn, d.l.turnLabel)
		})
	}
}

// muted draws a label and a number in a strip, in the muted colour, after
// another word when gap is 1.
func (d *drawer) muted(label string, n, gap int) {
	d.l.memo.draw(d.out, memoKey{kind: mutedSpan, a: n, b: gap, s: label}, func() {
		d.s.Span(label+" "+strconv.Itoa(n), d.l.mutedAttrs[gap])
	})
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
	for i, open := range d.l.markOpen {
		if open == "" {
			continue
		}
		d.out.put(open)
		for pt := engine.Point(1); pt <= 24; pt++ {
			if d.marked(pt) {
				d.out.put(d.l.mark[i][pt])
			}
		}
		d.out.put(d.l.gend)
	}
}

// numbers writes 13–24 above the board and 12–1 below it, in a group that
// gives them their font and colour; marked points get their number on a
// badge.
func (d *drawer) numbers() {
	if len(d.o.Marks) == 0 {
		d.out.put(d.l.numbers)
		return
	}
	d.out.put(d.l.numOpen)
	for pt := engine.Point(1); pt <= 24; pt++ {
		d.out.put(d.l.number[b2i(d.marked(pt))][pt])
	}
	d.out.put(d.l.gend)
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

// stack is the checkers of one side on a place (a point, or a side's
// bar: see places): n checkers drawn from slot k0 on.
type stack struct {
	place int
	k0, n int
	side  engine.Side
}

// shown returns how many of the stack's checkers are drawn: up to the
// stackN-th slot.
func (st *stack) shown() int { return min(st.n, stackN-st.k0) }

// counted reports whether some checkers are hidden, so that the top one
// drawn carries the count.
func (st *stack) counted() bool { return st.shown() < st.n }

// top returns the centre of the top checker drawn.
func (st *stack) top() (x, y int) {
	x, y0, dy, _ := slotsOf(st.place)
	return x, y0 + (st.k0+st.shown()-1)*dy
}

// sides are White and Black, in the order they are drawn.
var sides = [2]engine.Side{engine.White, engine.Black}

// checkers draws the checkers on the points, on the bar and in the
// trays, in a group of their own.
func (d *drawer) checkers() {
	var buf [2*24 + 2]stack
	var overBuf [24]stack
	stacks, over := buf[:0], overBuf[:0]
	for pt := engine.Point(1); pt <= 24; pt++ {
		nw, nb := d.p.Count(engine.White, pt), d.p.Count(engine.Black, pt)
		if nw > 0 {
			stacks = append(stacks, stack{int(pt), 0, nw, engine.White})
		}
		if nb > 0 {
			// With White there too (not a legal position, but draw both),
			// Black is stacked on White and keeps the top slot.
			st := stack{int(pt), min(nw, stackN-1), nb, engine.Black}
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
			stacks = append(stacks, stack{barPlace + int(s), 0, n, s})
		}
	}
	d.out.put(d.l.checkers)
	d.stacks(stacks)
	d.stacks(over)
	d.trays()
	d.out.put(d.l.gend)
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
				d.out.put(d.l.bodyOpen[s])
				open = true
			}
			d.out.put(d.l.bodies[st.place].slots(st.k0, st.shown()))
		}
		if open {
			d.out.put(d.l.gend)
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
				d.out.put(d.l.ringOpen[s])
				open = true
			}
			d.out.put(d.l.rings[st.place].slots(st.k0, shown))
		}
		if open {
			d.out.put(d.l.gend)
		}
	}
	for i := range stacks {
		if st := &stacks[i]; st.counted() {
			d.l.memo.draw(d.out, memoKey{kind: stackCount, side: st.side, a: st.place, b: st.n}, func() {
				x, y := st.top()
				d.s.Text(x, y+8, strconv.Itoa(st.n), d.l.count[st.side])
			})
		}
	}
}

// trayAt returns where side s's tray is: its column and whether it is
// the upper half.
func (d *drawer) trayAt(s engine.Side) (x int, top bool) { return geometry.TrayAt(d.p.Game, s) }

var slabY, slabsH = geometry.SlabY, geometry.SlabsH

// trayEnd returns where a checker going off the board ends its arrow: the
// free space past the slabs and their count, clear of the count by the
// arrowhead.
func trayEnd(top bool, n int) int {
	h := slabsH(n) + 8
	if n > 0 {
		h += 30
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
		d.out.put(d.l.slabOpen[s])
		d.out.put(d.l.slabs[d.p.Game][s].slots(0, n))
		d.out.put(d.l.gend)
		// The count stands just past the slabs; an arrow to the tray ends
		// past the count (see trayEnd).
		d.l.memo.draw(d.out, memoKey{kind: trayCount, side: s, a: int(d.p.Game), b: n}, func() {
			d.s.Text(x+trayW/2, geometry.TrayCountY(top, n), strconv.Itoa(n), d.l.trayCount)
		})
	}
}

// dice draws the roll in the middle of the half at the right hand of the
// side to move (White sits below the board, Black above it), in the
// colours of that side: the two dice in a group, then their pips in
// another; on a Playable diagram, each die with its pips in a group of
// its own, which the board greys once it is played.
func (d *drawer) dice() {
	if !d.o.HasDice {
		return
	}
	l, t := d.l, d.p.Turn
	if d.o.Playable {
		for i, v := range d.o.Dice {
			d.out.put(l.dieOpen[i])
			d.out.put(l.diceOpen[t])
			d.out.put(l.die[t][i])
			d.out.put(l.gend)
			d.out.put(l.pipsOpen[t])
			d.out.put(l.pips[t][i][v])
			d.out.put(l.gend)
			d.out.put(l.gend)
		}
		return
	}
	d.out.put(l.diceOpen[t])
	d.out.put(l.die[t][0])
	d.out.put(l.die[t][1])
	d.out.put(l.gend)
	d.out.put(l.pipsOpen[t])
	d.out.put(l.pips[t][0][d.o.Dice[0]])
	d.out.put(l.pips[t][1][d.o.Dice[1]])
	d.out.put(l.gend)
}
