package site

import (
	"strings"
	"testing"
)

// figuresOf returns the figures of a page, each from its opening tag to
// the end of its own element: a figure holds the figure of its board and
// caption, so the end is the last </figure> before the next figure.
func figuresOf(page string) []string {
	var figs []string
	for _, part := range strings.Split(page, `<figure class="position" id="`)[1:] {
		if end := strings.LastIndex(part, "</figure>"); end >= 0 {
			figs = append(figs, `<figure class="position" id="`+part[:end+len("</figure>")])
		}
	}
	return figs
}

// TestExercisesFoldTheirAnswers builds pages with an exercise and a
// figure without one, with the move checker and without: the task is in
// the page from the start, after the board; the illegal play's box, the
// table of plays and the statistics are in a closed <details> after it;
// a playable board's status line is under the board, before the caption;
// the print document folds nothing.
func TestExercisesFoldTheirAnswers(t *testing.T) {
	t.Parallel()
	const page = "```nardy\ngame: long\nposition: start\ndice: 6-5\nillegal: 24/18 24/19\ncaption: Белые начинают.\nexercise: illegal\n```\n\n" +
		"```nardy\ngame: long\nwhite: 3 1x2\nblack: 12x15\ndice: 2-1\nstats: off\nexercise: stats plays\n```\n\n" +
		"```nardy\ngame: long\nposition: start\ndice: 3-1\ncaption: Без задания.\n```\n"
	for _, checker := range []bool{true, false} {
		files := sectionSite(2)
		files["ru/long/p0001.md"] = pageText("Страница 0001", page)
		files["uk/long/p0001.md"] = pageText("Сторінка 0001", page)
		s, err := Build(t.Context(), Options{Content: "content", FS: files, Checker: checker, Files: map[string][]byte{}})
		if err != nil {
			t.Fatal(err)
		}
		figs := figuresOf(string(s.Files["ru/long/p0001.html"]))
		if len(figs) != 3 {
			t.Fatalf("checker %v: %d figures, want 3", checker, len(figs))
		}
		for i, c := range []struct {
			task   string   // the task, "" for none
			folded []string // what the answer folds
		}{
			{"Задание: можно ли сыграть 24/18 24/19?", []string{`<div class="illegal">`, `<div class="moves">`}},
			{"Задание: сколько бросков из 36 выводят все оставшиеся шашки? Найдите на доске все разрешённые ходы этого броска.", []string{`<div class="moves">`, `<div class="stats">`}},
			{"", nil},
		} {
			f := figs[i]
			where := func(s string) int { return strings.Index(f, s) }
			open, shut := where(`<details class="answer">`+"\n<summary>Показать ответ</summary>"), where("</details>")
			if c.task == "" {
				if open >= 0 || strings.Contains(f, "board-task") {
					t.Errorf("checker %v, figure %d: a figure without an exercise has a task or folds its answer:\n%s", checker, i+1, f)
				}
			} else {
				task := where(`<p class="board-task" id="fig-` + string(rune('1'+i)) + `-task">` + c.task + "</p>")
				if task < 0 || open < 0 || shut < open || task > open {
					t.Errorf("checker %v, figure %d: task at %d, answer folded at %d–%d:\n%s", checker, i+1, task, open, shut, f)
				}
				for _, part := range c.folded {
					if at := where(part); at < open || at > shut {
						t.Errorf("checker %v, figure %d: %s is not folded in the answer", checker, i+1, part)
					}
				}
			}
			status := where(`<p class="board-status" role="status" data-loading="Загружается проверка ходов…"`)
			board, caption := where(`<div class="board">`), where("<figcaption>")
			switch {
			case !checker && status >= 0:
				t.Errorf("figure %d: a status line without the checker", i+1)
			case checker && (board < 0 || status < board || status > board+strings.Index(f[board:], "</div>")):
				t.Errorf("figure %d: the status line is not in the board's box:\n%s", i+1, f)
			case checker && caption >= 0 && status > caption:
				t.Errorf("figure %d: the status line comes after the caption", i+1)
			case checker && where(`<form class="checker"`) > max(caption, open):
				t.Errorf("figure %d: the checker's form does not follow the board", i+1)
			}
		}
		if doc := string(s.Files["ru/long/print.html"]); strings.Contains(doc, `<details class="answer">`) || !strings.Contains(doc, "Задание: можно ли сыграть 24/18 24/19?") || !strings.Contains(doc, `<div class="illegal">`) {
			t.Errorf("checker %v: the print document folds an answer, or lacks the task or the answer", checker)
		}
	}
}
