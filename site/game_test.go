package site

import (
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// ruleLink matches a rule the game page links: its reason and address.
var ruleLink = regexp.MustCompile(`<li><a data-reason="([a-z-]+)" href="([^"]*)">([^<]*)</a></li>`)

// ruleHrefs returns the addresses a game page links its rules to, by
// reason, unescaped.
func ruleHrefs(t *testing.T, page []byte) map[string]string {
	t.Helper()
	hrefs := map[string]string{}
	for _, m := range ruleLink.FindAllStringSubmatch(string(page), -1) {
		h, err := url.PathUnescape(m[2])
		if err != nil {
			t.Errorf("%s: %q: %v", m[1], m[2], err)
		}
		hrefs[m[1]] = h
	}
	return hrefs
}

// TestGamePage builds the basic site's game page: the contract of
// docs/game.md as the build writes it, without JavaScript.
func TestGamePage(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/basic.txtar")
	s := buildSite(t, files, withChecker)
	ru := string(s.Files["ru/long/play.html"])
	for _, frag := range []string{
		`<title>Сыграть партию в длинные нарды — `,
		`<div class="game" data-game="long" data-lang="ru" data-rules="default" data-loading="Загружается игра…"`,
		`<fieldset disabled>`,
		`<input type="radio" name="mode" value="computer" checked>`,
		`<input type="radio" name="side" value="white" checked>`,
		`<option value="middle" selected>средний</option>`,
		`<option value="default" selected>как на этом сайте: «основной»</option>`,
		`<option value="federation">«турнирный»</option>`,
		`<option value="club">«клубный»</option>`,
		`<button type="button" data-action="new">Новая игра</button>`,
		`<button type="button" data-action="roll" disabled>Бросить кубики</button>`,
		`<button type="button" data-action="confirm" disabled>`,
		`<button type="button" data-action="undo" disabled>`,
		`<button type="button" data-action="hint" disabled>`,
		`data-board="" data-pips="пипы" data-off="выброшено"`,
		`<p class="board-status" role="status"></p>`,
		`<ol class="game-moves"></ol>`,
		`<li><a href="index.html">Длинные нарды</a></li>`,
		`<a href="../../uk/long/play.html" hreflang="uk" lang="uk">Українська</a>`,
		`<li><a href="play.html" aria-current="page">Сыграть партию</a></li>`,
	} {
		if !strings.Contains(ru, frag) {
			t.Errorf("ru/long/play.html lacks %q", frag)
		}
	}
	// The page loads the game's module, which comes with the checker's
	// (the build command hands the modules over while the pages are
	// written, as it does for the rule pages' checker.wasm).
	if !strings.Contains(ru, `<script src="../../game.js" data-wasm="../../game.wasm" defer></script>`) {
		t.Error("ru/long/play.html does not load the game's module")
	}
	// Long nardy without long-cube=on has no cube; the setup is the only
	// form.
	for _, frag := range []string{`name="cube"`, `data-action="double"`, `checker.js`, `edit.link`} {
		if strings.Contains(ru, frag) {
			t.Errorf("ru/long/play.html has %q", frag)
		}
	}
	// Only the form's own button is in the disabled fieldset; every
	// other button, and the copy's text boxes, are disabled themselves.
	setup := ru[strings.Index(ru, `<form class="game-setup"`):strings.Index(ru, `</form>`)]
	for _, b := range regexp.MustCompile(`<(?:button|textarea)[^>]*>`).FindAllString(strings.Replace(ru, setup, "", 1), -1) {
		if !strings.Contains(b, " disabled") {
			t.Errorf("a button outside the setup is enabled without JavaScript: %s", b)
		}
	}
	// Every page of the game's section lists it, after the section's
	// pages and before its print document.
	if head := string(s.Files["ru/long/head.html"]); !strings.Contains(head, "<li><a href=\"home.html\">Дом и выброс</a></li>\n      <li><a href=\"play.html\">Сыграть партию</a></li>\n      <li><a href=\"print.html\">") {
		t.Error("ru/long/head.html's table of contents does not list the game page after the section's pages")
	}
	if uk := string(s.Files["uk/long/play.html"]); !strings.Contains(uk, `<h1>Зіграти партію в довгі нарди</h1>`) || !strings.Contains(uk, `data-lang="uk"`) {
		t.Error("uk/long/play.html is not in Ukrainian")
	}
	checkGolden(t, "ru/long/play.html", "", s.Files["ru/long/play.html"])
}

// TestGamePageCube: short nardy's page offers the cube, off; long
// nardy's only on a site whose profile plays long nardy with a cube.
func TestGamePageCube(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		config    string
		long, sh  bool
		longRules string
	}{
		{"", false, true, "default"},
		{"rules: long-cube=on\n", true, true, "default long-cube=on"},
	} {
		files := bothLangs(map[string]*fstest.MapFile{
			"index.md":       pageText("Главная", "Текст."),
			"long/index.md":  pageText("Длинные", "[Сыграть](play.md)"),
			"short/index.md": pageText("Короткие", "[Сыграть](play.md)"),
		})
		if c.config != "" {
			files[ConfigFile] = &fstest.MapFile{Data: []byte(c.config)}
		}
		s := buildSite(t, files, withChecker)
		long, short := string(s.Files["ru/long/play.html"]), string(s.Files["ru/short/play.html"])
		if got := strings.Contains(long, `<input type="checkbox" name="cube">`); got != c.long {
			t.Errorf("%q: long nardy offers the cube: %v", c.config, got)
		}
		if got := strings.Contains(long, `data-action="double"`); got != c.long {
			t.Errorf("%q: long nardy's double button: %v", c.config, got)
		}
		if !strings.Contains(short, `<input type="checkbox" name="cube">`) || !strings.Contains(short, `<button type="button" data-action="take" disabled hidden>Принять</button>`) {
			t.Errorf("%q: short nardy does not offer the cube", c.config)
		}
		if !strings.Contains(long, `data-rules="`+c.longRules+`"`) {
			t.Errorf("%q: long nardy's page does not follow the site's profile", c.config)
		}
		if !strings.Contains(string(s.Files["ru/long/index.html"]), `<a href="play.html">Сыграть</a>`) {
			t.Errorf("%q: a page does not link its game page as play.md", c.config)
		}
	}
}

// TestGameProfiles: the site's profile first, then each preset that
// reads the game's rules otherwise; every value is read back by
// engine.ParseRules as the profile it names.
func TestGameProfiles(t *testing.T) {
	club, _ := engine.ParseRules(engine.DefaultRules, "club")
	for _, c := range []struct {
		site engine.Rules
		g    engine.Game
		want []string
	}{
		{engine.DefaultRules, engine.Long, []string{"default", "federation", "no-draws", "club"}},
		{engine.DefaultRules, engine.Short, []string{"default", "eastern"}},
		{club, engine.Long, []string{"club", "default", "federation", "no-draws"}},
		// The club reads short nardy as the default does.
		{club, engine.Short, []string{"club", "eastern"}},
	} {
		var got []string
		for _, p := range gameProfiles(i18n.RU, c.site, c.g) {
			got = append(got, p.Value)
			r, err := engine.ParseRules(engine.DefaultRules, p.Value)
			if err != nil || r.Profile() != p.Value {
				t.Errorf("%s %s: the value %q reads as %q (%v)", c.site.Profile(), c.g, p.Value, r.Profile(), err)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %s: profiles %q, want %q", c.site.Profile(), c.g, got, c.want)
		}
	}
	if got := gameProfiles(i18n.UK, club, engine.Short)[0].Label; got != "як на цьому сайті: «клубний»" {
		t.Errorf("the site's profile in Ukrainian: %q", got)
	}
	// A profile is named by the changes that concern the game only.
	cube, _ := engine.ParseRules(engine.DefaultRules, "long-cube=on")
	if got := gameProfiles(i18n.RU, cube, engine.Short)[0].Label; got != "как на этом сайте: «основной»" {
		t.Errorf("short nardy names long nardy's cube: %q", got)
	}
	if got, all := gameProfiles(i18n.RU, cube, engine.Long)[0].Label, profileName(i18n.RU, cube); got != "как на этом сайте: "+all || !strings.Contains(all, " с изменениями: ") {
		t.Errorf("long nardy's page names its site's profile %q, want it as the footer does: %q", got, all)
	}
}

// TestGameRuleLinks builds content/: on every game page, every rule a
// move may be refused by links a heading or figure id that exists on
// the page it names, one link per reason of ruleRefs, and the build
// warns of none; the game's index page and quick start link the game
// page.
func TestGameRuleLinks(t *testing.T) {
	t.Parallel()
	s, err := Build(t.Context(), Options{Content: filepath.Join("..", "content"), Checker: true, Files: map[string][]byte{}})
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`\bid="([^"]+)"`)
	for _, w := range s.Warnings {
		if strings.Contains(w.Msg, "the game page") {
			t.Errorf("content/: %s", w)
		}
	}
	for _, l := range i18n.Langs {
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			name := gameURL(l, g)
			page := string(s.Files[name])
			if page == "" {
				t.Fatalf("%s was not built", name)
			}
			// The game's index page and its quick start invite the reader
			// to play, in their text (not only in the table of contents).
			for _, from := range []string{"index.html", "quick-start.html"} {
				html := string(s.Files[path.Join(path.Dir(name), from)])
				if article := html[strings.Index(html, "<article"):]; !strings.Contains(article, `<a href="play.html">`) {
					t.Errorf("%s/%s does not link the game page in its text", path.Dir(name), from)
				}
			}
			links := ruleLink.FindAllStringSubmatch(page, -1)
			if len(links) != len(ruleRefs[g]) {
				t.Errorf("%s: %d rule links, want %d", name, len(links), len(ruleRefs[g]))
			}
			for k, m := range links {
				if k < len(ruleRefs[g]) && m[1] != ruleRefs[g][k].Reason.String() {
					t.Errorf("%s: link %d is for %q, want %q", name, k, m[1], ruleRefs[g][k].Reason)
				}
				file, id, ok := strings.Cut(m[2], "#")
				if !ok {
					t.Errorf("%s: %s links %q, no section", name, m[1], m[2])
					continue
				}
				id, err := url.PathUnescape(id)
				if err != nil {
					t.Errorf("%s: %s links %q: %v", name, m[1], m[2], err)
				}
				target := path.Join(path.Dir(name), file)
				html, ok := s.Files[target]
				if !ok {
					t.Errorf("%s: %s links %s, which is not built", name, m[1], target)
					continue
				}
				found := false
				for _, im := range ids.FindAllStringSubmatch(string(html), -1) {
					found = found || im[1] == id
				}
				if !found {
					t.Errorf("%s: %s links %s#%s, which has no such id", name, m[1], target, id)
				}
				if m[3] == "" {
					t.Errorf("%s: %s has no words", name, m[1])
				}
			}
		}
	}
}

// TestGameRuleReasons: the reasons a game page lists are the engine's,
// each once, with words in both languages; those left out are those
// that refuse nothing on a board.
func TestGameRuleReasons(t *testing.T) {
	notOnBoard := []engine.Reason{engine.ReasonLegal, engine.ReasonSyntax, engine.ReasonGameOver, engine.ReasonNotListed, engine.ReasonStepByStep}
	for g, refs := range ruleRefs {
		seen := map[engine.Reason]bool{}
		for _, ref := range refs {
			if seen[ref.Reason] {
				t.Errorf("%s: %s listed twice", g, ref.Reason)
			}
			seen[ref.Reason] = true
			if slices.Contains(notOnBoard, ref.Reason) || strings.HasPrefix(ref.Reason.String(), "reason-") {
				t.Errorf("%s: %s refuses nothing on a board", g, ref.Reason)
			}
			if section(ref.Page) != g.String() {
				t.Errorf("%s: %s is stated on %s, outside the game's section", g, ref.Reason, ref.Page)
			}
			for _, l := range i18n.Langs {
				if ref.Heading[l] == "" || strings.HasPrefix(ruleText(l, g, ref.Reason), "gp.rule.") {
					t.Errorf("%s %s: %s has no heading or no words", g, l, ref.Reason)
				}
			}
		}
		// Every reason that may refuse a move in g is listed.
		for r := engine.ReasonLegal; r <= engine.ReasonStepByStep; r++ {
			if slices.Contains(notOnBoard, r) {
				continue
			}
			onlyShort := r == engine.ReasonBarFirst || r == engine.ReasonEntryClosed || r == engine.ReasonHitAndHide
			onlyLong := r == engine.ReasonHead || r == engine.ReasonSixBlock
			if want := !(g == engine.Long && onlyShort) && !(g == engine.Short && onlyLong); want != seen[r] {
				t.Errorf("%s: %s listed %v, want %v", g, r, seen[r], want)
			}
		}
	}
}

// TestGameRulesFallback: a site without the pages, or the headings, the
// rules are stated under links them to the game's index page, and warns
// once per game page, at that page, of what it lacks.
func TestGameRulesFallback(t *testing.T) {
	t.Parallel()
	files := publisherSite("base-url: https://nardy.example/\n")
	s := buildSite(t, files, withChecker)
	var warns []string
	for _, w := range s.Warnings {
		warns = append(warns, WarningLine(w))
	}
	want := []string{
		"content/ru/long/index.md:1:1: warning: the game page ru/long/play.html links 12 of its 12 rules here, not to the sections that state them: no page moving.md, board.md, six-block.md, bear-off.md, no-move.md; no heading «Одна шашка с головы за ход» in head.md",
		"content/uk/long/index.md:1:1: warning: the game page uk/long/play.html links 12 of its 12 rules here, not to the sections that state them: no page moving.md, board.md, six-block.md, bear-off.md, no-move.md; no heading «Одна шашка з голови за хід» in head.md",
	}
	if !slices.Equal(warns, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
	page := string(s.Files["ru/long/play.html"])
	for _, m := range ruleLink.FindAllStringSubmatch(page, -1) {
		if m[2] != "index.html" {
			t.Errorf("%s links %q, want the game's index page", m[1], m[2])
		}
	}
	// With the head's heading, its rule links its section; the others
	// still fall back.
	files["ru/long/head.md"] = pageText("Голова", "## Одна шашка с головы за ход\nТекст.")
	s = buildSite(t, files, withChecker)
	if got := ruleHrefs(t, s.Files["ru/long/play.html"])["head"]; got != "head.html#одна-шашка-с-головы-за-ход" {
		t.Errorf("the head's rule links %q, not its section", got)
	}
	if got := WarningLine(s.Warnings[0]); !strings.Contains(got, "links 11 of its 12 rules here") || strings.Contains(got, "no heading") {
		t.Errorf("warning: %s", got)
	}
}

// TestGamePageOneLanguage: a site in one language has game pages in
// that language only, which link no translation.
func TestGamePageOneLanguage(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		ConfigFile:           {Data: []byte("languages: [uk]\nbase-url: https://nardy.example/\n")},
		"uk/index.md":        pageText("Головна", "Текст."),
		"uk/short/index.md":  pageText("Короткі нарди", "Розділ."),
		"uk/short/moving.md": pageText("Як ходять", "## Кожен кубик — окремий хід\nТекст."),
	}
	s := buildSite(t, files, withChecker)
	var built []string
	for name := range s.Files {
		if strings.HasSuffix(name, "/play.html") {
			built = append(built, name)
		}
	}
	if !slices.Equal(built, []string{"uk/short/play.html"}) {
		t.Errorf("game pages %q, want only uk/short/play.html", built)
	}
	page := string(s.Files["uk/short/play.html"])
	if strings.Contains(page, `hreflang="ru"`) || strings.Contains(page, `class="langs"`) {
		t.Error("uk/short/play.html links a translation the site does not have")
	}
	if got := ruleHrefs(t, s.Files["uk/short/play.html"])["no-checker"]; got != "moving.html#кожен-кубик-окремий-хід" {
		t.Errorf("uk/short/play.html links no-checker to %q, not the section it has", got)
	}
	if sm := string(s.Files["sitemap.xml"]); !strings.Contains(sm, "<loc>https://nardy.example/uk/short/play.html</loc>") || strings.Contains(sm, "/ru/") {
		t.Errorf("sitemap.xml:\n%s", sm)
	}
}

// TestGamePagePathTaken: a page where the build writes a game page is a
// problem; a link to the game page with an anchor is one too.
func TestGamePagePathTaken(t *testing.T) {
	t.Parallel()
	files := bothLangs(map[string]*fstest.MapFile{
		"index.md":      pageText("Главная", "x"),
		"long/index.md": pageText("Длинные", "x"),
		"long/play.md":  pageText("Моя игра", "x"),
	})
	if got := gameBuildErrors(t, files); !strings.Contains(got, "content/ru/long/play.md:1:1: the page would be written to ru/long/play.html, where the build writes the game page of long nardy; rename the page") {
		t.Errorf("a page in the game page's place:\n%s", got)
	}
	files = bothLangs(map[string]*fstest.MapFile{
		"index.md":      pageText("Главная", "[Игра](long/play.md#доска)"),
		"long/index.md": pageText("Длинные", "x"),
	})
	if got := gameBuildErrors(t, files); !strings.Contains(got, `link "long/play.md#доска": the game page has no sections to link to`) {
		t.Errorf("a link into the game page:\n%s", got)
	}
	// A game the site has no section for has no game page to link.
	files = bothLangs(map[string]*fstest.MapFile{
		"index.md":      pageText("Главная", "[Игра](short/play.md)"),
		"long/index.md": pageText("Длинные", "x"),
	})
	if got := gameBuildErrors(t, files); !strings.Contains(got, `broken link "short/play.md"`) {
		t.Errorf("a link to a game page the site does not have:\n%s", got)
	}
}

// TestNoCheckerNoGamePage: a build without the checker has no game to
// play: no game page, none in the table of contents or the sitemap, and
// a link to one keeps its text, without the link.
func TestNoCheckerNoGamePage(t *testing.T) {
	t.Parallel()
	files := bothLangs(map[string]*fstest.MapFile{
		"index.md":      pageText("Главная", "x"),
		"long/index.md": pageText("Длинные", "Можно [сыграть партию](play.md)."),
	})
	files[ConfigFile] = &fstest.MapFile{Data: []byte("base-url: https://nardy.example/\n")}
	s := buildSite(t, files, Options{})
	for name, data := range s.Files {
		if strings.HasSuffix(name, "play.html") || strings.Contains(string(data), "play.html") {
			t.Errorf("%s: a game page in a build without the checker", name)
		}
	}
	if got := string(s.Files["ru/long/index.html"]); !strings.Contains(got, "<p>Можно сыграть партию.</p>") {
		t.Errorf("the link to the game page: %s", got[strings.Index(got, "<article>"):])
	}
	if len(s.Warnings) != 0 {
		t.Errorf("warnings: %v", s.Warnings)
	}
}

// withChecker builds a site with the checker, without its modules: the
// game pages are built, and load no module.
var withChecker = Options{Checker: true, Files: map[string][]byte{}}

// gameBuildErrors builds files with the checker and returns the
// problems, one a line.
func gameBuildErrors(t *testing.T, files fstest.MapFS) string {
	t.Helper()
	_, err := Build(t.Context(), Options{Content: "content", FS: files, Checker: true, Files: map[string][]byte{}})
	if err == nil {
		return ""
	}
	return err.Error()
}
