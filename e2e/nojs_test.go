package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
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
