package wasm

import (
	"bytes"
	"compress/gzip"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestSourceDigestMemo: the remembered digest of the sources is the
// digest read again, and stands only while nothing it was read from
// changed: a file rewritten with the same size, a file added, go.mod; a
// file too recent to be told apart from a later change is read again.
func TestSourceDigestMemo(t *testing.T) {
	src, _ := fakeSources(t)
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	age := func() {
		t.Helper()
		old = old.Add(time.Second) // each change its own time
		filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
			if err == nil {
				os.Chtimes(p, old, old)
			}
			return err
		})
	}
	forget := func() {
		memoMu.Lock()
		delete(memoMem, src)
		memoMu.Unlock()
	}
	check := func(what string, reads int64) {
		t.Helper()
		before := digestRuns.Load()
		got, err := sourceDigestMemo(src, dir)
		if err != nil {
			t.Fatal(err)
		}
		want, err := sourceDigest(src)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: the remembered digest %s, the sources' %s", what, got, want)
		}
		if n := digestRuns.Load() - before - 1; n != reads {
			t.Errorf("%s: the sources were read %d times, want %d", what, n, reads)
		}
	}
	edit := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(src, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	age()
	check("the first time", 1)
	check("again", 0)
	forget()
	check("from the file", 0)
	for _, c := range []struct{ what, name, data string }{
		{"a file of the same size", "engine/movegen.go", "package\tengine\n"},
		{"a file added", "engine/more.go", "package engine\n"},
		{"a file the modules do not build", "engine/native.go", "package engine\n"},
		{"go.mod", "go.mod", "module " + Module + "\n\ngo 1.26.9\n"},
	} {
		edit(c.name, c.data)
		age()
		check(c.what, 1)
		check(c.what+", again", 0)
	}
	// A change within the slack, of the same size and written at the time
	// the digest was remembered, is not trusted.
	edit("engine/movegen.go", "package engine\t")
	check("a fresh file", 1)
	edit("engine/movegen.go", "package\tengine\t")
	check("a fresh file, changed again", 1)
}

// TestEmbeddedModulesWhole: the binary embeds every file of the modules,
// and each gzipped module is its uncompressed twin, so that a build takes
// both as they are.
func TestEmbeddedModulesWhole(t *testing.T) {
	if embeddedSum() == "" {
		t.Skip("no embedded modules")
	}
	f, err := Options{NoCache: true}.embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{Checker, Board, Game} {
		zr, err := gzip.NewReader(bytes.NewReader(f[name+".gz"]))
		if err != nil {
			t.Fatalf("%s.gz: %v", name, err)
		}
		data, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s.gz: %v", name, err)
		}
		if !bytes.Equal(data, f[name]) {
			t.Errorf("%s.gz is not %s gzipped", name, name)
		}
		if !bytes.HasPrefix(f[name], []byte("\x00asm")) {
			t.Errorf("the embedded %s is not a WebAssembly module", name)
		}
	}
	if len(f[Exec]) == 0 {
		t.Errorf("the embedded %s is empty", Exec)
	}
	m, err := openEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Names(); !slices.Equal(got, slices.Sorted(maps.Keys(f))) {
		t.Errorf("the embedded modules are %q, want %q", got, slices.Sorted(maps.Keys(f)))
	}
	for _, name := range m.Names() {
		r, err := m.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil || !bytes.Equal(data, f[name]) {
			t.Errorf("%s read from the embedded modules: %d bytes (%v), want %d", name, len(data), err, len(f[name]))
		}
	}
}
