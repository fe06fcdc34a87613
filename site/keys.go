package site

import "github.com/nardydocs/nardydocs/site/memo"

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
// itself, where its links lead, its place in a print document, and the
// layout's data as view fills it in (the table of contents, the
// neighbours, the translations: every field the layout may show).
type pageInput struct {
	Version   string
	Templates string
	Checker   bool
	File      string // as messages name it
	Path      string // its output path
	Source    []byte // its text, the front matter blanked
	Game      string // its game, "" for none
	Rules     string // its rule profile
	Broken    bool   // its front matter could not be read
	Hrefs     map[string]string
	Print     string // its ids' prefix in its print document, "" for none
	View      pageView
}

// pageInput returns the inputs of page i, whose layout data is v.
func (rn *renderer) pageInput(i int, v pageView, prefix string) *pageInput {
	p := rn.pages[i]
	in := &pageInput{
		Version: rn.opt.Version, Templates: rn.tmpl.Digest, Checker: rn.opt.Checker,
		File: p.file, Path: p.url(), Source: p.src, Rules: p.fm.Rules.Profile(), Broken: p.fm.broken,
		Hrefs: rn.res[i].hrefs, Print: prefix, View: v,
	}
	if p.fm.HasGame {
		in.Game = p.fm.Game.String()
	}
	return in
}
