package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPublishGeneratedWithMemo: the pages the build generates (print
// documents, worksheets, game pages, notation pages, contents pages) are
// taken from the memo when their inputs did not change; a change of any
// of them makes the page again, the very page a build from nothing makes
// (publish checks every file). Each change names the generated pages it
// must change, so that a page kept from the memo when it should not be
// fails the test.
func TestPublishGeneratedWithMemo(t *testing.T) {
	t.Parallel()
	pr := newProject(t)
	pr.publish("the first build")
	// Both languages get the same blocks, so that the translations agree.
	both := func(name string, change func(string) string) {
		for _, l := range []string{"ru", "uk"} {
			pr.edit(l+"/"+name, change)
		}
	}
	const named = "\n```nardy\nname: mine\nwhite: 24x15\nblack: 12x15\n```\n\n```nardy\nfrom: mine\ndice: 3-1\nexercise: plays\n```\n"
	steps := []struct {
		what    string
		change  func()
		changed []string // generated pages that must differ from the previous build's
	}{
		{"a paragraph of a page in a print document", func() {
			pr.edit("ru/long/head.md", func(s string) string { return s + "\nЕщё абзац.\n" })
		}, []string{"ru/long/print.html"}},
		{"the title of a page with exercises", func() {
			pr.edit("ru/long/head.md", func(s string) string { return strings.Replace(s, "\ntitle: ", "\ntitle: Новая — ", 1) })
		}, []string{"ru/long/print.html", "ru/worksheets/long.html"}},
		{"the order of the pages", func() {
			pr.edit("ru/long/head.md", func(s string) string { return strings.Replace(s, "\norder: 7\n", "\norder: 2\n", 1) })
			pr.edit("uk/long/head.md", func(s string) string { return strings.Replace(s, "\norder: 7\n", "\norder: 2\n", 1) })
		}, []string{"ru/long/print.html", "uk/long/print.html", "ru/worksheets/long.html", "uk/worksheets/long.html"}},
		{"an exercise added", func() { both("long/head.md", func(s string) string { return s + named }) },
			[]string{"ru/worksheets/long.html", "uk/worksheets/long.html"}},
		{"an exercise's block", func() {
			both("long/head.md", func(s string) string {
				return strings.Replace(s, "dice: 3-1\nexercise: plays", "dice: 4-2\nexercise: plays", 1)
			})
		}, []string{"ru/worksheets/long.html", "uk/worksheets/long.html"}},
		{"the position an exercise starts from", func() {
			both("long/head.md", func(s string) string {
				return strings.Replace(s, "name: mine\nwhite: 24x15\n", "name: mine\nwhite: 24x14 13\n", 1)
			})
		}, []string{"ru/worksheets/long.html", "uk/worksheets/long.html"}},
		{"the title of a page a game page links", func() {
			pr.edit("ru/long/quick-start.md", func(s string) string { return strings.Replace(s, "\ntitle: ", "\ntitle: Скорее — ", 1) })
		}, []string{"ru/long/play.html"}},
		{"the site's rules", func() { pr.rules = []string{"no-draws"} },
			[]string{"ru/long/play.html", "ru/worksheets/long.html", "ru/long/print.html", "ru/notation.html"}},
		{"the base URL", func() { pr.baseURL = "https://example.org/rules/" },
			[]string{"ru/long/play.html", "uk/worksheets/short.html", "uk/short/print.html", "uk/notation.html"}},
		{"a template of a generated page's text", func() {
			notation, err := os.ReadFile(filepath.Join("..", "templates", "notation.html"))
			if err != nil {
				t.Fatal(err)
			}
			pr.template("notation.html", strings.TrimSuffix(strings.TrimSpace(string(notation)), "</div>")+"<p>Своё.</p>\n</div>\n")
		}, []string{"ru/notation.html", "uk/notation.html"}},
		// A section of more than tocFull pages has a contents page.
		{"a long section", func() {
			for k := range tocFull {
				both(fmt.Sprintf("long/extra-%02d.md", k), func(string) string {
					return fmt.Sprintf("---\ntitle: Ещё %d\norder: %d\n---\nТекст.\n", k, 100+k)
				})
			}
		}, []string{"ru/contents.html", "uk/contents.html"}},
		{"the title of a page the contents page lists", func() {
			pr.edit("uk/long/extra-03.md", func(s string) string { return strings.Replace(s, "title: Ещё", "title: Ще", 1) })
		}, []string{"uk/contents.html"}},
	}
	before := readTree(t, pr.out)
	for _, s := range steps {
		s.change()
		p := pr.publish(s.what)
		after := readTree(t, pr.out)
		for _, name := range s.changed {
			if _, ok := after[name]; !ok {
				t.Errorf("%s: no %s", s.what, name)
			} else if after[name] == before[name] {
				t.Errorf("%s: %s is the previous build's", s.what, name)
			}
		}
		if p.Unchanged || p.Misses < len(s.changed) {
			t.Errorf("%s: unchanged %v, %d missed, want at least %d", s.what, p.Unchanged, p.Misses, len(s.changed))
		}
		before = after
	}
	// Nothing changed: the memo has every generated page (and every
	// content page) of a build that renders again.
	pr.edit("ru/history.md", func(s string) string { return s + "\nАбзац.\n" })
	if p := pr.publish("a paragraph of a page in no print document"); p.Misses != 1 {
		t.Errorf("a paragraph of a page in no print document: %d missed, want 1 (its page)", p.Misses)
	}
}
