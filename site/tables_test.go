package site

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// buildPages builds a site of one page in each language, the same
// Markdown body under a title, and returns the Russian page's HTML.
func buildPages(t *testing.T, body string) (string, error) {
	t.Helper()
	page := []byte("---\ntitle: T\ngame: long\n---\n" + body)
	files := fstest.MapFS{
		"ru/index.md": {Data: page},
		"uk/index.md": {Data: page},
	}
	s, err := Build(context.Background(), Options{FS: files})
	if err != nil {
		return "", err
	}
	return string(s.Files["ru/index.html"]), nil
}

// tableRows returns the text of each row of the first table with the
// given class, cells joined by " | ".
func tableRows(t *testing.T, html, class string) []string {
	t.Helper()
	i := strings.Index(html, `<div class="`+class+`"`)
	if i < 0 {
		t.Fatalf("no %s table in\n%s", class, html)
	}
	table := html[i : i+strings.Index(html[i:], "</table>")]
	tags := regexp.MustCompile(`<[^>]+>`)
	var rows []string
	for _, tr := range strings.Split(table, "<tr>")[1:] {
		var cells []string
		for _, c := range regexp.MustCompile(`</t[hd]>`).Split(tr, -1) {
			if c = strings.TrimSpace(tags.ReplaceAllString(c, "")); c != "" {
				cells = append(cells, c)
			}
		}
		rows = append(rows, strings.Join(cells, " | "))
	}
	return rows
}

// TestRepliesTable: a replies table has a row per play of each roll,
// the opponent's count beside it (the figures of engine's
// TestRulesSecondPlayerHead), and a caption naming both sides.
func TestRepliesTable(t *testing.T) {
	t.Parallel()
	html, err := buildPages(t, "```nardy\nposition: start\nshow: replies\nreplies: head2\nrolls: 5-5 3-3\nexpect: replies 5-5 head2 8/36\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Бросок | Ход | Бросков, при которых с головы уходят две шашки",
		"5-5 | 24/19/14/9/4 | 8 из 36: 2-2, 3-3, 4-4, 5-3, 6-2, 6-6",
		"3-3 | 24/18 24/18 | 3 из 36: 3-3, 4-4, 6-6",
		"3-3 | 24/15 24/21 | 4 из 36: 3-3, 4-4, 5-5, 6-6",
	}
	if got := tableRows(t, html, "replies"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(html, "<caption>Ответный бросок чёрных после каждого хода белых</caption>") {
		t.Errorf("no caption naming both sides")
	}
}

// TestRollsTableCaption: the rolls table says which rolls it lists.
func TestRollsTableCaption(t *testing.T) {
	t.Parallel()
	for rolls, want := range map[string]string{
		"":                     "Все броски в этой позиции",
		"rolls: doubles\n":     "Все дубли в этой позиции",
		"rolls: 6-6 5-5 4-4\n": "Некоторые броски в этой позиции",
		"rolls: 6-5 doubles\n": "Некоторые броски в этой позиции",
	} {
		html, err := buildPages(t, "```nardy\nposition: start\nshow: rolls\n"+rolls+"```\n")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(html, "<caption>"+want+"</caption>") {
			t.Errorf("%q: the caption is not %q", rolls, want)
		}
	}
}

// TestTableOfPositions: a ```nardy-table fence is one compact table, each
// row computed from its own position (seed 004's results and draws), and
// its rows' claims are checked where they are written.
func TestTableOfPositions(t *testing.T) {
	t.Parallel()
	results := "```nardy-table\nwhite:\nblack: 13x5\nturn: black\nshow: result\ncaption: Соперник вывел хотя бы одну шашку\nexpect: result oin 1\n---\nwhite:\nblack: 18x5 17x5 16x5\nturn: black\nshow: result\ncaption: Соперник не вывел ни одной шашки\n---\nwhite:\nblack:\nshow: result\ncaption: Второй игрок вывел всё последним броском\n```\n"
	draws := "```nardy-table\nwhite:\nblack: 13x2\nturn: black\nstats: draw\ncaption: 2 шашки на 1-м пункте\n---\nwhite:\nblack: 18x2\nturn: black\nstats: draw\ncaption: 2 шашки на 6-м пункте\nexpect: draw 4/36\n---\nwhite:\nblack: 13x4\nturn: black\nstats: draw\ncaption: 4 шашки на 1-м пункте\n```\n"
	html, err := buildPages(t, results+"\n"+draws)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(tableRows(t, html, "table-of-positions"), "\n")
	want := "Итог партии | Когда | Очки\n" +
		"Оин (простая победа) | Соперник вывел хотя бы одну шашку | 1\n" +
		"Марс | Соперник не вывел ни одной шашки | 2\n" +
		"Ничья | Второй игрок вывел всё последним броском | 0"
	if got != want {
		t.Errorf("results:\n%s\nwant:\n%s", got, want)
	}
	i := strings.LastIndex(html, `<div class="table-of-positions"`)
	got = strings.Join(tableRows(t, html[i:], "table-of-positions"), "\n")
	want = "Позиция | Бросков, которые дают ничью\n" +
		"2 шашки на 1-м пункте | 36 из 36 (любой бросок)\n" +
		"2 шашки на 6-м пункте | 4 из 36: 3-3, 4-4, 5-5, 6-6\n" +
		"4 шашки на 1-м пункте | 6 из 36: 1-1, 2-2, 3-3, 4-4, 5-5, 6-6"
	if got != want {
		t.Errorf("draws:\n%s\nwant:\n%s", got, want)
	}

	// A claim that does not hold fails at its line in the page.
	_, err = buildPages(t, strings.Replace(draws, "draw 4/36", "draw 6/36", 1))
	if err == nil || !strings.Contains(err.Error(), "ru/index.md:17:9: expected draw 6/36, the engine gives 4/36") {
		t.Errorf("a failed claim in a table: %v", err)
	}
	// So does a row's problem.
	_, err = buildPages(t, strings.Replace(draws, "black: 18x2", "black: 18x2 12", 1))
	if err == nil || !strings.Contains(err.Error(), "ru/index.md:15:") {
		t.Errorf("a row's problem: %v", err)
	}
}

// TestTableOfStatistics: rows counting different statistics share a
// column of counts out of 36, each caption saying what it counts.
func TestTableOfStatistics(t *testing.T) {
	t.Parallel()
	html, err := buildPages(t, "```nardy-table\nposition: start\nstats: doubles\ncaption: Дубль\n---\nposition: start\nstats: head2\ncaption: Две шашки с головы на первом ходу\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "Позиция | Бросков из 36\n" +
		"Дубль | 6 из 36: 1-1, 2-2, 3-3, 4-4, 5-5, 6-6\n" +
		"Две шашки с головы на первом ходу | 3 из 36: 3-3, 4-4, 6-6"
	if got := strings.Join(tableRows(t, html, "table-of-positions"), "\n"); got != want {
		t.Errorf("rows:\n%s\nwant:\n%s", got, want)
	}
}

// TestTableTranslation: a table's translation has the same rows.
func TestTableTranslation(t *testing.T) {
	t.Parallel()
	row := "white:\nblack: 13x2\nturn: black\nstats: draw\ncaption: C\n"
	front := "---\ntitle: T\ngame: long\n---\n"
	files := fstest.MapFS{
		"ru/index.md": {Data: []byte(front + "```nardy-table\n" + row + "---\n" + row + "```\n")},
		"uk/index.md": {Data: []byte(front + "```nardy-table\n" + row + "```\n")},
	}
	_, err := Build(context.Background(), Options{FS: files})
	if err == nil || !strings.Contains(err.Error(), `uk/index.md:5:1: figure 1 differs from its translation content/ru/index.md:5 in its rows: "1" here, "2" there`) {
		t.Errorf("a translation with a row less: %v", err)
	}
}

// TestProfileName: a page's footer names its profile in the reader's
// words, without rule keys.
func TestProfileName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		l    i18n.Lang
		r    engine.Rules
		want string
	}{
		{i18n.RU, engine.Rules{}, "«основной»"},
		{i18n.UK, engine.Rules{NoLastRoll: true}, "«без нічиїх»"},
		{i18n.RU, engine.Rules{HeadException: engine.HeadDoubles, NoLastRoll: true}, "«турнирный» с изменениями: последний бросок второго игрока — нет, ничьих не бывает"},
		{i18n.UK, engine.Rules{HomeMars: true, NoBackgammon: true}, "«основний» зі змінами: домашній марс — 3 очки, коли всі шашки того, хто програв, у його домі; кокс у коротких нардах — немає, замість нього марс"},
	} {
		if got := profileName(c.l, c.r); got != c.want {
			t.Errorf("%s %+v: %q, want %q", c.l, c.r, got, c.want)
		}
	}
}

// TestPresetsTable: the table of the presets has a row per rule and a
// column per preset, in the reader's words.
func TestPresetsTable(t *testing.T) {
	t.Parallel()
	html, err := buildPages(t, "```nardy-presets\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	rows := tableRows(t, html, "presets")
	if len(rows) != 1+len(engine.RuleKeys) {
		t.Fatalf("%d rows: %q", len(rows), rows)
	}
	if want := "Правило | основной | турнирный | без ничьих | клубный | восточный"; rows[0] != want {
		t.Errorf("header %q, want %q", rows[0], want)
	}
	if want := "Вторая шашка с головы на первом ходу | когда одной шашкой весь бросок не сыграть | только при 6-6, 4-4 и 3-3 | когда одной шашкой весь бросок не сыграть | только при 6-6, 4-4 и 3-3 | когда одной шашкой весь бросок не сыграть"; rows[1] != want {
		t.Errorf("first row %q, want %q", rows[1], want)
	}
	for _, k := range engine.RuleKeys {
		if strings.Contains(html, k.Name+"=") || strings.Contains(html, "<code>"+k.Name) {
			t.Errorf("the table shows the key %s", k.Name)
		}
	}
}

// TestPrintSheet: "print: sheet" marks a one-page summary, which the
// print style sheet lays out on one sheet; another value is an error.
func TestPrintSheet(t *testing.T) {
	t.Parallel()
	build := func(print string) (string, error) {
		page := []byte("---\ntitle: T\nprint: " + print + "\n---\nТекст.\n")
		s, err := Build(context.Background(), Options{FS: fstest.MapFS{"ru/index.md": {Data: page}, "uk/index.md": {Data: page}}})
		if err != nil {
			return "", err
		}
		return string(s.Files["ru/index.html"]), nil
	}
	html, err := build("sheet")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html, `<article class="one-sheet">`) {
		t.Errorf("a page with print: sheet is not marked for one sheet")
	}
	if _, err := build("poster"); err == nil || !strings.Contains(err.Error(), `ru/index.md:3:8: print "poster": write "sheet"`) {
		t.Errorf("print: poster: %v", err)
	}
}
