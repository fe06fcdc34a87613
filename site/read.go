package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/templates"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The first stage of a build reads its input: the configuration, the
// templates and every page with its front matter.

// source is what the read stage gives the next: the build's options, the
// content's files, its configuration, the templates and the pages.
type source struct {
	opt   Options
	files fs.FS
	cfg   Config
	tmpl  *templates.Set // nil when they did not load: that is a problem
	pages []*page
	// warns are what the build tells without failing: a page missing in
	// a language with translations: fallback, a language directory the
	// site does not build, a link to a draft shown with the drafts.
	warns engine.ErrorList
	// drafts holds the pages left out as drafts, by key ("ru/new.md"):
	// a link to one is a problem, and so is a translation of one.
	drafts map[string]bool
	// override holds the rules Options.Rules changes, as "key=value"
	// words, when they apply over the pages' and blocks' own rules too
	// (Options.OverridePinned).
	override []string
	// absent lists the site's languages whose directory is missing: its
	// pages are not missing translations of the others.
	absent []i18n.Lang
	// frontMatters are the pages' front matters the memo has (nil
	// without a memo).
	frontMatters *frontMatterMemo
	// analyses are the previous build's analyses of pages that the memo
	// has (analyseAll).
	analyses analysisBundle
}

// leaveOutDrafts leaves the drafts out of the pages to build, and their
// problems out of errs: a draft is the author's work in progress.
func (s *source) leaveOutDrafts(errs *engine.ErrorList) {
	s.drafts = map[string]bool{}
	files := map[string]bool{}
	s.pages = slices.DeleteFunc(s.pages, func(p *page) bool {
		if p.fm.Draft {
			s.drafts[p.key()] = true
			files[p.file] = true
		}
		return p.fm.Draft
	})
	if len(files) > 0 {
		*errs = slices.DeleteFunc(*errs, func(e *engine.Error) bool { return files[e.Pos.File] })
	}
}

// read reads the configuration, the templates and every page. Problems
// in them come back as a list; a wrong option (Options.Rules,
// Options.BaseURL) as an *OptionError, at once: the whole build would be
// of a site nobody asked for.
func read(opt Options, files fs.FS) (*source, engine.ErrorList, error) {
	s := &source{opt: opt, files: files}
	var errs engine.ErrorList
	s.cfg = s.loadConfig(&errs)
	if opt.BaseURL != "" {
		u, msg := baseURL(opt.BaseURL)
		if msg != "" {
			return nil, nil, &OptionError{Option: "BaseURL", Value: opt.BaseURL, Err: errors.New(msg)}
		}
		s.cfg.BaseURL = u
	}
	if !s.hasSitemap() {
		s.warns.Add(engine.Pos{File: s.contentPath(ConfigFile)}, `sitemap.xml is left out: a sitemap lists full addresses, and the site has none; give it as "base-url: https://…/" here, or --base-url`)
	}
	own := s.cfg.Rules
	for _, kv := range opt.Rules {
		for _, w := range strings.Fields(kv) {
			if err := s.cfg.Rules.Set(w); err != nil {
				return nil, nil, &OptionError{Option: "Rules", Value: kv, Err: err}
			}
		}
	}
	if opt.OverridePinned {
		s.override = overrideWords(own, s.cfg.Rules)
	}
	// The templates are read while the pages are; their problems are
	// reported first.
	var tmplErr error
	var bg sync.WaitGroup
	bg.Go(func() { s.tmpl, tmplErr = templates.Load(opt.Templates, templateFuncs) })
	// So is the previous build's analyses, which the next stage takes
	// from (analyseAll).
	if opt.Memo != nil {
		bg.Go(func() { opt.Memo.Get(analysesKey, &s.analyses) })
	}
	s.frontMatters = newFrontMatterMemo(opt.Memo, opt.Version)
	var pageErrs engine.ErrorList
	pages := s.loadPages(&pageErrs)
	s.frontMatters.save()
	bg.Wait()
	if tmplErr != nil {
		errs = append(errs, engine.AsList(tmplErr)...)
	}
	s.pages = pages
	errs = append(errs, pageErrs...)
	if !opt.Drafts {
		s.leaveOutDrafts(&errs)
	}
	return s, errs, nil
}

// ConfigFile is the name of the site configuration file at the root of
// the content directory: YAML, like the pages' front matter.
const ConfigFile = "nardydocs.yaml"

// oldConfigFile is the configuration file's former name.
const oldConfigFile = "nardydocs.conf"

// frontMatter is what a page says about itself between "---" lines.
type frontMatter struct {
	Title       string
	Description string
	Order       int
	Game        engine.Game
	HasGame     bool
	Rules       engine.Rules
	RulesText   string
	RulesLine   int // the line of "rules:", when the page has one
	// Sheet is set by "print: sheet": the page is a one-page summary,
	// printed compact on one A4 sheet.
	Sheet bool
	// Draft is set by "draft: true": the page is built only with the
	// drafts (serve, build --drafts), marked as a draft.
	Draft bool
	// broken is set when the front matter could not be read, so that
	// the blocks it gives their game and rules to are not judged.
	broken bool
}

// page is one Markdown file of one language.
type page struct {
	lang i18n.Lang
	rel  string // path inside the language without ".md": "long/head"
	file string // the file as the user names it: "content/ru/long/head.md"
	// name is the file's path inside the language when it differs from
	// rel+".md": "long/_index.md" for the page "long/index".
	name string
	src  []byte // the file with its front matter blanked out (offsets kept)
	// srcSum is a digest of src as it was read, which the memo's keys
	// name it by (encoding the text itself into every key would cost
	// more than the rest of the key); "" in a build without the memo.
	srcSum string
	fm     frontMatter
}

// url returns the page's output path: "ru/long/head.html".
func (p *page) url() string { return string(p.lang) + "/" + p.rel + ".html" }

// fileName returns the page's file path inside its language:
// "long/head.md", or "long/_index.md" for a section index so named.
func (p *page) fileName() string {
	if p.name != "" {
		return p.name
	}
	return p.rel + ".md"
}

// key returns the page's path in the content directory: "ru/long/head.md".
func (p *page) key() string { return string(p.lang) + "/" + p.rel + ".md" }

// pageKey returns the content path of the page rel in language l.
func pageKey(l i18n.Lang, rel string) string { return string(l) + "/" + rel + ".md" }

// contentPath names a file of the content directory as the user knows it:
// "content/ru/long/head.md".
func (s *source) contentPath(name string) string {
	return filepath.Join(s.opt.Content, filepath.FromSlash(name))
}

// loadConfig reads the site's configuration file, if there is one: a
// YAML mapping of the keys config.go describes.
func (s *source) loadConfig(errs *engine.ErrorList) Config {
	cfg := defaultConfig()
	if _, err := fs.Stat(s.files, oldConfigFile); err == nil {
		errs.Add(engine.Pos{File: s.contentPath(oldConfigFile)}, "the configuration file is now "+ConfigFile+" (YAML, the same \"key: value\" lines): rename it")
	}
	name := s.contentPath(ConfigFile)
	// Only a regular file is read: a named pipe would block the build.
	if info, err := fs.Stat(s.files, ConfigFile); err == nil && !info.Mode().IsRegular() {
		errs.Add(engine.Pos{File: name}, notRegular(info.Mode()))
		return cfg
	}
	data, err := fs.ReadFile(s.files, ConfigFile)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg
	}
	if err != nil {
		errs.Add(engine.Pos{File: name}, readProblem(err))
		return cfg
	}
	data = textOf(data, name, errs)
	return readConfig(yamlMapping(data, name, 0, errs), name, s.files, errs)
}

// hasSitemap tells whether the site has sitemap.xml: when its address
// is a full one (http or https), which every address in a sitemap must
// start with.
func (s *source) hasSitemap() bool {
	return strings.HasPrefix(s.cfg.BaseURL, "https://") || strings.HasPrefix(s.cfg.BaseURL, "http://")
}

// baseURL checks the address a site is published at: an absolute http or
// https URL (its path ends with "/"), or a path from the host's root
// ("/rules/"). It returns it with the final "/", or what is wrong.
func baseURL(v string) (string, string) {
	u, err := url.Parse(v)
	switch {
	case err != nil:
		return "", "not a URL: " + err.Error()
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//"):
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return "", `write the site's full address, e.g. "https://example.org/rules/"`
	case u.RawQuery != "" || u.Fragment != "":
		return "", "an address without ? or #"
	}
	if !strings.HasSuffix(v, "/") {
		v += "/"
	}
	return v, ""
}

// loadPages reads every <lang>/**.md file of the content in a stable
// order. Symbolic links are followed, to files and directories alike, as
// long as they stay inside the content directory (one that leads outside
// it is refused when the content is read from a directory: see Build).
func (s *source) loadPages(errs *engine.ErrorList) []*page {
	entries, err := fs.ReadDir(s.files, ".")
	if err != nil {
		errs.AddErr(engine.Pos{File: s.opt.Content}, "", err)
		return nil
	}
	for _, e := range entries {
		l := i18n.Lang(e.Name())
		switch {
		case !e.IsDir() || s.cfg.logoDir != "" && e.Name() == s.cfg.logoDir:
		case !l.Valid():
			errs.Add(engine.Pos{File: s.contentPath(e.Name())}, "unknown language directory; nardydocs writes pages in ru and uk")
		case !s.hasLang(l):
			s.warns.Add(engine.Pos{File: s.contentPath(e.Name())}, "not built: the site's languages are "+langList(s.cfg.Languages)+` ("languages:" in `+ConfigFile+")")
		}
	}
	var steps []walkStep
	for _, lang := range s.cfg.Languages {
		root := string(lang)
		info, err := fs.Stat(s.files, root)
		if err != nil {
			msg := "missing language directory"
			if len(i18n.Langs) > 1 {
				msg += `; create it, or leave ` + root + ` out of "languages:" in ` + ConfigFile
			}
			errs.Add(engine.Pos{File: s.contentPath(root)}, msg)
			s.absent = append(s.absent, lang)
			continue
		}
		if !info.IsDir() {
			// A build of no pages would replace the site with an empty one.
			errs.Add(engine.Pos{File: s.contentPath(root)}, "not a directory: the pages in "+root+" are Markdown files in a directory of that name")
			s.absent = append(s.absent, lang)
			continue
		}
		s.walkPages(lang, root, nil, &steps)
	}
	return twoIndexes(s.readSteps(steps, errs), errs)
}

// IndexFile and SectionIndexFile are the two names of a folder's index
// page: "index.md", or "_index.md" as Hugo names a section's index.
// Both give the page the same address; a folder may hold only one.
const (
	IndexFile        = "index.md"
	SectionIndexFile = "_index.md"
)

// indexRel returns the page path of a file's path inside its language
// without ".md": a section index "_index" becomes "index", as
// "long/_index" becomes "long/index"; other paths are kept.
func indexRel(rel string) string {
	switch {
	case rel == "_index":
		return "index"
	case strings.HasSuffix(rel, "/_index"):
		return strings.TrimSuffix(rel, "_index") + "index"
	}
	return rel
}

// twoIndexes reports each folder that holds both index.md and _index.md,
// naming both files, and keeps only the first of the two pages. A page
// read from _index.md takes the place in the order that index.md would:
// the site is the same whichever name its index pages have.
func twoIndexes(pages []*page, errs *engine.ErrorList) []*page {
	for i := 0; i < len(pages); {
		j := i
		renamed := false
		for j < len(pages) && pages[j].lang == pages[i].lang {
			renamed = renamed || pages[j].name != ""
			j++
		}
		if renamed {
			slices.SortStableFunc(pages[i:j], func(a, b *page) int {
				return slices.Compare(strings.Split(a.rel+".md", "/"), strings.Split(b.rel+".md", "/"))
			})
		}
		i = j
	}
	seen := map[string]*page{}
	kept := pages[:0]
	for _, p := range pages {
		if path.Base(p.rel) == "index" {
			if q, ok := seen[p.key()]; ok {
				errs.Add(engine.Pos{File: p.file}, "two index pages in one folder: "+q.file+" and "+p.file+"; keep one of them")
				continue
			}
			seen[p.key()] = p
		}
		kept = append(kept, p)
	}
	return kept
}

// walkPages lists the pages under dir (a directory of language lang's
// tree) as steps, in the order of the files, following symbolic links: a
// directory a link leads to is walked in its place in that order; inside
// lists the directories the walk is inside of, to refuse a link that
// loops. The pages are read later (readSteps).
func (s *source) walkPages(lang i18n.Lang, dir string, inside []fs.FileInfo, steps *[]walkStep) {
	if info, err := fs.Stat(s.files, dir); err == nil {
		for _, d := range inside {
			if os.SameFile(d, info) {
				*steps = append(*steps, walkStep{errs: engine.ErrorList{{Pos: engine.Pos{File: s.contentPath(dir)}, Msg: "the symbolic link makes a loop: it leads to a directory that holds it"}}})
				return
			}
		}
		inside = append(inside, info)
	}
	problem := func(name string, msg string) {
		*steps = append(*steps, walkStep{errs: engine.ErrorList{{Pos: engine.Pos{File: s.contentPath(name)}, Msg: msg}}})
	}
	err := fs.WalkDir(s.files, dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			problem(name, readProblem(err))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			info, err := fs.Stat(s.files, name)
			switch {
			case err != nil:
				problem(name, readProblem(err))
				return nil
			case info.IsDir():
				s.walkPages(lang, name, inside, steps)
				return nil
			}
			mode = info.Mode().Type()
		}
		if d.IsDir() || !strings.HasSuffix(name, ".md") {
			return nil
		}
		// Only a regular file is opened: reading a named pipe or a
		// device would block the build, or never end.
		if !mode.IsRegular() {
			problem(name, notRegular(mode))
			return nil
		}
		inLang := strings.TrimPrefix(name, string(lang)+"/")
		rel := indexRel(strings.TrimSuffix(inLang, ".md"))
		p := &page{lang: lang, rel: rel, file: s.contentPath(name)}
		if rel+".md" != inLang {
			p.name = inLang
		}
		*steps = append(*steps, walkStep{page: p, path: name})
		return nil
	})
	if err != nil {
		problem(dir, readProblem(err))
	}
}

// readSteps reads and makes the pages of steps, at most opt.Jobs at a
// time, and returns them with the problems, in the order of the steps
// (of the files).
func (s *source) readSteps(steps []walkStep, errs *engine.ErrorList) []*page {
	_ = parallel(context.Background(), max(1, s.opt.Jobs), len(steps), func(k int) {
		st := &steps[k]
		if st.page == nil {
			return
		}
		data, err := fs.ReadFile(s.files, st.path)
		if err != nil {
			st.errs.Add(engine.Pos{File: s.contentPath(st.path)}, readProblem(err))
			st.page = nil
			return
		}
		st.page.src = data
		s.readPage(st.page, &st.errs)
	})
	var pages []*page
	for _, st := range steps {
		*errs = append(*errs, st.errs...)
		if st.page != nil {
			pages = append(pages, st.page)
		}
	}
	return pages
}

// walkStep is a step of walkPages, in the order of the files: a page to
// read from the file at path (its problems with it), or a problem.
type walkStep struct {
	page *page
	path string
	errs engine.ErrorList
}

// readPage makes page p of the bytes of its file (p.src): its text
// checked, its front matter read.
func (s *source) readPage(p *page, errs *engine.ErrorList) {
	p.src = textOf(p.src, p.file, errs)
	p.fm = parseFrontMatterWith(p, s.cfg.Rules, errs, s.frontMatters.reader(p.file, s.cfg.Rules))
	if !textBounds(p.src, p.file, errs) {
		p.src, p.fm.broken = nil, true // not parsed
	}
	for _, w := range s.override {
		_ = p.fm.Rules.Set(w) // words of valid keys and values
	}
	if s.opt.Memo != nil {
		p.srcSum = textSum(p.src)
	}
}

// textSum is the digest of a page's text that stands for it in the
// memo's keys.
func textSum(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}

// readProblem words an error reading the content: a symbolic link that
// leads outside the content directory is named as such, and the system
// call that failed ("statat", "openat") is said in plain words.
func readProblem(err error) string {
	if strings.Contains(err.Error(), "path escapes from parent") {
		return "the symbolic link leads outside the content directory; nardydocs follows links only inside it"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return plainOp(pe.Op) + ": " + pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return plainOp(le.Op) + ": " + le.Err.Error()
	}
	return err.Error()
}

// notRegular says that a file of the content, which nardydocs reads, is
// not a regular file, and what it is instead.
func notRegular(m fs.FileMode) string {
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	}
	return kind + ", not a regular file: nardydocs reads only regular files; remove it or rename it"
}

// plainOp says what a failed system call op was doing, in plain words.
func plainOp(op string) string {
	switch strings.ToLower(op) {
	case "stat", "statat", "lstat", "fstat", "fstatat":
		return "cannot look it up"
	case "open", "openat":
		return "cannot open it"
	case "readdir", "readdirent", "fdopendir", "getdents", "opendir":
		return "cannot list the directory"
	case "readlink", "readlinkat", "evalsymlinks":
		return "cannot follow the symbolic link"
	}
	return "cannot read it"
}

// textOf returns a file's bytes as text: without a UTF-8 byte order mark,
// and checked to be UTF-8 (a problem names the first bad byte's line and
// column).
func textOf(data []byte, file string, errs *engine.ErrorList) []byte {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if !utf8.Valid(data) {
		bad := 0
		for bad < len(data) {
			r, n := utf8.DecodeRune(data[bad:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			bad += n
		}
		line, col := markdown.NewLineIndex(data).Pos(bad)
		errs.Add(engine.Pos{File: file, Line: line, Col: col}, "the file is not valid UTF-8: save it in UTF-8")
	}
	return data
}

// parseFrontMatter reads the front matter of a page, a YAML mapping
// between "---" lines, and blanks it out of p.src so that byte offsets
// and line numbers stay those of the file.
func parseFrontMatter(p *page, base engine.Rules, errs *engine.ErrorList) frontMatter {
	return parseFrontMatterWith(p, base, errs, nil)
}

// parseFrontMatterWith is parseFrontMatter, the front matter's lines read
// by read (readFrontMatter) when it is not nil.
func parseFrontMatterWith(p *page, base engine.Rules, errs *engine.ErrorList, read func(text []byte, errs *engine.ErrorList) frontMatter) frontMatter {
	fm := frontMatter{Rules: base}
	src := p.src
	if !bytes.HasPrefix(src, []byte("---\n")) && !bytes.HasPrefix(src, []byte("---\r\n")) {
		errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, `a page starts with front matter: "---", "title: …", "---"`)
		fm.broken = true // its blocks, without the page's game, are not judged
		return fm
	}
	// The front matter's lines: from the second line to a line "---".
	start := bytes.IndexByte(src, '\n') + 1
	end := -1 // the offset of the closing line
	for off := start; off < len(src); {
		next := bytes.IndexByte(src[off:], '\n')
		line := src[off:]
		if next >= 0 {
			line = src[off : off+next]
		}
		if string(bytes.TrimRight(line, "\r")) == "---" {
			end = off
			break
		}
		if next < 0 {
			break
		}
		off += next + 1
	}
	if end < 0 {
		errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, `front matter is not closed: add a line "---" after it`)
		fm.broken = true
		return fm
	}
	if read != nil {
		fm = read(src[start:end], errs)
	} else {
		fm = readFrontMatter(src[start:end], p.file, base, errs)
	}
	// Blank the front matter, keeping every newline.
	n := end + 3
	if n < len(src) && src[n] == '\r' {
		n++
	}
	blank := make([]byte, 0, len(src))
	for _, c := range src[:n] {
		if c == '\n' {
			blank = append(blank, '\n')
		} else {
			blank = append(blank, ' ')
		}
	}
	p.src = append(blank, src[n:]...)
	return fm
}

// readFrontMatter reads the lines of a page's front matter (text, from
// the page's second line on) of the file file, over the site's rules
// base.
func readFrontMatter(text []byte, file string, base engine.Rules, errs *engine.ErrorList) frontMatter {
	fm := frontMatter{Rules: base}
	before := len(*errs)
	entries := yamlMapping(text, file, 1, errs)
	fm.broken = len(*errs) > before // the page's blocks are not judged
	titled := false
	for _, e := range entries {
		titled = titled || e.key == "title"
		val, ok := e.text(errs)
		if !ok {
			fm.broken = fm.broken || e.key == "game" || e.key == "rules"
			continue
		}
		switch e.key {
		case "title":
			fm.Title = val
		case "description":
			fm.Description = val
		case "order":
			n, err := strconv.Atoi(val)
			if err != nil {
				errs.Add(e.at, "order "+strconv.Quote(val)+": write a whole number")
			}
			fm.Order = n
		case "game":
			g, ok := engine.ParseGame(val)
			if !ok {
				errs.Add(e.at, "game "+strconv.Quote(val)+`: write "long" or "short"`)
				fm.broken = true
			}
			fm.Game, fm.HasGame = g, ok
		case "rules":
			r, err := engine.ParseRules(base, val)
			if err != nil {
				errs.Add(e.at, err.Error())
				fm.broken = true
			}
			fm.Rules, fm.RulesText, fm.RulesLine = r, val, e.keyAt.Line
		case "print":
			if val != "sheet" {
				errs.Add(e.at, "print "+strconv.Quote(val)+`: write "sheet" (a one-page summary, printed on one sheet)`)
			}
			fm.Sheet = val == "sheet"
		case "draft":
			switch val {
			case "true":
				fm.Draft = true
			case "false":
			default:
				errs.Add(e.at, "draft "+strconv.Quote(val)+`: write "true" (the page is left out of the built site until it says "false", or the line is gone) or "false"`)
			}
		default:
			errs.Add(e.keyAt, "unknown front matter key "+strconv.Quote(e.key)+"; known: title, description, order, game, rules, print, draft")
		}
	}
	switch {
	case len(*errs) > before:
	case !titled:
		errs.Add(engine.Pos{File: file, Line: 1, Col: 1}, `the front matter has no "title:"`)
	case strings.TrimSpace(fm.Title) == "":
		errs.Add(engine.Pos{File: file, Line: 1, Col: 1}, `the page's "title:" is empty`)
	}
	return fm
}

// overrideWords returns the rules that to changes in from, as
// "key=value" words in documented order, of both games.
func overrideWords(from, to engine.Rules) []string {
	return append(to.Diff(from, engine.Long), to.Diff(from, engine.Short)...)
}

// section returns the first directory of a page path ("long" for
// "long/head"), or "" for pages at the root of a language.
func section(rel string) string {
	if i := strings.IndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return ""
}

// missingTranslation names the file a page's translation into l would be.
func (s *source) missingTranslation(l i18n.Lang, p *page) string {
	return s.contentPath(path.Join(string(l), p.fileName()))
}
