package site

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// htmlID matches an id attribute of an HTML element.
var htmlID = regexp.MustCompile(`<[a-zA-Z][^<>]*?\sid="([^"]*)"`)

// TestRealContent builds the site's own content/: every block must
// render, every internal link resolve and every page have its
// translation (Build reports all of these as errors); no page uses an
// id twice.
func TestRealContent(t *testing.T) {
	t.Parallel()
	s, err := Build(context.Background(), Options{Content: filepath.Join("..", "content")})
	if err != nil {
		t.Fatalf("content/ does not build:\n%v", err)
	}
	for _, l := range i18n.Langs {
		if _, ok := s.Files[string(l)+"/index.html"]; !ok {
			t.Errorf("no home page for %s", l)
		}
	}
	for _, name := range s.Paths() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		page := string(s.Files[name])
		for _, bad := range []string{"[fig.", "[reason.", "[stat.", "{n}", "{play}", "<!-- raw HTML omitted -->"} {
			if strings.Contains(page, bad) {
				t.Errorf("%s contains %q: a missing string or placeholder", name, bad)
			}
		}
		seen := map[string]bool{}
		for _, m := range htmlID.FindAllStringSubmatch(page, -1) {
			if seen[m[1]] {
				t.Errorf("%s: the id %q is used twice", name, m[1])
			}
			seen[m[1]] = true
		}
	}
	if s.Pages < 40 {
		t.Errorf("content/ has %d pages; the rules need both sections in both languages", s.Pages)
	}
}

// TestContentIsYAML: every front matter block of content/, and the site's
// configuration, parse as YAML with a standard parser (as Hugo, GitHub
// and editors read them).
func TestContentIsYAML(t *testing.T) {
	t.Parallel()
	n := 0
	err := filepath.WalkDir(filepath.Join("..", "content"), func(name string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		var doc map[string]any
		switch {
		case strings.HasSuffix(name, ".md"):
			front, ok := strings.CutPrefix(string(data), "---\n")
			front, _, closed := strings.Cut(front, "\n---\n")
			if !ok || !closed {
				t.Errorf("%s: no front matter", name)
				return nil
			}
			data = []byte(front)
		case filepath.Base(name) != ConfigFile:
			return nil
		}
		n++
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Errorf("only %d files checked", n)
	}
}

// TestContentUnderEveryPreset: the shipped content builds under every
// preset profile. A page or block that teaches a reading pins it, so a
// site-wide switch changes only figures that follow the site's profile:
// blocks without a "rules:" line of their own, on pages without one.
func TestContentUnderEveryPreset(t *testing.T) {
	t.Parallel()
	content := filepath.Join("..", "content")
	for _, p := range engine.Presets {
		d, err := DiffRules(t.Context(), Options{Content: content}, []string{p.Name})
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		for _, e := range d.Problems {
			t.Errorf("under --rules %s: %v", p.Name, e)
		}
		for _, f := range d.Figures {
			for _, w := range f.Where {
				file, l, _ := strings.Cut(w, ":")
				line, _ := strconv.Atoi(l)
				src, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(string(src), "\n")
				for i := line; i < len(lines) && lines[i] != "```"; i++ {
					if strings.HasPrefix(lines[i], "rules:") {
						t.Errorf("under --rules %s the figure of %s changes, though its block pins its rules", p.Name, w)
					}
				}
			}
		}
	}
}
