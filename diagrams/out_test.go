package diagrams

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"testing"

	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/engine"
)

// TestOutMatchesSvgo checks that the elements out writes itself are
// byte for byte what svgo writes for the same element, tidied.
func TestOutMatchesSvgo(t *testing.T) {
	texts := []string{"", "Белые", "12", `a<b & "c" 'd' >`, "tab\there\nnew\rline", "bad \xff utf-8", "\uFFFD\uFFFE\U0001F3B2", "\x01"}
	for _, c := range "&<>\"'\t\n\r\x7f\uFFFD\uFFFE\uFFFF\U0001F3B2" {
		texts = append(texts, "ход "+string(c)+" 1")
	}
	a := []string{`class="nd-ck nd-w"`, `fill="#fbf7ee"`, `font-family="'A B', C"`, `stroke-width="1.5"`}
	cases := []struct {
		name      string
		out       func(o *out)
		reference func(s *svg.SVG)
	}{
		{"circle", func(o *out) { o.circle(90, -489, 18, attrs(a...)) }, func(s *svg.SVG) { s.Circle(90, -489, 18, a...) }},
		{"circle bare", func(o *out) { o.circle(0, 0, 4, attrs()) }, func(s *svg.SVG) { s.Circle(0, 0, 4) }},
		{"rect", func(o *out) { o.rect(4, 74, 656, 448, attrs(a...)) }, func(s *svg.SVG) { s.Rect(4, 74, 656, 448, a...) }},
		{"roundrect", func(o *out) { o.roundrect(4, 74, 656, 448, 10, attrs(a...)) }, func(s *svg.SVG) { s.Rect(4, 74, 656, 448, append([]string{`rx="10"`}, a...)...) }},
		{"roundrect bare", func(o *out) { o.roundrect(4, 74, 656, 448, 10, "") }, func(s *svg.SVG) { s.Rect(4, 74, 656, 448, `rx="10"`) }},
		{"count", func(o *out) { o.textNum(574, 544, 15, attrs(a...)) }, func(s *svg.SVG) { s.Text(574, 544, "15", a...) }},
		{"path", func(o *out) { o.path([]byte("M1,2 Q3,4 5,6"), attrs(a[:2]...), newLayer(attrs(a[2:]...)), "x") }, func(s *svg.SVG) { s.Path("M1,2 Q3,4 5,6", a...) }},
		{"path with id", func(o *out) {
			o.path([]byte("M1,2"), "", newLayer(attrs(`marker-end="url(#`+idMark+`-head)"`)), "fig-1")
		},
			func(s *svg.SVG) { s.Path("M1,2", `marker-end="url(#fig-1-head)"`) }},
	}
	for _, text := range texts {
		cases = append(cases, struct {
			name      string
			out       func(o *out)
			reference func(s *svg.SVG)
		}{"text " + text, func(o *out) { o.text(1, 2, text, attrs(a...)) }, func(s *svg.SVG) { s.Text(1, 2, text, a...) }})
	}
	for _, c := range cases {
		var got out
		c.out(&got)
		var want bytes.Buffer
		c.reference(svg.New(&want))
		if string(got.b) != tidy(want.String()) {
			t.Errorf("%s:\n out  %q\n svgo %q", c.name, got.b, tidy(want.String()))
		}
	}
	for _, text := range texts {
		var got out
		got.escape(text)
		var want bytes.Buffer
		xml.EscapeText(&want, []byte(text))
		if string(got.b) != want.String() {
			t.Errorf("escape(%q) = %q, xml.EscapeText gives %q", text, got.b, want.String())
		}
	}
}

// TestStripMatchesSvgo checks a side's strip, written by hand, against
// svgo's Textspan, Span and TextEnd, with and without each label.
func TestStripMatchesSvgo(t *testing.T) {
	p := code(t, "Sw:barx2,6x4,5x3,4x2:bar,22x13")
	for _, l := range []Labels{ru, {Pips: "пипы", Off: "вы<бро>шено"}, {White: "W", Black: "B", Off: "off"}, {}} {
		for _, theme := range []Theme{Screen, Print} {
			d := newDrawer(&out{}, p, Options{Labels: l, Theme: theme}, "x", boardH0)
			d.strip(engine.White, margin)
			var want bytes.Buffer
			s := svg.New(&want)
			// The strip as it was drawn through svgo.
			if l.Turn != "" {
				s.Rect(boardX, margin+2, boardW, infoH-4, `rx="8"`, attr("fill", d.c.turnFill), attr("stroke", d.c.turnEdge), `stroke-width="2"`)
			}
			cy := margin + infoH/2
			s.Circle(boardX+22, cy, 12, attr("class", "nd-icon nd-w"), attr("fill", d.c.whiteFill), attr("stroke", d.c.whiteEdge), `stroke-width="1.5"`)
			s.Textspan(boardX+44, cy+8, "", `font-size="21"`, attr("fill", d.c.stripInk))
			var gap []string
			if l.White != "" {
				s.Span(l.White, `font-weight="700"`)
				gap = []string{`dx="18"`}
			}
			if l.Pips != "" {
				s.Span(l.Pips+" "+strconv.Itoa(p.Pips(engine.White)), append(gap, attr("fill", d.c.stripMuted))...)
				gap = []string{`dx="18"`}
			}
			if l.Off != "" && p.Off(engine.White) > 0 {
				s.Span(l.Off+" "+strconv.Itoa(p.Off(engine.White)), append(gap, attr("fill", d.c.stripMuted))...)
			}
			s.TextEnd()
			if l.Turn != "" {
				s.Text(boardX+boardW-16, cy+8, l.Turn, `font-size="21"`, `font-weight="700"`, `text-anchor="end"`, attr("fill", d.c.turnInk))
			}
			if string(d.w.b) != tidy(want.String()) {
				t.Errorf("labels %+v, %s:\n out  %q\n svgo %q", l, theme, d.w.b, tidy(want.String()))
			}
		}
	}
}

// TestInt checks out's decimal numbers against strconv's.
func TestInt(t *testing.T) {
	for n := -1100; n <= 10100; n++ {
		var o out
		o.int(n)
		if want := strconv.Itoa(n); string(o.b) != want {
			t.Fatalf("int(%d) = %q, want %q", n, o.b, want)
		}
	}
}
