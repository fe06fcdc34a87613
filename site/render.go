package site

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"html/template"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"text/template/parse"

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
	// files are the page's standalone diagrams as handed to the output,
	// for the cache.
	files []cachedFile
	// bodyOnly is set when the page's text is rendered again for its
	// print document alone: nothing is handed to the output.
	bodyOnly bool
}

// render is the second pass over page i: it parses the page again,
// computes every figure (checking its claims), renders the page through
// the layout and hands it, with its figures' diagrams, to the output. A
// page whose inputs did not change is taken from the cache instead.
func (b *builder) render(i int) rendered {
	p := b.pages[i]
	var out rendered
	fail := func(err error) rendered {
		out.errs.Add(engine.Pos{File: p.file}, "rendering: "+err.Error())
		return out
	}
	v, err := b.view(i)
	if err != nil {
		return fail(err)
	}
	c := b.opt.Cache
	key := ""
	if c != nil {
		key = b.pageKey(i, v)
		b.pageKeys[i] = key
		if ent := c.page(key); ent != nil && b.reuse(i, ent, &out) {
			return out
		}
		c.pageMisses.Add(1)
	}
	if v.Nav, err = b.toc(p.lang, p.url()); err != nil {
		return fail(err)
	}
	skel, err := b.skeleton(v)
	if err != nil {
		return fail(err)
	}
	b.takeKeys(p) // a page rendered before for its print document
	body, err := b.renderBody(i, &out)
	if err != nil {
		return fail(err)
	}
	var page []byte
	if skel != nil {
		page = splice(skel, body)
	} else {
		v.Content = template.HTML(body)
		var buf bytes.Buffer
		buf.Grow(len(body) + 8192)
		if err := b.tmpl.HTML.ExecuteTemplate(&buf, "layout.html", v); err != nil {
			return fail(err)
		}
		page = buf.Bytes()
	}
	if b.nav.inPrint[i] {
		b.prints.keep(i, string(body))
	}
	sum := ""
	if c != nil {
		sum = digest(page)
	}
	if _, err := b.emitSum(p.url(), page, sum); err != nil {
		return fail(err)
	}
	keys := b.takeKeys(p)
	if c == nil || len(out.errs) > 0 {
		out.files = nil
		return out
	}
	if c.onDisk() {
		// The figures' HTML is now in the page: an entry keeps where.
		b.locate(p.url(), sum, page, keys)
	}
	ent := &cachedPage{files: append(out.files, cachedFile{name: p.url(), sum: sum, data: page}), records: out.records, keys: keys}
	if b.nav.inPrint[i] {
		ent.print = b.prints.text(i)
	}
	if c.onDisk() {
		for k := range ent.files {
			ent.files[k].data = nil
		}
		ent.print = ""
	}
	c.putPage(key, ent)
	out.files = nil // the build keeps the results of every page: not their bytes
	return out
}

// renderBody parses page i again and renders its text, every figure
// computed (or taken from the cache) and its diagram handed to the output
// (unless out.bodyOnly).
func (b *builder) renderBody(i int, out *rendered) ([]byte, error) {
	b.full(i)
	p, an := b.pages[i], b.res[i]
	doc := b.parse(p)
	unlink(doc, an.hrefs)
	num := 0
	figures := 0 // the bytes of the figures' HTML, for the text's buffer
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
					b.renderFigure(p, n, num, blk, out)
				} else if tab := an.tables[num]; tab != nil {
					b.renderTable(p, n, num, tab, out)
				}
			}
			figures += len(n.HTML)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, err
	}
	var body bytes.Buffer
	body.Grow(2*len(p.src) + figures)
	if err := b.md.Renderer().Render(&body, p.src, doc); err != nil {
		return nil, err
	}
	return body.Bytes(), nil
}

// reuse hands page i, as the cache has it, to the output: its files (or
// the previous build's, linked), its records and its text for its print
// document. It reports false, having handed nothing, when a file is
// neither at hand nor in the previous build as that build left it.
func (b *builder) reuse(i int, ent *cachedPage, out *rendered) bool {
	l, linking := b.previous()
	for _, f := range ent.files {
		if f.data == nil && (!linking || !l.has(f.name, f.sum)) {
			return false
		}
	}
	if b.nav.inPrint[i] && ent.print == "" && ent.printAt.file == "" {
		return false
	}
	for _, f := range ent.files {
		var err error
		if f.data != nil {
			_, err = b.emitSum(f.name, f.data, f.sum)
		} else {
			err = b.emitLink(l, f.name, f.sum)
		}
		if err != nil {
			out.errs.Add(engine.Pos{File: b.pages[i].file}, err.Error())
			return true
		}
	}
	out.records = ent.records
	if b.nav.inPrint[i] {
		if ent.print != "" {
			b.prints.set(i, printBody{text: ent.print})
		} else {
			b.prints.set(i, printBody{at: ent.printAt})
		}
	}
	return true
}

// locate notes, in the cache's entries of the figures and tables of the
// page at url (keys, in the order they are shown), where each one's HTML
// is in page, whose digest is sum, and lets go of their bytes: a disk
// cache keeps where, not what.
func (b *builder) locate(url, sum string, page []byte, keys []string) {
	c := b.opt.Cache
	at := 0
	for _, k := range keys {
		c.mu.Lock()
		f, resolve := c.mem[k], c.resolve
		c.mu.Unlock()
		if f == nil {
			continue
		}
		html := f.html
		if html == nil && f.htmlAt.file != "" && resolve != nil {
			html, _ = resolve(f.htmlAt) // taken from the previous build's page
		}
		if html == nil {
			continue
		}
		j := bytes.Index(page[at:], html)
		if j < 0 {
			continue
		}
		g := *f
		g.htmlAt = location{file: url, sum: sum, off: at + j, n: len(html)}
		g.html, g.svg = nil, nil
		at += j + len(html)
		c.mu.Lock()
		c.mem[k] = &g
		c.mu.Unlock()
	}
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
	c := b.opt.Cache
	if c != nil {
		key = b.figureKey(p, n, num, blk)
		fig, _ = c.get(key)
		if fig != nil && fig.svg == nil && fig.svgSum != "" && !out.bodyOnly {
			// The diagram is the previous build's file, if still there.
			if l, ok := b.previous(); !ok || !l.has(figureSVG(p, num), fig.svgSum) {
				fig = nil
			}
		}
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
		fig.svgSum = fig.diagram // the standalone diagram's digest, as the output makes it
		for _, e := range blk.Expect {
			var c claimResult
			if e.Odds != nil {
				c.got, c.ok = verifyOdds(blk, e.Odds, made.odds)
			} else {
				c.got, c.ok = blk.Verify(e)
			}
			fig.claims = append(fig.claims, c)
		}
		if c != nil {
			c.put(key, fig)
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
	if out.bodyOnly || fig.svgSum == "" {
		return
	}
	name := figureSVG(p, num)
	var err error
	if fig.svg != nil {
		_, err = b.emitSum(name, fig.svg, fig.svgSum)
	} else if l, ok := b.previous(); ok {
		err = b.emitLink(l, name, fig.svgSum)
	}
	if err != nil {
		out.errs.Add(base, err.Error())
	}
	out.files = append(out.files, cachedFile{name: name, sum: fig.svgSum, data: fig.svg})
}

// view returns page i's pageView, all but its content and its table of
// contents (Nav, which the navigation makes: see navDigest).
func (b *builder) view(i int) (pageView, error) {
	p := b.pages[i]
	url := p.url()
	v := pageView{
		L:           p.lang,
		Title:       p.fm.Title,
		Description: p.fm.Description,
		Root:        relURL(url, ""),
		Home:        relURL(url, string(p.lang)+"/index.html"),
		CSP:         CSP,
		Profile:     b.profileText(p),
		Sheet:       p.fm.Sheet,
	}
	if w := b.res[i].script; w != "" {
		v.Script = &scriptView{Exec: relURL(url, wasm.Exec), Loader: relURL(url, "checker.js"), Wasm: relURL(url, w)}
	}
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
	return v, nil
}

// contentMarker stands for a page's text in its layout's skeleton (see
// skeleton): an HTML comment that no page holds, its digits drawn anew by
// every run of the program.
var contentMarker = "<!--nardydocs:content:" + markerNonce + "-->"

// markerNonce makes the markers of a run of the program its own.
var markerNonce = func() string {
	var n [12]byte
	rand.Read(n[:])
	return hex.EncodeToString(n[:])
}()

// partMarker returns the marker of the k-th part of a text filled in by
// fill.
func partMarker(k int) string {
	return "<!--nardydocs:part:" + markerNonce + ":" + strconv.Itoa(k) + "-->"
}

// fillInto appends to out skel with every partMarker(k) replaced by
// parts[k], and returns where in out each part is first (-1: nowhere).
func fillInto(out, skel []byte, parts [][]byte) ([]byte, []int) {
	prefix := []byte("<!--nardydocs:part:" + markerNonce + ":")
	at := make([]int, len(parts))
	for k := range at {
		at[k] = -1
	}
	for {
		i := bytes.Index(skel, prefix)
		if i < 0 {
			break
		}
		rest := skel[i+len(prefix):]
		j := bytes.Index(rest, []byte("-->"))
		k, err := strconv.Atoi(string(rest[:max(j, 0)]))
		if j < 0 || err != nil || k < 0 || k >= len(parts) {
			out = append(out, skel[:i+len(prefix)]...)
			skel = rest
			continue
		}
		out = append(out, skel[:i]...)
		if at[k] < 0 {
			at[k] = len(out)
		}
		out = append(out, parts[k]...)
		skel = rest[j+len("-->"):]
	}
	return append(out, skel...), at
}

// skeleton returns the layout of a page as v fills it in, with
// contentMarker where the page's text goes: splicing the text in its
// place (splice) makes the page, without copying the text through the
// template, and the skeleton names, for the cache, everything of the page
// but its text. It returns nil when the layout uses the text otherwise
// than as HTML in the page's body (see spliceable): the page is then
// rendered through the layout with its text.
func (b *builder) skeleton(v pageView) ([]byte, error) {
	v.Content = template.HTML(contentMarker)
	var buf bytes.Buffer
	buf.Grow(int(b.skelSize.Load()) + 1024) // about the size of the last one
	if err := b.tmpl.HTML.ExecuteTemplate(&buf, "layout.html", v); err != nil {
		return nil, err
	}
	b.skelSize.Store(int64(buf.Len()))
	b.spliceOnce.Do(func() {
		if t := b.tmpl.HTML.Lookup("layout.html"); t != nil && t.Tree != nil {
			b.splicing = spliceable(t.Tree, &spliceScope{field: "Content"})
		}
	})
	if !b.splicing {
		return nil, nil
	}
	return buf.Bytes(), nil
}

// splice returns skel with text in place of every contentMarker.
func splice(skel, text []byte) []byte {
	return spliceWith(skel, len(text), func(out []byte) []byte { return append(out, text...) })
}

// spliceWith returns skel with what put appends (n bytes) in place of
// every contentMarker.
func spliceWith(skel []byte, n int, put func([]byte) []byte) []byte {
	marker := []byte(contentMarker)
	count := bytes.Count(skel, marker)
	out := make([]byte, 0, len(skel)+count*(n-len(marker)))
	for {
		i := bytes.Index(skel, marker)
		if i < 0 {
			break
		}
		out = put(append(out, skel[:i]...))
		skel = skel[i+len(marker):]
	}
	return append(out, skel...)
}

// spliceScope says, for a template's data (or, down a {{range}}, its
// elements), which of its fields a build splices in after the template
// ran (field: printed as HTML, a marker in its place while the template
// runs), and which of its fields it ranges over, to the scope of their
// elements.
type spliceScope struct {
	field  string
	ranges map[string]*spliceScope
}

// names returns every field name the scope and its ranges know.
func (s *spliceScope) names() []string {
	var names []string
	if s.field != "" {
		names = append(names, s.field)
	}
	for f, sub := range s.ranges {
		names = append(names, f)
		names = append(names, sub.names()...)
	}
	return names
}

// spliceable reports whether the template t (an html/template's tree,
// escaped: every action ends in its escaper) prints the spliced field of
// each scope only as HTML in text — {{.Field}} where dot is the scope's
// value, escaped by _html_template_htmlescaper, which leaves
// template.HTML as it is — and uses the spliced fields, the fields it
// ranges over, and the scopes' values as a whole nowhere else: then
// running t with markers in place of the fields and splicing the texts in
// the markers' places makes what running t with the texts makes. A
// template it cannot tell about (one that calls another) is not.
func spliceable(t *parse.Tree, top *spliceScope) bool {
	ok := true
	known := top.names()
	isEscaper := func(c *parse.CommandNode) bool {
		id, isID := c.Args[0].(*parse.IdentifierNode)
		return len(c.Args) == 1 && isID && id.Ident == "_html_template_htmlescaper"
	}
	// onlyField reports whether p is exactly the field name of dot.
	onlyField := func(p *parse.PipeNode, name string) bool {
		if p == nil || len(p.Decl) != 0 || len(p.Cmds) < 1 || len(p.Cmds[0].Args) != 1 {
			return false
		}
		f, isField := p.Cmds[0].Args[0].(*parse.FieldNode)
		return isField && len(f.Ident) == 1 && f.Ident[0] == name
	}
	mentions := func(idents []string) bool {
		for _, id := range idents {
			if slices.Contains(known, id) {
				return true
			}
		}
		return false
	}
	var pipe func(p *parse.PipeNode, scope *spliceScope)
	arg := func(a parse.Node, scope *spliceScope) {
		switch a := a.(type) {
		case *parse.DotNode:
			if scope != nil {
				ok = false // the value itself: its fields go with it
			}
		case *parse.FieldNode:
			if mentions(a.Ident) {
				ok = false
			}
		case *parse.VariableNode:
			if len(a.Ident) == 1 && a.Ident[0] == "$" || mentions(a.Ident[1:]) {
				ok = false
			}
		case *parse.ChainNode:
			if mentions(a.Field) {
				ok = false
			}
			if p, isPipe := a.Node.(*parse.PipeNode); isPipe {
				pipe(p, scope)
			} else if _, isDot := a.Node.(*parse.DotNode); isDot && scope != nil {
				ok = false
			}
		case *parse.PipeNode:
			pipe(a, scope)
		}
	}
	pipe = func(p *parse.PipeNode, scope *spliceScope) {
		if p == nil {
			return
		}
		for _, c := range p.Cmds {
			for _, a := range c.Args {
				arg(a, scope)
			}
		}
	}
	var list func(l *parse.ListNode, scope *spliceScope)
	list = func(l *parse.ListNode, scope *spliceScope) {
		if l == nil {
			return
		}
		for _, n := range l.Nodes {
			switch n := n.(type) {
			case *parse.TextNode, *parse.CommentNode, *parse.BreakNode, *parse.ContinueNode:
			case *parse.ActionNode:
				if scope != nil && scope.field != "" && onlyField(n.Pipe, scope.field) && len(n.Pipe.Cmds) == 2 && isEscaper(n.Pipe.Cmds[1]) {
					continue
				}
				pipe(n.Pipe, scope)
			case *parse.IfNode:
				pipe(n.Pipe, scope)
				list(n.List, scope)
				list(n.ElseList, scope)
			case *parse.RangeNode:
				var sub *spliceScope
				if scope != nil {
					for f, s := range scope.ranges {
						if onlyField(n.Pipe, f) && len(n.Pipe.Cmds) == 1 {
							sub = s
						}
					}
				}
				if sub == nil {
					pipe(n.Pipe, scope)
				}
				list(n.List, sub)
				list(n.ElseList, scope)
			case *parse.WithNode:
				pipe(n.Pipe, scope)
				list(n.List, nil)
				list(n.ElseList, scope)
			case *parse.ListNode:
				list(n, scope)
			default: // another template called, or a node unknown here
				ok = false
			}
		}
	}
	list(t.Root, top)
	return ok
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
