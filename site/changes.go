package site

import (
	"bytes"
	"cmp"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/outdir"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// ManifestFile is written into every built site: the digest of each file,
// of each page's words, and what each figure computed, row by row, so
// that the next build can say what changed and rewrite only the files
// that did. It also marks the output directory as one nardydocs built
// (see outdir.Check). It names only the site's own paths, nothing of the
// author's disk.
const ManifestFile = outdir.Manifest

// Manifest returns the site's manifest: every file's digest, every
// page's words' digest and every figure's digests and rows, one per line.
func (s *Site) Manifest() []byte {
	digests := s.Digests
	if digests == nil {
		digests = map[string]string{}
		for name, data := range s.Files {
			digests[name] = outdir.Digest(data)
		}
	}
	files := slices.Sorted(maps.Keys(digests))
	pages := slices.Sorted(maps.Keys(s.Prose))
	// The manifest of a large site is large (some 100 MB for 100,000
	// blocks): it is written into a buffer of its size, line by line.
	var b manifestWriter
	size := len(outdir.Header) + len("input\t\n") + len(s.Input) + len("digest\t\n") + len(outdir.DigestKind) + 64
	for _, name := range files {
		size += len("file\t\t\n") + len(name) + len(digests[name])
	}
	for _, name := range pages {
		size += len("page\t\t\n") + len(name) + len(s.Prose[name])
	}
	for _, r := range s.Records {
		id := len(r.Page) + 1 + len(r.ID)
		size += len("figure\t\t\t\n") + id + len(r.Tables) + len(r.Diagram)
		for _, row := range r.Rows {
			size += len("row\t\t\n") + id + len(row)
		}
	}
	b.Grow(size)
	b.WriteString(outdir.Header)
	if s.Input != "" {
		b.line("input", s.Input)
	}
	b.line("digest", outdir.DigestKind)
	b.line("count", strconv.Itoa(s.Pages), strconv.Itoa(s.Figures))
	for _, name := range files {
		if name != ManifestFile {
			b.line("file", name, digests[name])
		}
	}
	for _, name := range pages {
		b.line("page", name, s.Prose[name])
	}
	for _, r := range s.Records {
		id := r.Page + "#" + r.ID
		b.line("figure", id, r.Tables, r.Diagram)
		for _, row := range r.Rows {
			b.line("row", id, row)
		}
	}
	return b.Bytes()
}

// manifestWriter writes a manifest's lines.
type manifestWriter struct{ bytes.Buffer }

// line writes the fields of a line, separated by tabs.
func (w *manifestWriter) line(fields ...string) {
	for i, f := range fields {
		if i > 0 {
			w.WriteByte('\t')
		}
		w.WriteString(f)
	}
	w.WriteByte('\n')
}

// manifestFigure is what a manifest says of one figure.
type manifestFigure struct {
	tables, diagram string
	rows            []string
}

// manifestData is what a manifest holds.
type manifestData struct {
	input              string            // the fingerprint of the build's input
	digests            string            // the kind of its digests (outdir.DigestKind)
	pages, figureCount int               // what the build counted
	files              map[string]string // by path
	prose              map[string]string // by page path
	figures            map[string]*manifestFigure
}

// readManifest reads a manifest. Lines it does not know are skipped.
func readManifest(data []byte) manifestData {
	m := manifestData{files: map[string]string{}, prose: map[string]string{}, figures: map[string]*manifestFigure{}}
	for line := range strings.Lines(string(data)) {
		kind, rest, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		a, rest, two := strings.Cut(rest, "\t")
		b, c, three := strings.Cut(rest, "\t")
		switch {
		case kind == "input" && !two:
			m.input = a
		case kind == "digest" && !two:
			m.digests = a
		case kind == "count" && two && !three:
			m.pages, _ = strconv.Atoi(a)
			m.figureCount, _ = strconv.Atoi(b)
		case kind == "file" && two && !three:
			m.files[a] = b
		case kind == "page" && two && !three:
			m.prose[a] = b
		case kind == "figure" && three:
			m.figures[a] = &manifestFigure{tables: b, diagram: c}
		case kind == "row" && three:
			if fig := m.figures[a]; fig != nil {
				fig.rows = append(fig.rows, rest) // "group\tvalue", as the record has it
			}
		}
	}
	return m
}

// Changes says what a build changed since the previous one, in the terms
// of a reader of the site: every file of the output whose bytes changed,
// that came or went, each counted once in one group — pages added and
// removed, pages whose words changed, pages whose figures changed, pages
// whose navigation changed (their table of contents, their neighbours'
// titles, the site's name: their layout), the figures whose tables or
// diagrams changed (row by row, a figure and its translation as one
// entry) and their standalone diagrams, the print documents, the other
// files.
type Changes struct {
	// First is set when there was no previous build to compare with.
	First bool
	// Older is set, with First, when there was one, but its manifest
	// digests files otherwise (an older version of nardydocs wrote it).
	Older bool
	// Pages added, removed, and whose words changed (output paths; a
	// page's figures, footer or position codes do not count).
	PagesAdded, PagesRemoved, TextChanged []string
	// FigurePages are the pages whose words did not change but whose
	// figures did; NavChanged those whose words and figures did not
	// change, but the rest of the page did.
	FigurePages, NavChanged []string
	// Figures lists the figures that changed, were added or removed.
	Figures []FigureChange
	// Diagrams are the standalone diagram files, Print the print
	// documents (a section's booklet, a worksheet) and Other the other
	// files that changed, came ("name (new)") or went ("name (gone)").
	Diagrams, Print, Other []string
	// Files counts every file of the output that changed, came or went.
	Files int
}

// FigureChange is one figure (in every language) that changed.
type FigureChange struct {
	// Where names the figure's block in each language
	// ("content/ru/long/head.md:94"), or, for a removed figure, its page
	// and id ("ru/long/head.html#fig-7").
	Where []string
	// Added and Removed are set for a figure new to this build or gone
	// from it.
	Added, Removed bool
	// Rows are the rows of its tables that changed, by group.
	Rows []RowChange
	// Diagram is set when its board diagram changed.
	Diagram bool
}

// RowChange is a group of a figure's rows ("moves with 6-5") that
// changed: the rows it had and the rows it has, each without the other's.
type RowChange struct {
	Group    string
	Old, New []string
}

// Compare tells what changed between the previous build's manifest (nil
// when there was none) and this site.
func (s *Site) Compare(previous []byte) Changes {
	if previous == nil {
		return Changes{First: true}
	}
	return s.compare(readManifest(previous))
}

// compare is Compare with the previous build's manifest read.
func (s *Site) compare(old manifestData) Changes {
	if old.digests != outdir.DigestKind {
		return Changes{First: true, Older: true}
	}
	var c Changes
	for name := range s.Prose {
		switch d, ok := old.prose[name]; {
		case !ok:
			c.PagesAdded = append(c.PagesAdded, name)
		case d != s.Prose[name]:
			c.TextChanged = append(c.TextChanged, name)
		}
	}
	for name := range old.prose {
		if _, ok := s.Prose[name]; !ok {
			c.PagesRemoved = append(c.PagesRemoved, name)
		}
	}
	current := map[string]bool{}
	diagrams := map[string]bool{} // the standalone diagrams of this build's figures and the previous one's
	figurePages := map[string]bool{}
	var changes []figureChange
	for _, r := range s.Records {
		id := r.Page + "#" + r.ID
		current[id] = true
		diagrams[figureFile(id)] = true
		o, ok := old.figures[id]
		if !ok {
			changes = append(changes, figureChange{id: id, where: r.place(), added: true})
			figurePages[r.Page] = true
			continue
		}
		rows := compareRows(o.rows, r.Rows)
		tablesOnly := len(rows) == 0 && o.tables != r.Tables
		if len(rows) > 0 || tablesOnly || o.diagram != r.Diagram {
			if tablesOnly {
				rows = []RowChange{{Group: "the figure's text"}}
			}
			changes = append(changes, figureChange{id: id, where: r.place(), rows: rows, diagram: o.diagram != r.Diagram})
			figurePages[r.Page] = true
		}
	}
	for id := range old.figures {
		diagrams[figureFile(id)] = true
		if !current[id] {
			changes = append(changes, figureChange{id: id, where: id, removed: true})
			page, _, _ := strings.Cut(id, "#")
			figurePages[page] = true
		}
	}
	c.Figures = mergeLanguages(changes)
	// Every file that changed, came or went, in the group it belongs to.
	counted := map[string]bool{}
	for _, l := range [][]string{c.PagesAdded, c.PagesRemoved, c.TextChanged} {
		for _, name := range l {
			counted[name] = true
		}
	}
	files := maps.Clone(old.files)
	maps.Copy(files, s.Digests)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		now, inNew := s.Digests[name]
		was, inOld := old.files[name]
		if counted[name] || name == ManifestFile || inNew && inOld && now == was {
			continue
		}
		label := name
		switch {
		case !inOld:
			label += " (new)"
		case !inNew:
			label += " (gone)"
		}
		_, page := s.Prose[name]
		switch {
		case page && figurePages[name]:
			c.FigurePages = append(c.FigurePages, name)
		case page:
			c.NavChanged = append(c.NavChanged, name)
		case diagrams[name]:
			c.Diagrams = append(c.Diagrams, label)
		case isPrintDocument(name):
			c.Print = append(c.Print, label)
		default:
			c.Other = append(c.Other, label)
		}
		counted[name] = true
	}
	c.Files = len(counted)
	for _, l := range [][]string{c.PagesAdded, c.PagesRemoved, c.TextChanged} {
		slices.Sort(l)
	}
	return c
}

// figureFile returns the file that holds the standalone diagram of the
// figure id ("ru/long/head.html#fig-7"): its page's archive.
func figureFile(id string) string {
	page, _, _ := strings.Cut(id, "#")
	return figureArchive(page)
}

// isPrintDocument reports whether the site's file name is a print
// document: a section's booklet or a worksheet.
func isPrintDocument(name string) bool {
	for _, l := range i18n.Langs {
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			if name == printURL(l, g) || name == worksheetURL(l, g) {
				return true
			}
		}
	}
	return false
}

// place names the block of a figure: "content/ru/long/head.md:94".
func (r Record) place() string { return r.File + ":" + strconv.Itoa(r.Line) }

// figureChange is a FigureChange in one language.
type figureChange struct {
	id, where      string
	added, removed bool
	rows           []RowChange
	diagram        bool
}

// mergeLanguages makes one entry of the changes of a figure in every
// language, when they are the same change (a translation's figure is the
// same figure), sorted by place.
func mergeLanguages(changes []figureChange) []FigureChange {
	byKey := map[string]*FigureChange{}
	var keys []string
	for _, ch := range changes {
		// The figure's id without the page's language: "long/head.html#fig-7"
		// and what changed.
		_, rest, _ := strings.Cut(ch.id, "/")
		key := rest + "\x00" + strconv.FormatBool(ch.added) + strconv.FormatBool(ch.removed) + strconv.FormatBool(ch.diagram) + "\x00" + rowsKey(ch.rows)
		if fc, ok := byKey[key]; ok {
			fc.Where = append(fc.Where, ch.where)
			continue
		}
		byKey[key] = &FigureChange{Where: []string{ch.where}, Added: ch.added, Removed: ch.removed, Rows: ch.rows, Diagram: ch.diagram}
		keys = append(keys, key)
	}
	out := make([]FigureChange, 0, len(keys))
	for _, k := range keys {
		fc := byKey[k]
		slices.SortFunc(fc.Where, comparePlaces)
		out = append(out, *fc)
	}
	slices.SortFunc(out, func(a, b FigureChange) int { return comparePlaces(a.Where[0], b.Where[0]) })
	return out
}

// rowsKey writes row changes as one string, to compare them.
func rowsKey(rows []RowChange) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.Group + "\x01" + strings.Join(r.Old, "\x02") + "\x01" + strings.Join(r.New, "\x02") + "\x03")
	}
	return b.String()
}

// compareRows returns, group by group in the order they come, the rows
// old has and new has not, and the other way round.
func compareRows(old, new []string) []RowChange {
	if slices.Equal(old, new) {
		return nil // most figures, in a build after an edit
	}
	type group struct{ old, new []string }
	groups := map[string]*group{}
	var order []string
	add := func(rows []string, isNew bool) {
		for _, row := range rows {
			name, value, _ := strings.Cut(row, "\t")
			g, ok := groups[name]
			if !ok {
				g = &group{}
				groups[name] = g
				order = append(order, name)
			}
			if isNew {
				g.new = append(g.new, value)
			} else {
				g.old = append(g.old, value)
			}
		}
	}
	add(old, false)
	add(new, true)
	var out []RowChange
	for _, name := range order {
		g := groups[name]
		gone := without(g.old, g.new)
		came := without(g.new, g.old)
		if len(gone) > 0 || len(came) > 0 {
			out = append(out, RowChange{Group: name, Old: gone, New: came})
		}
	}
	return out
}

// without returns the rows of a that are not in b, in a's order.
func without(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// comparePlaces orders "file:line" places by file, then line number.
func comparePlaces(a, b string) int {
	af, al, _ := strings.Cut(a, ":")
	bf, bl, _ := strings.Cut(b, ":")
	an, _ := strconv.Atoi(al)
	bn, _ := strconv.Atoi(bl)
	return cmp.Or(strings.Compare(af, bf), an-bn)
}

// String writes the changes, one line for each kind of page change and
// each figure; long lists are cut short.
func (c Changes) String() string {
	switch {
	case c.Older:
		return "the previous build was made by an older nardydocs: nothing to compare with"
	case c.First:
		return "first build: nothing to compare with"
	}
	var lines []string
	pages := func(what string, list []string) {
		if len(list) > 0 {
			lines = append(lines, plural(len(list), "page")+" "+what+": "+shortList(list, 8))
		}
	}
	pages("added", c.PagesAdded)
	pages("removed", c.PagesRemoved)
	pages("with changed text", c.TextChanged)
	pages("whose figures changed", c.FigurePages)
	pages("whose navigation changed", c.NavChanged)
	for _, f := range c.Figures {
		lines = append(lines, f.String())
	}
	files := func(what string, list []string) {
		if len(list) > 0 {
			lines = append(lines, plural(len(list), what)+": "+shortList(list, 8))
		}
	}
	files("diagram file", c.Diagrams)
	files("print document", c.Print)
	files("other file", c.Other)
	if len(lines) == 0 {
		return "no changes since the previous build"
	}
	return "changes since the previous build, " + plural(c.Files, "file") + ":\n  " + strings.Join(lines, "\n  ")
}

// String writes a figure's change on one line: where, then what.
func (f FigureChange) String() string {
	where := strings.Join(f.Where, ", ")
	switch {
	case f.Added:
		return where + ": a new figure"
	case f.Removed:
		return where + ": the figure was removed"
	}
	var what []string
	for _, r := range f.Rows {
		what = append(what, r.String())
	}
	if f.Diagram {
		what = append(what, "the diagram")
	}
	return where + ": " + strings.Join(what, "; ")
}

// String writes a group's change as "group: old → new".
func (r RowChange) String() string {
	if r.Old == nil && r.New == nil {
		return r.Group + " changed"
	}
	side := func(rows []string) string {
		if len(rows) == 0 {
			return "nothing"
		}
		return shortList(rows, 4)
	}
	return r.Group + ": " + side(r.Old) + " → " + side(r.New)
}

// shortList joins items, the first n of them, saying how many more.
func shortList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + " and " + strconv.Itoa(len(items)-n) + " more"
}

// plural writes n and a noun, plural unless n is 1: "1 page", "2 pages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// mergeProblems makes one line of a problem reported in the same place
// of a page and of its translation: the same message at the same line and
// column of the same page in every language.
func mergeProblems(list engine.ErrorList) []string {
	type entry struct {
		places []string
		msg    string
	}
	byKey := map[string]*entry{}
	var keys []string
	for _, e := range list {
		rel := filepath.ToSlash(e.Pos.File)
		if i := strings.Index(rel, "/ru/"); i >= 0 {
			rel = rel[i+4:]
		} else if i := strings.Index(rel, "/uk/"); i >= 0 {
			rel = rel[i+4:]
		}
		key := rel + "\x00" + strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Col) + "\x00" + e.Msg
		if en, ok := byKey[key]; ok {
			en.places = append(en.places, e.Pos.String())
			continue
		}
		byKey[key] = &entry{places: []string{e.Pos.String()}, msg: e.Msg}
		keys = append(keys, key)
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		en := byKey[k]
		out = append(out, strings.Join(en.places, ", ")+": "+en.msg)
	}
	return out
}
