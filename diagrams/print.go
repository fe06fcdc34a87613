package diagrams

import (
	"slices"
	"strings"
	"sync"

	"github.com/nardydocs/nardydocs/engine"
)

// printTriangles draws, hidden, the Print theme's hatched triangles over
// the Screen ones; the rules of PrintCSS show them on paper.
func (d *drawer) printTriangles() {
	pc := palettes[Print]
	d.s.Group(`class="nd-print"`, `display="none"`, attr("fill", d.ref("hatch")), attr("stroke", pc.triEdge))
	for pt := engine.Point(1); pt <= 24; pt += 2 {
		d.triangle(pt)
	}
	d.s.Gend()
}

// The attributes a colour is written in.
const (
	fillAttr = 1 << iota
	strokeAttr
)

// colourPair is a colour of the Screen theme, the colour the Print theme
// writes for the same thing, and the attributes (fillAttr, strokeAttr)
// the Screen theme writes it in.
type colourPair struct {
	screen, print string
	in            int
}

// colourPairs returns every colour the Screen theme writes in a fill or
// stroke attribute with the colour the Print theme writes for the same
// thing.
func colourPairs() []colourPair {
	s, p := palettes[Screen], palettes[Print]
	const fill, stroke = fillAttr, strokeAttr
	pairs := []colourPair{
		{s.paper, p.paper, fill}, {s.ink, p.ink, fill}, {s.muted, p.muted, fill},
		{s.frameEdge, p.frameEdge, stroke}, {s.fieldEdge, p.fieldEdge, stroke},
		{s.tray, p.tray, fill}, {s.trayInk, p.trayInk, fill},
		{s.triA, p.triA, fill}, {s.triB, p.triB, fill}, {s.triEdge, p.triEdge, stroke},
		{s.whiteFill, p.whiteFill, fill}, {s.whiteEdge, p.whiteEdge, stroke}, {s.whiteRing, p.whiteRing, stroke}, {s.whiteInk, p.whiteInk, fill},
		{s.blackFill, p.blackFill, fill}, {s.blackEdge, p.blackEdge, stroke}, {s.blackRing, p.blackRing, stroke}, {s.blackInk, p.blackInk, fill},
		{s.arrow, p.arrow, fill | stroke}, {s.halo, p.halo, stroke}, // the arrowhead is filled with the arrow's colour
		{s.illegal, p.illegal, stroke}, // a forbidden move's dashes and cross
		{s.markFill, p.markFill, fill}, {s.markEdge, p.markEdge, stroke},
		{s.badge, p.badge, fill}, {s.badgeInk, p.badgeInk, fill},
		{s.turnFill, p.turnFill, fill}, {s.turnEdge, p.turnEdge, stroke}, {s.turnInk, p.turnInk, fill},
		{s.stripInk, p.stripInk, fill}, {s.stripMuted, p.stripMuted, fill},
	}
	if s.wood == nil {
		pairs = append(pairs, colourPair{s.frame, p.frame, fill}, colourPair{s.field, p.field, fill})
	}
	return pairs
}

// PrintCSS returns style sheet rules that show every Printable Screen
// diagram (an <svg class="nardy-board">) of a page, and every Screen roll
// grid (which has that class too), in the Print theme:
// each Screen colour becomes its Print colour, in the attributes the
// Screen theme writes it in (an element inherits the colour of its group,
// as restyled), the wooden gradients white, and the hatched triangles
// appear. They are meant for a print media
// query:
//
//	@media print { …PrintCSS()… }
//
// CSS rules win over SVG presentation attributes, so no diagram needs to
// be drawn twice.
func PrintCSS() string { return printCSS() }

var printCSS = sync.OnceValue(func() string {
	const sel = "svg.nardy-board "
	var sb strings.Builder
	for _, a := range []struct {
		in   int
		prop string
	}{{fillAttr, "fill"}, {strokeAttr, "stroke"}} {
		// A rule for each Screen colour written in the attribute (and
		// only those), sorted by colour.
		seen := map[string]bool{}
		var rules []string
		for _, pr := range colourPairs() {
			if pr.in&a.in == 0 || pr.screen == pr.print || seen[pr.screen] {
				continue
			}
			seen[pr.screen] = true
			rules = append(rules, sel+"["+a.prop+`="`+pr.screen+`"]{`+a.prop+":"+pr.print+"}\n")
		}
		slices.Sort(rules)
		for _, r := range rules {
			sb.WriteString(r)
		}
	}
	p := palettes[Print]
	if palettes[Screen].wood != nil {
		sb.WriteString(sel + `[fill$="-wood)"]{fill:` + p.frame + "}\n")
		sb.WriteString(sel + `[fill$="-maple)"]{fill:` + p.field + "}\n")
	}
	sb.WriteString(sel + ".nd-print{display:inline}\n")
	return sb.String()
})
