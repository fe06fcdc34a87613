package e2e

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site"
)

// serveWithChecker builds the real content with the move checker and
// serves it.
func serveWithChecker(t *testing.T) string {
	t.Helper()
	modules, err := wasm.Get(context.Background(), wasm.Options{Source: ".."})
	if err != nil {
		t.Fatal(err)
	}
	return serve(t, site.Options{Content: filepath.Join("..", "content"), Checker: true, Files: modules})
}

// try types a move into the checker form whose position code is code and
// returns what the form answers.
func try(ctx context.Context, t *testing.T, code, move string) string {
	t.Helper()
	form := `form.checker[data-code="` + code + `"]`
	eval[bool](ctx, t, `(() => { const f = document.querySelector('`+form+`'); f.elements.move.value = ""; f.querySelector("output").textContent = ""; return true; })()`)
	// The form's controls are disabled until the page's script enables
	// them, which a page that has just loaded may not have done yet.
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(form+` input[name=move]`)),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+form+` input[name=move]').matches(":enabled")`),
		chromedp.SendKeys(chromedp.CSS(form+` input[name=move]`), move),
		chromedp.Click(chromedp.CSS(form+` button`)),
	); err != nil {
		t.Fatalf("typing %q into %s: %v", move, form, err)
	}
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('`+form+` output').textContent !== ""`)); err != nil {
		t.Fatalf("no verdict for %q: %v", move, err)
	}
	return eval[string](ctx, t, `document.querySelector('`+form+` output').textContent`)
}

// TestCheckerInChromium drives the move checker as a reader does: an
// illegal move on a Russian page is explained in Russian; on the
// Ukrainian page a legal move is accepted; the standalone checker redraws
// the board from an edited block.
func TestCheckerInChromium(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	const code = "Lb55:24x14,21:12x15" // after White's 2-1, Black rolls 5-5
	open(ctx, t, base+"/ru/profiles.html", 1280, `form.checker`)
	// The page fetches no WebAssembly until a reader uses a checker; its
	// forms are usable at once.
	wasmFetched := `performance.getEntriesByType("resource").filter(e => e.name.endsWith(".wasm")).length`
	if n := eval[int](ctx, t, wasmFetched); n != 0 {
		t.Errorf("%d WebAssembly modules fetched before the checker was used", n)
	}
	if eval[bool](ctx, t, `document.querySelector('form.checker fieldset').disabled`) {
		t.Error("the checker's controls are still disabled with JavaScript on")
	}
	// The first move is typed and submitted at once: it is judged when the
	// module is ready.
	eval[bool](ctx, t, `(() => { window.firstTouch = performance.now(); return true; })()`)
	got := try(ctx, t, code, "12/7 12/7")
	t.Logf("first verdict %.0f ms after the reader first touched the form", eval[float64](ctx, t, `performance.now() - firstTouch`))
	if !strings.Contains(got, "Этот ход использует 2 кубика, а сыграть можно 4 кубика") {
		t.Errorf("ru, illegal 12/7 12/7: %q", got)
	}
	if n := eval[int](ctx, t, wasmFetched); n != 1 {
		t.Errorf("%d WebAssembly modules fetched after the checker was used, want 1", n)
	}
	if cls := eval[string](ctx, t, `document.querySelector('form.checker[data-code="`+code+`"]').className`); !strings.Contains(cls, "illegal") {
		t.Errorf("the form is not marked illegal: class %q", cls)
	}
	// A verdict is written while the form's submit event is handled: time
	// twenty submissions (the handler reads the form, runs the engine and
	// writes the verdict).
	ms := eval[float64](ctx, t, `(() => { const f = document.querySelector('form.checker[data-code="`+code+`"]'); const t0 = performance.now(); for (let i = 0; i < 20; i++) f.requestSubmit(); return (performance.now() - t0) / 20; })()`)
	if got := eval[string](ctx, t, `document.querySelector('form.checker[data-code="`+code+`"] output').textContent`); !strings.Contains(got, "Этот ход использует") {
		t.Errorf("after the timed submissions the verdict reads %q", got)
	}
	t.Logf("a verdict takes %.2f ms", ms)
	screenshot(ctx, t, "ru-profiles-checker.png", 1280)

	// The language switch, then a legal move in Ukrainian.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`nav.langs a[hreflang="uk"]`)),
		chromedp.WaitVisible(chromedp.CSS(`form.checker`)),
	); err != nil {
		t.Fatal(err)
	}
	if got := try(ctx, t, code, "12/2 12/2"); got != "Хід дозволено: 12/2 12/2." {
		t.Errorf("uk, legal 12/2 12/2: %q", got)
	}

	// The standalone checker: edit the block, the board follows.
	open(ctx, t, base+"/uk/checker.html", 1280, `form.editor textarea`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.editor textarea`)), chromedp.WaitVisible(chromedp.CSS(`html.checker-ready`))); err != nil {
		t.Fatal(err)
	}
	block := "game: short\\nposition: start\\ndice: 3-1"
	eval[bool](ctx, t, `(() => { const ta = document.querySelector("form.editor textarea"); ta.value = "`+block+`"; ta.dispatchEvent(new Event("input")); return true; })()`)
	// The board is redrawn once the reader pauses typing.
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelector("form.editor .board svg desc").textContent.includes("3-1")`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("the board was not redrawn: %v", err)
	}
	desc := eval[string](ctx, t, `document.querySelector("form.editor .board svg desc").textContent`)
	if !strings.Contains(desc, "на пункті 19") || !strings.Contains(desc, "3-1") {
		t.Errorf("the board was not redrawn for the edited block: desc %q", desc)
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`form.editor input[name=move]`), "8/5 6/5"),
		chromedp.Click(chromedp.CSS(`form.editor button`)),
		chromedp.Poll[chromedp.Void](`document.querySelector("form.editor output").textContent !== ""`),
	); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](ctx, t, `document.querySelector("form.editor output").textContent`); got != "Хід дозволено: 8/5 6/5." {
		t.Errorf("standalone checker: %q", got)
	}
	if n := eval[int](ctx, t, `document.querySelectorAll("form.editor ol.legal-plays li").length`); n != 16 {
		t.Errorf("the standalone checker lists %d legal plays for 3-1 at the start; gnubg counts 16", n)
	}
	screenshot(ctx, t, "uk-checker.png", 1280)
}
