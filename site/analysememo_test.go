package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/site/memo"
)

// TestAnalysisRecord: a page's analysis kept in the memo (by the
// encoding of analysisBundle) is the analysis as it was, but what only
// rendering reads, for every page of content/; data cut short is an
// error, damaged data never a panic.
func TestAnalysisRecord(t *testing.T) {
	t.Parallel()
	opt := Options{Content: filepath.Join("..", "content"), Checker: true, Jobs: 1}
	src, errs, err := read(opt, os.DirFS(opt.Content))
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	ix := &index{source: src, md: newMarkdown()}
	m := memo.New()
	for i := range src.pages {
		want := ix.analysePage(i, false)
		rec := want.record()
		m.Put("a", analysisBundle{"k": rec, "other": {}})
		var kept analysisBundle
		if !m.Get("a", &kept) || len(kept) != 2 {
			t.Fatal("the record is not in the memo")
		}
		data, err := analysisBundle{"k": rec}.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		// Every byte of small records, some 500 places of large ones.
		for n := 0; n < len(data); n += 1 + len(data)/500 {
			var cut analysisBundle
			if cut.UnmarshalBinary(data[:n]) == nil {
				t.Errorf("%s: %d of %d bytes decoded", src.pages[i].file, n, len(data))
			}
			damaged := append([]byte(nil), data...)
			damaged[n] ^= 0xff
			cut.UnmarshalBinary(damaged) // must not panic
		}
		k := kept["k"]
		got, ok := k.analysis(i)
		if !ok {
			t.Fatalf("%s: the record does not decode", src.pages[i].file)
		}
		if !got.lazy {
			t.Errorf("%s: an analysis from the memo is not lazy", src.pages[i].file)
		}
		// What the record leaves out: what only rendering reads.
		want.blocks, want.tables, want.doc = nil, nil, nil
		for k := range want.exercises {
			want.exercises[k].blk = nil
		}
		got.lazy = false
		if g, w := fmt.Sprintf("%+v", *got), fmt.Sprintf("%+v", *want); g != w {
			t.Errorf("%s: the analysis from the memo\n%s\nwant\n%s", src.pages[i].file, g, w)
		}
	}
}

// TestAnalysisWithMemo: a page's analysis is taken from the memo only
// when none of its inputs changed (its text, title, description, rules,
// game; the checker), and a page's only when its table of contents did
// not (a page added, renamed): builds in memory (which render every page again,
// from analyses taken from the memo) and into a directory make the site
// a build without a memo makes.
func TestAnalysisWithMemo(t *testing.T) {
	t.Parallel()
	pr := newProject(t)
	pr.inMemory("the first build")
	pr.publish("the first build")
	frontMatter := func(name, line string) {
		pr.edit(name, func(s string) string { return strings.Replace(s, "\n---\n", "\n"+line+"\n---\n", 1) })
	}
	for _, s := range []struct {
		what   string
		change func()
	}{
		// The link is checked against the headings of the other page's
		// analysis: one from the memo would not have the new one.
		{"a heading, and a link to it", func() {
			pr.edit("ru/history.md", func(s string) string { return s + "\n## Новый раздел\n\nТекст.\n" })
			pr.edit("uk/history.md", func(s string) string { return s + "\n## Новий розділ\n\nТекст.\n" })
			pr.edit("ru/rules.md", func(s string) string {
				return s + "\nСм. [новый раздел](history.md#новый-раздел).\n"
			})
			pr.edit("uk/rules.md", func(s string) string {
				return s + "\nДив. [новий розділ](history.md#новий-розділ).\n"
			})
		}},
		// The front matter is blanked in the page's text: a title or a
		// description of the same length leaves the text as it was.
		{"a title", func() {
			pr.edit("ru/history.md", func(s string) string {
				return strings.Replace(s, "\ntitle: Немного истории\n", "\ntitle: Немного истерии\n", 1)
			})
		}},
		{"a description", func() {
			pr.edit("uk/history.md", func(s string) string {
				return strings.Replace(s, "\ndescription: Звідки", "\ndescription: Звітки", 1)
			})
		}},
		{"the rules of a page", func() {
			frontMatter("ru/long/head.md", "rules: default")
			frontMatter("uk/long/head.md", "rules: default")
		}},
		{"the rules of a page, in as many bytes", func() {
			for _, l := range []string{"ru", "uk"} {
				pr.edit(l+"/long/head.md", func(s string) string { return strings.Replace(s, "\nrules: default\n", "\nrules: eastern\n", 1) })
			}
		}},
		{"the game of a page", func() {
			frontMatter("ru/history.md", "game: short")
			frontMatter("uk/history.md", "game: short")
		}},
		// Every page's table of contents lists the page: its entry's
		// address is one of what it is made from (tocInput).
		{"a page added", func() {
			for _, l := range []string{"ru", "uk"} {
				pr.edit(l+"/long/extra.md", func(string) string { return "---\ntitle: Ещё\norder: 99\n---\nТекст.\n" })
			}
		}},
		{"the page renamed", func() {
			for _, l := range []string{"ru", "uk"} {
				if err := os.Rename(filepath.Join(pr.content, l, "long", "extra.md"), filepath.Join(pr.content, l, "long", "more.md")); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"without the checker", func() { pr.checker = false }},
		{"with the checker", func() { pr.checker = true }},
	} {
		s.change()
		pr.inMemory(s.what)
		p := pr.publish(s.what)
		// What the pages' analyses give the site besides its files: the
		// blocks that set rules themselves (for diff), the prose digests.
		ref := pr.reference(s.what)
		if got, want := fmt.Sprintf("%+v", p.pins), fmt.Sprintf("%+v", ref.pins); got != want {
			t.Errorf("%s: the pinned blocks\n%s\nwant\n%s", s.what, got, want)
		}
		if got, want := fmt.Sprint(p.Prose), fmt.Sprint(ref.Prose); got != want {
			t.Errorf("%s: the prose digests differ from the build without a memo", s.what)
		}
	}
}
