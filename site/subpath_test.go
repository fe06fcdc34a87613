package site

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// staticHost serves a written site under prefix as a static host does,
// with 404.html for a missing file at any depth.
func staticHost(dir, prefix string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.StripPrefix(strings.TrimSuffix(prefix, "/"), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		if info, err := os.Stat(name); err != nil || info.IsDir() && !fileExists(filepath.Join(name, "index.html")) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			page, _ := os.ReadFile(filepath.Join(dir, "404.html"))
			w.Write(page)
			return
		}
		files.ServeHTTP(w, r)
	}))
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// links finds the href and src attributes of a page.
var links = regexp.MustCompile(`(?:href|src|data-wasm)="([^"]*)"`)

// TestSubPathHosting builds content/ for https://example.org/rules/,
// serves it from that path as a static host would, and follows every link
// of every page (the 404 page's from a missing address deep in the site):
// each leads to a file.
func TestSubPathHosting(t *testing.T) {
	t.Parallel()
	modules := map[string][]byte{"checker.wasm": []byte("\x00asm"), "checker-board.wasm": []byte("\x00asm"), "game.wasm": []byte("\x00asm"), "wasm_exec.js": []byte("//")}
	s, err := Build(t.Context(), Options{Content: filepath.Join("..", "content"), BaseURL: "https://example.org/rules/", Checker: true, Files: modules})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "public")
	if err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(staticHost(dir, "/rules/"))
	defer ts.Close()
	get := func(u string) (int, string) {
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	checked := map[string]bool{}
	var pages []string
	for _, name := range s.Paths() {
		if strings.HasSuffix(name, ".html") {
			pages = append(pages, ts.URL+"/rules/"+escapePath(name))
		}
	}
	pages = append(pages, ts.URL+"/rules/ru/no/such/page.html")
	for _, page := range pages {
		status, body := get(page)
		if status != 200 && !strings.HasSuffix(page, "such/page.html") {
			t.Errorf("%s: %d", page, status)
			continue
		}
		base, _ := url.Parse(page)
		for _, m := range links.FindAllStringSubmatch(body, -1) {
			ref, err := url.Parse(m[1])
			if err != nil {
				t.Errorf("%s: bad link %q", page, m[1])
				continue
			}
			target := base.ResolveReference(ref)
			if target.Host != base.Host || ref.Path == "" {
				continue // another site, or an anchor on the page
			}
			target.Fragment = ""
			if checked[target.String()] {
				continue
			}
			checked[target.String()] = true
			if !strings.HasPrefix(target.Path, "/rules/") {
				t.Errorf("%s: link %q leaves the site's path", page, m[1])
				continue
			}
			if status, _ := get(target.String()); status != 200 {
				t.Errorf("%s: link %q: %d", page, m[1], status)
			}
		}
	}
	if len(checked) < 100 {
		t.Errorf("only %d links followed", len(checked))
	}
}
