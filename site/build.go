package site

import (
	"context"
	"html/template"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"golang.org/x/sync/errgroup"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/templates"
)

// Options control a build.
type Options struct {
	// Content is the content directory (default "content"), as messages
	// name it.
	Content string
	// FS holds the content's files (content/ru/…, content/uk/… are at
	// its root as ru/…, uk/…); nil reads the directory Content.
	FS fs.FS
	// Templates is a directory whose files replace the embedded templates
	// of the same name; empty means the embedded ones only.
	Templates string
	// Jobs is how many pages are built at once; 0 means one per CPU.
	Jobs int
	// Rules are site-wide rule overrides ("key=value"), applied over the
	// content's configuration file.
	Rules []string
	// BaseURL, when set, replaces the configuration's base-url: the
	// address the site is published at.
	BaseURL string
	// Checker, when set, adds the in-browser move checker: a form under
	// every figure with a roll, the standalone checker page's editor, and
	// the script that loads the modules (Files must then hold them, or
	// they are added to the built site before it is written).
	Checker bool
	// Files are added to the site as they are, by path: the checker's
	// modules (package internal/wasm).
	Files map[string][]byte
	// KeepGoing reports problems in the content (bad blocks, failed
	// claims, broken links) in Site.Problems instead of failing; a block
	// with a problem is left out of its page. Used to compare profiles.
	KeepGoing bool
}

// Site is a built site: every output file by its slash-separated path
// inside the output directory.
type Site struct {
	Files map[string][]byte
	// Pages and Figures count what was built.
	Pages, Figures int
	// Records describe every figure: where its block is and what it
	// computed, in page order.
	Records []Record
	// Prose has, by page output path, a digest of the page's own words
	// (title, description, prose; not its figures, footer or codes).
	Prose map[string]string
	// Problems are the content's problems of a KeepGoing build.
	Problems engine.ErrorList
	// Rules is the site-wide rule profile the site was built with.
	Rules engine.Rules
}

// Record is what one position block produced.
type Record struct {
	// Page is the page's output path; ID the figure's id on it.
	Page, ID string
	// File and Line are where the block is written.
	File string
	Line int
	// Tables is a digest of everything the block computed (tables,
	// statistics, explanations, in the page's words); Diagram a digest of
	// its board diagram.
	Tables, Diagram string
	// Rows are what the block computed, row by row, in no language
	// ("moves with 6-5\t24/18/13"): what a change report compares.
	Rows []string
}

// MaxProblemsPerFile is how many problems a failed build lists for one
// file; the rest are counted on one line.
const MaxProblemsPerFile = 50

// CSP is the Content-Security-Policy every page ships: only the site's own
// files, plus 'wasm-unsafe-eval' for the move checker.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'"

// builder holds the state of one build. Its stages, in the order Build
// runs them, live in files of their own: read.go (configuration and
// pages), analyse.go (every block computed, every problem found),
// links.go, nav.go (the table of contents), render.go and worksheet.go.
type builder struct {
	opt   Options
	files fs.FS
	jobs  int
	cfg   Config
	tmpl  *templates.Set
	md    goldmark.Markdown
	pages []*page
	byKey map[string]int // "ru/long/head.md" → index in pages
	res   []*analysis    // per page
	// tocs holds the table of contents rendered for each language and
	// directory.
	tocMu sync.Mutex
	tocs  map[string]string
}

// Build reads the content directory and builds the whole site in memory.
// It reports every problem in an engine.ErrorList sorted by file and line.
func Build(ctx context.Context, opt Options) (*Site, error) {
	if opt.Content == "" {
		opt.Content = "content"
	}
	b := &builder{opt: opt, files: opt.FS, jobs: opt.Jobs, md: newMarkdown(), tocs: map[string]string{}}
	if b.files == nil {
		// os.Root follows symbolic links only inside the directory.
		root, err := os.OpenRoot(opt.Content)
		if err != nil {
			return nil, engine.ErrorList{{Pos: engine.Pos{File: opt.Content}, Msg: "the content directory: " + readProblem(err)}}
		}
		defer root.Close()
		b.files = root.FS()
	}
	if b.jobs <= 0 {
		b.jobs = runtime.NumCPU()
	}
	var errs engine.ErrorList

	// Read: the configuration, the templates and every page.
	b.cfg = b.loadConfig(&errs)
	if opt.BaseURL != "" {
		u, msg := baseURL(opt.BaseURL)
		if msg != "" {
			errs.Add(engine.Pos{File: "--base-url"}, strconv.Quote(opt.BaseURL)+": "+msg)
			return nil, errs.Err()
		}
		b.cfg.BaseURL = u
	}
	for _, kv := range opt.Rules {
		for _, w := range strings.Fields(kv) {
			if err := b.cfg.Rules.Set(w); err != nil {
				errs.Add(engine.Pos{File: "--rules"}, err.Error())
				return nil, errs.Err() // the whole build would be under a profile nobody asked for
			}
		}
	}
	tmpl, err := templates.Load(opt.Templates, template.FuncMap{})
	if err != nil {
		errs = append(errs, engine.AsList(err)...)
	}
	b.tmpl = tmpl
	b.pages = b.loadPages(&errs)
	b.byKey = map[string]int{}
	for i, p := range b.pages {
		b.byKey[p.key()] = i
	}

	// Analyse: every block computed, every problem found.
	b.res = make([]*analysis, len(b.pages))
	if err := b.parallel(ctx, func(i int) { b.res[i] = b.analyse(i) }); err != nil {
		return nil, err
	}
	for _, r := range b.res {
		errs = append(errs, r.errs...)
	}
	b.checkTranslations(&errs)
	b.checkLinks(&errs)
	b.checkWorksheetPaths(&errs)
	var problems engine.ErrorList
	if opt.KeepGoing && b.tmpl != nil {
		problems, errs = errs, nil
		problems.Sort()
	}
	if len(errs) > 0 {
		return nil, errs.Limit(MaxProblemsPerFile)
	}

	// Render every page.
	nav := b.navigation()
	rendered := make([][]byte, len(b.pages))
	renderErrs := make([]error, len(b.pages))
	if err := b.parallel(ctx, func(i int) { rendered[i], renderErrs[i] = b.render(i, nav) }); err != nil {
		return nil, err
	}
	for i, err := range renderErrs {
		if err != nil {
			errs.Add(engine.Pos{File: b.pages[i].file}, "rendering: "+err.Error())
		}
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}

	// Gather the files.
	site := &Site{Files: map[string][]byte{}, Pages: len(b.pages), Problems: problems, Rules: b.cfg.Rules, Prose: map[string]string{}}
	for i, p := range b.pages {
		r := b.res[i]
		site.Prose[p.url()] = r.prose
		site.Records = append(site.Records, r.records...)
		site.Files[p.url()] = rendered[i]
		site.Figures += r.figures
		for name, data := range r.files {
			site.Files[name] = data
		}
	}
	for name, data := range b.tmpl.Static {
		site.Files[name] = data
	}
	if opt.Checker {
		for name, data := range b.tmpl.Scripts {
			site.Files[name] = data
		}
	}
	for name, data := range opt.Files {
		site.Files[name] = data
	}
	if err := b.worksheets(site.Files, nav); err != nil {
		errs.Add(engine.Pos{File: "templates"}, err.Error())
		return nil, errs.Err()
	}
	if err := b.extraPages(site.Files); err != nil {
		errs.Add(engine.Pos{File: "templates"}, err.Error())
		return nil, errs.Err()
	}
	return site, nil
}

// parallel runs f for every page index, at most b.jobs at a time.
// Results are stored by index, so the output never depends on timing.
func (b *builder) parallel(ctx context.Context, f func(i int)) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(b.jobs)
	for i := range b.pages {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			f(i)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}

// newMarkdown returns the Markdown converter of the site: tables,
// strikethrough, position blocks and heading ids, written as XHTML.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, markdown.Extender{}),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(html.WithXHTML()),
	)
}
