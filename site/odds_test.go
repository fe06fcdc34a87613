package site

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"

	"github.com/nardydocs/nardydocs/engine/odds"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TestOddsGolden renders every kind of "odds:" item in both languages and
// compares the pages with golden files (go test ./site -update).
func TestOddsGolden(t *testing.T) {
	t.Parallel()
	s, _, err := buildArchive(t, "testdata/odds.txtar", 0)
	if err != nil {
		t.Fatalf("build failed:\n%v", err)
	}
	for _, name := range []string{"ru/long/odds.html", "uk/long/odds.html", "ru/short/odds.html", "uk/short/odds.html"} {
		got, ok := s.Files[name]
		if !ok {
			t.Errorf("%s was not built", name)
			continue
		}
		checkGolden(t, name, "odds_", got)
	}
	// The figures themselves, whatever the layout around them.
	for name, frags := range map[string][]string{
		"ru/long/odds.html": {
			"<caption>За сколько ходов белые выведут все шашки</caption>",
			"<th scope=\"row\">за 1 ход</th><td>4/36 (11,1\u00a0%)</td><td>4/36 (11,1\u00a0%)</td>",
			"<th scope=\"row\">за 2 хода</th><td>145/216 (67,1\u00a0%)</td><td>169/216 (78,2\u00a0%)</td>",
			"<th scope=\"row\">за 3 хода</th><td>21,4\u00a0%</td><td>99,7\u00a0%</td>",
			"<th scope=\"row\">В среднем ходов</th><td colspan=\"2\">2,11</td>",
			"<th scope=\"row\">Белые выигрывают</th><td>3/16 (18,8\u00a0%)</td>",
			"<th scope=\"row\">Ничья (последний бросок)</th><td>5/8 (62,5\u00a0%)</td>",
			"<th scope=\"row\">Чёрные выигрывают</th><td>3/16 (18,8\u00a0%)</td>",
			"<caption>Шашка чёрных с пункта 11 уходит дальше пункта 4</caption>",
			"<th scope=\"row\">за 1 ход</th><td>2/36 (5,6\u00a0%)</td>",
			"<th scope=\"row\">за 2 хода</th><td>115/648 (17,7\u00a0%)</td>",
			"<caption>Последний бросок чёрных</caption>",
			"<th scope=\"row\">Ничья</th><td>4/36 (11,1\u00a0%)</td>",
			"<th scope=\"row\">Белые выигрывают</th><td>32/36 (88,9\u00a0%)</td>",
			"Ходы считаются с ближайшего броска белых. Белые выводят шашки так, чтобы в среднем управиться за наименьшее число ходов. Посчитано точно.",
			"Посчитано точно при наилучшей игре обеих сторон.",
		},
		"uk/long/odds.html": {
			"<caption>За скільки ходів білі виведуть усі шашки</caption>",
			"<th scope=\"row\">за 1 хід</th>",
			"<th scope=\"row\">за 2 ходи</th>",
			"<th scope=\"row\">Нічия (останній кидок)</th><td>5/8 (62,5\u00a0%)</td>",
			"Пораховано точно.",
		},
		"ru/short/odds.html": {
			"<caption>Гонка: кто первым выведет все шашки, ход белых</caption>",
			"Посчитано в двойной точности",
			"Приближённо: каждая сторона выводит шашки так, чтобы в среднем управиться за наименьшее число ходов, не глядя на соперника.",
			"<caption>Шашка белых с бара уходит дальше пункта 16</caption>",
		},
	} {
		page := string(s.Files[name])
		for _, f := range frags {
			if !strings.Contains(page, f) {
				t.Errorf("%s lacks %q", name, f)
			}
		}
	}
	if page := string(s.Files["ru/short/odds.html"]); strings.Contains(page, "Ничья") {
		t.Errorf("ru/short/odds.html: short nardy has no draw, yet the race shows one")
	}
}

// TestOddsErrors: a bad "odds:" item is reported at its file line and
// column.
func TestOddsErrors(t *testing.T) {
	t.Parallel()
	_, other, err := buildArchive(t, "testdata/odds-errors.txtar", 0)
	var list engine.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error is %T, want an engine.ErrorList: %v", err, err)
	}
	want := strings.TrimSpace(other["want-errors"])
	if got := strings.TrimSpace(list.Error()); got != want {
		t.Errorf("errors:\n%s\nwant:\n%s\n\n%s", got, want, diffLines(want, got))
	}
}

func TestFigureText(t *testing.T) {
	t.Parallel()
	exact := func(a, b int64) odds.Figure {
		r := big.NewRat(a, b)
		v, _ := r.Float64()
		return odds.Figure{Value: v, Rat: r, Method: odds.Exact}
	}
	for _, c := range []struct {
		f    odds.Figure
		want string
	}{
		{exact(1, 9), "1/9 (11,1 %)"},
		{odds.Figure{Value: 4.0 / 36, Rat: big.NewRat(4, 36), Den: 36, Method: odds.Exact}, "4/36 (11,1 %)"},
		{exact(671, 1296), "671/1296 (51,8 %)"},
		{exact(30211, 46656), "64,8 %"}, // too large a denominator for a beginner
		{exact(1, 2), "1/2 (50 %)"},
		{exact(1, 1), "100 %"},
		{exact(0, 1), "0 %"},
		{exact(1, 46656), "меньше 0,1 %"},
		{exact(46655, 46656), "больше 99,9 %"},
		{odds.Figure{Value: 0.6162, Method: odds.Double}, "61,6 %"},
		{odds.Figure{Value: 0.4731, Method: odds.OneSided}, "47,3 %"},
	} {
		if got := strings.ReplaceAll(figureText(i18n.RU, c.f), "\u00a0", " "); got != c.want {
			t.Errorf("figureText(%v) = %q, want %q", c.f, got, c.want)
		}
	}
	if got := methodText(i18n.UK, odds.Double); !strings.HasPrefix(got, "Пораховано з подвійною точністю") {
		t.Errorf("methodText(uk, double) = %q", got)
	}
}

// TestOddsClaims: a claim about an "odds:" figure that the figures do not
// bear out fails the build at the claim, in the form of the other claims.
func TestOddsClaims(t *testing.T) {
	t.Parallel()
	_, other, err := buildArchive(t, "testdata/odds-claims.txtar", 0)
	var list engine.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error is %T, want an engine.ErrorList: %v", err, err)
	}
	want := strings.TrimSpace(other["want-errors"])
	if got := strings.TrimSpace(list.Error()); got != want {
		t.Errorf("errors:\n%s\nwant:\n%s\n\n%s", got, want, diffLines(want, got))
	}
}
