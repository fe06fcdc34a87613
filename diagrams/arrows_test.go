package diagrams_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// These tests read the arrows of a drawn diagram back from its SVG, as a
// reader's eye meets them, and check that none hides what it explains.

// drawing is what a diagram shows that an arrow must keep clear of, and
// its arrows.
type drawing struct {
	boxes  []rect // the dice and the counts on stacks and beside trays
	arrows []bezier
}

type rect struct{ x0, y0, x1, y1 float64 }

// A bezier is a quadratic curve of an arrow; cross marks a forbidden
// move's.
type bezier struct {
	p      [3][2]float64
	legal  bool
	source string
}

func (b bezier) at(t float64) [2]float64 {
	u := 1 - t
	return [2]float64{
		u*u*b.p[0][0] + 2*u*t*b.p[1][0] + t*t*b.p[2][0],
		u*u*b.p[0][1] + 2*u*t*b.p[1][1] + t*t*b.p[2][1],
	}
}

var curveData = regexp.MustCompile(`^M(-?\d+),(-?\d+) Q(-?\d+),(-?\d+) (-?\d+),(-?\d+)$`)

// read reads a diagram's dice, counts and arrows.
func read(t *testing.T, svg []byte) drawing {
	t.Helper()
	var d drawing
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var classes []string // of the open elements
	num := func(e xml.StartElement, name string) float64 {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				v, err := strconv.ParseFloat(a.Value, 64)
				if err != nil {
					t.Fatalf("<%s %s=%q>", e.Name.Local, name, a.Value)
				}
				return v
			}
		}
		return 0
	}
	var count *xml.StartElement
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			cls := ""
			for _, a := range e.Attr {
				if a.Name.Local == "class" {
					cls = a.Value
				}
			}
			classes = append(classes, cls)
			in := func(c string) bool {
				for _, k := range classes {
					if strings.Contains(" "+k+" ", " "+c+" ") {
						return true
					}
				}
				return false
			}
			switch {
			case e.Name.Local == "rect" && cls == "nd-die":
				x, y := num(e, "x"), num(e, "y")
				d.boxes = append(d.boxes, rect{x, y, x + num(e, "width"), y + num(e, "height")})
			case e.Name.Local == "text" && cls == "nd-count":
				c := e
				count = &c
			case e.Name.Local == "path" && (cls == "nd-arrow" || in("nd-illegal")):
				for _, a := range e.Attr {
					if a.Name.Local != "d" {
						continue
					}
					m := curveData.FindStringSubmatch(a.Value)
					if m == nil {
						t.Fatalf("an arrow's path %q is not one quadratic curve", a.Value)
					}
					var b bezier
					for i := range 3 {
						b.p[i][0], _ = strconv.ParseFloat(m[1+2*i], 64)
						b.p[i][1], _ = strconv.ParseFloat(m[2+2*i], 64)
					}
					b.legal, b.source = cls == "nd-arrow", a.Value
					d.arrows = append(d.arrows, b)
				}
			}
		case xml.CharData:
			if count != nil {
				// A count: the width of its digits, from its baseline to
				// the top of a digit of font size 22.
				w := 6.5 * float64(len(strings.TrimSpace(string(e))))
				x, y := num(*count, "x"), num(*count, "y")
				d.boxes = append(d.boxes, rect{x - w, y - 16, x + w, y})
				count = nil
			}
		case xml.EndElement:
			classes = classes[:len(classes)-1]
			count = nil
		}
	}
	return d
}

// The rules, in viewBox units: an arrow's outline is 8 wide.
const (
	halo     = 4  // an arrow's outline reaches this far from its middle
	headRoom = 8  // the arrowhead or the cross, round an arrow's end
	runMax   = 24 // how far two arrows may run within a halo's width of each other
	sharedR  = 30 // round an end two arrows share, they may
	nearEnds = 40 // ends this near are shared: neighbouring slots of a stack or a tray
)

// clearOf lists how the arrows of a drawing break the rules: an arrow's
// outline over a die or a count, an arrowhead or cross on one, and two
// arrows that run along each other away from the ends they share.
func clearOf(d drawing) []string {
	var bad []string
	dist := func(p [2]float64, r rect) float64 {
		dx := max(r.x0-p[0], 0, p[0]-r.x1)
		dy := max(r.y0-p[1], 0, p[1]-r.y1)
		return math.Hypot(dx, dy)
	}
	const steps = 200
	for _, a := range d.arrows {
		for _, r := range d.boxes {
			for i := 0; i <= steps; i++ {
				if p := a.at(float64(i) / steps); dist(p, r) < halo {
					bad = append(bad, fmt.Sprintf("the arrow %s covers %v at (%.0f, %.0f)", a.source, r, p[0], p[1]))
					break
				}
			}
			if dist(a.p[2], r) < headRoom {
				bad = append(bad, fmt.Sprintf("the end of the arrow %s covers %v", a.source, r))
			}
		}
	}
	for i, a := range d.arrows {
		for _, b := range d.arrows[i+1:] {
			var ends [][2]float64
			for _, e := range [][2]float64{a.p[0], a.p[2]} {
				for _, f := range [][2]float64{b.p[0], b.p[2]} {
					if math.Hypot(e[0]-f[0], e[1]-f[1]) < nearEnds {
						ends = append(ends, e, f)
					}
				}
			}
			run, prev := 0.0, a.at(0)
			for k := 1; k <= steps; k++ {
				p := a.at(float64(k) / steps)
				free := true
				for _, e := range ends {
					if math.Hypot(p[0]-e[0], p[1]-e[1]) < sharedR {
						free = false
					}
				}
				near := false
				for j := 0; j <= steps && free; j++ {
					q := b.at(float64(j) / steps)
					if math.Hypot(p[0]-q[0], p[1]-q[1]) < 2*halo {
						near = true
						break
					}
				}
				if near {
					run += math.Hypot(p[0]-prev[0], p[1]-prev[1])
				}
				prev = p
			}
			if run > runMax {
				bad = append(bad, fmt.Sprintf("the arrows %s and %s run together for %.0f units", a.source, b.source, run))
			}
		}
	}
	return bad
}

func drawBlock(t *testing.T, l i18n.Lang, blk *block.Block) []drawing {
	t.Helper()
	var out []drawing
	opts := []diagrams.Options{board.Options(l, blk, "f")}
	pos := []engine.Position{blk.Position}
	if blk.After != nil {
		opts = append(opts, board.AfterOptions(l, blk, "g"))
		pos = append(pos, blk.After.Position)
	}
	for i, o := range opts {
		var buf bytes.Buffer
		if err := diagrams.Inline(&buf, pos[i], o); err != nil {
			t.Fatal(err)
		}
		out = append(out, read(t, buf.Bytes()))
	}
	return out
}

// TestArrowsClearOfDiceAndCounts draws positions whose arrows once hid
// the dice and the counts or ran into each other: the 6-6 of the middle
// game with its four forbidden moves, a head and its count, several
// checkers from one point and onto one, into a tray, from the bar.
func TestArrowsClearOfDiceAndCounts(t *testing.T) {
	for _, src := range []string{
		"game: long\nwhite: 24x11 19x2 18x2\nblack: 12x11 11x2 9x2\ndice: 6-6\nillegal: 24/18 24/18 19/13 19/13",
		"game: long\nwhite: 24x12 18x3\nblack: 12x12 10x3\ndice: 5-3\narrows: 24/19 18/15\nillegal: 24/19 24/21",
		"game: long\nposition: start\ndice: 6-6\narrows: 24/18 24/18",
		"game: short\nposition: start\ndice: 6-6\narrows: 24/18 24/18 13/7 13/7",
		"game: short\nwhite: 6x4 5x4 4x4 3x3\nblack: 24x15\ndice: 5-5\narrows: 6/1 6/1 6/1 6/1",
		"game: short\nwhite: 6x4 5x4 4x4 3x3\nblack: 24x15\ndice: 6-6\narrows: 6/off 6/off 6/off 6/off",
		"game: long\nwhite: 6x3 5x2 4x10\nblack: 12x15\nturn: white\ndice: 4-4\narrows: 4/off 4/off 4/off 4/off",
		"game: short\nwhite: 13x5 8x3 6x5 24x2\nblack: 19x5 17x3 12x5 1x2\nwhite-bar: 0\ndice: 3-1\narrows: 8/5 6/5",
		"game: short\nwhite: 6x3 5x2 3x3 2x2 1\nblack: 24x2 23x2 22x3 21x3 19x4 4\nwhite-bar: 1\ndice: 6-5\narrows: bar/20/14",
	} {
		blk, err := block.Parse(src, block.Options{})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		for _, d := range drawBlock(t, i18n.RU, blk) {
			for _, b := range clearOf(d) {
				t.Errorf("%q: %s", src, b)
			}
		}
	}
}

var fence = regexp.MustCompile("(?s)```nardy\n(.*?)```")

// TestEveryFigureClear draws the boards of every figure of the site's
// pages and checks their arrows.
func TestEveryFigureClear(t *testing.T) {
	root := filepath.Join("..", "content")
	n := 0
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		opt := block.Options{}
		if m := regexp.MustCompile(`(?m)^game: (long|short)$`).FindSubmatch(src); m != nil {
			opt.Game, opt.HasGame = engine.Long, true
			if string(m[1]) == "short" {
				opt.Game = engine.Short
			}
		}
		l := i18n.RU
		if strings.Contains(path, string(filepath.Separator)+"uk"+string(filepath.Separator)) {
			l = i18n.UK
		}
		for _, m := range fence.FindAllSubmatch(src, -1) {
			blk, err := block.Parse(string(m[1]), opt)
			if err != nil {
				continue // a block that needs its page (a named position): the site's tests build those
			}
			for _, d := range drawBlock(t, l, blk) {
				if len(d.arrows) > 0 {
					n++
				}
				for _, b := range clearOf(d) {
					t.Errorf("%s, block %q: %s", path, firstLine(string(m[1])), b)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Errorf("only %d boards with arrows checked", n)
	}
	t.Logf("%d boards with arrows checked", n)
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}
