package main

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// newSite is the site "nardydocs new" creates: a page in each language
// with a position block, a claim and an exercise, the configuration, and
// a .gitignore for the built site.
//
//go:embed all:newsite
var newSite embed.FS

func newNewCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "new DIR",
		Short: "Create a new site in DIR, ready to build",
		Long: `Creates DIR (which must not exist, or be empty) with content/ru and
content/uk, an example page in each (a position block, a claim the build
checks, an exercise for the printed worksheet), content/nardydocs.yaml and
a .gitignore for public/. Then "cd DIR && nardydocs build" builds the
site. The configuration file lists every key it may set, commented out.`,
		Example: `  nardydocs new my-rules
  cd my-rules && nardydocs serve`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError{errors.New("new takes the directory to create: nardydocs new my-site")}
			}
			if strings.TrimSpace(args[0]) == "" {
				return usageError{errors.New("new takes the directory to create, and the name given is empty (an unset variable?): nardydocs new my-site")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := checkNewDir(dir); err != nil {
				return err
			}
			err := fs.WalkDir(newSite, "newsite", func(name string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel("newsite", filepath.FromSlash(name))
				if rel == "gitignore" { // kept without its dot: go:embed skips dot files
					rel = ".gitignore"
				}
				full := filepath.Join(dir, rel)
				if d.IsDir() {
					return os.MkdirAll(full, 0o755)
				}
				data, err := newSite.ReadFile(name)
				if err != nil {
					return err
				}
				return writeNew(full, data)
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "created %s: build it with\n  cd %s && nardydocs build\n", dir, dir)
			return nil
		},
	}
}

// checkNewDir refuses a DIR for nardydocs new that exists and is anything
// but an empty directory.
func checkNewDir(dir string) error {
	info, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("%s exists and is not a directory: give a new directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s is not empty: give a new directory", dir)
	}
	return nil
}

// writeNew writes a file of the new site, never over one that exists
// (another program may have made it since checkNewDir looked).
func writeNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
