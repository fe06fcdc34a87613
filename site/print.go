package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The print document of a game's section (ru/long/print.html): every page
// of the section in reading order, each starting a new sheet, after a
// list of them: the booklet a teacher hands out. It is made for sections
// listed in full in the table of contents (at most tocFull pages), so
// that the pages it gathers are few enough to keep in memory until it
// is written.

// printURL returns the output path of a language's print document for a
// game: "ru/long/print.html".
func printURL(l i18n.Lang, g engine.Game) string {
	return string(l) + "/" + g.String() + "/print.html"
}

// printBodies keeps the rendered text of the pages that go into print
// documents, by page index.
type printBodies struct {
	mu     sync.Mutex
	bodies map[int]printBody
}

// printBody is a page's text in its print document (ok: known), or where
// it is in the previous build's print document (at).
type printBody struct {
	text string
	ok   bool
	at   location
}

// keep records page i's rendered text for its print document: its ids
// made its own there, and without the move checker's forms (the
// document loads no checker: they belong to the page itself).
func (pb *printBodies) keep(i int, body string) {
	pb.set(i, printBody{text: prefixIDs(dropCheckerForms(body), printPrefix(i)), ok: true})
}

// set records page i's text for its print document, or where it is.
func (pb *printBodies) set(i int, v printBody) {
	pb.mu.Lock()
	pb.bodies[i] = v
	pb.mu.Unlock()
}

// text returns page i's text for its print document, if kept.
func (pb *printBodies) text(i int) string {
	pb.mu.Lock()
	defer pb.mu.Unlock()
	return pb.bodies[i].text
}

// printText returns page i's text for its print document: kept, read
// from the previous build's document, or rendered again.
func (b *builder) printText(i int) (string, error) {
	b.prints.mu.Lock()
	v := b.prints.bodies[i]
	b.prints.mu.Unlock()
	if v.ok {
		return v.text, nil
	}
	if c := b.opt.Cache; c != nil && v.at.file != "" {
		c.mu.Lock()
		resolve := c.resolve
		c.mu.Unlock()
		if resolve != nil {
			if data, ok := resolve(v.at); ok {
				return unsafe.String(unsafe.SliceData(data), len(data)), nil // the file read, never changed
			}
		}
	}
	out := rendered{bodyOnly: true}
	body, err := b.renderBody(i, &out)
	b.takeKeys(b.pages[i])
	if err == nil && len(out.errs) > 0 {
		err = out.errs
	}
	if err != nil {
		return "", err
	}
	b.prints.keep(i, string(body))
	return b.prints.text(i), nil
}

// dropCheckerForms returns html without the move checker's forms, as
// figure.html writes them, each with the line break before it: every
// `<form class="checker"…>…</form>` (the first "</form>" after it ends
// it). It is a scan, not a regular expression: it runs over every page
// that goes into a print document.
func dropCheckerForms(html string) string {
	const open, end = `<form class="checker"`, `</form>`
	i := strings.Index(html, open)
	if i < 0 {
		return html
	}
	var out strings.Builder
	out.Grow(len(html))
	from := 0 // html[from:] is not written yet
	for i >= 0 {
		start := from + i
		gt := strings.IndexByte(html[start+len(open):], '>')
		if gt < 0 {
			break
		}
		body := start + len(open) + gt + 1
		e := strings.Index(html[body:], end)
		if e < 0 {
			break
		}
		if start > from && html[start-1] == '\n' {
			start--
		}
		out.WriteString(html[from:start])
		from = body + e + len(end)
		i = strings.Index(html[from:], open)
	}
	out.WriteString(html[from:])
	return out.String()
}

// printPrefix is what the ids of page i start with in a print document.
func printPrefix(i int) string { return "p" + strconv.Itoa(i) + "-" }

// idTriggers are what prefixIDs looks for: the end of the name of an
// attribute holding ids (id, for, aria-labelledby, aria-describedby:
// after white space), a link to an anchor of the same page, an SVG
// url(#…).
var idTriggers = []string{`id="`, `for="`, `by="`, `href="#`, `url(#`}

// prefixIDs returns html with every id, and every reference to one,
// starting with prefix: the text of several pages can then share one
// page. It rewrites, in HTML the build wrote, an attribute holding ids
// or a reference to one — id, for and the ARIA references (after white
// space), a link to an anchor of the same page (href="#…"), and an SVG
// url(#…) — going from one of idTriggers to the next.
func prefixIDs(html, prefix string) string {
	var out strings.Builder
	from := 0 // html[from:] is not written yet
	var at [5]int
	for k := range at {
		at[k] = -2
	}
	for p := 0; ; {
		// The next trigger of each kind at or after p; the first of all.
		first := -1
		for k, t := range idTriggers {
			if at[k] != -1 && at[k] < p {
				if i := strings.Index(html[p:], t); i >= 0 {
					at[k] = p + i
				} else {
					at[k] = -1
				}
			}
			if at[k] >= 0 && (first < 0 || at[k] < at[first]) {
				first = k
			}
		}
		if first < 0 {
			break
		}
		i := at[first]
		p = i + 1
		v := i + len(idTriggers[first]) // the value
		stop := byte('"')
		ids := true
		switch first {
		case 0, 1: // id, for
			if i-1 < from || !isSpace(html[i-1]) {
				continue
			}
		case 2: // aria-labelledby, aria-describedby
			name := html[from : i+2]
			if !(hasSpacedSuffix(name, "aria-labelledby") || hasSpacedSuffix(name, "aria-describedby")) {
				continue
			}
		case 3: // href="#
			ids = false
		case 4: // url(#
			ids, stop = false, ')'
		}
		q := strings.IndexByte(html[v:], stop)
		if q < 0 {
			continue
		}
		if out.Len() == 0 {
			out.Grow(len(html) + len(html)/16)
		}
		out.WriteString(html[from:v])
		if ids {
			for k, id := range strings.Fields(html[v : v+q]) {
				if k > 0 {
					out.WriteByte(' ')
				}
				out.WriteString(prefix)
				out.WriteString(id)
			}
		} else {
			out.WriteString(prefix)
			out.WriteString(html[v : v+q])
		}
		out.WriteByte(stop)
		from = v + q + 1
		p = from
	}
	if from == 0 {
		return html
	}
	out.WriteString(html[from:])
	return out.String()
}

// hasSpacedSuffix reports whether s ends with white space and name.
func hasSpacedSuffix(s, name string) bool {
	k := len(s) - len(name) - 1
	return k >= 0 && s[k+1:] == name && isSpace(s[k])
}

// isSpace reports whether c is white space as \s of a regular expression
// is: a space, \t, \n, \f or \r.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// printPage is one page of a print document.
type printPage struct {
	ID, Title string
	Body      template.HTML
}

// printDocs makes the print document of every game's section that has
// one. A document whose pages and layout did not change is taken from the
// cache.
func (b *builder) printDocs() error {
	c := b.opt.Cache
	for _, l := range i18n.Langs {
		for k, s := range b.nav.secs[l] {
			if !b.nav.printed(l, k) {
				continue
			}
			url := printURL(l, s.game)
			order := b.sectionOrder(s)
			v := pageView{
				L:           l,
				Title:       l.F("print.title", "game", s.Title),
				Description: l.F("print.description", "game", s.Title),
				Root:        relURL(url, ""),
				Home:        relURL(url, string(l)+"/index.html"),
				CSP:         CSP,
				Profile:     l.F("footer.profile", "profile", profileName(l, b.cfg.Rules)),
			}
			for _, other := range i18n.Langs {
				if other == l || b.nav.printedGame(other, s.game) {
					v.Alternates = append(v.Alternates, alternate{
						Lang: other, Name: other.T("lang.name"),
						Href: relURL(url, printURL(other, s.game)),
						Abs:  b.absURL(printURL(other, s.game)),
					})
				}
			}
			key := ""
			if c != nil {
				key = b.printKey(url, v, order)
				if ent := c.print(key); key != "" && ent != nil && b.reusePrint(ent, order) {
					continue
				}
			}
			toc, err := b.toc(l, url)
			if err != nil {
				return err
			}
			v.Nav = toc
			skel, err := b.skeleton(v)
			if err != nil {
				return err
			}
			var pages []printPage
			var texts [][]byte
			size := 0
			for k, i := range order {
				text, err := b.printText(i)
				if err != nil {
					return err
				}
				texts = append(texts, unsafe.Slice(unsafe.StringData(text), len(text))) // read only
				size += len(text)
				pages = append(pages, printPage{
					ID:    strings.TrimSuffix(printPrefix(i), "-"),
					Title: b.pages[i].fm.Title,
					Body:  template.HTML(partMarker(k)),
				})
			}
			// The pages' texts are spliced into print.html's output, as
			// the page's into the layout's, when the template allows.
			view := struct {
				L     i18n.Lang
				Pages []printPage
			}{l, pages}
			var buf bytes.Buffer
			if err := b.tmpl.HTML.ExecuteTemplate(&buf, "print.html", view); err != nil {
				return err
			}
			b.printOnce.Do(func() {
				if t := b.tmpl.HTML.Lookup("print.html"); t != nil && t.Tree != nil {
					b.printSplicing = spliceable(t.Tree, &spliceScope{ranges: map[string]*spliceScope{"Pages": {field: "Body"}}})
				}
			})
			var doc []byte
			var at []int // where each page's text is in doc, if known
			body := buf.Bytes()
			if !b.printSplicing {
				for k := range view.Pages {
					view.Pages[k].Body = template.HTML(texts[k])
				}
				buf.Reset()
				if err := b.tmpl.HTML.ExecuteTemplate(&buf, "print.html", view); err != nil {
					return err
				}
				body = buf.Bytes()
			}
			switch {
			case skel != nil && b.printSplicing:
				// Both at once: the texts into print.html's, that into the
				// layout's.
				doc = spliceWith(skel, len(body)+size, func(out []byte) []byte {
					out, first := fillInto(out, body, texts)
					if at == nil {
						at = first
					}
					return out
				})
			case b.printSplicing:
				body, _ = fillInto(make([]byte, 0, len(body)+size), body, texts)
				fallthrough
			case skel != nil:
				doc = splice(skel, body)
			default:
				v.Content = template.HTML(body)
				var out bytes.Buffer
				if err := b.tmpl.HTML.ExecuteTemplate(&out, "layout.html", v); err != nil {
					return err
				}
				doc = out.Bytes()
			}
			sum := ""
			if key != "" {
				sum = digest(doc)
			}
			if _, err := b.emitSum(url, doc, sum); err != nil {
				return err
			}
			if key == "" {
				continue
			}
			// Where each page's text is in the document, for the next
			// build to read it from there.
			ent := &cachedPrint{file: cachedFile{name: url, sum: sum, data: doc}}
			from := 0
			for k, text := range texts {
				loc := location{}
				if at != nil && at[k] >= 0 {
					loc = location{file: url, sum: sum, off: at[k], n: len(text)}
				} else if j := bytes.Index(doc[from:], text); j >= 0 {
					loc = location{file: url, sum: sum, off: from + j, n: len(text)}
					from += j + len(text)
				}
				ent.bodies = append(ent.bodies, loc)
			}
			if c.onDisk() {
				ent.file.data = nil
			}
			b.notePrintAt(ent, order)
			c.putPrint(key, ent)
		}
	}
	return nil
}

// printKey is the digest of what the print document at url comes from:
// its layout's data v (its content and table of contents left out: the
// navigation, whose digest is in the key, makes the latter) and its
// pages, by their keys in the cache; "" when a page has none.
func (b *builder) printKey(url string, v pageView, order []int) string {
	h := sha256.New()
	field := func(s string) { writeField(h, s) }
	field("nardydocs print 1")
	field(b.opt.Cache.Version)
	field(b.tmpl.Digest)
	field(url)
	field(b.navDigest())
	v.Nav = ""
	digestValue(field, reflect.ValueOf(v))
	for _, i := range order {
		if b.pageKeys[i] == "" {
			return ""
		}
		field(b.pageKeys[i])
	}
	return hex.EncodeToString(h.Sum(nil)[:20])
}

// reusePrint hands the cached print document of the pages order to the
// output, or reports false (having handed nothing) when it is neither at
// hand nor in the previous build as that build left it.
func (b *builder) reusePrint(ent *cachedPrint, order []int) bool {
	if len(ent.bodies) != len(order) {
		return false
	}
	f := ent.file
	if f.data != nil {
		if _, err := b.emitSum(f.name, f.data, f.sum); err != nil {
			return false
		}
	} else {
		l, ok := b.previous()
		if !ok || !l.has(f.name, f.sum) || b.emitLink(l, f.name, f.sum) != nil {
			return false
		}
	}
	b.notePrintAt(ent, order)
	return true
}

// notePrintAt records, in the cache's entries of the pages order, where
// each one's text is in the print document ent (for a disk cache, which
// keeps no text).
func (b *builder) notePrintAt(ent *cachedPrint, order []int) {
	c := b.opt.Cache
	if !c.onDisk() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, i := range order {
		if p := c.pages[b.pageKeys[i]]; p != nil && b.pageKeys[i] != "" && k < len(ent.bodies) {
			cp := *p
			cp.printAt = ent.bodies[k]
			c.pages[b.pageKeys[i]] = &cp
		}
	}
}

// sectionOrder returns the pages of section s in reading order: its
// index page, then the others.
func (b *builder) sectionOrder(s navSection) []int {
	var order []int
	if s.index >= 0 {
		order = append(order, s.index)
	}
	for _, it := range s.Pages {
		if it.index >= 0 {
			order = append(order, it.index)
		}
	}
	return order
}
