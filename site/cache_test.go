package site

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCacheGivesTheSameSite: a site built from a cache is byte for byte
// the site built without one.
func TestCacheGivesTheSameSite(t *testing.T) {
	t.Parallel()
	content := filepath.Join("..", "content")
	plain, err := Build(t.Context(), Options{Content: content, Checker: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Cache{{Version: "test"}} {
		for run := range 2 {
			s, err := Build(t.Context(), Options{Content: content, Checker: true, Cache: c})
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range plain.Paths() {
				if !bytes.Equal(s.Files[name], plain.Files[name]) {
					t.Errorf("build %d: %s differs from the build without a cache", run+1, name)
				}
			}
			if len(s.Files) != len(plain.Files) {
				t.Errorf("build %d: %d files, want %d", run+1, len(s.Files), len(plain.Files))
			}
		}
		if got, want := c.misses.Load(), int64(plain.Figures); got != want {
			t.Errorf("%d figures computed in two builds, want %d (the first build's)", got, want)
		}
	}
}

// TestCacheInvalidation: a figure is computed again exactly when what it
// comes from changes: its block, the site's rules, a template, the
// program; and not when another page's prose does.
func TestCacheInvalidation(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/basic.txtar")
	c := &Cache{Version: "v1"}
	opt := Options{Content: "content", FS: files, Cache: c}
	shown := 0 // the figures the last build showed
	build := func() int64 {
		t.Helper()
		before := c.misses.Load()
		s, err := Build(t.Context(), opt)
		if err != nil {
			t.Fatal(err)
		}
		shown = len(s.Records)
		return c.misses.Load() - before
	}
	all := build()
	if all == 0 {
		t.Fatal("the fixture has no figures")
	}
	if n := build(); n != 0 {
		t.Errorf("the same build again computed %d figures", n)
	}
	// Prose only.
	head := files["ru/long/head.md"]
	head.Data = append(head.Data, []byte("\nЕщё абзац.\n")...)
	if n := build(); n != 0 {
		t.Errorf("a paragraph added computed %d figures", n)
	}
	// One block's roll, in one language.
	head.Data = bytes.Replace(head.Data, []byte("dice: 6-6"), []byte("dice: 5-5"), 1)
	opt.KeepGoing = true // the translation now differs
	if n := build(); n != 1 {
		t.Errorf("one block changed: %d figures computed, want 1", n)
	}
	opt.KeepGoing = false
	head.Data = bytes.Replace(head.Data, []byte("dice: 5-5"), []byte("dice: 6-6"), 1)
	build()
	// The site's rules (under which some blocks no longer make sense:
	// the others are computed again).
	opt.Rules = []string{"club"}
	opt.KeepGoing = true
	if n := build(); n != int64(shown) || shown == 0 {
		t.Errorf("the site's rules changed: %d figures computed, want the %d shown", n, shown)
	}
	opt.Rules, opt.KeepGoing = nil, false
	build()
	// A template.
	dir := t.TempDir()
	figure, err := os.ReadFile(filepath.Join("..", "templates", "figure.html"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "figure.html"), append(figure, []byte("\n<!-- changed -->")...), 0o644); err != nil {
		t.Fatal(err)
	}
	opt.Templates = dir
	if n := build(); n != all {
		t.Errorf("figure.html changed: %d figures computed, want all %d", n, all)
	}
	opt.Templates = ""
	build()
	// The program (a new build of nardydocs, its engine or Go).
	c.Version = "v2"
	if n := build(); n != all {
		t.Errorf("another program: %d figures computed, want all %d", n, all)
	}
}

// TestFingerprint: the fingerprint of a build's input changes with every
// file of the content and templates, the options, the program and the
// caller's extra; BuildTo records it, and Unchanged finds it.
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
	out := filepath.Join(root, "public")
	opt.Input = base
	if _, err := BuildTo(t.Context(), opt, out, nil); err != nil {
		t.Fatal(err)
	}
	if s, ok := Unchanged(out, base); !ok || s.Pages != 2 || len(s.Digests) == 0 {
		t.Errorf("Unchanged after a build of the same input: %v %+v", ok, s)
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
	if _, ok := Unchanged(out, fp()); ok {
		t.Error("Unchanged after the input changed")
	}
	if err := os.Symlink(filepath.Join(content, "ru", "index.md"), filepath.Join(content, "ru", "link.md")); err == nil {
		if _, err := Fingerprint(opt, program, ""); err == nil {
			t.Error("a fingerprint of content with a symbolic link")
		}
	}
}
