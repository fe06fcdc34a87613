package site

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

func rolls(t *testing.T, list ...string) engine.RollCount {
	t.Helper()
	var c engine.RollCount
	for _, s := range list {
		d, err := engine.ParseDice(s)
		if err != nil {
			t.Fatal(err)
		}
		c.Rolls = append(c.Rolls, d)
		c.N += d.Weight()
	}
	return c
}

// TestStatText checks the words of a statistic, worked out by hand: the
// count over 36 with its percentage (one decimal, a decimal comma, a
// no-break space before the sign), its rolls, and how its cells add up,
// a double one cell and any other roll two.
func TestStatText(t *testing.T) {
	for _, c := range []struct {
		lang       i18n.Lang
		rolls      []string
		value, sum string
	}{
		{i18n.RU, []string{"3-3", "6-5", "6-4", "6-3", "6-2", "5-4", "5-3", "4-3", "2-1"},
			"17 из 36 (47,2\u00a0%): 3-3, 6-5, 6-4, 6-3, 6-2, 5-4, 5-3, 4-3, 2-1",
			"1\u00a0дубль — 1\u00a0исход; 8\u00a0бросков из разных чисел — 16\u00a0исходов; всего 17."},
		{i18n.RU, []string{"2-1"}, "2 из 36 (5,6\u00a0%): 2-1", "1\u00a0бросок из разных чисел — 2\u00a0исхода."},
		{i18n.RU, []string{"1-1", "2-2", "6-1", "5-1", "4-1"},
			"8 из 36 (22,2\u00a0%): 1-1, 2-2, 6-1, 5-1, 4-1",
			"2\u00a0дубля — 2\u00a0исхода; 3\u00a0броска из разных чисел — 6\u00a0исходов; всего 8."},
		{i18n.RU, []string{"6-6", "5-5", "4-4", "3-3", "2-2"}, "5 из 36 (13,9\u00a0%): 6-6, 5-5, 4-4, 3-3, 2-2", "5\u00a0дублей — 5\u00a0исходов."},
		{i18n.RU, nil, "0 из 36 (0\u00a0%)", ""},
		{i18n.UK, []string{"6-6", "6-5", "6-4", "6-3", "6-2", "6-1"},
			"11 з 36 (30,6\u00a0%): 6-6, 6-5, 6-4, 6-3, 6-2, 6-1",
			"1\u00a0дубль — 1\u00a0результат; 5\u00a0кидків із різних чисел — 10\u00a0результатів; разом 11."},
		{i18n.UK, []string{"4-3", "4-2", "4-1", "3-1"}, "8 з 36 (22,2\u00a0%): 4-3, 4-2, 4-1, 3-1", "4\u00a0кидки з різних чисел — 8\u00a0результатів."},
		{i18n.UK, []string{"3-3", "2-2"}, "2 з 36 (5,6\u00a0%): 3-3, 2-2", "2\u00a0дублі — 2\u00a0результати."},
	} {
		rc := rolls(t, c.rolls...)
		if got := statValue(c.lang, rc); got != c.value {
			t.Errorf("%s %v: value %q, want %q", c.lang, c.rolls, got, c.value)
		}
		if got := statSum(c.lang, rc); got != c.sum {
			t.Errorf("%s %v: sum %q, want %q", c.lang, c.rolls, got, c.sum)
		}
	}
}

// TestGridDesc checks the text alternative of a roll grid: both orders
// of a roll of two numbers are named.
func TestGridDesc(t *testing.T) {
	got := gridDesc(i18n.RU, rolls(t, "3-3", "2-1"))
	want := "Все 36 исходов броска в таблице 6 × 6: строка — число на первом кубике, столбец — на втором. Закрашенных клеток — 3: 3-3, 2-1 и 1-2."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := gridDesc(i18n.UK, engine.RollCount{}); got != i18n.UK.T("grid.none") {
		t.Errorf("no roll counted: %q", got)
	}
}
