package site

import (
	"html/template"
	"strings"
	"testing"
)

// TestHTMLWriterEscapes: the writer escapes text, attribute values and
// URLs as html/template does in the same places, on every kind of byte
// that matters there.
func TestHTMLWriterEscapes(t *testing.T) {
	t.Parallel()
	tmpl := template.Must(template.New("").Parse(`<p title="{{.}}">{{.}}</p><a href="{{.}}">x</a>`))
	for _, s := range []string{
		"", "plain", `a "quoted" 'word'`, "<b>&amp;</b>", "6+5", "Lw65 · ру", "\x00nul",
		"../notation.html", "head-1.svg", "a b.svg", "%D0%B0 %zz 100%", "#x?y=1&z=(2)", "файл.svg", "!$*,;=@[]~",
	} {
		var want strings.Builder
		if err := tmpl.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		var w htmlWriter
		w.raw(`<p title="`)
		w.text(s)
		w.raw(`">`)
		w.text(s)
		w.raw(`</p><a href="`)
		w.url(s)
		w.raw(`">x</a>`)
		if got := w.String(); got != want.String() {
			t.Errorf("%q:\n got %s\nwant %s", s, got, want.String())
		}
	}
}
