package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site/markdown"
)

// analysis is what analysing one page found and computed: its document,
// ready to render, and everything the later stages need of it.
type analysis struct {
	doc       ast.Node
	ids       map[string]bool // the ids of its headings and figures, for links
	links     []link
	figures   int
	files     map[string][]byte // standalone diagrams, by output path
	errs      engine.ErrorList
	script    string // the checker module the page loads: "", wasm.Checker or wasm.Board
	records   []Record
	exercises []exercise
	// figs is what the engine reads of each figure, to compare with the
	// page's translation; broken is set when a figure could not be read.
	figs   []figureFacts
	broken bool
	// prose is a digest of the page's own words: its title, description
	// and Markdown outside its position blocks.
	prose string
}

// link is an internal link found in a page.
type link struct {
	node *ast.Link
	dest string
	pos  engine.Pos
}

// analyser walks one page's document.
type analyser struct {
	b     *builder
	index int // the page's index in b.pages
	p     *page
	r     *analysis
	lines *markdown.LineIndex
	// named holds the positions named by the page's blocks so far, for
	// "from:"; names lists them in order.
	named map[string]engine.Position
	names []string
}

// analyse parses page i, evaluates its position blocks (their HTML is
// stored in the document's figures) and checks its claims.
func (b *builder) analyse(i int) *analysis {
	p := b.pages[i]
	a := &analyser{
		b: b, index: i, p: p,
		r:     &analysis{ids: map[string]bool{}, files: map[string][]byte{}},
		lines: markdown.NewLineIndex(p.src),
		named: map[string]engine.Position{},
	}
	pc := parser.NewContext(parser.WithIDs(markdown.NewHeadingIDs()))
	a.r.doc = b.md.Parser().Parse(text.NewReader(p.src), parser.WithContext(pc))
	_ = ast.Walk(a.r.doc, a.visit)
	a.r.prose = proseDigest(p, a.r.doc)
	return a.r
}

// proseDigest is a digest of a page's words: its title, description and
// Markdown without its position blocks, whose changes are reported as
// the figures'.
func proseDigest(p *page, doc ast.Node) string {
	text := slices.Clone(p.src)
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fig, ok := n.(*markdown.Figure); ok && entering {
			text = bytes.Replace(text, []byte(fig.Source), nil, 1)
		}
		return ast.WalkContinue, nil
	})
	return digest(append([]byte(p.fm.Title+"\n"+p.fm.Description+"\n"), text...))
}

// pos returns the place of byte offset off of the page.
func (a *analyser) pos(off int) engine.Pos {
	line, col := a.lines.Pos(off)
	return engine.Pos{File: a.p.file, Line: line, Col: col}
}

func (a *analyser) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	switch n := n.(type) {
	case *ast.Heading:
		if id, ok := n.AttributeString("id"); ok {
			if s, ok := id.([]byte); ok {
				a.r.ids[string(s)] = true
			}
		}
	case *ast.Link:
		if dest := string(n.Destination); isInternal(dest) {
			a.r.links = append(a.r.links, link{node: n, dest: dest, pos: a.pos(n.Pos())})
		}
	case *markdown.Figure:
		if n.Presets {
			a.presets(n)
		} else {
			a.figure(n)
		}
		return ast.WalkSkipChildren, nil
	case *ast.FencedCodeBlock:
		if lang := string(n.Language(a.p.src)); lang != "" && strings.EqualFold(lang, markdown.Language) {
			line, _ := a.lines.Pos(n.Pos())
			a.r.errs.Add(engine.Pos{File: a.p.file, Line: line, Col: 1}, "write the block's language as "+strconv.Quote(markdown.Language))
		}
	}
	return ast.WalkContinue, nil
}

// presets renders the table of the rule profiles' presets.
func (a *analyser) presets(n *markdown.Figure) {
	if a.b.tmpl == nil {
		return
	}
	html, err := a.b.presetsTable(a.p.lang)
	if err != nil {
		a.r.errs.Add(engine.Pos{File: a.p.file, Line: n.Line - 1, Col: 1}, err.Error())
	}
	n.HTML = html
}

// figure evaluates a position block: its HTML goes into the document, its
// claims are checked, and its name is remembered for later blocks.
func (a *analyser) figure(n *markdown.Figure) {
	r := a.r
	r.figures++
	num := r.figures
	id := "fig-" + strconv.Itoa(num)
	r.ids[id] = true
	if a.b.tmpl == nil || a.p.fm.broken {
		return // the templates or the front matter did not load: that is reported
	}
	base := engine.Pos{File: a.p.file, Line: n.Line, Col: n.Col}
	fig, err := a.b.figure(a.p, n, id, num, a.blockOptions())
	if err != nil {
		list := engine.AsList(err)
		list.Rebase(base)
		r.errs = append(r.errs, list...)
		r.broken = true
		return
	}
	blk := fig.blk
	r.figs = append(r.figs, figureFacts{line: n.Line - 1, facts: readFacts(blk)})
	// A claim the engine disagrees with fails the build (the figure
	// itself is fine: it shows what the engine says).
	var errs engine.ErrorList
	for _, e := range blk.Expect {
		var got string
		var ok bool
		if e.Odds != nil {
			got, ok = verifyOdds(blk, e.Odds, fig.odds)
		} else {
			got, ok = blk.Verify(e)
		}
		if !ok {
			errs.Add(e.Pos, "expected "+e.Text+", the engine gives "+got+" under profile "+blk.Rules.Profile())
		}
	}
	if blk.Name != "" {
		if _, dup := a.named[blk.Name]; dup {
			errs.Add(blk.At["name"], "the name "+strconv.Quote(blk.Name)+" is already used on this page")
		}
		a.named[blk.Name] = blk.Position
		a.names = append(a.names, blk.Name)
	}
	errs.Rebase(base)
	r.errs = append(r.errs, errs...)

	r.records = append(r.records, Record{
		Page: a.p.url(), ID: id, File: a.p.file, Line: n.Line - 1,
		Tables: digest(computed(fig.html)), Diagram: digest(fig.svg), Rows: fig.rows,
	})
	if a.b.opt.Checker {
		switch {
		case blk.Show.Has(block.ShowEditor):
			r.script = wasm.Board
		case blk.Show.Has(block.ShowChecker) && r.script == "" && blk.HasDice && !blk.Position.GameOver(blk.Rules):
			r.script = wasm.Checker
		}
	}
	n.HTML = fig.html
	if fig.svg != nil {
		r.files[figureSVG(a.p, num)] = fig.svg
	}
	if len(blk.Exercises) > 0 {
		r.exercises = append(r.exercises, exercise{page: a.index, fig: num, blk: blk})
	}
}

// blockOptions is the context the page gives its next block: the page's
// game and rules, and the positions its earlier blocks named.
func (a *analyser) blockOptions() block.Options {
	return block.Options{
		Game:    a.p.fm.Game,
		HasGame: a.p.fm.HasGame,
		Rules:   a.p.fm.Rules,
		Names:   a.names,
		Lookup: func(name string) (engine.Position, bool) {
			pos, ok := a.named[name]
			return pos, ok
		},
	}
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

// figureSVG returns the output path of a page's n-th standalone diagram.
func figureSVG(p *page, n int) string {
	return string(p.lang) + "/" + p.rel + "-" + strconv.Itoa(n) + ".svg"
}
