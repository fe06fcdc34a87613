package diagrams

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// layers holds svgo's drawing of everything that the diagrams of a
// theme (with or without Printable) draw alike, made once: the parts
// that name the diagram's id, and, as text, the elements that stand in
// fixed places (the board, the point numbers, a checker in each slot of
// each point and of the bar, the dice, the marks, the strips' frames),
// the start tags of the groups that hold them, and the attributes of the
// elements svgo draws anew for each diagram. Sides index White 0,
// Black 1.
type layers struct {
	memo memo   // the elements drawn for the diagrams, which recur
	gend string // the end tag of a group

	defs    [4]part       // <defs>, with the arrowhead (bit 0) and the forbidden move's cross (bit 1)
	paper   string        // the paper of a diagram without notes
	board   part          // the rim, trays, fields and bar, the points (and the hidden print points)
	numbers string        // the numbers' group with the 24 point numbers, none marked
	numOpen string        // the start tag of the numbers' group
	number  [2][25]string // one point's number in that group, [marked][point]

	frame      [2]string    // the frame round the strip of the side to move, [side]
	icon       [2]string    // [side]
	stripOpen  [2][2]string // the start of a strip's words, [side][Playable]
	textEnd    string       // their end
	nameAttrs  string       // a side's name in its strip
	mutedAttrs [2]string    // a number in a strip, [after another word]
	turnLabel  string       // the attributes of the turn label

	markOpen [2]string     // the start tags of the groups of marks' tints and outlines; markOpen[0] "" for no tint
	mark     [2][25]string // a mark's tint and outline, [tint 0, outline 1][point]

	checkers              string    // the start tag of the checkers' group
	bodyOpen, ringOpen    [2]string // the start tags of the groups of checkers and their inner rings, [side]
	bodies, rings         [places]run
	slabOpen              [2]string       // the start tag of a group of borne-off checkers, [side]
	slabs                 [2][2]run       // the borne-off checkers of a tray, [game][side]
	count                 [2]string       // the attributes of a stack's count, [side]
	trayCount             string          // and of a tray's
	diceOpen, pipsOpen    [2]string       // the start tags of the groups of dice and their pips, [side to move]
	die                   [2][2]string    // [side to move][die]
	pips                  [2][2][7]string // [side to move][die][face]
	dieOpen               [2]string       // a die's own group on a Playable diagram, [die]
	arrows, halo          string          // the start tag of the arrows' group, the attributes of their outlines
	arrow, illegal        part            // the start tags of the groups of arrows and of forbidden moves, which name their arrowhead and cross
	noteOpen, itemsOpen   string          // the start tags of the notes' group and of their items' group
	caption, heading, itm string          // the attributes of a line of the notes' caption, heading and of an item
}

// places are the points 1..24 and each side's bar (barPlace+side).
const (
	barPlace = 25
	places   = barPlace + 2
)

// A run is svgo's drawing of the checkers of one place, slot by slot
// from the edge of the board or the middle of the bar outwards: slot k
// starts at at[k].
type run struct {
	s  string
	at []int
}

// slots returns the checkers of the n slots from slot k.
func (r *run) slots(k, n int) string { return r.s[r.at[k]:r.at[k+n]] }

var layerCache [len(palettes)][2]struct {
	once sync.Once
	l    *layers
}

// layersFor returns the layers of a theme, drawing them on first use.
func layersFor(t Theme, printable bool) *layers {
	c := &layerCache[t][b2i(printable)]
	c.once.Do(func() { c.l = drawLayers(t, printable) })
	return c.l
}

// drawLayers draws the layers of a theme through svgo, with idMark for
// the id.
func drawLayers(t Theme, printable bool) *layers {
	out := &canvas{}
	d := &drawer{out: out, s: svg.SVG{Writer: out}, o: Options{Theme: t, Printable: printable}, id: idMark, c: &palettes[t]}
	s := &d.s
	take := func() string {
		drawn := string(out.b)
		out.b = out.b[:0]
		return drawn
	}
	c := d.c
	l := &layers{}
	s.Gend()
	l.gend = take()
	for i := range l.defs {
		d.defs(i&1 != 0, i&2 != 0)
		l.defs[i] = newPart(take())
	}
	s.Rect(0, 0, viewW, boardH0, attr("fill", c.paper))
	l.paper = take()
	d.board()
	l.board = newPart(take())

	s.Group(`font-size="21"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", c.muted))
	l.numOpen = take()
	var all strings.Builder
	for pt := engine.Point(1); pt <= 24; pt++ {
		for m, marked := range []bool{false, true} {
			d.number(pt, marked)
			l.number[m][pt] = take()
		}
		all.WriteString(l.number[0][pt])
	}
	l.numbers = l.numOpen + all.String() + l.gend

	side := []struct{ fill, edge, ring, ink, cls string }{
		engine.White: {c.whiteFill, c.whiteEdge, c.whiteRing, c.whiteInk, "nd-w"},
		engine.Black: {c.blackFill, c.blackEdge, c.blackRing, c.blackInk, "nd-b"},
	}
	for sd, sc := range side {
		y := stripY(engine.Side(sd))
		s.Rect(boardX, y+2, boardW, infoH-4, `rx="8"`, attr("fill", c.turnFill), attr("stroke", c.turnEdge), `stroke-width="2"`)
		l.frame[sd] = take()
		s.Circle(boardX+22, y+infoH/2, 12, attr("class", "nd-icon "+sc.cls), attr("fill", sc.fill), attr("stroke", sc.edge), `stroke-width="1.5"`)
		l.icon[sd] = take()
		for playable := range 2 {
			a := []string{`font-size="21"`, attr("fill", c.stripInk)}
			if playable == 1 {
				a = append([]string{attr("data-strip", engine.Side(sd).String())}, a...)
			}
			s.Textspan(boardX+44, y+infoH/2+8, "", a...)
			l.stripOpen[sd][playable] = take()
		}

		s.Group(attr("class", "nd-ck "+sc.cls), attr("fill", sc.fill), attr("stroke", sc.edge), `stroke-width="1.5"`)
		l.bodyOpen[sd] = take()
		s.Group(`fill="none"`, attr("stroke", sc.ring))
		l.ringOpen[sd] = take()
		s.Group(attr("class", "nd-off "+sc.cls), attr("fill", sc.fill), attr("stroke", sc.edge))
		l.slabOpen[sd] = take()
		l.count[sd] = attrs(`class="nd-count"`, `font-size="22"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", sc.ink))
		// Every die is outlined in White's edge colour.
		s.Group(attr("fill", sc.fill), attr("stroke", c.whiteEdge), `stroke-width="2"`)
		l.diceOpen[sd] = take()
		s.Group(attr("fill", sc.ink))
		l.pipsOpen[sd] = take()
		for i := range 2 {
			x := geometry.DiceX(engine.Side(sd), i)
			s.Rect(x-dieSize/2, midY-dieSize/2, dieSize, dieSize, `rx="7"`, `class="nd-die"`)
			l.die[sd][i] = take()
			for v := 1; v <= 6; v++ {
				for _, q := range geometry.DiePips[v] {
					s.Circle(x+q[0]*10, midY+q[1]*10, 4)
				}
				l.pips[sd][i][v] = take()
			}
		}
		for g := range 2 {
			x, top := geometry.TrayAt(engine.Game(g), engine.Side(sd))
			l.slabs[g][sd] = drawRun(out, engine.Checkers, func(k int) {
				s.Rect(x+5, slabY(top, k), trayW-10, slabH, `rx="2"`)
			})
		}
	}
	s.TextEnd()
	l.textEnd = take()
	l.nameAttrs = `font-weight="700"`
	l.mutedAttrs = [2]string{attr("fill", c.stripMuted), attrs(`dx="18"`, attr("fill", c.stripMuted))}
	l.turnLabel = attrs(`font-size="21"`, `font-weight="700"`, `text-anchor="end"`, attr("fill", c.turnInk))

	for pl := 1; pl < places; pl++ {
		x, y0, dy, r := slotsOf(pl)
		l.bodies[pl] = drawRun(out, stackN, func(k int) { s.Circle(x, y0+k*dy, r) })
		l.rings[pl] = drawRun(out, stackN, func(k int) { s.Circle(x, y0+k*dy, r-6) })
	}
	s.Group(`class="nd-checkers"`)
	l.checkers = take()
	l.trayCount = attrs(`class="nd-count"`, `font-size="22"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", c.trayInk))
	for i := range l.dieOpen {
		s.Group(attr("data-die", strconv.Itoa(i)))
		l.dieOpen[i] = take()
	}

	if c.markFill != "none" {
		s.Group(attr("fill", c.markFill), `fill-opacity=".45"`)
		l.markOpen[0] = take()
	}
	s.Group(`fill="none"`, attr("stroke", c.markEdge), `stroke-width="3"`, `stroke-dasharray="7 4"`)
	l.markOpen[1] = take()
	for pt := engine.Point(1); pt <= 24; pt++ {
		x, top := column(pt)
		y := fieldTop + 3
		if !top {
			y = midY + 7
		}
		s.Rect(x+2, y, pointW-4, fieldH/2-10)
		l.mark[0][pt] = take()
		s.Rect(x+2, y, pointW-4, fieldH/2-10, `rx="6"`, `class="nd-mark"`)
		l.mark[1][pt] = take()
	}

	s.Group(`class="nd-arrows"`, `fill="none"`, `stroke-linecap="round"`)
	l.arrows = take()
	l.halo = attrs(attr("stroke", c.halo), `stroke-width="8"`, `stroke-opacity=".85"`)
	s.Group(attr("stroke", c.arrow), `stroke-width="3.5"`, attr("marker-end", d.ref("head")))
	l.arrow = newPart(take())
	// A forbidden move: round dashes on the solid outline, a cross at
	// the end.
	s.Group(`class="nd-illegal"`, attr("stroke", c.illegal), `stroke-width="3.5"`, `stroke-dasharray="8 10"`, attr("marker-end", d.ref("cross")))
	l.illegal = newPart(take())

	s.Group(attr("fill", c.ink))
	l.noteOpen = take()
	s.Group(`font-size="19"`, `font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace"`)
	l.itemsOpen = take()
	l.caption = `class="nd-note" font-size="20" font-style="italic"`
	l.heading = `class="nd-note" font-size="20" font-weight="700"`
	l.itm = `class="nd-item"`
	return l
}

// drawRun draws n slots with draw into a run.
func drawRun(out *canvas, n int, draw func(k int)) run {
	r := run{at: make([]int, n+1)}
	start := len(out.b)
	for k := range n {
		r.at[k] = len(out.b) - start
		draw(k)
	}
	r.at[n] = len(out.b) - start
	r.s = string(out.b[start:])
	out.b = out.b[:start]
	return r
}

// slotsOf returns where the checkers of a place stand: the centre of slot
// k is (x, y0+k*dy), and their radius.
func slotsOf(place int) (x, y0, dy, r int) {
	if place >= barPlace {
		s := engine.Side(place - barPlace)
		return barX + barW/2, barY(s, 0), barY(s, 1) - barY(s, 0), radius
	}
	x, top := column(engine.Point(place))
	return x + pointW/2, slotY(top, 0), slotY(top, 1) - slotY(top, 0), radius
}

// stripY returns the top of a side's strip: Black's above the board,
// White's below it.
func stripY(s engine.Side) int {
	if s == engine.Black {
		return margin
	}
	return boardY + boardH + numH
}

// attr formats one attribute for svgo (which writes strings containing
// "=" as they are).
func attr(name, value string) string { return name + `="` + value + `"` }

// attrs joins attributes (leaving out empty ones) into one string for
// svgo, which writes it as it is: several attributes in one argument.
func attrs(a ...string) string {
	return strings.Join(slices.DeleteFunc(slices.Clone(a), func(s string) bool { return s == "" }), " ")
}
