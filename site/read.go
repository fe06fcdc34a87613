package site

import (
	"bytes"
	"errors"
	"os"
	"unicode/utf8"

	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/site/markdown"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// ConfigFile is the name of the site configuration file at the root of
// the content directory.
const ConfigFile = "nardydocs.conf"

// Config is the site-wide configuration.
type Config struct {
	// BaseURL is the absolute address the site is published at, used in
	// sitemap.xml and the hreflang links ("https://nardy.example/").
	BaseURL string
	// Rules is the site-wide rule profile; pages and blocks override it.
	Rules engine.Rules
}

// frontMatter is what a page says about itself between "---" lines.
type frontMatter struct {
	Title       string
	Description string
	Order       int
	Game        engine.Game
	HasGame     bool
	Rules       engine.Rules
	RulesText   string
}

// page is one Markdown file of one language.
type page struct {
	lang i18n.Lang
	rel  string // path inside the language without ".md": "long/head"
	file string // the file as the user names it: "content/ru/long/head.md"
	src  []byte // the file with its front matter blanked out (offsets kept)
	fm   frontMatter
}

// url returns the page's output path: "ru/long/head.html".
func (p *page) url() string { return string(p.lang) + "/" + p.rel + ".html" }

// key returns the page's path in the content directory: "ru/long/head.md".
func (p *page) key() string { return string(p.lang) + "/" + p.rel + ".md" }

// pageKey returns the content path of the page rel in language l.
func pageKey(l i18n.Lang, rel string) string { return string(l) + "/" + rel + ".md" }

// contentPath names a file of the content directory as the user knows it:
// "content/ru/long/head.md".
func (b *builder) contentPath(name string) string {
	return filepath.Join(b.opt.Content, filepath.FromSlash(name))
}

// loadConfig reads content/nardydocs.conf if it exists.
func (b *builder) loadConfig(errs *engine.ErrorList) Config {
	cfg := Config{BaseURL: "/"}
	name := b.contentPath(ConfigFile)
	data, err := fs.ReadFile(b.files, ConfigFile)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg
	}
	if err != nil {
		errs.Add(engine.Pos{File: name}, readProblem(err))
		return cfg
	}
	data = textOf(data, name, errs)
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		at := engine.Pos{File: name, Line: i + 1, Col: 1}
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		switch {
		case !ok:
			errs.Add(at, `expected "key: value"`)
		case key == "base-url":
			if !strings.HasSuffix(val, "/") {
				val += "/"
			}
			cfg.BaseURL = val
		case key == "rules":
			r, err := engine.ParseRules(cfg.Rules, val)
			if err != nil {
				at.Col = len(key) + 3
				errs.Add(at, err.Error())
			}
			cfg.Rules = r
		default:
			errs.Add(at, "unknown key "+strconv.Quote(key)+"; known: base-url, rules")
		}
	}
	return cfg
}

// loadPages reads every <lang>/**.md file of the content in a stable
// order. Symbolic links are followed, to files and directories alike, as
// long as they stay inside the content directory (one that leads outside
// it is refused when the content is read from a directory: see Build).
func (b *builder) loadPages(errs *engine.ErrorList) []*page {
	entries, err := fs.ReadDir(b.files, ".")
	if err != nil {
		errs.Add(engine.Pos{File: b.opt.Content}, err.Error())
		return nil
	}
	for _, e := range entries {
		if e.IsDir() && !i18n.Lang(e.Name()).Valid() {
			errs.Add(engine.Pos{File: b.contentPath(e.Name())}, "unknown language directory; the site's languages are ru and uk")
		}
	}
	var pages []*page
	for _, lang := range i18n.Langs {
		root := string(lang)
		if _, err := fs.Stat(b.files, root); err != nil {
			errs.Add(engine.Pos{File: b.contentPath(root)}, "missing language directory")
			continue
		}
		b.walkPages(lang, root, nil, &pages, errs)
	}
	return pages
}

// walkPages reads the pages under dir (a directory of language lang's
// tree) into pages, following symbolic links; inside lists the
// directories the walk is inside of, to refuse a link that loops.
func (b *builder) walkPages(lang i18n.Lang, dir string, inside []fs.FileInfo, pages *[]*page, errs *engine.ErrorList) {
	if info, err := fs.Stat(b.files, dir); err == nil {
		for _, d := range inside {
			if os.SameFile(d, info) {
				errs.Add(engine.Pos{File: b.contentPath(dir)}, "the symbolic link makes a loop: it leads to a directory that holds it")
				return
			}
		}
		inside = append(inside, info)
	}
	err := fs.WalkDir(b.files, dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			errs.Add(engine.Pos{File: b.contentPath(name)}, readProblem(err))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			info, err := fs.Stat(b.files, name)
			switch {
			case err != nil:
				errs.Add(engine.Pos{File: b.contentPath(name)}, readProblem(err))
				return nil
			case info.IsDir():
				b.walkPages(lang, name, inside, pages, errs)
				return nil
			}
		}
		if d.IsDir() || !strings.HasSuffix(name, ".md") {
			return nil
		}
		data, err := fs.ReadFile(b.files, name)
		if err != nil {
			errs.Add(engine.Pos{File: b.contentPath(name)}, readProblem(err))
			return nil
		}
		rel := strings.TrimSuffix(strings.TrimPrefix(name, string(lang)+"/"), ".md")
		p := &page{lang: lang, rel: rel, file: b.contentPath(name), src: textOf(data, b.contentPath(name), errs)}
		p.fm = parseFrontMatter(p, b.cfg.Rules, errs)
		*pages = append(*pages, p)
		return nil
	})
	if err != nil {
		errs.Add(engine.Pos{File: b.contentPath(dir)}, readProblem(err))
	}
}

// readProblem words an error reading the content: a symbolic link that
// leads outside the content directory is named as such.
func readProblem(err error) string {
	if strings.Contains(err.Error(), "path escapes from parent") {
		return "the symbolic link leads outside the content directory; nardydocs follows links only inside it"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
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

// parseFrontMatter reads the "---" header of a page and blanks it out of
// p.src so that byte offsets and line numbers stay those of the file.
func parseFrontMatter(p *page, base engine.Rules, errs *engine.ErrorList) frontMatter {
	fm := frontMatter{Rules: base}
	src := p.src
	at := func(line, col int) engine.Pos { return engine.Pos{File: p.file, Line: line, Col: col} }
	if !strings.HasPrefix(string(src), "---\n") && !strings.HasPrefix(string(src), "---\r\n") {
		errs.Add(at(1, 1), `a page starts with front matter: "---", "title: …", "---"`)
		return fm
	}
	lines := strings.SplitAfter(string(src), "\n")
	end := -1
	seen := map[string]int{}
	for i := 1; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\r\n")
		if line == "---" {
			end = i
			break
		}
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			errs.Add(at(i+1, 1), `expected "key: value" in the front matter`)
			continue
		}
		key = strings.TrimSpace(key)
		col := len([]rune(line)) - len([]rune(strings.TrimLeft(val, " "))) + 1
		val = strings.TrimSpace(val)
		if first, dup := seen[key]; dup {
			errs.Add(at(i+1, 1), "duplicate key "+strconv.Quote(key)+" (first on line "+strconv.Itoa(first)+")")
			continue
		}
		seen[key] = i + 1
		switch key {
		case "title":
			fm.Title = val
		case "description":
			fm.Description = val
		case "order":
			n, err := strconv.Atoi(val)
			if err != nil {
				errs.Add(at(i+1, col), "order "+strconv.Quote(val)+": write a whole number")
			}
			fm.Order = n
		case "game":
			g, ok := engine.ParseGame(val)
			if !ok {
				errs.Add(at(i+1, col), "game "+strconv.Quote(val)+`: write "long" or "short"`)
			}
			fm.Game, fm.HasGame = g, ok
		case "rules":
			r, err := engine.ParseRules(base, val)
			if err != nil {
				errs.Add(at(i+1, col), err.Error())
			}
			fm.Rules, fm.RulesText = r, val
		default:
			errs.Add(at(i+1, 1), "unknown front matter key "+strconv.Quote(key)+"; known: title, description, order, game, rules")
		}
	}
	if end < 0 {
		errs.Add(at(1, 1), `front matter is not closed: add a line "---" after it`)
		return fm
	}
	if fm.Title == "" {
		errs.Add(at(1, 1), `the front matter has no "title:"`)
	}
	// Blank the front matter, keeping every newline.
	n := 0
	for i := 0; i <= end; i++ {
		n += len(lines[i])
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

// section returns the first directory of a page path ("long" for
// "long/head"), or "" for pages at the root of a language.
func section(rel string) string {
	if i := strings.IndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return ""
}

// missingTranslation names the file a page's translation into l would be.
func (b *builder) missingTranslation(l i18n.Lang, p *page) string {
	return b.contentPath(path.Join(string(l), p.rel+".md"))
}
