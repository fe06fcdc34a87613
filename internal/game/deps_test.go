//go:build !js

package game

import (
	"go/build"
	"testing"
)

// TestDependencies walks the package's import graph as compiled for
// js/wasm: it depends on the engine alone among the module's packages,
// and on neither encoding/json (the saved form is read by hand) nor the
// network. (crypto/rand, the default dice, brings fmt and os into the
// graph through math/big and its system source; the package itself
// opens no file.)
func TestDependencies(t *testing.T) {
	const module = "github.com/nardydocs/nardydocs"
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "js", "wasm", false
	seen := map[string]string{}
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
	walk(module+"/internal/game", "")
	if _, ok := seen[module+"/engine"]; !ok {
		t.Fatalf("the walk did not reach the engine among %d packages", len(seen))
	}
	for _, f := range []string{"encoding/json", "net", "net/http"} {
		if from, ok := seen[f]; ok {
			t.Errorf("internal/game imports %s (through %s)", f, from)
		}
	}
	for p, from := range seen {
		if len(p) > len(module) && p[:len(module)+1] == module+"/" && p != module+"/engine" && p != module+"/internal/game" {
			t.Errorf("internal/game depends on %s (through %s); only on the engine", p, from)
		}
	}
}
