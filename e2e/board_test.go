package e2e

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// fig selects the figure whose checker form carries a position code.
func fig(code string) string {
	return `figure:has(form.checker[data-code="` + code + `"])`
}

// touch plays a place of a figure's board as a reader does: a mouse click,
// or, with finger set, a tap, at the place's centre on the screen. The
// place is found where the diagram's geometry puts it, so that the first
// touch, which loads the checker, lands as a reader's would.
func touch(ctx context.Context, t *testing.T, figure, place string, finger bool) {
	t.Helper()
	code := eval[string](ctx, t, `(() => { const f = document.querySelector('`+figure+`'); const c = f.querySelector("form.checker[data-code]"); return c ? c.dataset.code : ""; })()`)
	var box geometry.Box
	switch place {
	case "bar":
		box = geometry.BarBox()
	case "off":
		p := engine.StartPosition(engine.Long)
		if code != "" {
			var err error
			if p, err = engine.ParseCode(code); err != nil {
				t.Fatal(err)
			}
		} else if eval[bool](ctx, t, `document.querySelector('`+figure+` svg[data-board] desc').textContent.includes("коротк")`) {
			p = engine.StartPosition(engine.Short)
		}
		box = geometry.OffBox(p.Game, p.Turn)
	default:
		n, err := strconv.Atoi(place)
		if err != nil {
			t.Fatal(err)
		}
		box = geometry.PointBox(engine.Point(n))
	}
	xy := eval[[]float64](ctx, t, `(() => { const s = document.querySelector('`+figure+` svg[data-board]'); s.scrollIntoView({block: "center"}); const r = s.getBoundingClientRect(); const k = r.width / `+strconv.Itoa(geometry.ViewW)+`; return [r.x + k * `+strconv.Itoa(box.X*2+box.W)+` / 2, r.y + k * `+strconv.Itoa(box.Y*2+box.H)+` / 2]; })()`)
	var err error
	if finger {
		err = chromedp.Do(ctx, chromedp.TapXY(xy[0], xy[1]))
	} else {
		err = chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1]))
	}
	if err != nil {
		t.Fatalf("touching %s: %v", place, err)
	}
}

// says waits until the figure's board says something containing want.
func says(ctx context.Context, t *testing.T, figure, want string) {
	t.Helper()
	js := `document.querySelector('` + figure + ` .board-status').textContent.includes(` + jsString(want) + `)`
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		got := eval[string](ctx, t, `document.querySelector('`+figure+` .board-status').textContent`)
		t.Fatalf("the board says %q, want %q", got, want)
	}
}

// marked returns the places of a figure's board that carry attribute attr.
func marked(ctx context.Context, t *testing.T, figure, attr string) []string {
	t.Helper()
	return eval[[]string](ctx, t, `[...document.querySelectorAll('`+figure+` svg[data-board] [`+attr+`]')].map(e => e.dataset.point)`)
}

// TestBoardByMouse plays a roll on a Russian rule page's board with the
// mouse: the checker module loads on the first touch, which it then
// answers; the targets are marked, a move is made, a forbidden one is
// explained, the complete play is judged and its row of the table
// marked; Undo and Reset take steps back.
func TestBoardByMouse(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	open(ctx, t, base+"/ru/long/moving.html", 1280, `svg[data-board]`)
	f := fig("Lw53:24x12,18x3:12x12,10x3")
	if n := eval[int](ctx, t, `performance.getEntriesByType("resource").filter(e => e.name.endsWith(".wasm")).length`); n != 0 {
		t.Errorf("%d WebAssembly modules fetched before the board was touched", n)
	}
	touch(ctx, t, f, "24", false)
	says(ctx, t, f, "Выбрана шашка на пункте 24; можно на 21, 19 и 16.")
	if got := marked(ctx, t, f, "data-target"); !slices.Equal(got, []string{"21", "19", "16"}) {
		t.Errorf("targets from 24: %v", got)
	}
	// Marking the targets of a touch: the time the click's handler takes.
	ms := eval[float64](ctx, t, `(() => { const b = document.querySelector('`+f+` svg[data-board]'); const p = q => b.querySelector('[data-point="' + q + '"]'); let total = 0; for (let i = 0; i < 10; i++) { const t0 = performance.now(); p("18").dispatchEvent(new MouseEvent("click", {bubbles: true})); p("24").dispatchEvent(new MouseEvent("click", {bubbles: true})); total += performance.now() - t0; } return total / 20; })()`)
	t.Logf("a touch is answered, its targets marked, in %.2f ms", ms)
	says(ctx, t, f, "Выбрана шашка на пункте 24")
	touch(ctx, t, f, "19", false)
	says(ctx, t, f, "Сыграно: 24/19. Осталось сыграть: 3.")
	if got := eval[string](ctx, t, `document.querySelector('`+f+` .board-moves').textContent`); got != "24/19" {
		t.Errorf("the play so far reads %q", got)
	}
	if got := eval[int](ctx, t, `document.querySelectorAll('`+f+` svg[data-board] g.nd-checkers circle[cx="`+cx(19)+`"]').length`); got < 1 {
		t.Errorf("no checker drawn on point 19 after 24/19")
	}
	if op := eval[string](ctx, t, `document.querySelector('`+f+` [data-die="0"]').getAttribute("opacity")`); op == "" {
		t.Errorf("the five played is not greyed")
	}
	touch(ctx, t, f, "24", false) // a second checker from the head
	says(ctx, t, f, "С головы за ход можно снять только одну шашку.")
	touch(ctx, t, f, "18", false)
	touch(ctx, t, f, "15", false)
	says(ctx, t, f, "Ход разрешён: 24/19 18/15. В таблице это вариант ")
	status := eval[string](ctx, t, `document.querySelector('`+f+` .board-status').textContent`)
	n, _ := strconv.Atoi(strings.TrimSuffix(status[strings.LastIndex(status, " ")+1:], "."))
	row := eval[string](ctx, t, `(() => { const r = document.querySelector('`+f+` .moves tr.played'); return r ? r.querySelector("td.play").textContent + "|" + r.querySelector("td").textContent : ""; })()`)
	if row != "24/19 18/15|"+strconv.Itoa(n) {
		t.Errorf("the row marked is %q; the board says row %d", row, n)
	}
	screenshot(ctx, t, "ru-board-played.png", 1280)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(f+` button[data-act=undo]`))); err != nil {
		t.Fatal(err)
	}
	says(ctx, t, f, "Шаг отменён. Сыграно: 24/19.")
	if n := eval[int](ctx, t, `document.querySelectorAll('`+f+` .moves tr.played').length`); n != 0 {
		t.Errorf("a row is still marked after Undo")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(f+` button[data-act=reset]`))); err != nil {
		t.Fatal(err)
	}
	says(ctx, t, f, "Позиция расставлена заново.")
	if got := eval[string](ctx, t, `document.querySelector('`+f+` .board-moves').textContent`); got != "" {
		t.Errorf("after Reset the play reads %q", got)
	}
	if got := eval[int](ctx, t, `document.querySelectorAll('`+f+` svg[data-board] g.nd-checkers circle[cx="`+cx(19)+`"]').length`); got != 0 {
		t.Errorf("after Reset a checker is still drawn on 19")
	}
}

// cx is the centre of point pt's checkers on a diagram, as the geometry
// has it.
func cx(pt int) string {
	x, _ := geometry.Column(engine.Point(pt))
	return strconv.Itoa(x + geometry.PointW/2)
}

// TestBoardByTouch plays on a Ukrainian page at a phone's width with a
// finger: a checker enters from the bar, then another bears off; the
// points are targets a finger can hit (24 CSS px or more), and the page
// does not scroll sideways.
func TestBoardByTouch(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(base+"/uk/short/bear-off.html"), chromedp.WaitVisible(chromedp.CSS(`svg[data-board]`))); err != nil {
		t.Fatal(err)
	}
	f := fig("Sw65:bar,6x3,5x2,3x3,2x2,1:24x2,23x2,22x3,21x3,19x4,4")
	touch(ctx, t, f, "bar", true)
	says(ctx, t, f, "Вибрано шашку на барі; можна на 20 і 14.")
	touch(ctx, t, f, "20", true)
	says(ctx, t, f, "Зіграно: bar/20. Лишилося зіграти: 6.")
	touch(ctx, t, f, "20", true)
	touch(ctx, t, f, "14", true)
	says(ctx, t, f, "Хід дозволено: bar/20/14.")
	// The bear-off figure of the same page.
	g := fig("Sw65:3x2,2,1:24x2,23x2,22x2,21x3,20x3,19x3")
	touch(ctx, t, g, "3", true)
	says(ctx, t, g, "Вибрано шашку на пункті 3; можна на викидання.")
	touch(ctx, t, g, "off", true)
	says(ctx, t, g, "Зіграно: 3/off.")
	// White's strip counts the pips left and the checkers borne off.
	if got := eval[string](ctx, t, `document.querySelector('`+g+` text[data-strip="white"]').textContent`); got != "Біліпіпи 6викинуто 12" {
		t.Errorf("after 3/off White's strip reads %q; before it read \"Біліпіпи 9викинуто 11\"", got)
	}
	screenshot(ctx, t, "uk-board-phone.png", 390)
	// On a screen 360 px wide, every point is a target of 24 CSS px or
	// more, and the page does not scroll sideways.
	for _, width := range []int64{390, 360} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 780, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
			t.Fatal(err)
		}
		sizes := eval[[]float64](ctx, t, `[...document.querySelectorAll('`+g+` svg[data-board] [data-point]')].filter(e => /^\d+$/.test(e.dataset.point)).map(e => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))`)
		if len(sizes) != 24 || slices.Min(sizes) < 24 {
			t.Errorf("%d px: the points are %v CSS px at the narrowest; want 24 points of at least 24 px", width, slices.Min(sizes))
		}
		if w := eval[float64](ctx, t, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
			t.Errorf("%d px: the page scrolls %v px sideways", width, w)
		}
	}
}

// TestBoardByKeyboard plays a roll with the keyboard only: Tab to the
// board, Enter on a checker, Tab to a target, Enter; the state is said
// in the status region.
func TestBoardByKeyboard(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	open(ctx, t, base+"/uk/long/head.html", 1280, `svg[data-board]`)
	f := fig("Lw44:24x15:12x15")
	// The page has the focus, as a reader's window has: focus events
	// fire. The board is the figure's one stop for Tab before the module
	// is loaded; Tab from the element before it comes to it.
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	eval[bool](ctx, t, `(() => { const b = document.querySelector('`+f+` svg[data-board]'); const before = document.createElement("button"); before.id = "before-board"; b.before(before); before.focus(); return true; })()`)
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	key("\t")
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.activeElement && document.activeElement.dataset && document.activeElement.dataset.point === "24"`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the focus did not come to the head's checker once the board was ready: %v", err)
	}
	key("\r")
	says(ctx, t, f, "Вибрано шашку на пункті 24; можна на 20 і 16.")
	key("\t")
	if got := eval[string](ctx, t, `document.activeElement.dataset.point`); got != "20" {
		t.Fatalf("Tab went to %q, want 20", got)
	}
	key("\t")
	key("\r") // 24/16
	says(ctx, t, f, "Зіграно: 24/20/16.")
	// Shift+Tab back to the head, Enter, Tab, Enter.
	eval[bool](ctx, t, `(() => { document.querySelector('`+f+` svg[data-board] [data-point="24"]').focus(); return true; })()`)
	key("\r")
	key("\t")
	key("\t")
	key("\r")
	says(ctx, t, f, "Хід дозволено: 24/16 24/16. У таблиці це варіант 1.")
}

// TestEveryBoardPlays visits every page of both languages and plays a
// step on every figure with a roll: once the checker is loaded, each has
// a board of 24 points and the tray, and in short nardy the bar (long
// nardy has none), offers checkers to move (or
// says the turn is lost), and a checker moved by a touch is drawn where
// it went. It reports the slowest figure's time to answer a touch that
// chooses a checker and marks its targets.
func TestEveryBoardPlays(t *testing.T) {
	ctx := browserFor(t, 10*time.Minute)
	base := serveWithChecker(t)
	var pages []string
	for _, lang := range []string{"ru", "uk"} {
		open(ctx, t, base+"/"+lang+"/index.html", 1280, `main`)
		pages = append(pages, eval[[]string](ctx, t, `[...new Set([...document.querySelectorAll(".wrap > .toc a[href$='.html']")].map(a => a.href.split("#")[0]))]`)...)
	}
	boards, slowest, slowestAt := 0, 0.0, ""
	for _, url := range pages {
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		codes := eval[[]string](ctx, t, `[...document.querySelectorAll("figure form.checker")].map(f => f.dataset.code)`)
		for _, code := range codes {
			f := fig(code)
			if eval[bool](ctx, t, `!document.documentElement.classList.contains("checker-ready")`) {
				// The first touch of a page loads the module.
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(f+` svg[data-board]`))); err != nil {
					t.Fatalf("%s: %v", url, err)
				}
				if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.documentElement.classList.contains("checker-ready")`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
					t.Fatalf("%s: the checker did not load: %v", url, err)
				}
			}
			want := 25 // long nardy: 24 points and the tray
			if strings.HasPrefix(code, "S") {
				want = 26 // short nardy: and the bar
			}
			if n := eval[int](ctx, t, `document.querySelectorAll('`+f+` svg[data-board] [data-point]').length`); n != want {
				t.Errorf("%s, %s: %d places on the board, want %d", url, code, n, want)
				continue
			}
			if bar := eval[bool](ctx, t, `!!document.querySelector('`+f+` svg[data-board] [data-point="bar"]')`); bar != (want == 26) {
				t.Errorf("%s, %s: a bar on the board is %v, want %v", url, code, bar, want == 26)
			}
			// Whatever the click touched, the board starts again.
			eval[bool](ctx, t, `(() => { document.querySelector('`+f+` button[data-act=reset]').click(); return true; })()`)
			boards++
			movable := marked(ctx, t, f, "data-movable")
			if len(movable) == 0 {
				status := eval[string](ctx, t, `document.querySelector('`+f+` .board-status').textContent`)
				if !strings.Contains(status, "пропада") && !strings.Contains(status, "закінч") && !strings.Contains(status, "окончен") {
					t.Errorf("%s, %s: nothing to move, and the board says %q", url, code, status)
				}
				continue
			}
			// The median of five touches that choose the checker (each
			// followed by one that takes the choice back).
			ms := eval[float64](ctx, t, `(() => { const p = document.querySelector('`+f+` svg[data-board] [data-point="`+movable[0]+`"]'); const click = () => p.dispatchEvent(new MouseEvent("click", {bubbles: true})); const times = []; for (let i = 0; i < 5; i++) { const t0 = performance.now(); click(); times.push(performance.now() - t0); click(); } click(); return times.sort((a, b) => a - b)[2]; })()`)
			if ms > slowest {
				slowest, slowestAt = ms, code
			}
			targets := marked(ctx, t, f, "data-target")
			if len(targets) == 0 {
				t.Errorf("%s, %s: checker on %s is movable, yet has no target", url, code, movable[0])
				continue
			}
			eval[bool](ctx, t, `(() => { document.querySelector('`+f+` svg[data-board] [data-point="`+targets[0]+`"]').dispatchEvent(new MouseEvent("click", {bubbles: true})); return true; })()`)
			if played := eval[string](ctx, t, `document.querySelector('`+f+` .board-moves').textContent`); played == "" {
				t.Errorf("%s, %s: %s → %s made no move", url, code, movable[0], targets[0])
			}
		}
	}
	if boards < 100 {
		t.Errorf("only %d boards played on %d pages", boards, len(pages))
	}
	t.Logf("%d boards on %d pages played; the slowest figure answers a touch in %.1f ms (median of five; %s)", boards, len(pages), slowest, slowestAt)
}

// TestBoardExercises answers a page's exercises on their boards: whether
// a forbidden play is allowed, right and wrong, each with the rule; and
// finding the plays of a roll, one of them twice, then the solution.
// Before the first is answered, the reader sees its task as the board's
// caption and nothing of its answer: not the author's caption, not the
// verdict, not a cross on the play, which is drawn as a plain arrow;
// answering opens the answer, which holds them.
func TestBoardExercises(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	open(ctx, t, base+"/ru/long/head.html", 1280, `svg[data-board]`)
	f := fig("Lw53:24x12,18x3:12x12,10x3")
	if q := eval[string](ctx, t, `(c => c.checkVisibility() && c.textContent)(document.querySelector('`+f+` figcaption.board-task'))`); q != "Задание: можно ли сыграть 24/19 24/21?" {
		t.Errorf("the task, the board's caption, reads %q", q)
	}
	// seen says whether the innermost element of the figure that holds
	// each text is on the screen.
	seen := func(texts ...string) []bool {
		t.Helper()
		q, _ := json.Marshal(texts)
		return eval[[]bool](ctx, t, `(f => `+string(q)+`.map(s => [...f.querySelectorAll("*")].filter(e => e.textContent.includes(s) && ![...e.children].some(c => c.textContent.includes(s))).some(e => e.checkVisibility())))(document.querySelector('`+f+`'))`)
	}
	answer := []string{"можно снять одну, а", "Запрещённый ход: 24/19 24/21", "На схеме задания он показан простой стрелкой, без крестика."}
	for i, s := range seen(answer...) {
		if s {
			t.Errorf("before the exercise is answered, the reader sees %q", answer[i])
		}
	}
	desc := eval[string](ctx, t, `document.querySelector('`+f+` svg[data-board] desc').textContent`)
	if !strings.HasSuffix(desc, "Стрелка — ход 24/19 24/21, о котором спрашивает задание.") || strings.Contains(desc, "запрещ") || strings.Contains(desc, "снять одну") {
		t.Errorf("the board's description gives the answer away or does not name the asked play: %q", desc)
	}
	if eval[bool](ctx, t, `!!document.querySelector('`+f+` svg[data-board] .nd-illegal') || !document.querySelector('`+f+` svg[data-board] .nd-arrow').checkVisibility()`) {
		t.Error("the asked play is drawn with its cross, or not as a plain arrow")
	}
	touch(ctx, t, f, "18", false) // loads the module
	says(ctx, t, f, "Выбрана шашка на пункте 18")
	click := func(f, act string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(f+` button[data-act=`+act+`]`))); err != nil {
			t.Fatal(err)
		}
	}
	click(f, "yes")
	says(ctx, t, f, "Нет, так сыграть нельзя. С головы")
	click(f, "no")
	says(ctx, t, f, "Верно: так сыграть нельзя. С головы")
	for i, s := range seen(answer...) {
		if !s {
			t.Errorf("once the exercise is answered, its answer does not show %q", answer[i])
		}
	}

	open(ctx, t, base+"/uk/short/hitting.html", 1280, `svg[data-board]`)
	g := fig("Sw53:bar,24,13x5,8x3,6x5:22x2,19x4,17x2,12x5,1x2")
	rows := eval[int](ctx, t, `document.querySelectorAll('`+g+` .moves tbody tr').length`)
	find := func() {
		touch(ctx, t, g, "bar", false)
		says(ctx, t, g, "Вибрано шашку на барі")
		touch(ctx, t, g, "20", false)
		touch(ctx, t, g, "24", false)
		touch(ctx, t, g, "21", false)
	}
	// A checker on the point while one is on the bar is held by the rule.
	touch(ctx, t, g, "24", false)
	says(ctx, t, g, "бар")
	find()
	says(ctx, t, g, "Хід дозволено: bar/20 24/21")
	says(ctx, t, g, "Знайдено 1 з "+strconv.Itoa(rows)+".")
	click(g, "reset")
	find()
	says(ctx, t, g, "Цей варіант ви вже знайшли.")
	click(g, "solution")
	says(ctx, t, g, "Усі дозволені ходи позначено в таблиці.")
	if n := eval[int](ctx, t, `document.querySelectorAll('`+g+` .moves tr.played').length`); n != rows {
		t.Errorf("the solution marks %d rows of %d", n, rows)
	}
	if !eval[bool](ctx, t, `document.querySelector('`+g+` details.answer').open && document.querySelector('`+g+` .moves').checkVisibility()`) {
		t.Error("the solution leaves the exercise's answer folded")
	}
}

// TestStandaloneBoard plays on the standalone checker's board the roll of
// a position the reader typed.
func TestStandaloneBoard(t *testing.T) {
	ctx := browser(t)
	base := serveWithChecker(t)
	open(ctx, t, base+"/ru/checker.html", 1280, `form.editor textarea`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`form.editor textarea`)), chromedp.WaitVisible(chromedp.CSS(`html.checker-ready`))); err != nil {
		t.Fatal(err)
	}
	typeBlock(ctx, t, "game: short\nposition: start\ndice: 3-1")
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelector("form.editor svg[data-board] desc").textContent.includes("3-1")`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("the board was not redrawn: %v", err)
	}
	const e = `form.editor`
	touch(ctx, t, e, "8", false)
	says(ctx, t, e, "Выбрана шашка на пункте 8; можно на 7, 5 и 4.")
	touch(ctx, t, e, "5", false)
	touch(ctx, t, e, "6", false)
	touch(ctx, t, e, "5", false)
	says(ctx, t, e, "Ход разрешён: 8/5 6/5.")
}
