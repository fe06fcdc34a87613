package diagrams

import (
	"errors"
	"hash/fnv"
	"io"
	"strconv"
	"sync"

	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
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
	g := gridLayersFor(o.Theme)
	b := getCanvas()
	defer putCanvas(b)
	start(b, id, "nardy-board nardy-rolls", gridSize, gridSize, nil, o.Title, o.Desc)
	sv := svg.SVG{Writer: b}
	b.put(g.paper)
	// The names of the dice: the second's across the top, the first's up
	// the left side.
	if o.Second != "" || o.First != "" {
		b.put(g.namesOpen)
		if o.Second != "" {
			sv.Text(gridMid, gridAxisC, o.Second)
		}
		if o.First != "" {
			y := gridY + 3*gridCell
			sv.Text(gridAxisC, y, o.First, `transform="rotate(-90 `+strconv.Itoa(gridAxisC)+" "+strconv.Itoa(y)+`)"`)
		}
		b.put(g.gend)
	}
	b.put(g.faces)
	// The cells: the outcomes not counted, then those counted, each kind
	// in a group that gives its fill, all outlined alike; then their
	// labels, in the same two kinds.
	each := func(filled bool, open string, cells *[7][7]string) {
		started := false
		for first := 1; first <= 6; first++ {
			for second := 1; second <= 6; second++ {
				if counted[first][second] != filled {
					continue
				}
				if !started {
					b.put(open)
					started = true
				}
				b.put(cells[first][second])
			}
		}
		if started {
			b.put(g.gend)
		}
	}
	b.put(g.cellsOpen)
	for filled := range 2 {
		each(filled == 1, g.kindOpen[filled], &g.cell)
	}
	b.put(g.gend)
	for filled := range 2 {
		each(filled == 1, g.labelsOpen[filled], &g.label)
	}
	sv.End()
	_, err := w.Write(b.b)
	return err
}

// gridLayers holds svgo's drawing of what every roll grid of a theme
// draws alike, made once: the paper, the faces along the sides, each
// cell and its label, and the start tags of the groups that hold them.
type gridLayers struct {
	gend, paper, namesOpen, faces, cellsOpen string
	kindOpen, labelsOpen                     [2]string // [counted]
	cell, label                              [7][7]string
}

var gridCache [len(palettes)]struct {
	once sync.Once
	g    *gridLayers
}

// gridLayersFor returns the roll grid's layers of a theme, drawing them
// on first use.
func gridLayersFor(t Theme) *gridLayers {
	c := &gridCache[t]
	c.once.Do(func() { c.g = drawGridLayers(&palettes[t]) })
	return c.g
}

func drawGridLayers(c *palette) *gridLayers {
	out := &canvas{}
	s := svg.SVG{Writer: out}
	take := func() string {
		drawn := string(out.b)
		out.b = out.b[:0]
		return drawn
	}
	g := &gridLayers{}
	s.Gend()
	g.gend = take()
	s.Rect(0, 0, gridSize, gridSize, attr("fill", c.paper))
	g.paper = take()
	s.Group(`font-size="17"`, `font-weight="700"`, `text-anchor="middle"`, attr("fill", c.ink))
	g.namesOpen = take()
	// The faces along the sides, then their pips.
	s.Group(attr("fill", c.whiteFill), attr("stroke", c.whiteEdge), `stroke-width="1.5"`)
	rx := attr("rx", strconv.Itoa(gridFaceR))
	for v := 1; v <= 6; v++ {
		at := gridX + (v-1)*gridCell + gridCell/2
		s.Rect(at-gridFace/2, gridHeadC-gridFace/2, gridFace, gridFace, rx)
		s.Rect(gridHeadC-gridFace/2, at-gridFace/2, gridFace, gridFace, rx)
	}
	s.Gend()
	s.Group(attr("fill", c.whiteInk))
	for v := 1; v <= 6; v++ {
		at := gridX + (v-1)*gridCell + gridCell/2
		for _, q := range geometry.DiePips[v] {
			s.Circle(at+q[0]*gridPipD, gridHeadC+q[1]*gridPipD, gridPip)
			s.Circle(gridHeadC+q[0]*gridPipD, at+q[1]*gridPipD, gridPip)
		}
	}
	s.Gend()
	g.faces = take()
	s.Group(`class="nd-cells"`, attr("stroke", c.fieldEdge), `stroke-width="1.5"`)
	g.cellsOpen = take()
	s.Group(`class="nd-other"`, attr("fill", c.whiteFill))
	g.kindOpen[0] = take()
	s.Group(`class="nd-counted"`, attr("fill", c.arrow))
	g.kindOpen[1] = take()
	s.Group(gridFont, attr("fill", c.muted))
	g.labelsOpen[0] = take()
	s.Group(gridFont, `font-weight="700"`, attr("fill", c.badgeInk))
	g.labelsOpen[1] = take()
	for first := 1; first <= 6; first++ {
		for second := 1; second <= 6; second++ {
			x, y := gridX+(second-1)*gridCell, gridY+(first-1)*gridCell
			s.Rect(x, y, gridCell, gridCell)
			g.cell[first][second] = take()
			s.Text(x+gridCell/2, y+gridCell/2+6, strconv.Itoa(first)+"-"+strconv.Itoa(second))
			g.label[first][second] = take()
		}
	}
	return g
}
