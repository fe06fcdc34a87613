package site

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// get asks srv for target with the given method and Host.
func get(srv http.Handler, method, host, target string) *http.Response {
	req := httptest.NewRequest(method, target, nil)
	req.Host = host
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	return rec.Result()
}

func TestServeHardened(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/basic.txtar")
	srv := NewServer(t.Context(), Options{Content: "content", FS: files}, io.Discard)

	res := get(srv, "GET", "localhost:8080", "/ru/long/head.html")
	if res.StatusCode != 200 {
		t.Fatalf("a page: %s", res.Status)
	}
	for name, want := range map[string]string{
		"Content-Security-Policy": CSP,
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"Content-Type":            "text/html; charset=utf-8",
	} {
		if got := res.Header.Get(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	for _, c := range []struct {
		method, host, target string
		status               int
	}{
		{"GET", "127.0.0.1:8080", "/", 200},
		{"HEAD", "[::1]:8080", "/ru/index.html", 200},
		{"GET", "LOCALHOST", "/ru/index.html", 200},
		{"GET", "evil.example", "/ru/index.html", 403},
		{"GET", "evil.example:8080", "/", 403},
		{"GET", "localhost.evil.example", "/", 403},
		{"POST", "localhost", "/ru/index.html", 405},
		{"DELETE", "localhost", "/", 405},
		{"GET", "localhost", "/ru/no-such.html", 404},
	} {
		res := get(srv, c.method, c.host, c.target)
		if res.StatusCode != c.status {
			t.Errorf("%s %s (Host %s): %s, want %d", c.method, c.target, c.host, res.Status, c.status)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s (Host %s): no nosniff", c.method, c.target, c.host)
		}
	}
	if res := get(srv, "POST", "localhost", "/"); res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("405 without Allow: %v", res.Header)
	}
	res = get(srv, "GET", "localhost", "/ru/long")
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/ru/long/" {
		t.Errorf("/ru/long: %s to %q, want a redirect to /ru/long/", res.Status, res.Header.Get("Location"))
	}
}

// TestServeErrorPage: while the content has errors, pages show them, with
// no path of the disk.
func TestServeErrorPage(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	content := filepath.Join(root, "content")
	for _, l := range []string{"ru", "uk"} {
		os.MkdirAll(filepath.Join(content, l), 0o755)
		os.WriteFile(filepath.Join(content, l, "index.md"), []byte("---\ntitle: T\n---\n```nardy\ngame: long\nwhite: 24x16\nblack: 12x15\n```\n"), 0o644)
	}
	srv := NewServer(t.Context(), Options{Content: content}, io.Discard)
	res := get(srv, "GET", "localhost", "/ru/index.html")
	body, _ := io.ReadAll(res.Body)
	page := string(body)
	if res.StatusCode != 500 || !strings.Contains(page, filepath.Join("content", "ru", "index.md")+":6:8: &#34;24x16&#34;: a count is 1 to 15") {
		t.Errorf("%s:\n%s", res.Status, page)
	}
	if strings.Contains(page, root) {
		t.Errorf("the error page names %s", root)
	}
	if got := res.Header.Get("Content-Security-Policy"); got != errorPageCSP {
		t.Errorf("the error page's policy: %q", got)
	}
}
