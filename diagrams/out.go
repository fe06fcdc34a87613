package diagrams

import (
	"encoding/xml"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// out is the buffer a diagram is drawn into. It is the io.Writer svgo
// writes to, and it has cheap appenders for the simple elements drawn for
// every diagram (checkers, slabs, pips, counts). Both write elements
// compactly, as svgo writes them less the space svgo leaves before the
// end of every tag (see tidy): the element, its numeric attributes, then
// the other attributes, each after a space (see attrs), then "/>\n" or ">"
// and the text and the end tag. TestOutMatchesSvgo keeps the two in step.
type out struct{ b []byte }

func (o *out) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

func (o *out) str(s string) { o.b = append(o.b, s...) }

// num writes a space and name="n".
func (o *out) num(name string, n int) {
	o.b = append(o.b, ' ')
	o.b = append(o.b, name...)
	o.b = append(o.b, '=', '"')
	o.int(n)
	o.b = append(o.b, '"')
}

// int writes n in decimal: the numbers of a diagram are small, and are
// written without a call to strconv.
func (o *out) int(n int) {
	switch {
	case n < 0 || n >= 10000:
		o.b = strconv.AppendInt(o.b, int64(n), 10)
	case n < 10:
		o.b = append(o.b, byte('0'+n))
	case n < 100:
		o.b = append(o.b, byte('0'+n/10), byte('0'+n%10))
	case n < 1000:
		o.b = append(o.b, byte('0'+n/100), byte('0'+n/10%10), byte('0'+n%10))
	default:
		o.b = append(o.b, byte('0'+n/1000), byte('0'+n/100%10), byte('0'+n/10%10), byte('0'+n%10))
	}
}

// end writes the closing quote of the last numeric attribute, the
// attributes attrs and the end of an empty element.
func (o *out) end(attrs string) {
	if attrs == "" {
		o.str("\"/>\n")
		return
	}
	o.b = append(o.b, '"')
	o.str(attrs)
	o.str("/>\n")
}

// circle writes <circle cx cy r attrs/>, as svgo's Circle.
func (o *out) circle(cx, cy, r int, attrs string) {
	o.str(`<circle cx="`)
	o.int(cx)
	o.str(`" cy="`)
	o.int(cy)
	o.str(`" r="`)
	o.int(r)
	o.end(attrs)
}

// rect writes <rect x y width height attrs/>, as svgo's Rect.
func (o *out) rect(x, y, w, h int, attrs string) {
	o.str(`<rect x="`)
	o.int(x)
	o.str(`" y="`)
	o.int(y)
	o.str(`" width="`)
	o.int(w)
	o.str(`" height="`)
	o.int(h)
	o.end(attrs)
}

// roundrect writes <rect x y width height rx attrs/>: a rectangle with
// corners of radius r (ry is rx when left out), as svgo's Rect with rx
// as its first attribute.
func (o *out) roundrect(x, y, w, h, r int, attrs string) {
	o.str(`<rect x="`)
	o.int(x)
	o.str(`" y="`)
	o.int(y)
	o.str(`" width="`)
	o.int(w)
	o.str(`" height="`)
	o.int(h)
	o.str(`" rx="`)
	o.int(r)
	o.end(attrs)
}

// text writes <text x y attrs>s</text>, as svgo's Text.
func (o *out) text(x, y int, s, attrs string) {
	o.str(`<text x="`)
	o.int(x)
	o.str(`" y="`)
	o.int(y)
	o.b = append(o.b, '"')
	o.str(attrs)
	o.b = append(o.b, '>')
	o.escape(s)
	o.str("</text>\n")
}

// textNum writes <text x y attrs>n</text>: a count.
func (o *out) textNum(x, y, n int, attrs string) {
	o.str(`<text x="`)
	o.int(x)
	o.str(`" y="`)
	o.int(y)
	o.b = append(o.b, '"')
	o.str(attrs)
	o.b = append(o.b, '>')
	o.int(n)
	o.str("</text>\n")
}

// path writes <path d="d" attrs/>, as svgo's Path, with the attributes
// either as text or as a layer holding the diagram's id.
func (o *out) path(d []byte, attrs string, l layer, id string) {
	o.str(`<path d="`)
	o.b = append(o.b, d...)
	o.str(`"`)
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

// attrs returns the attributes as out's appenders take them: each after
// a space (an attribute without "=" becomes a style attribute, as in svgo;
// an empty one is left out).
func attrs(a ...string) string {
	var sb strings.Builder
	for _, s := range a {
		if s == "" {
			continue
		}
		if strings.Index(s, "=") <= 0 {
			s = `style="` + s + `"`
		}
		sb.WriteByte(' ')
		sb.WriteString(s)
	}
	return sb.String()
}

// tidy removes the space svgo writes before the end of every tag, after
// the last attribute: `<rect x="1" />` becomes `<rect x="1"/>`. svgo
// escapes every quote in text, so a quote followed by " >" or " />" only
// ends a tag.
func tidy(s string) string {
	s = strings.ReplaceAll(s, `" />`, `"/>`)
	return strings.ReplaceAll(s, `" >`, `">`)
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
