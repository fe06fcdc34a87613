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
// text needs no escaping and is copied as it is.
func (c *canvas) escape(s string) {
	if plain(s) {
		c.put(s)
		return
	}
	xml.EscapeText(c, []byte(s))
}

// plain reports whether xml.EscapeText writes text s as it is: whether s
// is valid UTF-8 that holds no control character, none of the five
// characters XML escapes, and nothing from U+FFFD to U+FFFF. ASCII and
// the letters of two bytes (U+0080 to U+07FF, Cyrillic among them) are
// told from their bytes; other runes are decoded.
func plain(s string) bool {
	for i := 0; i < len(s); {
		switch b := s[i]; {
		case b < utf8.RuneSelf:
			if !plainASCII[b] {
				return false
			}
			i++
		case b >= 0xC2 && b <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			i += 2
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError || r > 0xFFFD && r < 0x10000 {
				return false
			}
			i += n
		}
	}
	return true
}

// plainASCII tells the ASCII characters xml.EscapeText writes as they
// are.
var plainASCII = func() (t [utf8.RuneSelf]bool) {
	for b := range t {
		t[b] = b >= 0x20 && !strings.ContainsRune(`&<>"'`, rune(b))
	}
	return t
}()

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
