package site

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
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
	i := strings.Index(html, `<div class="`+class+`">`)
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
