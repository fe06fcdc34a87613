package site

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// sectionSite returns a site whose section "long" has n pages besides
// its index, in both languages.
func sectionSite(n int) fstest.MapFS {
	pages := map[string]*fstest.MapFile{
		"index.md":      pageText("Главная", "Начало."),
		"long/index.md": pageText("Длинные нарды", "Раздел."),
		"short/a.md":    pageText("Короткие", "Страница."),
	}
	for k := 1; k <= n; k++ {
		pages[fmt.Sprintf("long/p%04d.md", k)] = &fstest.MapFile{Data: fmt.Appendf(nil, "---\ntitle: Страница %04d\norder: %d\n---\nТекст.\n", k, k)}
	}
	return bothLangs(pages)
}

var (
	tocNav   = regexp.MustCompile(`(?s)<nav class="toc".*?</nav>`)
	tocEntry = regexp.MustCompile(`<li>(<a [^>]*>[^<]*</a>)</li>`)
)

// tocOf returns the entries of the table of contents of a page, and
// whole table's text.
func tocOf(t *testing.T, files map[string][]byte, name string) ([]string, string) {
	t.Helper()
	nav := tocNav.FindString(string(files[name]))
	if nav == "" {
		t.Fatalf("%s has no table of contents", name)
	}
	var entries []string
	for _, m := range tocEntry.FindAllStringSubmatch(nav, -1) {
		entries = append(entries, m[1])
	}
	return entries, nav
}

// TestTOCSmallSections: sections up to tocFull pages are listed in full
// on every page, with no contents page.
func TestTOCSmallSections(t *testing.T) {
	t.Parallel()
	s, err := Build(t.Context(), Options{Content: "content", FS: sectionSite(tocFull)})
	if err != nil {
		t.Fatal(err)
	}
	// The home page and the notation page, tocFull pages of "long", one
	// of "short".
	entries, nav := tocOf(t, s.Files, "ru/long/p0001.html")
	if len(entries) != tocFull+3 {
		t.Errorf("ru/long/p0001.html: %d entries in the table of contents, want %d", len(entries), tocFull+3)
	}
	if !slices.Contains(entries, `<a href="../notation.html">Запись ходов</a>`) {
		t.Errorf("ru/long/p0001.html: the table of contents does not list the notation page:\n%s", nav)
	}
	if strings.Contains(nav, "contents.html") {
		t.Errorf("the table of contents links a contents page though every section is listed in full:\n%s", nav)
	}
	if _, ok := s.Files["ru/contents.html"]; ok {
		t.Error("ru/contents.html was built though every section is listed in full")
	}
}

// TestTOCLargeSections: a section of more than tocFull pages shows a
// window around the current page and links to the contents page, which
// lists every page; every page's table of contents has the same bounded
// size whatever the section's size, and the reading order still runs
// through every page.
func TestTOCLargeSections(t *testing.T) {
	t.Parallel()
	const n = 100
	s, err := Build(t.Context(), Options{Content: "content", FS: sectionSite(n)})
	if err != nil {
		t.Fatal(err)
	}
	window := 2*tocAround + 1
	for _, tc := range []struct {
		page        string
		first, last int // the window of section "long" shown
		before      string
		after       string
	}{
		{"ru/long/p0001.html", 1, window, "", "ещё 85 страниц"},
		{"ru/long/p0050.html", 50 - tocAround, 50 + tocAround, "ещё 42 страницы", "ещё 43 страницы"},
		{"ru/long/p0100.html", n - window + 1, n, "ещё 85 страниц", ""},
		{"uk/long/p0099.html", n - window + 1, n, "ще 85 сторінок", ""},
		// A page of another section sees the section's first pages.
		{"ru/short/a.html", 1, window, "", "ещё 85 страниц"},
	} {
		entries, nav := tocOf(t, s.Files, tc.page)
		var got []string
		for _, e := range entries {
			if m := regexp.MustCompile(`p(\d{4})\.html`).FindStringSubmatch(e); m != nil {
				got = append(got, m[1])
			}
		}
		var want []string
		for k := tc.first; k <= tc.last; k++ {
			want = append(want, fmt.Sprintf("%04d", k))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: section entries %v, want %v", tc.page, got, want)
		}
		// The window, the home page and the notation page, the page of
		// the other section.
		if len(entries) != window+3 {
			t.Errorf("%s: %d entries, want %d", tc.page, len(entries), window+3)
		}
		more := regexp.MustCompile(`<li class="more"><a href="(?:\.\./)?contents\.html#s-\d+">… ([^<]*)</a></li>`).FindAllStringSubmatch(nav, -1)
		var gotMore []string
		for _, m := range more {
			gotMore = append(gotMore, m[1])
		}
		var wantMore []string
		for _, m := range []string{tc.before, tc.after} {
			if m != "" {
				wantMore = append(wantMore, m)
			}
		}
		if strings.Join(gotMore, "|") != strings.Join(wantMore, "|") {
			t.Errorf("%s: links to the contents page %q, want %q", tc.page, gotMore, wantMore)
		}
		if strings.HasPrefix(tc.page, "ru/long/") {
			self := tc.page[len("ru/long/"):]
			if !strings.Contains(nav, `href="`+self+`" aria-current="page"`) {
				t.Errorf("%s: its own entry is not marked current", tc.page)
			}
		}
	}

	contents := string(s.Files["ru/contents.html"])
	if contents == "" {
		t.Fatal("ru/contents.html was not built")
	}
	main := contents[strings.Index(contents, "<main"):]
	for k := 1; k <= n; k++ {
		if want := fmt.Sprintf(`href="long/p%04d.html"`, k); !strings.Contains(main, want) {
			t.Errorf("ru/contents.html does not list %s", want)
		}
	}
	if !strings.Contains(main, `<section id="s-2">`) {
		t.Error("ru/contents.html has no anchor for section 2")
	}
	if !strings.Contains(contents, `hreflang="uk" lang="uk"`) || !strings.Contains(string(s.Files["uk/contents.html"]), "Увесь зміст") {
		t.Error("the contents pages do not link each other or are not translated")
	}

	// The reading order runs through every page of the section.
	for k := 1; k < n; k++ {
		page := fmt.Sprintf("ru/long/p%04d.html", k)
		if next := fmt.Sprintf(`rel="next" href="p%04d.html"`, k+1); !strings.Contains(string(s.Files[page]), next) {
			t.Fatalf("%s does not lead to the next page (%s)", page, next)
		}
	}

	// A page's table of contents does not grow with the section.
	big, err := Build(t.Context(), Options{Content: "content", FS: sectionSite(4 * n)})
	if err != nil {
		t.Fatal(err)
	}
	_, small := tocOf(t, s.Files, "ru/long/p0050.html")
	_, large := tocOf(t, big.Files, "ru/long/p0050.html")
	if d := len(large) - len(small); d < 0 || d > 16 {
		t.Errorf("the table of contents of a page grew from %d to %d bytes when its section grew from %d to %d pages", len(small), len(large), n, 4*n)
	}
}

// TestContentsPagePath: a page written where the contents page goes is
// an error, when the build makes a contents page.
func TestContentsPagePath(t *testing.T) {
	t.Parallel()
	files := sectionSite(tocFull + 1)
	files["ru/contents.md"] = pageText("Оглавление", "Моё.")
	files["uk/contents.md"] = pageText("Зміст", "Мій.")
	got := buildErrors(t, files)
	for _, want := range []string{"content/ru/contents.md:1:1: the page would be written to ru/contents.html", "content/uk/contents.md:1:1:"} {
		if !strings.Contains(got, want) {
			t.Errorf("errors do not contain %q:\n%s", want, got)
		}
	}
	// Without a large section, the name is the author's.
	files = sectionSite(3)
	files["ru/contents.md"] = pageText("Оглавление", "Моё.")
	files["uk/contents.md"] = pageText("Зміст", "Мій.")
	if got := buildErrors(t, files); got != "" {
		t.Errorf("a page at contents.md with no large section: %s", got)
	}
}

// TestNoCheckerLeavesOutItsPage: a build without the checker has no page
// with the checker's block editor (in the table of contents, the sitemap
// or on disk), and no checker form anywhere; a link to that page keeps
// its text, without the link. With the checker, the page is built.
func TestNoCheckerLeavesOutItsPage(t *testing.T) {
	t.Parallel()
	editor := pageText("Проверка хода", "```nardy\ngame: long\nposition: start\ndice: 6-5\nshow: diagram editor\n```")
	files := bothLangs(map[string]*fstest.MapFile{
		"index.md":   pageText("Главная", "Текст."),
		"checker.md": editor,
		"long/a.md":  pageText("А", "```nardy\ngame: long\nposition: start\ndice: 6-5\n```"),
	})
	s, err := Build(t.Context(), Options{Content: "content", FS: files})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ru/checker.html", "uk/checker.html"} {
		if _, ok := s.Files[name]; ok {
			t.Errorf("%s was built without the checker", name)
		}
	}
	for name, data := range s.Files {
		if strings.Contains(string(data), "checker.html") || strings.Contains(string(data), "<form") {
			t.Errorf("%s links the checker's page or has a form in a build without the checker", name)
		}
	}

	with, err := Build(t.Context(), Options{Content: "content", FS: files, Checker: true, Files: map[string][]byte{}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(with.Files["ru/checker.html"]), `<form class="checker editor"`) || !strings.Contains(string(with.Files["ru/index.html"]), `href="checker.html"`) {
		t.Error("with the checker, its page is not built or not in the table of contents")
	}

	files["ru/index.md"] = pageText("Главная", "Есть [проверка хода](checker.md).")
	files["uk/index.md"] = pageText("Головна", "Є [перевірка ходу](checker.md).")
	s, err = Build(t.Context(), Options{Content: "content", FS: files})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(s.Files["ru/index.html"]); !strings.Contains(got, "<p>Есть проверка хода.</p>") {
		t.Errorf("a link to the checker's page in a build without it: %s", got[strings.Index(got, "<article>"):])
	}
}
