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
// figure without one, with the move checker and without. In the page an
// exercise's task is its board's caption, first; nothing before its
// closed <details> gives the answer away: not the author's caption, not
// the verdict on the illegal play, not the cross it is drawn with (it is
// drawn as a plain arrow that the board's description names as the play
// asked about). The answer then holds the caption, the illegal play's
// box, the table of plays and the statistics. A playable board's status
// line is under the board. The print document and the standalone diagram
// fold nothing and draw the cross.
func TestExercisesFoldTheirAnswers(t *testing.T) {
	t.Parallel()
	const page = "```nardy\ngame: long\nposition: start\ndice: 6-5\nillegal: 24/18 24/19\ncaption: Белые начинают, с головы уходит одна шашка.\nexercise: illegal\n```\n\n" +
		"```nardy\ngame: long\nwhite: 3 1x2\nblack: 12x15\ndice: 2-1\nstats: off\nexercise: stats plays\n```\n\n" +
		"```nardy\ngame: long\nposition: start\ndice: 3-1\ncaption: Без задания.\n```\n"
	const caption = "Белые начинают, с головы уходит одна шашка."
	// What gives the first exercise's answer away, and what its answer
	// says once opened.
	giveaway := []string{caption, "запрещённый ход", "крестик", `class="nd-illegal"`, `<div class="illegal">`, "Нельзя сыграть", `<div class="moves">`}
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
			{"Задание: можно ли сыграть 24/18 24/19?", []string{`<p class="caption">` + caption + "</p>", `<div class="illegal">`, "На схеме задания он показан простой стрелкой, без крестика.", `<div class="moves">`}},
			{"Задание: сколько бросков из 36 выводят все оставшиеся шашки? Найдите на доске все разрешённые ходы этого броска.", []string{`<div class="moves">`, `<div class="stats">`}},
			{"", nil},
		} {
			f := figs[i]
			n := string(rune('1' + i))
			where := func(s string) int { return strings.Index(f, s) }
			open, shut := where(`<details class="answer">`+"\n<summary>Показать ответ</summary>"), where("</details>")
			if c.task == "" {
				if open >= 0 || strings.Contains(f, "board-task") || !strings.Contains(f, "<figcaption>Без задания.</figcaption>\n</figure>") {
					t.Errorf("checker %v, figure %d: a figure without an exercise has a task, folds its answer or lost its caption:\n%s", checker, i+1, f)
				}
			} else {
				// The task is the first child of the board's figure.
				task := where(`<figure class="diagram">` + "\n" + `<figcaption class="board-task" id="fig-` + n + `-task">` + c.task + "</figcaption>\n<div class=\"board\">")
				if task < 0 || open < 0 || shut < open || task > open {
					t.Errorf("checker %v, figure %d: task at %d, answer folded at %d–%d:\n%s", checker, i+1, task, open, shut, f)
				}
				if strings.Count(f, "<figcaption") != 1 {
					t.Errorf("checker %v, figure %d: %d captions, want the task alone", checker, i+1, strings.Count(f, "<figcaption"))
				}
				for _, part := range c.folded {
					if at := where(part); at < open || at > shut {
						t.Errorf("checker %v, figure %d: %s is not folded in the answer", checker, i+1, part)
					}
				}
			}
			if i == 0 {
				before := f[:max(open, 0)]
				for _, g := range giveaway {
					if strings.Contains(before, g) {
						t.Errorf("checker %v: the exercise gives its answer away before it is opened: %q", checker, g)
					}
				}
				if !strings.Contains(before, "Стрелка — ход 24/18 24/19, о котором спрашивает задание.</desc>") || !strings.Contains(before, `class="nd-arrow"`) {
					t.Errorf("checker %v: the asked play is not drawn as a plain arrow named in the description:\n%s", checker, before)
				}
			}
			status := where(`<p class="board-status" role="status" data-loading="Загружается проверка ходов…"`)
			board := where(`<div class="board">`)
			switch {
			case !checker && status >= 0:
				t.Errorf("figure %d: a status line without the checker", i+1)
			case checker && (board < 0 || status < board || status > board+strings.Index(f[board:], "</div>")):
				t.Errorf("figure %d: the status line is not in the board's box:\n%s", i+1, f)
			case checker && c.task != "" && where(`<form class="checker"`) > open:
				t.Errorf("figure %d: the checker's form does not follow the board", i+1)
			}
		}
		doc := string(s.Files["ru/long/print.html"])
		for _, want := range []string{`<p class="board-task" id="`, "Задание: можно ли сыграть 24/18 24/19?", "<figcaption>" + caption + "</figcaption>", `<div class="illegal">`, "На схеме он показан пунктирной стрелкой с крестиком.", "крестиком — запрещённый ход 24/18 24/19.</desc>", `class="nd-illegal"`} {
			if !strings.Contains(doc, want) {
				t.Errorf("checker %v: the print document lacks %q", checker, want)
			}
		}
		if strings.Contains(doc, `<details class="answer">`) || strings.Contains(doc, "спрашивает задание") {
			t.Errorf("checker %v: the print document folds an answer or draws the page's exercise", checker)
		}
		if svg := string(archived(t, s.Files, "ru/long/p0001-1.svg")); !strings.Contains(svg, `class="nd-illegal"`) || !strings.Contains(svg, caption) {
			t.Errorf("checker %v: the standalone diagram is not the printed one:\n%.600s", checker, svg)
		}
	}
}

// TestExerciseAfterBoardIsAnAnswer builds an exercise that also draws the
// position after its play: in the page the board asked about is drawn
// alone, and the position after the play, which is the answer, is folded
// in the answer with its label; a figure without an exercise keeps its
// two boards side by side.
func TestExerciseAfterBoardIsAnAnswer(t *testing.T) {
	t.Parallel()
	const page = "```nardy\ngame: short\nposition: start\ndice: 3-1\nafter: 8/5 6/5\nexercise: plays\n```\n\n" +
		"```nardy\ngame: short\nposition: start\ndice: 3-1\nafter: 8/5 6/5\n```\n"
	files := sectionSite(2)
	files["ru/long/p0001.md"] = pageText("Страница 0001", page)
	files["uk/long/p0001.md"] = pageText("Сторінка 0001", page)
	s, err := Build(t.Context(), Options{Content: "content", FS: files, Checker: true, Files: map[string][]byte{}})
	if err != nil {
		t.Fatal(err)
	}
	figs := figuresOf(string(s.Files["ru/long/p0001.html"]))
	if len(figs) != 2 {
		t.Fatalf("%d figures, want 2", len(figs))
	}
	ex, plain := figs[0], figs[1]
	open := strings.Index(ex, `<details class="answer">`)
	after := strings.Index(ex, `<p class="board-label">После хода 8/5 6/5</p>`)
	if open < 0 || after < open || strings.Contains(ex, "before-after") || strings.Count(ex, "<svg") != 2 {
		t.Errorf("the exercise's position after the play is not folded in its answer (answer at %d, after board at %d):\n%s", open, after, ex)
	}
	if strings.Index(ex, "<svg") > open {
		t.Errorf("the exercise's board is not drawn before its answer:\n%s", ex)
	}
	if !strings.Contains(plain, `<div class="before-after">`) || strings.Contains(plain, "<details") {
		t.Errorf("a figure without an exercise lost its two boards:\n%s", plain)
	}
}
