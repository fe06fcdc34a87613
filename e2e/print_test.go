package e2e

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nardydocs/nardydocs/site"
)

// printPDF prints the current page as Chromium prints it on A4 paper
// (the page's own @page rules, no browser header or footer) and returns
// the text of each page of the PDF. The PDF is kept in
// $NARDYDOCS_SCREENSHOTS when that is set.
func printPDF(ctx context.Context, t *testing.T, name string) []string {
	t.Helper()
	name = strings.TrimSuffix(name, ".html.pdf") + ".pdf"
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatalf("print %s: %v", name, err)
	}
	keep(t, name, pdf)
	pages, err := pdfPages(pdf)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i, p := range pages {
		pages[i] = squash(p)
	}
	return pages
}

// squash drops all white space, so that text is compared whatever the
// PDF's line breaks and word spacing.
func squash(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// pagesWith returns the numbers (from 1) of the pages whose text holds s.
func pagesWith(pages []string, s string) []int {
	var out []int
	for i, p := range pages {
		if strings.Contains(p, squash(s)) {
			out = append(out, i+1)
		}
	}
	return out
}

// TestWorksheetPrintsFourToAPage prints each worksheet to PDF and checks
// what a teacher gets: one page per four tasks, then the answer key; every
// task on the page of its diagram; no navigation; the footer line on
// every page.
func TestWorksheetPrintsFourToAPage(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	for _, c := range []struct{ url, task, black, given, key, footer, pips, nav string }{
		{"/ru/worksheets/long.html", "Задание ", "Чёрные", "Ход ", "Ответы", "Рабочий лист: длинные нарды", "пипы", "Содержание"},
		{"/ru/worksheets/short.html", "Задание ", "Чёрные", "Ход ", "Ответы", "Рабочий лист: короткие нарды", "пипы", "Содержание"},
		{"/uk/worksheets/long.html", "Завдання ", "Чорні", "Хід ", "Відповіді", "Робочий аркуш: довгі нарди", "піпи", "Зміст"},
	} {
		t.Run(strings.ReplaceAll(strings.Trim(c.url, "/"), "/", "-"), func(t *testing.T) {
			open(ctx, t, base+c.url, 1280, `.worksheet .task svg`)
			tasks := eval[int](ctx, t, `document.querySelectorAll(".worksheet .task").length`)
			if tasks < 4 {
				t.Fatalf("%d tasks on the worksheet; the content marks at least four", tasks)
			}
			pages := printPDF(ctx, t, strings.ReplaceAll(strings.Trim(c.url, "/"), "/", "-")+".pdf")
			sheets := (tasks + site.TasksPerSheet - 1) / site.TasksPerSheet
			if len(pages) != sheets+1 {
				t.Errorf("%d pages; want %d: %d tasks, %d to a page, and the answer key", len(pages), sheets+1, tasks, site.TasksPerSheet)
			}
			for n := 1; n <= tasks; n++ {
				// The task's heading, directly followed by its diagram
				// (whose first words are Black's strip).
				want := (n-1)/site.TasksPerSheet + 1
				if got := pagesWith(pages, c.task+strconv.Itoa(n)+c.black); len(got) != 1 || got[0] != want {
					t.Errorf("task %d is on pages %v; want page %d", n, got, want)
				}
			}
			for i, p := range pages {
				// Each diagram has two strips with a pip count, and each
				// task says whose turn it is: a page holds as many
				// diagrams and questions as task headings.
				onPage := 0
				for n := 1; n <= tasks; n++ {
					if strings.Contains(p, squash(c.task+strconv.Itoa(n)+c.black)) {
						onPage++
					}
				}
				if d := strings.Count(p, c.pips) / 2; d != onPage {
					t.Errorf("page %d has %d diagrams and %d tasks", i+1, d, onPage)
				}
				if q := strings.Count(p, squash(c.given)); i < sheets && q != onPage {
					t.Errorf("page %d has %d questions and %d tasks", i+1, q, onPage)
				}
				if !strings.Contains(p, squash(c.footer)) {
					t.Errorf("page %d lacks the footer line %q", i+1, c.footer)
				}
				if strings.Contains(p, c.nav) {
					t.Errorf("page %d prints the table of contents", i+1)
				}
			}
			if got := pagesWith(pages, c.key); len(got) != 1 || got[0] != sheets+1 {
				t.Errorf("the answer key is on pages %v; want page %d", got, sheets+1)
			}
		})
	}
}

// TestPagesPrintFiguresWhole prints rule pages to PDF and checks that no
// figure is split across pages: each diagram is on one page with its
// caption, move table and position code.
func TestPagesPrintFiguresWhole(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	for _, url := range []string{"/ru/long/head.html", "/uk/short/hitting.html", "/ru/long/bear-off.html"} {
		t.Run(strings.ReplaceAll(strings.Trim(url, "/"), "/", "-"), func(t *testing.T) {
			open(ctx, t, base+url, 1280, `figure.position`)
			// The words of each figure: its strips (pip counts), its
			// caption, the last row of its move table and its code.
			figs := eval[[][]string](ctx, t, `[...document.querySelectorAll("figure.position")].map(f => {
				const words = [];
				f.querySelectorAll("svg text").forEach(e => { if (/\d/.test(e.textContent) && e.querySelector("tspan")) words.push(e.textContent.trim()); });
				const cap = f.querySelector("figcaption"); if (cap) words.push(cap.textContent.trim());
				const rows = f.querySelectorAll(".moves tbody tr, .moves li"); if (rows.length) words.push(rows[rows.length-1].textContent.trim());
				const code = f.querySelector(".code code"); if (code) words.push(code.textContent.trim());
				return words;
			})`)
			title := eval[string](ctx, t, `document.querySelector("h1").textContent`)
			pages := printPDF(ctx, t, strings.ReplaceAll(strings.Trim(url, "/"), "/", "-")+".pdf")
			if len(pages) < 2 {
				t.Fatalf("%d pages", len(pages))
			}
			for k, words := range figs {
				found := false
				for _, p := range pages {
					all := true
					for _, w := range words {
						all = all && strings.Contains(p, squash(w))
					}
					found = found || all
				}
				if !found {
					t.Errorf("figure %d is not printed whole on one page: %q", k+1, words)
				}
			}
			for i, p := range pages {
				if !strings.Contains(p, squash(title)) {
					t.Errorf("page %d lacks the page title %q in its footer", i+1, title)
				}
			}
		})
	}
}

// TestPaperSheets prints rule pages to A4 as a teacher would: the head
// page fits five sheets, no sheet but the last is more than half empty;
// and each game's print document, in each language, lists the section's
// pages and starts each on a sheet of its own.
func TestPaperSheets(t *testing.T) {
	ctx := browserFor(t, 5*time.Minute)
	base := serveContent(t)
	open(ctx, t, base+"/ru/long/head.html", 1280, `figure.position`)
	pages := printPDF(ctx, t, "ru-long-head-sheets.pdf")
	if len(pages) > 5 {
		t.Errorf("ru/long/head.html prints on %d A4 sheets, want at most 5", len(pages))
	}
	// A sheet's text, measured against the fullest one: a sheet with
	// less than a fifth of it is mostly empty.
	most := 0
	for _, p := range pages {
		most = max(most, len(p))
	}
	for i, p := range pages[:len(pages)-1] {
		if len(p)*5 < most {
			t.Errorf("sheet %d of ru/long/head.html is nearly empty (%d characters; the fullest has %d)", i+1, len(p), most)
		}
	}

	for _, url := range []string{"/ru/long/print.html", "/uk/long/print.html", "/ru/short/print.html", "/uk/short/print.html"} {
		open(ctx, t, base+url, 1280, `.print-page`)
		// The pages of the section, as its table of contents lists them.
		section := eval[[]string](ctx, t, `(() => { const s = document.querySelector(".wrap > nav.toc a[aria-current=page]").closest("section"); return [s.querySelector("h3").textContent, ...[...s.querySelectorAll("li a")].filter(a => !/print\.html$|worksheets\//.test(a.getAttribute("href"))).map(a => a.textContent)]; })()`)
		titles := eval[[]string](ctx, t, `[...document.querySelectorAll(".print-page-title")].map(h => h.textContent)`)
		listed := eval[[]string](ctx, t, `[...document.querySelectorAll(".print-contents li")].map(li => li.textContent)`)
		if len(titles) < 8 || strings.Join(titles, "|") != strings.Join(listed, "|") || strings.Join(titles, "|") != strings.Join(section, "|") {
			t.Errorf("%s: pages %q, its contents %q, the section %q", url, titles, listed, section)
			continue
		}
		// Each page's first and last words, to find the sheets it is on.
		ends := eval[[][]string](ctx, t, `[...document.querySelectorAll(".print-page")].map(sec => {
			const ps = [...sec.querySelectorAll(":scope > p")].map(p => p.textContent.trim()).filter(t => t.length > 20);
			return [ps[0].slice(0, 30), ps[ps.length - 1].slice(-30)];
		})`)
		pages := printPDF(ctx, t, strings.ReplaceAll(strings.Trim(url, "/"), "/", "-"))
		// Walk the sheets in order: each page's first words come on a
		// sheet after the one with the last words of the page before.
		prevLast := 0
		for k, title := range titles {
			first := firstAfter(pagesWith(pages, ends[k][0]), prevLast)
			if first == 0 || !slices.Contains(pagesWith(pages, title), first) {
				t.Errorf("%s: %q does not start a sheet after the page before it (it ends on sheet %d)", url, title, prevLast)
				break
			}
			last := firstAfter(pagesWith(pages, ends[k][1]), first-1)
			if last == 0 {
				t.Errorf("%s: the end of %q is not printed", url, title)
				break
			}
			prevLast = last
		}
	}
}

// firstAfter returns the first of sheets (in increasing order) after
// sheet n, or 0.
func firstAfter(sheets []int, n int) int {
	for _, s := range sheets {
		if s > n {
			return s
		}
	}
	return 0
}

// TestSummaryPrintsOnOneSheet prints each game's one-page summary ("print:
// sheet") and checks that a teacher gets one A4 sheet with all of it: the
// rules and the tables the engine computed, the footer line, no
// navigation.
func TestSummaryPrintsOnOneSheet(t *testing.T) {
	ctx := browser(t)
	base := serveContent(t)
	for _, c := range []struct{ url, nav string }{
		{"/ru/long/summary.html", "Содержание"},
		{"/uk/long/summary.html", "Зміст"},
		{"/ru/short/summary.html", "Содержание"},
		{"/uk/short/summary.html", "Зміст"},
	} {
		name := strings.ReplaceAll(strings.Trim(c.url, "/"), "/", "-")
		t.Run(name, func(t *testing.T) {
			open(ctx, t, base+c.url, 1280, `.one-sheet table`)
			// The last row of each table, the page title and the last
			// heading's text stand for everything on the page.
			words := eval[[]string](ctx, t, `[
				document.querySelector("h1").textContent,
				...[...document.querySelectorAll(".one-sheet table")].map(t => { const r = t.querySelectorAll("tbody tr"); return r[r.length-1].textContent.trim(); }),
				[...document.querySelectorAll(".one-sheet h2")].pop().textContent,
			]`)
			pages := printPDF(ctx, t, name+".pdf")
			if len(pages) != 1 {
				t.Fatalf("%d pages; a summary prints on one sheet", len(pages))
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

// TestPrintedPageNumbers prints rule pages and a print document to A4 and
// checks the foot of every sheet: sheet N of M says "N / M" (the @page
// rule's bottom-right box), so a teacher can put a dropped stack back in
// order.
func TestPrintedPageNumbers(t *testing.T) {
	ctx := browserFor(t, 3*time.Minute)
	base := serveContent(t)
	for _, url := range []string{"/ru/long/head.html", "/uk/short/hitting.html", "/ru/short/summary.html", "/uk/long/print.html"} {
		name := strings.ReplaceAll(strings.TrimSuffix(strings.Trim(url, "/"), ".html"), "/", "-")
		t.Run(name, func(t *testing.T) {
			open(ctx, t, base+url, 1280, `h1`)
			pages := printPDF(ctx, t, name+"-numbers.pdf")
			if len(pages) == 0 || (len(pages) < 2 && !strings.HasSuffix(url, "summary.html")) {
				t.Fatalf("%d sheets", len(pages))
			}
			for i, p := range pages {
				// The margin box is drawn apart from the page's content,
				// before or after it: its number opens or closes the
				// sheet's text, where a "3/5" of a move table would not.
				n := strconv.Itoa(i+1) + "/" + strconv.Itoa(len(pages))
				if !strings.HasPrefix(p, n) && !strings.HasSuffix(p, n) {
					head, tail := p, p
					if r := []rune(p); len(r) > 40 {
						head, tail = string(r[:40]), string(r[len(r)-40:])
					}
					t.Errorf("sheet %d of %d has no page number %q at its foot: it begins %q and ends %q", i+1, len(pages), n, head, tail)
				}
			}
		})
	}
}
