package e2e

import (
	"context"
	"encoding/json"
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

// verdict is a script for the element of a form where a typed move's
// verdict is said: the status line of its board (under a figure's board,
// in the standalone checker's form), or, for a form without a board, its
// <output> for the move.
func verdict(form string) string {
	return `((f => f.querySelector(".board-play:not([hidden])") && (f.closest("figure") || f).querySelector("[role=status]"))(document.querySelector('` + form + `')) || document.querySelector('` + form + ` output[for]'))`
}

// try types a move into the checker form whose position code is code and
// returns what the form answers.
func try(ctx context.Context, t *testing.T, code, move string) string {
	t.Helper()
	form := `form.checker[data-code="` + code + `"]`
	eval[bool](ctx, t, `(() => { const f = document.querySelector('`+form+`'); f.elements.move.value = ""; `+verdict(form)+`.textContent = ""; return true; })()`)
	// The form's controls are disabled until the page's script enables
	// them, which a page that has just loaded may not have done yet.
	if err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(form+` input[name=move]`)),
		chromedp.Poll[chromedp.Void](`document.querySelector('`+form+` input[name=move]').matches(":enabled")`),
		chromedp.SendKeys(chromedp.CSS(form+` input[name=move]`), move),
		chromedp.Click(chromedp.CSS(form+` button[type=submit]`)),
	); err != nil {
		t.Fatalf("typing %q into %s: %v", move, form, err)
	}
	// Until the module runs, the board's status line may say that it is
	// loading: the verdict comes once it runs.
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.documentElement.classList.contains("checker-ready") && `+verdict(form)+`.textContent !== ""`)); err != nil {
		t.Fatalf("no verdict for %q: %v", move, err)
	}
	return eval[string](ctx, t, verdict(form)+`.textContent`)
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
	if eval[bool](ctx, t, `document.querySelector('form.checker fieldset.try').disabled`) {
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
	if got := eval[string](ctx, t, verdict(`form.checker[data-code="`+code+`"]`)+`.textContent`); !strings.Contains(got, "Этот ход использует") {
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
	typeBlock(ctx, t, "game: short\nposition: start\ndice: 3-1")
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
		chromedp.Click(chromedp.CSS(`form.editor button[type=submit]`)),
		chromedp.Poll[chromedp.Void](verdict("form.editor")+`.textContent !== ""`),
	); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](ctx, t, verdict("form.editor")+`.textContent`); got != "Хід дозволено: 8/5 6/5." {
		t.Errorf("standalone checker: %q", got)
	}
	if n := eval[int](ctx, t, `document.querySelectorAll("form.editor ol.legal-plays li").length`); n != 16 {
		t.Errorf("the standalone checker lists %d legal plays for 3-1 at the start; gnubg counts 16", n)
	}
	screenshot(ctx, t, "uk-checker.png", 1280)
}

// TestCheckerMessages types what beginners type: a move written with a
// hyphen is read; a block with several mistakes is explained line by line
// in the page's language, and the board and plays of the last good
// position are taken away until it is mended.
func TestCheckerMessages(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	open(ctx, t, base+"/ru/checker.html", 1280, `form.editor textarea`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.editor textarea`)), chromedp.WaitVisible(chromedp.CSS(`html.checker-ready`))); err != nil {
		t.Fatal(err)
	}
	typeBlock(ctx, t, "game: long\nwhite: 24x16 30\nblack: 12x15\nturn: red\ndice: 6-5")
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelectorAll("form.editor .block-status p").length > 0`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("no problems shown: %v", err)
	}
	problems := eval[[]string](ctx, t, `[...document.querySelectorAll("form.editor .block-status p")].map(p => p.textContent)`)
	want := []string{
		"Строка 2, знак 8: в «24x16» число шашек должно быть от 1 до 15.",
		"Строка 2, знак 14: пункта 30 на доске нет: пункты нумеруются от 1 до 24.",
		"Строка 4, знак 7: «red» не прочитано: напишите «white» (ход белых) или «black» (ход чёрных).",
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems shown:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if !eval[bool](ctx, t, `document.querySelector("form.editor .board").hidden`) {
		t.Error("the board of the last good position is still shown")
	}
	if n := eval[int](ctx, t, `document.querySelectorAll("form.editor ol.legal-plays li").length`); n != 0 {
		t.Errorf("%d plays of the last good position are still listed", n)
	}
	screenshot(ctx, t, "ru-checker-problems.png", 1280)
	// Mended, with a move written as some players do.
	typeBlock(ctx, t, "game: long\nposition: start\ndice: 6-5")
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`!document.querySelector("form.editor .board").hidden`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("the board did not come back: %v", err)
	}
	if ph := eval[string](ctx, t, `document.querySelector("form.editor input[name=move]").placeholder`); ph != "откуда/куда" {
		t.Errorf("placeholder %q", ph)
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`form.editor input[name=move]`), "24-18-13"),
		chromedp.Click(chromedp.CSS(`form.editor button[type=submit]`)),
		chromedp.Poll[chromedp.Void](verdict("form.editor")+`.textContent !== ""`),
	); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](ctx, t, verdict("form.editor")+`.textContent`); got != "Ход разрешён: 24/18/13." {
		t.Errorf("24-18-13: %q", got)
	}
}

// typeBlock puts a block into the standalone checker's editor, as if
// typed.
func typeBlock(ctx context.Context, t *testing.T, block string) {
	t.Helper()
	eval[bool](ctx, t, `(() => { const ta = document.querySelector("form.editor textarea"); ta.value = `+jsString(block)+`; ta.dispatchEvent(new Event("input")); return true; })()`)
}

// jsString writes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
