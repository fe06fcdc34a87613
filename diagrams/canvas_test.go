package diagrams

import (
	"bytes"
	"encoding/xml"
	"math/rand/v2"
	"testing"
)

// TestEscapeRandom checks escape against xml.EscapeText on random text
// of ASCII, letters of two, three and four bytes, bytes that are not
// UTF-8 and the characters that must be escaped.
func TestEscapeRandom(t *testing.T) {
	pieces := []string{"a", " ", "Z", "ж", "ß", "\u07FF", "\u0800", "—", "€", "\uFFFC", "\uFFFD", "\uFFFE", "\uFFFF",
		"\U00010000", "\U0001F3B2", "&", "<", ">", `"`, "'", "\t", "\n", "\x1f", "\x7f", "\x80", "\xc2", "\xdf", "\xe2\x80", "\xef", "\xf4\x90\x80\x80", "\xff"}
	rng := rand.New(rand.NewPCG(15, 16))
	plainSeen := 0
	for range 20000 {
		var b []byte
		for range rng.IntN(8) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(3) > 0 {
				p = pieces[rng.IntN(5)] // mostly text that needs no escaping
			}
			b = append(b, p...)
		}
		var want bytes.Buffer
		xml.EscapeText(&want, b)
		var c canvas
		c.escape(string(b))
		if string(c.b) != want.String() {
			t.Fatalf("escape(%q) = %q, want %q", b, c.b, want.String())
		}
		if plain(string(b)) {
			plainSeen++
		}
	}
	if plainSeen < 1000 {
		t.Fatalf("only %d texts copied as they are", plainSeen)
	}
}

func TestEscape(t *testing.T) {
	for _, s := range []string{
		"", "Позиция: длинные нарды, ход белых", "a < b", "Tom & Jerry", `"quoted"`, "it's",
		"tab\there", "line\nbreak", "\x00", "bad \xff byte", "cut \xd0", "\uFFFD", "\uFFFE", "\uFFFF",
		"\uF000", "\uEFFF", "ok \U0001F3B2", "ß€ok", "\u00A0nbsp", "\x7f",
	} {
		var want bytes.Buffer
		xml.EscapeText(&want, []byte(s))
		var c canvas
		c.escape(s)
		if string(c.b) != want.String() {
			t.Errorf("escape(%q) = %q, want %q", s, c.b, want.String())
		}
	}
}
