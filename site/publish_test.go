package site

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site/memo"
)

// readTree returns every regular file under dir by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
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

// project is a copy of content/ built again and again: in memory with
// one memo (as serve does), or into a directory with the memo kept on
// disk (as the command line does, each build a new run).
type project struct {
	t                      *testing.T
	root, content, out     string
	memoDir, templatesDir  string
	checker                bool
	rules                  []string
	baseURL, version, last string
	mem                    *memo.Memo
}

func newProject(t *testing.T) *project {
	t.Helper()
	root := t.TempDir()
	pr := &project{t: t, root: root, content: filepath.Join(root, "content"), out: filepath.Join(root, "public"),
		memoDir: filepath.Join(root, "cache"), checker: true, version: "v1", mem: memo.New()}
	if err := os.CopyFS(pr.content, os.DirFS(filepath.Join("..", "content"))); err != nil {
		t.Fatal(err)
	}
	return pr
}

func (pr *project) options() Options {
	return Options{Content: pr.content, Checker: pr.checker, Templates: pr.templatesDir, Rules: pr.rules, BaseURL: pr.baseURL, Version: pr.version,
		Files: map[string][]byte{"checker.wasm": []byte("\x00asm"), "checker-board.wasm": []byte("\x00asm 2")}}
}

// reference is the site built from nothing.
func (pr *project) reference(what string) *Site {
	pr.t.Helper()
	ref, err := Build(pr.t.Context(), pr.options())
	if err != nil {
		pr.t.Fatalf("%s: %v", what, err)
	}
	return ref
}

// inMemory builds with the project's memo, checks that the site is
// byte for byte the one built from nothing, and returns how many pages
// and figures the memo did not have.
func (pr *project) inMemory(what string) int {
	t := pr.t
	t.Helper()
	opt := pr.options()
	opt.Memo = pr.mem
	s, err := Build(t.Context(), opt)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	_, misses := pr.mem.Counts()
	pr.mem.Save()
	ref := pr.reference(what)
	if !bytes.Equal(s.Manifest(), ref.Manifest()) {
		t.Errorf("%s: the manifest differs from the build without a memo", what)
	}
	for _, name := range ref.Paths() {
		if !bytes.Equal(s.Files[name], ref.Files[name]) {
			t.Errorf("%s: %s differs from the build without a memo", what, name)
		}
	}
	if len(s.Files) != len(ref.Files) {
		t.Errorf("%s: %d files, want %d", what, len(s.Files), len(ref.Files))
	}
	return misses
}

// publish builds into the output directory with the memo on disk, checks
// that the directory holds the site built from nothing, and returns the
// build.
func (pr *project) publish(what string) *Published {
	t := pr.t
	t.Helper()
	opt := pr.options()
	files := opt.Files
	opt.Files = nil
	p, err := Publish(t.Context(), opt, Target{Dir: pr.out, MemoDir: pr.memoDir, ModulesKey: "modules 1",
		Modules: func() (*wasm.Modules, error) { return wasm.Files(files).Modules(), nil }})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	ref := pr.reference(what)
	ref.Digests = nil
	got := readTree(t, pr.out)
	refManifest := string(ref.Manifest())
	if got[ManifestFile] != refManifest {
		// Only the input line may differ: Publish records the fingerprint.
		if strings.Replace(got[ManifestFile], "input\t"+p.Input+"\n", "", 1) != refManifest {
			t.Errorf("%s: the manifest differs from the build without a memo", what)
		}
	}
	delete(got, ManifestFile)
	for _, name := range ref.Paths() {
		if got[name] != string(ref.Files[name]) {
			t.Errorf("%s: %s differs from the build without a memo", what, name)
		}
		delete(got, name)
	}
	delete(got, "ru/extra.html") // the publisher's file, kept (TestPublishWithMemo)
	for name := range got {
		t.Errorf("%s: %s is not in the build without a memo", what, name)
	}
	// Nothing is left beside the site.
	entries, _ := os.ReadDir(pr.root)
	for _, e := range entries {
		if !slices.Contains([]string{"content", "public", "cache", "templates"}, e.Name()) {
			t.Errorf("%s: %s left beside the site", what, e.Name())
		}
	}
	return p
}

// edit changes a file of the content.
func (pr *project) edit(name string, change func(string) string) {
	pr.t.Helper()
	full := filepath.Join(pr.content, filepath.FromSlash(name))
	data, err := os.ReadFile(full)
	if err != nil && !os.IsNotExist(err) {
		pr.t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(full), 0o755)
	if err := os.WriteFile(full, []byte(change(string(data))), 0o644); err != nil {
		pr.t.Fatal(err)
	}
}

// template writes a template of the project's own.
func (pr *project) template(name, text string) {
	pr.t.Helper()
	pr.templatesDir = filepath.Join(pr.root, "templates")
	os.MkdirAll(pr.templatesDir, 0o755)
	if err := os.WriteFile(filepath.Join(pr.templatesDir, name), []byte(text), 0o644); err != nil {
		pr.t.Fatal(err)
	}
}

// changes are edits of every input of a build, each with the least the
// memo must miss: content (a paragraph: its page; a block: its page and
// its figure, in both languages), the site's rules, a template, the
// base URL, the checker, the program.
var changes = []struct {
	what   string
	change func(pr *project)
	least  int
}{
	{"a paragraph added", func(pr *project) {
		pr.edit("ru/long/head.md", func(s string) string { return s + "\nЕщё один абзац.\n" })
	}, 1},
	{"a block added", func(pr *project) {
		for _, l := range []string{"ru", "uk"} {
			pr.edit(l+"/_index.md", func(s string) string {
				return s + "\n```nardy\ngame: long\nposition: start\ndice: 3-1\ncaption: Ещё раз.\n```\n"
			})
		}
	}, 4},
	{"a title changed", func(pr *project) {
		pr.edit("uk/long/head.md", func(s string) string { return strings.Replace(s, "\ntitle: ", "\ntitle: Нова — ", 1) })
	}, 2},
	{"a page added", func(pr *project) {
		for _, l := range []string{"ru", "uk"} {
			pr.edit(l+"/long/added.md", func(string) string { return "---\ntitle: Добавленная\norder: 99\n---\nТекст.\n" })
		}
	}, 2},
	{"a page removed", func(pr *project) {
		for _, l := range []string{"ru", "uk"} {
			os.Remove(filepath.Join(pr.content, l, "long", "added.md"))
		}
	}, 1},
	{"the configuration's rules", func(pr *project) {
		pr.edit(ConfigFile, func(s string) string { return s + "\n" })
		pr.rules = []string{"no-draws"}
	}, 10},
	{"the rules back", func(pr *project) { pr.rules = nil }, 1},
	{"a template", func(pr *project) {
		layout, err := os.ReadFile(filepath.Join("..", "templates", "layout.html"))
		if err != nil {
			pr.t.Fatal(err)
		}
		pr.template("layout.html", strings.Replace(string(layout), "</footer>", "<p>Своё.</p>\n</footer>", 1))
	}, 10},
	{"the style sheet", func(pr *project) { pr.template("style.css", "body { color: #222; }\n") }, 0},
	{"the base URL", func(pr *project) { pr.baseURL = "https://example.org/rules/" }, 10},
	{"without the checker", func(pr *project) { pr.checker = false }, 10},
	{"with the checker again", func(pr *project) { pr.checker = true }, 1},
	{"another program", func(pr *project) { pr.version = "v2" }, 100},
}

// TestMemoInMemory: builds with one memo in memory (serve's) make the
// site a build without one makes, whichever input changed in between; a
// change misses at least what it touches, and nothing again is missed
// when nothing changed.
func TestMemoInMemory(t *testing.T) {
	t.Parallel()
	pr := newProject(t)
	if n := pr.inMemory("the first build"); n < 100 {
		t.Fatalf("the first build missed %d pages and figures", n)
	}
	if n := pr.inMemory("the same again"); n != 0 {
		t.Errorf("the same build again missed %d pages and figures", n)
	}
	for _, c := range changes {
		c.change(pr)
		if n := pr.inMemory(c.what); n < c.least {
			t.Errorf("%s: the memo missed %d pages and figures, want at least %d", c.what, n, c.least)
		}
		if n := pr.inMemory(c.what + ", again"); n != 0 {
			t.Errorf("%s, the same build again: %d missed", c.what, n)
		}
	}
	// A paragraph renders its page again, and its section's print
	// document, and computes no figure: two misses.
	pr.edit("ru/long/head.md", func(s string) string { return s + "\nИ ещё.\n" })
	if n := pr.inMemory("another paragraph"); n != 2 {
		t.Errorf("a paragraph added: %d missed, want 2 (its page and its print document)", n)
	}
}

// TestPublishWithMemo: builds into a directory, each from the memo the
// previous one left on disk, make the site a build from nothing makes,
// whatever input changed, and whatever was done to the site by hand;
// when nothing changed, the site is left as it is.
func TestPublishWithMemo(t *testing.T) {
	t.Parallel()
	pr := newProject(t)
	if p := pr.publish("the first build"); p.Unchanged || p.Misses < 100 || !p.Changes.First {
		t.Fatalf("the first build: unchanged %v, %d missed, changes %v", p.Unchanged, p.Misses, p.Changes)
	}
	if p := pr.publish("the same again"); !p.Unchanged {
		t.Errorf("the same build again was not left as it was")
	}
	for _, c := range changes {
		c.change(pr)
		p := pr.publish(c.what)
		if p.Unchanged || p.Misses < c.least {
			t.Errorf("%s: unchanged %v, %d missed, want at least %d", c.what, p.Unchanged, p.Misses, c.least)
		}
	}
	pr.edit("ru/long/head.md", func(s string) string { return s + "\nИ ещё.\n" })
	if p := pr.publish("another paragraph"); p.Misses != 2 || p.Changes.String() != "changes since the previous build, 2 files:\n  1 page with changed text: ru/long/head.html\n  1 print document: ru/long/print.html" {
		t.Errorf("a paragraph added: %d missed, want 2 (its page and its print document); changes %q (the page and its section's booklet)", p.Misses, p.Changes)
	}
	// A file of the site damaged by hand is made again, never taken.
	for k, damage := range []func(){
		func() { os.Remove(filepath.Join(pr.out, "ru", "index.html")) },
		func() { appendTo(t, filepath.Join(pr.out, "style.css"), "\nbody{color:red}\n") },
		func() { appendTo(t, filepath.Join(pr.out, "ru", "long", "head-svg.zip"), " ") },
		func() { appendTo(t, filepath.Join(pr.out, "ru", "long", "print.html"), " ") },
		func() { appendTo(t, filepath.Join(pr.out, "checker.wasm"), " ") },
		func() { os.WriteFile(filepath.Join(pr.out, "ru", "long", "head.html"), []byte("x"), 0o644) },
		func() {
			os.Remove(filepath.Join(pr.out, "ru", "index.html"))
			os.Mkdir(filepath.Join(pr.out, "ru", "index.html"), 0o755)
		},
	} {
		damage()
		if p := pr.publish("after damage"); p.Unchanged {
			t.Errorf("damage %d: a damaged site was left as it was", k)
		}
		if p := pr.publish("after damage, again"); !p.Unchanged {
			t.Errorf("damage %d: the site made again was built once more", k)
		}
	}
	// A file added by hand is the publisher's: kept, and said once.
	os.WriteFile(filepath.Join(pr.out, "ru", "extra.html"), []byte("x"), 0o644)
	if p := pr.publish("a file added"); !p.Unchanged || !slices.Equal(p.Kept, []string{"ru/extra.html"}) {
		t.Errorf("a file added: unchanged %v, kept %q", p.Unchanged, p.Kept)
	}
	pr.edit("ru/_index.md", func(s string) string { return s + "\nЕщё абзац.\n" })
	if p := pr.publish("a file added, then an edit"); p.Unchanged || p.Kept != nil {
		t.Errorf("a file added, then an edit: unchanged %v, kept %q", p.Unchanged, p.Kept)
	}
	if data, err := os.ReadFile(filepath.Join(pr.out, "ru", "extra.html")); string(data) != "x" {
		t.Errorf("the file added: %q %v", data, err)
	}
	// A damaged memo only costs time.
	filepath.WalkDir(pr.memoDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "seg-") {
			os.WriteFile(p, []byte("damaged"), 0o644)
		}
		return err
	})
	pr.edit("uk/_index.md", func(s string) string { return s + "\nЩе абзац.\n" })
	pr.publish("a damaged memo")
}

// TestPublishForgetsGoneSites: the memos of output directories that are
// gone are removed.
func TestPublishForgetsGoneSites(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files, _ := archiveFS(t, filepath.Join("testdata", "basic.txtar"))
	content := filepath.Join(root, "content")
	if err := os.CopyFS(content, files); err != nil {
		t.Fatal(err)
	}
	memos := filepath.Join(root, "cache")
	build := func(out string) {
		t.Helper()
		if _, err := Publish(t.Context(), Options{Content: content}, Target{Dir: out, MemoDir: memos}); err != nil {
			t.Fatal(err)
		}
	}
	count := func() int {
		entries, _ := os.ReadDir(memos)
		return len(entries)
	}
	one, two := filepath.Join(root, "one"), filepath.Join(root, "two")
	build(one)
	build(two)
	if n := count(); n != 2 {
		t.Fatalf("%d memos after building two sites, want 2", n)
	}
	os.RemoveAll(one)
	build(two)
	if n := count(); n != 1 {
		t.Errorf("%d memos after one site went, want 1", n)
	}
}

// TestFingerprint: the fingerprint of a build's input changes with every
// file of the content and templates, the options, the program and the
// caller's extra.
func TestFingerprint(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	content := filepath.Join(root, "content")
	write := func(name, data string) {
		full := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range []string{"ru", "uk"} {
		write("content/"+l+"/index.md", "---\ntitle: T\n---\nтекст\n")
	}
	write("tpl/style.css", "body{}")
	opt := Options{Content: content, Templates: filepath.Join(root, "tpl")}
	program := "v1"
	fp := func() string {
		t.Helper()
		s, err := Fingerprint(opt, program, "checker-key")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := fp()
	if fp() != base {
		t.Fatal("the fingerprint of the same input differs")
	}
	for _, c := range []struct {
		what   string
		change func()
	}{
		{"a page", func() { write("content/ru/index.md", "---\ntitle: T\n---\nдругой текст\n") }},
		{"a new page", func() { write("content/uk/new.md", "x") }},
		{"the configuration", func() { write("content/nardydocs.yaml", "rules: club\n") }},
		{"a template", func() { write("tpl/style.css", "body{color:red}") }},
		{"the rules", func() { opt.Rules = []string{"no-draws"} }},
		{"the address", func() { opt.BaseURL = "https://example.org/" }},
		{"the checker", func() { opt.Checker = true }},
		{"the program", func() { program = "v2" }},
	} {
		before := fp()
		c.change()
		if after := fp(); after == before {
			t.Errorf("changing %s left the fingerprint as it was", c.what)
		}
	}
	if s, err := Fingerprint(opt, program, "another key"); err != nil || s == fp() {
		t.Errorf("another checker key: %q, %v", s, err)
	}
	if err := os.Symlink(filepath.Join(content, "ru", "index.md"), filepath.Join(content, "ru", "link.md")); err == nil {
		if _, err := Fingerprint(opt, program, ""); err == nil {
			t.Error("a fingerprint of content with a symbolic link")
		}
	}
}

// TestOutputNamesNoLocalPath: a site built from a content directory given
// as an absolute path (with templates and the checker's modules, twice,
// so that the second build reads the first's manifest and memo) names no
// path of the author's machine in any file of the output directory, the
// manifest included: not the content or templates directory, the
// directory around them, the working directory, the program's or the
// user's home.
func TestOutputNamesNoLocalPath(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	content := filepath.Join(root, "project", "content")
	templates := filepath.Join(root, "project", "templates")
	out := filepath.Join(root, "project", "public")
	files, _ := archiveFS(t, filepath.Join("testdata", "basic.txtar"))
	if err := os.CopyFS(content, files); err != nil {
		t.Fatal(err)
	}
	css, err := os.ReadFile(filepath.Join("..", "templates", "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(templates, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(templates, "style.css"), append(css, "\n/* the site's own */\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	modules := func() (*wasm.Modules, error) {
		return wasm.Files{"checker.wasm": []byte("\x00asm"), "checker-board.wasm": []byte("\x00asm")}.Modules(), nil
	}
	build := func() {
		t.Helper()
		opt := Options{Content: content, Templates: templates, Checker: true}
		if _, err := Publish(t.Context(), opt, Target{Dir: out, MemoDir: filepath.Join(root, "cache"), Modules: modules}); err != nil {
			t.Fatal(err)
		}
	}
	build()
	page := filepath.Join(content, "ru", "index.md")
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(data, "\nЕщё абзац.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	build()

	local := []string{root, content, templates}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		local = append(local, real)
	}
	if wd, err := os.Getwd(); err == nil {
		local = append(local, wd, filepath.Dir(wd))
	}
	if exe, err := os.Executable(); err == nil {
		local = append(local, filepath.Dir(exe))
	}
	if home, err := os.UserHomeDir(); err == nil && filepath.Dir(home) != home {
		local = append(local, filepath.Join(home, "")+string(filepath.Separator)) // "/root/", not "/"
	}
	tree := readTree(t, out)
	if _, ok := tree[ManifestFile]; !ok || len(tree) < 10 {
		t.Fatalf("the output holds %d files, manifest %v", len(tree), ok)
	}
	if !strings.Contains(tree["ru/index.html"], "Ещё абзац.") {
		t.Fatalf("the second build's page is not in the output")
	}
	for name, data := range tree {
		for _, p := range local {
			for _, form := range []string{p, filepath.ToSlash(p), url.PathEscape(filepath.ToSlash(p))} {
				if i := strings.Index(data, form); i >= 0 {
					t.Errorf("%s names %s: …%s…", name, p, data[max(0, i-40):min(len(data), i+len(form)+40)])
				}
			}
		}
	}
}
