package site

import (
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
)

// TestTextBounds: each bound of a page's text is reported at the line and
// column where it is passed, once for each line past it, and text within
// the bounds (real pages' shapes: nested lists, quotes, links, fenced
// blocks) passes.
func TestTextBounds(t *testing.T) {
	t.Parallel()
	list := func(depth int) string {
		var b strings.Builder
		for i := range depth {
			b.WriteString(strings.Repeat("  ", i) + "- a\n")
		}
		return b.String()
	}
	for _, c := range []struct {
		name, text string
		want       []string // problems as "line:col: message"
	}{
		{"plain", "# Заголовок\n\nТекст [ссылка](a.md).\n\n- a\n  - b\n    - c\n\n> цитата\n> > вложенная\n", nil},
		{"a list 32 deep", list(MaxNesting), nil},
		{"a list 33 deep", list(MaxNesting + 1), []string{"33:67: lists and quotes nested 33 deep, more than 32"}},
		{"a list 33 deep, then 33 again", list(MaxNesting+1) + "\n" + list(MaxNesting+1), []string{
			"33:67: lists and quotes nested 33 deep, more than 32", "67:67: lists and quotes nested 33 deep, more than 32"}},
		{"lists on one line", strings.Repeat("- ", 40) + "a\n", []string{"1:81: lists and quotes nested 40 deep, more than 32"}},
		{"numbered lists on one line", strings.Repeat("1. ", 40) + "a\n", []string{"1:121: lists and quotes nested 40 deep, more than 32"}},
		{"quotes", strings.Repeat("> ", 33) + "a\n", []string{"1:67: lists and quotes nested 33 deep, more than 32"}},
		{"quotes in lists", strings.Repeat("- > ", 17) + "a\n", []string{"1:69: lists and quotes nested 34 deep, more than 32"}},
		{"a list closed by text", list(30) + "текст\n" + list(30), nil},
		{"a thematic break", strings.Repeat("- ", 40) + "\n", nil},
		{"a long line", strings.Repeat("я", MaxLine) + "\n" + strings.Repeat("я", MaxLine+1), []string{"2:10001: the line is 10001 characters long, more than 10000: break it"}},
		{"a long line in a block", "```nardy\n" + strings.Repeat("я", MaxLine+1) + "\n```\n", []string{"2:10001: the line is 10001 characters long, more than 10000: break it"}},
		{"links", strings.Repeat("[a](b.md) ", MaxLinks) + "\n" + strings.Repeat("[a](", MaxLinks+1) + "\n", []string{"2:1: the line holds 501 links, more than 500: break it"}},
		{"a paragraph of links", strings.Repeat("[a](b.md)\n", MaxParagraphBrackets) + "\n" + strings.Repeat("[a](\n", MaxParagraphBrackets+5), []string{
			`2002:1: the paragraph holds more than 1000 links or "[": break it with blank lines`}},
		{"a paragraph of brackets", strings.Repeat("[", 600) + "\n" + strings.Repeat("[", 600) + "\n", []string{
			`2:1: the paragraph holds more than 1000 links or "[": break it with blank lines`}},
		{"a list of links", strings.Repeat("- [a](b.md)\n", 2*MaxParagraphBrackets), nil},
		{"headings", strings.Repeat("## a\n\nтекст\n\n", MaxHeadings) + "# b\n" + "c\n===\n", []string{
			"4001:1: the page has more than 1000 headings: split it into several pages"}},
		{"headings underlined", strings.Repeat("a\n---\n", MaxHeadings) + "c\n=== \n", []string{
			"2002:1: the page has more than 1000 headings: split it into several pages"}},
		{"not headings", strings.Repeat("#a\n####### b\n-=\n", 2*MaxHeadings), nil},
		{"a fenced block is not Markdown", "```\n" + strings.Repeat("- ", 40) + "a\n" + strings.Repeat("[a](", 600) + "\n```\n", nil},
		{"a fence of tildes, closed by a longer one", "~~~\n" + strings.Repeat("> ", 40) + "\n~~~~\n" + strings.Repeat("> ", 40) + "a\n", []string{"4:81: lists and quotes nested 40 deep, more than 32"}},
		{"a control character", "текст\n```nardy\ncaption: Ход\x1b[31m красный\n```\nзвонок\x07 и\vвкладка\tтаб\n", []string{
			"3:13: a control character (U+001B), which no page shows: delete it",
			"5:7: a control character (U+0007), which no page shows: delete it"}},
		{"carriage returns", "a\rb\r\nc\r", nil},
		{"C1 and DEL", "a\u0085b\nc\x7f\n", []string{
			"1:2: a control character (U+0085), which no page shows: delete it",
			"2:2: a control character (U+007F), which no page shows: delete it"}},
		{"an unclosed fence", "```\n" + strings.Repeat("> ", 40) + "\n", nil},
		{"not a fence", "``` a ` b\n" + strings.Repeat("> ", 40) + "a\n", []string{"2:81: lists and quotes nested 40 deep, more than 32"}},
	} {
		var errs engine.ErrorList
		ok := textBounds([]byte(c.text), "x.md", &errs)
		var got []string
		for _, e := range errs {
			if e.Pos.File != "x.md" {
				t.Errorf("%s: a problem in %q", c.name, e.Pos.File)
			}
			got = append(got, e.Pos.String()[len("x.md:"):]+": "+e.Msg)
		}
		if ok != (len(c.want) == 0) || strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: ok %v, problems\n%s\nwant\n%s", c.name, ok, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// TestYAMLBounds: front matter and the configuration past MaxYAML or
// MaxYAMLDepth are refused at the place, before the YAML parser reads
// them; what real files hold passes.
func TestYAMLBounds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text, want string
	}{
		{"config", "title: {ru: А, uk: Б}\nlanguages: [ru, uk]\n", ""},
		{"8 deep", "title: " + strings.Repeat("[", 8) + strings.Repeat("]", 8) + "\n", ""},
		{"9 deep", "title: " + strings.Repeat("[", 9) + "\n", `2:16: brackets nested more than 8 deep: a value here is a word, a line, or a list of them`},
		{"9 deep on lines", "a: [\n" + strings.Repeat(" {\n", 8), `10:2: brackets nested more than 8 deep: a value here is a word, a line, or a list of them`},
		{"closed, then open again", strings.Repeat("t: [[[[]]]]\n", 100), ""},
		{"a control character", "title: Т\ndescription: a\x1bb\r\n", `3:15: a control character (U+001B), which no page shows: delete it`},
		{"long", "description: " + strings.Repeat("a", MaxYAML), `2:1: the YAML is 65549 bytes long, more than 65536 (a few lines of "key: value" are all it needs)`},
	} {
		var errs engine.ErrorList
		ok := yamlBounds([]byte(c.text), "x.yaml", 1, &errs)
		got := ""
		if len(errs) > 0 {
			got = errs[0].Pos.String()[len("x.yaml:"):] + ": " + errs[0].Msg
		}
		if len(errs) > 1 || ok != (c.want == "") || got != c.want {
			t.Errorf("%s: ok %v, %d problems, the first\n%s\nwant\n%s", c.name, ok, len(errs), got, c.want)
		}
	}
}

// TestBoundsInABuild: a page past a bound is reported, once, with its
// path, and not parsed further (no problem of its blocks follows).
func TestBoundsInABuild(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("> ", 40) + "a\n```nardy\ngame: chess\n```\n"
	files := fstest.MapFS{"ru/index.md": pageText("Т", deep), "uk/index.md": pageText("Т", "текст")}
	want := "content/ru/index.md:4:81: lists and quotes nested 40 deep, more than 32"
	if got := buildErrors(t, files); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	files["ru/index.md"] = &fstest.MapFile{Data: []byte("---\ntitle: " + strings.Repeat("[", 20) + "\n---\n")}
	want = "content/ru/index.md:2:16: brackets nested more than 8 deep: a value here is a word, a line, or a list of them"
	if got := buildErrors(t, files); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestTooManyFigures: a page of more than MaxFigures blocks is reported
// once, at the first block past the bound (its fence line), and the
// blocks past it are not read.
func TestTooManyFigures(t *testing.T) {
	t.Parallel()
	blocks := strings.Repeat("```nardy\ngame: long\nposition: start\n```\n", MaxFigures)
	files := fstest.MapFS{"ru/index.md": pageText("Т", blocks), "uk/index.md": pageText("Т", blocks)}
	if got := buildErrors(t, files); got != "" {
		t.Fatalf("%d blocks: %s", MaxFigures, got)
	}
	files["ru/index.md"] = pageText("Т", blocks+"```nardy\ngame: chess\n```\n```nardy\ngame: chess\n```\n")
	want := "content/ru/index.md:804:1: the page has more than 200 position blocks and tables: split it into several pages"
	if got := buildErrors(t, files); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRaceBudget: the races of a site are bounded together, in page
// order: the first past the budget is reported once, at its "race" item,
// and the blocks from it on are not computed. (The budget is made small
// here: three races counted on their way home pass it.)
func TestRaceBudget(t *testing.T) {
	defer func(b int) { raceBudget = b }(raceBudget)
	raceBudget = 150_000
	race := "```nardy\ngame: short\nwhite: 9 8 3 2 1\nblack: 21 20 19\nodds: race\n```\n"
	home := "```nardy\ngame: short\nwhite: 6 5\nblack: 19 20\nodds: race\n```\n"
	files := bothLangs(map[string]*fstest.MapFile{"a.md": pageText("Т", home+race), "b.md": pageText("Т", race), "index.md": pageText("Т", "текст")})
	want := "content/uk/a.md:14:7: odds race: the site's races together may weigh more than 150000 positions (about two seconds of work), here 180000; show fewer races that are not all home, or smaller ones"
	if got := buildErrors(t, files); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	raceBudget = 240_000
	if got := buildErrors(t, files); got != "" {
		t.Errorf("four races within the budget: %s", got)
	}
}

// FuzzTextBounds checks any text against the page bounds: nothing
// panics, every problem is on a line of the text, at a column within it
// (or just past it), and text that passes has no line over MaxLine but
// blank ones (a page's front matter is blanked with spaces).
func FuzzTextBounds(f *testing.F) {
	for _, s := range []string{"", "a\n", "- a\n  - b\n", "> > a\n", "```\n- - -\n```\n", "[a](b) [c](d)\n", "1. 2) - * + a\n", "a\x1bb\n", "~~~~\n> \n~~~\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var errs engine.ErrorList
		ok := textBounds([]byte(src), "x.md", &errs)
		lines := strings.Split(src, "\n")
		if ok != (len(errs) == 0) {
			t.Errorf("%q: ok %v with %d problems", src, ok, len(errs))
		}
		for _, e := range errs {
			if e.Pos.Line < 1 || e.Pos.Line > len(lines) || e.Pos.Col < 1 || e.Pos.Col > len([]rune(lines[e.Pos.Line-1]))+1 {
				t.Errorf("%q: a problem at %v: %s", src, e.Pos, e.Msg)
			}
		}
		if ok {
			for _, l := range lines {
				if n := len([]rune(strings.TrimSuffix(l, "\r"))); n > MaxLine && strings.TrimLeft(l, " \t\r") != "" {
					t.Errorf("%q: a line of %d characters passed", src, n)
				}
			}
		}
	})
}

// TestControlByte: reading a line byte by byte finds the control
// character controlChar finds, at the same offset, in valid UTF-8 and
// in bytes that are not.
func TestControlByte(t *testing.T) {
	t.Parallel()
	lines := []string{"", "plain", "таб\tи\rвозврат", "a\x00b", "\x1f", "x\x7fy", "ю\u0080", "\u009f", "\u00a0 no", "\u0100",
		"\xc2", "\xc2\x7f", "\xe0\xc2\x80", "\xff\x01", "\xc3\x80\xc2\x9f", "日本\u0085語"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for k := range b {
			b[k] = []byte{0x00, 0x09, 0x0d, 0x1f, 0x20, 'a', 0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc2, 0xc3, 0xd0, 0xe0, 0xe2, 0xf0, 0xff}[r.IntN(18)]
		}
		lines = append(lines, string(b))
	}
	for _, l := range lines {
		if got, want := controlByte([]byte(l)), controlChar(l); got != want {
			t.Errorf("%q: %d, want %d", l, got, want)
		}
	}
}
