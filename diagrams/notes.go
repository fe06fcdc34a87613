package diagrams

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Notes is text set under the board, in the caller's words: a caption, a
// heading and a numbered list of items in columns (e.g. the legal plays,
// for a handout). Lines are broken at spaces to fit the board's width.
// Empty Notes add nothing.
type Notes struct {
	Caption string   // in italics
	Heading string   // in bold
	Items   []string // numbered 1, 2, 3 … down the columns
}

// Geometry of the notes, in viewBox units. Widths of text are estimated
// from the number of characters, so the layout never depends on fonts.
const (
	notesPad   = 14 // above and below the notes
	notesFont  = 20
	notesLine  = 27
	notesChar  = 11 // an average letter of notesFont
	itemFont   = 19
	itemLine   = 26
	itemChar   = 12 // a letter of the monospace itemFont
	itemGap    = 28 // between columns
	maxColumns = 4
	notesX     = boardX + 6
	notesW     = boardW - 12
)

func (n Notes) empty() bool {
	return strings.TrimSpace(n.Caption) == "" && strings.TrimSpace(n.Heading) == "" && len(n.Items) == 0
}

// wrap breaks s at spaces into lines of at most width characters (a
// longer word stands alone).
func wrap(s string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// itemLabel is the text of the i-th item (from 0).
func itemLabel(items []string, i int) string {
	return strconv.Itoa(i+1) + ". " + items[i]
}

// columns returns how many columns the items are set in and how many rows
// that takes.
func columns(items []string) (cols, rows int) {
	if len(items) == 0 {
		return 0, 0
	}
	widest := 0
	for i := range items {
		widest = max(widest, utf8.RuneCountInString(itemLabel(items, i)))
	}
	colW := widest*itemChar + itemGap
	cols = max(1, min(maxColumns, (notesW+itemGap)/colW, len(items)))
	rows = (len(items) + cols - 1) / cols
	return cols, rows
}

// notesHeight returns the height the notes add under the board.
func notesHeight(n Notes) int {
	if n.empty() {
		return 0
	}
	h := 2 * notesPad
	h += len(wrap(n.Caption, notesW/notesChar)) * notesLine
	h += len(wrap(n.Heading, notesW/notesChar)) * notesLine
	_, rows := columns(n.Items)
	if rows > 0 {
		h += 6 + rows*itemLine
	}
	return h
}

// notes draws the notes under the board, in a group that gives them their
// colour.
func (d *drawer) notes() {
	n := d.o.Notes
	if n.empty() {
		return
	}
	y := boardH0 + notesPad
	l := d.l
	d.out.put(l.noteOpen)
	for _, line := range wrap(n.Caption, notesW/notesChar) {
		y += notesLine
		d.s.Text(notesX, y-7, line, l.caption)
	}
	for _, line := range wrap(n.Heading, notesW/notesChar) {
		y += notesLine
		d.s.Text(notesX, y-7, line, l.heading)
	}
	if cols, rows := columns(n.Items); cols > 0 {
		y += 6
		colW := notesW / cols
		d.out.put(l.itemsOpen)
		for i := range n.Items {
			c, r := i/rows, i%rows
			d.s.Text(notesX+c*colW, y+(r+1)*itemLine-7, itemLabel(n.Items, i), l.itm)
		}
		d.out.put(l.gend)
	}
	d.out.put(l.gend)
}
