package checker

import (
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TestTypedMoves types what readers type into a figure's form: a move
// written with spaces for slashes, one cut short, a letter in a number,
// a point off the board, and the roll instead of a move. Each is told
// where it goes wrong, the character quoted with its column, or that it
// is a roll, in both languages.
func TestTypedMoves(t *testing.T) {
	const start = "Lw65:24x15:12x15"
	hint := map[i18n.Lang]string{
		i18n.RU: " Записывайте ходы так: «24/18 13/7», «bar/22», «6/off».",
		i18n.UK: " Записуйте ходи так: «24/18 13/7», «bar/22», «6/off».",
	}
	for _, c := range []struct {
		move string
		lang i18n.Lang
		want string // without the hint, which follows every message but the roll's
	}{
		{"24 19 18 15", i18n.RU, "Не удалось прочитать ход: знак 3 — пробел, а после «24» нужна «/» и пункт, куда идёт шашка."},
		{"24 19 18 15", i18n.UK, "Не вдалося прочитати хід: знак 3 — пропуск, а після «24» потрібна «/» і пункт, куди йде шашка."},
		{"24/18 13 8", i18n.RU, "Не удалось прочитать ход: знак 9 — пробел, а после «13» нужна «/» и пункт, куда идёт шашка."},
		{"24,18", i18n.RU, "Не удалось прочитать ход: знак 3 — «,», а после «24» нужна «/» и пункт, куда идёт шашка."},
		{"24", i18n.RU, "Не удалось прочитать ход: после «24» нужна «/» и пункт, куда идёт шашка."},
		{"bar", i18n.UK, "Не вдалося прочитати хід: після «bar» потрібна «/» і пункт, куди йде шашка."},
		{"24/", i18n.RU, "Не удалось прочитать ход: он обрывается после знака 3."},
		{"24/18/", i18n.UK, "Не вдалося прочитати хід: він обривається після знака 6."},
		{"24/18a", i18n.RU, "Не удалось прочитать ход: знак 6 — «a»."},
		{"24//18", i18n.RU, "Не удалось прочитать ход: знак 4 — «/»."},
		{"24/30", i18n.RU, "Не удалось прочитать ход: знак 4 — «30»."},
		{"barr/22", i18n.RU, "Не удалось прочитать ход: знак 1 — «barr»."},
		{"24/18 18/off/3", i18n.UK, "Не вдалося прочитати хід: знак 10 — «off»."},
		{"24x18", i18n.RU, "Не удалось прочитать ход: знак 3 — «x»."},
		{"6-5", i18n.RU, "«6-5» — это бросок, а ход пишется так: 24/18, с какого пункта на какой идёт шашка."},
		{" 6:5 ", i18n.RU, "«6:5» — это бросок, а ход пишется так: 24/18, с какого пункта на какой идёт шашка."},
		{"65", i18n.UK, "«65» — це кидок, а хід пишеться так: 24/18, з якого пункту на який іде шашка."},
		{"6 5", i18n.RU, "«6 5» — это бросок, а ход пишется так: 24/18, с какого пункта на какой идёт шашка."},
	} {
		r := Evaluate(ReadCode, start, c.move, c.lang)
		want := c.want
		if !strings.HasPrefix(want, "«") {
			want += hint[c.lang]
		}
		if r.Legal || r.Message != want {
			t.Errorf("%s, %q: %q (legal %v), want %q", c.lang, c.move, r.Message, r.Legal, want)
		}
	}
}

// TestTypedLeavesTheEngineSay: a move the engine takes, or refuses for a
// rule, keeps the engine's words; a roll-like text that is a legal play
// is that play.
func TestTypedLeavesTheEngineSay(t *testing.T) {
	if m := typed(engine.Verdict{Reason: engine.ReasonLegal}, "6-5", i18n.RU); m != "" {
		t.Errorf("a legal play read as a roll: %q", m)
	}
	if m := typed(engine.Verdict{Reason: engine.ReasonHead}, "24/18 24/19", i18n.RU); m != "" {
		t.Errorf("the head rule replaced: %q", m)
	}
	// White's last checkers, on 2 and 1, with 1-1: "2-1" is the move 2/1
	// (the rest is played too: 2/1 1/off 1/off, or as the engine wants).
	r := Evaluate(ReadCode, "Sw11:2,1:24x15", "2-1 1/off 1/off", i18n.RU)
	if r.Error != "" || !r.Legal || strings.Contains(r.Message, "бросок") {
		t.Errorf("a move written with hyphens: %q %q, legal %v", r.Error, r.Message, r.Legal)
	}
	if r := Evaluate(ReadCode, "Lw65:24x15:12x15", "24-18-13", i18n.RU); !r.Legal {
		t.Errorf("24-18-13 is not read: %q", r.Message)
	}
}
