package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBoardKeysFollowTheScreen moves over a short-nardy board with the
// arrow keys, Home and End, at a phone's width with touch and on a
// desktop: each key goes to the neighbouring place as the board is drawn
// (13–24 along the top from left to right, 12–1 along the bottom, the bar
// between them, White's tray at the bottom right), and Tab still goes in
// the order of play.
func TestBoardKeysFollowTheScreen(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	for _, width := range []int64{1280, 390} { // the desktop first: touch emulation, once on, stays
		emulate := chromedp.EmulateViewport(width, 900)
		if width == 390 {
			emulate = chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := chromedp.Do(ctx, emulate, chromedp.Navigate(base+"/ru/short/bear-off.html"), chromedp.WaitVisible(chromedp.CSS(`svg[data-board]`))); err != nil {
			t.Fatal(err)
		}
		f := fig("Sw65:bar,6x3,5x2,3x3,2x2,1:24x2,23x2,22x3,21x3,19x4,4")
		ready(ctx, t, f)
		touch(ctx, t, f, "bar", width == 390)
		says(ctx, t, f, "Выбрана шашка на баре")
		focusPlace(ctx, t, f, "24")
		for _, step := range []struct{ key, want, why string }{
			{kb.ArrowRight, "24", "24 ends the top row: Black's tray is not White's"},
			{kb.ArrowLeft, "23", "23 is drawn left of 24"},
			{kb.ArrowDown, "2", "2 is drawn below 23"},
			{kb.ArrowRight, "1", "1 is right of 2"},
			{kb.ArrowRight, "off", "White's tray is right of 1"},
			{kb.ArrowUp, "24", "24 is the nearest place above the tray"},
			{kb.Home, "13", "13 begins the top row"},
			{kb.ArrowDown, "12", "12 is below 13"},
			{kb.End, "off", "the tray ends the bottom row"},
			{kb.Home, "12", "12 begins it"},
			{kb.ArrowRight, "11", "11 is right of 12"},
		} {
			press(ctx, t, step.key)
			if got := focused(ctx, t); got != step.want {
				t.Fatalf("%d px: %s went to %q, want %q: %s", width, keyName(step.key), got, step.want, step.why)
			}
		}
		// Over the bar, along the row the reader came from.
		focusPlace(ctx, t, f, "18")
		for _, step := range []struct{ key, want string }{{kb.ArrowRight, "bar"}, {kb.ArrowRight, "19"}, {kb.ArrowLeft, "bar"}, {kb.ArrowLeft, "18"}} {
			press(ctx, t, step.key)
			if got := focused(ctx, t); got != step.want {
				t.Fatalf("%d px: from 18, %s went to %q, want %q", width, keyName(step.key), got, step.want)
			}
		}
		focusPlace(ctx, t, f, "7")
		for _, step := range []struct{ key, want string }{{kb.ArrowRight, "bar"}, {kb.ArrowRight, "6"}} {
			press(ctx, t, step.key)
			if got := focused(ctx, t); got != step.want {
				t.Fatalf("%d px: from 7, %s went to %q, want %q", width, keyName(step.key), got, step.want)
			}
		}
		// The arrows move the focus and nothing else: the bar's checker
		// is still the one chosen, its targets the places in the tab
		// order, which Tab follows in the order of play.
		says(ctx, t, f, "Выбрана шашка на баре")
		if got := eval[[]string](ctx, t, `[...document.querySelectorAll('`+f+` svg[data-board] [data-point][tabindex="0"]')].map(e => e.dataset.point)`); len(got) != 3 || got[0] != "bar" || got[1] != "20" || got[2] != "14" {
			t.Errorf("%d px: the places in the tab order are %v, want the bar, 20 and 14", width, got)
		}
		focusPlace(ctx, t, f, "bar")
		press(ctx, t, "\t")
		if got := focused(ctx, t); got != "20" {
			t.Errorf("%d px: Tab from the bar went to %q, want 20", width, got)
		}
		if width == 390 {
			screenshot(ctx, t, "ru-board-keys-phone.png", 390)
		}
	}
}

// ready loads the checker, as a reader's first touch of a board does
// (here one outside the board's places), and waits until the page is
// ready.
func ready(ctx context.Context, t *testing.T, figure string) {
	t.Helper()
	eval[bool](ctx, t, `document.querySelector('`+figure+` svg[data-board]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`)
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.documentElement.classList.contains("checker-ready")`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the checker did not load: %v", err)
	}
}

// focusPlace puts the keyboard's focus on a place of a figure's board.
func focusPlace(ctx context.Context, t *testing.T, figure, place string) {
	t.Helper()
	eval[bool](ctx, t, `(() => { document.querySelector('`+figure+` svg[data-board] [data-point="`+place+`"]').focus(); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.activeElement && document.activeElement.dataset && document.activeElement.dataset.point === "`+place+`"`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("the focus did not come to %s: %v", place, err)
	}
}

// press presses a key.
func press(ctx context.Context, t *testing.T, key string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
		t.Fatal(err)
	}
}

// focused returns the place that has the focus, or "" when none has.
func focused(ctx context.Context, t *testing.T) string {
	t.Helper()
	return eval[string](ctx, t, `(document.activeElement && document.activeElement.dataset && document.activeElement.dataset.point) || ""`)
}

// keyName names a key of package kb for a message.
func keyName(k string) string {
	for name, v := range map[string]string{"ArrowLeft": kb.ArrowLeft, "ArrowRight": kb.ArrowRight, "ArrowUp": kb.ArrowUp, "ArrowDown": kb.ArrowDown, "Home": kb.Home, "End": kb.End} {
		if v == k {
			return name
		}
	}
	return k
}
