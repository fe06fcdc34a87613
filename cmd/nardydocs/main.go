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
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/nardydocs/nardydocs/site/outdir"
)

func main() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		tuneHeap()
	}
	ctx, stop := onSignals(os.Args[1:])
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

// stopGrace is how long a command has, after Ctrl-C or SIGTERM, to stop
// on its own (a build stops between pages) before the program removes
// what it was writing and exits.
const stopGrace = 700 * time.Millisecond

// interrupted is the cause of a context cancelled by a signal.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string { return "stopped by " + signalName(e.sig) }

// code is the exit status of a program stopped by the signal: 128 and
// its number.
func (e interrupted) code() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// signalName names a signal as a shell does.
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT (Ctrl-C)"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

// onSignals returns a context that Ctrl-C or SIGTERM cancels, with an
// interrupted cause. A second signal, or the end of stopGrace, makes the
// program remove the new output directories of the builds in progress
// (outdir.Stop: the previous site stays as it was) and exit at once;
// serve, which stops in good order on its own, has no such limit but the
// second signal.
func onSignals(args []string) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	serving := len(args) > 0 && args[0] == "serve"
	go func() {
		sig, ok := <-sigs
		if !ok {
			return
		}
		cancel(interrupted{sig})
		var grace <-chan time.Time
		if !serving {
			grace = time.After(stopGrace)
		}
		select {
		case s, ok := <-sigs:
			if !ok {
				return
			}
			sig = s
		case <-grace:
		}
		outdir.Stop()
		fmt.Fprintln(os.Stderr, "nardydocs: "+interrupted{sig}.Error()+", at once: the previous site is as it was")
		os.Exit(interrupted{sig}.code())
	}()
	return ctx, func() {
		signal.Stop(sigs)
		cancel(nil)
	}
}
