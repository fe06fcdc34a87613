package site

import (
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

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

// checkLinks resolves every internal link, reports broken ones and
// keeps, for the others, the destination in the built site.
func (ix *index) checkLinks(errs *engine.ErrorList) {
	for i, p := range ix.pages {
		for _, l := range ix.res[i].links {
			target, anchor := resolveLink(p, l.dest)
			if !strings.HasSuffix(target, ".md") {
				errs.Add(l.pos, "link "+strconv.Quote(l.dest)+`: link to another page by its .md file, e.g. "head.md" or "../glossary.md#зары"`)
				continue
			}
			if href, ok := ix.gameLink(p, target); ok {
				if anchor != "" {
					errs.Add(l.pos, "link "+strconv.Quote(l.dest)+": the game page has no sections to link to; link it without \"#"+anchor+"\"")
					continue
				}
				ix.res[i].hrefs[l.dest] = href
				continue
			}
			j, ok := ix.byKey[target]
			if !ok && ix.dropped[target] {
				ix.res[i].hrefs[l.dest] = "" // its text stays, without the link
				continue
			}
			if !ok && ix.drafts[target] {
				errs.Add(l.pos, "link "+strconv.Quote(l.dest)+": "+ix.contentPath(target)+` is a draft ("draft: true"), left out of the build: publish it, or link it once it is (build --drafts builds the drafts too)`)
				continue
			}
			stand := false // the page of another language stands in
			if !ok && ix.translations() == Fallback {
				j, ok = ix.standIn(target)
				stand = ok
			}
			if !ok && ix.translated(target) {
				continue // a missing translation, reported as such
			}
			if !ok {
				errs.Add(l.pos, "broken link "+strconv.Quote(l.dest)+": "+ix.contentPath(target)+" does not exist")
				continue
			}
			if q := ix.pages[j]; q.fm.Draft && !p.fm.Draft {
				ix.warns.Add(l.pos, "link "+strconv.Quote(l.dest)+": "+q.file+` is a draft: a build without the drafts fails here until it is published`)
			}
			if stand && anchor != "" && !ix.res[j].ids[anchor] {
				anchor = "" // the other language's headings have other ids
			}
			if anchor != "" && !ix.res[j].ids[anchor] {
				errs.Add(l.pos, "broken link "+strconv.Quote(l.dest)+": "+ix.contentPath(target)+" has no heading or figure with id "+strconv.Quote(anchor))
				continue
			}
			href := relURL(p.url(), ix.pages[j].url())
			if j == i && anchor != "" {
				href = ""
			}
			if anchor != "" {
				href += "#" + anchor
			}
			ix.res[i].hrefs[l.dest] = href
		}
	}
}

// gameLink returns the link from page p to the game page that target
// names ("ru/long/play.md", which the build writes as ru/long/play.html),
// and whether target is one: a page links its game page as "play.md".
// A build without the checker has no game pages: the link is "", and
// keeps its text only.
func (ix *index) gameLink(p *page, target string) (string, bool) {
	for _, l := range ix.cfg.Languages {
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			if target != gameKey(l, g) {
				continue
			}
			if _, ok := ix.nav.game[l][g]; ok {
				return relURL(p.url(), gameURL(l, g)), true
			}
			if !ix.opt.Checker {
				return "", true
			}
		}
	}
	return "", false
}

// standIn returns the page of another language that stands in for the
// missing page target ("uk/extra.md") with translations: fallback: the
// one the language's table of contents lists.
func (ix *index) standIn(target string) (int, bool) {
	lang, rel, _ := strings.Cut(strings.TrimSuffix(target, ".md"), "/")
	for _, j := range ix.fallbacks[i18n.Lang(lang)] {
		if ix.pages[j].rel == rel {
			return j, true
		}
	}
	return 0, false
}

// translated reports whether the missing page target ("uk/extra.md")
// exists in another of the site's languages.
func (ix *index) translated(target string) bool {
	_, rest, _ := strings.Cut(target, "/")
	for _, l := range ix.cfg.Languages {
		if _, ok := ix.byKey[string(l)+"/"+rest]; ok {
			return true
		}
	}
	return false
}

// relURL returns the relative link from the page at slash path from to
// the file at slash path to (both relative to the site's root; to = ""
// is the root itself), each part escaped for a URL ("e f.html" →
// "e%20f.html", "a#b.html" → "a%23b.html").
func relURL(from, to string) string {
	fromDirs := strings.Split(from, "/")
	fromDirs = fromDirs[:len(fromDirs)-1]
	toParts := strings.Split(to, "/")
	common := 0
	for common < len(fromDirs) && common < len(toParts)-1 && fromDirs[common] == toParts[common] {
		common++
	}
	return strings.Repeat("../", len(fromDirs)-common) + escapePath(strings.Join(toParts[common:], "/"))
}

// escapePath escapes each part of a slash path for a URL.
func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

// absURL returns the address of the site's file at slash path p.
func (s *source) absURL(p string) string { return s.cfg.BaseURL + escapePath(p) }

// resolveLink resolves a link written in page p to a content path
// relative to the content root ("ru/long/head.md") and an anchor. The
// link's path may be escaped as a URL's ("e%20f.md").
func resolveLink(p *page, dest string) (target, anchor string) {
	target, anchor, _ = strings.Cut(dest, "#")
	if target == "" {
		return p.key(), anchor
	}
	if t, err := url.PathUnescape(target); err == nil {
		target = t
	}
	target = path.Join(string(p.lang), path.Dir(p.rel), target)
	if path.Base(target) == SectionIndexFile {
		target = path.Join(path.Dir(target), IndexFile)
	}
	return target, anchor
}

// dropCheckerPages leaves out of a build without the checker every page
// that holds the checker's block editor: without the checker it would
// offer controls that do nothing. A link to it keeps its text, without
// the link.
func (ix *index) dropCheckerPages() {
	var pages []*page
	var res []*analysis
	ix.dropped = map[string]bool{}
	for i, p := range ix.pages {
		if ix.res[i].editor {
			ix.dropped[p.key()] = true
			continue
		}
		pages = append(pages, p)
		res = append(res, ix.res[i])
	}
	if len(pages) == len(ix.pages) {
		return
	}
	ix.pages, ix.res = pages, res
	ix.byKey = map[string]int{}
	for i, p := range ix.pages {
		ix.byKey[p.key()] = i
	}
	for i, r := range ix.res {
		for k := range r.exercises {
			r.exercises[k].page = i
		}
	}
}
