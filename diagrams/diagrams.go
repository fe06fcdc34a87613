// Package diagrams draws a nardy position as an SVG board diagram.
//
// The board is drawn as White sees it, in White's numbering (the numbering
// of every diagram and move notation on the site): points 13–24 run along
// the top from left to right and 12–1 along the bottom from left to right,
// so White's home (1–6) is at the bottom right and White travels
// counter-clockwise from 24 to 1. Black's information strip is drawn above
// the board and White's below it.
//
// A diagram shows the checkers (stacks taller than five are drawn five high
// with the total written on the top checker), checkers on the bar between
// the two halves, borne-off checkers in the trays at the sides (White's at
// the bottom right; Black's at the top right in short nardy and at the top
// left, next to its home 13–18, in long nardy), both pip counts, whose turn
// it is, and optionally the dice, move arrows (forbidden moves dashed)
// and marked points.
//
// The package only draws: it never decides whether a position or a move is
// legal. All visible words come from the caller through [Labels], so the
// same code serves every language of the site. Output is deterministic:
// the same input always gives byte-identical SVG.
//
// [Inline] writes an <svg> element to embed in an HTML page; [Standalone]
// writes a complete SVG document for a .svg file. [StandaloneFrom] makes
// the printable document from an inline diagram already drawn, so that a
// page that ships both draws each diagram once.
//
// # Drawing
//
// Every element of a diagram is drawn by svgo (github.com/ajstarks/svgo)
// onto one buffer per diagram, which is written to the caller in one
// Write; nothing svgo writes is changed afterwards. svgo formats each
// element through fmt, which takes some ten times as long as copying it,
// so what recurs is drawn once and copied:
//
//   - what every diagram of a theme draws alike, in fixed places: the
//     board and its points, the point numbers, a checker in each slot of
//     each point and of the bar, the borne-off checkers, the dice, the
//     marks, the strips' frames, and the start tags of the groups that
//     hold them. svgo draws these once per theme; those that name the
//     diagram's id (the definitions, and what is painted with them) it
//     draws with a stand-in for the id, which each diagram's id replaces;
//   - the elements whose words and numbers recur from one diagram to the
//     next: the sides' names, "пипы 167", the turn label, the counts on
//     stacks and trays. Each is drawn the first time a diagram needs it,
//     and kept (a few thousand at most).
//
// The arrows and the notes svgo draws for each diagram. Measured with the
// package's benchmarks, pair by pair in one run, against the hand-written
// writers that imitated svgo's output before, a diagram takes 0.92 to
// 1.05 times as long (Inline: opening 0.92, middle game with two arrows
// 1.04, bear-off with three 1.05).
//
// The arrows' curves are routed once for each figure (a position, with
// dice or without, and its moves) and kept, a few thousand at most: a
// site draws most of its figures more than once, on the pages of each
// language and on pages that gather others.
//
// Three elements are written without svgo, because svgo cannot write
// them as a page needs them, whatever the cost: the <svg> start tag
// (svgo's Start begins an XML document, with a prolog, a comment and a
// fixed size, where an inline diagram is an element of an HTML page),
// and <title> and <desc> (svgo's Title and Desc take no id, which the
// start tag's aria-labelledby names). [StandaloneFrom] adds the prolog,
// the size and a <style>, which svgo draws (once: it is the same in every
// document), to an inline diagram.
package diagrams

import (
	"errors"
	"hash/fnv"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/engine"
)

// Theme selects the colours of a diagram.
type Theme uint8

// The themes.
const (
	// Screen is a calm wooden board for reading on screen.
	Screen Theme = iota
	// Print uses only black and white, for diagrams that are printed.
	// White checkers are white with a black outline, Black checkers are
	// solid black, and every highlight is an outline or a pattern.
	Print
)

// String returns "screen" or "print".
func (t Theme) String() string {
	if t == Print {
		return "print"
	}
	return "screen"
}

// Labels holds the words written on a diagram, in the language of the page.
// An empty label leaves its item out.
type Labels struct {
	White string // White's name, e.g. "Белые"
	Black string // Black's name, e.g. "Чёрные"
	Turn  string // written next to the side to move, e.g. "ход"; empty marks no side (a finished game)
	Pips  string // written before a pip count, e.g. "пипы"
	Off   string // written before the number of borne-off checkers, e.g. "выброшено"
}

// Options says what to draw besides the checkers.
type Options struct {
	// ID identifies the diagram on its page. It becomes the id of the
	// <svg> element and the prefix of every id inside it (title,
	// description, arrowheads, patterns), so diagrams sharing a page must
	// have different IDs. It may hold ASCII letters, digits, '-' and '_'
	// and must start with a letter. When empty, an ID is derived from the
	// whole input, so different diagrams get different IDs.
	ID string

	// Title and Desc are the accessible name and the text description of
	// the diagram, written as <title> and <desc> and referenced by
	// aria-labelledby.
	Title, Desc string

	// Labels are the words drawn on the diagram.
	Labels Labels

	// Theme selects the colours.
	Theme Theme

	// Dice is the roll to draw, when HasDice is set. The dice are drawn
	// in the half of the board at the right hand of the side to move.
	Dice    engine.Dice
	HasDice bool

	// Arrows are checker moves to draw, in White's numbering, as returned
	// by engine.ParseMoves. A segment may start on the bar and end off
	// the board. Arrows are drawn on the position before the move, as if
	// played one after another: each starts on the top checker left on
	// its From point and ends on the slot where the checker lands, so
	// that several arrows from one point, or onto one, fan out. They are
	// routed round the dice and the counts and clear of each other. The
	// side of a bar or off move is the side whose entry points or home
	// holds the other end; otherwise the side to move.
	Arrows []engine.Segment

	// Illegal are moves the rules forbid, drawn like Arrows but dashed,
	// in a colour of their own (black on paper), and ending in a cross
	// instead of an arrowhead: told apart from Arrows without colour.
	Illegal []engine.Segment

	// Marks are points to highlight (1..24), e.g. a six-block.
	Marks []engine.Point

	// WidthMM is the printed width in millimetres of a Standalone
	// document; 0 leaves the size to the viewer. Inline ignores it: an
	// inline diagram always scales to its container.
	WidthMM float64

	// Printable prepares a Screen diagram to be printed in the Print
	// theme by the style sheet rules of [PrintCSS]: it adds, hidden, what
	// the Print theme draws and the Screen theme does not (the hatched
	// triangles). A page can then ship one diagram for both media.
	Printable bool

	// Notes is text set under the board, e.g. for a handout.
	Notes Notes

	// Playable prepares a diagram for the move checker's board, which
	// the reader plays on and which the checker redraws (a position with
	// dice, or, on a game page, one before the first roll, whose dice
	// the game draws): the <svg> carries data-board and the strips'
	// words the board rewrites (data-pips, data-off); each strip's text
	// is marked with its side (data-strip), and each die is a group of its
	// own (data-die="0", "1"). The places a reader touches are the
	// checker's to add (geometry.PointBox, BarBox, OffBox).
	Playable bool
}

// Inline writes the diagram as an <svg> element for an HTML page: no XML
// prolog, no width or height, only a viewBox, so the page's CSS decides
// the size (for example width: 100%).
func Inline(w io.Writer, p engine.Position, o Options) error {
	return write(w, p, o, false)
}

// Standalone writes the diagram as a complete SVG document: an XML prolog
// and the <svg> element with its namespace, sized to Options.WidthMM
// millimetres when that is set.
func Standalone(w io.Writer, p engine.Position, o Options) error {
	return write(w, p, o, true)
}

// StandaloneFrom wraps an inline diagram, as Inline wrote it with
// Printable set (or in the Print theme), into a standalone SVG document
// for printing: the XML prolog, a printed width of widthMM millimetres (0
// leaves the size to the viewer) and a <style> with the rules of
// [PrintCSS], so that the document shows and prints the Print theme on
// its own. The drawing itself, its title, description and ids are kept
// as they are. The diagram is taken as a string, as a page holds it.
func StandaloneFrom(w io.Writer, inline string, widthMM float64) error {
	if math.IsNaN(widthMM) || math.IsInf(widthMM, 0) || widthMM < 0 {
		return errors.New("diagrams: width " + strconv.FormatFloat(widthMM, 'g', -1, 64) + " mm: give a positive width or 0")
	}
	const start = `<svg xmlns="http://www.w3.org/2000/svg" id="`
	open, body, ok := strings.Cut(inline, "\n")
	if !ok || !strings.HasPrefix(open, start) || !strings.HasSuffix(body, "</svg>\n") {
		return notInline
	}
	id, _, _ := strings.Cut(open[len(start):], `"`)
	// The view box's height gives the printed height.
	_, vb, ok := strings.Cut(open, ` viewBox="0 0 `+strconv.Itoa(viewW)+" ")
	if !ok {
		return notInline
	}
	digits, rest, _ := strings.Cut(vb, `"`)
	viewH, err := strconv.Atoi(digits)
	if err != nil {
		return notInline
	}
	if !strings.Contains(body, `<pattern id="`+id+`-hatch"`) {
		return errors.New("diagrams: StandaloneFrom takes a Printable or a Print diagram; this one has no hatch to print its points with")
	}
	// The title and the description, each on one line, stay first.
	head := 0
	for _, tag := range []string{"<title ", "<desc "} {
		if strings.HasPrefix(body[head:], tag) {
			head += strings.IndexByte(body[head:], '\n') + 1
		}
	}
	b := getCanvas()
	defer putCanvas(b)
	b.put(prolog)
	b.put(open[:len(open)-len(rest)])
	if widthMM > 0 {
		size(b, widthMM, viewH)
	}
	b.put(rest)
	b.put("\n")
	b.put(body[:head])
	b.put(printStyle())
	b.put(body[head:])
	_, err = w.Write(b.b)
	return err
}

// printStyle is svgo's drawing of the <style> element with the rules of
// PrintCSS that StandaloneFrom adds to every document, drawn once.
var printStyle = sync.OnceValue(func() string {
	var c canvas
	s := svg.SVG{Writer: &c}
	s.Style("text/css", PrintCSS())
	return string(c.b)
})

var notInline = errors.New("diagrams: StandaloneFrom takes a diagram written by Inline")

func write(w io.Writer, p engine.Position, o Options, standalone bool) error {
	if err := check(p, o); err != nil {
		return err
	}
	id := o.ID
	if id == "" {
		id = defaultID(p, o)
	}
	viewH := boardH0 + notesHeight(o.Notes)
	b := getCanvas()
	defer putCanvas(b)
	if standalone {
		b.put(prolog)
	}
	start(b, id, "nardy-board", viewW, viewH, func() {
		if standalone && o.WidthMM > 0 {
			size(b, o.WidthMM, viewH)
		}
		if o.Playable {
			b.put(` data-board="" data-pips="`)
			b.escape(o.Labels.Pips)
			b.put(`" data-off="`)
			b.escape(o.Labels.Off)
			b.put(`"`)
		}
	}, o.Title, o.Desc)
	d := newDrawer(b, p, o, id, viewH)
	d.draw()
	d.s.End()
	_, err := w.Write(b.b)
	return err
}

// start writes the start tag of the <svg> element, with the id, the
// class, a viewBox w by h units, the attributes that more writes, the
// accessible name and description (aria-labelledby) and the font, then
// the <title> and <desc> it names. These are the elements svgo does not
// draw (see the package doc): its Start begins a document, with an XML
// prolog, a comment and a fixed size, where an inline diagram is an
// element of an HTML page; its Title and Desc take no id, which
// aria-labelledby needs.
func start(b *canvas, id, class string, w, h int, more func(), title, desc string) {
	b.put(`<svg xmlns="http://www.w3.org/2000/svg" id="`)
	b.put(id)
	b.put(`" class="`)
	b.put(class)
	b.put(`" viewBox="0 0 `)
	b.b = strconv.AppendInt(b.b, int64(w), 10)
	b.b = append(b.b, ' ')
	b.b = strconv.AppendInt(b.b, int64(h), 10)
	b.b = append(b.b, '"')
	if more != nil {
		more()
	}
	b.put(` role="img"`)
	if title != "" || desc != "" {
		b.put(` aria-labelledby="`)
		if title != "" {
			b.put(id)
			b.put("-title")
		}
		if desc != "" {
			if title != "" {
				b.put(" ")
			}
			b.put(id)
			b.put("-desc")
		}
		b.put(`"`)
	}
	b.put(` font-family="` + fontFamily + `">` + "\n")
	if title != "" {
		element(b, "title", id, "-title", title)
	}
	if desc != "" {
		element(b, "desc", id, "-desc", desc)
	}
}

// prolog starts a standalone document.
const prolog = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// size writes the width and height attributes of a document widthMM
// millimetres wide with a viewBox viewH units high.
func size(b *canvas, widthMM float64, viewH int) {
	h := widthMM * float64(viewH) / viewW
	b.put(` width="`)
	b.put(mm(widthMM))
	b.put(`" height="`)
	b.put(mm(h))
	b.put(`"`)
}

// element writes <tag id="id+suffix">text</tag> with the text escaped.
func element(b *canvas, tag, id, suffix, text string) {
	b.put("<" + tag + ` id="`)
	b.put(id)
	b.put(suffix)
	b.put(`">`)
	b.escape(text)
	b.put("</" + tag + ">\n")
}

// mm formats a length in millimetres with at most one decimal.
func mm(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) + "mm"
}

// check rejects input that cannot be drawn.
func check(p engine.Position, o Options) error {
	if o.ID != "" && !validID(o.ID) {
		return errors.New("diagrams: id " + strconv.Quote(o.ID) + ": use ASCII letters, digits, '-' and '_', starting with a letter")
	}
	if o.Theme > Print {
		return errors.New("diagrams: unknown theme " + strconv.Itoa(int(o.Theme)))
	}
	if o.HasDice && !o.Dice.Valid() {
		return errors.New("diagrams: dice " + strconv.Itoa(int(o.Dice[0])) + "-" + strconv.Itoa(int(o.Dice[1])) + ": a die shows 1 to 6")
	}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		if p.Off(s) < 0 || p.Off(s) > engine.Checkers || p.Bar(s) < 0 {
			return errors.New("diagrams: " + s.String() + " does not have " + strconv.Itoa(engine.Checkers) + " checkers")
		}
		for pt := engine.Point(1); pt <= 24; pt++ {
			if p.Count(s, pt) < 0 {
				return errors.New("diagrams: " + s.String() + " has a negative count on point " + pt.String())
			}
		}
	}
	for _, a := range slices.Concat(o.Arrows, o.Illegal) {
		bad := ""
		switch {
		case a.From == engine.Off || a.From < 0 || a.From > engine.Bar:
			bad = "starts off the board"
		case a.To == engine.Bar || a.To < 0 || a.To > engine.Bar:
			bad = "ends on the bar"
		case a.From == a.To:
			bad = "goes nowhere"
		}
		if bad != "" {
			return errors.New("diagrams: arrow " + engine.FormatSegments([]engine.Segment{a}) + ": " + bad)
		}
	}
	for _, m := range o.Marks {
		if m < 1 || m > 24 {
			return errors.New("diagrams: marked point " + strconv.Itoa(int(m)) + ": points are 1 to 24")
		}
	}
	if o.Printable && o.Theme != Screen {
		return errors.New("diagrams: Printable is for the Screen theme; a Print diagram is printable as it is")
	}
	if math.IsNaN(o.WidthMM) || math.IsInf(o.WidthMM, 0) || o.WidthMM < 0 {
		return errors.New("diagrams: width " + strconv.FormatFloat(o.WidthMM, 'g', -1, 64) + " mm: give a positive width or 0")
	}
	return nil
}

func validID(id string) bool {
	for i, c := range id {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if i == 0 && !letter {
			return false
		}
		if !letter && !(c >= '0' && c <= '9') && c != '-' && c != '_' {
			return false
		}
	}
	return id != ""
}

// defaultID derives an ID from everything that is drawn, so that two
// different diagrams on one page get different ids.
func defaultID(p engine.Position, o Options) string {
	h := fnv.New32a()
	parts := []string{
		engine.Code(p, o.Dice, o.HasDice, engine.DefaultRules),
		engine.FormatSegments(o.Arrows),
		o.Title, o.Desc,
		o.Labels.White, o.Labels.Black, o.Labels.Turn, o.Labels.Pips, o.Labels.Off,
		o.Theme.String(),
	}
	for _, m := range o.Marks {
		parts = append(parts, m.String())
	}
	if len(o.Illegal) > 0 {
		parts = append(parts, "illegal "+engine.FormatSegments(o.Illegal))
	}
	for _, s := range parts {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return "nd" + strconv.FormatUint(uint64(h.Sum32()), 16)
}
