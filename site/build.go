package site

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/memo"
	"github.com/nardydocs/nardydocs/site/outdir"
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
	// Jobs is how many pages are built at once; 0 means one per processor
	// Go may run on at once (GOMAXPROCS, which follows a CPU quota).
	Jobs int
	// Rules are site-wide rule overrides ("key=value"), applied over the
	// content's configuration file.
	Rules []string
	// OverridePinned applies Rules over what pages and blocks set
	// themselves too (their "rules:" lines): each rule Rules changes in
	// the site's profile is changed everywhere. What diff
	// --override-pinned builds.
	OverridePinned bool
	// BaseURL, when set, replaces the configuration's base-url: the
	// address the site is published at.
	BaseURL string
	// Checker, when set, adds the in-browser move checker: a form under
	// every figure with a roll, the standalone checker page's editor, and
	// the script that loads the modules (Files must then hold them).
	Checker bool
	// Files are added to the site as they are, by path: the checker's
	// modules (package internal/wasm).
	Files map[string][]byte
	// Memo, when set, keeps what the build computes for the next one: a
	// figure or a page whose inputs did not change is taken from it (see
	// package memo). The site is the same with it as without.
	Memo *memo.Memo
	// Version names the program in the memo's keys: "" means
	// ExecutableVersion. A value made by another version is never used.
	Version string
	// Translations is how a page missing in one of the site's languages
	// is taken when the configuration does not say ("translations:"):
	// Strict, the zero value, makes it a problem (build); Fallback a
	// warning (serve).
	Translations Translations
	// Drafts builds the pages whose front matter says "draft: true",
	// each marked as a draft; without it they are left out.
	Drafts bool
	// KeepGoing reports problems in the content (bad blocks, failed
	// claims, broken links) in Site.Problems instead of failing; a block
	// with a problem is left out of its page. Used to compare profiles.
	KeepGoing bool
	// Progress, when set, is told how many pages of how many are rendered,
	// after each page; it is called from several goroutines at once.
	Progress func(done, total int)
}

// OptionError is an option of a build whose value is wrong; the command
// line names it by its flag.
type OptionError struct {
	// Option is the field of Options: "Rules" or "BaseURL".
	Option string
	Value  string
	Err    error
}

func (e *OptionError) Error() string {
	return e.Option + " " + strconv.Quote(e.Value) + ": " + e.Err.Error()
}

func (e *OptionError) Unwrap() error { return e.Err }

// Output receives a site's files as a build makes them, each with its
// digest (outdir.Digest). Its methods are called from several goroutines
// at once. outdir.Dir is one, writing a directory; Memory keeps them.
type Output interface {
	// Put adds the file name (a slash path) to the site.
	Put(name string, data []byte, sum string) error
	// Keep takes the previous build's file name, whose digest is sum, into
	// the site as it is, and reports whether it could.
	Keep(name, sum string) bool
}

// Memory is an Output that keeps the files in memory: serve's, and the
// tests'. It may hold the files of a previous build, which Keep takes.
type Memory struct {
	mu       sync.Mutex
	files    map[string][]byte
	previous map[string][]byte
}

// NewMemory returns an empty Memory whose previous build is previous
// (nil for none).
func NewMemory(previous map[string][]byte) *Memory {
	return &Memory{files: map[string][]byte{}, previous: previous}
}

// Put implements Output.
func (m *Memory) Put(name string, data []byte, _ string) error {
	m.mu.Lock()
	m.files[name] = data
	m.mu.Unlock()
	return nil
}

// Keep implements Output.
func (m *Memory) Keep(name, sum string) bool {
	data, ok := m.previous[name]
	if !ok || outdir.Digest(data) != sum {
		return false
	}
	m.mu.Lock()
	m.files[name] = data
	m.mu.Unlock()
	return true
}

// Files returns the files put or kept, by path.
func (m *Memory) Files() map[string][]byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.files
}

// discard is an Output that keeps nothing: a build that only looks for
// problems, or one that found some.
type discard struct{}

func (discard) Put(string, []byte, string) error { return nil }
func (discard) Keep(string, string) bool         { return false }

// Site is a built site.
type Site struct {
	// Files holds the files of a site built by Build, by slash path; a
	// site built into an Output (BuildTo) keeps none.
	Files map[string][]byte
	// Pages and Figures count what was built.
	Pages, Figures int
	// Digests has, by path, the digest of every file of the site
	// (outdir.Digest), for its manifest.
	Digests map[string]string
	// Input is the fingerprint of what the site was built from (see
	// Fingerprint), when Publish built it.
	Input string
	// Records describe every figure: where its block is and what it
	// computed, in page order.
	Records []Record
	// Prose has, by page output path, a digest of the page's own words
	// (title, description, prose; not its figures, footer or codes).
	Prose map[string]string
	// Problems are the content's problems of a KeepGoing build.
	Problems engine.ErrorList
	// Warnings are what the build found that does not stop it, sorted
	// by file and line: a page missing in a language, with
	// translations: fallback; a language directory the site does not
	// build; a link to a draft, when the drafts are built.
	Warnings engine.ErrorList
	// Rules is the site-wide rule profile the site was built with.
	Rules engine.Rules
	// Root is the path of the site's root on its host: "/", or, for a
	// site published under a sub-path (base-url), that path ("/rules/").
	Root string
	// pins are the blocks that set rules themselves, for DiffRules.
	pins []pinAt
}

// pinAt is a pin on its page.
type pinAt struct {
	pin
	page, file string // the page's output path, and its file as messages name it
	pageRules  string // the words of the page's "rules:", or ""
	pageLine   int    // its line
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

// WarningLine writes a warning as the command line prints it:
// "path:line:col: warning: message".
func WarningLine(w *engine.Error) string {
	if at := w.Pos.String(); at != "" {
		return at + ": warning: " + w.Msg
	}
	return "warning: " + w.Msg
}

// MaxProblemsPerFile is how many problems a failed build lists for one
// file; the rest are counted on one line.
const MaxProblemsPerFile = 50

// CSP is the Content-Security-Policy every page ships: only the site's own
// files, plus 'wasm-unsafe-eval' for the move checker.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'"

// Build builds the whole site in memory (Site.Files). It reports every
// problem in an engine.ErrorList sorted by file and line.
func Build(ctx context.Context, opt Options) (*Site, error) {
	m := NewMemory(nil)
	s, err := BuildTo(ctx, opt, m)
	if err != nil {
		return nil, err
	}
	s.Files = m.Files()
	return s, nil
}

// Check builds the site, keeping none of its files: every problem is
// reported as by Build.
func Check(ctx context.Context, opt Options) (*Site, error) {
	return run(ctx, opt, discard{}, false)
}

// BuildTo builds the site into out, handing every page to it as soon as
// it is rendered, so that memory holds the site's index and the pages in
// flight, not the whole site. After a problem, nothing more is handed
// to out; the build goes on to report every problem at once.
func BuildTo(ctx context.Context, opt Options, out Output) (*Site, error) {
	return run(ctx, opt, out, true)
}

// run is the pipeline: read → analyse → render → emit, each stage a
// function of the previous one's result.
func run(ctx context.Context, opt Options, out Output, digests bool) (*Site, error) {
	if opt.Content == "" {
		opt.Content = "content"
	}
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.GOMAXPROCS(0)
	}
	if opt.Memo != nil && opt.Version == "" {
		opt.Version = ExecutableVersion()
	}
	files := opt.FS
	if files == nil {
		// os.Root follows symbolic links only inside the directory.
		root, err := os.OpenRoot(opt.Content)
		if err != nil {
			return nil, engine.ErrorList{engine.Wrap(engine.Pos{File: opt.Content}, "the content directory", errors.New(readProblem(err)))}
		}
		defer root.Close()
		files = root.FS()
	}

	src, errs, err := read(opt, files)
	if err != nil {
		return nil, err
	}
	if src.tmpl == nil {
		return nil, errs.Limit(MaxProblemsPerFile)
	}
	ix, more, err := analyse(ctx, src)
	if err != nil {
		return nil, err
	}
	defer ix.putting.Wait()
	errs = append(errs, more...)
	// After a problem nothing is kept, but every figure is still
	// computed, so that every problem is reported at once.
	if len(errs) > 0 && !opt.KeepGoing {
		out, digests = discard{}, false
	}
	em := &emitter{out: out, digests: digests, sums: map[string]string{}, kept: map[string]bool{}}
	r := newRenderer(ix, em)
	pages, err := r.render(ctx)
	if err != nil {
		return nil, err
	}
	site := &Site{Pages: len(ix.pages), Rules: src.cfg.Rules, Prose: map[string]string{}, Root: src.rootPath(), Warnings: src.warns}
	site.Warnings.Sort()
	for i, p := range ix.pages {
		for _, pn := range ix.res[i].pins {
			site.pins = append(site.pins, pinAt{pin: pn, page: p.url(), file: p.file, pageRules: p.fm.RulesText, pageLine: p.fm.RulesLine})
		}
		site.Prose[p.url()] = ix.res[i].prose
		site.Figures += ix.res[i].figures
		site.Records = append(site.Records, pages[i].Records...)
		errs = append(errs, pages[i].errs...)
	}
	if opt.KeepGoing {
		site.Problems, errs = errs, nil
		site.Problems.Sort()
	}
	if len(errs) > 0 {
		return nil, errs.Limit(MaxProblemsPerFile)
	}
	if errs := r.emit(pages); len(errs) > 0 {
		return nil, errs.Err()
	}
	site.Digests = em.sums
	return site, nil
}

// emitter hands the site's files to the output: each name once, with
// its digest, which it keeps for the manifest.
type emitter struct {
	out     Output
	digests bool // whether files are digested (not for a build that keeps nothing)
	mu      sync.Mutex
	sums    map[string]string // by name: every file handed over, and its digest
	kept    map[string]bool   // the files taken from the previous build
}

// errDuplicate says that two files of the site have the same name.
type errDuplicate string

func (e errDuplicate) Error() string { return "two files of the site would be " + string(e) }

// claim reserves a file's name, which no other file may have.
func (e *emitter) claim(name string) error {
	if !fs.ValidPath(name) || name == "." {
		return errors.New("the file " + strconv.Quote(name) + " would lie outside the site")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, dup := e.sums[name]; dup {
		return errDuplicate(name)
	}
	e.sums[name] = ""
	return nil
}

// put hands a file to the output and returns its digest ("" when files
// are not digested). A file already taken from the previous build with
// the same digest is not handed over again (a page rendered again when
// not all of its files could be taken).
func (e *emitter) put(name string, data []byte) (string, error) {
	sum := ""
	if e.digests {
		sum = outdir.Digest(data)
	}
	e.mu.Lock()
	kept, keptSum := e.kept[name], e.sums[name]
	e.mu.Unlock()
	if kept && keptSum == sum {
		return sum, nil
	}
	if err := e.claim(name); err != nil {
		return "", err
	}
	if err := e.out.Put(name, data, sum); err != nil {
		return "", err
	}
	e.mu.Lock()
	e.sums[name] = sum
	e.mu.Unlock()
	return sum, nil
}

// keep takes the previous build's file name, of digest sum, into the
// site, if the output can: it reports whether it did.
func (e *emitter) keep(name, sum string) (bool, error) {
	if !e.digests || sum == "" {
		return false, nil
	}
	if err := e.claim(name); err != nil {
		return false, err
	}
	ok := e.out.Keep(name, sum)
	e.mu.Lock()
	if ok {
		e.sums[name] = sum
		e.kept[name] = true
	} else {
		delete(e.sums, name)
	}
	e.mu.Unlock()
	return ok, nil
}

// sorted returns the keys of m in order.
func sorted[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
