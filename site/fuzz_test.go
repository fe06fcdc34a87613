package site

import (
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
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

// FuzzConfig reads any text as content/nardydocs.yaml: nothing panics,
// every problem is placed in the file, on a line it has, and the
// configuration it gives is one a site can be built with: a name for
// each of one or more languages, each once.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{
		"title: {ru: А, uk: Б}\nlanguages: [uk]\n", "title:\n  ru: А\n  uk: Б\n", "languages:\n  - ru\n  - ru\n",
		"logo: logo.svg\nedit-url: https://x.example/{path}\n", "edit-url: https://x.example/{pa\n", "translations: fallback\n",
		"title: [a]\nlanguages: {ru: 1}\n", "base-url: /rules/\nrules: club\n", "\tlanguages: ru\n", "title: a: b\n",
	} {
		f.Add(s)
	}
	files := fstest.MapFS{"logo.svg": {Data: []byte("<svg/>")}, "ru": {Mode: fs.ModeDir | 0o755}}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return
		}
		cfg, problems := readConfigText(t, src, maps.Clone(files))
		// YAML breaks lines at "\n", "\r\n" and a "\r" alone.
		lines := strings.Count(strings.ReplaceAll(src, "\r\n", "\n"), "\n") + strings.Count(strings.ReplaceAll(src, "\r\n", "\n"), "\r") + 1
		for _, line := range strings.Split(strings.TrimSuffix(problems, "\n"), "\n") {
			if line == "" {
				continue
			}
			rest, ok := strings.CutPrefix(line, "content/nardydocs.yaml:")
			n, _, _ := strings.Cut(rest, ":")
			if l, err := strconv.Atoi(n); !ok || err != nil || l < 1 || l > lines {
				t.Errorf("%q: a problem not on a line of the file: %s", src, line)
			}
		}
		if len(cfg.Languages) == 0 {
			t.Fatalf("%q: no languages", src)
		}
		for i, l := range cfg.Languages {
			if !l.Valid() || slices.Contains(cfg.Languages[:i], l) || cfg.Titles[l] == "" {
				t.Errorf("%q: languages %v, titles %v", src, cfg.Languages, cfg.Titles)
			}
		}
	})
}
