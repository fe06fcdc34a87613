package site

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TestNotationCodes: every notation the page explains is one the checker
// reads; those a table writes are written so by the engine.
func TestNotationCodes(t *testing.T) {
	for _, c := range notationCodes {
		if _, err := engine.ParseMoves(c.Code); err != nil {
			t.Errorf("%q: %v", c.Code, err)
		}
		for _, l := range i18n.Langs {
			if !l.Has(c.Key) {
				t.Errorf("%s: no text for %q", l, c.Code)
			}
		}
	}
	// The start of long nardy, 6-5: one checker from the head, 24/18/13.
	if v := engine.Explain(engine.StartPosition(engine.Long), engine.Dice{6, 5}, engine.DefaultRules, "24/13"); !v.Legal() || v.Play.Notation() != "24/18/13" {
		t.Errorf("24/13 with 6-5 is %v", v)
	}
}

// TestRoutes checks each side's way round each board, worked out by hand
// from the rules: White always 24 → 1; Black in long nardy from its head
// 12 down to 1, then 24 down to 13; Black in short nardy 1 → 24. The
// arrows run along each row and across from row to row.
func TestRoutes(t *testing.T) {
	for _, c := range []struct {
		g             engine.Game
		s             engine.Side
		route, arrows string
	}{
		{engine.Long, engine.White, "24 → 1", "24/13 13/12 12/1"},
		{engine.Long, engine.Black, "12 → 1, затем 24 → 13", "12/1 1/24 24/13"},
		{engine.Short, engine.White, "24 → 1", "24/13 13/12 12/1"},
		{engine.Short, engine.Black, "1 → 24", "1/12 12/13 13/24"},
	} {
		if got := route(i18n.RU, c.g, c.s); got != c.route {
			t.Errorf("%s %s: route %q, want %q", c.g, c.s, got, c.route)
		}
		if got := engine.FormatSegments(routeArrows(c.g, c.s)); got != c.arrows {
			t.Errorf("%s %s: arrows %q, want %q", c.g, c.s, got, c.arrows)
		}
	}
	if got := route(i18n.UK, engine.Long, engine.Black); got != "12 → 1, потім 24 → 13" {
		t.Errorf("uk: %q", got)
	}
}

// TestNotationPage builds the page in both languages: the numbering of
// the quarters in both counts (Black's own point is 25 − N in short
// nardy; in long nardy White's 13 is Black's 1 and White's 12 Black's
// 24), and every table of moves links to it.
func TestNotationPage(t *testing.T) {
	t.Parallel()
	s, _, err := buildArchive(t, "testdata/basic.txtar", 0)
	if err != nil {
		t.Fatal(err)
	}
	ru := string(s.Files["ru/notation.html"])
	for _, frag := range []string{
		`<title>Запись ходов — `,
		`<tr><th scope="row"><code>13/7*</code></th><td>Звёздочка после пункта: на пункте 7 побита одинокая шашка соперника (только в коротких нардах).</td></tr>`,
		`<tr><th scope="row">справа внизу</th><td>1–6</td><td>13–18</td><td>дом белых</td></tr>`,
		`<tr><th scope="row">слева внизу</th><td>7–12</td><td>19–24</td><td>голова чёрных (пункт 12)</td></tr>`,
		`<tr><th scope="row">слева вверху</th><td>13–18</td><td>1–6</td><td>дом чёрных</td></tr>`,
		`<tr><th scope="row">справа вверху</th><td>19–24</td><td>7–12</td><td>голова белых (пункт 24)</td></tr>`,
		`<tr><th scope="row">справа внизу</th><td>1–6</td><td>24–19</td><td>дом белых; сюда входят с бара чёрные</td></tr>`,
		`<tr><th scope="row">слева внизу</th><td>7–12</td><td>18–13</td><td>—</td></tr>`,
		`<tr><th scope="row">справа вверху</th><td>19–24</td><td>6–1</td><td>дом чёрных; сюда входят с бара белые</td></tr>`,
		`<figcaption>Чёрные: 12 → 1, затем 24 → 13. Голова — пункт 12. Дом — пункты 13–18.</figcaption>`,
		`<figcaption>Чёрные: 1 → 24. Дом — пункты 19–24. С бара входят на пункты 1–6.</figcaption>`,
		`<svg xmlns="http://www.w3.org/2000/svg" id="nt-rolls" class="nardy-board nardy-rolls"`,
		`<a href="../uk/notation.html" hreflang="uk" lang="uk">Українська</a>`,
	} {
		if !strings.Contains(ru, frag) {
			t.Errorf("ru/notation.html lacks %q", frag)
		}
	}
	if uk := string(s.Files["uk/notation.html"]); !strings.Contains(uk, `<figcaption>Чорні: 1 → 24. Дім — пункти 19–24. З бару шашки заряджають на пункти 1–6.</figcaption>`) {
		t.Error("uk/notation.html is not in Ukrainian")
	}
	head := string(s.Files["ru/long/head.html"])
	// Two tables of moves and the rolls table, each with the link.
	if n := strings.Count(head, `<p class="legend"><a href="../notation.html">Как читать запись ходов</a></p>`); n != 3 {
		t.Errorf("ru/long/head.html links the notation %d times, want 3", n)
	}
	checkGolden(t, "ru/notation.html", "", s.Files["ru/notation.html"])
}

// TestNotationPathTaken: a page where the build writes the notation page
// is a problem.
func TestNotationPathTaken(t *testing.T) {
	t.Parallel()
	files := bothLangs(map[string]*fstest.MapFile{
		"index.md":    pageText("Главная", "x"),
		"notation.md": pageText("Моя запись", "x"),
	})
	got := buildErrors(t, files)
	if !strings.Contains(got, filepath.Join("content", "ru", "notation.md")+":1:1: the page would be written to ru/notation.html, where the build writes the page on the notation of moves") {
		t.Errorf("a page in the notation page's place:\n%s", got)
	}
}
