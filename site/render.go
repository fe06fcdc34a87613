package site

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"html/template"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/yuin/goldmark/ast"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The third stage renders every page, at most opt.Jobs at a time, a page
// and its translations by one worker (they share what the engine
// computed for their figures): each figure computed (or taken from the
// memo), the text rendered and set in the layout, and the page handed to
// the output at once, with its figures' files. A page whose inputs did
// not change is taken from the memo, and its files from the previous
// build.

// renderer renders the pages of an index into the emitter, with the
// parts of the table of contents it renders once for many pages.
type renderer struct {
	*index
	em    *emitter
	tocMu sync.Mutex
	tocs  map[string]string // by language, directory (and section)
	// tocSums are the digests of the languages' sections (tocInput).
	tocSums map[i18n.Lang]string
	// ctx is the build's, checked between the figures of a page: a
	// build stopped stops in the middle of a page with many.
	ctx context.Context
}

func newRenderer(ix *index, em *emitter) *renderer {
	return &renderer{index: ix, em: em, tocs: map[string]string{}, tocSums: map[i18n.Lang]string{}}
}

// pageOutput is a page rendered: its files and their digests (the page
// and its figures' diagrams), its figures' records, and its text in its
// print document (for a page in one), with its digest when the build
// has a memo (a print document's key names its pages' texts by it). It
// is the page's value in the memo.
type pageOutput struct {
	Files    []fileSum
	Records  []Record
	Print    []byte
	PrintSum string
	errs     engine.ErrorList
	svgs     []svgFile // its figures' standalone diagrams, for its archive
}

// fileSum is a file of the site and its digest.
type fileSum struct{ Name, Sum string }

// render renders every page and hands it to the output.
func (rn *renderer) render(ctx context.Context) ([]*pageOutput, error) {
	rn.ctx = ctx
	out := make([]*pageOutput, len(rn.pages))
	var done atomic.Int64
	groups := rn.renderGroups()
	err := parallel(ctx, rn.opt.Jobs, len(groups), func(k int) {
		// A page and its translations share what the engine computed
		// for their figures: mostly the same positions.
		er := &engineResults{}
		for _, i := range groups[k] {
			out[i] = rn.page(i, er)
			// What only the page's rendering reads is let go: a large
			// site's memory then holds its index, not every page's
			// blocks and text.
			rn.res[i].blocks, rn.res[i].tables, rn.res[i].doc = nil, nil, nil
			if !rn.res[i].lazy || len(rn.res[i].exercises) == 0 {
				rn.pages[i].src = nil // kept for a worksheet made again (complete)
			}
			if rn.opt.Progress != nil {
				rn.opt.Progress(int(done.Add(1)), len(rn.pages))
			}
		}
	})
	return out, err
}

// renderGroups returns the pages' indexes in groups that one worker
// renders one after the other: each page with its translations (the
// pages of the same path in the other languages), in the pages' order.
// The groups with the most figures come first (then in their order): a
// page's figures are most of its cost, and work started from the largest
// down keeps every worker busy to the end.
func (rn *renderer) renderGroups() [][]int {
	var groups [][]int
	byRel := map[string]int{}
	for i, p := range rn.pages {
		k, ok := byRel[p.rel]
		if !ok {
			k = len(groups)
			byRel[p.rel] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], i)
	}
	figures := func(g []int) int {
		n := 0
		for _, i := range g {
			n += rn.res[i].figures
		}
		return n
	}
	slices.SortStableFunc(groups, func(a, b []int) int { return figures(b) - figures(a) })
	return groups
}

// page renders page i and hands it to the output, unless the memo has
// it and the output its files as the previous build left them.
func (rn *renderer) page(i int, er *engineResults) *pageOutput {
	p := rn.pages[i]
	out := &pageOutput{}
	fail := func(err error) *pageOutput {
		out.errs = append(out.errs, engine.Wrap(engine.Pos{File: p.file}, "rendering", err))
		return out
	}
	v := rn.view(i)
	prefix := rn.nav.printPrefix(i)
	m := rn.opt.Memo
	key := ""
	if m != nil {
		in, err := rn.pageInput(i, v, prefix)
		if err != nil {
			return fail(err)
		}
		if key, err = memoKey("page", in); err != nil {
			return fail(err)
		}
		var kept pageOutput
		if m.Get(key, &kept) && rn.keepFiles(kept.Files) {
			return &kept
		}
	}
	// The table of contents is rendered only for a page rendered: the
	// memo names it by its inputs (tocInput).
	toc, err := rn.toc(p.lang, p.url())
	if err != nil {
		return fail(err)
	}
	v.Nav = toc
	rn.complete(i)
	body, print := rn.body(i, prefix, v.Sections != nil, out, er)
	if rn.ctx != nil && rn.ctx.Err() != nil {
		return fail(rn.ctx.Err()) // the page is not complete: never kept
	}
	page, err := rn.layout(v, body)
	if err != nil {
		return fail(err)
	}
	sum, err := rn.em.put(p.url(), page)
	if err != nil {
		return fail(err)
	}
	out.Files = append(out.Files, fileSum{p.url(), sum})
	if len(out.svgs) > 0 {
		if err := rn.putArchive(p.url(), out); err != nil {
			return fail(err)
		}
	}
	out.Print = print
	if m != nil {
		out.PrintSum = digest(print)
	}
	if m != nil && len(out.errs) == 0 {
		m.Put(key, out)
	}
	return out
}

// putArchive hands the archive of the standalone diagrams of the page at
// url to the output, and lets them go.
func (rn *renderer) putArchive(url string, out *pageOutput) error {
	data, err := svgArchive(out.svgs)
	if err != nil {
		return fmt.Errorf("the archive of its diagrams: %w", err)
	}
	out.svgs = nil
	name := figureArchive(url)
	sum, err := rn.em.put(name, data)
	if err != nil {
		return err
	}
	out.Files = append(out.Files, fileSum{name, sum})
	return nil
}

// keepFiles takes a page's files from the previous build, and reports
// whether every one was there as that build left it. (Those it took are
// the files the page would make: rendering it again hands the others
// over.)
func (rn *renderer) keepFiles(files []fileSum) bool {
	for _, f := range files {
		if ok, err := rn.em.keep(f.Name, f.Sum); !ok || err != nil {
			return false
		}
	}
	return true
}

// body renders page i's text: every figure computed (or taken from the
// memo), its files handed to the output; with topLinks, each section
// (each part before a second-level heading but the first, and the
// text's end) ends with a link to the top of the page. With prefix, it
// also renders the text for the page's print document: its ids starting
// with prefix, its figures without the move checker, no links to the
// top.
func (rn *renderer) body(i int, prefix string, topLinks bool, out *pageOutput, er *engineResults) (body template.HTML, print []byte) {
	p, an := rn.pages[i], rn.res[i]
	doc := an.doc // kept, or read again by complete
	an.doc = nil
	unlink(doc, an.hrefs)
	var figs []*markdown.Figure
	var prints [][]byte
	var headings []*ast.Heading
	var anchors []*ast.Link
	num := 0
	size := 0 // the bytes of the figures' HTML, for the text's buffer
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			headings = append(headings, n)
		case *ast.Link:
			if href, ok := an.hrefs[string(n.Destination)]; ok {
				n.Destination = []byte(href)
			}
			if strings.HasPrefix(string(n.Destination), "#") {
				anchors = append(anchors, n)
			}
		case *markdown.Figure:
			if rn.ctx != nil && rn.ctx.Err() != nil {
				return ast.WalkStop, nil // the build is stopped
			}
			n.HTML = []byte{} // a block that cannot be shown is left out
			var pr []byte
			switch {
			case n.Presets:
				html, err := rn.presetsTable(p.lang)
				if err != nil {
					out.errs.AddErr(engine.Pos{File: p.file, Line: n.Line - 1, Col: 1}, "template presets.html", err)
				}
				n.HTML, pr = html, html
			case num < len(an.blocks):
				num++
				if blk, tab := an.blocks[num-1], an.tables[num]; blk != nil || tab != nil {
					fig := rn.figure(i, n, num, blk, tab, prefix, out, er)
					n.HTML, pr = fig.HTML, fig.Print
				}
			}
			if n.HTML == nil {
				n.HTML = []byte{}
			}
			figs, prints = append(figs, n), append(prints, pr)
			size += len(n.HTML)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	var tops []ast.Node
	if topLinks {
		link := []byte(`<p class="to-top"><a href="#top">` + html.EscapeString(p.lang.T("nav.top")) + "</a></p>\n")
		first := true
		for _, h := range headings {
			if h.Level != 2 {
				continue
			}
			if !first {
				top := &markdown.Raw{HTML: link}
				h.Parent().InsertBefore(h.Parent(), h, top)
				tops = append(tops, top)
			}
			first = false
		}
		top := &markdown.Raw{HTML: link}
		doc.AppendChild(doc, top)
		tops = append(tops, top)
	}
	// A builder: the page's text is then the layout's content as it is,
	// not a copy.
	var b strings.Builder
	b.Grow(2*len(p.src) + size)
	if err := rn.md.Renderer().Render(&b, p.src, doc); err != nil {
		out.errs.AddErr(engine.Pos{File: p.file}, "rendering", err)
	}
	if prefix == "" {
		return template.HTML(b.String()), nil
	}
	for _, top := range tops {
		top.Parent().RemoveChild(top.Parent(), top)
	}
	// The print document's text: the same document, its ids and the
	// links to them prefixed, its figures' print forms.
	for k, f := range figs {
		f.HTML = prints[k]
		if f.HTML == nil {
			f.HTML = []byte{}
		}
	}
	for _, h := range headings {
		if id, ok := h.AttributeString("id"); ok {
			if s, ok := id.([]byte); ok {
				h.SetAttributeString("id", []byte(prefix+string(s)))
			}
		}
	}
	for _, l := range anchors {
		l.Destination = []byte("#" + prefix + string(l.Destination[1:]))
	}
	pb := bytes.NewBuffer(make([]byte, 0, b.Len()))
	if err := rn.md.Renderer().Render(pb, p.src, doc); err != nil {
		out.errs.AddErr(engine.Pos{File: p.file}, "rendering", err)
	}
	return template.HTML(b.String()), pb.Bytes()
}

// figure computes figure num of page i for its block (blk, or tab for a
// table of positions), or takes it from the memo; hands its diagram to
// the output; checks its claims (a claim the engine disagrees with is a
// problem, the figure itself is fine: it shows what the engine says) and
// adds its record to out.
func (rn *renderer) figure(i int, n *markdown.Figure, num int, blk *block.Block, tab *block.Table, prefix string, out *pageOutput, er *engineResults) *figureOutput {
	p, an := rn.pages[i], rn.res[i]
	base := engine.Pos{File: p.file, Line: n.Line, Col: n.Col}
	in := &figureInput{
		Checker: rn.opt.Checker, Lang: p.lang, Page: p.url(), Num: num, Source: n.Source,
		Rules: p.fm.Rules.Profile(), Override: rn.override, Named: an.namedBefore(num), Print: prefix, blk: blk, tab: tab,
		engine: er,
	}
	if p.fm.HasGame {
		in.Game = p.fm.Game.String()
	}
	m := rn.opt.Memo
	key := ""
	var fig *figureOutput
	if m != nil {
		in.Version, in.Templates = rn.opt.Version, rn.tmpl.Digest
		var err error
		if key, err = memoKey("figure", in); err != nil {
			out.errs.AddErr(base, "", err)
			return &figureOutput{}
		}
		var kept figureOutput
		if m.Get(key, &kept) {
			fig = &kept
		}
	}
	if fig == nil {
		if tab != nil {
			fig = makeTable(in)
		} else {
			var err error
			if fig, err = makeFigure(in); err != nil {
				list := engine.AsList(err)
				list.Rebase(base)
				out.errs = append(out.errs, list...)
				return &figureOutput{}
			}
		}
		if m != nil {
			m.Put(key, fig)
		}
	}
	var errs engine.ErrorList
	k := 0
	check := func(expect []block.Expectation, rules engine.Rules) {
		for _, e := range expect {
			if k < len(fig.Claims) && !fig.Claims[k].OK {
				errs.Add(e.Pos, "expected "+e.Text+", the engine gives "+fig.Claims[k].Got+" under profile "+rules.Profile())
			}
			k++
		}
	}
	if tab != nil {
		for _, r := range tab.Rows {
			check(r.Expect, r.Rules)
		}
	} else {
		check(blk.Expect, blk.Rules)
	}
	errs.Rebase(base)
	out.errs = append(out.errs, errs...)
	out.Records = append(out.Records, Record{
		Page: p.url(), ID: "fig-" + strconv.Itoa(num), File: p.file, Line: n.Line - 1,
		Tables: fig.Tables, Diagram: fig.Diagram, Rows: er.shareRows(num, fig.Rows),
	})
	if fig.SVG != nil {
		out.svgs = append(out.svgs, svgFile{path.Base(figureSVG(p.url(), num)), fig.SVG})
	}
	return fig
}

// alternate is one language version of a page.
type alternate struct {
	Lang i18n.Lang
	Name string
	Href string // relative to the current page
	Abs  string // absolute, for hreflang
}

// pageView is the data of layout.html.
type pageView struct {
	L           i18n.Lang
	Title       string
	Description string
	Root        string
	Home        string
	CSP         string
	Content     template.HTML
	Nav         template.HTML // the table of contents
	Sections    []navItem     // the page's sections, on a long page
	Folded      []navItem     // the sections after the fold (onpage.go)
	More        string        // what the fold says: "Ещё 35 разделов"
	Letters     []navItem     // the sections' first letters, in a glossary
	Prev, Next  *navItem
	Alternates  []alternate
	Profile     string
	Script      *scriptView
	// Sheet marks a one-page summary ("print: sheet"), printed compact.
	Sheet bool
	// Site is the site's name in the page's language; Logo the address
	// of its logo from the page, or "" for none.
	Site, Logo string
	// Edit is the address where the page's source is edited (edit-url),
	// or "" for none.
	Edit string
	// Draft marks a draft, built with the drafts.
	Draft bool
}

// minSections is how many second-level headings make a page long enough
// to list its sections under its title.
const minSections = 3

// scriptView names the scripts of a page with a move checker.
type scriptView struct {
	Exec, Loader, Wasm string
}

// view returns page i's pageView, all but its content and its table of
// contents (toc).
func (rn *renderer) view(i int) pageView {
	p := rn.pages[i]
	url := p.url()
	v := pageView{
		L:           p.lang,
		Title:       p.fm.Title,
		Description: p.fm.Description,
		Root:        relURL(url, ""),
		Home:        relURL(url, string(p.lang)+"/index.html"),
		CSP:         CSP,
		Profile:     profileText(p),
		Sheet:       p.fm.Sheet,
		Edit:        rn.editURL(p),
		Draft:       p.fm.Draft,
	}
	rn.dress(&v)
	if w := rn.res[i].script; w != "" {
		v.Script = &scriptView{Exec: relURL(url, wasm.Exec), Loader: relURL(url, "checker.js"), Wasm: relURL(url, w)}
	}
	if s := rn.res[i].sections; len(s) >= minSections {
		onPage(&v, p.lang, s)
	}
	v.Prev, v.Next = rn.neighbours(i)
	for _, l := range rn.cfg.Languages {
		j, ok := rn.byKey[pageKey(l, p.rel)]
		if !ok {
			continue
		}
		v.Alternates = append(v.Alternates, alternate{
			Lang: l, Name: l.T("lang.name"),
			Href: relURL(url, rn.pages[j].url()),
			Abs:  rn.absURL(rn.pages[j].url()),
		})
	}
	return v
}

// dress fills in what every page of the site shows of it: its name in
// the page's language and its logo.
func (rn *renderer) dress(v *pageView) {
	v.Site = rn.title(v.L)
	if home := rn.home(v.L); home != string(v.L)+"/index.html" {
		v.Home = v.Root + escapePath(home)
	}
	if rn.cfg.Logo != "" {
		v.Logo = v.Root + logoFile(rn.cfg.Logo)
	}
}

// home returns the output path of language l's home page: its index
// page, or the other language's that stands in for it (translations:
// fallback).
func (ix *index) home(l i18n.Lang) string {
	if _, ok := ix.byKey[pageKey(l, "index")]; !ok {
		for _, i := range ix.fallbacks[l] {
			if ix.pages[i].rel == "index" {
				return ix.pages[i].url()
			}
		}
	}
	return string(l) + "/index.html"
}

// layout sets a page's text in the layout, as v fills it in.
func (rn *renderer) layout(v pageView, content template.HTML) ([]byte, error) {
	rn.dress(&v)
	v.Content = content
	b := bytes.NewBuffer(make([]byte, 0, len(content)+16<<10))
	if err := rn.tmpl.HTML.ExecuteTemplate(b, "layout.html", v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// generated sets a page the build generates (body) in the layout, with
// the table of contents of v's language as the page at url shows it,
// hands it to the output and returns its digest.
func (rn *renderer) generated(url string, v pageView, body template.HTML) (string, error) {
	toc, err := rn.toc(v.L, url)
	if err != nil {
		return "", err
	}
	v.Nav = toc
	page, err := rn.layout(v, body)
	if err != nil {
		return "", err
	}
	return rn.em.put(url, page)
}

// profileText names the rule profile a page was computed with.
func profileText(p *page) string {
	return p.lang.F("footer.profile", "profile", profileName(p.lang, p.fm.Rules))
}

// profileName names a profile in language l as readers know it: the
// preset's title and, for each rule that differs from it, the rule's name
// and reading ("«без ничьих» с изменениями: вторая шашка с головы на
// первом ходу — только при 6-6, 4-4 и 3-3").
func profileName(l i18n.Lang, r engine.Rules) string {
	return profileNameOf(l, r, func(string) bool { return true })
}

// profileNameOf names profile r as profileName does, with only the
// changes of the rule keys keep keeps.
func profileNameOf(l i18n.Lang, r engine.Rules, keep func(key string) bool) string {
	words := strings.Fields(profileOf(r))
	s := l.F("profile.name", "title", l.T("preset."+words[0]))
	var changes []string
	for _, kv := range words[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if keep(k) {
			changes = append(changes, lowerFirst(l.RuleName(k))+" — "+l.RuleValue(k, v))
		}
	}
	if len(changes) > 0 {
		s += " " + l.F("profile.plus", "rules", strings.Join(changes, "; "))
	}
	return s
}

// lowerFirst writes s with a small first letter.
func lowerFirst(s string) string {
	for i, r := range s {
		return strings.ToLower(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// presetsView is the data of presets.html: the rules as rows, the presets
// as columns, every rule and reading in the reader's words.
type presetsView struct {
	L       i18n.Lang
	Presets []presetCol
	Rows    []presetRow
}

// presetCol is a preset: its title and what it is for.
type presetCol struct{ Title, Desc string }

// presetRow is a rule: its name and its reading in each preset.
type presetRow struct {
	Rule   string
	Values []string
}

// presetsTable renders the table of the presets in language l.
func (rn *renderer) presetsTable(l i18n.Lang) ([]byte, error) {
	v := presetsView{L: l}
	for _, pr := range engine.Presets {
		v.Presets = append(v.Presets, presetCol{Title: l.T("preset." + pr.Name), Desc: l.T("preset." + pr.Name + ".desc")})
	}
	for _, k := range engine.RuleKeys {
		row := presetRow{Rule: l.RuleName(k.Name)}
		for _, pr := range engine.Presets {
			val, _ := pr.Rules.Get(k.Name)
			row.Values = append(row.Values, l.RuleValue(k.Name, val))
		}
		v.Rows = append(v.Rows, row)
	}
	var out bytes.Buffer
	err := rn.tmpl.HTML.ExecuteTemplate(&out, "presets.html", v)
	return out.Bytes(), err
}

// rootPath returns the path of the site's root on its host: "/" or, for
// a site published under a sub-path, "/rules/".
func (s *source) rootPath() string {
	if u, err := url.Parse(s.cfg.BaseURL); err == nil && u.Path != "" {
		return u.Path
	}
	return "/"
}

// unlink replaces each link whose destination hrefs maps to "" (a page
// the build leaves out) by its text.
func unlink(doc ast.Node, hrefs map[string]string) {
	var links []*ast.Link
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering {
			if href, ok := hrefs[string(l.Destination)]; ok && href == "" {
				links = append(links, l)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, l := range links {
		parent := l.Parent()
		for c := l.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, l, c)
			c = next
		}
		parent.RemoveChild(parent, l)
	}
}
