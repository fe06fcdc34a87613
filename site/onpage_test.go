package site

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// onPageSite is a site whose page in each language has a second-level
// heading, with a line of text, for each of titles (ru, uk).
func onPageSite(ru, uk []string) fstest.MapFS {
	page := func(titles []string) []byte {
		var b strings.Builder
		b.WriteString("---\ntitle: T\n---\nВступление.\n")
		for _, s := range titles {
			b.WriteString("\n## " + s + "\n\nТекст.\n")
		}
		return []byte(b.String())
	}
	return fstest.MapFS{"ru/index.md": {Data: page(ru)}, "uk/index.md": {Data: page(uk)}}
}

var (
	hrefText = regexp.MustCompile(`<a href="([^"]*)">([^<]*)</a>`)
	tagRE    = regexp.MustCompile(`<[^>]+>`)
)

// linkTexts returns the links of an HTML fragment as "text→#fragment", the
// fragment decoded.
func linkTexts(t *testing.T, fragment string) []string {
	t.Helper()
	var out []string
	for _, m := range hrefText.FindAllStringSubmatch(fragment, -1) {
		href, err := url.PathUnescape(m[1])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m[2]+"→"+href)
	}
	return out
}

// between returns the part of s from the first from to the next to
// after it, or "" when from is not in s.
func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	j := strings.Index(s[i:], to)
	if j < 0 {
		return s[i:]
	}
	return s[i : i+j]
}

// TestOnPageReading: a long page's list of sections shows its first five
// and folds the rest in a <details> saying how many; a page whose
// sections run in alphabetical order gets a line of their first letters,
// each linking to the first section of its letter; each section of a
// long page ends with a link to the top, and a short page has none.
func TestOnPageReading(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		ru, uk   []string
		lang     string
		shown    int    // entries of the list above the fold
		folded   string // the fold's summary, "" for none
		inFold   int
		letters  string // the line of letters: "Б→#бар В→#ввод", "" for none
		noList   bool   // no list of sections at all
		topLinks int
	}{
		{name: "short page", ru: []string{"Один", "Два"}, uk: []string{"Один", "Два"}, lang: "ru", noList: true},
		{name: "three sections", ru: []string{"Один", "Два", "Три"}, uk: []string{"Один", "Два", "Три"}, lang: "ru", shown: 3, topLinks: 3},
		{name: "seven sections, shown whole", ru: strings.Fields("А Б В Г Д Е Ж"), uk: strings.Fields("А Б В Г Д Е Ж"), lang: "ru", shown: 7, topLinks: 7},
		{
			name:  "glossary, Russian",
			ru:    []string{"Бар", "Басе", "Ввод с бара", "Ёлка", "Ель", "Забор", "Зары", "Кокс", "Марс", "Оин", "Шеш-беш", "Ящик"},
			uk:    []string{"Бар"},
			lang:  "ru",
			shown: 5, folded: "Ещё 7 разделов", inFold: 7,
			// Ё is sorted as Е.
			letters:  "Б→#бар В→#ввод-с-бара Е→#ёлка З→#забор К→#кокс М→#марс О→#оин Ш→#шеш-беш Я→#ящик",
			topLinks: 12,
		},
		{
			name:  "glossary in order, Ukrainian",
			ru:    []string{"Бар"},
			uk:    []string{"Бар", "Гол", "Ґава", "Дім", "Ємність", "Жереб", "Зари", "Игрек", "Ірій", "Їжак", "Йота", "Якір"},
			lang:  "uk",
			shown: 5, folded: "Ще 7 розділів", inFold: 7,
			letters:  "Б→#бар Г→#гол Ґ→#ґава Д→#дім Є→#ємність Ж→#жереб З→#зари И→#игрек І→#ірій Ї→#їжак Й→#йота Я→#якір",
			topLinks: 12,
		},
		{
			name:  "many sections, not in order",
			ru:    []string{"Ход", "Бросок", "Голова", "Дом", "Забор", "Марс", "Кокс", "Оин", "Бар", "Ящик"},
			uk:    []string{"Бар"},
			lang:  "ru",
			shown: 5, folded: "Ещё 5 разделов", inFold: 5,
			topLinks: 10,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := buildSite(t, onPageSite(tc.ru, tc.uk), Options{})
			page := string(s.Files[tc.lang+"/index.html"])
			main := between(page, "<main", "</main>")
			nav := between(main, `<nav class="on-page"`, "</nav>")
			if tc.noList {
				if nav != "" {
					t.Errorf("a short page lists its sections:\n%s", nav)
				}
			} else {
				list := between(nav, "<ul>", "</ul>")
				if n := strings.Count(list, "<li>"); n != tc.shown {
					t.Errorf("the list shows %d sections, want %d:\n%s", n, tc.shown, nav)
				}
			}
			fold := between(nav, `<details class="more">`, "</details>")
			if got := strings.TrimSpace(tagRE.ReplaceAllString(between(fold, "<summary>", "</summary>"), "")); got != tc.folded {
				t.Errorf("the fold says %q, want %q", got, tc.folded)
			}
			if n := strings.Count(fold, "<li>"); n != tc.inFold {
				t.Errorf("the fold holds %d sections, want %d", n, tc.inFold)
			}
			line := between(nav, `<p class="letters">`, "</p>")
			if got := strings.Join(linkTexts(t, line), " "); got != tc.letters {
				t.Errorf("letters %q, want %q", got, tc.letters)
			}
			if n := strings.Count(main, `<p class="to-top"><a href="#top">`); n != tc.topLinks {
				t.Errorf("%d links to the top, want %d", n, tc.topLinks)
			}
			if tc.topLinks > 0 {
				// Each section ends with one: the last thing before the
				// next section's heading, and after the last section.
				want := map[string]string{"ru": "Наверх", "uk": "Угору"}[tc.lang]
				if n := strings.Count(main, `<p class="to-top"><a href="#top">`+want+"</a></p>\n<h2 "); n != tc.topLinks-1 {
					t.Errorf("%d links to the top right before a section's heading, want %d", n, tc.topLinks-1)
				}
				article := between(main, "<article", "</article>")
				if !strings.HasSuffix(strings.TrimSpace(article), `<p class="to-top"><a href="#top">`+want+"</a></p>") {
					t.Errorf("the page's text does not end with a link to the top:\n%s", article[max(0, len(article)-300):])
				}
				intro := between(article, "<p>Вступление.</p>", "<h2 ")
				if strings.Contains(intro, "to-top") {
					t.Error("the text before the first section ends with a link to the top")
				}
			}
		})
	}
}

// TestTopLinksFirstSection: a page whose text starts with its first
// section's heading ends that section with a link to the top too.
func TestTopLinksFirstSection(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("---\ntitle: T\n---\n")
	titles := []string{"Ход", "Бросок", "Голова", "Дом", "Забор", "Марс"}
	for _, s := range titles {
		b.WriteString("\n## " + s + "\n\nТекст.\n")
	}
	s := buildSite(t, fstest.MapFS{"ru/index.md": {Data: []byte(b.String())}, "uk/index.md": {Data: []byte(b.String())}}, Options{})
	article := between(string(s.Files["ru/index.html"]), "<article", "</article>")
	if n := strings.Count(article, `<p class="to-top"><a href="#top">Наверх</a></p>`+"\n<h2 "); n != len(titles)-1 {
		t.Errorf("%d links to the top right before a section's heading, want %d:\n%s", n, len(titles)-1, article)
	}
	if n := strings.Count(article, `class="to-top"`); n != len(titles) {
		t.Errorf("%d links to the top, want %d", n, len(titles))
	}
}
