package site

import (
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The site's configuration is content/nardydocs.yaml: a YAML mapping of
// the keys below, each optional. Every problem in it is reported at its
// line and column, and the build fails.

// Config is the site-wide configuration.
type Config struct {
	// BaseURL is the absolute address the site is published at, used in
	// sitemap.xml and the hreflang links ("https://nardy.example/").
	BaseURL string
	// Rules is the site-wide rule profile; pages and blocks override it.
	Rules engine.Rules
	// Titles are the site's name in each of its languages (title:), by
	// default "Нарды: правила с картинками" and "Нарди: правила з
	// малюнками".
	Titles map[i18n.Lang]string
	// Logo is the site's logo (logo:), a file of the content directory
	// named by its slash path ("logo.svg", "images/logo.png"), or "".
	Logo string
	// Languages are the site's languages in the order they are offered
	// (languages:), by default every one nardydocs has: ru, uk.
	Languages []i18n.Lang
	// EditURL is the pattern of each page's "edit this page" link
	// (edit-url:), or "" for none; see EditURLPlaceholders.
	EditURL string
	// Translations is how a page missing in one of the languages is
	// taken (translations:), when HasTranslations is set; otherwise the
	// build's Options.Translations decide.
	Translations    Translations
	HasTranslations bool
	// logoDir is the first directory of the logo's path as written
	// ("images"), a directory of the content that is not a language's.
	logoDir string
}

// Translations says how a build takes a page that exists in some of the
// site's languages but not in all.
type Translations uint8

const (
	// Strict makes a missing translation a problem: the build fails.
	// It is what build does, unless the configuration says otherwise.
	Strict Translations = iota
	// Fallback makes it a warning: the language's table of contents
	// lists the page of another language, with a note that says so. It
	// is what serve does, unless the configuration says otherwise.
	Fallback
)

// String returns the mode as nardydocs.yaml writes it.
func (t Translations) String() string {
	if t == Fallback {
		return "fallback"
	}
	return "strict"
}

// configKeys are the keys of nardydocs.yaml, in documented order.
var configKeys = []string{"title", "logo", "languages", "base-url", "rules", "edit-url", "translations"}

// EditURLPlaceholders are what an edit-url pattern may hold, each
// replaced, for every page, by:
//
//   - {path}: the page's file in the content directory, "ru/long/head.md";
//   - {lang}: its language, "ru";
//   - {page}: its file in its language's directory, "long/head.md".
var EditURLPlaceholders = []string{"{path}", "{lang}", "{page}"}

// logoTypes are the kinds of image a logo may be, by file extension.
var logoTypes = []string{".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif"}

// maxLogo is the size of the largest logo a site takes: every page loads
// it.
const maxLogo = 512 << 10

// defaultConfig is the configuration of a site without nardydocs.yaml.
func defaultConfig() Config {
	titles := map[i18n.Lang]string{}
	for _, l := range i18n.Langs {
		titles[l] = l.T("site.name")
	}
	return Config{BaseURL: "/", Titles: titles, Languages: slices.Clone(i18n.Langs)}
}

// readConfig reads the entries of nardydocs.yaml (file, as messages name
// it) over the default configuration. The logo is checked in files.
func readConfig(entries []yamlEntry, file string, files fs.FS, errs *engine.ErrorList) Config {
	cfg := defaultConfig()
	var title *yamlEntry
	for _, e := range entries {
		if e.key == "title" {
			title = &e
			continue // read once the languages are known
		}
		if e.key == "languages" {
			cfg.Languages = readLanguages(e, files, errs)
			continue
		}
		if !slices.Contains(configKeys, e.key) {
			errs.Add(e.keyAt, "unknown key "+strconv.Quote(e.key)+"; known: "+strings.Join(configKeys, ", "))
			continue
		}
		val, ok := e.text(errs)
		if !ok {
			continue
		}
		switch e.key {
		case "base-url":
			u, msg := baseURL(val)
			if msg != "" {
				errs.Add(e.at, "base-url "+strconv.Quote(val)+": "+msg)
				continue
			}
			cfg.BaseURL = u
		case "rules":
			r, err := engine.ParseRules(cfg.Rules, val)
			if err != nil {
				errs.Add(e.at, err.Error())
			}
			cfg.Rules = r
		case "logo":
			if dir, _, ok := strings.Cut(val, "/"); ok {
				cfg.logoDir = dir
			}
			if msg := checkLogo(val, files); msg != "" {
				errs.Add(e.at, "logo "+strconv.Quote(val)+": "+msg)
				continue
			}
			cfg.Logo = val
		case "edit-url":
			if msg := checkEditURL(val); msg != "" {
				errs.Add(e.at, "edit-url "+strconv.Quote(val)+": "+msg)
				continue
			}
			cfg.EditURL = val
		case "translations":
			switch val {
			case "strict":
				cfg.Translations, cfg.HasTranslations = Strict, true
			case "fallback":
				cfg.Translations, cfg.HasTranslations = Fallback, true
			default:
				errs.Add(e.at, "translations "+strconv.Quote(val)+`: write "strict" (a missing translation fails the build) or "fallback" (it is a warning, and the contents link to the other language's page)`)
			}
		}
	}
	if title != nil {
		readTitles(*title, &cfg, errs)
	}
	return cfg
}

// readLanguages reads "languages:": a list of the site's languages ([ru,
// uk], a list of "- ru" lines, or one language alone), each once. After
// a problem, the languages it could read are the site's, or, if none,
// those whose directories files has: the problem is reported once, not
// again as each page's missing translation.
func readLanguages(e yamlEntry, files fs.FS, errs *engine.ErrorList) []i18n.Lang {
	present := func() []i18n.Lang {
		var langs []i18n.Lang
		for _, l := range i18n.Langs {
			if info, err := fs.Stat(files, string(l)); err == nil && info.IsDir() {
				langs = append(langs, l)
			}
		}
		if len(langs) == 0 {
			return slices.Clone(i18n.Langs)
		}
		return langs
	}
	items, ok := e.list(errs)
	if !ok {
		return present()
	}
	var langs []i18n.Lang
	bad := false
	for _, it := range items {
		l := i18n.Lang(it.text)
		switch {
		case !l.Valid():
			errs.Add(it.at, "language "+strconv.Quote(it.text)+`: nardydocs writes its pages in "ru" and "uk"`)
			bad = true
		case slices.Contains(langs, l):
			errs.Add(it.at, "language "+strconv.Quote(it.text)+" is listed twice")
			bad = true
		default:
			langs = append(langs, l)
		}
	}
	if len(langs) == 0 && !bad {
		errs.Add(e.at, `languages: list at least one of the site's languages, e.g. "languages: [ru, uk]" or "languages: [ru]"`)
	}
	if len(langs) == 0 {
		return present()
	}
	return langs
}

// readTitles reads "title:": the site's name, one for every language
// ("title: Правила клуба") or a name for each of them ("title: {ru: …,
// uk: …}").
func readTitles(e yamlEntry, cfg *Config, errs *engine.ErrorList) {
	if isMapping(e.value) {
		titles := map[i18n.Lang]string{}
		given := map[i18n.Lang]bool{} // a problem with it is reported
		for _, sub := range e.mapping(errs) {
			l := i18n.Lang(sub.key)
			if !slices.Contains(cfg.Languages, l) {
				errs.Add(sub.keyAt, "title for "+strconv.Quote(sub.key)+": the site's languages are "+langList(cfg.Languages))
				continue
			}
			given[l] = true
			val, ok := sub.text(errs)
			if !ok {
				continue
			}
			if strings.TrimSpace(val) == "" {
				errs.Add(sub.at, "the title for "+sub.key+" is empty")
				continue
			}
			titles[l] = strings.TrimSpace(val)
		}
		for _, l := range cfg.Languages {
			if !given[l] {
				errs.Add(e.keyAt, "title: no title for "+string(l)+"; give one for each of the site's languages ("+langList(cfg.Languages)+"), e.g. \"title: {ru: Правила клуба, uk: Правила клубу}\"")
				return
			}
		}
		if len(titles) == len(cfg.Languages) {
			cfg.Titles = titles
		}
		return
	}
	if _, ok := e.value.(*ast.SequenceNode); ok {
		errs.Add(e.at, `title: write the site's name ("title: Правила клуба"), or one for each language ("title: {ru: Правила клуба, uk: Правила клубу}")`)
		return
	}
	val, ok := e.text(errs)
	if !ok {
		return
	}
	if strings.TrimSpace(val) == "" {
		errs.Add(e.at, `the title is empty: write the site's name, or leave "title:" out for the default`)
		return
	}
	for _, l := range cfg.Languages {
		cfg.Titles[l] = strings.TrimSpace(val)
	}
}

// isMapping reports whether n is a YAML mapping (one of a single entry
// is a MappingValueNode).
func isMapping(n ast.Node) bool {
	switch n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return true
	}
	return false
}

// langList writes languages for a message: "ru, uk".
func langList(langs []i18n.Lang) string {
	s := make([]string, len(langs))
	for i, l := range langs {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

// checkLogo says what is wrong with name as the site's logo in files, or
// "".
func checkLogo(name string, files fs.FS) string {
	ext := strings.ToLower(path.Ext(name))
	switch {
	case name == "":
		return `name a file of the content directory, e.g. "logo: logo.svg"`
	case strings.HasPrefix(name, "/") || !fs.ValidPath(name) || strings.Contains(name, `\`):
		return "name the file by its path inside the content directory, with / between directories, e.g. \"images/logo.svg\""
	case !slices.Contains(logoTypes, ext):
		return "a logo is an image: " + strings.Join(logoTypes, ", ")
	case i18n.Lang(strings.SplitN(name, "/", 2)[0]).Valid():
		return "keep the logo outside the languages' directories, e.g. at the content directory's root"
	}
	info, err := fs.Stat(files, name)
	switch {
	case err != nil:
		return "no such file in the content directory"
	case !info.Mode().IsRegular():
		return "not a regular file"
	case info.Size() > maxLogo:
		return "the file has " + strconv.FormatInt(info.Size()>>10, 10) + " KiB, and every page loads it: make it " + strconv.Itoa(maxLogo>>10) + " KiB or less"
	}
	return ""
}

// logoFile returns the name a logo has in the built site: "logo" with the
// file's extension, at the site's root.
func logoFile(name string) string {
	if name == "" {
		return ""
	}
	return "logo" + strings.ToLower(path.Ext(name))
}

// checkEditURL says what is wrong with an edit-url pattern, or "".
func checkEditURL(pattern string) string {
	sample := pattern
	for rest := pattern; ; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return `a "{" without its "}"`
		}
		if ph := rest[i : i+j+1]; !slices.Contains(EditURLPlaceholders, ph) {
			return "unknown placeholder " + ph + "; known: " + strings.Join(EditURLPlaceholders, ", ")
		}
		rest = rest[i+j+1:]
	}
	if !strings.Contains(pattern, "{path}") && !strings.Contains(pattern, "{page}") {
		return "the pattern has no {path} (or {page}): every page's link would lead to the same place, e.g. \"https://github.com/you/rules/edit/main/content/{path}\""
	}
	for _, ph := range EditURLPlaceholders {
		sample = strings.ReplaceAll(sample, ph, "x")
	}
	u, err := url.Parse(sample)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "write a full address, e.g. \"https://github.com/you/rules/edit/main/content/{path}\""
	}
	return ""
}

// editURL returns the "edit this page" link of page p, or "" when the site
// has none.
func (s *source) editURL(p *page) string {
	if s.cfg.EditURL == "" {
		return ""
	}
	return strings.NewReplacer(
		"{path}", escapePath(string(p.lang)+"/"+p.fileName()),
		"{lang}", string(p.lang),
		"{page}", escapePath(p.fileName()),
	).Replace(s.cfg.EditURL)
}

// title returns the site's name in language l.
func (s *source) title(l i18n.Lang) string {
	if t, ok := s.cfg.Titles[l]; ok {
		return t
	}
	return l.T("site.name")
}

// translations returns how the build takes a missing translation: as the
// configuration says, or else as the options do.
func (s *source) translations() Translations {
	if s.cfg.HasTranslations {
		return s.cfg.Translations
	}
	return s.opt.Translations
}

// langName names language l in a message: "Russian", "Ukrainian".
func langName(l i18n.Lang) string {
	switch l {
	case i18n.RU:
		return "Russian"
	case i18n.UK:
		return "Ukrainian"
	}
	return string(l)
}

// hasLang reports whether l is one of the site's languages.
func (s *source) hasLang(l i18n.Lang) bool { return slices.Contains(s.cfg.Languages, l) }

// yamlItem is one item of a YAML list.
type yamlItem struct {
	text string
	at   engine.Pos
}

// list returns an entry's value as a list of words: a YAML sequence of
// scalars ("[ru, uk]", or "- ru" lines), or one scalar alone.
func (e yamlEntry) list(errs *engine.ErrorList) ([]yamlItem, bool) {
	seq, ok := e.value.(*ast.SequenceNode)
	if !ok {
		val, ok := e.text(errs)
		if !ok {
			return nil, false
		}
		if val == "" {
			return nil, true
		}
		return []yamlItem{{text: val, at: e.at}}, true
	}
	var items []yamlItem
	for _, n := range seq.Values {
		item := yamlEntry{key: e.key, value: n, at: e.nodePos(n)}
		val, ok := item.text(errs)
		if !ok {
			return nil, false
		}
		items = append(items, yamlItem{text: val, at: item.at})
	}
	return items, true
}

// mapping returns the entries of an entry's value that is a mapping.
func (e yamlEntry) mapping(errs *engine.ErrorList) []yamlEntry {
	var values []*ast.MappingValueNode
	switch v := e.value.(type) {
	case *ast.MappingNode:
		values = v.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{v}
	}
	var out []yamlEntry
	seen := map[string]bool{}
	for _, mv := range values {
		key := ""
		if mv.Key != nil {
			key = mv.Key.String()
			if tok := mv.Key.GetToken(); tok != nil {
				key = tok.Value
			}
		}
		sub := yamlEntry{key: key, value: mv.Value, at: e.nodePos(mv.Value), keyAt: e.nodePos(mv.Key)}
		if mv.Value == nil || mv.Value.GetToken() == nil {
			sub.at = sub.keyAt
		}
		if seen[key] {
			errs.Add(sub.keyAt, "duplicate key "+strconv.Quote(key))
			continue
		}
		seen[key] = true
		out = append(out, sub)
	}
	return out
}

// nodePos returns the place of a node inside e's value, in the file's
// lines: e's own place tells how the node's lines are counted.
func (e yamlEntry) nodePos(n ast.Node) engine.Pos {
	if n == nil || n.GetToken() == nil || e.value == nil || e.value.GetToken() == nil {
		return e.at
	}
	p, base := n.GetToken().Position, e.value.GetToken().Position
	return engine.Pos{File: e.at.File, Line: e.at.Line + p.Line - base.Line, Col: p.Column}
}
