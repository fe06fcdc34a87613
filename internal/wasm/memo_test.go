package wasm

import (
	"os"
	"path/filepath"
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

// TestEmbeddedKeptUncompressed: the embedded modules, the first time
// uncompressed and kept in the cache, are read from there the next time,
// the same bytes.
func TestEmbeddedKeptUncompressed(t *testing.T) {
	if embeddedSum() == "" {
		t.Skip("no embedded modules")
	}
	o := Options{CacheDir: t.TempDir()}
	want, err := embeddedFiles()
	if err != nil {
		t.Fatal(err)
	}
	for run := range 2 {
		got, err := o.embedded()
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if string(got[name]) != string(want[name]) {
				t.Errorf("run %d: %s differs from the embedded one", run+1, name)
			}
		}
		if _, ok := readCached(filepath.Join(o.CacheDir, "checker"), "embedded-"+embeddedSum()); !ok {
			t.Errorf("run %d: the modules are not in the cache", run+1)
		}
	}
}
