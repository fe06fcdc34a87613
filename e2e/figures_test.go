package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// media emulates the CSS media type m ("print", or "" for the screen).
func media(m string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: m})
		return err
	})
}

// TestStatisticsShowTheirGrid opens the pages with dice statistics and
// checks what a reader sees: beside every "N из 36" a grid of 36 cells
// drawn on the page, with as many cells filled as the count says, a text
// alternative that gives the count, the percentage, and a line adding up
// the outcomes; on paper the filled cells are black.
func TestStatisticsShowTheirGrid(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	type stat struct {
		Text, Title   string
		Cells, Filled int
		Width, Height float64
		Sum           string
		FilledFill    string
	}
	const read = `[...document.querySelectorAll(".stats .stat")].map(s => {
		const svg = s.querySelector("svg.nardy-rolls");
		const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
		const filled = svg ? [...svg.querySelectorAll(".nd-counted rect")] : [];
		return {
			Text: s.querySelector("dd").textContent,
			Title: svg ? svg.querySelector("title").textContent : "",
			Cells: svg ? svg.querySelectorAll(".nd-cells rect").length : 0,
			Filled: filled.length,
			Width: box.width, Height: box.height,
			Sum: (s.querySelector("dd.sum") || {textContent: ""}).textContent,
			FilledFill: filled.length ? getComputedStyle(filled[0]).fill : "",
		};
	})`
	for _, c := range []struct {
		url, of36, sum string
		width          int64
	}{
		{"/ru/short/hitting.html", " из 36 (", "из разных чисел", 1280},
		{"/uk/long/no-move.html", " з 36 (", "із різних чисел", 390},
		{"/ru/long/head.html", " из 36 (", "дубл", 390},
	} {
		open(ctx, t, base+c.url, c.width, `.stats svg.nardy-rolls`)
		stats := eval[[]stat](ctx, t, read)
		if len(stats) == 0 {
			t.Fatalf("%s: no statistics", c.url)
		}
		for _, s := range stats {
			n, _, ok := strings.Cut(s.Text, c.of36)
			if !ok || !strings.Contains(s.Text, "%)") {
				t.Errorf("%s: %q is not «N из 36 (P %%)»", c.url, s.Text)
				continue
			}
			if s.Cells != 36 || s.Width < 150 || s.Height < 150 {
				t.Errorf("%s: %q: a grid of %d cells, %.0f × %.0f px", c.url, s.Text, s.Cells, s.Width, s.Height)
			}
			if want := n; strconv.Itoa(s.Filled) != want {
				t.Errorf("%s: %q: %d cells filled, want %s", c.url, s.Text, s.Filled, want)
			}
			if !strings.Contains(s.Title, c.of36[:len(c.of36)-2]) {
				t.Errorf("%s: the grid's title %q does not give the count", c.url, s.Title)
			}
			if s.Filled > 0 && !strings.Contains(s.Sum, c.sum) {
				t.Errorf("%s: %q: the outcomes are added up as %q", c.url, s.Text, s.Sum)
			}
		}
		screenshot(ctx, t, "stats"+strings.ReplaceAll(c.url, "/", "-")+".png", c.width)
	}
	// On paper the filled cells are black, the others white.
	if err := chromedp.Do(ctx, media("print")); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Do(ctx, media(""))
	for _, s := range eval[[]stat](ctx, t, read) {
		if s.Filled > 0 && s.FilledFill != "rgb(0, 0, 0)" {
			t.Errorf("printed, a filled cell is %s, not black", s.FilledFill)
		}
	}
}

// TestIllegalMoveDrawn: a figure with an "illegal:" line draws the move
// on its board as dashed lines ending in a cross, beside the reason; the
// board's description names it; printed, the dashes are black and still
// dashed. (An exercise draws the play it asks about as a plain arrow; see
// TestBoardExercises.)
func TestIllegalMoveDrawn(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	open(ctx, t, base+"/ru/long/head.html", 390, `figure.position .illegal`)
	type drawn struct {
		Paths         int
		Width         float64
		Dash, Stroke  string
		Marker, Desc  string
		Reason, Drawn string
		LegalDashed   bool
	}
	const read = `(() => {
		const f = document.querySelector("figure.position:has(.illegal):not(:has(details.answer))");
		const paths = [...f.querySelectorAll("svg .nd-illegal path")];
		const box = paths.length ? paths[0].getBoundingClientRect() : {width: 0};
		const cs = paths.length ? getComputedStyle(paths[0]) : {};
		return {
			Paths: paths.length, Width: box.width,
			Dash: cs.strokeDasharray || "", Stroke: cs.stroke || "",
			Marker: cs.markerEnd || "",
			Desc: f.querySelector("svg desc").textContent,
			Reason: f.querySelector(".illegal").textContent,
			Drawn: (f.querySelector(".illegal .drawn") || {textContent: ""}).textContent,
			LegalDashed: [...document.querySelectorAll("svg .nd-arrow")].some(p => getComputedStyle(p).strokeDasharray !== "none"),
		};
	})()`
	d := eval[drawn](ctx, t, read)
	const play = "24/18 24/18 19/13 19/13"
	if d.Paths != 4 || d.Width < 10 {
		t.Fatalf("the forbidden move %s: %d paths drawn, %.0f px wide", play, d.Paths, d.Width)
	}
	if d.Dash == "" || d.Dash == "none" || !strings.Contains(d.Marker, "-cross") {
		t.Errorf("the forbidden move is drawn with dashes %q and marker %q", d.Dash, d.Marker)
	}
	if d.LegalDashed {
		t.Error("a legal arrow is dashed")
	}
	if !strings.Contains(d.Desc, "запрещённый ход "+play) || !strings.Contains(d.Reason, play) || d.Drawn == "" {
		t.Errorf("the move is not named: desc %q, box %q", d.Desc, d.Reason)
	}
	screenshot(ctx, t, "illegal-ru-long-head.png", 390)
	if err := chromedp.Do(ctx, media("print")); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Do(ctx, media(""))
	p := eval[drawn](ctx, t, read)
	if p.Stroke != "rgb(0, 0, 0)" || p.Dash != d.Dash {
		t.Errorf("printed, the forbidden move is %s with dashes %q", p.Stroke, p.Dash)
	}
}

// TestBeforeAfterAndHighlight: a figure with "after:" shows the position
// before and after the move, each labelled, side by side on a wide screen
// and one under the other on a phone; the move the text discusses is
// marked in the table in words, not colour alone; every table of moves
// links the notation page, which draws each side's way round the board.
func TestBeforeAfterAndHighlight(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	type pair struct {
		Labels      []string
		Tops, Lefts []float64
		Boards      int
		Marked      string
		Weight      int
		Legend      string
	}
	const read = `(() => {
		const f = document.querySelector("figure.position:has(.before-after)");
		const boards = [...f.querySelectorAll(".before-after .board")];
		const svgs = boards.map(b => b.querySelector("svg").getBoundingClientRect());
		const m = f.querySelector("tr.marked");
		return {
			Labels: boards.map(b => b.querySelector(".board-label").textContent),
			Tops: svgs.map(r => r.top), Lefts: svgs.map(r => r.left),
			Boards: svgs.filter(r => r.width > 150).length,
			Marked: m ? m.textContent : "",
			Weight: m ? parseInt(getComputedStyle(m.querySelector("td")).fontWeight) : 0,
			Legend: f.querySelector(".moves .legend a").getAttribute("href"),
		};
	})()`
	for _, width := range []int64{1280, 390} {
		open(ctx, t, base+"/ru/short/hitting.html", width, `.before-after svg`)
		p := eval[pair](ctx, t, read)
		if len(p.Labels) != 2 || p.Labels[0] != "До хода" || p.Labels[1] != "После хода 24/23/18*" || p.Boards != 2 {
			t.Fatalf("%d px: boards labelled %q, %d shown", width, p.Labels, p.Boards)
		}
		side := p.Tops[0] == p.Tops[1] && p.Lefts[1] > p.Lefts[0]
		if side != (width == 1280) {
			t.Errorf("%d px: the boards at %v, %v; side by side only on a wide screen", width, p.Tops, p.Lefts)
		}
		if !strings.Contains(p.Marked, "24/23/18*") || !strings.Contains(p.Marked, "о нём в тексте") || p.Weight < 600 {
			t.Errorf("%d px: the marked row %q, weight %d", width, p.Marked, p.Weight)
		}
		screenshot(ctx, t, "before-after-"+strconv.Itoa(int(width))+".png", width)
		if p.Legend != "../notation.html" {
			t.Errorf("the table of moves links %q", p.Legend)
		}
	}
	// Many plays: short tables side by side, each with its headings.
	heads := eval[int](ctx, t, `[...document.querySelectorAll(".plays.columns table")].filter(t => t.querySelector("thead th") && t.tHead.offsetHeight > 0).length`)
	if heads < 3 {
		t.Errorf("%d tables of moves in columns with visible headings, want 3", heads)
	}
	// (The first figures are exercises, their tables folded.)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`figure.position:not(:has(details.answer)) .moves .legend a`)), chromedp.WaitVisible(chromedp.CSS(`.notation .routes svg`))); err != nil {
		t.Fatal(err)
	}
	if n := eval[int](ctx, t, `[...document.querySelectorAll(".notation .routes svg")].filter(s => s.querySelectorAll(".nd-arrow").length >= 3).length`); n != 4 {
		t.Errorf("the notation page draws %d ways round the board, want 4", n)
	}
	if h1 := eval[string](ctx, t, `document.querySelector("h1").textContent`); h1 != "Запись ходов" {
		t.Errorf("the link leads to %q", h1)
	}
	screenshot(ctx, t, "ru-notation.png", 390)
}
