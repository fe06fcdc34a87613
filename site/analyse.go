package site

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"golang.org/x/sync/errgroup"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/engine/odds"
	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/site/outdir"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The second stage of a build analyses every page: it parses its
// Markdown and its position blocks and finds the ids links may point to,
// the links, the blocks and their problems, what the engine reads of
// each figure (to compare with the translation), the exercises. Nothing
// is computed or drawn yet. Then the site as a whole is checked — links,
// translations, the paths of the generated pages — and its navigation
// made: the index every page is rendered with.
//
// A page's parsed document and blocks are kept for the render stage when
// the site is small (keepDocs); a larger site's pages are parsed again as
// each is rendered, so that memory does not grow with the site.

// keepDocs is the size of the pages' Markdown, in all, up to which their
// parsed documents are kept from the analyse stage to the render stage (a
// variable only so that a test can build a small site the way a large
// one is built).
var keepDocs = 4 << 20

// index is what the analyse stage gives the next: the source, each
// page's analysis, where its links lead, the pages left out and the
// navigation.
type index struct {
	*source
	md    goldmark.Markdown
	byKey map[string]int // "ru/long/head.md" → index in pages
	res   []*analysis    // per page
	// dropped holds the pages left out of a build without the checker
	// (pages with the checker's block editor), by key.
	dropped map[string]bool
	// fallbacks lists, by language, the pages of other languages its
	// table of contents lists in place of those it lacks (translations:
	// fallback).
	fallbacks map[i18n.Lang][]int
	nav       navigation
	// rules are, by language and game, the rules its game page links
	// (gameRules).
	rules map[i18n.Lang]map[engine.Game][]gameRule
	// putting is the analyses being put in the memo (analyseAll).
	putting sync.WaitGroup
}

// analyse analyses every page, at most opt.Jobs at a time, and checks
// the site as a whole.
func analyse(ctx context.Context, src *source) (*index, engine.ErrorList, error) {
	ix := &index{source: src, md: newMarkdown()}
	ix.byKey = make(map[string]int, len(src.pages))
	for i, p := range src.pages {
		ix.byKey[p.key()] = i
	}
	size := 0
	for _, p := range src.pages {
		size += len(p.src)
	}
	keep := size <= keepDocs
	ix.res = make([]*analysis, len(src.pages))
	if err := ix.analyseAll(ctx, keep); err != nil {
		return nil, nil, err
	}
	var errs engine.ErrorList
	for _, r := range ix.res {
		errs = append(errs, r.errs...)
	}
	if !src.opt.Checker {
		ix.dropCheckerPages()
	}
	ix.boundRaces(&errs)
	ix.checkTranslations(&errs)
	ix.navigate()
	ix.checkLinks(&errs)
	ix.checkGeneratedPaths(&errs)
	ix.gameRules()
	// What only the checks read is let go: a large site's render stage
	// then runs in less memory. A large site's pages are parsed again as
	// each is rendered: their blocks are read again then too (complete),
	// and do not wait in memory for their turn.
	for _, r := range ix.res {
		r.ids, r.links, r.figs = nil, nil, nil
		if !keep {
			r.blocks, r.tables, r.lazy = nil, nil, true
		}
	}
	return ix, errs, nil
}

// RaceBudget bounds the work of a build's races together, in positions
// of a one-sided count (odds.RaceCost): about 1.8 s on this project's
// 2-core build machine, so that thousands of races, each within its own
// bound, cannot add up to minutes. A real site's races weigh far less:
// most are between homes and read from tables.
const RaceBudget = 12_000_000

// raceBudget is RaceBudget, smaller in a test.
var raceBudget = RaceBudget

// raceWork is the work a block's race may take.
type raceWork struct {
	fig  int // the figure's index on its page
	cost int
	at   engine.Pos // the "race" item
}

// boundRaces adds up the work of every race of the site, page by page in
// order, and reports the first race past RaceBudget, once; that race's
// block and every later one with a race are left out of the build (the
// build fails). The order is the pages', so the message is the same at
// every build.
func (ix *index) boundRaces(errs *engine.ErrorList) {
	total, over := 0, false
	for _, r := range ix.res {
		for _, w := range r.races {
			if total += w.cost; total > raceBudget && !over {
				over = true
				errs.Add(w.at, "odds race: the site's races together may weigh more than "+strconv.Itoa(raceBudget)+
					" positions (about two seconds of work), here "+strconv.Itoa(total)+"; show fewer races that are not all home, or smaller ones")
			}
			if over {
				r.cut = append(r.cut, w.fig)
				if w.fig < len(r.blocks) {
					r.blocks[w.fig] = nil
				}
			}
		}
	}
}

// parallel runs f for every index below n, at most jobs at a time.
// Results are stored by index, so the output never depends on timing.
func parallel(ctx context.Context, jobs, n int, f func(i int)) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(jobs)
	for i := range n {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			f(i)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}

// newMarkdown returns the Markdown converter of the site: tables,
// strikethrough, position blocks and heading ids, written as XHTML.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, markdown.Extender{}),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(html.WithXHTML()),
	)
}

// analysis is what the first pass found on a page.
type analysis struct {
	ids       map[string]bool // the ids of its headings and figures, for links
	links     []link
	blocks    []*block.Block       // per figure, in order; nil where a block could not be read, and for tables
	tables    map[int]*block.Table // the tables of positions, by figure number
	figures   int
	races     []raceWork // the work of its races, in order
	errs      engine.ErrorList
	script    string // the checker module the page loads: "", wasm.Checker or wasm.Board
	editor    bool   // the page has the checker's block editor (the standalone checker)
	exercises []exercise
	// figs is what the engine reads of each figure, to compare with the
	// page's translation.
	figs []figureFacts
	// prose is a digest of the page's own words: its title, description
	// and Markdown outside its position blocks.
	prose string
	// hrefs are the links' destinations as the built page has them, by
	// destination as written (checkLinks fills them in).
	hrefs map[string]string
	// sections are the page's second-level headings, for the list of
	// its sections.
	sections []navItem
	// doc is the page's parsed document, kept for the render stage (see
	// keepDocs); nil in a lazy analysis.
	doc ast.Node
	// named lists the positions the page's blocks name, in order, as
	// "name=code"; namedAt, for each figure, how many of them earlier
	// blocks named: what it may start from (see figureInput).
	named   []string
	namedAt []int
	// pins are the page's blocks that set rules themselves, for diff.
	pins []pin
	// lazy is set for an analysis without blocks, tables or document,
	// which complete reads again: one taken from the memo (without its
	// exercises' blocks too), and every page of a site too large to keep
	// them (keepDocs). cut lists the figures whose blocks the races'
	// budget leaves out (boundRaces).
	lazy bool
	cut  []int
}

// pin is a block (or a row of a table of positions) that sets rules
// itself, on its own "rules:" line or its page's: a rule it sets is one
// a site-wide override leaves as it is (unless Options.OverridePinned).
type pin struct {
	fig, row int         // the figure's number on its page; the row's in a table, from 1 (0 for a block)
	game     engine.Game // the block's game: the rules of the other do not apply
	rules    engine.Rules
	own      string // the words of the block's own "rules:" line, or ""
	line     int    // that line in the page's file
}

// pinned records block b of figure num (row of a table, or 0) if it, or
// its page, sets rules itself.
func (a *analyser) pinned(num, row int, n *markdown.Figure, b *block.Block) {
	pn := pin{fig: num, row: row, game: b.Position.Game, rules: b.Rules}
	if at, ok := b.At["rules"]; ok {
		pn.line = n.Line + at.Line - 1
		for l := range strings.Lines(n.Source) {
			if at.Line--; at.Line == 0 {
				_, pn.own = splitKey(l)
				break
			}
		}
	}
	if pn.own != "" || a.p.fm.RulesText != "" {
		a.r.pins = append(a.r.pins, pn)
	}
}

// namedBefore returns the positions named before figure num.
func (r *analysis) namedBefore(num int) []string {
	if num-1 >= len(r.namedAt) {
		return nil
	}
	return r.named[:r.namedAt[num-1]]
}

// link is an internal link found in a page.
type link struct {
	dest string
	pos  engine.Pos
}

// analyser walks one page's document.
type analyser struct {
	ix    *index
	index int // the page's index in ix.pages
	p     *page
	r     *analysis
	lines *markdown.LineIndex
	// named holds the positions named by the page's blocks so far, for
	// "from:"; names lists them in order.
	named map[string]engine.Position
	names []string
	// unread holds the names given by blocks whose position could not be
	// read: a later block's "from:" is not blamed for it.
	unread map[string]bool
}

// parse parses page p's Markdown, with heading ids that keep Cyrillic.
func (ix *index) parse(p *page) ast.Node {
	pc := parser.NewContext(parser.WithIDs(markdown.NewHeadingIDs()))
	return ix.md.Parser().Parse(text.NewReader(p.src), parser.WithContext(pc))
}

// analysePage analyses page i, keeping its document with keep.
func (ix *index) analysePage(i int, keep bool) *analysis {
	p := ix.pages[i]
	a := &analyser{
		ix: ix, index: i, p: p,
		r:      &analysis{ids: map[string]bool{}, hrefs: map[string]string{}, tables: map[int]*block.Table{}},
		lines:  markdown.NewLineIndex(p.src),
		named:  map[string]engine.Position{},
		unread: map[string]bool{},
	}
	doc := ix.parse(p)
	_ = ast.Walk(doc, a.visit)
	a.r.prose = proseDigest(p, doc, a.lines)
	if keep {
		a.r.doc = doc
	}
	return a.r
}

// proseDigest is a digest of a page's words: its title, description and
// Markdown without its position blocks, whose changes are reported as
// the figures'. Each block's text is looked for from its first line on,
// so that the time is linear in the page.
func proseDigest(p *page, doc ast.Node, lines *markdown.LineIndex) string {
	text := make([]byte, 0, len(p.src))
	done := 0 // the bytes of p.src written or left out
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fig, ok := n.(*markdown.Figure)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		from := max(done, lines.Offset(fig.Line))
		to := min(len(p.src), lines.Offset(fig.Line+strings.Count(fig.Source, "\n")+1))
		if from < to {
			if i := strings.Index(string(p.src[from:to]), fig.Source); i >= 0 {
				text = append(text, p.src[done:from+i]...)
				done = from + i + len(fig.Source)
			}
		}
		return ast.WalkSkipChildren, nil
	})
	text = append(text, p.src[done:]...)
	return digest(append([]byte(p.fm.Title+"\n"+p.fm.Description+"\n"), text...))
}

// pos returns the place of byte offset off of the page.
func (a *analyser) pos(off int) engine.Pos {
	line, col := a.lines.Pos(off)
	return engine.Pos{File: a.p.file, Line: line, Col: col}
}

func (a *analyser) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	switch n := n.(type) {
	case *ast.Heading:
		if id, ok := n.AttributeString("id"); ok {
			if s, ok := id.([]byte); ok {
				a.r.ids[string(s)] = true
				if n.Level == 2 {
					a.r.sections = append(a.r.sections, navItem{Title: plainText(n, a.p.src), Href: "#" + string(s), index: -1})
				}
			}
		}
	case *ast.Link:
		if dest := string(n.Destination); isInternal(dest) {
			a.r.links = append(a.r.links, link{dest: dest, pos: a.pos(n.Pos())})
		}
	case *markdown.Figure:
		switch {
		case n.Table:
			a.table(n)
		case !n.Presets:
			a.figure(n)
		}
		return ast.WalkSkipChildren, nil
	case *ast.FencedCodeBlock:
		if lang := string(n.Language(a.p.src)); lang != "" && strings.EqualFold(lang, markdown.Language) {
			line, _ := a.lines.Pos(n.Pos())
			a.r.errs.Add(engine.Pos{File: a.p.file, Line: line, Col: 1}, "write the block's language as "+strconv.Quote(markdown.Language))
		}
	}
	return ast.WalkContinue, nil
}

// figure reads a position block: its problems, its name for later
// blocks, what the engine reads of it, its exercises.
func (a *analyser) figure(n *markdown.Figure) {
	r := a.r
	r.figures++
	num := r.figures
	r.ids["fig-"+strconv.Itoa(num)] = true
	r.namedAt = append(r.namedAt, len(r.named))
	if a.ix.tmpl == nil || a.p.fm.broken || a.tooMany(n) {
		r.blocks = append(r.blocks, nil)
		return // the templates or the front matter did not load, or the page has too many figures: that is reported
	}
	base := engine.Pos{File: a.p.file, Line: n.Line, Col: n.Col}
	opt := a.blockOptions()
	opt.Line = n.Line
	blk, err := block.Parse(n.Source, opt)
	if err != nil {
		list := a.unexplained(engine.AsList(err))
		ff, partial := partialFacts(n.Source, list, opt, n.Line-1)
		r.figs = append(r.figs, ff)
		// Later blocks continue the position the block names, if it could
		// be read, and are not blamed if not.
		switch {
		case partial != nil && partial.Name != "":
			if _, dup := a.named[partial.Name]; !dup {
				a.name(partial.Name, partial.Position)
			}
		case partial == nil:
			if name := blockName(n.Source); name != "" {
				a.unread[name] = true
			}
		}
		list.Rebase(base)
		r.errs = append(r.errs, list...)
		r.blocks = append(r.blocks, nil)
		return
	}
	r.blocks = append(r.blocks, blk)
	r.figs = append(r.figs, figureFacts{line: n.Line - 1, facts: readFacts(blk)})
	for _, it := range blk.Odds {
		if it.Kind == block.OddsRace {
			if cost := odds.RaceCost(blk.Position, blk.Rules, odds.Options{}); cost > 0 {
				at := engine.ErrorList{{Pos: it.Pos}}
				at.Rebase(base)
				r.races = append(r.races, raceWork{fig: num - 1, cost: cost, at: at[0].Pos})
			}
		}
	}
	a.pinned(num, 0, n, blk)
	if blk.Name != "" {
		if _, dup := a.named[blk.Name]; dup {
			at := blk.At["name"]
			errs := engine.ErrorList{{Pos: at, Msg: "the name " + strconv.Quote(blk.Name) + " is already used on this page"}}
			errs.Rebase(base)
			r.errs = append(r.errs, errs...)
		}
		a.name(blk.Name, blk.Position)
	}
	if blk.Show.Has(block.ShowEditor) {
		r.editor = true
	}
	if a.ix.opt.Checker {
		switch {
		case blk.Show.Has(block.ShowEditor):
			r.script = wasm.Board
		case blk.Show.Has(block.ShowChecker) && r.script == "" && blk.HasDice && !blk.Position.GameOver(blk.Rules):
			r.script = wasm.Checker
		}
	}
	if len(blk.Exercises) > 0 {
		r.exercises = append(r.exercises, exercise{page: a.index, fig: num, blk: blk, src: n.Source, game: blk.Position.Game})
	}
}

// tooMany tells whether figure n is past MaxFigures of its page, and
// reports the first that is.
func (a *analyser) tooMany(n *markdown.Figure) bool {
	if a.r.figures <= MaxFigures {
		return false
	}
	if a.r.figures == MaxFigures+1 {
		a.r.errs.Add(engine.Pos{File: a.p.file, Line: n.Line - 1, Col: 1}, "the page has more than "+strconv.Itoa(MaxFigures)+" position blocks and tables: split it into several pages")
	}
	return true
}

// name records the position a block names, for the blocks after it.
func (a *analyser) name(name string, pos engine.Position) {
	a.named[name] = pos
	a.names = append(a.names, name)
	a.r.named = append(a.r.named, name+"="+engine.Code(pos, engine.Dice{}, false, engine.Rules{}))
}

// unexplained leaves out of a block's problems the "from:" naming a
// position an earlier block names but whose position could not be read:
// that block's problems are reported.
func (a *analyser) unexplained(list engine.ErrorList) engine.ErrorList {
	return slices.DeleteFunc(list, func(e *engine.Error) bool {
		return e.Code == "from" && len(e.Args) > 0 && a.unread[e.Args[0]]
	})
}

// table reads a table of positions: its problems and what the engine
// reads of each row. It counts as one figure of the page.
func (a *analyser) table(n *markdown.Figure) {
	r := a.r
	r.figures++
	num := r.figures
	r.ids["fig-"+strconv.Itoa(num)] = true
	r.namedAt = append(r.namedAt, len(r.named))
	r.blocks = append(r.blocks, nil)
	if a.ix.tmpl == nil || a.p.fm.broken || a.tooMany(n) {
		return // the templates or the front matter did not load, or the page has too many figures: that is reported
	}
	opt := a.blockOptions()
	opt.Line = n.Line
	tab, err := block.ParseTable(n.Source, opt)
	if err != nil {
		list := engine.AsList(err)
		list.Rebase(engine.Pos{File: a.p.file, Line: n.Line, Col: n.Col})
		r.errs = append(r.errs, list...)
		r.figs = append(r.figs, figureFacts{line: n.Line - 1, unread: true})
		return
	}
	r.tables[num] = tab
	r.figs = append(r.figs, figureFacts{line: n.Line - 1, facts: tableFacts(tab)})
	for k, row := range tab.Rows {
		a.pinned(num, k+1, n, row)
	}
}

// blockOptions is the context the page gives its next block: the page's
// game and rules, and the positions its earlier blocks named.
func (a *analyser) blockOptions() block.Options {
	return block.Options{
		Game:     a.p.fm.Game,
		HasGame:  a.p.fm.HasGame,
		Rules:    a.p.fm.Rules,
		Override: a.ix.override,
		Names:    slices.Clone(a.names),
		Lookup: func(name string) (engine.Position, bool) {
			pos, ok := a.named[name]
			return pos, ok
		},
	}
}

// digest is a short fingerprint of data, for comparing builds: "" for
// none.
func digest(data []byte) string {
	if data == nil {
		return ""
	}
	return outdir.Digest(data)
}

// plainText returns the text of an inline node's children, without
// markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
