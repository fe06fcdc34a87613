package site

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// Module is the import path of nardydocs, whose sources the checker is
// compiled from.
const Module = "github.com/nardydocs/nardydocs"

// Checker holds the files of the in-browser move checker: the rules
// engine compiled to WebAssembly, and Go's loader for it.
type Checker struct {
	// Wasm is checker.wasm (WasmName), the checker of the rule pages, in
	// both languages.
	Wasm []byte
	// BoardWasm is checker-board.wasm (BoardWasmName), the standalone
	// checker, which also redraws the board as the reader edits the
	// position.
	BoardWasm []byte
	// WasmExec is the Go toolchain's own wasm_exec.js.
	WasmExec []byte
}

// FindSource returns the root of the nardydocs sources that contain dir
// (the directory with nardydocs' go.mod), or "" when dir is not inside
// them.
func FindSource(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && modulePath(data) == Module {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// goTool returns the go command: the one on PATH, or the toolchain's own.
func goTool() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err != nil {
		return "", errors.New("the move checker is compiled with the Go toolchain, and no go command was found")
	}
	return p, nil
}

// The file names of the checker's modules: the rule pages' and the
// standalone checker page's.
const (
	WasmName      = "checker.wasm"
	BoardWasmName = "checker-board.wasm"
)

// BuildChecker compiles the checker's modules from the sources at src with
// the Go toolchain (GOOS=js GOARCH=wasm; the Go build cache makes it quick
// after the first time) and reads the toolchain's wasm_exec.js.
func BuildChecker(ctx context.Context, src string) (*Checker, error) {
	gotool, err := goTool()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "nardydocs-checker-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	c := &Checker{}
	for _, m := range []struct {
		pkg string
		dst *[]byte
	}{
		{"./cmd/checker", &c.Wasm},
		{"./cmd/checker-board", &c.BoardWasm},
	} {
		out := filepath.Join(tmp, "out.wasm")
		cmd := exec.CommandContext(ctx, gotool, "build", "-trimpath", "-ldflags=-s -w", "-o", out, m.pkg)
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return nil, errors.New("compiling the move checker (" + m.pkg + "): " + err.Error() + "\n" + stderr.String())
		}
		if *m.dst, err = os.ReadFile(out); err != nil {
			return nil, err
		}
	}
	root, err := exec.CommandContext(ctx, gotool, "env", "GOROOT").Output()
	if err != nil {
		return nil, errors.New("go env GOROOT: " + err.Error())
	}
	c.WasmExec, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	return c, nil
}
