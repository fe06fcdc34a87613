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

// A page is read twice. The first pass (analyse) parses its Markdown and
// its position blocks: the ids links may point to, the links, the blocks
// and their problems, what the engine reads of each figure (to compare
// with the translation), the exercises. Nothing is computed or drawn yet,
// and the document is not kept, so that memory does not grow with the
// site. The second pass (render.go) parses the page again, computes every
// figure, renders the page and hands it to the output at once.

// analysis is what the first pass found on a page.
type analysis struct {
	ids       map[string]bool // the ids of its headings and figures, for links
	links     []link
	blocks    []*block.Block       // per figure, in order; nil where a block could not be read, and for tables
	tables    map[int]*block.Table // the tables of positions, by figure number
	figures   int
	errs      engine.ErrorList
	script    string // the checker module the page loads: "", wasm.Checker or wasm.Board
	editor    bool   // the page has the checker's block editor (the standalone checker)
	exercises []exercise
	// figs is what the engine reads of each figure, to compare with the
	// page's translation.
	figs []figureFacts
	// prose is a digest of the page's own words: its title, description
	// and Markdown outside its position blocks.
	prose string
	// hrefs are the links' destinations as the built page has them, by
	// destination as written (checkLinks fills them in).
	hrefs map[string]string
	// sections are the page's second-level headings, for the list of
	// its sections.
	sections []navItem
}

// link is an internal link found in a page.
type link struct {
	dest string
	pos  engine.Pos
}

// analyser walks one page's document in the first pass.
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
	// unread holds the names given by blocks whose position could not be
	// read: a later block's "from:" is not blamed for it.
	unread map[string]bool
}

// parse parses page p's Markdown, with heading ids that keep Cyrillic.
func (b *builder) parse(p *page) ast.Node {
	pc := parser.NewContext(parser.WithIDs(markdown.NewHeadingIDs()))
	return b.md.Parser().Parse(text.NewReader(p.src), parser.WithContext(pc))
}

// analyse is the first pass over page i.
func (b *builder) analyse(i int) *analysis {
	p := b.pages[i]
	a := &analyser{
		b: b, index: i, p: p,
		r:      &analysis{ids: map[string]bool{}, hrefs: map[string]string{}, tables: map[int]*block.Table{}},
		lines:  markdown.NewLineIndex(p.src),
		named:  map[string]engine.Position{},
		unread: map[string]bool{},
	}
	doc := b.parse(p)
	_ = ast.Walk(doc, a.visit)
	a.r.prose = proseDigest(p, doc)
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
				if n.Level == 2 {
					a.r.sections = append(a.r.sections, navItem{Title: plainText(n, a.p.src), Href: "#" + string(s), index: -1})
				}
			}
		}
	case *ast.Link:
		if dest := string(n.Destination); isInternal(dest) {
			a.r.links = append(a.r.links, link{dest: dest, pos: a.pos(n.Pos())})
		}
	case *markdown.Figure:
		switch {
		case n.Table:
			a.table(n)
		case !n.Presets:
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

// figure reads a position block: its problems, its name for later
// blocks, what the engine reads of it, its exercises.
func (a *analyser) figure(n *markdown.Figure) {
	r := a.r
	r.figures++
	num := r.figures
	r.ids["fig-"+strconv.Itoa(num)] = true
	if a.b.tmpl == nil || a.p.fm.broken {
		r.blocks = append(r.blocks, nil)
		return // the templates or the front matter did not load: that is reported
	}
	base := engine.Pos{File: a.p.file, Line: n.Line, Col: n.Col}
	opt := a.blockOptions()
	blk, err := block.Parse(n.Source, opt)
	if err != nil {
		list := a.unexplained(engine.AsList(err))
		ff, partial := partialFacts(n.Source, list, opt, n.Line-1)
		r.figs = append(r.figs, ff)
		// Later blocks continue the position the block names, if it could
		// be read, and are not blamed if not.
		switch {
		case partial != nil && partial.Name != "":
			if _, dup := a.named[partial.Name]; !dup {
				a.named[partial.Name] = partial.Position
				a.names = append(a.names, partial.Name)
			}
		case partial == nil:
			if name := blockName(n.Source); name != "" {
				a.unread[name] = true
			}
		}
		list.Rebase(base)
		r.errs = append(r.errs, list...)
		r.blocks = append(r.blocks, nil)
		return
	}
	r.blocks = append(r.blocks, blk)
	r.figs = append(r.figs, figureFacts{line: n.Line - 1, facts: readFacts(blk)})
	if blk.Name != "" {
		if _, dup := a.named[blk.Name]; dup {
			at := blk.At["name"]
			errs := engine.ErrorList{{Pos: at, Msg: "the name " + strconv.Quote(blk.Name) + " is already used on this page"}}
			errs.Rebase(base)
			r.errs = append(r.errs, errs...)
		}
		a.named[blk.Name] = blk.Position
		a.names = append(a.names, blk.Name)
	}
	if blk.Show.Has(block.ShowEditor) {
		r.editor = true
	}
	if a.b.opt.Checker {
		switch {
		case blk.Show.Has(block.ShowEditor):
			r.script = wasm.Board
		case blk.Show.Has(block.ShowChecker) && r.script == "" && blk.HasDice && !blk.Position.GameOver(blk.Rules):
			r.script = wasm.Checker
		}
	}
	if len(blk.Exercises) > 0 {
		r.exercises = append(r.exercises, exercise{page: a.index, fig: num, blk: blk})
	}
}

// unexplained leaves out of a block's problems the "from:" naming a
// position an earlier block names but whose position could not be read:
// that block's problems are reported.
func (a *analyser) unexplained(list engine.ErrorList) engine.ErrorList {
	return slices.DeleteFunc(list, func(e *engine.Error) bool {
		return e.Code == "from" && len(e.Args) > 0 && a.unread[e.Args[0]]
	})
}

// table reads a table of positions: its problems and what the engine
// reads of each row. It counts as one figure of the page.
func (a *analyser) table(n *markdown.Figure) {
	r := a.r
	r.figures++
	num := r.figures
	r.ids["fig-"+strconv.Itoa(num)] = true
	r.blocks = append(r.blocks, nil)
	if a.b.tmpl == nil || a.p.fm.broken {
		return // the templates or the front matter did not load: that is reported
	}
	tab, err := block.ParseTable(n.Source, a.blockOptions())
	if err != nil {
		list := engine.AsList(err)
		list.Rebase(engine.Pos{File: a.p.file, Line: n.Line, Col: n.Col})
		r.errs = append(r.errs, list...)
		r.figs = append(r.figs, figureFacts{line: n.Line - 1, unread: true})
		return
	}
	r.tables[num] = tab
	r.figs = append(r.figs, figureFacts{line: n.Line - 1, facts: tableFacts(tab)})
}

// blockOptions is the context the page gives its next block: the page's
// game and rules, and the positions its earlier blocks named.
func (a *analyser) blockOptions() block.Options {
	return block.Options{
		Game:    a.p.fm.Game,
		HasGame: a.p.fm.HasGame,
		Rules:   a.p.fm.Rules,
		Names:   slices.Clone(a.names),
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

// plainText returns the text of an inline node's children, without
// markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
