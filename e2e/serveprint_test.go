package e2e

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/nardydocs/nardydocs/site"
	siteserve "github.com/nardydocs/nardydocs/site/serve"
)

// TestServePagePrints opens a page from the development server as
// `chromium --headless --print-to-pdf --virtual-time-budget=5000` does:
// the page's clock runs only while no request of the page is pending,
// and the page is printed when it has run 5 seconds. The live reload
// must let the page go idle (a stream held open stops the clock for
// ever); the page then prints to PDF, and the PDF holds the page.
func TestServePagePrints(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	url := base + "/ru/long/head.html"
	budget := 5000.0
	idle, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	_, err := chromedp.Run(idle, chromedp.WaitEvent(emulation.VirtualTimeBudgetExpired, nil, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		// The clock starts with the page's document, as the reader's
		// browser gets it.
		if _, err := cdp.Call(ctx, tg, page.Navigate, page.NavigateParams{URL: url}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, emulation.SetVirtualTimePolicy, emulation.SetVirtualTimePolicyParams{Policy: emulation.VirtualTimePolicyPauseIfNetworkFetchesPending, Budget: &budget})
		return err
	})))
	if err != nil {
		t.Fatalf("%s from serve never went idle (the page's clock did not run %.0f ms): %v", url, budget, err)
	}
	if state := eval[string](ctx, t, `document.readyState`); state != "complete" {
		t.Fatalf("%s from serve went idle %s", url, state)
	}
	if n := eval[int](ctx, t, `document.querySelectorAll('script[src="/_nardydocs/reload.js"]').length`); n != 1 {
		t.Fatalf("the page from serve has %d live-reload scripts, want 1", n)
	}
	pages := printPDF(ctx, t, "serve-ru-long-head.pdf")
	title := squash(eval[string](ctx, t, `document.querySelector("main h1").textContent`))
	if len(pages) < 2 || !strings.Contains(pages[0], title) {
		t.Errorf("the printed page from serve has %d sheets; the first does not show the title %q: %.200q", len(pages), title, pages)
	}
}

// TestServePageReloads: a page open from the development server reloads
// when a page of the content changes, and shows the new text.
func TestServePageReloads(t *testing.T) {
	ctx := browser(t)
	content := filepath.Join(t.TempDir(), "content")
	page := func(l, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(content, l), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(content, l, "index.md"), []byte("---\ntitle: T\n---\n"+text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page("ru", "первая версия")
	page("uk", "перша версія")
	sctx, cancel := context.WithCancel(t.Context())
	srv := siteserve.New(sctx, site.Options{Content: content}, testWriter{t})
	watching := make(chan error, 1)
	go func() { watching <- srv.Watch(sctx) }()
	defer func() {
		cancel()
		if err := <-watching; err != nil {
			t.Errorf("watching: %v", err)
		}
	}()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	open(ctx, t, ts.URL+"/ru/index.html", 1280, `main`)
	eval[bool](ctx, t, `window.sameDocument = true`)
	// The page changes (again, until the watcher, which starts on its
	// own, has seen it and the page has reloaded).
	for range 60 {
		page("ru", "вторая версия")
		if eval[bool](ctx, t, `!window.sameDocument && document.readyState === "complete" && document.querySelector("main").textContent.includes("вторая версия")`) {
			return
		}
		if err := chromedp.Do(ctx, chromedp.Sleep(500*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("the page did not reload with the new text: %q", eval[string](ctx, t, `document.querySelector("main").textContent`))
}
