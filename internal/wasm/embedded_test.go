package wasm

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "compile the modules into embedded/ (make wasm)")

// TestEmbeddedModules, run with -update (make wasm), compiles the modules
// from these sources into embedded/, where make build and make release
// embed them in the command. They are build products and never
// committed; a test run without -update has nothing to do here.
func TestEmbeddedModules(t *testing.T) {
	if !*update {
		t.Skip("compiles the modules into embedded/ only with -update (make wasm)")
	}
	src, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := sourceDigest(src)
	if err != nil {
		t.Fatal(err)
	}
	goTool, err := findGo()
	if err != nil {
		t.Fatal(err)
	}
	f, err := compile(t.Context(), src, goTool)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{Checker, Board, Game} {
		if len(f[name]) < 1<<20 || string(f[name][:4]) != "\x00asm" {
			t.Fatalf("the compiled %s is not a WebAssembly module (%d bytes)", name, len(f[name]))
		}
	}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join("embedded", name), f[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What an older make wasm wrote beside them goes.
	if err := os.Remove(filepath.Join("embedded", "SHA256SUMS")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	// The digest last: a binary that embeds it embeds the modules too.
	if err := os.WriteFile(filepath.Join("embedded", "sources.sum"), []byte(sum+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStaleEmbeddedNotUsed: modules embedded from other sources than the
// ones on disk (an edit since make build, even a comment in a package they
// are compiled from) are never used: the build compiles these sources.
// Modules embedded from these very sources are used as they are.
func TestStaleEmbeddedNotUsed(t *testing.T) {
	src, ok := localSource()
	if !ok {
		t.Skip("the sources of this test binary are not on disk")
	}
	sum, err := sourceDigest(src)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{NoCache: true}
	got, err := o.sourceFor("0123456789abcdef0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	if got != src {
		t.Errorf("stale embedded modules: compiling from %q, want the sources on disk %q", got, src)
	}
	got, err = o.sourceFor(sum)
	if err != nil {
		t.Fatal(err)
	}
	if got != "" {
		t.Errorf("embedded modules of these sources: compiling from %q, want the embedded ones", got)
	}
	got, err = o.sourceFor("")
	if err != nil {
		t.Fatal(err)
	}
	if got != src {
		t.Errorf("no embedded modules: compiling from %q, want the sources on disk %q", got, src)
	}
}
