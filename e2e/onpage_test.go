package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestGlossaryOnAPhone reads the glossary 390 px wide, as a phone shows
// it, with JavaScript turned off: the
// first definition starts on the first screen, the rest of the list of
// sections unfolds, a letter of the letter line leads to the first word
// of that letter, and a section's link to the top goes back to the top.
func TestGlossaryOnAPhone(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ page, top, fold string }{
		{"ru/glossary.html", "Наверх", "Ещё"},
		{"uk/glossary.html", "Угору", "Ще"},
	} {
		open(ctx, t, base+"/"+tc.page, 390, `main h1`)
		screenshot(ctx, t, tc.page[:2]+"-glossary-phone.png", 390)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
			t.Fatal(err)
		}
		// The first definition's heading is on the first screen.
		top := eval[float64](ctx, t, `document.querySelector("main article > h2").getBoundingClientRect().top + scrollY`)
		if top > 844 {
			t.Errorf("%s: the first definition starts %.0f px down, below the first screen (844 px)", tc.page, top)
		}
		t.Logf("%s: the first definition starts %.0f px down", tc.page, top)
		// The rest of the list is folded, and unfolds.
		shown := eval[int](ctx, t, `document.querySelectorAll("nav.on-page > ul > li").length`)
		folded := eval[int](ctx, t, `document.querySelectorAll("nav.on-page details.more li").length`)
		sections := eval[int](ctx, t, `document.querySelectorAll("main article > h2").length`)
		if shown+folded != sections || shown > 7 || folded == 0 {
			t.Errorf("%s: %d sections listed, %d more folded, of %d", tc.page, shown, folded, sections)
		}
		if eval[bool](ctx, t, `document.querySelector("nav.on-page details.more").open || document.querySelector("nav.on-page details.more li a").checkVisibility()`) {
			t.Errorf("%s: the folded sections are shown before the fold is opened", tc.page)
		}
		if s := eval[string](ctx, t, `document.querySelector("nav.on-page details.more summary").textContent`); len(s) < len(tc.fold) || s[:len(tc.fold)] != tc.fold {
			t.Errorf("%s: the fold says %q", tc.page, s)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav.on-page details.more summary`))); err != nil {
			t.Fatal(err)
		}
		if !eval[bool](ctx, t, `document.querySelector("nav.on-page details.more li a").checkVisibility()`) {
			t.Errorf("%s: the fold opened shows no section", tc.page)
		}
		// Each letter is a target a finger can hit and leads to the first
		// word of its letter.
		letters := eval[[]string](ctx, t, `[...document.querySelectorAll("nav.on-page .letters a")].map(a => a.textContent)`)
		if len(letters) < 10 {
			t.Fatalf("%s: letter line %q", tc.page, letters)
		}
		if small := eval[int](ctx, t, `[...document.querySelectorAll("nav.on-page .letters a")].filter(a => { const r = a.getBoundingClientRect(); return r.width < 24 || r.height < 24; }).length`); small > 0 {
			t.Errorf("%s: %d letters are smaller than 24×24 px", tc.page, small)
		}
		want := eval[string](ctx, t, `[...document.querySelectorAll("main article > h2")].find(h => h.textContent.trim().toUpperCase().startsWith("М")).id`)
		eval[bool](ctx, t, `([...document.querySelectorAll("nav.on-page .letters a")].find(a => a.textContent === "М").classList.add("tapped"), true)`)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav.on-page .letters a.tapped`))); err != nil {
			t.Fatal(err)
		}
		if got := eval[string](ctx, t, `decodeURIComponent(location.hash.slice(1))`); got != want {
			t.Errorf("%s: the letter М leads to #%s, want #%s", tc.page, got, want)
		}
		if top := eval[float64](ctx, t, `document.getElementById(decodeURIComponent(location.hash.slice(1))).getBoundingClientRect().top`); top < -1 || top > 100 {
			t.Errorf("%s: after the letter М its first word is %.0f px from the screen's top", tc.page, top)
		}
		// The link at the end of a section goes back to the top.
		links := eval[[]string](ctx, t, `[...document.querySelectorAll("main p.to-top a")].map(a => a.textContent)`)
		if len(links) != sections {
			t.Errorf("%s: %d links to the top for %d sections", tc.page, len(links), sections)
		}
		if len(links) > 0 && links[0] != tc.top {
			t.Errorf("%s: the link to the top says %q, want %q", tc.page, links[0], tc.top)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`main p.to-top:last-of-type a`))); err != nil {
			t.Fatal(err)
		}
		if y := eval[float64](ctx, t, `scrollY`); y != 0 {
			t.Errorf("%s: after the link to the top the page is scrolled %.0f px", tc.page, y)
		}
	}
}
