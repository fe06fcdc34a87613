package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// usageError marks an error in how the command was called (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// reported marks an error whose details were already printed.
var errReported = errors.New("failed")

// run executes the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var intr interrupted
	if errors.As(context.Cause(ctx), &intr) {
		// Whatever failed once the signal came failed because of it.
		fmt.Fprintln(stderr, "nardydocs: "+intr.Error()+": nothing was written")
		return intr.code()
	}
	if !errors.Is(err, errReported) {
		fmt.Fprintln(stderr, "nardydocs:", err)
	}
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		return 2
	}
	return 1
}

// isCobraUsage recognises cobra's own argument and flag errors.
func isCobraUsage(err error) bool {
	var ue *flagError
	return errors.As(err, &ue)
}

// flagError wraps errors from flag parsing.
type flagError struct{ err error }

func (e *flagError) Error() string { return e.err.Error() }

func newRootCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "nardydocs",
		Short: "Build the nardy rules site from Markdown with computed position blocks",
		Long: `nardydocs turns rule pages about long and short nardy, written in Markdown
in Russian and Ukrainian, into a static site: every position block of a
page is run through the rules engine and becomes a board diagram, a table
of all legal moves and exact dice statistics, and a board the reader plays
the roll on.

A site is a directory with content/ru, content/uk and content/nardydocs.yaml
(its name, languages, logo, address, rules, edit link): "nardydocs new DIR"
creates one that builds at once. Run the other commands in that directory
(or give --content DIR).`,
		Example: `  nardydocs new my-rules && cd my-rules
  nardydocs serve                  # http://127.0.0.1:8080/, rebuilt as you edit
  nardydocs check                  # every problem, nothing written
  nardydocs build                  # the site in public/
  nardydocs diff --rules no-draws  # what another rule profile would change`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       versionString(),
	}
	root.SetVersionTemplate("nardydocs {{.Version}}\n")
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &flagError{err} })
	root.AddCommand(newNewCmd(), newBuildCmd(), newCheckCmd(), newServeCmd(), newDiffCmd(), newMovesCmd(), newDiagramCmd())
	return root
}

// exactArgs is cobra.RangeArgs returning a usage error.
func maxArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return usageError{fmt.Errorf("%s takes at most %d argument(s), got %d", cmd.Name(), n, len(args))}
		}
		return nil
	}
}
