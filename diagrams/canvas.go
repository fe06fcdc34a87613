package diagrams

import (
	"encoding/xml"
	"strings"
	"sync"
	"unicode/utf8"
)

// canvas is the buffer a diagram is drawn into, the io.Writer svgo draws
// on. What every diagram of a theme draws alike was drawn by svgo once
// (see layers) and is copied onto the canvas; the rest svgo draws on it
// as the diagram is drawn. The diagram is then written to the caller's
// writer in one Write.
type canvas struct{ b []byte }

func (c *canvas) Write(p []byte) (int, error) {
	c.b = append(c.b, p...)
	return len(p), nil
}

// put copies output already drawn onto the canvas.
func (c *canvas) put(s string) { c.b = append(c.b, s...) }

// escape writes s escaped as svgo escapes text (xml.EscapeText). Most
// text needs no escaping and is copied as it is. Valid UTF-8 that holds
// none of the bytes that may need it (a control character, one of the
// five characters XML escapes, or 0xEF, which begins U+F000 to U+FFFF,
// U+FFFD, U+FFFE and U+FFFF among them) needs none, which the bytes
// alone tell; other text is looked at rune by rune.
func (c *canvas) escape(s string) {
	plain := true
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b == '&' || b == '<' || b == '>' || b == '"' || b == '\'' || b == 0xEF {
			plain = false
			break
		}
	}
	if plain && utf8.ValidString(s) {
		c.put(s)
		return
	}
	for _, r := range s {
		if r < 0x20 || r == '&' || r == '<' || r == '>' || r == '"' || r == '\'' || r == utf8.RuneError || r > 0xFFFD && r < 0x10000 {
			xml.EscapeText(c, []byte(s))
			return
		}
	}
	c.put(s)
}

// idMark stands for the diagram's id in what svgo draws once for every
// diagram of a theme (see layers).
const idMark = "\x00"

// A part is svgo's drawing of elements that name the diagram's id (the
// definitions, and the elements painted with them), drawn once with
// idMark for the id: the pieces between the marks.
type part []string

func newPart(drawn string) part { return strings.Split(drawn, idMark) }

// part copies p onto the canvas with id in the place of each mark.
func (c *canvas) part(p part, id string) {
	for i, s := range p {
		if i > 0 {
			c.put(id)
		}
		c.put(s)
	}
}

// canvases are reused between diagrams.
var canvases = sync.Pool{New: func() any { return &canvas{b: make([]byte, 0, 24<<10)} }}

func getCanvas() *canvas { return canvases.Get().(*canvas) }

func putCanvas(c *canvas) {
	if cap(c.b) > 1<<20 {
		return // a very long handout: let it go
	}
	c.b = c.b[:0]
	canvases.Put(c)
}
