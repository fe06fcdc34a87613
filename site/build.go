package site

import (
	"context"
	"errors"
	"html/template"
	"io/fs"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"golang.org/x/sync/errgroup"

	"github.com/nardydocs/nardydocs/diagrams"
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
	// FilesKey, for BuildTo with a cache kept on disk, names the files
	// BuildTo's more gives, as a digest of their bytes would: when the
	// previous build into the same directory had files of the same key,
	// still as it left them, they are taken as they are, and more is not
	// called.
	FilesKey string
	// Cache, when set, keeps what one build made for the next: a figure,
	// page or generated page whose inputs did not change is taken from
	// it (see Cache).
	Cache *Cache
	// Input is the fingerprint of what the build reads (Fingerprint),
	// recorded in the manifest so that the next build of the same input
	// can leave the site as it is (Unchanged).
	Input string
	// KeepGoing reports problems in the content (bad blocks, failed
	// claims, broken links) in Site.Problems instead of failing; a block
	// with a problem is left out of its page. Used to compare profiles.
	KeepGoing bool
	// Progress, when set, is told how many pages of how many are rendered,
	// after each page; it is called from several goroutines at once.
	Progress func(done, total int)
}

// Site is a built site: every output file by its slash-separated path
// inside the output directory.
type Site struct {
	// Files holds the files of a site built in memory (by Build); a site
	// built into a directory (BuildTo) keeps none.
	Files map[string][]byte
	// Pages and Figures count what was built.
	Pages, Figures int
	// Digests has, by path, a digest of every file of a site written to a
	// directory (a site in memory has its Files).
	Digests map[string]string
	// Input is the fingerprint of what the site was built from (see
	// Fingerprint), when the build was given one.
	Input string
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
	// Root is the path of the site's root on its host: "/", or, for a
	// site published under a sub-path (base-url), that path ("/rules/").
	Root string
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

// builder holds the state of one build. Its stages, in the order build
// runs them, live in files of their own: read.go (configuration and
// pages), analyse.go (the first pass over every page), links.go,
// translations.go, nav.go (the table of contents), render.go (the second
// pass: figures computed, pages rendered), worksheet.go and notation.go.
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
	// dropped holds the pages left out of a build without the checker
	// (pages with the checker's block editor), by key.
	dropped map[string]bool
	nav     navigation  // computed after the first pass
	prints  printBodies // the pages' text for the print documents
	// tocs holds the table of contents and its sections rendered for
	// each language and directory.
	tocMu sync.Mutex
	tocs  map[string]string
	// panels holds the board's controls rendered for each language and
	// task (board-play in figure.html): the same for many figures.
	panelMu sync.Mutex
	panels  map[panelKey]template.HTML
	// out receives the built files; digest has, by path, every file
	// emitted and the digest out made of it (when it makes one).
	out    output
	outMu  sync.Mutex
	digest map[string]string
	// gen is the build's generation in opt.Cache; keyLog has, by page
	// url, the keys of the figures and tables rendered for it (see
	// logKey); pageKeys the key of each page rendered with the cache.
	gen      int64
	keyMu    sync.Mutex
	keyLog   map[string][]string
	pageKeys []string
	// splicing and printSplicing say whether pages and print documents
	// are made from their templates' skeletons (see skeleton), decided
	// once; skelSize is the size of the last skeleton made.
	spliceOnce    sync.Once
	splicing      bool
	printOnce     sync.Once
	printSplicing bool
	skelSize      atomic.Int64
	// capture, when set, receives every file handed to the output (see
	// generated); navSum is navDigest's, made once.
	capture *[]cachedFile
	navOnce sync.Once
	navSum  string
	// light holds the first passes taken from a disk cache (see
	// analysed), until full reads them again.
	lightMu sync.Mutex
	light   map[*analysis]*lightAnalysis
}

// output receives a build's files as they are made, and may return a
// digest of each (the directory writer needs them; the others do not).
// sum is the digest of data when the caller knows it, or "".
type output interface {
	put(name string, data []byte, sum string) (digest string, err error)
}

// linker is an output that holds the previous build's files, which the
// new site may take as they are (the directory writer).
type linker interface {
	// has reports whether the previous build's file name has the digest
	// sum and is as that build left it.
	has(name, sum string) bool
	// link takes the previous build's file name into the new site.
	link(name, sum string) error
	// old returns the bytes of the previous build's file name, when has.
	old(name, sum string) ([]byte, bool)
}

// memory is an output that keeps the files.
type memory struct {
	mu    sync.Mutex
	files map[string][]byte
}

func (m *memory) put(name string, data []byte, sum string) (string, error) {
	m.mu.Lock()
	m.files[name] = data
	m.mu.Unlock()
	return sum, nil
}

// discard is an output that keeps nothing: a build that only looks for
// problems, or one that found some.
type discard struct{}

func (discard) put(_ string, _ []byte, sum string) (string, error) { return sum, nil }

// emit hands a file of the site to the output.
func (b *builder) emit(name string, data []byte) error {
	_, err := b.emitSum(name, data, "")
	return err
}

// claim reserves the name of a file of the site, which no other file may
// have, and returns the output to hand it to.
func (b *builder) claim(name string) (output, error) {
	if !fs.ValidPath(name) {
		return nil, errors.New("the file " + strconv.Quote(name) + " would lie outside the site")
	}
	b.outMu.Lock()
	defer b.outMu.Unlock()
	if _, dup := b.digest[name]; dup {
		return nil, errors.New("two files of the site would be " + name)
	}
	b.digest[name] = ""
	return b.out, nil
}

// emitSum hands a file of the site, whose digest is sum (or "": not
// known), to the output, and returns its digest (when the output or the
// caller made one).
func (b *builder) emitSum(name string, data []byte, sum string) (string, error) {
	out, err := b.claim(name)
	if err != nil {
		return "", err
	}
	d, err := out.put(name, data, sum)
	b.outMu.Lock()
	if d != "" {
		b.digest[name] = d
	}
	if b.capture != nil {
		*b.capture = append(*b.capture, cachedFile{name: name, sum: d, data: data})
	}
	b.outMu.Unlock()
	return d, err
}

// emitLink takes the previous build's file name, whose digest is sum,
// into the site as it is.
func (b *builder) emitLink(l linker, name, sum string) error {
	if _, err := b.claim(name); err != nil {
		return err
	}
	if err := l.link(name, sum); err != nil {
		return err
	}
	b.outMu.Lock()
	b.digest[name] = sum
	if b.capture != nil {
		*b.capture = append(*b.capture, cachedFile{name: name, sum: sum})
	}
	b.outMu.Unlock()
	return nil
}

// previous returns the output as a linker, when it holds the previous
// build's files.
func (b *builder) previous() (linker, bool) {
	b.outMu.Lock()
	defer b.outMu.Unlock()
	l, ok := b.out.(linker)
	return l, ok
}

// templateFuncs are the functions the templates call: rolls keeps the
// rolls in a text whole ("6-2" never breaks at its hyphen), as the pages'
// prose does.
var templateFuncs = template.FuncMap{
	"rolls": func(s string) template.HTML { return template.HTML(markdown.RollsHTML(s)) },
}

// Build reads the content directory and builds the whole site in memory
// (Site.Files). It reports every problem in an engine.ErrorList sorted by
// file and line.
func Build(ctx context.Context, opt Options) (*Site, error) {
	files := &memory{files: map[string][]byte{}}
	s, g, err := build(ctx, opt, files)
	if err != nil {
		return nil, err
	}
	if opt.Cache != nil && !opt.Cache.onDisk() {
		opt.Cache.sweep(g)
	}
	s.Files = files.files
	return s, nil
}

// Check builds the site, keeping none of its files: every problem is
// reported as by Build.
func Check(ctx context.Context, opt Options) (*Site, error) {
	s, _, err := build(ctx, opt, discard{})
	return s, err
}

// BuildTo builds the site into the directory out, writing every page as
// soon as it is rendered (so that memory does not grow with the site),
// and puts it in out's place in one step when the whole build succeeded;
// otherwise out is left as it was. more, when not nil, gives further
// files (the checker's modules): it is called, from another goroutine,
// while the site is built, and its files are written then — unless a
// disk cache says the previous build into out had the files of
// opt.FilesKey, still there: those are taken, and more is not called.
// See Site.Write for how out is replaced.
//
// With a cache kept on disk (NewDiskCache), its record of out is read
// first and written at the end, after the new site took out's place;
// the previous site is kept there too, as the spare the next build
// starts from (see dirWriter.recycle).
func BuildTo(ctx context.Context, opt Options, out string, more func() (map[string][]byte, error)) (*Site, error) {
	var stamps map[string]stamp
	c := opt.Cache
	target, err := realPath(out)
	if err != nil {
		return nil, err
	}
	if c != nil && c.onDisk() {
		c.load(target)
		c.mu.Lock()
		stamps = c.stamps
		c.mu.Unlock()
	}
	spare := ""
	if c != nil && c.onDisk() {
		spare = c.recordFile(target) + ".spare"
	}
	w, err := newDirWriterFrom(out, stamps, spare)
	if err != nil {
		return nil, err
	}
	if c != nil && c.onDisk() {
		c.mu.Lock()
		c.resolve = oldFiles(w)
		c.mu.Unlock()
		defer func() {
			c.mu.Lock()
			c.resolve = nil
			c.mu.Unlock()
		}()
	}
	// The further files are written while the site is built.
	var moreSums map[string]string
	var moreErr error
	moreDone := make(chan struct{})
	go func() {
		defer close(moreDone)
		if more == nil {
			return
		}
		if c != nil && c.onDisk() && opt.FilesKey != "" {
			if sums, ok := c.moreFiles(opt.FilesKey); ok && reuseMore(w, sums) {
				moreSums = sums
				return
			}
		}
		files, err := more()
		if err != nil {
			moreErr = err
			return
		}
		moreSums = map[string]string{}
		for _, name := range slices.Sorted(maps.Keys(files)) {
			d, err := w.put(name, files[name], "")
			if err != nil {
				moreErr = err
				return
			}
			moreSums[name] = d
		}
	}()
	s, g, err := build(ctx, opt, w)
	<-moreDone
	if err == nil && moreErr != nil {
		err = moreErr
	}
	if err == nil {
		for _, name := range slices.Sorted(maps.Keys(moreSums)) {
			if _, dup := s.Digests[name]; dup {
				err = errors.New("two files of the site would be " + name)
				break
			}
			s.Digests[name] = moreSums[name]
		}
	}
	if err != nil {
		w.abort()
		return nil, err
	}
	if err := w.commit(s.manifest()); err != nil {
		return nil, err
	}
	if c != nil && c.onDisk() {
		c.setMoreFiles(opt.FilesKey, moreSums)
		// A record that cannot be written only costs the next build time.
		c.save(w.target, g, slices.Collect(maps.Keys(s.Digests)), w.sameStamp)
	}
	return s, nil
}

// reuseMore links the previous build's files sums (digests by name), if
// every one is there as that build left it.
func reuseMore(w *dirWriter, sums map[string]string) bool {
	for name, sum := range sums {
		if !w.has(name, sum) {
			return false
		}
	}
	for _, name := range slices.Sorted(maps.Keys(sums)) {
		if w.link(name, sums[name]) != nil {
			return false
		}
	}
	return true
}

// oldFiles returns what reads parts of the previous build's files through
// w, each file read once.
func oldFiles(w *dirWriter) func(location) ([]byte, bool) {
	var mu sync.Mutex
	read := map[string][]byte{}
	return func(l location) ([]byte, bool) {
		mu.Lock()
		data, ok := read[l.file+"\x00"+l.sum]
		mu.Unlock()
		if !ok {
			if data, ok = w.old(l.file, l.sum); !ok {
				return nil, false
			}
			mu.Lock()
			read[l.file+"\x00"+l.sum] = data
			mu.Unlock()
		}
		if l.off < 0 || l.n < 0 || l.off+l.n > len(data) {
			return nil, false
		}
		return data[l.off : l.off+l.n : l.off+l.n], true
	}
}

// build builds the site into out, and returns it and the build's
// generation in opt.Cache.
func build(ctx context.Context, opt Options, out output) (*Site, int64, error) {
	s, b, err := buildSite(ctx, opt, out)
	return s, b.gen, err
}

// buildSite builds the site into out.
func buildSite(ctx context.Context, opt Options, out output) (*Site, *builder, error) {
	if opt.Content == "" {
		opt.Content = "content"
	}
	b := &builder{opt: opt, files: opt.FS, jobs: opt.Jobs, md: newMarkdown(), tocs: map[string]string{}, prints: printBodies{bodies: map[int]printBody{}}, out: out, digest: map[string]string{}, keyLog: map[string][]string{}, light: map[*analysis]*lightAnalysis{}}
	if opt.Cache != nil {
		b.gen = opt.Cache.begin()
	}
	if b.files == nil {
		// os.Root follows symbolic links only inside the directory.
		root, err := os.OpenRoot(opt.Content)
		if err != nil {
			return nil, b, engine.ErrorList{{Pos: engine.Pos{File: opt.Content}, Msg: "the content directory: " + readProblem(err)}}
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
			return nil, b, errs.Err()
		}
		b.cfg.BaseURL = u
	}
	for _, kv := range opt.Rules {
		for _, w := range strings.Fields(kv) {
			if err := b.cfg.Rules.Set(w); err != nil {
				errs.Add(engine.Pos{File: "--rules"}, err.Error())
				return nil, b, errs.Err() // the whole build would be under a profile nobody asked for
			}
		}
	}
	tmpl, err := templates.Load(opt.Templates, templateFuncs)
	if err != nil {
		errs = append(errs, engine.AsList(err)...)
	}
	b.tmpl = tmpl
	b.pages = b.loadPages(&errs)
	b.byKey = map[string]int{}
	for i, p := range b.pages {
		b.byKey[p.key()] = i
	}
	if b.tmpl == nil {
		return nil, b, errs.Limit(MaxProblemsPerFile)
	}

	// The first pass: every page and block read (or taken from the
	// cache), links and translations checked.
	b.res = make([]*analysis, len(b.pages))
	if err := b.parallel(ctx, func(i int) { b.res[i] = b.analysed(i) }); err != nil {
		return nil, b, err
	}
	for _, r := range b.res {
		errs = append(errs, r.errs...)
	}
	if !opt.Checker {
		b.dropCheckerPages()
	}
	b.checkTranslations(&errs)
	b.checkLinks(&errs)
	b.navigate()
	b.checkGeneratedPaths(&errs)
	// What only the checks read is let go: a large site's second pass
	// then runs in less memory.
	for _, r := range b.res {
		r.ids, r.links, r.figs = nil, nil, nil
	}

	// The second pass: every figure computed (and its claims checked),
	// every page rendered and handed to the output. After a problem,
	// nothing more is kept, but the figures are still computed, so that
	// every problem is reported at once.
	if len(errs) > 0 && !opt.KeepGoing {
		b.out = discard{}
	}
	results := make([]rendered, len(b.pages))
	b.pageKeys = make([]string, len(b.pages))
	var rendered atomic.Int64
	if err := b.parallel(ctx, func(i int) {
		results[i] = b.render(i)
		if opt.Progress != nil {
			opt.Progress(int(rendered.Add(1)), len(b.pages))
		}
	}); err != nil {
		return nil, b, err
	}
	site := &Site{Pages: len(b.pages), Rules: b.cfg.Rules, Prose: map[string]string{}, Root: b.rootPath()}
	for i, p := range b.pages {
		site.Prose[p.url()] = b.res[i].prose
		site.Figures += b.res[i].figures
		site.Records = append(site.Records, results[i].records...)
		errs = append(errs, results[i].errs...)
	}
	if opt.KeepGoing {
		site.Problems, errs = errs, nil
		site.Problems.Sort()
	}
	if len(errs) > 0 {
		return nil, b, errs.Limit(MaxProblemsPerFile)
	}

	// The site's other files; the style sheet gets the print rules of the
	// diagrams.
	fixed := maps.Clone(b.tmpl.Static)
	if css, ok := fixed["style.css"]; ok {
		fixed["style.css"] = append(slices.Clip(css), []byte("\n/* Board diagrams on paper: the print theme (generated by the diagrams package). */\n@media print {\n"+diagrams.PrintCSS()+"}\n")...)
	}
	if opt.Checker {
		maps.Copy(fixed, b.tmpl.Scripts)
	}
	maps.Copy(fixed, opt.Files)
	for _, name := range slices.Sorted(maps.Keys(fixed)) {
		if err := b.emit(name, fixed[name]); err != nil {
			errs.Add(engine.Pos{File: name}, err.Error())
		}
	}
	// The generated pages, each kind taken from the cache when what it
	// comes from did not change.
	var wsKey, ctKey, ntKey string
	if opt.Cache != nil {
		wsKey = b.generatedKey("worksheets", func(field func(string)) {
			// Each exercise's block, as read, and the page it is on.
			for i, r := range b.res {
				sums := b.exerciseDigests(i)
				for k, e := range r.exercises {
					p := b.pages[e.page]
					field(strconv.Itoa(i) + "\x00" + strconv.Itoa(e.page) + "\x00" + strconv.Itoa(e.fig) + "\x00" + p.file + "\x00" + p.url() + "\x00" + p.fm.Title)
					field(sums[k])
				}
			}
		})
		ctKey = b.generatedKey("contents", nil)
		ntKey = b.generatedKey("notation", nil)
	}
	if err := b.generated(wsKey, func() error {
		for i := range b.pages {
			if len(b.res[i].exercises) > 0 {
				b.full(i) // the worksheets show the exercises' blocks
			}
		}
		return b.worksheets()
	}); err != nil {
		errs.Add(engine.Pos{File: "templates"}, err.Error())
	}
	if err := b.generated(ctKey, b.contentsPages); err != nil {
		errs.Add(engine.Pos{File: "templates"}, err.Error())
	}
	if err := b.printDocs(); err != nil {
		errs.Add(engine.Pos{File: "templates"}, err.Error())
	}
	if err := b.generated(ntKey, b.notationPages); err != nil {
		errs.Add(engine.Pos{File: "templates"}, err.Error())
	}
	if err := b.extraPages(); err != nil {
		errs.Add(engine.Pos{File: "templates"}, err.Error())
	}
	if len(errs) > 0 {
		return nil, b, errs.Err()
	}
	site.Input = opt.Input
	if _, ok := out.(*dirWriter); ok {
		site.Digests = b.digest
	}
	return site, b, nil
}

// analysed returns the first pass's result for page i: from the cache,
// if it has it (a cache in memory: serve's), or made.
//
// A disk cache keeps what the pass found, but the blocks (lightAnalysis):
// a page taken from it is read again (full) only when the build renders
// it again.
func (b *builder) analysed(i int) *analysis {
	c := b.opt.Cache
	if c == nil {
		return b.analyse(i)
	}
	key := b.analysisKey(i)
	if c.onDisk() {
		if l := c.lightFor(key); l != nil {
			r := l.analysis(i)
			b.lightMu.Lock()
			b.light[r] = l
			b.lightMu.Unlock()
			return r
		}
		r := b.analyse(i)
		if l, ok := light(r); ok {
			c.putLight(key, l)
		}
		return r
	}
	if r := c.analysis(key); r != nil {
		return r
	}
	r := b.analyse(i)
	if len(r.errs) == 0 {
		c.putAnalysis(key, r)
	}
	return r
}

// full reads page i's blocks again when its first pass came from a disk
// cache, for it to be rendered.
func (b *builder) full(i int) {
	r := b.res[i]
	b.lightMu.Lock()
	_, isLight := b.light[r]
	delete(b.light, r)
	b.lightMu.Unlock()
	if !isLight {
		return
	}
	f := b.analyse(i)
	r.blocks, r.tables, r.exercises = f.blocks, f.tables, f.exercises
}

// exerciseDigests returns the digest of each exercise of page i's
// blocks (exerciseDigest), as a light analysis keeps them or read anew.
func (b *builder) exerciseDigests(i int) []string {
	r := b.res[i]
	b.lightMu.Lock()
	l := b.light[r]
	b.lightMu.Unlock()
	var sums []string
	if l != nil {
		for _, e := range l.exercises {
			sums = append(sums, e.digest)
		}
		return sums
	}
	for _, e := range r.exercises {
		sum, err := exerciseDigest(e)
		if err != nil {
			panic(err) // no key: generatedKey recovers
		}
		sums = append(sums, sum)
	}
	return sums
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
