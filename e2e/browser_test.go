package e2e

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nardydocs/nardydocs/site"
	siteserve "github.com/nardydocs/nardydocs/site/serve"
)

// browser starts headless Chromium for a test of at most 90 seconds, or
// skips the test when browser tests are not enabled.
func browser(t *testing.T) context.Context {
	t.Helper()
	return browserFor(t, 90*time.Second)
}

// browserFor is browser for a test that may take up to d.
func browserFor(t *testing.T, d time.Duration) context.Context {
	t.Helper()
	if os.Getenv("NARDYDOCS_BROWSER") == "" {
		t.Skip("browser tests run with NARDYDOCS_BROWSER=1")
	}
	exe, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatalf("NARDYDOCS_BROWSER is set but chromium is not installed: %v", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		// A container's /dev/shm is often too small for Chromium's shared
		// memory, and it then exits before it starts listening.
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	// Chromium starts here, not at the test's first step, so that a start
	// that fails on a busy machine is tried again instead of failing
	// whichever test happens to run then.
	const tries = 3
	for try := 1; ; try++ {
		actx, cancel := chromedp.NewExecAllocator(context.Background(),
			append(opts, chromedp.UserDataDir(t.TempDir()))...)
		ctx, cancel2 := chromedp.NewContext(actx)
		err := chromedp.Do(ctx)
		if err == nil {
			t.Cleanup(cancel)
			t.Cleanup(cancel2)
			ctx, cancel3 := context.WithTimeout(ctx, d)
			t.Cleanup(cancel3)
			return ctx
		}
		cancel2()
		cancel()
		if try == tries {
			t.Fatalf("chromium did not start in %d tries: %v", tries, err)
		}
		t.Logf("chromium did not start (try %d of %d): %v", try, tries, err)
		time.Sleep(time.Second)
	}
}

// serveContent builds the real content and serves it.
func serveContent(t *testing.T) string {
	t.Helper()
	return serve(t, site.Options{Content: filepath.Join("..", "content")})
}

// serve serves the site built with opt in memory until the test ends.
func serve(t *testing.T, opt site.Options) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ts := httptest.NewServer(siteserve.New(ctx, opt, testWriter{t}))
	t.Cleanup(ts.Close)
	t.Cleanup(cancel) // first: the server stops building
	return ts.URL
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// screenshot saves a full-page PNG of the current page at width px when
// $NARDYDOCS_SCREENSHOTS names a directory.
func screenshot(ctx context.Context, t *testing.T, name string, width int64) {
	t.Helper()
	dir := os.Getenv("NARDYDOCS_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
	// Quality 100 is a PNG, as the names say; below it Chromium writes a JPEG.
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	keep(t, name, png)
}

// keep writes data, a screenshot or a printed page, as file name in the
// directory $NARDYDOCS_SCREENSHOTS names, when it names one.
func keep(t *testing.T, name string, data []byte) {
	t.Helper()
	dir := os.Getenv("NARDYDOCS_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// eval runs a JavaScript expression in the page and returns its value.
func eval[T any](ctx context.Context, t *testing.T, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// open navigates to url at the given width and waits for sel.
func open(ctx context.Context, t *testing.T, url string, width int64, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(width, 900),
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(sel)),
	); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
}

// TestPagesRenderInChromium opens built pages at phone and desktop widths
// and checks what a reader sees: the board diagram with its description,
// the legal-move table and the language switch, all without JavaScript.
func TestPagesRenderInChromium(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	open(ctx, t, base+"/ru/long/head.html", 1280, `figure.position svg`)
	svgCount := eval[int](ctx, t, `document.querySelectorAll("figure.position svg").length`)
	rows := eval[int](ctx, t, `document.querySelectorAll("figure.position .moves tbody tr").length`)
	title := eval[string](ctx, t, `document.querySelector("figure.position svg title").textContent`)
	desc := eval[string](ctx, t, `document.querySelector("figure.position svg desc").textContent`)
	other := eval[string](ctx, t, `document.querySelector('nav.langs a[hreflang="uk"]').getAttribute("href")`)
	if svgCount == 0 || rows == 0 {
		t.Errorf("ru/long/head.html shows %d diagrams and %d move rows; want some of each", svgCount, rows)
	}
	if !strings.Contains(title, "длинные нарды") {
		t.Errorf("diagram title %q does not name the game", title)
	}
	if !strings.Contains(desc, "Белые:") || !strings.Contains(desc, "Чёрные:") {
		t.Errorf("diagram description %q does not describe both sides", desc)
	}
	if other != "../../uk/long/head.html" {
		t.Errorf("language switch points to %q", other)
	}
	screenshot(ctx, t, "ru-long-head-desktop.png", 1280)
	screenshot(ctx, t, "ru-long-head-phone.png", 390)

	// The board must fit a phone screen: no horizontal scrolling.
	open(ctx, t, base+"/uk/short/hitting.html", 390, `figure.position svg`)
	scrollW := eval[int](ctx, t, `document.documentElement.scrollWidth`)
	clientW := eval[int](ctx, t, `document.documentElement.clientWidth`)
	if scrollW > clientW {
		t.Errorf("uk/short/hitting.html scrolls sideways on a phone: %d > %d px", scrollW, clientW)
	}
	screenshot(ctx, t, "uk-short-hitting-phone.png", 390)
}
