package diagrams

import (
	"errors"
	"hash/fnv"
	"io"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// RollGridOptions says what a roll grid shows.
type RollGridOptions struct {
	// ID identifies the grid on its page, as Options.ID a board's: the
	// id of the <svg> element and the prefix of the ids inside it. When
	// empty, one is derived from the whole input.
	ID string

	// Title and Desc are the grid's accessible name and text
	// description (<title> and <desc>): what is counted, how many, and
	// which outcomes.
	Title, Desc string

	// First and Second name the dice along the grid's sides, e.g.
	// "первый кубик" (a row for each face) and "второй кубик" (a column
	// for each face). An empty name leaves its side unlabelled.
	First, Second string

	// Counted are the rolls counted, each once, in either order of its
	// dice (as engine.RollCount lists them): both outcomes of a
	// non-double, 6-5 and 5-6, are filled.
	Counted []engine.Dice

	// Theme selects the colours. A Screen grid prints in the Print theme
	// under the rules of PrintCSS, as a Printable board does.
	Theme Theme
}

// Geometry of a roll grid, in viewBox units.
const (
	gridMargin = 4                                     // around the grid
	gridCell   = 48                                    // one outcome
	gridAxis   = 28                                    // the band of a side's name
	gridHead   = 42                                    // the band of the dice faces
	gridFace   = 30                                    // a die face along a side
	gridX      = gridMargin + gridAxis + gridHead      // the left edge of the cells
	gridY      = gridX                                 // the top edge of the cells
	gridSize   = gridX + 6*gridCell + gridMargin       // the grid's width and height
	gridPip    = 3                                     // a pip of a die face
	gridPipD   = 8                                     // from a face's centre to its outer pips
	gridFaceR  = 5                                     // a face's corner
	gridMid    = gridX + 3*gridCell                    // the middle of the cells, across
	gridHeadC  = gridMargin + gridAxis + gridHead/2    // the middle of a band of faces
	gridAxisC  = gridMargin + gridAxis/2 + 6           // the baseline of a side's name
	gridFont   = `font-size="17" text-anchor="middle"` // the outcomes' font
)

// RollGrid writes the 36 equally likely outcomes of a roll as an inline
// <svg> element for an HTML page (a viewBox, no size): a 6 × 6 grid, a row
// for each face of the first die and a column for each face of the
// second, the faces drawn along the sides, each cell marked with its
// outcome ("6-5"). The counted outcomes are filled dark with light text,
// the others light with dark text, so the grid reads in black and white:
// a non-double fills two cells, 6-5 and 5-6, a double one. The grid has
// the classes "nardy-board nardy-rolls": PrintCSS recolours it for paper
// as it does a board. Like the boards, it is drawn from integers only and
// the same input always gives the same bytes.
func RollGrid(w io.Writer, o RollGridOptions) error {
	if o.ID != "" && !validID(o.ID) {
		return errors.New("diagrams: id " + strconv.Quote(o.ID) + ": use ASCII letters, digits, '-' and '_', starting with a letter")
	}
	if o.Theme > Print {
		return errors.New("diagrams: unknown theme " + strconv.Itoa(int(o.Theme)))
	}
	var counted [7][7]bool // [first][second]
	for _, d := range o.Counted {
		if !d.Valid() {
			return errors.New("diagrams: roll " + strconv.Itoa(int(d[0])) + "-" + strconv.Itoa(int(d[1])) + ": a die shows 1 to 6")
		}
		counted[d[0]][d[1]] = true
		counted[d[1]][d[0]] = true
	}
	id := o.ID
	if id == "" {
		h := fnv.New32a()
		for _, s := range []string{o.Title, o.Desc, o.First, o.Second, o.Theme.String()} {
			h.Write([]byte(s))
			h.Write([]byte{0})
		}
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				h.Write([]byte{byte(b2i(counted[a][b]))})
			}
		}
		id = "nr" + strconv.FormatUint(uint64(h.Sum32()), 16)
	}
	c := &palettes[o.Theme]
	b := getOut()
	defer putOut(b)
	b.str(`<svg xmlns="http://www.w3.org/2000/svg" id="`)
	b.str(id)
	b.str(`" class="nardy-board nardy-rolls" viewBox="0 0 `)
	b.int(gridSize)
	b.str(" ")
	b.int(gridSize)
	b.str(`" role="img"`)
	if o.Title != "" || o.Desc != "" {
		b.str(` aria-labelledby="`)
		if o.Title != "" {
			b.str(id + "-title")
		}
		if o.Desc != "" {
			if o.Title != "" {
				b.str(" ")
			}
			b.str(id + "-desc")
		}
		b.str(`"`)
	}
	b.str(` font-family="` + fontFamily + `">` + "\n")
	if o.Title != "" {
		element(b, "title", id, "-title", o.Title)
	}
	if o.Desc != "" {
		element(b, "desc", id, "-desc", o.Desc)
	}
	b.rect(0, 0, gridSize, gridSize, attrs(attr("fill", c.paper)))
	// The names of the dice: the second's across the top, the first's up
	// the left side.
	if o.Second != "" || o.First != "" {
		b.str(group(`font-size="17"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", c.ink)))
		if o.Second != "" {
			b.text(gridMid, gridAxisC, o.Second, "")
		}
		if o.First != "" {
			y := gridY + 3*gridCell
			b.text(gridAxisC, y, o.First, ` transform="rotate(-90 `+strconv.Itoa(gridAxisC)+" "+strconv.Itoa(y)+`)"`)
		}
		b.str("</g>\n")
	}
	// The faces along the sides, then their pips.
	b.str(group(attr("fill", c.whiteFill), attr("stroke", c.whiteEdge), `stroke-width="1.5"`))
	for v := 1; v <= 6; v++ {
		at := gridX + (v-1)*gridCell + gridCell/2
		b.roundrect(at-gridFace/2, gridHeadC-gridFace/2, gridFace, gridFace, gridFaceR, "")
		b.roundrect(gridHeadC-gridFace/2, at-gridFace/2, gridFace, gridFace, gridFaceR, "")
	}
	b.str("</g>\n")
	b.str(group(attr("fill", c.whiteInk)))
	for v := 1; v <= 6; v++ {
		at := gridX + (v-1)*gridCell + gridCell/2
		for _, q := range pips[v] {
			b.circle(at+q[0]*gridPipD, gridHeadC+q[1]*gridPipD, gridPip, "")
			b.circle(gridHeadC+q[0]*gridPipD, at+q[1]*gridPipD, gridPip, "")
		}
	}
	b.str("</g>\n")
	// The cells: the outcomes not counted, then those counted, each kind
	// in a group that gives its fill, all outlined alike; then their
	// labels, in the same two kinds.
	cells := func(filled bool, each func(x, y, first, second int)) {
		for first := 1; first <= 6; first++ {
			for second := 1; second <= 6; second++ {
				if counted[first][second] == filled {
					each(gridX+(second-1)*gridCell, gridY+(first-1)*gridCell, first, second)
				}
			}
		}
	}
	b.str(group(`class="nd-cells"`, attr("stroke", c.fieldEdge), `stroke-width="1.5"`))
	for _, k := range []struct {
		filled bool
		fill   string
	}{{false, c.whiteFill}, {true, c.arrow}} {
		open := false
		cells(k.filled, func(x, y, _, _ int) {
			if !open {
				cls := "nd-other"
				if k.filled {
					cls = "nd-counted"
				}
				b.str(group(attr("class", cls), attr("fill", k.fill)))
				open = true
			}
			b.rect(x, y, gridCell, gridCell, "")
		})
		if open {
			b.str("</g>\n")
		}
	}
	b.str("</g>\n")
	for _, k := range []struct {
		filled bool
		ink    string
		weight string
	}{{false, c.muted, ""}, {true, c.badgeInk, `font-weight="700"`}} {
		open := false
		cells(k.filled, func(x, y, first, second int) {
			if !open {
				b.str(group(gridFont, k.weight, attr("fill", k.ink)))
				open = true
			}
			b.text(x+gridCell/2, y+gridCell/2+6, strconv.Itoa(first)+"-"+strconv.Itoa(second), "")
		})
		if open {
			b.str("</g>\n")
		}
	}
	b.str("</svg>\n")
	_, err := w.Write(b.b)
	return err
}
