package e2e

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/nardydocs/nardydocs/site"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// gamePages are the game pages of the site built from content/.
var gamePages = []string{"ru/long/play.html", "ru/short/play.html", "uk/long/play.html", "uk/short/play.html"}

// TestGamePageNoJS opens each game page with JavaScript off, on
// a phone (390 px) and on a screen (1280 px): the page says, in its
// language, that the game needs JavaScript and WebAssembly and links to
// the game's rules; it shows the start position; every control is
// disabled; the rules a refusal links are listed; nothing scrolls
// sideways; the buttons are large enough to tap; axe-core finds nothing
// serious (audited with scripts on). On paper it prints the board and
// the rules, not the setup.
func TestGamePageNoJS(t *testing.T) {
	ctx := browserFor(t, 5*time.Minute)
	// The site with the checker's pages, without the modules: the game
	// pages load nothing.
	base := serve(t, site.Options{Content: filepath.Join("..", "content"), Checker: true, Files: map[string][]byte{}})
	script := axeScript(t)
	scripts := func(off bool) {
		t.Helper()
		set := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: off})
			return err
		})
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), set); err != nil {
			t.Fatal(err)
		}
	}
	scripts(true)
	for _, name := range gamePages {
		l := i18n.Lang(name[:2])
		for _, width := range []int64{390, 1280} {
			what := name + " at " + strconv.Itoa(int(width)) + " px"
			open(ctx, t, base+"/"+name, width, `.game-nojs`)
			if got := eval[string](ctx, t, `document.querySelector(".game-nojs").innerText`); !strings.Contains(got, "JavaScript") || !strings.Contains(got, "WebAssembly") || !strings.Contains(got, l.T("gp.nojs.read")) {
				t.Errorf("%s: the notice says %q", what, got)
			}
			if got := eval[[]string](ctx, t, `[...document.querySelectorAll(".game-nojs a")].map(a => a.getAttribute("href"))`); strings.Join(got, " ") != "index.html quick-start.html" {
				t.Errorf("%s: the notice links %q, want the game's index page and quick start", what, got)
			}
			if live := eval[string](ctx, t, `[...document.querySelectorAll("input, button, textarea, select")].filter(e => !e.disabled && !e.closest("fieldset:disabled") && e.offsetParent).map(e => e.outerHTML.slice(0, 80)).join("; ")`); live != "" {
				t.Errorf("%s: controls that do nothing without JavaScript: %s", what, live)
			}
			if w := eval[float64](ctx, t, `document.querySelector(".game-board svg[data-board]").getBoundingClientRect().width`); w < float64(width)/2-40 && w < 300 {
				t.Errorf("%s: the board is %.0f px wide", what, w)
			}
			if n := eval[int](ctx, t, `document.querySelectorAll(".game-board g.nd-checkers circle, .game-board g.nd-checkers use").length`); n == 0 {
				t.Errorf("%s: the board shows no checkers", what)
			}
			if n := eval[int](ctx, t, `document.querySelectorAll(".game-rules a[data-reason]").length`); n < 12 {
				t.Errorf("%s: %d rules listed", what, n)
			}
			if small := eval[string](ctx, t, `[...document.querySelectorAll(".game button, .game select, .game-setup label")].filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).map(e => e.outerHTML.slice(0, 60)).join("; ")`); small != "" {
				t.Errorf("%s: controls less than 44 px high: %s", what, small)
			}
			if over := eval[int](ctx, t, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
				t.Errorf("%s: the page scrolls %d px sideways", what, over)
			}
			screenshot(ctx, t, strings.ReplaceAll(strings.TrimSuffix(name, ".html"), "/", "-")+"-nojs-"+strconv.Itoa(int(width))+".png", width)
		}
		// On paper: the board and the rules' words, not the setup nor
		// the notice.
		pages := printPDF(ctx, t, strings.ReplaceAll(name, "/", "-")+".pdf")
		all := strings.Join(pages, "")
		for _, want := range []string{l.T("gp.title." + name[3:strings.LastIndex(name, "/")]), l.T("gp.rule.no-move"), l.T("gp.rules.title")} {
			if !strings.Contains(all, squash(want)) {
				t.Errorf("%s printed: no %q", name, want)
			}
		}
		for _, not := range []string{l.T("gp.new"), l.T("gp.roll"), "WebAssembly"} {
			if strings.Contains(all, squash(not)) {
				t.Errorf("%s printed: %q is on paper", name, not)
			}
		}
		if len(pages) > 2 {
			t.Errorf("%s prints on %d pages", name, len(pages))
		}
	}
	// axe-core is a script: the pages audited with scripts on (this
	// site is served without the modules: the game cannot start, and the
	// page says so).
	scripts(false)
	for _, name := range gamePages {
		for _, width := range []int64{390, 1280} {
			open(ctx, t, base+"/"+name, width, `.game-board svg[data-board]`)
			audit(ctx, t, script, name+" at "+strconv.Itoa(int(width))+" px")
		}
	}
}
