package serve

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/nardydocs/nardydocs/site"
)

// archiveFS returns the content of a txtar fixture of package site.
func archiveFS(t *testing.T, archive string) (fstest.MapFS, map[string]string) {
	t.Helper()
	a, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	files, other := fstest.MapFS{}, map[string]string{}
	for _, f := range a.Files {
		if name, ok := strings.CutPrefix(f.Name, "content/"); ok {
			files[name] = &fstest.MapFile{Data: f.Data, Mode: 0o644}
		} else {
			other[f.Name] = string(f.Data)
		}
	}
	return files, other
}

// localRequest is a GET request for target on localhost.
func localRequest(target string) *http.Request {
	req := httptest.NewRequest("GET", target, nil)
	req.Host = "localhost"
	return req
}

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
	files, _ := archiveFS(t, "../testdata/basic.txtar")
	srv := New(t.Context(), site.Options{Content: "content", FS: files}, io.Discard)

	res := get(srv, "GET", "localhost:8080", "/ru/long/head.html")
	if res.StatusCode != 200 {
		t.Fatalf("a page: %s", res.Status)
	}
	for name, want := range map[string]string{
		"Content-Security-Policy": site.CSP,
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
	srv := New(t.Context(), site.Options{Content: content}, io.Discard)
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

// TestServeCaching: files carry an ETag, are gzipped for a browser that
// takes it, and a request with the ETag gets 304.
func TestServeCaching(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "../testdata/basic.txtar")
	srv := New(t.Context(), site.Options{Content: "content", FS: files, Files: map[string][]byte{"m.wasm": []byte("plain"), "m.wasm.gz": []byte("precompressed")}}, io.Discard)
	req := localRequest("/ru/long/head.html")
	req.Header.Set("Accept-Encoding", "br, gzip;q=0.8")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	res := rec.Result()
	etag := res.Header.Get("ETag")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || etag == "" {
		t.Fatalf("%s, encoding %q, etag %q", res.Status, res.Header.Get("Content-Encoding"), etag)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(zr)
	if !strings.Contains(string(page), "<h2 id=\"первый-ход\">") || !strings.Contains(string(page), `<script src="/_nardydocs/reload.js" data-build="1"></script>`) {
		t.Errorf("the gzipped page: %.300s", page)
	}
	req = localRequest("/ru/long/head.html")
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("with its ETag: %d, %d bytes", rec.Code, rec.Body.Len())
	}
	// A module's precompressed form is served as it is.
	req = localRequest("/m.wasm")
	req.Header.Set("Accept-Encoding", "gzip")
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Body.String() != "precompressed" || rec.Header().Get("Content-Type") != "application/wasm" {
		t.Errorf("m.wasm: %q as %q", rec.Body.String(), rec.Header().Get("Content-Type"))
	}
	// Without gzip, as it is.
	if res := get(srv, "GET", "localhost", "/m.wasm"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("m.wasm gzipped for a browser that does not take it")
	}
	// The live-reload script is the server's, not the site's.
	if res := get(srv, "GET", "localhost", "/_nardydocs/reload.js"); res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Errorf("reload.js: %s %q", res.Status, res.Header.Get("Content-Type"))
	}
}

// TestServeReloads: a change to a page rebuilds the site, and a page open
// in a browser hears of it.
func TestServeReloads(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	content := filepath.Join(root, "content")
	page := func(l, text string) {
		os.MkdirAll(filepath.Join(content, l), 0o755)
		if err := os.WriteFile(filepath.Join(content, l, "index.md"), []byte("---\ntitle: T\n---\n"+text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page("ru", "первая версия")
	page("uk", "перша версія")
	srv := New(t.Context(), site.Options{Content: content}, io.Discard)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	watching := make(chan error, 1)
	go func() { watching <- srv.Watch(ctx) }()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	// The build the pages say they come from, and the one the server
	// says it has: the same until the content changes.
	build := func() string {
		t.Helper()
		res, err := http.Get(ts.URL + "/_nardydocs/build")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("build: %s, Cache-Control %q", res.Status, res.Header.Get("Cache-Control"))
		}
		return string(b)
	}
	if b := build(); b != "1" {
		t.Fatalf("the first build is %q", b)
	}
	// The page changes (again, until the watcher, which starts on its
	// own, has seen it).
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	page("ru", "вторая версия")
wait:
	for {
		select {
		case <-tick.C:
			if build() != "1" {
				break wait
			}
			page("ru", "вторая версия")
		case <-deadline:
			t.Fatal("the build number did not change after a page changed")
		}
	}
	res := get(srv, "GET", "localhost", "/ru/index.html")
	body, _ := io.ReadAll(res.Body)
	if !strings.Contains(string(body), "вторая версия") || !strings.Contains(string(body), `data-build="`+build()+`"`) {
		t.Errorf("the page was not rebuilt: %.200s", body)
	}
	cancel()
	if err := <-watching; err != nil {
		t.Errorf("watching: %v", err)
	}
}

// TestServeUnderSubPath: a site published under a sub-path (base-url) is
// served there, as its host will serve it: its pages, assets and 404 page
// answer under the path, the host's root leads to it.
func TestServeUnderSubPath(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "../testdata/basic.txtar")
	srv := New(t.Context(), site.Options{Content: "content", FS: files, BaseURL: "https://example.org/rules/"}, io.Discard)
	for _, c := range []struct {
		target   string
		status   int
		location string
	}{
		{"/rules/ru/long/head.html", 200, ""},
		{"/rules/style.css", 200, ""},
		{"/rules/", 200, ""},
		{"/", 302, "/rules/"},
		{"/rules", 302, "/rules/"},
		{"/rules/ru", 301, "/rules/ru/"},
		{"/rules/nowhere.html", 404, ""},
		{"/ru/long/head.html", 404, ""}, // outside the site's path
	} {
		res := get(srv, "GET", "localhost", c.target)
		if res.StatusCode != c.status || res.Header.Get("Location") != c.location {
			t.Errorf("%s: %s, Location %q; want %d, %q", c.target, res.Status, res.Header.Get("Location"), c.status, c.location)
		}
		if c.status == 404 {
			body, _ := io.ReadAll(res.Body)
			if !strings.Contains(string(body), `href="/rules/style.css"`) {
				t.Errorf("%s: the 404 page does not link its style sheet under the path", c.target)
			}
		}
	}
}
