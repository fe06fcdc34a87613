package site

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
)

// publisherSite is a small site of both languages with a section of long
// nardy (which has a print document), and config as its nardydocs.yaml.
func publisherSite(config string) fstest.MapFS {
	files := bothLangs(map[string]*fstest.MapFile{
		"index.md":      pageText("Главная", "[Голова](long/head.md)"),
		"long/index.md": pageText("Длинные нарды", "Раздел."),
		"long/head.md":  pageText("Голова", "## Первый ход\nТекст."),
	})
	if config != "" {
		files[ConfigFile] = &fstest.MapFile{Data: []byte(config)}
	}
	return files
}

// buildSite builds files with opt, failing the test on a problem.
func buildSite(t *testing.T, files fstest.MapFS, opt Options) *Site {
	t.Helper()
	opt.Content, opt.FS = "content", files
	s, err := Build(t.Context(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSiteTitle: the site's name from nardydocs.yaml is on every page the
// build writes, the booklet, contents and chooser among them, and the
// default name on none.
func TestSiteTitle(t *testing.T) {
	t.Parallel()
	s := buildSite(t, publisherSite("title: {ru: Правила клуба «Шеш», uk: Правила клубу «Шеш»}\n"), Options{})
	names := map[string]string{"ru/": "Правила клуба «Шеш»", "uk/": "Правила клубу «Шеш»"}
	pages := 0
	for _, name := range s.Paths() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		pages++
		html := string(s.Files[name])
		for _, old := range []string{"Нарды: правила с картинками", "Нарди: правила з малюнками"} {
			if strings.Contains(html, old) {
				t.Errorf("%s still names the site %q", name, old)
			}
		}
		for prefix, title := range names {
			if strings.HasPrefix(name, prefix) && !strings.Contains(html, "<title>") || strings.HasPrefix(name, prefix) && !strings.Contains(html, title) {
				t.Errorf("%s does not name the site %q", name, title)
			}
		}
	}
	for _, name := range []string{"ru/long/print.html", "uk/long/print.html", "ru/notation.html"} {
		if _, ok := s.Files[name]; !ok {
			t.Errorf("no %s among %d pages", name, pages)
		}
	}
	booklet := string(s.Files["ru/long/print.html"])
	if !strings.Contains(booklet, `<p class="printed">Правила клуба «Шеш» · `) || !strings.Contains(booklet, `<a class="brand" href="../index.html">Правила клуба «Шеш»</a>`) {
		t.Errorf("the booklet's foot and header do not name the site")
	}
	choose := string(s.Files["index.html"])
	if !strings.Contains(choose, "<title>Правила клуба «Шеш» · Правила клубу «Шеш»</title>") {
		t.Errorf("the chooser's title: %s", choose[strings.Index(choose, "<title>"):strings.Index(choose, "</title>")])
	}
}

// TestOneLanguageSite: a site of one language builds without the other's
// directory, and nothing of it links to that language.
func TestOneLanguageSite(t *testing.T) {
	t.Parallel()
	files := publisherSite("languages: [uk]\n")
	for name := range files {
		if strings.HasPrefix(name, "ru/") {
			delete(files, name)
		}
	}
	s := buildSite(t, files, Options{})
	if s.Pages != 3 {
		t.Errorf("%d pages, want the 3 Ukrainian ones", s.Pages)
	}
	for _, name := range s.Paths() {
		if strings.HasPrefix(name, "ru/") {
			t.Errorf("the site has %s", name)
		}
		if data := string(s.Files[name]); strings.Contains(data, "ru/") || strings.Contains(data, `hreflang="ru"`) {
			t.Errorf("%s links to the Russian site", name)
		}
	}
	if strings.Contains(string(s.Files["uk/long/head.html"]), `class="langs"`) {
		t.Errorf("a page of a site of one language offers a choice of languages")
	}
	if !strings.Contains(string(s.Files["index.html"]), `<meta http-equiv="refresh" content="0; url=uk/index.html">`) {
		t.Errorf("the root page does not lead to the only language's home page")
	}
	// The other language's directory is a warning: it is not built.
	files["ru/index.md"] = pageText("Главная", "Текст.")
	s = buildSite(t, files, Options{})
	if got := s.Warnings.Error(); !strings.Contains(got, `content/ru: not built: the site's languages are uk ("languages:" in nardydocs.yaml)`) {
		t.Errorf("warnings: %s", got)
	}
	// A language the configuration names needs its directory.
	delete(files, "ru/index.md")
	files[ConfigFile] = &fstest.MapFile{Data: []byte("languages: [uk, ru]\n")}
	if got := buildErrors(t, files); got != `content/ru: missing language directory; create it, or leave ru out of "languages:" in nardydocs.yaml` {
		t.Errorf("problems: %s", got)
	}
}

// TestFallbackTranslations: with translations: fallback a page missing in
// a language is a warning; that language's contents list the other's
// page, in its language, with a note, and its links lead there. Strict,
// the build fails as it always did.
func TestFallbackTranslations(t *testing.T) {
	t.Parallel()
	files := publisherSite("translations: fallback\n")
	delete(files, "uk/long/head.md")
	delete(files, "uk/index.md")
	files["uk/long/a.md"] = pageText("А", "[голова](head.md#первый-ход) [ще](head.md)")
	files["ru/long/a.md"] = pageText("А", "[голова](head.md#первый-ход) [ещё](head.md)")
	s := buildSite(t, files, Options{BaseURL: "https://nardy.example/"})
	want := []string{
		"content/ru/index.md:1:1: missing translation: content/uk/index.md does not exist; the Ukrainian contents list this page instead (translations: fallback)",
		"content/ru/long/head.md:1:1: missing translation: content/uk/long/head.md does not exist; the Ukrainian contents list this page instead (translations: fallback)",
	}
	if got := s.Warnings.Error(); got != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	a := string(s.Files["uk/long/a.html"])
	for _, want := range []string{
		`<li><a href="../../ru/long/head.html" hreflang="ru" lang="ru">Голова</a> <span class="note">(лише російською)</span></li>`,
		`<a href="../../ru/long/head.html#` + url.PathEscape("первый-ход") + `">голова</a>`, // the anchor, which the Russian page has
		`<a href="../../ru/long/head.html">ще</a>`,
		`<a class="brand" href="../../ru/index.html">`, // the home page stands in too
	} {
		if !strings.Contains(a, want) {
			t.Errorf("uk/long/a.html has no %s", want)
		}
	}
	if _, ok := s.Files["uk/long/head.html"]; ok {
		t.Errorf("the missing page was made up")
	}
	if booklet, ok := s.Files["uk/long/print.html"]; !ok || strings.Contains(string(booklet), `<h2 class="print-page-title">Голова`) {
		t.Errorf("the Ukrainian booklet is missing, or holds the Russian page")
	}
	// The same site, strict: the build fails, at each missing page.
	files[ConfigFile] = &fstest.MapFile{Data: []byte("translations: strict\n")}
	if got := buildErrors(t, files); strings.Count(got, "missing translation: ") != 2 || !strings.Contains(got, `content/ru/long/head.md:1:1: missing translation: content/uk/long/head.md does not exist; write it, or set "translations: fallback" in content/nardydocs.yaml`) {
		t.Errorf("problems:\n%s", got)
	}
	// Without the key, the build's option decides.
	delete(files, ConfigFile)
	if _, err := Build(t.Context(), Options{Content: "content", FS: files}); err == nil {
		t.Errorf("a build without translations: fallback took the missing pages")
	}
	buildSite(t, files, Options{Translations: Fallback})
}

// TestDrafts: a page with "draft: true" is left out of a build without the
// drafts, and a link to it from a published page is a problem at the
// link; with the drafts it is built, marked as a draft in the page and in
// the contents, and the link is a warning.
func TestDrafts(t *testing.T) {
	t.Parallel()
	files := publisherSite("")
	draft := &fstest.MapFile{Data: []byte("---\ntitle: Новое\ndraft: true\n---\n```nardy\nbroken\n```\n")}
	files["ru/long/new.md"], files["uk/long/new.md"] = draft, draft
	files["ru/long/head.md"] = pageText("Голова", "См. [новое](new.md).")
	_, err := Build(t.Context(), Options{Content: "content", FS: files})
	var list engine.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Error() != `content/ru/long/head.md:4:5: link "new.md": content/ru/long/new.md is a draft ("draft: true"), left out of the build: publish it, or link it once it is (build --drafts builds the drafts too)` {
		t.Fatalf("problems (the draft's own are not reported): %v", err)
	}
	files["ru/long/head.md"] = pageText("Голова", "Текст.")
	s := buildSite(t, files, Options{})
	if _, ok := s.Files["ru/long/new.html"]; ok || s.Pages != 6 {
		t.Errorf("the draft is built: %d pages", s.Pages)
	}
	for _, name := range s.Paths() {
		if strings.Contains(string(s.Files[name]), "new.html") {
			t.Errorf("%s links to the draft", name)
		}
	}
	// With the drafts: marked, and a link to one is a warning.
	fixed := &fstest.MapFile{Data: []byte("---\ntitle: Новое\ndraft: true\n---\nТекст.\n")}
	files["ru/long/new.md"], files["uk/long/new.md"] = fixed, fixed
	files["ru/long/head.md"] = pageText("Голова", "См. [новое](new.md).")
	s = buildSite(t, files, Options{Drafts: true, BaseURL: "https://nardy.example/"})
	page := string(s.Files["ru/long/new.html"])
	if !strings.Contains(page, `<p class="draft-note" role="note">Черновик: эта страница ещё не опубликована.</p>`) {
		t.Errorf("the draft has no mark")
	}
	if !strings.Contains(page, `<li><a href="new.html" aria-current="page">Новое</a> <span class="note">(черновик)</span></li>`) {
		t.Errorf("the contents do not mark the draft")
	}
	if strings.Contains(string(s.Files["ru/long/head.html"]), "draft-note") {
		t.Errorf("a published page is marked as a draft")
	}
	if got := s.Warnings.Error(); got != `content/ru/long/head.md:4:5: link "new.md": content/ru/long/new.md is a draft: a build without the drafts fails here until it is published` {
		t.Errorf("warnings: %s", got)
	}
	// A draft whose translation is published.
	files["uk/long/new.md"] = pageText("Нове", "Текст.")
	files["ru/long/head.md"] = pageText("Голова", "Текст.")
	if got := buildErrors(t, files); got != `content/uk/long/new.md:1:1: its translation content/ru/long/new.md is a draft ("draft: true"), left out of the build: mark both pages as drafts, or neither (or set "translations: fallback" in content/nardydocs.yaml)` {
		t.Errorf("problems: %s", got)
	}
	files["ru/long/new.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Новое\ndraft: maybe\n---\n")}
	if got := buildErrors(t, files); !strings.HasPrefix(got, `content/ru/long/new.md:3:8: draft "maybe": write "true"`) {
		t.Errorf("problems: %s", got)
	}
}

// TestLogoAndEditLink: the logo is copied into the site and shown beside
// its name on every page; every content page links to its source.
func TestLogoAndEditLink(t *testing.T) {
	t.Parallel()
	files := publisherSite("logo: art/Logo.PNG\nedit-url: https://git.example/club/edit/main/content/{path}\n")
	files["art/Logo.PNG"] = &fstest.MapFile{Data: []byte("\x89PNG logo")}
	s := buildSite(t, files, Options{})
	if string(s.Files["logo.png"]) != "\x89PNG logo" {
		t.Errorf("logo.png: %q", s.Files["logo.png"])
	}
	head := string(s.Files["uk/long/head.html"])
	for _, want := range []string{
		`<a class="brand" href="../index.html"><img class="logo" src="../../logo.png" alt="">Нарди: правила з малюнками</a>`,
		`<p class="edit"><a href="https://git.example/club/edit/main/content/uk/long/head.md">Редагувати цю сторінку</a></p>`,
	} {
		if !strings.Contains(head, want) {
			t.Errorf("uk/long/head.html has no %s", want)
		}
	}
	if notation := string(s.Files["ru/notation.html"]); !strings.Contains(notation, `src="../logo.png"`) || strings.Contains(notation, `class="edit"`) {
		t.Errorf("the generated notation page: logo %v, an edit link %v", strings.Contains(notation, `src="../logo.png"`), strings.Contains(notation, `class="edit"`))
	}
}
