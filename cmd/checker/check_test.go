package main

import (
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// These tests run natively and, compiled to WebAssembly, under Node.js:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./cmd/checker

func TestCheck(t *testing.T) {
	const start = "game: long\nposition: start\ndice: 6-6\n"
	for _, c := range []struct {
		name, position, move, lang, want string
	}{
		{"legal, Russian", start, "24/18 24/18", "ru",
			`{"legal": true, "reason": "legal", "message": "Ход разрешён: 24/18 24/18.", "col": 0, "play": "24/18 24/18", "plays": ["24/18 24/18"], "dice_played": 2}`},
		{"held point, Ukrainian", start, "24/18 18/12", "uk",
			`{"legal": false, "reason": "point-held", "message": "Пункт 12 зайнятий суперником. У довгих нардах навіть одна шашка тримає пункт, і стати на нього не можна.", "col": 7, "play": "", "plays": ["24/18 24/18"], "dice_played": 2}`},
		{"a position code", "Lw66:24x15:12x15", "24/18", "ru",
			`{"legal": false, "reason": "must-play-more", "message": "Этот ход использует 1 кубик, а сыграть можно 2 кубика. Отказаться от хода нельзя: играется всё, что проходит.", "col": 0, "play": "", "plays": ["24/18 24/18"], "dice_played": 2}`},
		{"malformed move", start, "24/30", "ru",
			`{"legal": false, "reason": "syntax", "message": "Не удалось прочитать ход (знак 4). Записывайте ходы так: «24/18 13/7», «bar/22», «6/off».", "col": 4, "play": "", "plays": ["24/18 24/18"], "dice_played": 2}`},
		{"a bad block", "game: long\nwhite: 24x16\nblack: 12x15\ndice: 6-6", "24/18", "ru",
			`{"error": "line 2: \"24x16\": a count is 1 to 15"}`},
		{"no dice", "game: long\nposition: start", "24/18", "uk",
			`{"error": "У позиції немає кидка: додайте рядок «dice: 6-5»."}`},
		{"hit, eastern", "Sw43:24x2,13x5,8x3,6x5:19x5,17x3,12x5,9,1:short=eastern", "13/9*/6", "ru",
			``},
	} {
		if !i18n.Lang(c.lang).HasCheckerText() {
			continue // a module for the other language
		}
		if !readsBlocks && !isCode(c.position) {
			// The rule pages' module reads only position codes.
			if got := Check(c.position, c.move, c.lang); !strings.Contains(got, `"error": "expected a position code`) {
				t.Errorf("%s: a block should be refused by the code-only checker: %s", c.name, got)
			}
			continue
		}
		got := Check(c.position, c.move, c.lang)
		if c.want == "" {
			if !strings.Contains(got, `"reason": "hit-and-hide"`) || !strings.Contains(got, "спрятаться на свой пункт 6") {
				t.Errorf("%s: %s", c.name, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestQuoteJSON(t *testing.T) {
	if got, want := string(quote(nil, "a\"b\\c\nd\x01е")), `"a\"b\\c\nd\u0001е"`; got != want {
		t.Errorf("quote = %s, want %s", got, want)
	}
}
