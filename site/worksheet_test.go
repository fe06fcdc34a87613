package site

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"

	"github.com/nardydocs/nardydocs/diagrams"
)

// TestWorksheetGolden keeps the Russian long-nardy worksheet of the
// fixture (the diagrams have golden files of their own) and the print
// theme of a standalone diagram.
func TestWorksheetGolden(t *testing.T) {
	t.Parallel()
	s, _, err := buildArchive(t, "testdata/worksheet.txtar", 0)
	if err != nil {
		t.Fatalf("build failed:\n%v", err)
	}
	for _, name := range []string{"ru/worksheets/long.html", "uk/worksheets/long.html", "ru/long/a-2.svg"} {
		got, ok := s.Files[name]
		if strings.HasSuffix(name, ".svg") {
			got = archived(t, s.Files, name)
			ok = got != nil
		}
		if !ok {
			t.Errorf("%s was not built", name)
			continue
		}
		checkGolden(t, name, "", got)
	}
}

func TestWorksheets(t *testing.T) {
	t.Parallel()
	s, _, err := buildArchive(t, "testdata/worksheet.txtar", 0)
	if err != nil {
		t.Fatalf("build failed:\n%v", err)
	}
	if _, ok := s.Files["ru/worksheets/short.html"]; ok {
		t.Errorf("a worksheet for short nardy, which has no exercises")
	}
	ws := string(s.Files["ru/worksheets/long.html"])
	// Four tasks to a sheet, in reading order; the second block sets two
	// tasks in one cell.
	if n := strings.Count(ws, `<div class="sheet">`); n != 2 {
		t.Errorf("%d sheets, want 2 (5 exercises, 4 to a sheet)", n)
	}
	for _, frag := range []string{
		`<title>Рабочий лист: длинные нарды — `,
		`<article class="task" id="ex-1">`,
		`<p class="question"><strong>Ход белых, на кубиках <span class="roll">6-5</span>.</strong></p>
<p class="question">Найдите все разрешённые ходы.</p>`,
		`<p class="question"><strong>Ход белых, на кубиках <span class="roll">5-3</span>.</strong></p>
<p class="question">Почему нельзя сыграть 24/19 24/21?</p>
<p class="question">Найдите все разрешённые ходы.</p>`,
		`<p class="question"><strong>Ход белых.</strong></p>
<p class="question">Сколько бросков из 36 выводят все оставшиеся шашки?</p>`,
		`<p class="question"><strong>Ход чёрных, на кубиках <span class="roll">6-6</span>.</strong></p>
<p class="question">Сколько бросков из 36 дают ничью?</p>
<p class="question">При скольких бросках из 36 хода нет?</p>`,
		// The answers, computed by the engine.
		`<p>1 вариант: 24/18/13.</p>`,
		`<p>С головы за ход можно снять только одну шашку.</p>`,
		`<p>4 варианта: 24/19/16; 24/19 18/15; 24/21 18/13; 18/13 18/15.</p>`,
		"<p>Бросков, которые выводят все оставшиеся шашки: 5 из 36 (13,9\u00a0%): <span class=\"roll\">2-2</span>, <span class=\"roll\">3-3</span>, <span class=\"roll\">4-4</span>, <span class=\"roll\">5-5</span>, <span class=\"roll\">6-6</span>. 5\u00a0дублей — 5\u00a0исходов.</p>",
		"<p>Бросков, которые дают ничью: 36 из 36 (100\u00a0%): <span class=\"roll\">1-1</span>,",
		"; всего 36.</p>",
		"<p>Бросков, при которых хода нет: 0 из 36 (0\u00a0%).</p>",
		`<p>1 вариант: 13/off 13/off (две шестёрки пропадают).</p>`,
		`<a href="../long/a.html#fig-2">Первый ход</a>`,
		`<a href="../long/b.html#fig-1">Вывод</a>`,
		// Linked from the table of contents, in both languages.
		`<a href="long.html" aria-current="page">Рабочий лист для печати</a>`,
		`<a href="../../uk/worksheets/long.html" hreflang="uk" lang="uk">Українська</a>`,
	} {
		if !strings.Contains(ws, frag) {
			t.Errorf("ru/worksheets/long.html lacks %q", frag)
		}
	}
	// No arrow nor mark gives the answer away on a worksheet.
	if strings.Contains(ws, `class="nd-arrow"`) || strings.Contains(ws, `class="nd-mark"`) {
		t.Errorf("a worksheet diagram shows arrows or marks")
	}
	// The task that asks why a move is forbidden draws it, and no other.
	if n := strings.Count(ws, `class="nd-illegal"`); n != 1 || !strings.Contains(ws, `marker-end="url(#ex-2-board-cross)"`) {
		t.Errorf("%d forbidden moves drawn on the worksheet; want one, in task 2", n)
	}
	for _, page := range []string{"ru/long/a.html", "ru/index.html", "ru/short/index.html"} {
		if !strings.Contains(string(s.Files[page]), `worksheets/long.html">Рабочий лист для печати</a>`) {
			t.Errorf("%s does not link the worksheet", page)
		}
	}
	if uk := string(s.Files["uk/worksheets/long.html"]); !strings.Contains(uk, `<p class="question">Знайдіть усі дозволені ходи.</p>`) {
		t.Errorf("uk/worksheets/long.html is not in Ukrainian")
	}
	// Pages print their diagrams in the print theme; the standalone
	// files are the same drawings with the print theme's rules, at an A4
	// text width.
	if css := string(s.Files["style.css"]); !strings.Contains(css, "@media print {\n"+diagrams.PrintCSS()+"}") {
		t.Errorf("style.css lacks the diagrams' print rules")
	}
	if css := string(s.Files["style.css"]); !strings.Contains(css, "@media screen and (prefers-color-scheme: dark) {\n"+diagrams.DarkCSS()+"}") {
		t.Errorf("style.css lacks the diagrams' dark scheme")
	}
	page := string(s.Files["ru/long/a.html"])
	if strings.Count(page, `class="nd-print" display="none"`) != 2 {
		t.Errorf("the diagrams of ru/long/a.html are not Printable")
	}
	svg := string(archived(t, s.Files, "ru/long/a-1.svg"))
	if !strings.Contains(svg, `width="180mm"`) || !strings.Contains(svg, diagrams.PrintCSS()) || !strings.Contains(svg, `-hatch)"`) {
		t.Errorf("ru/long/a-1.svg is not the print theme at 180 mm")
	}
}

func TestWorksheetTranslationsSetTheSameTasks(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/worksheet.txtar")
	b := files["uk/long/b.md"]
	b.Data = bytes.Replace(b.Data, []byte("exercise: stats plays\n"), []byte("exercise: stats\n"), 1)
	_, err := Build(t.Context(), Options{Content: "content", FS: files})
	var list engine.ErrorList
	want := filepath.Join("content", "uk", "long", "b.md") + `:13:1: figure 2 differs from its translation ` + filepath.Join("content", "ru", "long", "b.md") + `:13 in its exercises: "stats" here, "stats plays" there`
	if !errors.As(err, &list) || len(list) != 1 || !strings.HasPrefix(list[0].Error(), want) {
		t.Errorf("errors: %v\nwant one starting %s", err, want)
	}
}
