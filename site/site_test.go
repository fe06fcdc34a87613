package site

import (
	"archive/zip"
	"bytes"
	"errors"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"

	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// archiveFS returns the content files of a txtar fixture (those under
// "content/") as a file system rooted at the content directory, and the
// archive's other sections by name.
func archiveFS(t *testing.T, archive string) (fstest.MapFS, map[string]string) {
	t.Helper()
	a, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	files, other := fstest.MapFS{}, map[string]string{}
	for _, f := range a.Files {
		if name, ok := strings.CutPrefix(f.Name, "content/"); ok {
			files[name] = &fstest.MapFile{Data: f.Data, Mode: 0o644}
		} else {
			other[f.Name] = string(f.Data)
		}
	}
	return files, other
}

// buildArchive builds the site of a txtar fixture in memory. Paths in
// errors are relative to the fixture's root ("content/ru/...").
func buildArchive(t *testing.T, archive string, jobs int) (*Site, map[string]string, error) {
	t.Helper()
	files, other := archiveFS(t, archive)
	s, err := Build(t.Context(), Options{Content: "content", FS: files, Jobs: jobs})
	return s, other, err
}

// inlineSVG matches an inline diagram; its first attributes are kept.
var inlineSVG = regexp.MustCompile(`(?s)<svg( xmlns="[^"]*" id="[^"]*")[^>]*>.*?</svg>`)

func TestGoldenPages(t *testing.T) {
	t.Parallel()
	s, _, err := buildArchive(t, "testdata/basic.txtar", 0)
	if err != nil {
		t.Fatalf("build failed:\n%v", err)
	}
	for _, name := range []string{
		"index.html", "404.html", "sitemap.xml",
		"ru/index.html", "ru/long/head.html", "uk/long/head.html", "ru/long/home.html",
	} {
		got, ok := s.Files[name]
		if !ok {
			t.Errorf("%s was not built", name)
			continue
		}
		checkGolden(t, name, "", got)
	}
}

// checkGolden compares a built file with testdata/golden/<prefix><name>
// ("/" written "_"), or rewrites the golden file with -update. Inline
// diagrams are left out of pages: they have golden files of their own.
func checkGolden(t *testing.T, name, prefix string, got []byte) {
	t.Helper()
	if strings.HasSuffix(name, ".html") {
		got = inlineSVG.ReplaceAll(got, []byte("<svg${1}>…</svg>"))
	}
	golden := filepath.Join("testdata", "golden", prefix+strings.ReplaceAll(name, "/", "_"))
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./site -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (run go test ./site -update if the change is intended):\n%s", name, golden, diffLines(string(want), string(got)))
	}
}

// diffLines shows the first lines where want and got differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var sb strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			sb.WriteString("line " + strconv.Itoa(i+1) + ":\n- " + a + "\n+ " + b + "\n")
			shown++
		}
	}
	return sb.String()
}

func TestBasicSiteFiles(t *testing.T) {
	t.Parallel()
	s, _, err := buildArchive(t, "testdata/basic.txtar", 0)
	if err != nil {
		t.Fatalf("build failed:\n%v", err)
	}
	want := []string{
		"404.html", "favicon.svg", "index.html",
		"ru/index.html", "ru/long/head-svg.zip", "ru/long/head.html", "ru/long/home-svg.zip", "ru/long/home.html", "ru/long/index.html", "ru/long/print.html", "ru/notation.html",
		"sitemap.xml", "style.css",
		"uk/index.html", "uk/long/head-svg.zip", "uk/long/head.html", "uk/long/home-svg.zip", "uk/long/home.html", "uk/long/index.html", "uk/long/print.html", "uk/notation.html",
	}
	if got := s.Paths(); !slices.Equal(got, want) {
		t.Errorf("files:\n got %q\nwant %q", got, want)
	}
	// A page's archive holds its figures' standalone diagrams, named by
	// their numbers on the page, in their order.
	z, err := zip.NewReader(bytes.NewReader(s.Files["ru/long/head-svg.zip"]), int64(len(s.Files["ru/long/head-svg.zip"])))
	if err != nil {
		t.Fatalf("ru/long/head-svg.zip: %v", err)
	}
	var entries []string
	for _, f := range z.File {
		entries = append(entries, f.Name)
	}
	if want := []string{"head-1.svg", "head-3.svg"}; !slices.Equal(entries, want) {
		t.Errorf("ru/long/head-svg.zip holds %q, want %q", entries, want)
	}
	if svg := archived(t, s.Files, "ru/long/head-3.svg"); !bytes.HasPrefix(svg, []byte("<?xml")) || !bytes.Contains(svg, []byte("на кубиках 6-6</title>")) {
		t.Errorf("ru/long/head-3.svg is not the standalone diagram of figure 3:\n%.300s", svg)
	}
	head := string(s.Files["ru/long/head.html"])
	for _, frag := range []string{
		`<h2 id="первый-ход">Первый ход</h2>`,
		`<td class="play">24/18 24/18</td>`,
		`<tr class="marked"><td>2</td><td class="play"><mark>24/15 24/21</mark> <span class="tag"><span aria-hidden="true">▲ </span>о нём в тексте</span></td><td>2</td></tr>`,
		// The position after 24/18 24/18 beside the one before, both
		// named; the other side to move.
		`<div class="board"><p class="board-label">До хода</p><svg xmlns="http://www.w3.org/2000/svg" id="fig-1-board"`,
		`<div class="board"><p class="board-label">После хода 24/21/18 24/21/18</p><svg xmlns="http://www.w3.org/2000/svg" id="fig-1-after"`,
		`<title id="fig-1-after-title">Позиция после хода 24/21/18 24/21/18: длинные нарды, ход чёрных</title>`,
		`<desc id="fig-1-after-desc">Позиция после хода 24/21/18 24/21/18. Белые: 13 шашек на голове (пункт 24), 2 на пункте 18; пипов: 348.`,
		`24/18 24/18, две шестёрки пропадают`,
		`Пункт 12 занят соперником.`,
		// 3/36 and 6/36 are 8.33 % and 16.67 %: a decimal comma, a
		// no-break space before the sign; a double is one cell.
		"<dd>3 из 36 (8,3\u00a0%): <span class=\"roll\">3-3</span>, <span class=\"roll\">4-4</span>, <span class=\"roll\">6-6</span></dd>",
		"<dd class=\"sum\">3\u00a0дубля — 3\u00a0исхода.</dd>",
		"<dd>6 из 36 (16,7\u00a0%): <span class=\"roll\">1-1</span>, <span class=\"roll\">2-2</span>,",
		"<dd class=\"sum\">6\u00a0дублей — 6\u00a0исходов.</dd>",
		`<svg xmlns="http://www.w3.org/2000/svg" id="fig-3-rolls-1" class="nardy-board nardy-rolls"`,
		`<svg xmlns="http://www.w3.org/2000/svg" id="fig-3-rolls-2" class="nardy-board nardy-rolls"`,
		`<code>Lw33:24x15:12x15</code>`,
		`<a href="head-svg.zip" download>схемы страницы в SVG для печати (ZIP, эта — head-1.svg)</a>`,
		`<link rel="alternate" hreflang="uk" href="https://nardy.example/uk/long/head.html">`,
		`<a href="../../uk/long/head.html" hreflang="uk" lang="uk">Українська</a>`,
		`<a class="next" rel="next" href="home.html">Дом и выброс →</a>`,
		`<a class="prev" rel="prev" href="index.html">← Длинные нарды</a>`,
		`Белые: 15 шашек на голове (пункт 24); пипов: 360.`,
	} {
		if !strings.Contains(head, frag) {
			t.Errorf("ru/long/head.html lacks %q", frag)
		}
	}
	if !strings.Contains(head, `<a href="#`+url.PathEscape("первый-ход")+`">наверх</a>`) {
		t.Errorf("ru/long/head.html lacks the link to its own heading")
	}
	index := string(s.Files["ru/index.html"])
	for _, frag := range []string{`<a href="long/head.html#%d0%bf%d0%b5%d1%80%d0%b2%d1%8b%d0%b9-%d1%85%d0%be%d0%b4">`, `<a href="long/home.html">`} {
		if !strings.Contains(strings.ToLower(index), frag) {
			t.Errorf("ru/index.html lacks %q", frag)
		}
	}
	home := string(s.Files["uk/long/home.html"])
	if !strings.Contains(home, "<dd>36 з 36 (100\u00a0%): <span class=\"roll\">1-1</span>, <span class=\"roll\">2-1</span>,") {
		t.Errorf("uk/long/home.html: the draw statistic should be 36 of 36")
	}
	// All 21 rolls draw: 6 doubles, a cell each, and 15 others, two each.
	if want := "<dd class=\"sum\">6\u00a0дублів — 6\u00a0результатів; 15\u00a0кидків із різних чисел — 30\u00a0результатів; разом 36.</dd>"; !strings.Contains(home, want) {
		t.Errorf("uk/long/home.html lacks %q", want)
	}
}

func TestErrorsAllReported(t *testing.T) {
	t.Parallel()
	_, other, err := buildArchive(t, "testdata/errors.txtar", 0)
	if err == nil {
		t.Fatal("the build succeeded; want errors")
	}
	var list engine.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error is %T, want an engine.ErrorList: %v", err, err)
	}
	want := strings.TrimSpace(other["want-errors"])
	if got := strings.TrimSpace(list.Error()); got != want {
		t.Errorf("errors:\n%s\nwant:\n%s\n\n%s", got, want, diffLines(want, got))
	}
}

func TestSerialAndParallelBuildsAreIdentical(t *testing.T) {
	t.Parallel()
	serial, _, err := buildArchive(t, "testdata/basic.txtar", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{4, 16} {
		par, _, err := buildArchive(t, "testdata/basic.txtar", jobs)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(serial.Paths(), par.Paths()) {
			t.Fatalf("jobs=%d: different files", jobs)
		}
		for name, data := range serial.Files {
			if !bytes.Equal(data, par.Files[name]) {
				t.Errorf("jobs=%d: %s differs from the serial build", jobs, name)
			}
		}
	}
}

func TestWriteReplacesAtomically(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "public")
	if err := os.MkdirAll(filepath.Join(dir, "stale"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stale", "old.html"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Site{Files: map[string][]byte{"index.html": []byte("new"), "ru/a.html": []byte("a")}}
	if err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "stale")); !os.IsNotExist(err) {
		t.Errorf("stale files survived the rewrite")
	}
	data, err := os.ReadFile(filepath.Join(dir, "ru", "a.html"))
	if err != nil || string(data) != "a" {
		t.Errorf("ru/a.html = %q, %v", data, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("temporary directories left beside the output: %v", names)
	}
}

func TestRelURL(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ from, to, want string }{
		{"ru/long/head.html", "ru/long/home.html", "home.html"},
		{"ru/long/head.html", "uk/long/head.html", "../../uk/long/head.html"},
		{"ru/index.html", "ru/long/head.html", "long/head.html"},
		{"ru/long/head.html", "ru/index.html", "../index.html"},
		{"ru/long/head.html", "", "../../"},
		{"index.html", "ru/index.html", "ru/index.html"},
	} {
		if got := relURL(c.from, c.to); got != c.want {
			t.Errorf("relURL(%q, %q) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
}

// TestLargeSiteBuildsTheSameSite: a site too large to keep its pages'
// documents and blocks from the analyse stage to the render stage reads
// them again there, and builds the site a small one does.
func TestLargeSiteBuildsTheSameSite(t *testing.T) {
	opt := Options{Content: filepath.Join("..", "content"), Checker: true}
	small, err := Build(t.Context(), opt)
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int) { keepDocs = n }(keepDocs)
	keepDocs = 0
	large, err := Build(t.Context(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(small.Paths(), large.Paths()) {
		t.Fatalf("the files differ:\n%v\n%v", small.Paths(), large.Paths())
	}
	for name, data := range small.Files {
		if !bytes.Equal(data, large.Files[name]) {
			t.Errorf("%s differs when the site is built as a large one", name)
		}
	}
	if len(small.Records) != len(large.Records) {
		t.Errorf("%d figures recorded, %d as a large site", len(small.Records), len(large.Records))
	}
}

// TestTranslationsShareRows: the rows a figure and its translation
// compute alike are recorded once, which a site keeps to its end.
func TestTranslationsShareRows(t *testing.T) {
	t.Parallel()
	s := builtContent(t)
	byID := map[string][]string{}
	for _, r := range s.Records {
		byID[r.Page+"#"+r.ID] = r.Rows
	}
	shared := 0
	for _, r := range s.Records {
		rest, ok := strings.CutPrefix(r.Page, "ru/")
		if !ok || len(r.Rows) == 0 {
			continue
		}
		uk, ok := byID["uk/"+rest+"#"+r.ID]
		if !ok || !slices.Equal(uk, r.Rows) {
			continue
		}
		if &uk[0] != &r.Rows[0] {
			t.Errorf("%s#%s: its translation's rows are the same, recorded again", r.Page, r.ID)
		}
		shared++
	}
	if shared < 100 {
		t.Errorf("%d figures share their rows with their translation; content/ has more", shared)
	}
}
