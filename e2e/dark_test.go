package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// scheme emulates the media type m ("print", or "" for the screen) for a
// reader whose system asks for the colour scheme c ("dark", "light").
func scheme(m, c string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Media:    m,
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: c}},
		})
		return err
	})
}

// readColours is a script that returns, as JSON, the colours a reader
// sees: the page's text and background, each diagram's paper, and every
// word drawn in a diagram with the colour of the shape under its middle
// (the topmost one painted there) and its contrast ratio to it, computed
// as WCAG 2 defines it.
const readColours = `(() => {
	const rgb = s => (s.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
	const lum = c => {
		const [r, g, b] = rgb(c).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	};
	const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
	// The colour a shape is painted with: its fill, or a gradient's first stop.
	const paint = el => {
		const f = getComputedStyle(el).fill;
		const m = f.match(/url\("?#([^")]+)"?\)/);
		if (!m) return f;
		const stop = document.getElementById(m[1]).querySelector("stop");
		return getComputedStyle(stop).stopColor;
	};
	const body = getComputedStyle(document.body);
	const out = {text: body.color, background: body.backgroundColor, papers: [], words: []};
	for (const svg of document.querySelectorAll("svg.nardy-board")) {
		// Only what is on the screen can be looked under.
		const paper = svg.querySelector(":scope > rect");
		if (paper) out.papers.push(paint(paper));
		svg.scrollIntoView({block: "center"});
		for (const text of svg.querySelectorAll("text")) {
			const box = text.getBoundingClientRect();
			if (box.width === 0 || !text.textContent.trim()) continue;
			const x = box.left + box.width / 2, y = box.top + box.height / 2;
			const under = document.elementsFromPoint(x, y).find(e =>
				svg.contains(e) && ["rect", "circle", "polygon", "path"].includes(e.localName) &&
				getComputedStyle(e).fill !== "none" && Number(getComputedStyle(e).fillOpacity) === 1 &&
				!e.closest("[data-point]"));
			if (!under) continue;
			const ink = getComputedStyle(text).fill, bg = paint(under);
			out.words.push({text: text.textContent.trim(), ink, bg, ratio: ratio(ink, bg), px: parseFloat(getComputedStyle(text).fontSize) * box.height / text.getBBox().height, bold: Number(getComputedStyle(text).fontWeight) >= 700});
		}
	}
	return JSON.stringify(out);
})()`

// colours is what readColours returns.
type colours struct {
	Text, Background string
	Papers           []string
	Words            []struct {
		Text, Ink, Bg string
		Ratio, Px     float64
		Bold          bool
	}
}

func readColoursOf(ctx context.Context, t *testing.T) colours {
	t.Helper()
	var c colours
	if err := json.Unmarshal([]byte(eval[string](ctx, t, readColours)), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestDarkScheme opens pages as a reader whose system asks for a dark
// colour scheme: the page is light text on a dark ground, every diagram's
// paper the figure's dark ground, every word in a diagram readable on
// what it is drawn on, and axe-core finds no text with too little
// contrast. On paper the same pages stay black on white; and a board in
// play still marks where a chosen checker may go.
func TestDarkScheme(t *testing.T) {
	script := axeScript(t)
	ctx := browserFor(t, 5*time.Minute)
	base := serveWithChecker(t)
	const darkPaper = "rgb(33, 29, 24)" // diagrams.darkPaper, the figures' ground
	for _, at := range []struct {
		page  string
		width int64
	}{
		{"ru/long/head.html", 1280}, {"uk/short/hitting.html", 1280}, {"ru/long/bear-off.html", 1280},
		{"uk/notation.html", 1280}, {"ru/index.html", 1280}, {"ru/long/print.html", 1280},
		{"ru/checker.html", 1280}, {"uk/short/hitting.html", 360},
		{"ru/short/play.html", 390}, {"uk/long/play.html", 1280},
	} {
		page := at.page
		if err := chromedp.Do(ctx, scheme("", "dark")); err != nil {
			t.Fatal(err)
		}
		open(ctx, t, base+"/"+page, at.width, `body`)
		c := readColoursOf(ctx, t)
		if c.Background != "rgb(23, 20, 17)" || c.Text != "rgb(236, 228, 214)" {
			t.Errorf("%s in the dark scheme: text %s on %s, want light on dark", page, c.Text, c.Background)
		}
		if len(c.Papers) == 0 && page != "ru/index.html" {
			t.Errorf("%s: no diagram", page)
		}
		for i, p := range c.Papers {
			if p != darkPaper {
				t.Errorf("%s: diagram %d has paper %s in the dark scheme, want %s", page, i+1, p, darkPaper)
			}
		}
		t.Logf("%s: %d diagrams, %d words in them", page, len(c.Papers), len(c.Words))
		// Each pair of colours too close is said once, with the first
		// word drawn so.
		low := map[string]bool{}
		var pairs []string
		for _, w := range c.Words {
			// WCAG's large text: 24 px, or 18.67 px in bold.
			need := 4.5
			if w.Px >= 24 || w.Bold && w.Px >= 18.67 {
				need = 3
			}
			if w.Ratio >= need {
				continue
			}
			pair := fmt.Sprintf("%s on %s: contrast %.2f, want %.1f (e.g. %q)", w.Ink, w.Bg, w.Ratio, need, w.Text)
			if !low[w.Ink+w.Bg] {
				pairs = append(pairs, pair)
			}
			low[w.Ink+w.Bg] = true
		}
		for _, p := range pairs {
			t.Errorf("%s: words in the diagrams drawn %s", page, p)
		}
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](script+";0")); err != nil {
			t.Fatalf("loading axe-core into %s: %v", page, err)
		}
		contrast, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {runOnly: ["color-contrast"], resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("axe on %s: %v", page, err)
		}
		var found []axeViolation
		if err := json.Unmarshal([]byte(contrast), &found); err != nil {
			t.Fatal(err)
		}
		for _, v := range found {
			var where []string
			for _, n := range v.Nodes[:min(3, len(v.Nodes))] {
				b, _ := json.Marshal(n.Target)
				where = append(where, string(b))
			}
			t.Errorf("%s in the dark scheme: %s: %d element(s), e.g. %s", page, v.Help, len(v.Nodes), strings.Join(where, " "))
		}
		name := fmt.Sprintf("dark-%s-%d", strings.ReplaceAll(strings.TrimSuffix(page, ".html"), "/", "-"), at.width)
		viewShot(ctx, t, name+".png", "figure.position")
		viewShot(ctx, t, name+"-rolls.png", ".stats")

		// On paper: black on white, the diagrams in the print theme.
		if err := chromedp.Do(ctx, scheme("print", "dark")); err != nil {
			t.Fatal(err)
		}
		c = readColoursOf(ctx, t)
		if c.Background != "rgb(255, 255, 255)" || c.Text != "rgb(0, 0, 0)" {
			t.Errorf("%s printed by a reader of the dark scheme: text %s on %s, want black on white", page, c.Text, c.Background)
		}
		for i, p := range c.Papers {
			if p != "rgb(255, 255, 255)" {
				t.Errorf("%s printed: diagram %d has paper %s, want white", page, i+1, p)
			}
		}
	}

	// A board in play: the chosen checker and its targets marked in the
	// colours of the marks, over the dark scheme's board.
	if err := chromedp.Do(ctx, scheme("", "dark")); err != nil {
		t.Fatal(err)
	}
	open(ctx, t, base+"/ru/long/moving.html", 1280, `svg[data-board]`)
	f := fig("Lw53:24x12,18x3:12x12,10x3")
	touch(ctx, t, f, "24", false)
	says(ctx, t, f, "Выбрана шашка на пункте 24")
	if got := marked(ctx, t, f, "data-target"); len(got) == 0 {
		t.Fatal("no target marked for the chosen checker")
	}
	target := eval[string](ctx, t, `getComputedStyle(document.querySelector('`+f+` svg[data-board] [data-target]')).fill`)
	selected := eval[string](ctx, t, `getComputedStyle(document.querySelector('`+f+` svg[data-board] [data-selected]')).fill`)
	if target != "rgb(26, 86, 176)" || selected != "rgb(242, 179, 61)" {
		t.Errorf("in the dark scheme a target is filled %s and the chosen checker's place %s; want the marks' blue and amber", target, selected)
	}
	viewShot(ctx, t, "dark-board-in-play.png", f)
}

// viewShot saves what the screen shows, scrolled to the first element sel
// matches (if any), when $NARDYDOCS_SCREENSHOTS names a directory.
func viewShot(ctx context.Context, t *testing.T, name, sel string) {
	t.Helper()
	dir := os.Getenv("NARDYDOCS_SCREENSHOTS")
	if dir == "" {
		return
	}
	eval[bool](ctx, t, `(() => { const e = document.querySelector(`+jsString(sel)+`); if (e) e.scrollIntoView(); return true; })()`)
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	keep(t, name, png)
}
