package site

import (
	"fmt"
	"strings"
	"testing"
)

func TestPrefixIDs(t *testing.T) {
	t.Parallel()
	in := `<h2 id="голова">Голова</h2><a href="#голова">к голове</a> <a href="other.html#x">там</a>` +
		`<figure id="fig-1"><svg id="fig-1-board" aria-labelledby="fig-1-board-title fig-1-board-desc"><title id="fig-1-board-title">Т</title>` +
		`<rect fill="url(#fig-1-board-wood)"/></svg><label for="fig-1-move">Ход</label><input id="fig-1-move"></figure><p>id="не атрибут"</p>`
	want := `<h2 id="p3-голова">Голова</h2><a href="#p3-голова">к голове</a> <a href="other.html#x">там</a>` +
		`<figure id="p3-fig-1"><svg id="p3-fig-1-board" aria-labelledby="p3-fig-1-board-title p3-fig-1-board-desc"><title id="p3-fig-1-board-title">Т</title>` +
		`<rect fill="url(#p3-fig-1-board-wood)"/></svg><label for="p3-fig-1-move">Ход</label><input id="p3-fig-1-move"></figure><p>id="не атрибут"</p>`
	if got := prefixIDs(in, "p3-"); got != want {
		t.Errorf("prefixIDs:\n got %s\nwant %s", got, want)
	}
}

// TestPrintDocument: each game's section gets a print document with its
// pages in reading order, listed first, each page's ids its own; the
// table of contents links it; a content page in its place is an error;
// a section too large to list in full, or of no game, has none.
func TestPrintDocument(t *testing.T) {
	t.Parallel()
	s, err := Build(t.Context(), Options{Content: "content", FS: sectionSite(3)})
	if err != nil {
		t.Fatal(err)
	}
	doc := string(s.Files["ru/long/print.html"])
	var at []int
	for _, title := range []string{"Длинные нарды", "Страница 0001", "Страница 0002", "Страница 0003"} {
		i := strings.Index(doc, `<h2 class="print-page-title">`+title+`</h2>`)
		if i < 0 || !strings.Contains(doc, `<a href="#p`) {
			t.Fatalf("ru/long/print.html lacks the page %q or its contents list", title)
		}
		at = append(at, i)
	}
	for k := 1; k < len(at); k++ {
		if at[k] < at[k-1] {
			t.Errorf("ru/long/print.html: the pages are not in reading order")
		}
	}
	if !strings.Contains(string(s.Files["ru/long/p0002.html"]), `<li><a href="print.html">Все правила для печати</a></li>`) ||
		!strings.Contains(string(s.Files["uk/long/index.html"]), `<li><a href="print.html">Усі правила для друку</a></li>`) {
		t.Error("the table of contents does not link the print document")
	}
	if _, ok := s.Files["ru/short/print.html"]; ok {
		t.Error("a print document of a section with no index page (so, of no game)")
	}

	files := sectionSite(3)
	files["ru/long/print.md"] = pageText("Печать", "Моё.")
	files["uk/long/print.md"] = pageText("Друк", "Моє.")
	if got := buildErrors(t, files); !strings.Contains(got, "content/ru/long/print.md:1:1: the page would be written to ru/long/print.html, where the build writes the print document of long nardy") {
		t.Errorf("errors:\n%s", got)
	}

	big, err := Build(t.Context(), Options{Content: "content", FS: sectionSite(tocFull + 1)})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := big.Files["ru/long/print.html"]; ok {
		t.Error(fmt.Sprintf("a section of %d pages has a print document", tocFull+1))
	}
}

// TestPrintDocumentHasNoForms: the print document of a site with the
// checker leaves the figures' checker forms on the pages themselves.
func TestPrintDocumentHasNoForms(t *testing.T) {
	t.Parallel()
	files := sectionSite(2)
	files["ru/long/p0001.md"] = pageText("Страница 0001", "```nardy\ngame: long\nposition: start\ndice: 6-5\n```\n\nТекст после.")
	files["uk/long/p0001.md"] = pageText("Сторінка 0001", "```nardy\ngame: long\nposition: start\ndice: 6-5\n```\n\nТекст після.")
	s, err := Build(t.Context(), Options{Content: "content", FS: files, Checker: true, Files: map[string][]byte{}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(s.Files["ru/long/p0001.html"]), `<form class="checker"`) {
		t.Fatal("the page has no checker form")
	}
	doc := string(s.Files["ru/long/print.html"])
	if strings.Contains(doc, "<form") || !strings.Contains(doc, `<figure class="position" id="p`) || !strings.Contains(doc, "Текст после.") {
		t.Errorf("the print document keeps a form, or lost the figure or the text after it")
	}
}
