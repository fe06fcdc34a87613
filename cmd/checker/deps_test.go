//go:build !js

package main

import (
	"go/build"
	"testing"
)

const module = "github.com/nardydocs/nardydocs"

// TestWasmDependencies walks the whole import graph of each WebAssembly
// module the site ships, as compiled for js/wasm, and fails on a package
// kept out of it.
//
// fmt, reflect and encoding/json stay out of the rule pages' module
// (checker.wasm), which every rule page with a checker loads: fmt (which
// brings reflect) would add about a quarter to its gzipped size,
// encoding/json two fifths. So do the block parser and the diagrams, which
// only the standalone page needs. The standalone page's module
// (checker-board.wasm) draws the board with svgo, which brings fmt (and
// with it reflect) along; encoding/json still stays out.
func TestWasmDependencies(t *testing.T) {
	for _, m := range []struct {
		pkg       string
		forbidden []string
		// must be in the graph: proof that the walk sees all of it, even
		// through other modules' packages.
		must []string
	}{
		{
			pkg:       module + "/cmd/checker",
			forbidden: []string{"fmt", "reflect", "encoding/json", module + "/block", module + "/diagrams"},
			must:      []string{"syscall/js", module + "/engine", module + "/templates/i18n"},
		},
		{
			pkg:       module + "/cmd/checker-board",
			forbidden: []string{"encoding/json"},
			must:      []string{"syscall/js", module + "/block", "github.com/ajstarks/svgo", "fmt"},
		},
	} {
		seen := imports(t, m.pkg)
		for _, f := range m.forbidden {
			if from, ok := seen[f]; ok {
				t.Errorf("%s imports %s (through %s)", m.pkg, f, from)
			}
		}
		for _, p := range m.must {
			if _, ok := seen[p]; !ok {
				t.Errorf("dependency walk of %s incomplete: %s not found among %d packages", m.pkg, p, len(seen))
			}
		}
	}
}

// imports returns every package that pkg imports, directly or not, when
// compiled for js/wasm, each with a package that imports it.
func imports(t *testing.T, pkg string) map[string]string {
	t.Helper()
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "js", "wasm", false
	seen := map[string]string{} // package → the package that imports it
	var walk func(path, from string)
	walk = func(path, from string) {
		if _, ok := seen[path]; ok || path == "C" || path == "unsafe" {
			return
		}
		seen[path] = from
		p, err := ctx.Import(path, ".", 0)
		if err != nil {
			t.Fatalf("import %s (from %s): %v", path, from, err)
		}
		for _, imp := range p.Imports {
			walk(imp, path)
		}
	}
	walk(pkg, "")
	return seen
}
