package site

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"text/template/parse"

	htmltemplate "html/template"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// incremental is a copy of content/ built, again and again, into a
// directory with a cache kept on disk, each build with a new Cache (as
// by a new run of the command line).
type incremental struct {
	t                   *testing.T
	root, content, out  string
	cache, templatesDir string
	checker             bool
	input               string // the fingerprint the builds record
	last                *Cache
}

func newIncremental(t *testing.T) *incremental {
	t.Helper()
	root := t.TempDir()
	in := &incremental{t: t, root: root, content: filepath.Join(root, "content"), out: filepath.Join(root, "public"), cache: filepath.Join(root, "cache"), checker: true}
	if err := os.CopyFS(in.content, os.DirFS(filepath.Join("..", "content"))); err != nil {
		t.Fatal(err)
	}
	return in
}

func (in *incremental) options() Options {
	return Options{Content: in.content, Checker: in.checker, Templates: in.templatesDir}
}

// build builds into the output directory with the disk cache, and checks
// that the site there is byte for byte the site built from nothing; it
// returns how many pages and figures were made anew.
func (in *incremental) build(what string) (pages, figures int64) {
	t := in.t
	t.Helper()
	opt := in.options()
	in.last = NewDiskCache(in.cache)
	opt.Cache = in.last
	if _, err := BuildTo(t.Context(), opt, in.out, nil); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	in.same(what)
	return in.last.pageMisses.Load(), in.last.misses.Load()
}

// same checks that the output directory holds the site built from
// nothing, its manifest included.
func (in *incremental) same(what string) {
	t := in.t
	t.Helper()
	ref, err := Build(t.Context(), in.options())
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	ref.Input = in.input
	got := readTree(t, in.out)
	if got[ManifestFile] != string(ref.manifest()) {
		t.Errorf("%s: the manifest differs from the one of a build without a cache", what)
	}
	delete(got, ManifestFile)
	for _, name := range ref.Paths() {
		if got[name] != string(ref.Files[name]) {
			t.Errorf("%s: %s differs from the build without a cache", what, name)
		}
		delete(got, name)
	}
	for name := range got {
		t.Errorf("%s: %s is not in the build without a cache", what, name)
	}
	// No directory of the site is empty, nothing is left beside it.
	filepath.WalkDir(in.out, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			if entries, _ := os.ReadDir(p); len(entries) == 0 {
				t.Errorf("%s: an empty directory in the site: %s", what, p)
			}
		}
		return err
	})
	entries, _ := os.ReadDir(in.root)
	for _, e := range entries {
		if !slices.Contains([]string{"content", "public", "cache", "templates"}, e.Name()) {
			t.Errorf("%s: %s left beside the site", what, e.Name())
		}
	}
}

// edit changes a file of the content.
func (in *incremental) edit(name string, change func(string) string) {
	in.t.Helper()
	full := filepath.Join(in.content, filepath.FromSlash(name))
	data, err := os.ReadFile(full)
	if err != nil && !os.IsNotExist(err) {
		in.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(change(string(data))), 0o644); err != nil {
		in.t.Fatal(err)
	}
}

// TestDiskCacheBuildsTheSameSite: builds into a directory, each from the
// previous one's disk cache, make the site a build from nothing makes,
// whatever changed in between; a page's prose renders that page alone
// and computes no figure, a changed block that block's figure.
func TestDiskCacheBuildsTheSameSite(t *testing.T) {
	t.Parallel()
	in := newIncremental(t)
	pages, figures := in.build("the first build")
	if pages == 0 || figures == 0 {
		t.Fatalf("the first build rendered %d pages, computed %d figures", pages, figures)
	}
	if p, f := in.build("the same again"); p != 0 || f != 0 {
		t.Errorf("the same build again rendered %d pages, computed %d figures", p, f)
	}
	in.edit("ru/long/head.md", func(s string) string { return s + "\nЕщё один абзац.\n" })
	if p, f := in.build("a paragraph added"); p != 1 || f != 0 {
		t.Errorf("a paragraph added: %d pages rendered, %d figures computed; want 1 and 0", p, f)
	}
	for _, l := range []string{"ru", "uk"} {
		in.edit(l+"/index.md", func(s string) string {
			return s + "\n```nardy\ngame: long\nposition: start\ncaption: Ещё раз.\n```\n"
		})
	}
	if p, f := in.build("a block added"); p != 2 || f != 2 {
		t.Errorf("a block added in both languages: %d pages rendered, %d figures computed; want 2 and 2", p, f)
	}
	in.edit("ru/long/head.md", func(s string) string {
		return strings.Replace(s, "\ntitle: ", "\ntitle: Новое — ", 1)
	})
	if p, f := in.build("a title changed"); p == 0 || f != 0 {
		t.Errorf("a title changed: %d pages rendered, %d figures computed; want the pages of its table of contents, no figure", p, f)
	}
	for _, l := range []string{"ru", "uk"} {
		in.edit(l+"/long/added.md", func(string) string { return "---\ntitle: Добавленная\norder: 99\n---\nТекст.\n" })
	}
	in.build("a page added")
	for _, l := range []string{"ru", "uk"} {
		if err := os.Remove(filepath.Join(in.content, l, "long", "added.md")); err != nil {
			t.Fatal(err)
		}
	}
	in.build("a page removed")
	for _, l := range []string{"ru", "uk"} {
		os.MkdirAll(filepath.Join(in.content, l, "extra", "deeper"), 0o755)
		in.edit(l+"/extra/deeper/page.md", func(string) string { return "---\ntitle: Глубже\n---\nТекст.\n" })
	}
	in.build("a section added")
	for _, l := range []string{"ru", "uk"} {
		if err := os.RemoveAll(filepath.Join(in.content, l, "extra")); err != nil {
			t.Fatal(err)
		}
	}
	in.build("a section removed")
	in.edit(ConfigFile, func(s string) string {
		return strings.Replace(s, "https://nardy.example/", "https://example.org/rules/", 1)
	})
	in.build("the address changed")
	in.checker = false
	in.build("without the checker")
	in.checker = true
	in.build("with the checker again")
	in.templatesDir = filepath.Join(in.root, "templates")
	figure, err := os.ReadFile(filepath.Join("..", "templates", "figure.html"))
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(in.templatesDir, 0o755)
	if err := os.WriteFile(filepath.Join(in.templatesDir, "figure.html"), append(figure, "\n<!-- changed -->"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, f := in.build("a template changed"); f == 0 {
		t.Errorf("figure.html changed: no figure computed again")
	}
	// A file of the site damaged by hand: taken from no cache.
	for _, damage := range []func(){
		func() { os.Remove(filepath.Join(in.out, "ru", "index.html")) },
		func() { appendTo(t, filepath.Join(in.out, "style.css"), "\nbody{color:red}\n") },
		func() { appendTo(t, filepath.Join(in.out, "ru", "long", "head-1.svg"), " ") },
		func() { appendTo(t, filepath.Join(in.out, "ru", "long", "print.html"), " ") },
		func() { os.WriteFile(filepath.Join(in.out, "ru", "long", "head.html"), []byte("x"), 0o644) },
	} {
		damage()
		in.build("after damage")
	}
	// Another program: nothing of the record is used.
	in.edit("uk/index.md", func(s string) string { return s + "\nЩе абзац.\n" })
	c := NewDiskCache(in.cache)
	c.Version = "another program"
	opt := in.options()
	opt.Cache = c
	if _, err := BuildTo(t.Context(), opt, in.out, nil); err != nil {
		t.Fatal(err)
	}
	in.same("another program")
	if got := c.misses.Load(); got == 0 {
		t.Errorf("another program computed no figure: it used the record of another")
	}
}

// appendTo appends text to the file name.
func appendTo(t *testing.T, name, text string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(text)
	f.Close()
}

// TestUnchangedSeesDamage: a site whose input did not change is left as
// it is only while its files are as its build left them: a file deleted,
// appended to, rewritten or added makes the next build a real one, which
// puts back what the build makes (the damaged file is not linked from the
// previous site). With the cache's stamps and without them.
func TestUnchangedSeesDamage(t *testing.T) {
	t.Parallel()
	for _, useCache := range []bool{true, false} {
		in := newIncremental(t)
		opt := in.options()
		input, err := Fingerprint(opt, "test", "")
		if err != nil {
			t.Fatal(err)
		}
		opt.Input, in.input = input, input
		build := func() {
			t.Helper()
			o := opt
			if useCache {
				o.Cache = NewDiskCache(in.cache)
			}
			if _, err := BuildTo(t.Context(), o, in.out, nil); err != nil {
				t.Fatal(err)
			}
		}
		unchanged := func() bool {
			if useCache {
				_, ok := NewDiskCache(in.cache).Unchanged(in.out, input)
				return ok
			}
			_, ok := Unchanged(in.out, input)
			return ok
		}
		build()
		if !unchanged() {
			t.Fatalf("cache %v: a site just built is not unchanged", useCache)
		}
		for _, c := range []struct {
			what   string
			damage func()
		}{
			{"a page deleted", func() { os.Remove(filepath.Join(in.out, "ru", "index.html")) }},
			{"the style sheet appended to", func() { appendTo(t, filepath.Join(in.out, "style.css"), "\nbody{color:red}\n") }},
			{"a page rewritten", func() { os.WriteFile(filepath.Join(in.out, "ru", "long", "head.html"), []byte("x"), 0o644) }},
			{"a file added", func() { os.WriteFile(filepath.Join(in.out, "ru", "extra.html"), []byte("x"), 0o644) }},
			{"the manifest deleted", func() { os.Remove(filepath.Join(in.out, ManifestFile)) }},
		} {
			c.damage()
			if unchanged() {
				t.Errorf("cache %v: %s: the site is said unchanged", useCache, c.what)
			}
			build()
			in.same(c.what)
			if !unchanged() {
				t.Errorf("cache %v: %s, built again: not unchanged", useCache, c.what)
			}
		}
	}
}

// TestMemoryCacheBuildsTheSameSite: serve's rebuilds (a cache in memory)
// make the site a build from nothing makes, whatever changed.
func TestMemoryCacheBuildsTheSameSite(t *testing.T) {
	t.Parallel()
	in := newIncremental(t)
	c := NewCache()
	check := func(what string) int64 {
		t.Helper()
		before := c.pageMisses.Load()
		opt := in.options()
		opt.Cache = c
		s, err := Build(t.Context(), opt)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		ref, err := Build(t.Context(), in.options())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(s.manifest(), ref.manifest()) || len(s.Files) != len(ref.Files) {
			t.Errorf("%s: the site differs from the build without a cache", what)
		}
		for _, name := range ref.Paths() {
			if !bytes.Equal(s.Files[name], ref.Files[name]) {
				t.Errorf("%s: %s differs from the build without a cache", what, name)
			}
		}
		return c.pageMisses.Load() - before
	}
	check("the first build")
	if n := check("again"); n != 0 {
		t.Errorf("the same build again rendered %d pages", n)
	}
	in.edit("ru/long/head.md", func(s string) string { return s + "\nЕщё один абзац.\n" })
	if n := check("a paragraph added"); n != 1 {
		t.Errorf("a paragraph added: %d pages rendered, want 1", n)
	}
	in.edit("uk/long/head.md", func(s string) string {
		return strings.Replace(s, "\ntitle: ", "\ntitle: Нова — ", 1)
	})
	check("a title changed")
	for _, l := range []string{"ru", "uk"} {
		in.edit(l+"/added.md", func(string) string { return "---\ntitle: Добавленная\n---\nТекст.\n" })
	}
	check("a page added")
	in.checker = false
	check("without the checker")
}

// TestSpliceable: the embedded layout and print document take their
// texts spliced in; a template that uses the text otherwise (as an
// attribute, through a function, with dot or another template) does not.
func TestSpliceable(t *testing.T) {
	t.Parallel()
	layout := &spliceScope{field: "Content"}
	print := &spliceScope{ranges: map[string]*spliceScope{"Pages": {field: "Body"}}}
	escaped := func(src string, data any) *parse.Tree {
		t.Helper()
		tm := htmltemplate.Must(htmltemplate.New("t").Funcs(templateFuncs).Parse(src))
		tm.Execute(&bytes.Buffer{}, data) // escapes it
		return tm.Tree
	}
	page := pageView{L: "ru", Content: "<p>x</p>", Nav: "<nav></nav>", Title: "T"}
	for src, want := range map[string]bool{
		`<main>{{.Content}}</main>{{with .Nav}}{{.}}{{end}}{{range .Alternates}}{{.Name}}{{$.L}}{{end}}`: true,
		`{{if .Sheet}}a{{end}}<article>{{.Content}}</article>{{.Content}}`:                               true,
		`<meta content="{{.Content}}">`:                       false,
		`<title>{{.Content}}</title>`:                         false,
		`{{printf "%s" .Content}}`:                            false,
		`{{len .Content}}`:                                    false,
		`{{with .Content}}{{.}}{{end}}`:                       false,
		`{{$c := .Content}}{{$c}}`:                            false,
		`{{$p := .}}{{$p.Content}}`:                           false,
		`{{.}}`:                                               false,
		`{{range .Alternates}}{{$.Content}}{{end}}`:           false,
		`{{define "x"}}{{.Content}}{{end}}{{template "x" .}}`: false,
		`<script>var c = {{.Content}};</script>`:              false,
	} {
		if got := spliceable(escaped(src, page), layout); got != want {
			t.Errorf("layout %s: spliceable %v, want %v", src, got, want)
		}
	}
	doc := struct {
		L     i18n.Lang
		Pages []printPage
	}{"ru", []printPage{{ID: "p1", Title: "T", Body: "<p>x</p>"}}}
	for src, want := range map[string]bool{
		`{{range .Pages}}<section id="{{.ID}}">{{.Body}}</section>{{end}}`: true,
		`{{range .Pages}}<a title="{{.Body}}">{{end}}`:                     false,
		`{{range $i, $p := .Pages}}{{$p.Body}}{{end}}`:                     false,
		`{{range .Pages}}{{.}}{{end}}`:                                     false,
		`{{with index .Pages 0}}{{.Body}}{{end}}`:                          false,
	} {
		if got := spliceable(escaped(src, doc), print); got != want {
			t.Errorf("print %s: spliceable %v, want %v", src, got, want)
		}
	}
	for _, name := range []string{"layout.html", "print.html"} {
		set, err := templates.Load("", templateFuncs)
		if err != nil {
			t.Fatal(err)
		}
		tm := set.HTML.Lookup(name)
		var data any = page
		scope := layout
		if name == "print.html" {
			data, scope = doc, print
		}
		if err := tm.Execute(&bytes.Buffer{}, data); err != nil {
			t.Fatal(err)
		}
		if !spliceable(tm.Tree, scope) {
			t.Errorf("the embedded %s does not take its text spliced in", name)
		}
	}
}

// TestLightAnalysis: what a disk cache keeps of the first pass over each
// page of content/ is all of it but the blocks; if analysis gains a
// field, the light analysis must learn of it.
func TestLightAnalysis(t *testing.T) {
	t.Parallel()
	var names []string
	for f := range reflect.TypeFor[analysis]().Fields() {
		names = append(names, f.Name)
	}
	known := []string{"ids", "links", "blocks", "tables", "figures", "errs", "script", "editor", "exercises", "figs", "prose", "hrefs", "sections"}
	if !slices.Equal(names, known) {
		t.Fatalf("analysis has the fields %v, the light analysis (cache.go) knows %v: keep in lightAnalysis what a page taken from the cache needs", names, known)
	}
	b := &builder{opt: Options{Content: filepath.Join("..", "content"), Checker: true}, md: newMarkdown(), tocs: map[string]string{}}
	root, err := os.OpenRoot(b.opt.Content)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	b.files = root.FS()
	var errs engine.ErrorList
	b.cfg = b.loadConfig(&errs)
	if b.tmpl, err = templates.Load("", templateFuncs); err != nil {
		t.Fatal(err)
	}
	b.pages = b.loadPages(&errs)
	exercises := 0
	for i := range b.pages {
		r := b.analyse(i)
		l, ok := light(r)
		if !ok {
			t.Fatalf("%s: no light analysis", b.pages[i].file)
		}
		data, err := encoded(l)
		if err != nil {
			t.Fatalf("%s: %v", b.pages[i].file, err)
		}
		var back lightAnalysis
		if err := decoded(data, &back); err != nil {
			t.Fatalf("%s: %v", b.pages[i].file, err)
		}
		got := back.analysis(i)
		for _, f := range []struct {
			name      string
			got, want any
		}{
			{"ids", got.ids, r.ids}, {"links", got.links, r.links}, {"figures", got.figures, r.figures},
			{"script", got.script, r.script}, {"editor", got.editor, r.editor}, {"figs", got.figs, r.figs},
			{"prose", got.prose, r.prose}, {"sections", got.sections, r.sections},
		} {
			if !reflect.DeepEqual(f.got, f.want) && !(reflect.ValueOf(f.want).Kind() == reflect.Slice && reflect.ValueOf(f.want).Len() == 0 && reflect.ValueOf(f.got).Len() == 0) {
				t.Errorf("%s: the light analysis's %s is %v, want %v", b.pages[i].file, f.name, f.got, f.want)
			}
		}
		if len(got.exercises) != len(r.exercises) {
			t.Fatalf("%s: %d exercises, want %d", b.pages[i].file, len(got.exercises), len(r.exercises))
		}
		for k, e := range r.exercises {
			g := got.exercises[k]
			if g.page != e.page || g.fig != e.fig || g.blk.Position.Game != e.blk.Position.Game {
				t.Errorf("%s: exercise %d is %+v, want %+v", b.pages[i].file, k, g, e)
			}
		}
		exercises += len(r.exercises)
	}
	if exercises == 0 {
		t.Error("content/ has no exercise to try")
	}
}

// TestDiskCacheForgetsGoneSites: the record of an output directory, and
// its spare, go when the directory does.
func TestDiskCacheForgetsGoneSites(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files, _ := archiveFS(t, filepath.Join("testdata", "basic.txtar"))
	content := filepath.Join(root, "content")
	if err := os.CopyFS(content, files); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(root, "cache")
	build := func(out string) {
		t.Helper()
		for range 2 { // the second build keeps the first's site as its spare
			if _, err := BuildTo(t.Context(), Options{Content: content, Cache: NewDiskCache(cache)}, out, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	one, two := filepath.Join(root, "one"), filepath.Join(root, "two")
	build(one)
	build(two)
	count := func() int {
		entries, _ := os.ReadDir(cache)
		return len(entries)
	}
	if n := count(); n != 4 {
		t.Fatalf("%d entries in the cache after building two sites twice, want 4 (their records and spares)", n)
	}
	os.RemoveAll(one)
	build(two)
	if n := count(); n != 2 {
		t.Errorf("%d entries in the cache after one site went, want 2", n)
	}
}
