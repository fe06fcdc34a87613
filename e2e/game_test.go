package e2e

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// gameReady waits for the game page's module to run.
func gameReady(ctx context.Context, t *testing.T) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`window.nardyGameReadyAt !== undefined`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the game's module did not start: %v; the status line says %q", err, eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`))
	}
}

// openGame opens a game page at width, by touch or mouse, with the
// computer's steps shown at once (?fast, docs/game.md), and waits for the
// module; fresh clears the game kept from an earlier test first.
func openGame(ctx context.Context, t *testing.T, url string, width int64, finger, fresh bool) {
	t.Helper()
	view := chromedp.EmulateViewport(width, 900)
	if finger {
		view = chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	if err := chromedp.Do(ctx, view, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`div.game svg[data-board]`))); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	if fresh {
		eval[bool](ctx, t, `(localStorage.clear(), true)`)
		if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`div.game svg[data-board]`))); err != nil {
			t.Fatal(err)
		}
	}
	gameReady(ctx, t)
}

// step is what the reader does next in a game, as the page shows it: a
// button or a place at x, y, or the game's end.
type step struct {
	X, Y   float64
	What   string
	Done   string
	Points string
	Stuck  string
}

// nextStep finds what to do: take a double, confirm a complete play,
// roll, move the chosen checker to a target the board marks, or choose a
// checker the board marks as movable.
const nextStep = `(() => {
  const g = document.querySelector("div.game"), svg = g.querySelector("svg[data-board]");
  if (svg.dataset.gameResult) return {Done: svg.dataset.gameResult, Points: svg.dataset.gamePoints};
  const on = a => { const b = g.querySelector('.game-controls button[data-action="' + a + '"]'); return b && !b.disabled && !b.hidden ? b : null; };
  const el = on("take") || on("confirm") || on("roll") || svg.querySelector("[data-point][data-target]") || svg.querySelector("[data-point][data-movable]");
  if (!el) return {Stuck: g.querySelector(".board-status").textContent};
  el.scrollIntoView({block: "center"});
  const r = el.getBoundingClientRect();
  return {X: r.x + r.width / 2, Y: r.y + r.height / 2, What: el.dataset.action || el.dataset.point};
})()`

// gameShot keeps a PNG of the page at width px when
// $NARDYDOCS_SCREENSHOTS names a directory.
func gameShot(ctx context.Context, t *testing.T, name string, width int64) {
	t.Helper()
	if os.Getenv("NARDYDOCS_SCREENSHOTS") == "" {
		return
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	keep(t, name, png)
	// The board, its status and its buttons alone, to look at closely.
	board, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`figure.game-board`)))
	if err != nil {
		t.Fatalf("screenshot of the board %s: %v", name, err)
	}
	keep(t, strings.TrimSuffix(name, ".png")+"-board.png", board)
}

// tap taps (finger) or clicks at x, y.
func tap(ctx context.Context, t *testing.T, x, y float64, finger bool) {
	t.Helper()
	act := chromedp.MouseClickXY(x, y)
	if finger {
		act = chromedp.TapXY(x, y)
	}
	if err := chromedp.Do(ctx, act); err != nil {
		t.Fatalf("tap at %.0f,%.0f: %v", x, y, err)
	}
}

// playToEnd plays the game on the page by taps or clicks until it ends,
// each time on what the board marks, and returns the end; shot, when
// set, names a screenshot taken in the middle of the game.
func playToEnd(ctx context.Context, t *testing.T, finger bool, shot string, width int64) step {
	t.Helper()
	var last []string
	for n := 0; n < 3000; n++ {
		s := eval[step](ctx, t, nextStep)
		if s.Done != "" {
			t.Logf("the game ended after %d actions: %s, %s points", n, s.Done, s.Points)
			return s
		}
		if s.Stuck != "" {
			t.Fatalf("after %d actions nothing to do; the page says %q (last actions %v)", n, s.Stuck, last)
		}
		if n == 60 && shot != "" {
			gameShot(ctx, t, shot, width)
			if finger {
				chromedp.Do(ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
			}
		}
		last = append(last[max(0, len(last)-5):], s.What)
		tap(ctx, t, s.X, s.Y, finger)
	}
	t.Fatal("the game did not end in 3000 actions")
	return step{}
}

// checkEnd checks how a game's end is shown: the board's result and
// points, the result in words, every button of a turn disabled, and the
// record listed.
func checkEnd(ctx context.Context, t *testing.T, end step, over string) {
	t.Helper()
	if !slices.Contains([]string{"white", "black", "draw"}, end.Done) {
		t.Errorf("data-game-result %q", end.Done)
	}
	if p, err := strconv.Atoi(end.Points); err != nil || p < 0 || (p == 0) != (end.Done == "draw") {
		t.Errorf("data-game-points %q for %s", end.Points, end.Done)
	}
	if got := eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`); !strings.Contains(got, over) {
		t.Errorf("the end is not announced: %q", got)
	}
	if n := eval[int](ctx, t, `document.querySelectorAll('.game-controls button[data-action]:enabled').length`); n != 0 {
		t.Errorf("%d buttons of a turn enabled after the end", n)
	}
	if n := eval[int](ctx, t, `document.querySelectorAll('ol.game-moves li').length`); n < 10 {
		t.Errorf("the record lists %d entries", n)
	}
	// A move of the record shows its position to copy: a code and a
	// block of the same position, the copy controls enabled.
	copied := eval[[]string](ctx, t, `(() => { const b = document.querySelectorAll('ol.game-moves li button')[3]; b.click(); const c = document.querySelector("#game-code"), k = document.querySelector("#game-block"); return [c.value, k.value, String(document.querySelector(".game-copy").hidden || c.disabled || k.disabled || document.querySelector('button[data-action="copy-block"]').disabled)]; })()`)
	if len(copied) != 3 || !strings.HasPrefix(copied[1], "```nardy\ngame: ") || !strings.Contains(copied[1], "position: ") || copied[0] == "" || copied[2] != "false" {
		t.Errorf("the record's fourth move shows %q", copied)
	}
	if pc := strings.SplitN(copied[0], ":", 2)[0]; len(copied) == 3 && !strings.Contains(copied[1], "position: "+pc[:2]) {
		t.Errorf("the block %q is not of the code %q", copied[1], copied[0])
	}
}

// TestGameAgainstComputer plays whole games against the computer by taps
// on a phone and clicks on a screen, in both languages and both games,
// to the result.
func TestGameAgainstComputer(t *testing.T) {
	ctx := browserFor(t, 15*time.Minute)
	base := serveWithChecker(t)
	for _, c := range []struct {
		page   string
		width  int64
		finger bool
		over   string
	}{
		{"ru/long/play.html", 390, true, "Партия окончена."},
		{"uk/short/play.html", 1280, false, "Партію закінчено."},
		{"uk/long/play.html", 1280, false, "Партію закінчено."},
		{"ru/short/play.html", 390, true, "Партия окончена."},
	} {
		name := strings.ReplaceAll(strings.TrimSuffix(c.page, ".html"), "/", "-") + "-" + strconv.Itoa(int(c.width))
		openGame(ctx, t, base+"/"+c.page+"?fast", c.width, c.finger, true)
		end := playToEnd(ctx, t, c.finger, name+"-playing.png", c.width)
		checkEnd(ctx, t, end, c.over)
		gameShot(ctx, t, name+"-over.png", c.width)
	}
}

// TestGameFriend plays games of two readers on one device, the reader
// playing both sides: long nardy by clicks at 1280 px, short nardy with
// the cube by taps at 390 px, where the first side that may doubles and
// the other takes.
func TestGameFriend(t *testing.T) {
	ctx := browserFor(t, 10*time.Minute)
	base := serveWithChecker(t)
	for _, c := range []struct {
		page, over, black, computer string
		width                       int64
		finger, cube                bool
	}{
		{"ru/long/play.html", "Партия окончена.", "Чёрные", "омпьютер", 1280, false, false},
		{"uk/short/play.html", "Партію закінчено.", "Чорні", "омп’ютер", 390, true, true},
	} {
		openGame(ctx, t, base+"/"+c.page+"?fast", c.width, c.finger, true)
		eval[bool](ctx, t, `(document.querySelector("input[name=mode][value=friend]").checked = true, true)`)
		if c.cube {
			eval[bool](ctx, t, `(document.querySelector("input[name=cube]").checked = true, true)`)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button[data-action=new]`))); err != nil {
			t.Fatal(err)
		}
		if c.cube {
			for range 40 {
				if eval[bool](ctx, t, `!document.querySelector('.game button[data-action="double"]').disabled`) {
					break
				}
				s := eval[step](ctx, t, nextStep)
				tap(ctx, t, s.X, s.Y, c.finger)
			}
			xy := eval[[]float64](ctx, t, `(() => { const b = document.querySelector('.game button[data-action="double"]'); b.scrollIntoView({block: "center"}); const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
			tap(ctx, t, xy[0], xy[1], c.finger)
			if !eval[bool](ctx, t, `!document.querySelector('.game button[data-action="take"]').disabled && !document.querySelector('.game button[data-action="pass"]').disabled`) {
				t.Fatalf("after a double the other side may not take or pass: %q", eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`))
			}
		}
		// While Black plays, the places are in Black's order for the
		// keyboard: in long nardy its far end is White's point 12.
		if !c.cube {
			found := false
			for range 40 {
				if found = eval[bool](ctx, t, `!!document.querySelector(".game svg [data-movable]") && document.querySelector(".game .board-status").textContent.startsWith("У чёрных")`); found {
					if first := eval[string](ctx, t, `document.querySelector(".game g.nd-hit [data-point]").dataset.point`); first != "12" {
						t.Errorf("Black to play: the first place for the keyboard is %s, want 12", first)
					}
					break
				}
				s := eval[step](ctx, t, nextStep)
				tap(ctx, t, s.X, s.Y, c.finger)
			}
			if !found {
				t.Error("Black never came to play in 40 actions")
			}
		}
		end := playToEnd(ctx, t, c.finger, "", c.width)
		checkEnd(ctx, t, end, c.over)
		if n := eval[int](ctx, t, `[...document.querySelectorAll('ol.game-moves li')].filter(l => l.textContent.startsWith("`+c.black+`")).length`); n == 0 {
			t.Errorf("%s: the record has no play of Black's", c.page)
		}
		if got := eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`); strings.Contains(got, c.computer) {
			t.Errorf("%s: pass and play speaks of the computer: %q", c.page, got)
		}
		if c.cube {
			if got := eval[string](ctx, t, `document.querySelector(".game .game-cube").textContent`); !strings.Contains(got, "2") {
				t.Errorf("after a double taken the cube says %q", got)
			}
			if p, _ := strconv.Atoi(end.Points); p%2 != 0 {
				t.Errorf("a game with the cube at 2 ended with %d points", p)
			}
		}
	}
}

// rollUntilPlaying rolls until the reader has a roll to play.
func rollUntilPlaying(ctx context.Context, t *testing.T) {
	t.Helper()
	for range 20 {
		if eval[bool](ctx, t, `!!document.querySelector(".game svg[data-board] [data-movable]")`) {
			return
		}
		eval[bool](ctx, t, `(document.querySelector('.game button[data-action="roll"]').click(), true)`)
	}
	t.Fatal("the reader never got a roll to play")
}

// TestGameRefusalAndReload: touching the opponent's checker is refused
// with the rule and a link to its section; a reload resumes the same
// game, the step made included.
func TestGameRefusalAndReload(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	openGame(ctx, t, base+"/ru/long/play.html?fast", 1280, false, true)
	rollUntilPlaying(ctx, t)
	// Black's head, 12, holds no checker of White's.
	xy := eval[[]float64](ctx, t, `(() => { const e = document.querySelector('.game [data-point="12"]'); e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	tap(ctx, t, xy[0], xy[1], false)
	status := eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`)
	if !strings.Contains(status, "нет вашей шашки") {
		t.Errorf("the refusal says %q", status)
	}
	link := eval[[]string](ctx, t, `(() => { const a = document.querySelector('.game .board-status a[data-reason]'); const r = a && document.querySelector('section.game-rules a[data-reason="' + a.dataset.reason + '"]'); return a && r ? [a.dataset.reason, a.getAttribute("href"), r.getAttribute("href")] : []; })()`)
	if len(link) != 3 || link[0] != "no-checker" || link[1] != link[2] || link[1] == "" {
		t.Errorf("the refusal's link: %v", link)
	}
	// One step, then a reload.
	for range 2 {
		s := eval[step](ctx, t, nextStep)
		if s.What == "confirm" || s.What == "roll" {
			break
		}
		tap(ctx, t, s.X, s.Y, false)
	}
	state := `JSON.stringify([document.querySelector(".game g.nd-checkers").innerHTML, [...document.querySelectorAll("ol.game-moves li")].map(l => l.textContent), [...document.querySelectorAll(".game-controls button")].map(b => b.disabled)])`
	before := eval[string](ctx, t, state)
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`div.game svg[data-board]`))); err != nil {
		t.Fatal(err)
	}
	gameReady(ctx, t)
	if after := eval[string](ctx, t, state); after != before {
		t.Errorf("the reloaded game differs:\n got %s\nwant %s", after, before)
	}
	if got := eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`); !strings.Contains(got, "Партия продолжается") {
		t.Errorf("the reloaded page says %q", got)
	}
	// A corrupt save is dropped with a message, and a new game starts.
	eval[bool](ctx, t, `(localStorage.setItem("nardydocs-game-long", '{"version":1,"mode":"computer"'), true)`)
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`div.game svg[data-board]`))); err != nil {
		t.Fatal(err)
	}
	gameReady(ctx, t)
	if got := eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`); !strings.Contains(got, "прочитать не удалось") {
		t.Errorf("after a corrupt save the page says %q", got)
	}
	// "New" starts over.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button[data-action=new]`))); err != nil {
		t.Fatal(err)
	}
	if n := eval[int](ctx, t, `document.querySelectorAll("ol.game-moves li").length`); n != 0 {
		t.Errorf("a new game lists %d entries", n)
	}
}

// TestGameKeyboard plays one turn with the keyboard only: Enter on a
// checker the board offers, Tab to a target, Enter, until the play is
// complete, then the confirm button.
func TestGameKeyboard(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	openGame(ctx, t, base+"/uk/short/play.html?fast", 1280, false, true)
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	rollUntilPlaying(ctx, t)
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	plies := eval[int](ctx, t, `document.querySelectorAll("ol.game-moves li").length`)
	for n := 0; !eval[bool](ctx, t, `!document.querySelector('.game button[data-action="confirm"]').disabled`); n++ {
		if n > 8 {
			t.Fatal("the play was not completed by the keyboard")
		}
		eval[bool](ctx, t, `(document.querySelector('.game [data-point][data-movable][tabindex="0"]').focus(), true)`)
		key("\r")
		if !eval[bool](ctx, t, `document.activeElement.hasAttribute("data-selected")`) {
			t.Fatalf("Enter did not choose the checker: %q", eval[string](ctx, t, `document.querySelector(".game .board-status").textContent`))
		}
		for range 30 {
			key("\t")
			if eval[bool](ctx, t, `document.activeElement.hasAttribute("data-target")`) {
				break
			}
		}
		if !eval[bool](ctx, t, `document.activeElement.hasAttribute("data-target")`) {
			t.Fatal("Tab never came to a target")
		}
		key("\r")
	}
	eval[bool](ctx, t, `(document.querySelector('.game button[data-action="confirm"]').focus(), true)`)
	key("\r")
	if n := eval[int](ctx, t, `document.querySelectorAll("ol.game-moves li").length`); n <= plies {
		t.Errorf("the record lists %d entries after the play, %d before", n, plies)
	}
}

// TestGameAccessible audits the game page in play with axe-core, at a
// phone's and a screen's width.
func TestGameAccessible(t *testing.T) {
	script := axeScript(t)
	ctx := browser(t)
	base := serveWithChecker(t)
	for _, c := range []struct {
		page  string
		width int64
	}{{"ru/long/play.html", 1280}, {"uk/short/play.html", 390}} {
		openGame(ctx, t, base+"/"+c.page+"?fast", c.width, false, true)
		audit(ctx, t, script, c.page+" at the start")
		rollUntilPlaying(ctx, t)
		s := eval[step](ctx, t, nextStep)
		tap(ctx, t, s.X, s.Y, false)
		audit(ctx, t, script, c.page+" in play at "+strconv.Itoa(int(c.width))+" px")
	}
}

// TestGameSpeed measures, when NARDYDOCS_BENCH is set, in Chromium: the
// first answer after a game page opens (from the navigation to the
// module's start); the strong computer's choice, as the second hint asks
// for it, on the reader's positions once the game is past its opening
// (ten entries of the record); and the computer's answer to a confirmed
// play (its roll, its choice at the middle level and the page redrawn).
// Medians over a game; it prints the figures and asserts nothing about
// them.
func TestGameSpeed(t *testing.T) {
	if os.Getenv("NARDYDOCS_BENCH") == "" {
		t.Skip("measured with NARDYDOCS_BENCH=1")
	}
	ctx := browserFor(t, 10*time.Minute)
	base := serveWithChecker(t)
	median := func(xs []float64) float64 {
		if len(xs) == 0 {
			return -1
		}
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	click := func(what string) float64 {
		return eval[float64](ctx, t, `(() => { const b = document.querySelector('.game button[data-action="`+what+`"]'); const t0 = performance.now(); b.click(); return performance.now() - t0; })()`)
	}
	for _, page := range []string{"ru/short/play.html", "ru/long/play.html"} {
		var firsts, choices, answers []float64
		for range 5 {
			openGame(ctx, t, base+"/"+page+"?fast", 1280, false, true)
			firsts = append(firsts, eval[float64](ctx, t, `nardyGameReadyAt`))
		}
		hinted := 0
		for n := 0; n < 3000; n++ {
			s := eval[step](ctx, t, nextStep)
			if s.Done != "" {
				break
			}
			plies := eval[int](ctx, t, `document.querySelectorAll("ol.game-moves li").length`)
			if plies != hinted && plies >= 10 && eval[bool](ctx, t, `!document.querySelector('.game button[data-action="hint"]').disabled && !document.querySelector('.game [data-selected]') && document.querySelector('.game button[data-action="undo"]').disabled`) {
				hinted = plies
				click("hint")
				choices = append(choices, click("hint"))
			}
			if s.What == "confirm" || s.What == "roll" {
				ms := click(s.What)
				if s.What == "confirm" {
					answers = append(answers, ms)
				}
				continue
			}
			tap(ctx, t, s.X, s.Y, false)
		}
		t.Logf("%s: first answer after opening %.0f ms (median of %d); the strong choice %.1f ms (median of %d middle-game positions); the computer's answer to a play %.1f ms (median of %d)",
			page, median(firsts), len(firsts), median(choices), len(choices), median(answers), len(answers))
	}
}
