//go:build !js

package main

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// TestWasmDependencies: the WebAssembly checker of the rule pages stays
// small only while these packages stay out of it. fmt, reflect and
// encoding/json would add about half the Go runtime's size again; strings
// (and with it the unicode tables) and strconv (with errors and its
// reflection) a few kilobytes.
func TestWasmDependencies(t *testing.T) {
	forbidden := []string{"fmt", "reflect", "encoding/json"}
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = "js", "wasm"
	seen := map[string]string{} // package → the package that imports it
	var walk func(path, from string)
	walk = func(path, from string) {
		if _, ok := seen[path]; ok || path == "C" || path == "unsafe" {
			return
		}
		seen[path] = from
		pkg, err := ctx.Import(path, ".", 0)
		if err != nil {
			t.Fatalf("import %s (from %s): %v", path, from, err)
		}
		for _, imp := range pkg.Imports {
			walk(imp, path)
		}
	}
	walk("github.com/nardydocs/nardydocs/cmd/checker", "")
	for _, f := range forbidden {
		if from, ok := seen[f]; ok {
			t.Errorf("the checker module imports %s (through %s)", f, from)
		}
	}
	// The test itself must see the whole graph.
	if !slices.ContainsFunc(mapKeys(seen), func(p string) bool { return strings.HasSuffix(p, "/engine") }) || seen["syscall/js"] == "" {
		t.Fatalf("dependency walk incomplete: %d packages", len(seen))
	}
}

func mapKeys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}
