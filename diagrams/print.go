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

// colourPairs returns every colour the Screen theme writes in a fill or
// stroke attribute with the colour the Print theme writes for the same
// thing.
func colourPairs() [][2]string {
	s, p := palettes[Screen], palettes[Print]
	pairs := [][2]string{
		{s.paper, p.paper}, {s.ink, p.ink}, {s.muted, p.muted},
		{s.frameEdge, p.frameEdge}, {s.fieldEdge, p.fieldEdge},
		{s.tray, p.tray}, {s.trayInk, p.trayInk},
		{s.triA, p.triA}, {s.triB, p.triB}, {s.triEdge, p.triEdge},
		{s.whiteFill, p.whiteFill}, {s.whiteEdge, p.whiteEdge}, {s.whiteRing, p.whiteRing}, {s.whiteInk, p.whiteInk},
		{s.blackFill, p.blackFill}, {s.blackEdge, p.blackEdge}, {s.blackRing, p.blackRing}, {s.blackInk, p.blackInk},
		{s.arrow, p.arrow}, {s.halo, p.halo},
		{s.markFill, p.markFill}, {s.markEdge, p.markEdge},
		{s.badge, p.badge}, {s.badgeInk, p.badgeInk},
		{s.turnFill, p.turnFill}, {s.turnEdge, p.turnEdge}, {s.turnInk, p.turnInk},
		{s.stripInk, p.stripInk}, {s.stripMuted, p.stripMuted},
	}
	if s.wood == nil {
		pairs = append(pairs, [2]string{s.frame, p.frame}, [2]string{s.field, p.field})
	}
	return pairs
}

// PrintCSS returns style sheet rules that show every Printable Screen
// diagram (an <svg class="nardy-board">) of a page in the Print theme:
// each Screen colour becomes its Print colour, the wooden gradients white,
// and the hatched triangles appear. They are meant for a print media
// query:
//
//	@media print { …PrintCSS()… }
//
// CSS rules win over SVG presentation attributes, so no diagram needs to
// be drawn twice.
func PrintCSS() string { return printCSS() }

var printCSS = sync.OnceValue(func() string {
	const sel = "svg.nardy-board "
	seen := map[string]bool{}
	var fills []string
	for _, pr := range colourPairs() {
		if pr[0] == pr[1] || seen[pr[0]] {
			continue
		}
		seen[pr[0]] = true
		fills = append(fills, pr[0]+"\x00"+pr[1])
	}
	slices.Sort(fills)
	var sb strings.Builder
	for _, prop := range []string{"fill", "stroke"} {
		for _, f := range fills {
			from, to, _ := strings.Cut(f, "\x00")
			sb.WriteString(sel + "[" + prop + `="` + from + `"]{` + prop + ":" + to + "}\n")
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
