package site

import (
	"bytes"
	"strings"

	"github.com/nardydocs/nardydocs/site/markdown"
)

// htmlWriter writes HTML the build makes in Go, not from a template (a
// figure, a table of positions): its text and attribute values escaped
// as html/template escapes them in those places, so that the result is
// what a template would write.
type htmlWriter struct{ bytes.Buffer }

// raw writes HTML as it is.
func (w *htmlWriter) raw(s string) { w.WriteString(s) }

// text writes s as text or as a quoted attribute's value, escaped.
func (w *htmlWriter) text(s string) {
	for {
		i := strings.IndexAny(s, "\x00\"&'+<>")
		if i < 0 {
			w.WriteString(s)
			return
		}
		w.WriteString(s[:i])
		w.WriteString(escapes[s[i]])
		s = s[i+1:]
	}
}

// escapes are html/template's replacements in text and quoted
// attributes.
var escapes = map[byte]string{0: "\uFFFD", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}

// url writes a relative URL the build made (no scheme: it is not
// filtered) as a quoted attribute's value: normalized (every
// byte a URL may not hold as it is percent-encoded, valid escapes kept)
// and escaped, as html/template writes an href.
func (w *htmlWriter) url(s string) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~!#$&*+,/:;=?@[]", c) >= 0:
			b.WriteByte(c)
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(c)
		default:
			const hex = "0123456789abcdef"
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	w.text(b.String())
}

// isHex reports whether c is a hexadecimal digit.
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// rolls writes s as text with every roll in it kept whole on its line,
// as the templates' rolls function does.
func (w *htmlWriter) rolls(s string) { w.WriteString(markdown.RollsHTML(s)) }
