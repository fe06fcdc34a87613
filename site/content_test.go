package site

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TestRealContent builds the site's own content/: every block must
// render, every internal link resolve and every page have its
// translation (Build reports all of these as errors).
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
	}
	if s.Pages < 40 {
		t.Errorf("content/ has %d pages; the rules need both sections in both languages", s.Pages)
	}
}
