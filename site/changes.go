package site

import (
	"slices"
	"strconv"
	"strings"
)

// ManifestFile is written with every site: what each page and figure
// computed, so that the next build can say what changed.
const ManifestFile = ".nardydocs-manifest"

// manifest lists every page's and figure's digest, one per line.
func (s *Site) manifest() []byte {
	var lines []string
	for _, name := range s.Paths() {
		if strings.HasSuffix(name, ".html") {
			lines = append(lines, "page\t"+name+"\t"+digest(s.Files[name]))
		}
	}
	for _, r := range s.Records {
		lines = append(lines, "figure\t"+r.Page+"#"+r.ID+"\t"+r.File+":"+strconv.Itoa(r.Line)+"\t"+r.Tables+"\t"+r.Diagram)
	}
	return []byte("# nardydocs: what each page and figure of this build computed\n" + strings.Join(lines, "\n") + "\n")
}

// entry is one line of a manifest.
type entry struct{ where, tables, diagram string }

func readManifest(data []byte) (pages map[string]string, figs map[string]entry) {
	pages, figs = map[string]string{}, map[string]entry{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		switch {
		case len(f) == 3 && f[0] == "page":
			pages[f[1]] = f[2]
		case len(f) == 5 && f[0] == "figure":
			figs[f[1]] = entry{f[2], f[3], f[4]}
		}
	}
	return pages, figs
}

// Changes says what a build changed since the previous one.
type Changes struct {
	// First is set when there was no previous build to compare with.
	First bool
	// Pages added, removed and changed (output paths).
	PagesAdded, PagesRemoved, PagesChanged []string
	// Figures whose tables (or diagrams) changed, and figures added and
	// removed, by the place of their block ("content/ru/long/head.md:40").
	TablesChanged, DiagramsChanged, FiguresAdded, FiguresRemoved []string
}

// Compare tells what changed between the previous build's manifest (nil
// when there was none) and this site.
func (s *Site) Compare(previous []byte) Changes {
	if previous == nil {
		return Changes{First: true}
	}
	var c Changes
	oldPages, oldFigs := readManifest(previous)
	newPages, newFigs := readManifest(s.manifest())
	for name, d := range newPages {
		switch old, ok := oldPages[name]; {
		case !ok:
			c.PagesAdded = append(c.PagesAdded, name)
		case old != d:
			c.PagesChanged = append(c.PagesChanged, name)
		}
	}
	for name := range oldPages {
		if _, ok := newPages[name]; !ok {
			c.PagesRemoved = append(c.PagesRemoved, name)
		}
	}
	for id, e := range newFigs {
		old, ok := oldFigs[id]
		switch {
		case !ok:
			c.FiguresAdded = append(c.FiguresAdded, e.where)
		default:
			if old.tables != e.tables {
				c.TablesChanged = append(c.TablesChanged, e.where)
			}
			if old.diagram != e.diagram {
				c.DiagramsChanged = append(c.DiagramsChanged, e.where)
			}
		}
	}
	for id, e := range oldFigs {
		if _, ok := newFigs[id]; !ok {
			c.FiguresRemoved = append(c.FiguresRemoved, e.where)
		}
	}
	for _, l := range [][]string{c.PagesAdded, c.PagesRemoved, c.PagesChanged, c.TablesChanged, c.DiagramsChanged, c.FiguresAdded, c.FiguresRemoved} {
		slices.SortFunc(l, comparePlaces)
	}
	return c
}

// comparePlaces orders "file:line" places by file, then line number.
func comparePlaces(a, b string) int {
	af, al, _ := strings.Cut(a, ":")
	bf, bl, _ := strings.Cut(b, ":")
	if af != bf {
		return strings.Compare(af, bf)
	}
	an, _ := strconv.Atoi(al)
	bn, _ := strconv.Atoi(bl)
	return an - bn
}

// String writes the changes in a few lines; long lists are cut short.
func (c Changes) String() string {
	if c.First {
		return "first build: nothing to compare with"
	}
	var lines []string
	add := func(what string, list []string) {
		if len(list) == 0 {
			return
		}
		shown := list
		if len(shown) > 8 {
			shown = shown[:8]
		}
		line := strconv.Itoa(len(list)) + " " + what + ": " + strings.Join(shown, ", ")
		if len(list) > len(shown) {
			line += " and " + strconv.Itoa(len(list)-len(shown)) + " more"
		}
		lines = append(lines, line)
	}
	add("pages added", c.PagesAdded)
	add("pages removed", c.PagesRemoved)
	add("pages changed", c.PagesChanged)
	add("tables changed", c.TablesChanged)
	add("diagrams changed", c.DiagramsChanged)
	add("figures added", c.FiguresAdded)
	add("figures removed", c.FiguresRemoved)
	if len(lines) == 0 {
		return "no changes since the previous build"
	}
	return "changes since the previous build:\n  " + strings.Join(lines, "\n  ")
}
