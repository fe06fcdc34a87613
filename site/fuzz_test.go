package site

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/engine"
)

// FuzzFrontMatter reads any text as a page's front matter: nothing
// panics, every problem is placed in the page, on a line it has, and the
// page keeps its length and its line breaks (its blocks' lines stay
// theirs).
func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: Т\n---\nтекст\n", "---\ntitle: [a\n---\n", "---\n", "", "---\r\ntitle: Т\r\n---\r\n", "---\ntitle: Т\ntitle: Т\n---\n",
		"---\nrules: last-roll=off\ngame: long\norder: 3\nprint: sheet\n---\n", "---\n- x\n---\n", "---\ntitle: \"a: b\"\n\tbad\n---\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return
		}
		p := &page{file: "content/ru/x.md", src: []byte(src)}
		var errs engine.ErrorList
		parseFrontMatter(p, engine.Rules{}, &errs)
		lines := strings.Count(src, "\n") + 1
		for _, e := range errs {
			if e.Pos.File != p.file || e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 0 {
				t.Errorf("%q: a problem at %v (the page has %d lines): %s", src, e.Pos, lines, e.Msg)
			}
		}
		if len(p.src) != len(src) && len(errs) == 0 || strings.Count(string(p.src), "\n") != strings.Count(src, "\n") {
			t.Errorf("%q: the page became %q", src, p.src)
		}
	})
}

// FuzzManifest reads any text as a previous build's manifest without
// panicking, and reads a manifest a site writes as that site: its files,
// pages and figures.
func FuzzManifest(f *testing.F) {
	f.Add("row\tx#fig-1\ta\tb\n", "ru/a.html", "figure rows\tand\ttabs")
	f.Add("", "", "")
	f.Add("figure\t\t\t\nfile\ta\n", "x\ny", "z")
	f.Fuzz(func(t *testing.T, junk, name, row string) {
		readManifest([]byte(junk))
		if strings.ContainsAny(name, "\t\n") || strings.Contains(row, "\n") || !strings.Contains(row, "\t") || name == "" {
			return
		}
		s := &Site{Pages: 1, Figures: 1, Input: "in", Digests: map[string]string{name: "d1"}, Prose: map[string]string{name: "p1"},
			Records: []Record{{Page: name, ID: "fig-1", Tables: "t", Diagram: "g", Rows: []string{row}}}}
		m := readManifest(s.Manifest())
		if m.input != "in" || m.pages != 1 || m.figureCount != 1 || !maps.Equal(m.files, s.Digests) || !maps.Equal(m.prose, s.Prose) {
			t.Fatalf("%q, %q: read back as %+v", name, row, m)
		}
		fig := m.figures[name+"#fig-1"]
		if fig == nil || fig.tables != "t" || fig.diagram != "g" || !slices.Equal(fig.rows, []string{row}) {
			t.Errorf("%q, %q: the figure read back as %+v", name, row, fig)
		}
	})
}
