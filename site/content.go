package site

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

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

// loadConfig reads content/nardydocs.conf if it exists.
func loadConfig(dir string, errs *ErrorList) Config {
	cfg := Config{BaseURL: "/"}
	name := filepath.Join(dir, ConfigFile)
	data, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		return cfg
	}
	if err != nil {
		errs.Add(name, 0, 0, err.Error())
		return cfg
	}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		switch {
		case !ok:
			errs.Add(name, i+1, 1, `expected "key: value"`)
		case key == "base-url":
			if !strings.HasSuffix(val, "/") {
				val += "/"
			}
			cfg.BaseURL = val
		case key == "rules":
			r, err := engine.ParseRules(cfg.Rules, val)
			if err != nil {
				errs.Add(name, i+1, len(key)+3, err.Error())
			}
			cfg.Rules = r
		default:
			errs.Add(name, i+1, 1, "unknown key "+strconv.Quote(key)+"; known: base-url, rules")
		}
	}
	return cfg
}

// loadPages reads every content/<lang>/**.md file in a stable order.
func loadPages(dir string, cfg Config, errs *ErrorList) []*page {
	entries, err := os.ReadDir(dir)
	if err != nil {
		errs.Add(dir, 0, 0, err.Error())
		return nil
	}
	for _, e := range entries {
		if e.IsDir() && !i18n.Lang(e.Name()).Valid() {
			errs.Add(filepath.Join(dir, e.Name()), 0, 0, "unknown language directory; the site's languages are ru and uk")
		}
	}
	var pages []*page
	for _, lang := range i18n.Langs {
		root := filepath.Join(dir, string(lang))
		if _, err := os.Stat(root); err != nil {
			errs.Add(root, 0, 0, "missing language directory")
			continue
		}
		err := filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(name, ".md") {
				return nil
			}
			rel, _ := filepath.Rel(root, name)
			rel = filepath.ToSlash(strings.TrimSuffix(rel, ".md"))
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			p := &page{lang: lang, rel: rel, file: name, src: data}
			p.fm = parseFrontMatter(p, cfg.Rules, errs)
			pages = append(pages, p)
			return nil
		})
		if err != nil {
			errs.Add(root, 0, 0, err.Error())
		}
	}
	return pages
}

// parseFrontMatter reads the "---" header of a page and blanks it out of
// p.src so that byte offsets and line numbers stay those of the file.
func parseFrontMatter(p *page, base engine.Rules, errs *ErrorList) frontMatter {
	fm := frontMatter{Rules: base}
	src := p.src
	if !strings.HasPrefix(string(src), "---\n") && !strings.HasPrefix(string(src), "---\r\n") {
		errs.Add(p.file, 1, 1, `a page starts with front matter: "---", "title: …", "---"`)
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
			errs.Add(p.file, i+1, 1, `expected "key: value" in the front matter`)
			continue
		}
		key = strings.TrimSpace(key)
		col := len([]rune(line)) - len([]rune(strings.TrimLeft(val, " "))) + 1
		val = strings.TrimSpace(val)
		if first, dup := seen[key]; dup {
			errs.Add(p.file, i+1, 1, "duplicate key "+strconv.Quote(key)+" (first on line "+strconv.Itoa(first)+")")
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
				errs.Add(p.file, i+1, col, "order "+strconv.Quote(val)+": write a whole number")
			}
			fm.Order = n
		case "game":
			g, ok := engine.ParseGame(val)
			if !ok {
				errs.Add(p.file, i+1, col, "game "+strconv.Quote(val)+`: write "long" or "short"`)
			}
			fm.Game, fm.HasGame = g, ok
		case "rules":
			r, err := engine.ParseRules(base, val)
			if err != nil {
				errs.Add(p.file, i+1, col, err.Error())
			}
			fm.Rules, fm.RulesText = r, val
		default:
			errs.Add(p.file, i+1, 1, "unknown front matter key "+strconv.Quote(key)+"; known: title, description, order, game, rules")
		}
	}
	if end < 0 {
		errs.Add(p.file, 1, 1, `front matter is not closed: add a line "---" after it`)
		return fm
	}
	if fm.Title == "" {
		errs.Add(p.file, 1, 1, `the front matter has no "title:"`)
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

// relURL returns the relative link from the page at slash path from to
// the file at slash path to (both relative to the site's root; to = ""
// is the root itself).
func relURL(from, to string) string {
	fromDirs := strings.Split(from, "/")
	fromDirs = fromDirs[:len(fromDirs)-1]
	toParts := strings.Split(to, "/")
	common := 0
	for common < len(fromDirs) && common < len(toParts)-1 && fromDirs[common] == toParts[common] {
		common++
	}
	return strings.Repeat("../", len(fromDirs)-common) + strings.Join(toParts[common:], "/")
}

// resolveLink resolves a link written in page p to a content path
// relative to the content root ("ru/long/head.md") and an anchor.
func resolveLink(p *page, dest string) (target, anchor string) {
	target, anchor, _ = strings.Cut(dest, "#")
	if target == "" {
		return string(p.lang) + "/" + p.rel + ".md", anchor
	}
	return path.Join(string(p.lang), path.Dir(p.rel), target), anchor
}
