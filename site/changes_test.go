package site

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/site/outdir"
)

// changedFiles lists the files two sites built in memory do not share
// byte for byte: changed, added or removed.
func changedFiles(a, b *Site) []string {
	var out []string
	all := maps.Clone(a.Files)
	maps.Copy(all, b.Files)
	for _, name := range slices.Sorted(maps.Keys(all)) {
		x, inA := a.Files[name]
		y, inB := b.Files[name]
		if !inA || !inB || string(x) != string(y) {
			out = append(out, name)
		}
	}
	return out
}

// groups returns every file a change report names, group by group.
func (c Changes) groups() map[string][]string {
	strip := func(l []string) []string {
		out := make([]string, len(l))
		for i, s := range l {
			s, _ = strings.CutSuffix(s, " (new)")
			out[i], _ = strings.CutSuffix(s, " (gone)")
		}
		return out
	}
	return map[string][]string{
		"added": c.PagesAdded, "removed": c.PagesRemoved, "text": c.TextChanged, "figures": c.FigurePages,
		"navigation": c.NavChanged, "diagrams": strip(c.Diagrams), "print": strip(c.Print), "other": strip(c.Other),
	}
}

// TestChangeReportCountsEveryFile: after each change, the report names
// every file of the site whose bytes changed, came or went, each once, in
// the group a reader would look for it in.
func TestChangeReportCountsEveryFile(t *testing.T) {
	t.Parallel()
	base := func() fstest.MapFS {
		files := publisherSite("")
		block := "```nardy\ngame: long\nposition: start\ndice: 6-5\n```\n"
		for _, l := range []string{"ru", "uk"} {
			files[l+"/long/moves.md"] = pageText("Ходы", block)
			files[l+"/long/more.md"] = pageText("Ещё", "Текст.")
		}
		return files
	}
	first := buildSite(t, base(), Options{})
	for _, c := range []struct {
		what   string
		change func(fstest.MapFS)
		want   map[string][]string // groups that must hold exactly these files
	}{
		{"a page's title", func(f fstest.MapFS) {
			f["ru/long/head.md"] = pageText("Голова и первый ход", "## Первый ход\nТекст.")
		}, map[string][]string{
			"text":       {"ru/long/head.html"},
			"navigation": {"ru/index.html", "ru/long/index.html", "ru/long/more.html", "ru/long/moves.html"},
			"print":      {"ru/long/print.html"},
			"other":      {"ru/notation.html"},
		}},
		{"the site's name", func(f fstest.MapFS) { f[ConfigFile] = &fstest.MapFile{Data: []byte("title: Клуб\n")} }, map[string][]string{
			"text": nil,
			"navigation": {"ru/index.html", "ru/long/head.html", "ru/long/index.html", "ru/long/more.html", "ru/long/moves.html",
				"uk/index.html", "uk/long/head.html", "uk/long/index.html", "uk/long/more.html", "uk/long/moves.html"},
			"print": {"ru/long/print.html", "uk/long/print.html"},
			"other": {"404.html", "index.html", "ru/notation.html", "uk/notation.html"},
		}},
		{"a figure's roll", func(f fstest.MapFS) {
			f["ru/long/moves.md"] = pageText("Ходы", "```nardy\ngame: long\nposition: start\ndice: 6-4\n```\n")
			f["uk/long/moves.md"] = f["ru/long/moves.md"]
		}, map[string][]string{
			"text": nil, "navigation": nil,
			"figures":  {"ru/long/moves.html", "uk/long/moves.html"},
			"diagrams": {"ru/long/moves-svg.zip", "uk/long/moves-svg.zip"},
			"print":    {"ru/long/print.html", "uk/long/print.html"},
		}},
		{"a page added", func(f fstest.MapFS) {
			f["ru/long/new.md"], f["uk/long/new.md"] = pageText("Новое", "Текст."), pageText("Нове", "Текст.")
		}, map[string][]string{"added": {"ru/long/new.html", "uk/long/new.html"}}},
		{"a page removed", func(f fstest.MapFS) { delete(f, "ru/long/more.md"); delete(f, "uk/long/more.md") }, map[string][]string{
			"removed": {"ru/long/more.html", "uk/long/more.html"},
		}},
	} {
		files := base()
		c.change(files)
		second := buildSite(t, files, Options{})
		report := second.Compare(first.Manifest())
		changed := changedFiles(first, second)
		var named []string
		for group, list := range report.groups() {
			if want, ok := c.want[group]; ok && !slices.Equal(list, want) {
				t.Errorf("%s: %s %v, want %v", c.what, group, list, want)
			}
			named = append(named, list...)
		}
		slices.Sort(named)
		if !slices.Equal(named, changed) || report.Files != len(changed) {
			t.Errorf("%s: the report names %v (%d files), the files that changed are %v\n%s", c.what, named, report.Files, changed, report)
		}
	}
}

// TestChangesOlderManifest: a manifest whose digests are of another kind
// (or that names none, as older versions wrote them) is not compared
// with: its digests would make every file look changed.
func TestChangesOlderManifest(t *testing.T) {
	t.Parallel()
	s := buildSite(t, publisherSite(""), Options{})
	manifest := string(s.Manifest())
	line := "digest\t" + outdir.DigestKind + "\n"
	if !strings.Contains(manifest, line) {
		t.Fatalf("the manifest does not name its digests (%q)", line)
	}
	if c := s.Compare([]byte(manifest)); c.First || c.Older || c.Files != 0 {
		t.Errorf("compared with its own manifest: %+v, want no change", c)
	}
	for what, old := range map[string]string{
		"no digest line": strings.Replace(manifest, line, "", 1),
		"another kind":   strings.Replace(manifest, line, "digest\tsha256\n", 1),
	} {
		c := s.Compare([]byte(old))
		if !c.First || !c.Older || c.Files != 0 {
			t.Errorf("%s: %+v, want nothing compared", what, c)
		}
		if got := c.String(); !strings.Contains(got, "older nardydocs") {
			t.Errorf("%s: the report says %q", what, got)
		}
	}
}
