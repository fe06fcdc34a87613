package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
)

// pageText is a page with a title and body.
func pageText(title, body string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\ntitle: " + title + "\n---\n" + body + "\n")}
}

// bothLangs returns files with each page in both languages.
func bothLangs(pages map[string]*fstest.MapFile) fstest.MapFS {
	files := fstest.MapFS{}
	for name, f := range pages {
		files["ru/"+name] = f
		files["uk/"+name] = f
	}
	return files
}

// buildErrors builds files and returns the problems, one per line.
func buildErrors(t *testing.T, files fstest.MapFS) string {
	t.Helper()
	_, err := Build(t.Context(), Options{Content: "content", FS: files})
	var list engine.ErrorList
	if err != nil && !errors.As(err, &list) {
		t.Fatalf("error of type %T: %v", err, err)
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestPageNamesInLinks: page names that are not plain URL paths build,
// and every link to them, the sitemap's among them, is escaped.
func TestPageNamesInLinks(t *testing.T) {
	t.Parallel()
	files := bothLangs(map[string]*fstest.MapFile{
		"index.md":  pageText("Главная", "[a](a%23b.md) [c](c%3Fd.md) [e](e%20f.md)"),
		"a#b.md":    pageText("A", "a"),
		"c?d.md":    pageText("C", "c"),
		"e f.md":    pageText("E", "e"),
		"long/ф.md": pageText("Ф", "ф"),
		"long/g.md": pageText("G", "[ф](%D1%84.md)"),
	})
	files["nardydocs.yaml"] = &fstest.MapFile{Data: []byte("base-url: https://nardy.example/rules/\n")}
	s, err := Build(t.Context(), Options{Content: "content", FS: files})
	if err != nil {
		t.Fatal(err)
	}
	index := string(s.Files["ru/index.html"])
	for _, want := range []string{`href="a%23b.html"`, `href="c%3Fd.html"`, `href="e%20f.html"`, `href="long/%D1%84.html"`} {
		if !strings.Contains(index, want) {
			t.Errorf("ru/index.html has no %s", want)
		}
	}
	sitemap := string(s.Files["sitemap.xml"])
	for _, want := range []string{"<loc>https://nardy.example/rules/ru/a%23b.html</loc>", "https://nardy.example/rules/uk/e%20f.html"} {
		if !strings.Contains(sitemap, want) {
			t.Errorf("sitemap.xml has no %s", want)
		}
	}
	if strings.Contains(sitemap, "a#b") || strings.Contains(sitemap, "e f") {
		t.Errorf("sitemap.xml has an unescaped name:\n%s", sitemap)
	}
	for _, name := range []string{"ru/a#b.html", "uk/c?d.html", "ru/e f.html"} {
		if _, ok := s.Files[name]; !ok {
			t.Errorf("%s was not built", name)
		}
	}
}

// TestEncodings: a byte order mark is skipped; bytes that are not UTF-8
// are a problem at their line and column.
func TestEncodings(t *testing.T) {
	t.Parallel()
	bom := &fstest.MapFile{Data: []byte("\uFEFF---\ntitle: С меткой\n---\nТекст.\n")}
	bad := &fstest.MapFile{Data: []byte("---\ntitle: Плохой\n---\nТекст\nещё ab\xffcd\n")}
	if got := buildErrors(t, bothLangs(map[string]*fstest.MapFile{"index.md": bom})); got != "" {
		t.Errorf("a page with a byte order mark: %s", got)
	}
	got := buildErrors(t, bothLangs(map[string]*fstest.MapFile{"index.md": bad}))
	want := filepath.Join("content", "ru", "index.md") + ":5:7: the file is not valid UTF-8: save it in UTF-8"
	if !strings.Contains(got, want) {
		t.Errorf("invalid UTF-8:\n%s\nwant a line %s", got, want)
	}
}

// TestWorksheetPathTaken: a page where the build writes a worksheet is a
// problem naming both.
func TestWorksheetPathTaken(t *testing.T) {
	t.Parallel()
	files := bothLangs(map[string]*fstest.MapFile{
		"index.md":           pageText("Главная", "x"),
		"long/index.md":      pageText("Длинные", "```nardy\ngame: long\nposition: start\ndice: 6-5\nexercise: plays\n```"),
		"worksheets/long.md": pageText("Моя страница", "x"),
	})
	got := buildErrors(t, files)
	if !strings.Contains(got, filepath.Join("content", "ru", "worksheets", "long.md")+":1:1: the page would be written to ru/worksheets/long.html, where the build writes the worksheet") {
		t.Errorf("a page in the worksheet's place:\n%s", got)
	}
}

// TestSymlinks: links to files and directories inside the content
// directory are followed; links that lead outside it, and loops, are
// refused.
func TestSymlinks(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	content := filepath.Join(root, "content")
	write := func(name, data string) {
		full := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	page := "---\ntitle: T\n---\nx\n"
	for _, l := range []string{"ru", "uk"} {
		write("content/"+l+"/index.md", page)
		write("content/"+l+"/pool/x.md", page)
		// Inside: a file and a directory.
		link("index.md", "content/"+l+"/same.md")
		link("pool", "content/"+l+"/extra")
	}
	write("outside/secret.md", page)
	write("outside/dir/b.md", page)
	s, err := Build(t.Context(), Options{Content: content})
	if err != nil {
		t.Fatalf("links inside the content directory: %v", err)
	}
	for _, name := range []string{"ru/same.html", "uk/same.html", "ru/extra/x.html", "uk/extra/x.html", "ru/pool/x.html"} {
		if _, ok := s.Files[name]; !ok {
			t.Errorf("%s was not built", name)
		}
	}
	// Outside: a file and a directory; and a loop.
	link("../../outside/secret.md", "content/ru/secret.md")
	link("../../outside/dir", "content/uk/dir")
	link(".", "content/ru/loop")
	_, err = Build(t.Context(), Options{Content: content})
	if err == nil {
		t.Fatal("links leaving the content directory were followed")
	}
	msg := err.Error()
	for _, want := range []string{
		filepath.Join(content, "ru", "secret.md") + ": the symbolic link leads outside the content directory",
		filepath.Join(content, "uk", "dir") + ": the symbolic link leads outside the content directory",
		filepath.Join(content, "ru", "loop") + ": the symbolic link makes a loop",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("problems:\n%s\nwant a line %s", msg, want)
		}
	}
}

// TestFrontMatterYAML: front matter is YAML; each problem is reported at
// its line and column, once.
func TestFrontMatterYAML(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		front string
		want  string // the one problem, after "content/ru/index.md:"
	}{
		{"title: Главная\ndescription: \"С двоеточием: в кавычках\"\norder: 3\n", ""},
		{"title: Главная\ndescription: Без кавычек: так нельзя\n", `3:14: YAML: the value holds ": ", so quote it: description: "Без кавычек: так нельзя"`},
		{"title: Главная\ndescription: Её \"имя\": так\r\n", `3:14: YAML: the value holds ": ", so quote it: description: "Её \"имя\": так"`},
		{"title: Главная\n\torder: 3\n", "3:1: YAML: a tab: indent with spaces, not tabs"},
		{"title: Главная\ngame:\tlong\n", ""}, // a tab between a key and its value is a space
		{"title: Главная\norder: три\n", "3:8: order \"три\": write a whole number"},
		{"title: Главная\ngame: chess\n", "3:7: game \"chess\": write \"long\" or \"short\""},
		{"title: Главная\ntitle: Снова\n", "3:1: duplicate key \"title\" (first on line 2)"},
		{"title: Главная\ncolour: red\n", "3:1: unknown front matter key \"colour\"; known: title, description, order, game, rules, print, draft"},
		{"title: [a, b]\n", "2:8: \"title\" takes one value on its line, not a list or a mapping"},
		{"description: нет заголовка\n", "1:1: the front matter has no \"title:\""},
		{"- title\n", "2:1: expected \"key: value\" lines"},
	} {
		page := &fstest.MapFile{Data: []byte("---\n" + c.front + "---\n```nardy\ngame: long\nposition: start\n```\n")}
		files := fstest.MapFS{"ru/index.md": page, "uk/index.md": pageText("Т", "```nardy\ngame: long\nposition: start\n```")}
		got := buildErrors(t, files)
		want := ""
		if c.want != "" {
			want = filepath.Join("content", "ru", "index.md") + ":" + c.want
		}
		if got != want {
			t.Errorf("front matter %q:\n got %s\nwant %s", c.front, got, want)
		}
	}
}
