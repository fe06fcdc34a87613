package site

import (
	"errors"
	"html/template"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The print document of a game's section (ru/long/print.html): every page
// of the section in reading order, each starting a new sheet, after a
// list of them: the booklet a teacher hands out. It is composed of the
// texts the render stage made of its pages for it (their ids prefixed,
// their figures without the move checker), and made for sections listed
// in full in the table of contents (at most tocFull pages), so that the
// texts kept for it are few.

// printURL returns the output path of a language's print document for a
// game: "ru/long/print.html".
func printURL(l i18n.Lang, g engine.Game) string {
	return string(l) + "/" + g.String() + "/print.html"
}

// printPage is one page of a print document.
type printPage struct {
	ID, Title string
	Body      template.HTML
}

// printDocs makes the print document of every game's section that has
// one, from the pages' texts for it (pages, by page index).
func (rn *renderer) printDocs(pages []*pageOutput) error {
	type doc struct {
		l i18n.Lang
		k int
	}
	var docs []doc
	for _, l := range rn.cfg.Languages {
		for k := range rn.nav.secs[l] {
			if rn.nav.printed(l, k) {
				docs = append(docs, doc{l, k})
			}
		}
	}
	// Each document by itself, at once: they are the largest pages.
	failed := make([]error, len(docs))
	var g errgroup.Group
	g.SetLimit(rn.opt.Jobs)
	for n, d := range docs {
		g.Go(func() error {
			failed[n] = rn.printDoc(pages, d.l, d.k)
			return nil
		})
	}
	g.Wait()
	return errors.Join(failed...)
}

// printDoc makes the print document of section k of language l.
func (rn *renderer) printDoc(pages []*pageOutput, l i18n.Lang, k int) error {
	s := rn.nav.secs[l][k]
	url := printURL(l, s.game)
	v := pageView{
		L:           l,
		Title:       l.F("print.title", "game", s.Title),
		Description: l.F("print.description", "game", s.Title),
		Root:        relURL(url, ""),
		Home:        relURL(url, string(l)+"/index.html"),
		CSP:         CSP,
		Profile:     l.F("footer.profile", "profile", profileName(l, rn.cfg.Rules)),
	}
	for _, other := range rn.cfg.Languages {
		if other == l || rn.nav.printedGame(other, s.game) {
			v.Alternates = append(v.Alternates, alternate{
				Lang: other, Name: other.T("lang.name"),
				Href: relURL(url, printURL(other, s.game)),
				Abs:  rn.absURL(printURL(other, s.game)),
			})
		}
	}
	in := printInput{L: l}
	var bodies [][]byte // made strings only when the document is made
	size := 0
	for _, i := range rn.sectionOrder(s) {
		in.Pages = append(in.Pages, printPageInput{
			ID:    strings.TrimSuffix(rn.nav.printPrefix(i), "-"),
			Title: rn.pages[i].fm.Title,
			Print: pages[i].PrintSum,
		})
		bodies = append(bodies, pages[i].Print)
		size += len(pages[i].Print)
	}
	err := rn.generatedPage(url, v, in, func() (template.HTML, error) {
		var doc struct {
			L     i18n.Lang
			Pages []printPage
		}
		doc.L = l
		for k, p := range in.Pages {
			doc.Pages = append(doc.Pages, printPage{ID: p.ID, Title: p.Title, Body: template.HTML(bodies[k])})
		}
		var body strings.Builder
		body.Grow(size + 4096)
		if err := rn.tmpl.HTML.ExecuteTemplate(&body, "print.html", doc); err != nil {
			return "", err
		}
		return template.HTML(body.String()), nil
	})
	return err
}
