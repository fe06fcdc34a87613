package site

import (
	"context"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
)

// With a memo, a page whose analysis inputs (analysisInput) did not
// change is not analysed again: its analysis is taken from the previous
// build's, all but what only rendering reads (its blocks, its tables of
// positions, its parsed document). A page taken so is lazy: when it is
// rendered after all, or a worksheet shows its exercises, complete
// analyses it again for those.

// analysesKey names, in the memo, the analyses of the previous build's
// pages, by the key of each page's inputs (memoKey of its
// analysisInput): one value for all, read once.
const analysesKey = "nardydocs analyses 1"

// analysisInput returns the inputs of page i's analysis.
func (ix *index) analysisInput(i int) *analysisInput {
	p := ix.pages[i]
	in := &analysisInput{
		Version: ix.opt.Version, Templates: ix.tmpl != nil, Checker: ix.opt.Checker, Override: ix.override,
		File: p.file, Source: p.srcSum, Title: p.fm.Title, Description: p.fm.Description,
		Rules: profileOf(p.fm.Rules), RulesText: p.fm.RulesText, Broken: p.fm.broken,
	}
	if p.fm.HasGame {
		in.Game = p.fm.Game.String()
	}
	return in
}

// analysisRecord is a page's analysis as the memo keeps it: every field
// but what only rendering reads, and but its problems (a page with
// problems is not kept).
type analysisRecord struct {
	IDs       []string
	Links     []linkRecord
	Figures   int
	Races     []raceRecord
	Script    string
	Editor    bool
	Exercises []exerciseRecord
	Figs      []factsRecord
	Prose     string
	Sections  []sectionRecord
	Named     []string
	NamedAt   []int
	Pins      []pinRecord
}

type linkRecord struct {
	Dest string
	Pos  engine.Pos
}

type raceRecord struct {
	Fig, Cost int
	At        engine.Pos
}

type exerciseRecord struct {
	Fig  int
	Src  string
	Game engine.Game
}

type factsRecord struct {
	Line          int
	Names, Values []string
	Dropped       []string
	Unread        bool
}

type sectionRecord struct{ Title, Href string }

type pinRecord struct {
	Fig, Row int
	Game     engine.Game
	Rules    engine.Rules
	Own      string
	Line     int
}

// record returns the memo's record of an analysis.
func (r *analysis) record() analysisRecord {
	rec := analysisRecord{Figures: r.figures, Script: r.script, Editor: r.editor, Prose: r.prose, Named: r.named, NamedAt: r.namedAt}
	for id := range r.ids {
		rec.IDs = append(rec.IDs, id)
	}
	for _, l := range r.links {
		rec.Links = append(rec.Links, linkRecord{l.dest, l.pos})
	}
	for _, w := range r.races {
		rec.Races = append(rec.Races, raceRecord{w.fig, w.cost, w.at})
	}
	for _, e := range r.exercises {
		rec.Exercises = append(rec.Exercises, exerciseRecord{e.fig, e.src, e.game})
	}
	for _, f := range r.figs {
		fr := factsRecord{Line: f.line, Dropped: f.dropped, Unread: f.unread}
		for _, ft := range f.facts {
			fr.Names, fr.Values = append(fr.Names, ft.name), append(fr.Values, ft.value)
		}
		rec.Figs = append(rec.Figs, fr)
	}
	for _, s := range r.sections {
		rec.Sections = append(rec.Sections, sectionRecord{s.Title, s.Href})
	}
	for _, pn := range r.pins {
		rec.Pins = append(rec.Pins, pinRecord{pn.fig, pn.row, pn.game, pn.rules, pn.own, pn.line})
	}
	return rec
}

// analysis returns the lazy analysis of page i the record keeps, or
// false for a damaged record.
func (rec *analysisRecord) analysis(i int) (*analysis, bool) {
	r := &analysis{
		ids: make(map[string]bool, len(rec.IDs)), hrefs: map[string]string{}, tables: map[int]*block.Table{},
		figures: rec.Figures, script: rec.Script, editor: rec.Editor, prose: rec.Prose,
		named: rec.Named, namedAt: rec.NamedAt, lazy: true,
	}
	for _, id := range rec.IDs {
		r.ids[id] = true
	}
	// Each slice is made at its length at once: a site's records are
	// turned back into analyses on every build that takes them.
	r.links = make([]link, len(rec.Links))
	for k, l := range rec.Links {
		r.links[k] = link{l.Dest, l.Pos}
	}
	r.races = make([]raceWork, len(rec.Races))
	for k, w := range rec.Races {
		r.races[k] = raceWork{fig: w.Fig, cost: w.Cost, at: w.At}
	}
	r.exercises = make([]exercise, len(rec.Exercises))
	for k, e := range rec.Exercises {
		r.exercises[k] = exercise{page: i, fig: e.Fig, src: e.Src, game: e.Game}
	}
	r.figs = make([]figureFacts, len(rec.Figs))
	for k, f := range rec.Figs {
		if len(f.Names) != len(f.Values) {
			return nil, false
		}
		ff := figureFacts{line: f.Line, dropped: f.Dropped, unread: f.Unread, facts: make([]fact, len(f.Names))}
		for j := range f.Names {
			ff.facts[j] = fact{f.Names[j], f.Values[j]}
		}
		r.figs[k] = ff
	}
	r.sections = make([]navItem, len(rec.Sections))
	for k, s := range rec.Sections {
		r.sections[k] = navItem{Title: s.Title, Href: s.Href, index: -1}
	}
	r.pins = make([]pin, len(rec.Pins))
	for k, pn := range rec.Pins {
		r.pins[k] = pin{fig: pn.Fig, row: pn.Row, game: pn.Game, rules: pn.Rules, own: pn.Own, line: pn.Line}
	}
	for _, w := range r.races {
		if w.fig < 0 || w.fig >= r.figures {
			return nil, false
		}
	}
	return r, true
}

// complete analyses the lazy page i again, for what only rendering
// reads: its blocks (those the races' budget left out stay out), its
// tables, its document and its exercises' blocks. It is called for a
// page by one goroutine at a time.
func (ix *index) complete(i int) {
	r := ix.res[i]
	if !r.lazy {
		return
	}
	full := ix.analysePage(i, true)
	r.blocks, r.tables, r.doc = full.blocks, full.tables, full.doc
	for _, fig := range r.cut {
		if fig < len(r.blocks) {
			r.blocks[fig] = nil
		}
	}
	for k := range r.exercises {
		for _, e := range full.exercises {
			if e.fig == r.exercises[k].fig {
				r.exercises[k].blk = e.blk
			}
		}
	}
	r.lazy = false
}

// analyseAll analyses every page, taking from the memo the analyses of
// the pages whose inputs did not change, and keeps the new ones there.
func (ix *index) analyseAll(ctx context.Context, keep bool) error {
	m := ix.opt.Memo
	if m == nil {
		return parallel(ctx, ix.opt.Jobs, len(ix.pages), func(i int) { ix.res[i] = ix.analysePage(i, keep) })
	}
	before := ix.analyses
	keys := make([]string, len(ix.pages))
	records := make([]*analysisRecord, len(ix.pages))
	err := parallel(ctx, ix.opt.Jobs, len(ix.pages), func(i int) {
		key, err := memoKey("analysis", ix.analysisInput(i))
		if err == nil {
			if rec, ok := before[key]; ok {
				if r, ok := rec.analysis(i); ok {
					ix.res[i], keys[i] = r, key
					return
				}
			}
		}
		ix.res[i] = ix.analysePage(i, keep)
		if err == nil && len(ix.res[i].errs) == 0 {
			rec := ix.res[i].record()
			keys[i], records[i] = key, &rec
		}
	})
	if err != nil {
		return err
	}
	after := make(analysisBundle, len(ix.pages))
	fresh := false
	for i, key := range keys {
		switch {
		case key == "":
		case records[i] != nil:
			after[key], fresh = *records[i], true
		default:
			after[key] = before[key]
		}
	}
	if fresh || len(after) != len(before) {
		// Encoded while the build goes on (a site's analyses are
		// hundreds of kilobytes); run waits for it before it returns.
		ix.putting.Go(func() { m.Put(analysesKey, after) })
	}
	return nil
}

// analysisBundle is the analyses of a build's pages as the memo keeps
// them, by the key of each page's inputs. It has an encoding of its own
// (see record.go), read once with every build.
type analysisBundle map[string]analysisRecord

// analysisBundleVersion is the first byte of an encoded analysisBundle.
const analysisBundleVersion = 1

// MarshalBinary encodes the analyses, in the order of their keys.
func (b analysisBundle) MarshalBinary() ([]byte, error) {
	w := newRecordWriter(analysisBundleVersion, 64<<10)
	w.count(len(b))
	for _, key := range sorted(b) {
		rec := b[key]
		w.string(key)
		w.strings(rec.IDs)
		w.count(len(rec.Links))
		for _, l := range rec.Links {
			w.string(l.Dest)
			w.pos(l.Pos)
		}
		w.int(rec.Figures)
		w.count(len(rec.Races))
		for _, r := range rec.Races {
			w.int(r.Fig)
			w.int(r.Cost)
			w.pos(r.At)
		}
		w.string(rec.Script)
		w.bool(rec.Editor)
		w.count(len(rec.Exercises))
		for _, e := range rec.Exercises {
			w.int(e.Fig)
			w.string(e.Src)
			w.int(int(e.Game))
		}
		w.count(len(rec.Figs))
		for _, f := range rec.Figs {
			w.int(f.Line)
			w.strings(f.Names)
			w.strings(f.Values)
			w.strings(f.Dropped)
			w.bool(f.Unread)
		}
		w.string(rec.Prose)
		w.count(len(rec.Sections))
		for _, s := range rec.Sections {
			w.string(s.Title)
			w.string(s.Href)
		}
		w.strings(rec.Named)
		w.count(len(rec.NamedAt))
		for _, n := range rec.NamedAt {
			w.int(n)
		}
		w.count(len(rec.Pins))
		for _, pn := range rec.Pins {
			w.int(pn.Fig)
			w.int(pn.Row)
			w.int(int(pn.Game))
			w.rules(pn.Rules)
			w.string(pn.Own)
			w.int(pn.Line)
		}
	}
	return w.buf, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded; damaged data is an
// error, never a panic.
func (b *analysisBundle) UnmarshalBinary(data []byte) error {
	r := newRecordReader(data, analysisBundleVersion)
	n := r.count(14)
	out := make(analysisBundle, n)
	for range n {
		key := r.string()
		var rec analysisRecord
		rec.IDs = r.strings()
		if k := r.count(4); k > 0 {
			rec.Links = make([]linkRecord, k)
			for j := range rec.Links {
				rec.Links[j] = linkRecord{r.string(), r.pos()}
			}
		}
		rec.Figures = r.int()
		if k := r.count(5); k > 0 {
			rec.Races = make([]raceRecord, k)
			for j := range rec.Races {
				rec.Races[j] = raceRecord{r.int(), r.int(), r.pos()}
			}
		}
		rec.Script = r.string()
		rec.Editor = r.bool()
		if k := r.count(3); k > 0 {
			rec.Exercises = make([]exerciseRecord, k)
			for j := range rec.Exercises {
				rec.Exercises[j] = exerciseRecord{r.int(), r.string(), engine.Game(r.int())}
			}
		}
		if k := r.count(5); k > 0 {
			rec.Figs = make([]factsRecord, k)
			for j := range rec.Figs {
				rec.Figs[j] = factsRecord{Line: r.int(), Names: r.strings(), Values: r.strings(), Dropped: r.strings(), Unread: r.bool()}
			}
		}
		rec.Prose = r.string()
		if k := r.count(2); k > 0 {
			rec.Sections = make([]sectionRecord, k)
			for j := range rec.Sections {
				rec.Sections[j] = sectionRecord{r.string(), r.string()}
			}
		}
		rec.Named = r.strings()
		if k := r.count(1); k > 0 {
			rec.NamedAt = make([]int, k)
			for j := range rec.NamedAt {
				rec.NamedAt[j] = r.int()
			}
		}
		if k := r.count(6); k > 0 {
			rec.Pins = make([]pinRecord, k)
			for j := range rec.Pins {
				rec.Pins[j] = pinRecord{Fig: r.int(), Row: r.int(), Game: engine.Game(r.int()), Rules: r.rules(), Own: r.string(), Line: r.int()}
			}
		}
		if r.err != nil {
			return errRecord
		}
		out[key] = rec
	}
	if err := r.end(); err != nil {
		return err
	}
	*b = out
	return nil
}
