package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestSheets23PrintOnOne prints the one-sheet pages issue 23 filled — each
// game's summary, now with seed 004's tables and figures, and the page
// with both games' rules — and checks that a teacher gets one A4 sheet
// holding all of it: the title, every table's last row, every figure's
// caption and pip counts, the last heading and the footer's line on how
// the figures were computed; no navigation.
func TestSheets23PrintOnOne(t *testing.T) {
	ctx := browserFor(t, 3*time.Minute)
	base := serveContent(t)
	for _, c := range []struct{ url, nav string }{
		{"/ru/long/summary.html", "Содержание"},
		{"/uk/long/summary.html", "Зміст"},
		{"/ru/short/summary.html", "Содержание"},
		{"/uk/short/summary.html", "Зміст"},
		{"/ru/rules.html", "Содержание"},
		{"/uk/rules.html", "Зміст"},
	} {
		name := strings.ReplaceAll(strings.Trim(c.url, "/"), "/", "-") + "-23"
		t.Run(name, func(t *testing.T) {
			open(ctx, t, base+c.url, 1280, `.one-sheet table`)
			words := eval[[]string](ctx, t, `[
				document.querySelector("h1").textContent,
				...[...document.querySelectorAll(".one-sheet table")].map(t => { const r = t.querySelectorAll("tbody tr"); return r[r.length-1].textContent.trim(); }),
				...[...document.querySelectorAll(".one-sheet figure.position figcaption")].map(f => f.textContent.trim()),
				...[...document.querySelectorAll(".one-sheet figure.position svg text")].filter(e => /\d/.test(e.textContent) && e.querySelector("tspan")).map(e => e.textContent.trim()),
				[...document.querySelectorAll(".one-sheet h2")].pop().textContent,
				[...document.querySelectorAll("footer.site p")].pop().textContent.trim(),
			]`)
			if len(words) < 4 {
				t.Fatalf("only %q found on the page", words)
			}
			pages := printPDF(ctx, t, name+".pdf")
			if len(pages) != 1 {
				t.Fatalf("%d pages; the page prints on one sheet", len(pages))
			}
			for _, w := range words {
				if !strings.Contains(pages[0], squash(w)) {
					t.Errorf("the sheet lacks %q", w)
				}
			}
			if strings.Contains(pages[0], c.nav) {
				t.Errorf("the sheet prints the table of contents")
			}
		})
	}
}
