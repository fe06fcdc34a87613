package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/sync/errgroup"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Options control a build.
type Options struct {
	// Content is the content directory (default "content").
	Content string
	// Templates is a directory whose files replace the embedded templates
	// of the same name; empty means the embedded ones only.
	Templates string
	// Jobs is how many pages are built at once; 0 means one per CPU.
	Jobs int
	// Rules are site-wide rule overrides ("key=value"), applied over the
	// content's configuration file.
	Rules []string
	// Checker, when set, adds the in-browser move checker: a form under
	// every figure with a roll, and the standalone checker page.
	Checker *Checker
	// KeepGoing reports problems in the content (bad blocks, failed
	// claims, broken links) in Site.Problems instead of failing; a block
	// with a problem is left out of its page. Used to compare profiles.
	KeepGoing bool
}

// Site is a built site: every output file by its slash-separated path
// inside the output directory.
type Site struct {
	Files map[string][]byte
	// Pages and Figures count what was built.
	Pages, Figures int
	// Records describe every figure: where its block is and what it
	// computed, in page order.
	Records []Record
	// Problems are the content's problems of a KeepGoing build.
	Problems ErrorList
	// Rules is the site-wide rule profile the site was built with.
	Rules engine.Rules
}

// Record is what one position block produced.
type Record struct {
	// Page is the page's output path; ID the figure's id on it.
	Page, ID string
	// File and Line are where the block is written.
	File string
	Line int
	// Tables is a digest of everything the block computed (tables,
	// statistics, explanations, in the page's words); Diagram a digest of
	// its board diagram.
	Tables, Diagram string
}

// CSP is the Content-Security-Policy every page ships: only the site's own
// files, plus 'wasm-unsafe-eval' for the move checker.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'"

// pageResult is what analysing one page produced.
type pageResult struct {
	doc      ast.Node
	ids      map[string]bool
	links    []link
	figures  int
	files    map[string][]byte // standalone diagrams, by output path
	errs     ErrorList
	rendered []byte
	script   string // the checker module the page loads: "", WasmName or BoardWasmName
	records  []Record
}

// link is an internal link found in a page.
type link struct {
	node      *ast.Link
	dest      string
	line, col int
}

// builder holds the state of one build.
type builder struct {
	opt   Options
	cfg   Config
	tmpl  *templates.Set
	md    goldmark.Markdown
	pages []*page
	byKey map[string]int // "ru/long/head.md" → index in pages
	res   []*pageResult
	exs   map[int][]exercise // the worksheet exercises of each page
}

// Build reads the content directory and builds the whole site in memory.
// It reports every problem as an ErrorList sorted by file and line.
func Build(ctx context.Context, opt Options) (*Site, error) {
	if opt.Content == "" {
		opt.Content = "content"
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var errs ErrorList
	b := &builder{opt: opt, md: newMarkdown()}
	b.cfg = loadConfig(opt.Content, &errs)
	for _, kv := range opt.Rules {
		for _, w := range strings.Fields(kv) {
			if err := b.cfg.Rules.Set(w); err != nil {
				errs.Add("--rules", 0, 0, err.Error())
				return nil, errs.Err() // the whole build would be under a profile nobody asked for
			}
		}
	}
	tmpl, err := templates.Load(opt.Templates, template.FuncMap{})
	if err != nil {
		if fe, ok := err.(*templates.FileError); ok {
			errs.Add(fe.Path, fe.Line, 0, fe.Msg)
		} else {
			errs.Add(opt.Templates, 0, 0, err.Error())
		}
	}
	b.tmpl = tmpl
	b.pages = loadPages(opt.Content, b.cfg, &errs)
	b.byKey = map[string]int{}
	for i, p := range b.pages {
		b.byKey[string(p.lang)+"/"+p.rel+".md"] = i
	}

	// Analyse every page: parse, evaluate blocks, draw diagrams.
	b.res = make([]*pageResult, len(b.pages))
	if err := b.parallel(ctx, jobs, func(i int) { b.res[i] = b.analyse(b.pages[i]) }); err != nil {
		return nil, err
	}
	for _, r := range b.res {
		errs = append(errs, r.errs...)
	}
	b.checkTranslations(&errs)
	b.checkLinks(&errs)
	b.checkExercises(&errs)
	var problems ErrorList
	if opt.KeepGoing && b.tmpl != nil {
		problems, errs = errs, nil
		problems.Sort()
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}

	// Render every page.
	nav := b.navigation()
	renderErrs := make([]error, len(b.pages))
	if err := b.parallel(ctx, jobs, func(i int) {
		b.res[i].rendered, renderErrs[i] = b.render(i, nav)
	}); err != nil {
		return nil, err
	}
	for i, err := range renderErrs {
		if err != nil {
			errs.Add(b.pages[i].file, 0, 0, "rendering: "+err.Error())
		}
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}

	site := &Site{Files: map[string][]byte{}, Pages: len(b.pages), Problems: problems, Rules: b.cfg.Rules}
	for i, p := range b.pages {
		site.Records = append(site.Records, b.res[i].records...)
		site.Files[p.url()] = b.res[i].rendered
		site.Figures += b.res[i].figures
		for name, data := range b.res[i].files {
			site.Files[name] = data
		}
	}
	for name, data := range b.tmpl.Static {
		site.Files[name] = data
	}
	if c := opt.Checker; c != nil {
		site.Files[WasmName] = c.Wasm
		site.Files[BoardWasmName] = c.BoardWasm
		site.Files["wasm_exec.js"] = c.WasmExec
		for name, data := range b.tmpl.Scripts {
			site.Files[name] = data
		}
	}
	if err := b.worksheets(site.Files, nav); err != nil {
		errs.Add("templates", 0, 0, err.Error())
		return nil, errs.Err()
	}
	if err := b.extraPages(site.Files); err != nil {
		errs.Add("templates", 0, 0, err.Error())
		return nil, errs.Err()
	}
	site.Files[ManifestFile] = site.manifest()
	return site, nil
}

// parallel runs f for every page index, at most jobs at a time. Results
// are stored by index, so the output never depends on timing.
func (b *builder) parallel(ctx context.Context, jobs int, f func(i int)) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(jobs)
	for i := range b.pages {
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

// analyse parses one page and evaluates its position blocks.
func (b *builder) analyse(p *page) *pageResult {
	r := &pageResult{ids: map[string]bool{}, files: map[string][]byte{}}
	ids := newHeadingIDs()
	pc := parser.NewContext(parser.WithIDs(ids))
	r.doc = b.md.Parser().Parse(text.NewReader(p.src), parser.WithContext(pc))
	named := map[string]engine.Position{}
	var names []string
	_ = ast.Walk(r.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok {
				if s, ok := id.([]byte); ok {
					r.ids[string(s)] = true
				}
			}
		case *ast.Link:
			dest := string(n.Destination)
			if isInternal(dest) {
				r.links = append(r.links, link{node: n, dest: dest, line: lineOf(p.src, n.Pos()), col: colOf(p.src, n.Pos())})
			}
		case *Figure:
			if n.Presets {
				if b.tmpl != nil {
					html, err := b.presetsTable(p.lang)
					if err != nil {
						r.errs.Add(p.file, n.Line-1, 1, err.Error())
					}
					n.HTML = html
				}
				return ast.WalkSkipChildren, nil
			}
			r.figures++
			id := "fig-" + strconv.Itoa(r.figures)
			r.ids[id] = true
			if b.tmpl == nil {
				return ast.WalkSkipChildren, nil
			}
			html, svg, blk, oddsRes, errs := b.figure(p, n, id, r.figures, named, names)
			if len(errs) > 0 {
				blk = nil // the figure is not shown
			}
			if blk != nil {
				// A claim the engine disagrees with fails the build (the
				// figure itself is fine: it shows what the engine says).
				for _, e := range blk.Expect {
					got, ok := "", false
					if e.Odds != nil {
						got, ok = verifyOdds(blk, e.Odds, oddsRes)
					} else {
						got, ok = blk.Verify(e)
					}
					if !ok {
						errs.Add(e.Pos, "expected "+e.Text+", the engine gives "+got+" under profile "+blk.Rules.Profile())
					}
				}
			}
			for _, e := range errs {
				r.errs.Add(p.file, n.Line+e.Pos.Line-1, n.Col+e.Pos.Col-1, e.Msg)
			}
			if blk != nil {
				r.records = append(r.records, Record{
					Page: p.url(), ID: id, File: p.file, Line: n.Line - 1,
					Tables: digest(computed(html)), Diagram: digest(svg),
				})
			}
			if blk != nil && b.opt.Checker != nil {
				switch {
				case blk.Show.Has(block.ShowEditor):
					r.script = BoardWasmName
				case blk.Show.Has(block.ShowChecker) && r.script == "" && blk.HasDice && !blk.Position.GameOver(blk.Rules):
					r.script = WasmName
				}
			}
			if blk != nil {
				n.HTML = html
				if svg != nil {
					r.files[figureSVG(p, r.figures)] = svg
				}
				if blk.Name != "" {
					if _, dup := named[blk.Name]; dup {
						loc := blk.At["name"]
						r.errs.Add(p.file, n.Line+loc.Line-1, n.Col+loc.Col-1, "the name "+strconv.Quote(blk.Name)+" is already used on this page")
					}
					named[blk.Name] = blk.Position
					names = append(names, blk.Name)
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			if lang := string(n.Language(p.src)); lang != "" && strings.EqualFold(lang, BlockLanguage) {
				r.errs.Add(p.file, lineOf(p.src, n.Pos()), 1, "write the block's language as "+strconv.Quote(BlockLanguage))
			}
		}
		return ast.WalkContinue, nil
	})
	return r
}

// computed returns a figure's HTML without the parts that are not what the
// engine computed for it: the diagram (digested on its own), the position
// code (which names the rules) and the checker's form.
func computed(html []byte) []byte {
	out := html
	for _, cut := range [][2]string{{"<svg", "</svg>"}, {`<p class="code">`, "</p>"}, {`<form class="checker"`, "</form>"}} {
		for {
			i := bytes.Index(out, []byte(cut[0]))
			if i < 0 {
				break
			}
			j := bytes.Index(out[i:], []byte(cut[1]))
			if j < 0 {
				break
			}
			out = append(out[:i:i], out[i+j+len(cut[1]):]...)
		}
	}
	return out
}

// digest is a short fingerprint of data, for comparing builds.
func digest(data []byte) string {
	if data == nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// isInternal reports whether a link destination points inside the site.
func isInternal(dest string) bool {
	if dest == "" || strings.HasPrefix(dest, "#") && len(dest) > 1 {
		return dest != ""
	}
	if i := strings.IndexAny(dest, ":/?#"); i >= 0 && dest[i] == ':' {
		return false // has a scheme: http:, https:, mailto: …
	}
	return !strings.HasPrefix(dest, "//")
}

// figureSVG returns the output path of a page's n-th standalone diagram.
func figureSVG(p *page, n int) string {
	return string(p.lang) + "/" + p.rel + "-" + strconv.Itoa(n) + ".svg"
}

// checkTranslations reports pages that exist in one language only.
func (b *builder) checkTranslations(errs *ErrorList) {
	for _, p := range b.pages {
		for _, l := range i18n.Langs {
			if l == p.lang {
				continue
			}
			if _, ok := b.byKey[string(l)+"/"+p.rel+".md"]; !ok {
				want := path.Join(b.opt.Content, string(l), p.rel+".md")
				errs.Add(p.file, 1, 1, "missing translation: "+want+" does not exist")
			}
		}
	}
}

// checkLinks resolves every internal link, reports broken ones and
// rewrites the others to the built pages.
func (b *builder) checkLinks(errs *ErrorList) {
	for i, p := range b.pages {
		for _, l := range b.res[i].links {
			target, anchor := resolveLink(p, l.dest)
			if !strings.HasSuffix(target, ".md") {
				errs.Add(p.file, l.line, l.col, "link "+strconv.Quote(l.dest)+": link to another page by its .md file, e.g. \"head.md\" or \"../glossary.md#зары\"")
				continue
			}
			j, ok := b.byKey[target]
			if !ok {
				errs.Add(p.file, l.line, l.col, "broken link "+strconv.Quote(l.dest)+": "+path.Join(b.opt.Content, target)+" does not exist")
				continue
			}
			if anchor != "" && !b.res[j].ids[anchor] {
				errs.Add(p.file, l.line, l.col, "broken link "+strconv.Quote(l.dest)+": "+path.Join(b.opt.Content, target)+" has no heading or figure with id "+strconv.Quote(anchor))
				continue
			}
			href := relURL(p.url(), b.pages[j].url())
			if j == i && anchor != "" {
				href = ""
			}
			if anchor != "" {
				href += "#" + anchor
			}
			l.node.Destination = []byte(href)
		}
	}
}

// navSection is one group of the table of contents.
type navSection struct {
	Title   string
	Href    string
	Current bool
	Pages   []navItem
	index   int // the section's index page, or -1
}

// navItem is one entry of the table of contents.
type navItem struct {
	Title   string
	Href    string
	Current bool
	index   int
}

// navigation returns, per language, the sections of the table of
// contents in reading order. Hrefs are filled in per page.
func (b *builder) navigation() map[i18n.Lang][]navSection {
	out := map[i18n.Lang][]navSection{}
	for _, lang := range i18n.Langs {
		col := collate.New(language.Make(string(lang)))
		bySec := map[string]*navSection{}
		var secs []string
		for i, p := range b.pages {
			if p.lang != lang {
				continue
			}
			sec := section(p.rel)
			s, ok := bySec[sec]
			if !ok {
				s = &navSection{index: -1}
				bySec[sec] = s
				secs = append(secs, sec)
			}
			if sec != "" && p.rel == sec+"/index" {
				s.index = i
				s.Title = p.fm.Title
				continue
			}
			s.Pages = append(s.Pages, navItem{Title: p.fm.Title, index: i})
		}
		less := func(ai, bi int, at, bt string) int {
			if d := b.pages[ai].fm.Order - b.pages[bi].fm.Order; d != 0 {
				return d
			}
			return col.CompareString(at, bt)
		}
		for _, s := range bySec {
			slices.SortStableFunc(s.Pages, func(x, y navItem) int {
				// The language's home page comes first.
				if xi, yi := b.pages[x.index].rel == "index", b.pages[y.index].rel == "index"; xi != yi {
					if xi {
						return -1
					}
					return 1
				}
				return less(x.index, y.index, x.Title, y.Title)
			})
		}
		slices.SortStableFunc(secs, func(x, y string) int {
			if x == "" || y == "" {
				return strings.Compare(x, y)
			}
			xs, ys := bySec[x], bySec[y]
			if xs.index >= 0 && ys.index >= 0 {
				return less(xs.index, ys.index, xs.Title, ys.Title)
			}
			return strings.Compare(x, y)
		})
		for _, sec := range secs {
			s := bySec[sec]
			if s.Title == "" && sec != "" {
				s.Title = sec
			}
			out[lang] = append(out[lang], *s)
		}
	}
	return out
}

// order returns the reading order of a language's pages.
func readingOrder(secs []navSection) []int {
	var order []int
	for _, s := range secs {
		if s.index >= 0 {
			order = append(order, s.index)
		}
		for _, it := range s.Pages {
			order = append(order, it.index)
		}
	}
	return order
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
	Nav         []navSection
	Prev, Next  *navItem
	Alternates  []alternate
	Profile     string
	Script      *scriptView
}

// scriptView names the scripts of a page with a move checker.
type scriptView struct {
	Exec, Loader, Wasm string
}

// render renders page i through the layout.
func (b *builder) render(i int, nav map[i18n.Lang][]navSection) ([]byte, error) {
	p := b.pages[i]
	var body bytes.Buffer
	if err := b.md.Renderer().Render(&body, p.src, b.res[i].doc); err != nil {
		return nil, err
	}
	url := p.url()
	v := pageView{
		L:           p.lang,
		Title:       p.fm.Title,
		Description: p.fm.Description,
		Root:        relURL(url, ""),
		Home:        relURL(url, string(p.lang)+"/index.html"),
		CSP:         CSP,
		Content:     template.HTML(body.String()),
		Profile:     b.profileText(p),
	}
	if w := b.res[i].script; w != "" {
		v.Script = &scriptView{Exec: relURL(url, "wasm_exec.js"), Loader: relURL(url, "checker.js"), Wasm: relURL(url, w)}
	}
	// The table of contents with this page's links.
	for _, s := range nav[p.lang] {
		s.Pages = slices.Clone(s.Pages)
		if s.index >= 0 {
			s.Href = relURL(url, b.pages[s.index].url())
			s.Current = s.index == i
		}
		for k := range s.Pages {
			s.Pages[k].Href = relURL(url, b.pages[s.Pages[k].index].url())
			s.Pages[k].Current = s.Pages[k].index == i
		}
		s.Pages = append(s.Pages, b.worksheetNav(p.lang, s, url)...)
		v.Nav = append(v.Nav, s)
	}
	order := readingOrder(nav[p.lang])
	if k := slices.Index(order, i); k >= 0 {
		if k > 0 {
			j := order[k-1]
			v.Prev = &navItem{Title: b.pages[j].fm.Title, Href: relURL(url, b.pages[j].url())}
		}
		if k+1 < len(order) {
			j := order[k+1]
			v.Next = &navItem{Title: b.pages[j].fm.Title, Href: relURL(url, b.pages[j].url())}
		}
	}
	for _, l := range i18n.Langs {
		j, ok := b.byKey[string(l)+"/"+p.rel+".md"]
		if !ok {
			continue
		}
		v.Alternates = append(v.Alternates, alternate{
			Lang: l, Name: l.T("lang.name"),
			Href: relURL(url, b.pages[j].url()),
			Abs:  b.cfg.BaseURL + b.pages[j].url(),
		})
	}
	var out bytes.Buffer
	if err := b.tmpl.HTML.ExecuteTemplate(&out, "layout.html", v); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// profileText names the rule profile a page was computed with.
func (b *builder) profileText(p *page) string {
	return p.lang.F("footer.profile", "profile", profileName(p.lang, p.fm.Rules))
}

// profileName names a profile in language l: the preset's title and
// name, and the overrides on top of it.
func profileName(l i18n.Lang, r engine.Rules) string {
	words := strings.Fields(r.Profile())
	s := l.F("profile.name", "title", l.T("preset."+words[0]), "name", words[0])
	if len(words) > 1 {
		s += " " + l.F("profile.plus", "rules", strings.Join(words[1:], ", "))
	}
	return s
}

// presetRow is one row of the presets table.
type presetRow struct {
	Name, Title, Desc string
	Values            []string
}

// presetsTable renders the table of the presets in language l.
func (b *builder) presetsTable(l i18n.Lang) ([]byte, error) {
	var keys []string
	for _, k := range engine.RuleKeys {
		keys = append(keys, k.Name)
	}
	var rows []presetRow
	for _, pr := range engine.Presets {
		row := presetRow{Name: pr.Name, Title: l.T("preset." + pr.Name), Desc: l.T("preset." + pr.Name + ".desc")}
		for _, k := range keys {
			v, _ := pr.Rules.Get(k)
			row.Values = append(row.Values, v)
		}
		rows = append(rows, row)
	}
	var out bytes.Buffer
	err := b.tmpl.HTML.ExecuteTemplate(&out, "presets.html", struct {
		L    i18n.Lang
		Keys []string
		Rows []presetRow
	}{l, keys, rows})
	return out.Bytes(), err
}

// langLink is a language entry of the root and 404 pages.
type langLink struct {
	L    i18n.Lang
	Href string
	Abs  string
}

// extraPages adds the language chooser, the 404 page and sitemap.xml.
func (b *builder) extraPages(files map[string][]byte) error {
	var langs []langLink
	for _, l := range i18n.Langs {
		langs = append(langs, langLink{L: l, Href: string(l) + "/index.html", Abs: b.cfg.BaseURL + string(l) + "/index.html"})
	}
	data := struct {
		Langs []langLink
		CSP   string
	}{langs, CSP}
	for name, tmpl := range map[string]string{"index.html": "choose.html", "404.html": "notfound.html"} {
		var buf bytes.Buffer
		if err := b.tmpl.HTML.ExecuteTemplate(&buf, tmpl, data); err != nil {
			return err
		}
		files[name] = buf.Bytes()
	}
	var sm strings.Builder
	sm.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	sm.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range b.pages {
		sm.WriteString("<url><loc>" + template.HTMLEscapeString(b.cfg.BaseURL+p.url()) + "</loc>")
		for _, l := range i18n.Langs {
			if j, ok := b.byKey[string(l)+"/"+p.rel+".md"]; ok {
				sm.WriteString(`<xhtml:link rel="alternate" hreflang="` + string(l) + `" href="` + template.HTMLEscapeString(b.cfg.BaseURL+b.pages[j].url()) + `"/>`)
			}
		}
		sm.WriteString("</url>\n")
	}
	sm.WriteString("</urlset>\n")
	files["sitemap.xml"] = []byte(sm.String())
	return nil
}
