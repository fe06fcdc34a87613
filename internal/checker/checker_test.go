package checker_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/internal/checker"
	"github.com/nardydocs/nardydocs/internal/editor"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// These tests run natively and, compiled to WebAssembly, under Node.js:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./internal/...

// TestEvaluate judges each move with the standalone page's reader, which
// reads blocks and codes, and with the rule pages' reader, which reads
// codes only and must refuse a block.
func TestEvaluate(t *testing.T) {
	const start = "game: long\nposition: start\ndice: 6-6\n"
	for _, c := range []struct {
		name, position, move string
		lang                 i18n.Lang
		want                 checker.Result
	}{
		{"legal, Russian", start, "24/18 24/18", i18n.RU, checker.Result{
			Legal: true, Reason: "legal", Message: "Ход разрешён: 24/18 24/18.", Col: 0,
			Play: "24/18 24/18", Plays: []string{"24/18 24/18"}, DicePlayed: 2,
		}},
		{"held point, Ukrainian", start, "24/18 18/12", i18n.UK, checker.Result{
			Legal: false, Reason: "point-held", Message: "Пункт 12 зайнятий суперником. У довгих нардах навіть одна шашка тримає пункт, і стати на нього не можна.", Col: 7,
			Play: "", Plays: []string{"24/18 24/18"}, DicePlayed: 2,
		}},
		{"a position code", "Lw66:24x15:12x15", "24/18", i18n.RU, checker.Result{
			Legal: false, Reason: "must-play-more", Message: "Этот ход использует 1 кубик, а сыграть можно 2 кубика. Отказаться от хода нельзя: играется всё, что проходит.", Col: 0,
			Play: "", Plays: []string{"24/18 24/18"}, DicePlayed: 2,
		}},
		{"a position code between spaces", " Lw66:24x15:12x15\n", "24/18 24/18", i18n.UK, checker.Result{
			Legal: true, Reason: "legal", Message: "Хід дозволено: 24/18 24/18.", Col: 0,
			Play: "24/18 24/18", Plays: []string{"24/18 24/18"}, DicePlayed: 2,
		}},
		{"malformed move", start, "24/30", i18n.RU, checker.Result{
			Legal: false, Reason: "syntax", Message: "Не удалось прочитать ход: знак 4 — «30». Записывайте ходы так: «24/18 13/7», «bar/22», «6/off».", Col: 4,
			Play: "", Plays: []string{"24/18 24/18"}, DicePlayed: 2,
		}},
		{"a bad block", "game: long\nwhite: 24x16\nblack: 12x15\ndice: 6-6", "24/18", i18n.RU, checker.Result{
			Error: "Строка 2, знак 8: в «24x16» число шашек должно быть от 1 до 15.",
		}},
		{"a bad code", "Lw66:24x16:12x15", "24/18", i18n.RU, checker.Result{
			Error: "Код позиции «Lw66:24x16:12x15» не прочитан: скопируйте его целиком, например «Lw:24x15:12x15», или вставьте блок позиции.",
		}},
		{"every problem of a block, Ukrainian", "game: long\nwhite: 24x16 30\nblack: 12x15\nturn: red\ndice: 6-6", "24/18", i18n.UK, checker.Result{
			Error: "Рядок 2, знак 8: у «24x16» кількість шашок має бути від 1 до 15. Рядок 2, знак 14: пункту 30 на дошці немає: пункти нумерують від 1 до 24. Рядок 4, знак 7: «red» не прочитано: напишіть «white» (хід білих) або «black» (хід чорних).",
		}},
		{"no dice", "game: long\nposition: start", "24/18", i18n.UK, checker.Result{
			Error: "У позиції немає кидка: додайте рядок «dice: 6-5».",
		}},
		{"a GNU Backgammon Position ID", "4HPwATDgc/ABMA", "24/18", i18n.RU, checker.Result{
			Error: "В позиции нет броска: добавьте строку «dice: 6-5».",
		}},
		{"no dice in a code", "Lw:24x15:12x15", "24/18", i18n.RU, checker.Result{
			Error: "В позиции нет броска: добавьте строку «dice: 6-5».",
		}},
	} {
		got := checker.Evaluate(editor.Read, c.position, c.move, c.lang)
		check(t, c.name, got, c.want)
		// The rule pages' module reads only position codes.
		got = checker.Evaluate(checker.ReadCode, c.position, c.move, c.lang)
		if checker.IsCode(strings.TrimSpace(c.position)) {
			check(t, c.name+", code only", got, c.want)
		} else {
			want := map[i18n.Lang]string{i18n.RU: "Здесь нужен код позиции, например «Lw:24x15:12x15».", i18n.UK: "Тут потрібен код позиції, наприклад «Lw:24x15:12x15»."}[c.lang]
			check(t, c.name+", code only", got, checker.Result{Error: want})
		}
	}
}

// check compares a result with the one wanted, field by field. A wanted
// Error ending in ": " need only begin the error.
func check(t *testing.T, name string, got, want checker.Result) {
	t.Helper()
	if strings.HasSuffix(want.Error, ": ") && strings.HasPrefix(got.Error, want.Error) {
		want.Error = got.Error
	}
	if got.Error != want.Error {
		t.Errorf("%s: Error = %q, want %q", name, got.Error, want.Error)
	}
	if got.Legal != want.Legal {
		t.Errorf("%s: Legal = %v, want %v", name, got.Legal, want.Legal)
	}
	if got.Reason != want.Reason {
		t.Errorf("%s: Reason = %q, want %q", name, got.Reason, want.Reason)
	}
	if got.Message != want.Message {
		t.Errorf("%s: Message = %q, want %q", name, got.Message, want.Message)
	}
	if got.Col != want.Col {
		t.Errorf("%s: Col = %d, want %d", name, got.Col, want.Col)
	}
	if got.Play != want.Play {
		t.Errorf("%s: Play = %q, want %q", name, got.Play, want.Play)
	}
	if !slices.Equal(got.Plays, want.Plays) {
		t.Errorf("%s: Plays = %q, want %q", name, got.Plays, want.Plays)
	}
	if got.DicePlayed != want.DicePlayed {
		t.Errorf("%s: DicePlayed = %d, want %d", name, got.DicePlayed, want.DicePlayed)
	}
}

// TestEvaluateHit: a hit in short nardy under the eastern rules is
// explained in terms of hiding on one's own point.
func TestEvaluateHit(t *testing.T) {
	const code = "Sw43:24x2,13x5,8x3,6x5:19x5,17x3,12x5,9,1:short=eastern"
	for _, read := range []checker.Reader{checker.ReadCode, editor.Read} {
		r := checker.Evaluate(read, code, "13/9*/6", i18n.RU)
		if r.Error != "" || r.Legal || r.Reason != "hit-and-hide" || !strings.Contains(r.Message, "спрятаться на свой пункт 6") {
			t.Errorf("%+v", r)
		}
	}
}

// TestEvaluateRollTyped: the standalone page's form, which reads blocks,
// also says that a roll typed for a move is a roll.
func TestEvaluateRollTyped(t *testing.T) {
	r := checker.Evaluate(editor.Read, "game: long\nposition: start\ndice: 6-5", "6-5", i18n.RU)
	if r.Legal || r.Message != "«6-5» — это бросок, а ход пишется так: 24/18, с какого пункта на какой идёт шашка." {
		t.Errorf("6-5 typed on the standalone checker: %q", r.Message)
	}
}

// TestEvaluateLanguage: a form without a site language gets Russian.
func TestEvaluateLanguage(t *testing.T) {
	r := checker.Evaluate(checker.ReadCode, "Lw66:24x15:12x15", "24/18 24/18", "")
	if r.Message != "Ход разрешён: 24/18 24/18." {
		t.Errorf("Message = %q", r.Message)
	}
}
