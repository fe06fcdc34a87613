package site

import (
	"sync"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/memo"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// memoKey is the one function that names a value in the memo: the digest
// of kind and of every exported field of in (see memo.Key). Each kind of
// value has a struct of all its inputs — figureInput, pageInput — so
// that an input is in the key by being in the struct.
func memoKey(kind string, in any) (string, error) {
	return memo.Key("nardydocs "+kind+" 1", in)
}

// pageInput is everything a rendered page is made from, but what its
// figures read of it (their figureInputs come from the same source):
// the program and templates, whether the site has the checker, the page
// itself, where its links lead, its place in a print document, the
// layout's data as view fills it in (the neighbours, the translations:
// every field the layout may show), and what its table of contents is
// made from (TOC).
type pageInput struct {
	Version   string
	Templates string
	Checker   bool
	File      string // as messages name it
	Path      string // its output path
	Source    string // a digest of its text, the front matter blanked (page.srcSum)
	Game      string // its game, "" for none
	Rules     string // its rule profile
	Broken    bool   // its front matter could not be read
	Hrefs     map[string]string
	Print     string // its ids' prefix in its print document, "" for none
	View      pageView
	TOC       tocInput
}

// pageInput returns the inputs of page i, whose layout data is v (but
// its table of contents).
func (rn *renderer) pageInput(i int, v pageView, prefix string) (*pageInput, error) {
	p := rn.pages[i]
	toc, err := rn.tocInput(p.lang, p.url())
	if err != nil {
		return nil, err
	}
	in := &pageInput{
		Version: rn.opt.Version, Templates: rn.tmpl.Digest, Checker: rn.opt.Checker,
		File: p.file, Path: p.url(), Source: p.srcSum, Rules: profileOf(p.fm.Rules), Broken: p.fm.broken,
		Hrefs: rn.res[i].hrefs, Print: prefix, View: v, TOC: toc,
	}
	if p.fm.HasGame {
		in.Game = p.fm.Game.String()
	}
	return in, nil
}

// tocInput is what the table of contents of a language is made from, as
// the page at URL shows it (toc): the language's sections, by the digest
// of their tocSectionsInput; the page's place in a section listed in a
// window around it, if it is; whether the language has a contents page.
type tocInput struct {
	L        i18n.Lang
	URL      string
	Sections string
	Window   bool
	Sec, At  int // the section and the entry of the page, in a window
	Contents bool
}

// tocSectionsInput is the sections of a language's table of contents,
// every field tocSection reads of them.
type tocSectionsInput struct {
	L        i18n.Lang
	Sections []tocSectionInput
}

// tocSectionInput is one section: its title, anchor, language and note,
// the output path of its index page ("" for none), and its entries.
type tocSectionInput struct {
	Title, ID, Note string
	Lang            i18n.Lang
	Index           string
	Pages           []tocEntryInput
}

// tocEntryInput is an entry of a section: the page's title, output path,
// language and note.
type tocEntryInput struct {
	Title, URL, Note string
	Lang             i18n.Lang
}

// generatedInput is everything a page the build generates is made from
// (a print document, a worksheet, a game page, the notation page, a
// contents page): the program and templates, its output path, the
// layout's data as the layout shows it (but the table of contents, named
// by what it is made from: TOC), and Body, what its text is made from:
// for each kind of page a struct of its own (printInput, worksheetInput,
// gameView without its board, notationView without its diagrams,
// contentsInput).
type generatedInput struct {
	Version   string
	Templates string
	Path      string
	View      pageView
	TOC       tocInput
	Body      any
}

// printInput is what a print document's text is made from: its
// language, and each of its pages' id prefix, title and the digest of
// its text for the document (pageOutput.PrintSum).
type printInput struct {
	L     i18n.Lang
	Pages []printPageInput
}

// printPageInput is one page of a print document, its text by digest.
type printPageInput struct {
	ID, Title, Print string
}

// worksheetInput is what a worksheet's text is made from: its language
// and game, the site's rule profile and its override, and each
// exercise's block as its figure's key names it (figureInput), with the
// title of its page.
type worksheetInput struct {
	L         i18n.Lang
	Game      string
	Rules     string
	Override  []string
	Exercises []exerciseInput
}

// exerciseInput is an exercise of a worksheet: its page (output path and
// title), its figure's number there, and what its block is read from.
type exerciseInput struct {
	Page, Title string
	Fig         int
	Source      string   // the block as written
	Game        string   // the page's game, "" for none
	Rules       string   // the page's rule profile
	Named       []string // "name=code" of the positions earlier blocks of the page name
}

// contentsInput is what a contents page's text is made from: the
// template's data.
type contentsInput struct {
	L   i18n.Lang
	Nav []navSection
}

// analysisInput is everything a page's analysis (analysePage) reads: the
// program, whether the templates loaded (without them no block is
// judged), whether the site has the checker, the rules a site-wide
// override sets, and the page: its file, its text and what its front
// matter gives it.
type analysisInput struct {
	Version     string
	Templates   bool
	Checker     bool
	Override    []string
	File        string // as messages name it
	Source      string // a digest of its text, the front matter blanked (page.srcSum)
	Title       string
	Description string
	Game        string // its game, "" for none
	Rules       string // its rule profile
	RulesText   string // the words of its "rules:", or ""
	Broken      bool   // its front matter could not be read
}

// frontMatterInput is everything what a page's front matter says is read
// from (readFrontMatter, when it has no problems, whose messages name the
// file): the program, the front matter's lines and the site's rules,
// which its "rules:" changes.
type frontMatterInput struct {
	Version string
	Text    []byte
	Rules   string
}

// profiles remembers the rule profiles (engine.Rules.Profile) the keys
// name, by rules: each page's keys ask for its profile, and a site has
// few.
var profiles = struct {
	sync.Mutex
	of map[engine.Rules]string
}{of: map[engine.Rules]string{}}

// profileOf returns r.Profile().
func profileOf(r engine.Rules) string {
	profiles.Lock()
	p, ok := profiles.of[r]
	profiles.Unlock()
	if !ok {
		p = r.Profile()
		profiles.Lock()
		profiles.of[r] = p
		profiles.Unlock()
	}
	return p
}
