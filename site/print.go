package site

import (
	"bytes"
	"html/template"
	"regexp"
	"strconv"
	"strings"
	"sync"

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
	bodies map[int]string
}

// keep records page i's rendered text for its print document: its ids
// made its own there, and without the move checker's forms (the
// document loads no checker: they belong to the page itself).
func (pb *printBodies) keep(i int, body string) {
	body = checkerForm.ReplaceAllString(body, "")
	pb.mu.Lock()
	pb.bodies[i] = prefixIDs(body, printPrefix(i))
	pb.mu.Unlock()
}

// checkerForm matches a figure's move checker form, as figure.html
// writes it.
var checkerForm = regexp.MustCompile(`(?s)\n?<form class="checker"[^>]*>.*?</form>`)

// printPrefix is what the ids of page i start with in a print document.
func printPrefix(i int) string { return "p" + strconv.Itoa(i) + "-" }

// idRef matches, in HTML the build wrote, an attribute holding ids or a
// reference to one: id, for and the ARIA references, a link to an anchor
// of the same page, and an SVG url(#…).
var idRef = regexp.MustCompile(`(\s(?:id|for|aria-labelledby|aria-describedby)=")([^"]*)"|(href="#)([^"]*)"|(url\(#)([^)]*)\)`)

// prefixIDs returns html with every id, and every reference to one,
// starting with prefix: the text of several pages can then share one
// page.
func prefixIDs(html, prefix string) string {
	return idRef.ReplaceAllStringFunc(html, func(m string) string {
		sub := idRef.FindStringSubmatch(m)
		switch {
		case sub[1] != "":
			ids := strings.Fields(sub[2])
			for k := range ids {
				ids[k] = prefix + ids[k]
			}
			return sub[1] + strings.Join(ids, " ") + `"`
		case sub[3] != "":
			return sub[3] + prefix + sub[4] + `"`
		default:
			return sub[5] + prefix + sub[6] + ")"
		}
	})
}

// printPage is one page of a print document.
type printPage struct {
	ID, Title string
	Body      template.HTML
}

// printDocs makes the print document of every game's section that has
// one.
func (b *builder) printDocs() error {
	for _, l := range i18n.Langs {
		for k, s := range b.nav.secs[l] {
			if !b.nav.printed(l, k) {
				continue
			}
			url := printURL(l, s.game)
			var pages []printPage
			for _, i := range b.sectionOrder(s) {
				pages = append(pages, printPage{
					ID:    strings.TrimSuffix(printPrefix(i), "-"),
					Title: b.pages[i].fm.Title,
					Body:  template.HTML(b.prints.bodies[i]),
				})
			}
			var body bytes.Buffer
			if err := b.tmpl.HTML.ExecuteTemplate(&body, "print.html", struct {
				L     i18n.Lang
				Pages []printPage
			}{l, pages}); err != nil {
				return err
			}
			toc, err := b.toc(l, url)
			if err != nil {
				return err
			}
			v := pageView{
				L:           l,
				Title:       l.F("print.title", "game", s.Title),
				Description: l.F("print.description", "game", s.Title),
				Root:        relURL(url, ""),
				Home:        relURL(url, string(l)+"/index.html"),
				CSP:         CSP,
				Content:     template.HTML(body.String()),
				Nav:         toc,
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
			var out bytes.Buffer
			if err := b.tmpl.HTML.ExecuteTemplate(&out, "layout.html", v); err != nil {
				return err
			}
			if err := b.emit(url, out.Bytes()); err != nil {
				return err
			}
		}
	}
	return nil
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
