package e2e

import (
	"context"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TestNoJavaScriptNoDeadControls opens every page of a site built with the
// checker, with JavaScript off: no page offers a control that does
// nothing (every input and button is disabled), and each checker says
// why it is not available.
func TestNoJavaScriptNoDeadControls(t *testing.T) {
	ctx := browserFor(t, 10*time.Minute)
	base := serveWithChecker(t)
	noScript := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), noScript); err != nil {
		t.Fatal(err)
	}
	forms := 0
	for _, name := range builtPages(t) {
		open(ctx, t, base+"/"+name, 1280, `body`)
		if live := eval[string](ctx, t, `[...document.querySelectorAll("input, button, textarea, select")].filter(e => !e.disabled && !e.closest("fieldset:disabled")).map(e => e.outerHTML.slice(0, 80)).join("; ")`); live != "" {
			t.Errorf("%s: controls that do nothing without JavaScript: %s", name, live)
		}
		n := eval[int](ctx, t, `document.querySelectorAll("form.checker").length`)
		said := eval[int](ctx, t, `[...document.querySelectorAll("form.checker .checker-note")].filter(p => p.offsetParent && p.textContent.trim() !== "").length`)
		if said != n {
			t.Errorf("%s: %d checker forms, %d saying why they are not available", name, n, said)
		}
		forms += n
	}
	if forms < 20 {
		t.Errorf("only %d checker forms on the whole site", forms)
	}
}

// TestCheckerOpenedFromFile builds the real content with the checker into
// a directory and opens its pages from disk, as a teacher who copied the
// site might: the checker cannot load its module from a file:// URL, so
// every checker form says so, in the page's language (the note's
// data-file text, not the no-JavaScript one), and keeps its controls
// disabled.
func TestCheckerOpenedFromFile(t *testing.T) {
	ctx := browser(t)
	modules, err := wasm.Get(context.Background(), wasm.Options{Source: ".."})
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.Build(t.Context(), site.Options{Content: filepath.Join("..", "content"), Checker: true, Files: modules})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"ru/long/head.html", "uk/short/hitting.html", "ru/checker.html", "uk/checker.html"} {
		t.Run(strings.TrimSuffix(strings.ReplaceAll(page, "/", "-"), ".html"), func(t *testing.T) {
			l := i18n.Lang(page[:2])
			want := l.T("checker.file")
			u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, page))}).String()
			open(ctx, t, u, 1280, `form.checker`)
			if p := eval[string](ctx, t, `location.protocol`); p != "file:" {
				t.Fatalf("opened over %q", p)
			}
			// The loader runs after the page is parsed; once it has, no
			// note says what it says without JavaScript.
			if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`[...document.querySelectorAll("form.checker .checker-note")].every(n => n.textContent === n.dataset.file)`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
				notes := eval[[]string](ctx, t, `[...document.querySelectorAll("form.checker .checker-note")].map(n => n.textContent)`)
				t.Fatalf("the checker notes do not say the page was opened from a file: %q (%v)", notes, err)
			}
			n := eval[int](ctx, t, `document.querySelectorAll("form.checker").length`)
			if n == 0 {
				t.Fatal("no checker form")
			}
			said := eval[[]string](ctx, t, `[...document.querySelectorAll("form.checker .checker-note")].filter(n => n.offsetParent && !n.hidden).map(n => n.textContent)`)
			if len(said) != n {
				t.Errorf("%d checker forms, %d notes shown", n, len(said))
			}
			for _, text := range said {
				if text != want {
					t.Errorf("the note says %q; want %q", text, want)
				}
			}
			if live := eval[string](ctx, t, `[...document.querySelectorAll("form.checker input, form.checker button, form.checker textarea, form.checker select")].filter(e => !e.disabled && !e.closest("fieldset:disabled")).map(e => e.outerHTML.slice(0, 80)).join("; ")`); live != "" {
				t.Errorf("controls enabled though the checker cannot run: %s", live)
			}
			if eval[bool](ctx, t, `document.documentElement.classList.contains("checker-ready")`) {
				t.Error("the page says the checker is ready")
			}
		})
	}
}
