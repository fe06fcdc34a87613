package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/nardydocs/nardydocs/site"
	"github.com/spf13/cobra"
)

type siteFlags struct {
	content   string
	templates string
	jobs      int
	rules     []string
}

func (f *siteFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.content, "content", "content", "content directory (content/ru, content/uk)")
	fl.StringVar(&f.templates, "templates", "", "directory whose files override the embedded templates")
	fl.IntVar(&f.jobs, "jobs", 0, "pages built at once (0: one per CPU)")
	fl.StringArrayVar(&f.rules, "rules", nil, "site-wide rule override key=value (repeatable)")
}

func (f *siteFlags) options() site.Options {
	return site.Options{Content: f.content, Templates: f.templates, Jobs: f.jobs, Rules: f.rules}
}

// printBuildErrors prints a build's problems one per line, then a count.
func printBuildErrors(w io.Writer, err error) {
	var list site.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(w, e)
		}
		if len(list) == 1 {
			fmt.Fprintln(w, "1 problem")
		} else {
			fmt.Fprintf(w, "%d problems\n", len(list))
		}
		return
	}
	fmt.Fprintln(w, "nardydocs:", err)
}

func newBuildCmd() *cobra.Command {
	var f siteFlags
	var out string
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Build the site from the content directory",
		Long: `Builds every page of content/ru and content/uk, with every position block
computed by the rules engine, into the output directory. The new site
replaces the old one only when the whole build succeeded.`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			start := time.Now()
			s, err := site.Build(cmd.Context(), f.options())
			if err != nil {
				printBuildErrors(cmd.ErrOrStderr(), err)
				return errReported
			}
			if err := s.Write(out); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "built %d pages, %d figures, %d files into %s in %s\n",
				s.Pages, s.Figures, len(s.Files), out, time.Since(start).Round(time.Millisecond))
			return nil
		},
	}
	f.register(cmd)
	cmd.Flags().StringVar(&out, "out", "public", "output directory")
	return cmd
}

func newCheckCmd() *cobra.Command {
	var f siteFlags
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Report every problem in the content without writing anything",
		Args:  maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := site.Build(cmd.Context(), f.options())
			if err != nil {
				printBuildErrors(cmd.ErrOrStderr(), err)
				return errReported
			}
			fmt.Fprintf(cmd.OutOrStdout(), "ok: %d pages, %d figures\n", s.Pages, s.Figures)
			return nil
		},
	}
	f.register(cmd)
	return cmd
}
