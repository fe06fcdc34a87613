package site

import (
	"slices"
	"strconv"
	"strings"
)

// ManifestFile is written into every built site: the digest of each file
// and of what each figure computed, so that the next build can say what
// changed and rewrite only the files that did. It also marks the output
// directory as one nardydocs built (see CheckOutput). It names only the
// site's own paths, nothing of the author's disk.
const ManifestFile = ".nardydocs-manifest"

// manifestHeader is the first line of a manifest.
const manifestHeader = "# nardydocs: what each file and figure of this build holds\n"

// Manifest returns the manifest Write writes into the site.
func (s *Site) Manifest() []byte { return s.manifest() }

// manifest lists every file's digest and every figure's, one per line.
func (s *Site) manifest() []byte {
	var b strings.Builder
	b.WriteString(manifestHeader)
	for _, name := range s.Paths() {
		if name != ManifestFile {
			b.WriteString("file\t" + name + "\t" + digest(s.Files[name]) + "\n")
		}
	}
	for _, r := range s.Records {
		b.WriteString("figure\t" + r.Page + "#" + r.ID + "\t" + r.Tables + "\t" + r.Diagram + "\n")
	}
	return []byte(b.String())
}

// figureDigests are what a manifest says of one figure.
type figureDigests struct{ tables, diagram string }

// readManifest reads a manifest's files and figures, by path and by
// "page#id". Lines it does not know are skipped.
func readManifest(data []byte) (files map[string]string, figs map[string]figureDigests) {
	files, figs = map[string]string{}, map[string]figureDigests{}
	for line := range strings.Lines(string(data)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		switch {
		case len(f) == 3 && f[0] == "file":
			files[f[1]] = f[2]
		case len(f) == 4 && f[0] == "figure":
			figs[f[1]] = figureDigests{f[2], f[3]}
		}
	}
	return files, figs
}

// isManifest reports whether data is a nardydocs manifest.
func isManifest(data []byte) bool { return strings.HasPrefix(string(data), manifestHeader) }

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
// when there was none) and this site. Figures are named by the place of
// their block in this build, or by page and id when they were removed.
func (s *Site) Compare(previous []byte) Changes {
	if previous == nil {
		return Changes{First: true}
	}
	var c Changes
	oldFiles, oldFigs := readManifest(previous)
	newFiles, _ := readManifest(s.manifest())
	for name, d := range newFiles {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		switch old, ok := oldFiles[name]; {
		case !ok:
			c.PagesAdded = append(c.PagesAdded, name)
		case old != d:
			c.PagesChanged = append(c.PagesChanged, name)
		}
	}
	for name := range oldFiles {
		if _, ok := newFiles[name]; !ok && strings.HasSuffix(name, ".html") {
			c.PagesRemoved = append(c.PagesRemoved, name)
		}
	}
	current := map[string]bool{}
	for _, r := range s.Records {
		id := r.Page + "#" + r.ID
		current[id] = true
		where := r.File + ":" + strconv.Itoa(r.Line)
		old, ok := oldFigs[id]
		switch {
		case !ok:
			c.FiguresAdded = append(c.FiguresAdded, where)
		default:
			if old.tables != r.Tables {
				c.TablesChanged = append(c.TablesChanged, where)
			}
			if old.diagram != r.Diagram {
				c.DiagramsChanged = append(c.DiagramsChanged, where)
			}
		}
	}
	for id := range oldFigs {
		if !current[id] {
			c.FiguresRemoved = append(c.FiguresRemoved, id)
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
