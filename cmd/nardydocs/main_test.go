package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/nardydocs/nardydocs/internal/wasm"
)

// runMainEnv, set in a test binary's environment, makes it the command
// itself, main and all (its signal handling too), for a test that starts
// it as a process of its own (TestServeSignals).
const runMainEnv = "NARDYDOCS_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
		return
	}
	testscript.Main(m, map[string]func(){
		"nardydocs": func() {
			os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs the command-line scenarios in testdata/script: output,
// errors and exit statuses of build, check, serve and moves.
func TestScripts(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(e *testscript.Env) error {
			// The move checker is compiled from these sources.
			e.Setenv("NARDYDOCS_SOURCE", src)
			for _, k := range []string{"HOME", "GOCACHE", "GOPATH", "GOMODCACHE", "GOFLAGS", "GOPROXY", "PATH"} {
				if v := os.Getenv(k); v != "" {
					e.Setenv(k, v)
				}
			}
			// $COMMANDS is the directory of the commands the scripts
			// run (first on $PATH), for a $PATH without the Go tool.
			e.Setenv("COMMANDS", filepath.SplitList(os.Getenv("PATH"))[0])
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"serve-get": serveGet,
			"unzip":     unzip,
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "bindmount":
				// A bind mount can be made in a mount namespace of its
				// own (unshare -m, as root).
				dir, err := os.MkdirTemp("", "bindmount")
				if err != nil {
					return false, err
				}
				defer os.RemoveAll(dir)
				return exec.Command("unshare", "-m", "mount", "--bind", dir, dir).Run() == nil, nil
			case "embedded":
				// The command carries the modules of these very sources
				// (make wasm compiled them after the last edit).
				key, err := wasm.Key(wasm.Options{})
				return err == nil && strings.HasPrefix(key, "embedded "), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}
