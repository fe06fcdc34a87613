package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// viewports are the two screens the board is tried on: a desktop with a
// mouse, then a phone with touch (touch emulation, once on, stays).
var viewports = []struct {
	name   string
	finger bool
	emu    chromedp.Action[chromedp.Void]
}{
	{"1280 px", false, chromedp.EmulateViewport(1280, 900)},
	{"390 px touch", true, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)},
}

// answered waits until the status line of figure says something other
// than that the checker is loading, and returns it.
func answered(ctx context.Context, t *testing.T, figure string) string {
	t.Helper()
	s := `document.querySelector('` + figure + ` .board-status')`
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`(s => s.textContent !== "" && s.textContent !== s.dataset.loading)(`+s+`)`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("%s: the board did not answer a touch: %v (it says %q)", figure, err, eval[string](ctx, t, s+`.textContent`))
	}
	return eval[string](ctx, t, s+`.textContent`)
}

// TestVerdictWhereTheReaderLooks touches every playable board of the
// site, at 1280 px with the mouse and at 390 px with a finger, the board
// centred on the screen as a reader holds it: each time the board's
// status line is on the screen. Before that, on every figure with an
// exercise, the task is seen and no part of the answer is (the author's
// caption, the table of plays, the illegal play's box, the statistics,
// the cross of a forbidden play on the board) until the reader opens
// "Показать ответ".
func TestVerdictWhereTheReaderLooks(t *testing.T) {
	ctx := browserFor(t, 20*time.Minute)
	base := serveWithChecker(t)
	pages := builtPages(t)
	for _, vp := range viewports {
		boards, exercises := 0, 0
		lowest, lowestAt := 0.0, ""
		for _, page := range pages {
			if strings.HasSuffix(page, "/play.html") {
				continue // a game page's board plays a game, not a figure's roll (docs/game.md)
			}
			if err := chromedp.Do(ctx, vp.emu, chromedp.Navigate(base+"/"+page), chromedp.WaitReady(chromedp.CSS(`body`))); err != nil {
				t.Fatal(err)
			}
			// Exercises, before anything is touched (a print document,
			// for paper, shows the answers beside their tasks).
			var spoilt []string
			if !strings.HasSuffix(page, "/print.html") {
				spoilt = eval[[]string](ctx, t, `[...document.querySelectorAll("figure.position:has(.board-task)")].filter(f => !f.querySelector("figcaption.board-task").checkVisibility() || !f.querySelector("details.answer:not([open])") || f.querySelector("svg .nd-illegal") || [...f.querySelectorAll("figcaption:not(.board-task), .caption, .illegal, .moves, .stats, .rolls, .replies")].some(e => e.checkVisibility())).map(f => f.id)`)
			}
			for _, id := range spoilt {
				t.Errorf("%s, %s, %s: the exercise's task is not seen, or a part of its answer is", vp.name, page, id)
			}
			exercises += eval[int](ctx, t, `document.querySelectorAll("figure.position details.answer").length`)
			ids := eval[[]string](ctx, t, `[...document.querySelectorAll("figure.position")].filter(f => f.querySelector(".board-status")).map(f => f.id)`)
			for _, id := range ids {
				f := `figure[id="` + id + `"]`
				touch(ctx, t, f, "24", vp.finger)
				answered(ctx, t, f)
				box := eval[[]float64](ctx, t, `(() => { const r = document.querySelector('`+f+` .board-status').getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right, innerHeight, innerWidth]; })()`)
				if box[1] <= 0 || box[0] >= box[4] || box[3] <= 0 || box[2] >= box[5] || box[1]-box[0] < 1 {
					t.Errorf("%s, %s, %s: after a touch the status line is off the screen: top %.0f, bottom %.0f of a %.0f px high window", vp.name, page, id, box[0], box[1], box[4])
				}
				if box[1] > lowest {
					lowest, lowestAt = box[1], page+"#"+id
				}
				boards++
			}
		}
		t.Logf("%s: %d boards touched, the status line on the screen each time (its lowest foot %.0f px down, %s); %d exercises with their answers folded", vp.name, boards, lowest, lowestAt, exercises)
		if boards < 100 || exercises < 20 {
			t.Errorf("%s: only %d boards and %d exercises on the whole site", vp.name, boards, exercises)
		}
	}
	// An answer opens when asked for.
	open(ctx, t, base+"/ru/long/head.html", 1280, `details.answer`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`details.answer > summary`))); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](ctx, t, `document.querySelector("details.answer").open && document.querySelector("details.answer .caption").checkVisibility() && document.querySelector("details.answer .illegal, details.answer .moves").checkVisibility()`) {
		t.Error(`"Показать ответ" does not show the answer with its caption`)
	}
}

// TestRefusedTouchHasItsOwnStyle touches a place the reader may not
// move from: the place is marked as refused, in a style none of the
// board's other marks has, and the status line says why in the refusal
// style; the next touch that is not refused takes both away. At 1280 px
// with the mouse and at 390 px with a finger.
func TestRefusedTouchHasItsOwnStyle(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	f := fig("Lw53:24x12,18x3:12x12,10x3")
	for _, vp := range viewports {
		if err := chromedp.Do(ctx, vp.emu, chromedp.Navigate(base+"/ru/long/moving.html"), chromedp.WaitVisible(chromedp.CSS(`svg[data-board]`))); err != nil {
			t.Fatal(err)
		}
		touch(ctx, t, f, "24", vp.finger) // loads the module, selects 24
		says(ctx, t, f, "Выбрана шашка на пункте 24")
		touch(ctx, t, f, "22", vp.finger) // no die takes 24 to 22
		says(ctx, t, f, "22")
		if got := marked(ctx, t, f, "data-refused"); len(got) != 1 || got[0] != "22" {
			t.Fatalf("%s: places marked refused: %v, want [22]", vp.name, got)
		}
		style := func(sel string) string {
			t.Helper()
			return eval[string](ctx, t, `(e => { const s = getComputedStyle(e); return [s.fill, s.fillOpacity, s.stroke, s.strokeDasharray].join(" "); })(document.querySelector('`+f+` svg[data-board] `+sel+`'))`)
		}
		refused := style(`[data-refused]`)
		// Unlike a place with no mark, and each mark of the board.
		for _, other := range []string{`[data-point]:not([data-movable], [data-selected], [data-target], [data-refused])`, `[data-selected]`, `[data-target]`, `[data-movable]`} {
			if eval[bool](ctx, t, `!document.querySelector('`+f+` svg[data-board] `+other+`')`) {
				continue
			}
			if s := style(other); s == refused {
				t.Errorf("%s: a refused place looks like a %s one: %s", vp.name, other, s)
			}
		}
		status := `document.querySelector('` + f + ` .board-status')`
		if !eval[bool](ctx, t, status+`.hasAttribute("data-refused")`) {
			t.Errorf("%s: the status line does not say the refusal in its style", vp.name)
		}
		normal := eval[string](ctx, t, `getComputedStyle(document.querySelector("main p")).color`)
		if c := eval[string](ctx, t, `getComputedStyle(`+status+`).color`); c == normal {
			t.Errorf("%s: the refusal is said in the text's colour %s", vp.name, c)
		}
		if vp.finger {
			screenshot(ctx, t, "ru-board-refused-phone.png", 390)
		}
		touch(ctx, t, f, "19", vp.finger)
		says(ctx, t, f, "Сыграно: 24/19.")
		if got := marked(ctx, t, f, "data-refused"); len(got) != 0 || eval[bool](ctx, t, status+`.hasAttribute("data-refused")`) {
			t.Errorf("%s: after a move the refusal is still marked: %v", vp.name, got)
		}
	}
}

// TestLoadingSaidAtOnce holds the checker's module back while a reader
// touches a board: the status line says, in the page's language, that
// the checker is loading, and says it in the touch's own handling (a
// listener that runs after the page's, in the same event, reads it), not
// once the module has come; when the module comes, the touched place is
// touched.
func TestLoadingSaidAtOnce(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	paused := make(chan fetch.RequestID, 4)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			select {
			case paused <- e.RequestID:
			default:
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	hold := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/checker.wasm*"}}})
		return err
	})
	for _, c := range []struct{ page, code, loading, answer string }{
		{"ru/long/moving.html", "Lw53:24x12,18x3:12x12,10x3", "Загружается проверка ходов…", "Выбрана шашка на пункте 24"},
		{"uk/long/moving.html", "Lw53:24x12,18x3:12x12,10x3", "Завантажується перевірка ходів…", "Вибрано шашку на пункті 24"},
	} {
		if err := chromedp.Do(ctx, viewports[0].emu, chromedp.Navigate("about:blank"), hold, chromedp.Navigate(base+"/"+c.page), chromedp.WaitVisible(chromedp.CSS(`svg[data-board]`))); err != nil {
			t.Fatal(err)
		}
		f := fig(c.code)
		eval[bool](ctx, t, `(() => { addEventListener("pointerdown", () => { self.saidInTouch = document.querySelector('`+f+` .board-status').textContent; }); return true; })()`)
		touch(ctx, t, f, "24", false)
		var id fetch.RequestID
		select {
		case id = <-paused:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: the touch did not fetch the checker", c.page)
		}
		if got := eval[string](ctx, t, `self.saidInTouch`); got != c.loading {
			t.Errorf("%s: in the touch's own event the status line read %q, want %q", c.page, got, c.loading)
		}
		if got := eval[string](ctx, t, `document.querySelector('`+f+` .board-status').textContent + "|" + document.documentElement.classList.contains("checker-ready")`); got != c.loading+"|false" {
			t.Errorf("%s: while the module is held back the board says %q", c.page, got)
		}
		if c.page[:2] == "ru" {
			screenshot(ctx, t, "ru-board-loading.png", 1280)
		}
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, fetch.Disable, cdp.Empty{})
			return err
		})); err != nil {
			t.Fatal(err)
		}
		says(ctx, t, f, c.answer) // the touch that loaded the module
	}
}

// TestFirstTouchToAnswer measures, on a phone 390 px wide, the time from
// a reader's first touch of a board to the board's answer (the checker's
// module fetched, compiled and run, the touch answered), with Chrome
// DevTools Protocol throttling: none, the CPU four times slower, and that
// with a 1.6 Mbit/s link of 150 ms latency. The figures are logged, not
// asserted: what is asserted is that the board says it is loading before
// it answers.
func TestFirstTouchToAnswer(t *testing.T) {
	ctx := browserFor(t, 5*time.Minute)
	base := serveWithChecker(t)
	const code = "Lw53:24x12,18x3:12x12,10x3"
	f := fig(code)
	call := func(fn func(ctx context.Context, tg *chromedp.Target) error) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Func(fn)); err != nil {
			t.Fatal(err)
		}
	}
	call(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
		return err
	})
	var figures []string
	for _, c := range []struct {
		name    string
		cpu     float64
		latency float64 // ms
		bytesPS float64 // download and upload, bytes a second; 0 for no limit
	}{
		{"local", 1, 0, 0},
		{"4× CPU", 4, 0, 0},
		{"4× CPU, 1.6 Mbit/s, 150 ms", 4, 150, 1.6e6 / 8},
	} {
		if err := chromedp.Do(ctx, viewports[1].emu, chromedp.Navigate(base+"/ru/long/moving.html"), chromedp.WaitVisible(chromedp.CSS(f+` svg[data-board]`))); err != nil {
			t.Fatal(err)
		}
		call(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: c.cpu}); err != nil {
				return err
			}
			cond := &network.Conditions{Latency: c.latency, DownloadThroughput: -1, UploadThroughput: -1}
			if c.bytesPS > 0 {
				cond.DownloadThroughput, cond.UploadThroughput = c.bytesPS, c.bytesPS
			}
			// Chromium before the protocol moved "offline" into each
			// rule wants it beside the rules, and refuses the call
			// without it; later ones read it from the rule.
			byRule := cdp.Command[map[string]any, network.EmulateNetworkConditionsByRuleResult]{Method: network.CommandEmulateNetworkConditionsByRule}
			_, err := cdp.Call(ctx, tg, byRule, map[string]any{"offline": false, "matchedNetworkConditions": []*network.Conditions{cond}})
			return err
		})
		// The touch's time, and the times the status line changes.
		eval[bool](ctx, t, `(() => { const s = document.querySelector('`+f+` .board-status'); self.said = []; addEventListener("pointerdown", e => { self.touchedAt ??= e.timeStamp; }, {capture: true}); new MutationObserver(() => self.said.push([performance.now(), s.textContent])).observe(s, {childList: true, characterData: true, subtree: true}); return true; })()`)
		touch(ctx, t, f, "24", true)
		says(ctx, t, f, "Выбрана шашка на пункте 24")
		said := eval[[][]any](ctx, t, `self.said.map(([at, text]) => [at - self.touchedAt, text])`)
		loading, answer := -1.0, -1.0
		for _, s := range said {
			at, _ := s[0].(float64)
			text, _ := s[1].(string)
			switch {
			case strings.HasPrefix(text, "Загружается") && loading < 0:
				loading = at
			case strings.HasPrefix(text, "Выбрана шашка") && answer < 0:
				answer = at
			}
		}
		if loading < 0 || answer < 0 || loading > answer {
			t.Errorf("%s: the status line said %v; want the loading message, then the answer", c.name, said)
		}
		t.Logf("%s: first touch to answer %.0f ms (the loading message after %.0f ms)", c.name, answer, loading)
		figures = append(figures, c.name+" "+strconv.FormatFloat(answer/1000, 'f', 2, 64)+" s")
	}
	call(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1})
		return err
	})
	t.Logf("first touch to answer at 390 px: %s", strings.Join(figures, "; "))
}
