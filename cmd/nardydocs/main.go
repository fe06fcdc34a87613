// Command nardydocs builds the nardy rules site: Markdown pages in Russian
// and Ukrainian whose position blocks become board diagrams, legal-move
// tables and exact dice statistics computed by the rules engine.
//
// Usage:
//
//	nardydocs build [--content DIR] [--out DIR]   build the site (content/ → public/)
//	nardydocs check [--content DIR]               report every problem, write nothing
//	nardydocs serve [--port N]                    serve, rebuilding on change
//	nardydocs moves [FILE] [--json|--jsonl]       list the legal plays of a position block
//	nardydocs diagram [FILE] [-o FILE] [--moves]  draw a position block as an SVG for a handout
//
// Errors are printed one per line as "path:line:col: message"; the exit
// status is 1 when a command fails and 2 on a usage error.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
)

func main() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		tuneHeap()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// $NARDYDOCS_CPUPROFILE names a file for a CPU profile of the run,
	// for measuring builds (go tool pprof).
	if name := os.Getenv("NARDYDOCS_CPUPROFILE"); name != "" {
		if f, err := os.Create(name); err == nil {
			pprof.StartCPUProfile(f)
			defer f.Close()
		}
	}
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	pprof.StopCPUProfile()
	stop()
	os.Exit(code)
}
