package site

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPrintDocumentIDs: in every print document of content/, each id is
// unique, and every reference to one — a link to an anchor, a label's
// for, an ARIA label, an SVG url(#…) — names an id of the document; the
// pages' own ids are their pages', not the document's.
func TestPrintDocumentIDs(t *testing.T) {
	t.Parallel()
	s, err := Build(t.Context(), Options{Content: filepath.Join("..", "content"), Checker: true})
	if err != nil {
		t.Fatal(err)
	}
	idAttr := regexp.MustCompile(`\sid="([^"]*)"`)
	refs := regexp.MustCompile(`\s(?:for|aria-labelledby|aria-describedby)="([^"]*)"|href="#([^"]*)"|url\(#([^)]*)\)`)
	docs := 0
	for _, name := range s.Paths() {
		if !strings.HasSuffix(name, "/print.html") {
			continue
		}
		docs++
		doc := string(s.Files[name])
		ids := map[string]int{}
		for _, m := range idAttr.FindAllStringSubmatch(doc, -1) {
			ids[m[1]]++
		}
		for id, n := range ids {
			if n > 1 {
				t.Errorf("%s: the id %q is given %d times", name, id, n)
			}
		}
		for _, m := range refs.FindAllStringSubmatch(doc, -1) {
			anchor, err := url.PathUnescape(m[2])
			if err != nil {
				t.Errorf("%s: %q", name, m[0])
			}
			for _, id := range strings.Fields(m[1] + " " + anchor + " " + m[3]) {
				if ids[id] == 0 {
					t.Errorf("%s: %q refers to no id of the document", name, m[0])
				}
			}
		}
		if !strings.Contains(doc, `id="p2-fig-1"`) || strings.Contains(doc, `<form class="checker"`) {
			t.Errorf("%s: the second page's first figure is not p2-fig-1, or a checker's form is there", name)
		}
	}
	if docs != 4 {
		t.Errorf("%d print documents, want 4", docs)
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
