package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDrawingsHideNothing looks at the boards as a reader does, at a
// phone's width with touch and on a desktop: on the 6-6 of the middle
// game, with four forbidden moves drawn, every part of both dice is seen
// (no arrow lies over it) and no arrow covers a count; a checker on the
// bar is as large as those on the points, drawn and redrawn; touching the
// middle of a long-nardy board says nothing about a bar, which long nardy
// has not; and a before/after figure played keeps its roles, its first
// board saying it shows the reader's play.
func TestDrawingsHideNothing(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	for _, width := range []int64{1280, 390} { // the desktop first: touch emulation, once on, stays
		finger := width == 390
		emulate := chromedp.EmulateViewport(width, 900)
		if finger {
			emulate = chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := chromedp.Do(ctx, emulate, chromedp.Navigate(base+"/ru/long/head.html"), chromedp.WaitVisible(chromedp.CSS(`svg.nardy-board`))); err != nil {
			t.Fatal(err)
		}
		// The 6-6: whatever is at each point of a die's face on screen
		// is the die, not an arrow.
		const mid = "Lw66:24x11,19x2,18x2:12x11,11x2,9x2"
		f := fig(mid)
		hidden := eval[[]string](ctx, t, `(() => {
			const svg = document.querySelector('`+f+` svg.nardy-board');
			svg.scrollIntoView({block: "center"});
			const out = [];
			for (const die of svg.querySelectorAll(".nd-die")) {
				const r = die.getBoundingClientRect();
				for (let i = 1; i < 6; i++) for (let j = 1; j < 6; j++) {
					const at = document.elementFromPoint(r.x + r.width * i / 6, r.y + r.height * j / 6);
					if (at && at.closest(".nd-arrows")) out.push(i + "," + j);
				}
			}
			for (const c of svg.querySelectorAll(".nd-count")) {
				const r = c.getBoundingClientRect();
				const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
				if (at && at.closest(".nd-arrows")) out.push("count " + c.textContent);
			}
			return out;
		})()`)
		if len(hidden) > 0 {
			t.Errorf("%d px: on the 6-6, arrows lie over the dice or a count at %v", width, hidden)
		}
		if n := eval[int](ctx, t, `document.querySelectorAll('`+f+` svg.nardy-board .nd-illegal path').length`); n != 4 {
			t.Errorf("%d px: the 6-6 draws %d forbidden moves, want 4", width, n)
		}
		if width == 390 {
			screenshot(ctx, t, "ru-head-66-phone.png", 390)
		}
		// Long nardy has no bar: the middle of its board is no place.
		g := fig("Lw44:24x15:12x15")
		ready(ctx, t, g)
		before := eval[string](ctx, t, `document.querySelector('`+g+` .board-status').textContent`)
		touch(ctx, t, g, "bar", finger)
		if got := eval[string](ctx, t, `document.querySelector('`+g+` .board-status').textContent`); got != before || strings.Contains(got, "бар") {
			t.Errorf("%d px: touching the middle of a long-nardy board says %q", width, got)
		}
		if n := eval[int](ctx, t, `document.querySelectorAll('`+g+` [data-point="bar"]').length`); n != 0 {
			t.Errorf("%d px: a long-nardy board has a bar to touch", width)
		}

		// A checker on the bar is as large as one on a point.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/ru/short/bear-off.html"), chromedp.WaitVisible(chromedp.CSS(`svg[data-board]`))); err != nil {
			t.Fatal(err)
		}
		b := fig("Sw65:bar,6x3,5x2,3x3,2x2,1:24x2,23x2,22x3,21x3,19x4,4")
		radii := `[...document.querySelectorAll('` + b + ` g.nd-checkers circle')].filter(c => c.closest(".nd-ck")).map(c => c.getBoundingClientRect().width)`
		check := func(when string) {
			t.Helper()
			r := eval[[]float64](ctx, t, radii)
			for _, w := range r[1:] {
				if w < r[0]-0.5 || w > r[0]+0.5 {
					t.Errorf("%d px, %s: checkers drawn %v CSS px wide; want all alike", width, when, r)
					return
				}
			}
		}
		check("as drawn")
		ready(ctx, t, b)
		touch(ctx, t, b, "bar", finger)
		touch(ctx, t, b, "20", finger)
		says(ctx, t, b, "Сыграно: bar/20.")
		check("redrawn")

		// A before/after figure: the first board, played, says it shows
		// the reader's play; taken back, it is "До хода" again; the
		// second keeps showing the text's play.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/ru/short/hitting.html"), chromedp.WaitVisible(chromedp.CSS(`.before-after svg[data-board]`))); err != nil {
			t.Fatal(err)
		}
		ba := `figure:has(.before-after)`
		labels := `[...document.querySelectorAll('` + ba + ` .board-label')].map(l => l.textContent)`
		if got := eval[[]string](ctx, t, labels); len(got) != 2 || got[0] != "До хода" || got[1] != "После хода 24/23/18*" {
			t.Fatalf("%d px: the labels read %q", width, got)
		}
		ready(ctx, t, ba)
		touch(ctx, t, ba, "13", finger)
		says(ctx, t, ba, "Выбрана шашка на пункте 13")
		touch(ctx, t, ba, "8", finger)
		says(ctx, t, ba, "Сыграно: 13/8.")
		if got := eval[[]string](ctx, t, labels); got[0] != "После вашего хода 13/8" || got[1] != "После хода 24/23/18*" {
			t.Errorf("%d px: played, the labels read %q", width, got)
		}
		if width == 390 {
			screenshot(ctx, t, "ru-before-after-played-phone.png", 390)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(ba+` button[data-act=reset]`))); err != nil {
			t.Fatal(err)
		}
		says(ctx, t, ba, "Позиция расставлена заново.")
		if got := eval[[]string](ctx, t, labels); got[0] != "До хода" {
			t.Errorf("%d px: after Reset the first label reads %q", width, got[0])
		}
	}
}
