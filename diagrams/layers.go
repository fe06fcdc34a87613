package diagrams

import (
	"strings"
	"sync"

	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/engine"
)

// layers holds what every diagram of a theme (with or without Printable)
// draws in the same way, drawn once: the output that holds the diagram's
// id as a layer, the rest as text, and the attributes of the elements
// drawn by the dozen, as out's appenders take them, or the start tags of
// the groups that hold them. Sides index White 0, Black 1.
type layers struct {
	defs    [4]layer      // <defs>, with the arrowhead (bit 0) and the forbidden move's cross (bit 1)
	board   layer         // the rim, trays, fields and bar, the points (and the hidden print points)
	numbers string        // the numbers' group with the 24 point numbers, none marked
	numOpen string        // the start tag of the numbers' group
	number  [2][25]string // one point's number in that group, [marked][point]

	paper, turn, turnLabel string
	stripText, stripMuted  string
	arrows                 string    // the start tag of the arrows' group
	halo                   string    // an arrow's outline
	arrow                  layer     // the arrow's attributes name its arrowhead by id
	illegal                layer     // the start tag of the forbidden moves' group, which names their cross by id
	icon                   [2]string // [side]
	bodies, rings, slabs   [2]string // start tags of the groups of checkers, their rings and borne-off checkers, [side]
	count                  [2]string // [side]
	dice, pips             [2]string // start tags of the groups of dice and their pips, [side to move]
	trayCount              string
	markFill, markEdge     string // start tags of the groups of marks' tints and outlines; markFill "" for no tint
}

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

func drawLayers(t Theme, printable bool) *layers {
	w := &out{}
	d := &drawer{w: w, s: svg.SVG{Writer: w}, o: Options{Theme: t, Printable: printable}, id: idMark, c: &palettes[t]}
	take := func() string {
		s := tidy(string(w.b))
		w.b = w.b[:0]
		return s
	}
	l := &layers{}
	for i := range l.defs {
		d.defs(i&1 != 0, i&2 != 0)
		l.defs[i] = newLayer(take())
	}
	d.board()
	l.board = newLayer(take())
	var all strings.Builder
	for pt := engine.Point(1); pt <= 24; pt++ {
		for m, marked := range []bool{false, true} {
			d.number(pt, marked)
			l.number[m][pt] = take()
		}
		all.WriteString(l.number[0][pt])
	}
	c := d.c
	l.numOpen = group(`font-size="21"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", c.muted))
	l.numbers = l.numOpen + all.String() + "</g>\n"

	l.paper = attrs(attr("fill", c.paper))
	l.turn = attrs(attr("fill", c.turnFill), attr("stroke", c.turnEdge), `stroke-width="2"`)
	l.turnLabel = attrs(`font-size="21"`, `font-weight="700"`, `text-anchor="end"`, attr("fill", c.turnInk))
	l.stripText = attrs(`font-size="21"`, attr("fill", c.stripInk))
	l.stripMuted = attrs(attr("fill", c.stripMuted))
	l.arrows = group(`class="nd-arrows"`, `fill="none"`, `stroke-linecap="round"`)
	l.halo = attrs(attr("stroke", c.halo), `stroke-width="8"`, `stroke-opacity=".85"`)
	l.arrow = newLayer(attrs(`class="nd-arrow"`, attr("stroke", c.arrow), `stroke-width="3.5"`, attr("marker-end", d.ref("head"))))
	// A forbidden move: round dashes on the solid outline, a cross at
	// the end.
	l.illegal = newLayer(group(`class="nd-illegal"`, attr("stroke", c.illegal), `stroke-width="3.5"`, `stroke-dasharray="8 10"`, attr("marker-end", d.ref("cross"))))
	side := []struct{ fill, edge, ring, ink, cls string }{
		engine.White: {c.whiteFill, c.whiteEdge, c.whiteRing, c.whiteInk, "nd-w"},
		engine.Black: {c.blackFill, c.blackEdge, c.blackRing, c.blackInk, "nd-b"},
	}
	for s, sc := range side {
		l.icon[s] = attrs(attr("class", "nd-icon "+sc.cls), attr("fill", sc.fill), attr("stroke", sc.edge), `stroke-width="1.5"`)
		l.bodies[s] = group(attr("class", "nd-ck "+sc.cls), attr("fill", sc.fill), attr("stroke", sc.edge), `stroke-width="1.5"`)
		l.rings[s] = group(`fill="none"`, attr("stroke", sc.ring))
		l.count[s] = attrs(`class="nd-count"`, `font-size="22"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", sc.ink))
		l.slabs[s] = group(attr("class", "nd-off "+sc.cls), attr("fill", sc.fill), attr("stroke", sc.edge))
		// Every die is outlined in White's edge colour.
		l.dice[s] = group(attr("fill", sc.fill), attr("stroke", c.whiteEdge), `stroke-width="2"`)
		l.pips[s] = group(attr("fill", sc.ink))
	}
	l.trayCount = attrs(`class="nd-count"`, `font-size="22"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", c.trayInk))
	if c.markFill != "none" {
		l.markFill = group(attr("fill", c.markFill), `fill-opacity=".45"`)
	}
	l.markEdge = group(`fill="none"`, attr("stroke", c.markEdge), `stroke-width="3"`, `stroke-dasharray="7 4"`)
	return l
}
