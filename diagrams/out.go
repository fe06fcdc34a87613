package diagrams

import (
	"encoding/xml"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// out is the buffer a diagram is drawn into. It is the io.Writer svgo
// writes to, and it has cheap appenders for the simple elements drawn
// many times in every diagram (checkers, slabs, pips, counts), which are
// written here exactly as svgo writes them: the element, its numeric
// attributes, then the other attributes each followed by a space (see
// attrs), then "/>\n" or the text and the end tag. TestOutMatchesSvgo
// keeps the two in step.
type out struct{ b []byte }

func (o *out) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

func (o *out) str(s string) { o.b = append(o.b, s...) }

// num writes name="n" and a space.
func (o *out) num(name string, n int) {
	o.b = append(o.b, name...)
	o.b = append(o.b, '=', '"')
	o.b = strconv.AppendInt(o.b, int64(n), 10)
	o.b = append(o.b, '"', ' ')
}

// circle writes <circle cx cy r attrs/>, as svgo's Circle.
func (o *out) circle(cx, cy, r int, attrs string) {
	o.str("<circle ")
	o.num("cx", cx)
	o.num("cy", cy)
	o.num("r", r)
	o.str(attrs)
	o.str("/>\n")
}

// rect writes <rect x y width height attrs/>, as svgo's Rect.
func (o *out) rect(x, y, w, h int, attrs string) {
	o.str("<rect ")
	o.num("x", x)
	o.num("y", y)
	o.num("width", w)
	o.num("height", h)
	o.str(attrs)
	o.str("/>\n")
}

// roundrect writes <rect x y width height rx ry attrs/>, as svgo's
// Roundrect.
func (o *out) roundrect(x, y, w, h, rx, ry int, attrs string) {
	o.str("<rect ")
	o.num("x", x)
	o.num("y", y)
	o.num("width", w)
	o.num("height", h)
	o.num("rx", rx)
	o.num("ry", ry)
	o.str(attrs)
	o.str("/>\n")
}

// text writes <text x y attrs>s</text>, as svgo's Text.
func (o *out) text(x, y int, s, attrs string) {
	o.str("<text ")
	o.num("x", x)
	o.num("y", y)
	o.str(attrs)
	o.b = append(o.b, '>')
	o.escape(s)
	o.str("</text>\n")
}

// textNum writes <text x y attrs>n</text>: a count.
func (o *out) textNum(x, y, n int, attrs string) {
	o.str("<text ")
	o.num("x", x)
	o.num("y", y)
	o.str(attrs)
	o.b = append(o.b, '>')
	o.b = strconv.AppendInt(o.b, int64(n), 10)
	o.str("</text>\n")
}

// path writes <path d="d" attrs/>, as svgo's Path, with the attributes
// either as text or as a layer holding the diagram's id.
func (o *out) path(d []byte, attrs string, l layer, id string) {
	o.str(`<path d="`)
	o.b = append(o.b, d...)
	o.str(`" `)
	o.str(attrs)
	o.layer(l, id)
	o.str("/>\n")
}

// escape writes s escaped as xml.EscapeText escapes it (svgo's text
// escaping). Most text needs no escaping and is copied as it is.
func (o *out) escape(s string) {
	for _, r := range s {
		if r < 0x20 || r == '&' || r == '<' || r == '>' || r == '"' || r == '\'' || r == utf8.RuneError || r > 0xFFFD && r < 0x10000 {
			xml.EscapeText(o, []byte(s))
			return
		}
	}
	o.str(s)
}

// attrs returns the attributes as svgo writes them after an element's
// geometry: each followed by a space (an attribute without "=" becomes a
// style attribute).
func attrs(a ...string) string {
	var sb strings.Builder
	for _, s := range a {
		if strings.Index(s, "=") <= 0 && s != "" {
			s = `style="` + s + `"`
		}
		sb.WriteString(s)
		sb.WriteByte(' ')
	}
	return sb.String()
}

// idMark stands for the diagram's id while a layer is drawn.
const idMark = "\x00"

// layer is drawn output with the diagram's id left out: the id goes
// between every two parts.
type layer []string

func newLayer(drawn string) layer { return strings.Split(drawn, idMark) }

// layer writes l with id in place.
func (o *out) layer(l layer, id string) {
	for i, s := range l {
		if i > 0 {
			o.str(id)
		}
		o.str(s)
	}
}

// outs are reused between diagrams: a diagram is drawn into one, then
// copied to the caller's writer in one Write.
var outs = sync.Pool{New: func() any { return &out{b: make([]byte, 0, 24<<10)} }}

func getOut() *out { return outs.Get().(*out) }

func putOut(o *out) {
	if cap(o.b) > 1<<20 {
		return // a very long handout: let it go
	}
	o.b = o.b[:0]
	outs.Put(o)
}
