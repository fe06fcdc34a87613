package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Paths returns the site's file paths in sorted order.
func (s *Site) Paths() []string {
	names := make([]string, 0, len(s.Files))
	for name := range s.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Write writes the site to dir atomically: everything goes into a new
// directory beside dir, which then replaces dir. If anything fails, dir is
// left as it was.
func (s *Site) Write(dir string) (err error) {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	for _, name := range s.Paths() {
		if strings.Contains(name, "..") {
			continue
		}
		full := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, s.Files[name], 0o644); err != nil {
			return err
		}
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = filepath.Join(parent, "."+filepath.Base(dir)+".old")
		os.RemoveAll(old)
		if err := os.Rename(dir, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			os.Rename(old, dir)
		}
		return err
	}
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}
