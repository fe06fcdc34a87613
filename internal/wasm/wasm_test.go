package wasm

import (
	"os"
	"path/filepath"
	"testing"
)

// fakeSources writes a small copy of a nardydocs source tree and a fake
// Go toolchain (a go command beside a VERSION file), and returns both.
func fakeSources(t *testing.T) (src, goTool string) {
	t.Helper()
	root := t.TempDir()
	src = filepath.Join(root, "src")
	for name, data := range map[string]string{
		"go.mod":                       "module " + Module + "\n\ngo 1.26.0\n",
		"go.sum":                       "",
		"engine/movegen.go":            "package engine\n",
		"engine/rules_test.go":         "package engine\n",
		"engine/native.go":             "//go:build !js\n\npackage engine\n",
		"cmd/checker/main_js.go":       "package main\n\nimport _ \"" + Module + "/engine\"\n",
		"cmd/checker-board/main_js.go": "package main\n\nimport _ \"" + Module + "/engine\"\n",
		"cmd/game/main_js.go":          "package main\n\nimport _ \"" + Module + "/engine\"\n",
		"site/site.go":                 "package site\n",
		"templates/layout.html":        "<html>",
		"content/ru/index.md":          "---\ntitle: x\n---\n",
		"engine/testdata/case.go":      "package x\n",
	} {
		full := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goroot := filepath.Join(root, "go")
	if err := os.MkdirAll(filepath.Join(goroot, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(goroot, "VERSION"), []byte("go1.26.8\ntime 2026-11-01\n"), 0o644)
	goTool = filepath.Join(goroot, "bin", "go")
	os.WriteFile(goTool, []byte("#!/bin/sh\nexit 1\n"), 0o755)
	return src, goTool
}

// TestCacheKey: the key changes with every input of the modules — a Go
// source file, go.mod, go.sum, the Go version, the environment that
// changes a build — and with nothing else: tests, templates, content.
func TestCacheKey(t *testing.T) {
	src, goTool := fakeSources(t)
	key := func() string {
		t.Helper()
		k, err := cacheKey(src, goTool)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	edit := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(src, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	base := key()
	if key() != base {
		t.Fatal("the key of the same sources differs")
	}
	// What does not go into a module leaves the key as it is.
	edit("engine/rules_test.go", "package engine // changed\n")
	edit("engine/native.go", "//go:build !js\n\npackage engine // changed\n")
	edit("site/site.go", "package site // changed\n")
	edit("templates/layout.html", "<html lang=ru>")
	edit("content/ru/index.md", "changed")
	edit("engine/testdata/case.go", "package y\n")
	if key() != base {
		t.Error("a test, a file not built for js/wasm, a package the modules do not import, a template, content or test data changed the key")
	}
	// Each input of a module changes it.
	for _, c := range []struct {
		what   string
		change func()
	}{
		{"an engine file", func() { edit("engine/movegen.go", "package engine // changed\n") }},
		{"a new source file", func() { edit("engine/new.go", "package engine\n") }},
		{"go.mod", func() { edit("go.mod", "module "+Module+"\n\ngo 1.26.1\n") }},
		{"go.sum", func() { edit("go.sum", "example.com/x v1.0.0 h1:abc=\n") }},
		{"the Go version", func() {
			os.WriteFile(filepath.Join(goRoot(goTool), "VERSION"), []byte("go1.27.0\n"), 0o644)
		}},
		{"GOFLAGS", func() { t.Setenv("GOFLAGS", "-tags=extra") }},
		{"GOEXPERIMENT", func() { t.Setenv("GOEXPERIMENT", "something") }},
	} {
		before := key()
		c.change()
		if key() == before {
			t.Errorf("changing %s left the key as it was", c.what)
		}
	}
}

// TestGetFromCache: modules cached under the sources' key are returned
// without compiling; with NoCache, or after a change to the sources, they
// are compiled (here with a go command that fails, which shows it ran).
func TestGetFromCache(t *testing.T) {
	src, goTool := fakeSources(t)
	t.Setenv("PATH", filepath.Dir(goTool))
	cache := t.TempDir()
	key, err := cacheKey(src, goTool)
	if err != nil {
		t.Fatal(err)
	}
	want := Files{Checker: []byte("\x00asm rule pages"), Checker + ".gz": []byte("gz1"), Board: []byte("\x00asm board"), Board + ".gz": []byte("gz2"), Game: []byte("\x00asm game"), Game + ".gz": []byte("gz3"), Exec: []byte("// loader")}
	if err := writeCached(filepath.Join(cache, "checker"), key, want); err != nil {
		t.Fatal(err)
	}
	compiled := 0
	o := Options{Source: src, CacheDir: cache, Compiling: func() { compiled++ }}
	got, err := Get(t.Context(), o)
	if err != nil || compiled != 0 {
		t.Fatalf("a cached build: %v, compiled %d times", err, compiled)
	}
	for name, data := range want {
		if string(got[name]) != string(data) {
			t.Errorf("%s: %q, want %q", name, got[name], data)
		}
	}
	o.NoCache = true
	if _, err := Get(t.Context(), o); err == nil || compiled != 1 {
		t.Errorf("--no-cache did not compile: %v, compiled %d times", err, compiled)
	}
	o.NoCache = false
	os.WriteFile(filepath.Join(src, "engine", "movegen.go"), []byte("package engine // new\n"), 0o644)
	if _, err := Get(t.Context(), o); err == nil || compiled != 2 {
		t.Errorf("changed sources did not compile: %v, compiled %d times", err, compiled)
	}
}

func TestCheckSource(t *testing.T) {
	src, _ := fakeSources(t)
	if err := checkSource(src); err != nil {
		t.Errorf("the sources: %v", err)
	}
	if err := checkSource(t.TempDir()); err == nil {
		t.Error("an empty directory was taken for the sources")
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644)
	if err := checkSource(other); err == nil {
		t.Error("another module was taken for the sources")
	}
}

func TestJSONField(t *testing.T) {
	out := []byte("{\n\t\"Path\": \"github.com/nardydocs/nardydocs\",\n\t\"Dir\": \"C:\\\\Users\\\\x\\\\mod\"\n}\n")
	if got := jsonField(out, "Dir"); got != `C:\Users\x\mod` {
		t.Errorf("Dir = %q", got)
	}
}
