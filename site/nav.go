package site

import (
	"bytes"
	"html/template"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The table of contents of every page lists a section of at most tocFull
// entries in full. A larger section shows the tocAround entries either
// side of the page (on a page of another section, its first
// 2·tocAround+1 entries), with links to the language's contents page,
// which lists every page. So a page's table of contents has a bounded
// size, and a site of any size builds in time linear in its pages.
const (
	tocFull   = 40
	tocAround = 7
)

// navSection is one group of the table of contents.
type navSection struct {
	Title string
	Href  string
	ID    string // its anchor on the contents page
	Pages []navItem
	// Before and After link to the contents page when entries are left
	// out before and after those shown.
	Before, After *navItem
	// Lang and Note are those of the section's index page (see navItem).
	Lang    i18n.Lang
	Note    string
	index   int    // the section's index page, or -1
	url     string // the other language's index page, when it stands in
	dir     string // the section's directory: "long"
	game    engine.Game
	hasGame bool
}

// navItem is one entry of the table of contents.
type navItem struct {
	Title string
	Href  string
	// Lang is set for a page missing in the language of the contents,
	// listed in the language it has (translations: fallback).
	Lang i18n.Lang
	// Note says so ("только по-украински"), or that the page is a draft
	// ("черновик"), or both; "" for neither.
	Note  string
	index int // in index.pages, or -1 (a generated page, another language's page)
	page  int // in index.pages, or -1 (a generated page): what the entry is sorted by
	url   string
}

// site's table of contents and reading order, computed once per build.
type navigation struct {
	secs  map[i18n.Lang][]navSection
	order map[i18n.Lang][]int
	pos   []int // page index → position in its language's reading order
	// worksheet[l][g]: language l has a worksheet for game g.
	worksheet map[i18n.Lang]map[engine.Game]bool
	// contents: language l has a contents page (some section is too
	// large to list in full on every page).
	contents map[i18n.Lang]bool
	// at finds an entry of a large section by its url.
	at map[string]navAt
	// print[l][k]: section k of language l has a print document;
	// printAt[i]: page i is the printAt[i]-th page of one (0: of none).
	print   map[i18n.Lang]map[int]bool
	printAt []int
	// game[l][g] is, when language l has a game page for game g, the
	// page of its section's index (its own, or the one that stands in).
	game map[i18n.Lang]map[engine.Game]int
}

// printPrefix returns what the ids of page i start with in its print
// document ("p3-": it is its third page), or "" when it is in none.
func (n navigation) printPrefix(i int) string {
	if n.printAt[i] == 0 {
		return ""
	}
	return "p" + strconv.Itoa(n.printAt[i]) + "-"
}

// printed reports whether section k of language l has a print document.
func (n navigation) printed(l i18n.Lang, k int) bool { return n.print[l][k] }

// printedGame reports whether language l has a print document for game g.
func (n navigation) printedGame(l i18n.Lang, g engine.Game) bool {
	for k := range n.print[l] {
		if s := n.secs[l][k]; s.hasGame && s.game == g {
			return true
		}
	}
	return false
}

// navAt is where an entry is in its language's table of contents.
type navAt struct{ sec, entry int }

// navigate computes the table of contents, the reading order, which
// worksheets and contents pages exist; after the first pass.
func (ix *index) navigate() {
	n := navigation{
		secs:      map[i18n.Lang][]navSection{},
		order:     map[i18n.Lang][]int{},
		pos:       make([]int, len(ix.pages)),
		worksheet: map[i18n.Lang]map[engine.Game]bool{},
		contents:  map[i18n.Lang]bool{},
		at:        map[string]navAt{},
		print:     map[i18n.Lang]map[int]bool{},
		printAt:   make([]int, len(ix.pages)),
		game:      map[i18n.Lang]map[engine.Game]int{},
	}
	for _, l := range ix.cfg.Languages {
		n.worksheet[l] = map[engine.Game]bool{}
	}
	for i, r := range ix.res {
		for _, e := range r.exercises {
			n.worksheet[ix.pages[i].lang][e.game] = true
		}
	}
	for _, lang := range ix.cfg.Languages {
		n.game[lang] = map[engine.Game]int{}
		secs := ix.sections(lang)
		for k := range secs {
			s := &secs[k]
			s.ID = "s-" + strconv.Itoa(k+1)
			if s.index >= 0 || s.url != "" {
				s.game, s.hasGame = engine.ParseGame(s.dir)
			}
			for j := range s.Pages {
				s.Pages[j].url = ix.pages[s.Pages[j].page].url()
			}
			// A game's section lists its game page (game.go) first of
			// the pages the build writes; a build without the checker
			// has no game to play, and no game page.
			if s.hasGame && ix.opt.Checker {
				index := s.index
				if index < 0 {
					index = ix.byKey[strings.TrimSuffix(s.url, ".html")+".md"]
				}
				n.game[lang][s.game] = index
				s.Pages = append(s.Pages, navItem{Title: lang.T("gp.nav"), index: -1, url: gameURL(lang, s.game)})
			}
			// A game's section listed in full has a print document.
			if s.hasGame && len(s.Pages) < tocFull {
				if n.print[lang] == nil {
					n.print[lang] = map[int]bool{}
				}
				n.print[lang][k] = true
				for k, i := range ix.sectionOrder(*s) {
					n.printAt[i] = k + 1
				}
				s.Pages = append(s.Pages, navItem{Title: lang.T("print.nav"), index: -1, url: printURL(lang, s.game)})
			}
			if s.dir == "" {
				// The notation page, which every table of moves links to,
				// is a generated page of the language's own section.
				s.Pages = append(s.Pages, navItem{Title: lang.T("nt.title"), index: -1, url: notationURL(lang)})
			}
			if s.hasGame && n.worksheet[lang][s.game] {
				s.Pages = append(s.Pages, navItem{Title: lang.T("ws.nav"), index: -1, url: worksheetURL(lang, s.game)})
			}
			if len(s.Pages) > tocFull {
				n.contents[lang] = true
				for j, it := range s.Pages {
					n.at[it.url] = navAt{k, j}
				}
			}
		}
		n.secs[lang] = secs
		var order []int
		for _, s := range secs {
			if s.index >= 0 {
				order = append(order, s.index)
			}
			for _, it := range s.Pages {
				if it.index >= 0 {
					order = append(order, it.index)
				}
			}
		}
		for k, i := range order {
			n.pos[i] = k
		}
		n.order[lang] = order
	}
	ix.nav = n
}

// sections returns the sections of language lang's table of contents in
// reading order.
func (ix *index) sections(lang i18n.Lang) []navSection {
	col := collate.New(language.Make(string(lang)))
	bySec := map[string]*navSection{}
	var secs []string
	add := func(i int, fallback bool) {
		p := ix.pages[i]
		sec := section(p.rel)
		s, ok := bySec[sec]
		if !ok {
			s = &navSection{index: -1, dir: sec}
			bySec[sec] = s
			secs = append(secs, sec)
		}
		item := navItem{Title: p.fm.Title, index: i, page: i}
		var notes []string
		if p.fm.Draft {
			notes = append(notes, lang.T("draft.mark"))
		}
		if fallback {
			item.index, item.Lang = -1, p.lang
			notes = append(notes, lang.F("nav.fallback", "lang", lang.T("lang.in."+string(p.lang))))
		}
		item.Note = strings.Join(notes, ", ")
		if sec != "" && p.rel == sec+"/index" {
			s.Title, s.Lang, s.Note = p.fm.Title, item.Lang, item.Note
			if fallback {
				s.url = p.url()
			} else {
				s.index = i
			}
			return
		}
		s.Pages = append(s.Pages, item)
	}
	for i, p := range ix.pages {
		if p.lang == lang {
			add(i, false)
		}
	}
	for _, i := range ix.fallbacks[lang] {
		add(i, true)
	}
	less := func(ai, bi int, at, bt string) int {
		if d := ix.pages[ai].fm.Order - ix.pages[bi].fm.Order; d != 0 {
			return d
		}
		return col.CompareString(at, bt)
	}
	for _, s := range bySec {
		slices.SortStableFunc(s.Pages, func(x, y navItem) int {
			// The language's home page comes first.
			if xi, yi := ix.pages[x.page].rel == "index", ix.pages[y.page].rel == "index"; xi != yi {
				if xi {
					return -1
				}
				return 1
			}
			return less(x.page, y.page, x.Title, y.Title)
		})
	}
	// A section's index page is its language's, or the one that stands in.
	indexPage := func(s *navSection) int {
		if s.index >= 0 || s.url == "" {
			return s.index
		}
		return ix.byKey[strings.TrimSuffix(s.url, ".html")+".md"]
	}
	slices.SortStableFunc(secs, func(x, y string) int {
		if x == "" || y == "" {
			return strings.Compare(x, y)
		}
		xi, yi := indexPage(bySec[x]), indexPage(bySec[y])
		if xi >= 0 && yi >= 0 {
			return less(xi, yi, bySec[x].Title, bySec[y].Title)
		}
		return strings.Compare(x, y)
	})
	out := make([]navSection, 0, len(secs))
	for _, sec := range secs {
		s := bySec[sec]
		if s.Title == "" && sec != "" {
			s.Title = sec
		}
		out = append(out, *s)
	}
	return out
}

// neighbours returns the pages before and after page i in reading order.
func (ix *index) neighbours(i int) (prev, next *navItem) {
	p := ix.pages[i]
	order, k := ix.nav.order[p.lang], ix.nav.pos[i]
	if k > 0 {
		j := order[k-1]
		prev = &navItem{Title: ix.pages[j].fm.Title, Href: relURL(p.url(), ix.pages[j].url())}
	}
	if k+1 < len(order) {
		j := order[k+1]
		next = &navItem{Title: ix.pages[j].fm.Title, Href: relURL(p.url(), ix.pages[j].url())}
	}
	return prev, next
}

// sectionOrder returns the pages of section s in reading order: its
// index page, then the others.
func (ix *index) sectionOrder(s navSection) []int {
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

// sectionHref returns the link from the page at from to section s's
// index page, or "" when it has none.
func (rn *renderer) sectionHref(s navSection, from string) string {
	switch {
	case s.index >= 0:
		return relURL(from, rn.pages[s.index].url())
	case s.url != "":
		return relURL(from, s.url)
	}
	return ""
}

// contentsURL returns the output path of a language's contents page.
func contentsURL(l i18n.Lang) string { return string(l) + "/contents.html" }

// toc returns the table of contents of language l as the page at url
// shows it, its own entry marked current. The links are relative to the
// page's directory, so each section is rendered once per directory, and
// the whole table once per directory for the pages whose section is
// listed in full; a page of a large section gets the window around it.
func (rn *renderer) toc(l i18n.Lang, url string) (template.HTML, error) {
	dir := path.Dir(url)
	at, windowed := rn.nav.at[url]
	key := string(l) + "\x00" + dir
	var html string
	ok := false
	if !windowed {
		rn.tocMu.Lock()
		html, ok = rn.tocs[key]
		rn.tocMu.Unlock()
	}
	if !ok {
		secs := rn.nav.secs[l]
		view := struct {
			L        i18n.Lang
			Sections []template.HTML
			Contents string
		}{L: l, Sections: make([]template.HTML, len(secs))}
		from := dir + "/index.html" // any page of the directory
		for k := range secs {
			var err error
			if windowed && k == at.sec {
				n := len(secs[k].Pages)
				view.Sections[k], err = rn.tocSection(l, from, k, max(0, min(at.entry-tocAround, n-2*tocAround-1)))
			} else {
				view.Sections[k], err = rn.tocSectionCached(l, from, k)
			}
			if err != nil {
				return "", err
			}
		}
		if rn.nav.contents[l] {
			view.Contents = relURL(from, contentsURL(l))
		}
		var out bytes.Buffer
		if err := rn.tmpl.HTML.ExecuteTemplate(&out, "nav.html", view); err != nil {
			return "", err
		}
		html = strings.TrimSuffix(out.String(), "\n")
		if !windowed {
			rn.tocMu.Lock()
			rn.tocs[key] = html
			rn.tocMu.Unlock()
		}
	}
	self := `href="` + relURL(url, url) + `"`
	return template.HTML(strings.Replace(html, self+">", self+` aria-current="page">`, 1)), nil
}

// tocInput returns what language l's table of contents is made from, as
// the page at url shows it (see toc): the sections' digest is computed
// once for each language.
func (rn *renderer) tocInput(l i18n.Lang, url string) (tocInput, error) {
	rn.tocMu.Lock()
	sum, ok := rn.tocSums[l]
	rn.tocMu.Unlock()
	if !ok {
		in := tocSectionsInput{L: l}
		for _, s := range rn.nav.secs[l] {
			sec := tocSectionInput{Title: s.Title, ID: s.ID, Note: s.Note, Lang: s.Lang}
			switch {
			case s.index >= 0:
				sec.Index = rn.pages[s.index].url()
			case s.url != "":
				sec.Index = s.url
			}
			for _, it := range s.Pages {
				sec.Pages = append(sec.Pages, tocEntryInput{Title: it.Title, URL: it.url, Note: it.Note, Lang: it.Lang})
			}
			in.Sections = append(in.Sections, sec)
		}
		var err error
		if sum, err = memoKey("toc sections", &in); err != nil {
			return tocInput{}, err
		}
		rn.tocMu.Lock()
		rn.tocSums[l] = sum
		rn.tocMu.Unlock()
	}
	at, windowed := rn.nav.at[url]
	return tocInput{L: l, URL: url, Sections: sum, Window: windowed, Sec: at.sec, At: at.entry, Contents: rn.nav.contents[l]}, nil
}

// tocSectionCached returns section k of language l's table of contents
// as a page at from shows it when it is not in that section: rendered
// once per directory.
func (rn *renderer) tocSectionCached(l i18n.Lang, from string, k int) (template.HTML, error) {
	key := string(l) + "\x00" + path.Dir(from) + "\x00" + strconv.Itoa(k)
	rn.tocMu.Lock()
	html, ok := rn.tocs[key]
	rn.tocMu.Unlock()
	if ok {
		return template.HTML(html), nil
	}
	h, err := rn.tocSection(l, from, k, 0)
	if err != nil {
		return "", err
	}
	rn.tocMu.Lock()
	rn.tocs[key] = string(h)
	rn.tocMu.Unlock()
	return h, nil
}

// tocSection renders section k of language l's table of contents for a
// page at from: in full, or, in a section of more than tocFull entries,
// the 2·tocAround+1 entries from start on and links to the contents
// page for the others.
func (rn *renderer) tocSection(l i18n.Lang, from string, k, start int) (template.HTML, error) {
	s := rn.nav.secs[l][k]
	s.Href = rn.sectionHref(s, from)
	all := s.Pages
	if len(all) > tocFull {
		end := start + 2*tocAround + 1
		more := relURL(from, contentsURL(l)) + "#" + s.ID
		if start > 0 {
			s.Before = &navItem{Title: l.F("nav.more", "n", l.N(start, "page")), Href: more}
		}
		if end < len(all) {
			s.After = &navItem{Title: l.F("nav.more", "n", l.N(len(all)-end, "page")), Href: more}
		}
		all = all[start:end]
	}
	s.Pages = make([]navItem, len(all))
	for j, it := range all {
		it.Href = relURL(from, it.url)
		s.Pages[j] = it
	}
	var out bytes.Buffer
	if err := rn.tmpl.HTML.ExecuteTemplate(&out, "toc-section", s); err != nil {
		return "", err
	}
	return template.HTML(strings.TrimSpace(out.String())), nil
}

// contentsPages makes the contents page of every language that has one:
// the whole table of contents, every page listed.
func (rn *renderer) contentsPages() error {
	for _, l := range rn.cfg.Languages {
		if !rn.nav.contents[l] {
			continue
		}
		url := contentsURL(l)
		var secs []navSection
		for _, s := range rn.nav.secs[l] {
			s.Href = rn.sectionHref(s, url)
			s.Pages = slices.Clone(s.Pages)
			for j := range s.Pages {
				s.Pages[j].Href = relURL(url, s.Pages[j].url)
			}
			secs = append(secs, s)
		}
		v := pageView{
			L:       l,
			Title:   l.T("nav.all"),
			Root:    relURL(url, ""),
			Home:    relURL(url, string(l)+"/index.html"),
			CSP:     CSP,
			Profile: l.F("footer.profile", "profile", profileName(l, rn.cfg.Rules)),
		}
		for _, other := range rn.cfg.Languages {
			if rn.nav.contents[other] {
				v.Alternates = append(v.Alternates, alternate{
					Lang: other, Name: other.T("lang.name"),
					Href: relURL(url, contentsURL(other)),
					Abs:  rn.absURL(contentsURL(other)),
				})
			}
		}
		in := contentsInput{L: l, Nav: secs}
		err := rn.generatedPage(url, v, in, func() (template.HTML, error) {
			var body strings.Builder
			if err := rn.tmpl.HTML.ExecuteTemplate(&body, "contents.html", in); err != nil {
				return "", err
			}
			return template.HTML(body.String()), nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
