package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTypedMovesSaidOnTheBoard types moves into a figure's form, at a
// phone's width with touch and on a desktop: the verdict is said in one
// place, the board's status line (role=status), not in the "Ваш ход:"
// slot of the play made on the board; a text that is no move is shown
// where it goes wrong, the character quoted with its column; a roll typed
// for a move is said to be one; and the board, touched after, speaks in
// the same place again.
func TestTypedMovesSaidOnTheBoard(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	const code = "Lw53:24x12,18x3:12x12,10x3"
	f := fig(code)
	form := `form.checker[data-code="` + code + `"]`
	for _, width := range []int64{1280, 390} { // the desktop first: touch emulation, once on, stays
		emulate := chromedp.EmulateViewport(width, 900)
		if width == 390 {
			emulate = chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := chromedp.Do(ctx, emulate, chromedp.Navigate(base+"/ru/long/moving.html"), chromedp.WaitVisible(chromedp.CSS(form))); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ move, want string }{
			{"24 19 18 15", "Не удалось прочитать ход: знак 3 — пробел, а после «24» нужна «/» и пункт, куда идёт шашка. Записывайте ходы так: «24/18 13/7», «bar/22», «6/off»."},
			{"5-3", "«5-3» — это бросок, а ход пишется так: 24/18, с какого пункта на какой идёт шашка."},
			{"24/19 18/1x", "Не удалось прочитать ход: знак 11 — «x». Записывайте ходы так: «24/18 13/7», «bar/22», «6/off»."},
			{"24/19 18/15", "Ход разрешён: 24/19 18/15."},
		} {
			if got := try(ctx, t, code, c.move); got != c.want {
				t.Errorf("%d px, %q: the board says %q, want %q", width, c.move, got, c.want)
			}
			if got := eval[string](ctx, t, `document.querySelector('`+f+` [role=status]').className`); got != "board-status" {
				t.Fatalf("%d px: the verdict is not in the board's status line (%q)", width, got)
			}
			if got := eval[string](ctx, t, `document.querySelector('`+form+` .board-moves').textContent + "|" + document.querySelector('`+form+` output[for]').textContent`); got != "|" {
				t.Errorf("%d px, %q: the verdict is said elsewhere too: the play slot and the form's output read %q", width, c.move, got)
			}
			if c.move == "5-3" && width == 390 {
				if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(f+` .board-status`))); err != nil {
					t.Fatal(err)
				}
				screenshot(ctx, t, "ru-typed-roll-phone.png", 390)
			}
		}
		// The board, touched, speaks where the typed verdict was.
		touch(ctx, t, f, "24", width == 390)
		says(ctx, t, f, "Выбрана шашка на пункте 24")
		if got := eval[string](ctx, t, verdict(form)+`.textContent`); !strings.HasPrefix(got, "Выбрана шашка") {
			t.Errorf("%d px: after a touch the status reads %q", width, got)
		}
	}
}

// TestNothingMovesWhenTheCheckerComes: a figure's board controls take
// their place as the page loads, so that when the reader's first use
// fetches the module and the module takes over the board, the form's
// field and button stay where the reader's finger is going (at a phone's
// width, where a shift of three lines would put "Отменить шаг" under it).
func TestNothingMovesWhenTheCheckerComes(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	form := `form.checker[data-code="Lw53:24x12,18x3:12x12,10x3"]`
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(base+"/ru/long/moving.html"), chromedp.WaitVisible(chromedp.CSS(form+` input[name=move]`))); err != nil {
		t.Fatal(err)
	}
	top := `document.querySelector('` + form + ` button[type=submit]').getBoundingClientRect().top + scrollY`
	before := eval[float64](ctx, t, top)
	if eval[bool](ctx, t, `document.querySelector('`+form+` .board-play').hidden`) {
		t.Error("the board's controls are hidden until the module runs")
	}
	if !eval[bool](ctx, t, `document.querySelector('`+form+` .board-play').disabled`) {
		t.Error("the board's controls are usable before the module that plays them runs")
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(form+` input[name=move]`), "24/19"),
		chromedp.Poll[chromedp.Void](`document.documentElement.classList.contains("checker-ready")`)); err != nil {
		t.Fatal(err)
	}
	if after := eval[float64](ctx, t, top); after != before {
		t.Errorf("the button moved from %.0f px to %.0f px when the module came", before, after)
	}
	if eval[bool](ctx, t, `document.querySelector('`+form+` .board-play').disabled`) {
		t.Error("the board's controls are still disabled once the module runs")
	}
}
