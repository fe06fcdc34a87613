package site

import (
	"bytes"
	"html/template"
	"net/url"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/templates/i18n"
	"github.com/yuin/goldmark/ast"
)

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
	Prev, Next  *navItem
	Alternates  []alternate
	Profile     string
	Script      *scriptView
	// Sheet marks a one-page summary ("print: sheet"), printed compact.
	Sheet bool
}

// minSections is how many second-level headings make a page long enough
// to list its sections under its title.
const minSections = 3

// scriptView names the scripts of a page with a move checker.
type scriptView struct {
	Exec, Loader, Wasm string
}

// rendered is what the second pass made of a page.
type rendered struct {
	errs    engine.ErrorList
	records []Record
}

// render is the second pass over page i: it parses the page again,
// computes every figure (checking its claims), renders the page through
// the layout and hands it, with its figures' diagrams, to the output.
func (b *builder) render(i int) rendered {
	p, an := b.pages[i], b.res[i]
	var out rendered
	doc := b.parse(p)
	unlink(doc, an.hrefs)
	num := 0
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if href, ok := an.hrefs[string(n.Destination)]; ok {
				n.Destination = []byte(href)
			}
		case *markdown.Figure:
			n.HTML = []byte{} // a block that cannot be shown is left out
			switch {
			case n.Presets:
				html, err := b.presetsTable(p.lang)
				if err != nil {
					out.errs.Add(engine.Pos{File: p.file, Line: n.Line - 1, Col: 1}, err.Error())
				}
				n.HTML = html
			case num < len(an.blocks):
				num++
				if blk := an.blocks[num-1]; blk != nil {
					b.renderFigure(p, n, num, blk, &out)
				} else if tab := an.tables[num]; tab != nil {
					b.renderTable(p, n, num, tab, &out)
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if err == nil {
		var html []byte
		html, err = b.layout(i, doc)
		if err == nil {
			err = b.emit(p.url(), html)
		}
	}
	if err != nil {
		out.errs.Add(engine.Pos{File: p.file}, "rendering: "+err.Error())
	}
	return out
}

// renderFigure computes figure num of page p for its block: the HTML goes
// into the document, the standalone diagram to the output, and a claim
// the engine disagrees with is a problem (the figure itself is fine: it
// shows what the engine says).
func (b *builder) renderFigure(p *page, n *markdown.Figure, num int, blk *block.Block, out *rendered) {
	base := engine.Pos{File: p.file, Line: n.Line, Col: n.Col}
	id := "fig-" + strconv.Itoa(num)
	var fig *cachedFigure
	var key string
	if b.opt.Cache != nil {
		key = b.figureKey(p, n, num, blk)
		fig, _ = b.opt.Cache.get(key)
	}
	if fig == nil || len(fig.claims) != len(blk.Expect) {
		made, err := b.figure(p, n, id, num, blk)
		if err != nil {
			list := engine.AsList(err)
			list.Rebase(base)
			out.errs = append(out.errs, list...)
			return
		}
		fig = &cachedFigure{html: made.html, svg: made.svg, rows: made.rows, tables: digest(computed(made.html)), diagram: digest(made.svg)}
		for _, e := range blk.Expect {
			var c claimResult
			if e.Odds != nil {
				c.got, c.ok = verifyOdds(blk, e.Odds, made.odds)
			} else {
				c.got, c.ok = blk.Verify(e)
			}
			fig.claims = append(fig.claims, c)
		}
		if b.opt.Cache != nil {
			b.opt.Cache.put(key, fig)
		}
	}
	var errs engine.ErrorList
	for k, e := range blk.Expect {
		if c := fig.claims[k]; !c.ok {
			errs.Add(e.Pos, "expected "+e.Text+", the engine gives "+c.got+" under profile "+blk.Rules.Profile())
		}
	}
	errs.Rebase(base)
	out.errs = append(out.errs, errs...)
	out.records = append(out.records, Record{
		Page: p.url(), ID: id, File: p.file, Line: n.Line - 1,
		Tables: fig.tables, Diagram: fig.diagram, Rows: fig.rows,
	})
	n.HTML = fig.html
	if fig.svg != nil {
		if err := b.emit(figureSVG(p, num), fig.svg); err != nil {
			out.errs.Add(base, err.Error())
		}
	}
}

// layout renders page i, its document ready, through the layout.
func (b *builder) layout(i int, doc ast.Node) ([]byte, error) {
	p := b.pages[i]
	var body bytes.Buffer
	body.Grow(4 * len(p.src))
	if err := b.md.Renderer().Render(&body, p.src, doc); err != nil {
		return nil, err
	}
	if b.nav.inPrint[i] {
		b.prints.keep(i, body.String())
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
		Sheet:       p.fm.Sheet,
	}
	if w := b.res[i].script; w != "" {
		v.Script = &scriptView{Exec: relURL(url, wasm.Exec), Loader: relURL(url, "checker.js"), Wasm: relURL(url, w)}
	}
	toc, err := b.toc(p.lang, url)
	if err != nil {
		return nil, err
	}
	v.Nav = toc
	if s := b.res[i].sections; len(s) >= minSections {
		v.Sections = s
	}
	v.Prev, v.Next = b.neighbours(i)
	for _, l := range i18n.Langs {
		j, ok := b.byKey[pageKey(l, p.rel)]
		if !ok {
			continue
		}
		v.Alternates = append(v.Alternates, alternate{
			Lang: l, Name: l.T("lang.name"),
			Href: relURL(url, b.pages[j].url()),
			Abs:  b.absURL(b.pages[j].url()),
		})
	}
	var out bytes.Buffer
	out.Grow(body.Len() + 8192)
	if err := b.tmpl.HTML.ExecuteTemplate(&out, "layout.html", v); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// profileText names the rule profile a page was computed with.
func (b *builder) profileText(p *page) string {
	return p.lang.F("footer.profile", "profile", profileName(p.lang, p.fm.Rules))
}

// profileName names a profile in language l as readers know it: the
// preset's title and, for each rule that differs from it, the rule's name
// and reading ("«без ничьих» с изменениями: вторая шашка с головы на
// первом ходу — только при 6-6, 4-4 и 3-3").
func profileName(l i18n.Lang, r engine.Rules) string {
	words := strings.Fields(r.Profile())
	s := l.F("profile.name", "title", l.T("preset."+words[0]))
	var changes []string
	for _, kv := range words[1:] {
		k, v, _ := strings.Cut(kv, "=")
		changes = append(changes, lowerFirst(l.RuleName(k))+" — "+l.RuleValue(k, v))
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
func (b *builder) presetsTable(l i18n.Lang) ([]byte, error) {
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
	err := b.tmpl.HTML.ExecuteTemplate(&out, "presets.html", v)
	return out.Bytes(), err
}

// rootPath returns the path of the site's root on its host: "/" or, for
// a site published under a sub-path, "/rules/".
func (b *builder) rootPath() string {
	if u, err := url.Parse(b.cfg.BaseURL); err == nil && u.Path != "" {
		return u.Path
	}
	return "/"
}

// langLink is a language entry of the root and 404 pages.
type langLink struct {
	L    i18n.Lang
	Href string
	Abs  string
}

// extraPages makes the language chooser, the 404 page and sitemap.xml.
func (b *builder) extraPages() error {
	var langs []langLink
	for _, l := range i18n.Langs {
		langs = append(langs, langLink{L: l, Href: string(l) + "/index.html", Abs: b.absURL(string(l) + "/index.html")})
	}
	// The 404 page is served for a missing address at any depth: its
	// links start from the site's root path ("/" or "/rules/").
	data := struct {
		Langs []langLink
		CSP   string
		Root  string
	}{langs, CSP, b.rootPath()}
	for name, tmpl := range map[string]string{"index.html": "choose.html", "404.html": "notfound.html"} {
		var buf bytes.Buffer
		if err := b.tmpl.HTML.ExecuteTemplate(&buf, tmpl, data); err != nil {
			return err
		}
		if err := b.emit(name, buf.Bytes()); err != nil {
			return err
		}
	}
	var sm strings.Builder
	sm.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	sm.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range b.pages {
		sm.WriteString("<url><loc>" + template.HTMLEscapeString(b.absURL(p.url())) + "</loc>")
		for _, l := range i18n.Langs {
			if j, ok := b.byKey[pageKey(l, p.rel)]; ok {
				sm.WriteString(`<xhtml:link rel="alternate" hreflang="` + string(l) + `" href="` + template.HTMLEscapeString(b.absURL(b.pages[j].url())) + `"/>`)
			}
		}
		sm.WriteString("</url>\n")
	}
	sm.WriteString("</urlset>\n")
	return b.emit("sitemap.xml", []byte(sm.String()))
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
