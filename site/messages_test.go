package site

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
)

// TestMessagesOncePerCause: each problem names the page's path and its
// line in the file's count (a block's line in a message, too), once for
// each cause: a page without front matter is not also told its blocks
// have no game; a YAML tag is an error, not the value.
func TestMessagesOncePerCause(t *testing.T) {
	t.Parallel()
	uk := pageText("Т", "текст")
	for _, c := range []struct {
		name, page, want string
	}{
		{"no front matter", "```nardy\nposition: start\n```\n", `content/ru/index.md:1:1: a page starts with front matter: "---", "title: …", "---"`},
		{"front matter not closed", "---\ntitle: Т\n```nardy\nposition: start\n```\n", `content/ru/index.md:1:1: front matter is not closed: add a line "---" after it`},
		{"a block's duplicate key", "---\ntitle: Т\ngame: long\n---\nтекст\n\n```nardy\nposition: start\ndice: 6-5\ndice: 3-1\n```\n",
			`content/ru/index.md:10:1: duplicate key "dice" (first on line 9)`},
		{"a table's duplicate key", "---\ntitle: Т\ngame: long\n---\n```nardy-table\nwhite:\nblack: 13x5\nturn: black\nshow: result\ncaption: C\ncaption: D\n```\n",
			`content/ru/index.md:11:1: duplicate key "caption" (first on line 10)`},
		{"a tag", "---\ntitle: !foo bar\n---\n", `content/ru/index.md:2:8: YAML tag "!foo": nardydocs reads plain values only; remove the tag, or quote the value if it begins with "!"`},
		{"a binary", "---\ntitle: !!binary 0YLQtdC60YHRgg==\n---\n", `content/ru/index.md:2:8: YAML tag "!!binary": nardydocs reads plain values only; remove the tag, or quote the value if it begins with "!"`},
		{"a quoted value that begins with !", "---\ntitle: \"!foo bar\"\n---\n", ``},
		{"a tagged key", "---\n!foo title: Т\n---\n", `content/ru/index.md:2:1: YAML tag "!foo": nardydocs reads plain values only; remove the tag, or quote the value if it begins with "!"`},
	} {
		files := fstest.MapFS{"ru/index.md": &fstest.MapFile{Data: []byte(c.page)}, "uk/index.md": uk}
		if got := buildErrors(t, files); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestConfigTag: a tag in the configuration is an error at its place.
func TestConfigTag(t *testing.T) {
	t.Parallel()
	files := bothLangs(map[string]*fstest.MapFile{"index.md": pageText("Т", "текст")})
	files[ConfigFile] = &fstest.MapFile{Data: []byte("base-url: !!str https://x.example/\n")}
	want := `content/nardydocs.yaml:1:11: YAML tag "!!str": nardydocs reads plain values only; remove the tag, or quote the value if it begins with "!"`
	if got := buildErrors(t, files); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestReadProblemWords: the system call behind a failure to read the
// content is said in plain words, never by its name.
func TestReadProblemWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		err  error
		want string
	}{
		{&fs.PathError{Op: "statat", Path: "ru/a.md", Err: syscall.ENOENT}, "cannot look it up: no such file or directory"},
		{&fs.PathError{Op: "openat", Path: "ru/a.md", Err: syscall.EACCES}, "cannot open it: permission denied"},
		{&fs.PathError{Op: "readdirent", Path: "ru", Err: syscall.EIO}, "cannot list the directory: input/output error"},
		{&fs.PathError{Op: "EvalSymlinks", Path: "ru/a.md", Err: syscall.ELOOP}, "cannot follow the symbolic link: too many levels of symbolic links"},
		{&fs.PathError{Op: "read", Path: "ru/a.md", Err: syscall.EISDIR}, "cannot read it: is a directory"},
		{&os.LinkError{Op: "readlink", Old: "a", New: "b", Err: syscall.ENOENT}, "cannot follow the symbolic link: no such file or directory"},
		{errors.New("path escapes from parent"), "the symbolic link leads outside the content directory; nardydocs follows links only inside it"},
	} {
		got := readProblem(c.err)
		if got != c.want {
			t.Errorf("%v: got %q, want %q", c.err, got, c.want)
		}
		for _, raw := range []string{"statat", "openat", "readdirent", "EvalSymlinks", "readlink"} {
			if strings.Contains(got, raw) {
				t.Errorf("%v: %q says %q", c.err, got, raw)
			}
		}
	}
}

// TestSitemapNeedsAnAddress: a site without a full address (none, or a
// path alone) has no sitemap.xml, whose addresses must be full, and the
// build says why once; with one, the sitemap is there and nothing is
// said.
func TestSitemapNeedsAnAddress(t *testing.T) {
	t.Parallel()
	const why = `content/nardydocs.yaml: warning: sitemap.xml is left out: a sitemap lists full addresses, and the site has none; give it as "base-url: https://…/" here, or --base-url`
	for _, c := range []struct {
		config, flag string
		sitemap      bool
	}{
		{"", "", false},
		{"base-url: /rules/\n", "", false},
		{"base-url: https://nardy.example/\n", "", true},
		{"", "https://nardy.example/rules/", true},
	} {
		files := bothLangs(map[string]*fstest.MapFile{"index.md": pageText("Т", "текст"), "a.md": pageText("А", "текст")})
		if c.config != "" {
			files[ConfigFile] = &fstest.MapFile{Data: []byte(c.config)}
		}
		s, err := Build(t.Context(), Options{Content: "content", FS: files, BaseURL: c.flag})
		if err != nil {
			t.Fatal(err)
		}
		var warns []string
		for _, w := range s.Warnings {
			warns = append(warns, WarningLine(w))
		}
		_, has := s.Files["sitemap.xml"]
		want := []string{why}
		if c.sitemap {
			want = nil
		}
		if has != c.sitemap || strings.Join(warns, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q %q: sitemap.xml %v, warnings %q", c.config, c.flag, has, warns)
		}
	}
}
