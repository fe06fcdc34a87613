package wasm

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "compile the modules again into embedded/ (make wasm)")

// TestEmbeddedModules: the modules in embedded/ were compiled from these
// sources, so that a build uses them instead of compiling (make wasm, or
// go test ./internal/wasm -run Embedded -update, compiles them again
// after a change to what goes into them).
func TestEmbeddedModules(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := sourceDigest(src)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		goTool, err := findGo()
		if err != nil {
			t.Fatal(err)
		}
		f, err := compile(t.Context(), src, goTool)
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{
			Checker + ".gz": f[Checker+".gz"],
			Board + ".gz":   f[Board+".gz"],
			Exec:            f[Exec],
			"sources.sum":   []byte(sum + "\n"),
		} {
			if err := os.WriteFile(filepath.Join("embedded", name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	if got := embeddedSum(); got != sum {
		t.Fatalf("the embedded modules were compiled from other sources (%s; these are %s): run make wasm", got, sum)
	}
	f, err := embeddedFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{Checker, Board} {
		if len(f[name]) < 1<<20 || string(f[name][:4]) != "\x00asm" {
			t.Errorf("the embedded %s is not a WebAssembly module (%d bytes)", name, len(f[name]))
		}
	}
	if len(f[Exec]) == 0 {
		t.Errorf("no embedded %s", Exec)
	}
}
