package e2e

import (
	"context"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site"
)

// TestSubPathInChromium publishes the site under /rules/ as a static host
// does (404.html for a missing address) and reads it there: the pages
// keep their style, the checker answers, and the 404 page of an address
// deep in the site is styled and leads home.
func TestSubPathInChromium(t *testing.T) {
	ctx := browser(t)
	modules, err := wasm.Get(context.Background(), wasm.Options{Source: ".."})
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.Build(context.Background(), site.Options{Content: filepath.Join("..", "content"), BaseURL: "https://example.org/rules/", Checker: true, Files: modules})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "public")
	if err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	mime.AddExtensionType(".wasm", "application/wasm")
	files := http.FileServer(http.Dir(dir))
	ts := httptest.NewServer(http.StripPrefix("/rules", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))); err != nil {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			page, _ := os.ReadFile(filepath.Join(dir, "404.html"))
			w.Write(page)
			return
		}
		files.ServeHTTP(w, r)
	})))
	t.Cleanup(ts.Close)

	styled := `getComputedStyle(document.body).fontFamily !== "" && document.styleSheets.length > 0 && document.styleSheets[0].cssRules.length > 10`
	open(ctx, t, ts.URL+"/rules/ru/profiles.html", 1280, `form.checker`)
	if !eval[bool](ctx, t, styled) {
		t.Error("ru/profiles.html under /rules/ has no style")
	}
	if got := try(ctx, t, "Lb55:24x14,21:12x15", "12/2 12/2"); got != "Ход разрешён: 12/2 12/2." {
		t.Errorf("the checker under /rules/: %q", got)
	}
	open(ctx, t, ts.URL+"/rules/uk/no/such/page.html", 1280, `main`)
	if !eval[bool](ctx, t, styled) {
		t.Error("the 404 page under /rules/ has no style")
	}
	home := eval[string](ctx, t, `document.querySelector('a[hreflang="uk"]').href`)
	if !strings.HasSuffix(home, "/rules/uk/index.html") {
		t.Errorf("the 404 page leads to %q", home)
	}
}
