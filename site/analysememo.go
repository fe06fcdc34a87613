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
		File: p.file, Source: p.src, Title: p.fm.Title, Description: p.fm.Description,
		Rules: p.fm.Rules.Profile(), RulesText: p.fm.RulesText, Broken: p.fm.broken,
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
	for _, l := range rec.Links {
		r.links = append(r.links, link{l.Dest, l.Pos})
	}
	for _, w := range rec.Races {
		r.races = append(r.races, raceWork{fig: w.Fig, cost: w.Cost, at: w.At})
	}
	for _, e := range rec.Exercises {
		r.exercises = append(r.exercises, exercise{page: i, fig: e.Fig, src: e.Src, game: e.Game})
	}
	for _, f := range rec.Figs {
		if len(f.Names) != len(f.Values) {
			return nil, false
		}
		ff := figureFacts{line: f.Line, dropped: f.Dropped, unread: f.Unread}
		for k := range f.Names {
			ff.facts = append(ff.facts, fact{f.Names[k], f.Values[k]})
		}
		r.figs = append(r.figs, ff)
	}
	for _, s := range rec.Sections {
		r.sections = append(r.sections, navItem{Title: s.Title, Href: s.Href, index: -1})
	}
	for _, pn := range rec.Pins {
		r.pins = append(r.pins, pin{fig: pn.Fig, row: pn.Row, game: pn.Game, rules: pn.Rules, own: pn.Own, line: pn.Line})
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
	var before map[string]analysisRecord
	m.Get(analysesKey, &before)
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
	after := make(map[string]analysisRecord, len(ix.pages))
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
		m.Put(analysesKey, after)
	}
	return nil
}
