package i18n

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
)

func TestTablesHaveIdenticalKeys(t *testing.T) {
	ruKeys, ukKeys := RU.Keys(), UK.Keys()
	slices.Sort(ruKeys)
	slices.Sort(ukKeys)
	for _, k := range ruKeys {
		if !UK.Has(k) {
			t.Errorf("key %q is in ru but not in uk", k)
		}
	}
	for _, k := range ukKeys {
		if !RU.Has(k) {
			t.Errorf("key %q is in uk but not in ru", k)
		}
	}
	for _, k := range ruKeys {
		if strings.Count(RU.T(k), "|") != strings.Count(UK.T(k), "|") {
			t.Errorf("key %q: ru has %d plural forms, uk %d", k, strings.Count(RU.T(k), "|")+1, strings.Count(UK.T(k), "|")+1)
		}
		if a, b := placeholders(RU.T(k)), placeholders(UK.T(k)); !slices.Equal(a, b) {
			t.Errorf("key %q: placeholders differ: ru %v, uk %v", k, a, b)
		}
	}
}

// TestEveryRuleHasAName: readers see every rule key, each of its values
// and every preset in their language.
func TestEveryRuleHasAName(t *testing.T) {
	for _, l := range Langs {
		for _, k := range engine.RuleKeys {
			if !l.Has("rule." + k.Name) {
				t.Errorf("%s: the rule %s has no name", l, k.Name)
			}
			for _, v := range k.Values {
				if !l.Has("rule." + k.Name + "." + v) {
					t.Errorf("%s: %s=%s has no words", l, k.Name, v)
				}
			}
		}
		for _, p := range engine.Presets {
			if !l.Has("preset."+p.Name) || !l.Has("preset."+p.Name+".desc") {
				t.Errorf("%s: the preset %s has no title or description", l, p.Name)
			}
		}
	}
}

func TestNoKeyDefinedTwice(t *testing.T) {
	for _, l := range Langs {
		seen := map[string]bool{}
		for _, k := range l.Keys() {
			if seen[k] {
				t.Errorf("%s: key %q is defined in two tables", l, k)
			}
			seen[k] = true
		}
	}
}

func TestCheckerTextReadsOnlyTheCheckerTable(t *testing.T) {
	for _, l := range Langs {
		if got := l.CheckerText("checker.nodice"); got != l.T("checker.nodice") || strings.HasPrefix(got, "[") {
			t.Errorf("%s: CheckerText(checker.nodice) = %q", l, got)
		}
		// A site string is not among the checker's.
		if got, want := l.CheckerText("site.name"), "[site.name]"; got != want {
			t.Errorf("%s: CheckerText(site.name) = %q, want %q", l, got, want)
		}
	}
}

func TestPluralOf(t *testing.T) {
	for _, c := range []struct {
		forms string
		n     int
		want  string
	}{
		{"шашка|шашки|шашек", 1, "шашка"},
		{"шашка|шашки|шашек", 3, "шашки"},
		{"шашка|шашки|шашек", 11, "шашек"},
		{"шашка|шашки|шашек", 21, "шашка"},
		{"бар", 5, "бар"},
		{"a|b", 5, "b"},
	} {
		if got := pluralOf(c.forms, c.n); got != c.want {
			t.Errorf("pluralOf(%q, %d) = %q, want %q", c.forms, c.n, got, c.want)
		}
	}
}

func placeholders(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		out = append(out, s[i:i+j+1])
		s = s[i+j+1:]
	}
	slices.Sort(out)
	return out
}

func TestPlurals(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		n    int
		key  string
		want string
	}{
		{RU, 1, "roll", "1 бросок"}, {RU, 2, "roll", "2 броска"}, {RU, 5, "roll", "5 бросков"},
		{RU, 11, "roll", "11 бросков"}, {RU, 21, "roll", "21 бросок"}, {RU, 22, "roll", "22 броска"},
		{RU, 12, "roll", "12 бросков"}, {RU, 0, "roll", "0 бросков"}, {RU, 111, "roll", "111 бросков"},
		{UK, 1, "roll", "1 кидок"}, {UK, 2, "roll", "2 кидки"}, {UK, 5, "roll", "5 кидків"},
		{UK, 14, "roll", "14 кидків"}, {UK, 34, "roll", "34 кидки"},
		{RU, 13, "checker", "13 шашек"}, {UK, 13, "checker", "13 шашок"}, {UK, 3, "checker", "3 шашки"},
		{RU, 1, "exercise", "1 задание"}, {RU, 3, "exercise", "3 задания"}, {RU, 12, "exercise", "12 заданий"}, {RU, 21, "exercise", "21 задание"},
		{UK, 1, "exercise", "1 завдання"}, {UK, 4, "exercise", "4 завдання"}, {UK, 11, "exercise", "11 завдань"}, {UK, 25, "exercise", "25 завдань"},
		{RU, 1, "sheet", "1 лист"}, {RU, 2, "sheet", "2 листа"}, {RU, 5, "sheet", "5 листов"},
		{UK, 1, "sheet", "1 аркуш"}, {UK, 3, "sheet", "3 аркуші"}, {UK, 12, "sheet", "12 аркушів"},
	} {
		if got := c.lang.N(c.n, c.key); got != c.want {
			t.Errorf("%s N(%d, %q) = %q, want %q", c.lang, c.n, c.key, got, c.want)
		}
	}
}

func TestLost(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		d    engine.Dice
		used int
		want string
	}{
		{RU, engine.Dice{6, 6}, 2, "две шестёрки пропадают"},
		{RU, engine.Dice{6, 6}, 3, "шестёрка пропадает"},
		{UK, engine.Dice{6, 6}, 2, "дві шістки пропадають"},
		{RU, engine.Dice{5, 5}, 1, "три пятёрки пропадают"},
		{UK, engine.Dice{6, 3}, 1, "трійка пропадає"},
		{RU, engine.Dice{6, 3}, 0, "ход пропадает"},
		{RU, engine.Dice{6, 3}, 2, ""},
	} {
		if got := c.lang.Lost(c.d, c.used); got != c.want {
			t.Errorf("%s Lost(%v, %d) = %q, want %q", c.lang, c.d, c.used, got, c.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	p := engine.StartPosition(engine.Long)
	p.Set(engine.White, 24, 13)
	p.Set(engine.White, 18, 2)
	got := RU.Describe(p, engine.Dice{6, 5}, true)
	want := "Белые: 13 шашек на голове (пункт 24), 2 на пункте 18; пипов: 348. Чёрные: 15 шашек на голове (пункт 12); пипов: 360. Ход белых, на кубиках 6-5."
	if got != want {
		t.Errorf("RU.Describe:\n got %q\nwant %q", got, want)
	}
	got = UK.Describe(p, engine.Dice{}, false)
	want = "Білі: 13 шашок на голові (пункт 24), 2 на пункті 18; піпів: 348. Чорні: 15 шашок на голові (пункт 12); піпів: 360. Хід білих."
	if got != want {
		t.Errorf("UK.Describe:\n got %q\nwant %q", got, want)
	}
}

func TestReason(t *testing.T) {
	p := engine.StartPosition(engine.Long)
	d := engine.Dice{6, 6}
	v := engine.Explain(p, d, engine.DefaultRules, "24/18 18/12")
	if got, want := RU.Reason(v, p.Game, d), "Пункт 12 занят соперником. В длинных нардах даже одна шашка держит пункт, и встать на него нельзя."; got != want {
		t.Errorf("RU.Reason = %q, want %q", got, want)
	}
	v = engine.Explain(p, d, engine.DefaultRules, "24/18")
	if got, want := UK.Reason(v, p.Game, d), "Цей хід використовує 1 кубик, а зіграти можна 2 кубики. Відмовитися від ходу не можна: треба зіграти все, що проходить."; got != want {
		t.Errorf("UK.Reason = %q, want %q", got, want)
	}
	// A six-block under block-exemption=home: a Black checker on 22 has
	// passed White's 10..5 but not reached Black's home.
	block, err := engine.ParseCode("Lw61:24x9,13,10,9,8,6,5:22,12x14")
	if err != nil {
		t.Fatal(err)
	}
	home := engine.Rules{BlockExemption: engine.ExemptHome}
	v = engine.Explain(block, engine.Dice{6, 1}, home, "13/7 24/23")
	if got, want := RU.Reason(v, engine.Long, engine.Dice{6, 1}), "Нельзя занять шесть пунктов подряд (10, 9, 8, 7, 6, 5), пока ни одна шашка соперника не дошла до своего дома."; got != want {
		t.Errorf("RU.Reason, block-exemption=home = %q, want %q", got, want)
	}
	for _, l := range Langs {
		for r := engine.ReasonLegal; r <= engine.ReasonNotListed; r++ {
			if s := l.Reason(engine.Verdict{Reason: r}, engine.Short, d); strings.Contains(s, "[") || strings.Contains(s, "{") {
				t.Errorf("%s: reason %v has no complete message: %q", l, r, s)
			}
		}
	}
}

func TestResult(t *testing.T) {
	p, err := engine.ParseCode("Sb:: 19x15")
	if err == nil {
		t.Fatalf("a malformed code parsed: %v", p)
	}
	gammon, err := engine.ParseCode("Sb::19x15")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang Lang
		sc   engine.Scoring
		r    engine.Rules
		want string
	}{
		{RU, engine.Scoring{}, engine.DefaultRules, "Белые выиграли: марс, 2 очка."},
		{RU, engine.Scoring{CubeInUse: true, Cube: 4}, engine.DefaultRules, "Белые выиграли: марс, 8 очков. Куб удвоения стоит на 4."},
		{UK, engine.Scoring{CubeInUse: true, Cube: 1, Jacoby: true}, engine.DefaultRules,
			"Білі виграли марс, але його зараховують як просту перемогу: 1 очко. Куб подвоєння стоїть посередині: ставку не піднімали. За правилом Якобі марс і кокс зараховують як просту перемогу, доки куб не піднімали."},
		{RU, engine.Scoring{CubeInUse: true, Cube: 3}, engine.Rules{Short: engine.Eastern},
			"Белые выиграли марс, но он засчитывается как простая победа: 3 очка. Ставка поднята до 3. По восточным правилам при игре с даве марса нет: победа простая."},
		// The cube has no 1: unturned, it stands in the middle.
		{RU, engine.Scoring{CubeInUse: true, Cube: 1}, engine.DefaultRules, "Белые выиграли: марс, 2 очка. Куб удвоения стоит посередине: ставку не поднимали."},
		{UK, engine.Scoring{CubeInUse: true, Cube: 1}, engine.Rules{Short: engine.Eastern},
			"Білі виграли марс, але його зараховують як просту перемогу: 1 очко. Ставку не піднімали. За східними правилами в грі з даве марсу немає: перемога проста."},
	} {
		if got := c.lang.Result(gammon, c.r, c.sc); got != c.want {
			t.Errorf("%s Result(%+v):\n got %q\nwant %q", c.lang, c.sc, got, c.want)
		}
	}
	// Long nardy: a home mars, and the tournament cube.
	homeMars, err := engine.ParseCode("Lb::18x5,17x5,16x5")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang Lang
		sc   engine.Scoring
		r    engine.Rules
		want string
	}{
		{RU, engine.Scoring{}, engine.DefaultRules, "Белые выиграли: марс, 2 очка."},
		{RU, engine.Scoring{}, engine.Rules{HomeMars: true}, "Белые выиграли: домашний марс, 3 очка."},
		{UK, engine.Scoring{CubeInUse: true, Cube: 2}, engine.Rules{HomeMars: true, LongCube: true}, "Білі виграли: домашній марс, 6 очок. Куб подвоєння стоїть на 2."},
		// Without long-cube=on the cube is not counted in long nardy.
		{RU, engine.Scoring{CubeInUse: true, Cube: 2}, engine.DefaultRules, "Белые выиграли: марс, 2 очка."},
	} {
		if got := c.lang.Result(homeMars, c.r, c.sc); got != c.want {
			t.Errorf("%s long Result(%+v, %+v):\n got %q\nwant %q", c.lang, c.sc, c.r, got, c.want)
		}
	}
}

// TestWorksheetQuestions checks that every statistic has its worksheet
// question in both languages.
func TestWorksheetQuestions(t *testing.T) {
	for st := engine.StatOff; st <= engine.StatHead2; st++ {
		for _, l := range Langs {
			if !l.Has("ws.q." + st.String()) {
				t.Errorf("%s has no worksheet question for the statistic %s", l, st)
			}
		}
	}
}

// TestBlockProblems: every problem a reader can make in the standalone
// checker's block is said in both languages, at its line and column, with
// nothing left in English.
func TestBlockProblems(t *testing.T) {
	for _, c := range []struct{ src, code string }{
		{"game: long\nwhite 24x15", "line"},
		{"game: long\ncolour: white", "unknown-key"},
		{"game: long\ndice: 6-5\ndice: 6-5", "duplicate-key"},
		{"game: chess", "game"},
		{"white: 24x15", "no-game"},
		{"game: long\nposition: start\nrules: fast=on", "rule"},
		{"game: long\nposition: start\nrules: short=eastern", "rule-game.short"},
		{"game: short\nposition: start\nrules: head-exception=doubles", "rule-game.long"},
		{"game: long\nposition: start\nplay: 6 24/18", "play-dice"},
		{"game: long\nposition: start\nplay: 6-5 24/20", "play-illegal"},
		{"game: long\nposition: start\ndice: 7-1", "dice"},
		{"game: long\nposition: start\nfrom: x", "from-and-position"},
		{"game: long\nblack: 12x15", "no-side.white"},
		{"game: long\nwhite: 24x15", "no-side.black"},
		{"game: long\nposition: start\nwhite: 24x15", "combined"},
		{"game: long\nposition: nowhere", "position"},
		{"game: long\nfrom: first", "from"},
		{"game: long\nwhite: 24x15 23\nblack: 12x15", "too-many.white"},
		{"game: long\nwhite: 24x15\nblack: 12x15 11", "too-many.black"},
		{"game: long\nwhite: 24y15\nblack: 12x15", "checker-word"},
		{"game: long\nwhite: 25x15\nblack: 12x15", "point-off"},
		{"game: long\nwhite: 24x16\nblack: 12x15", "count"},
		{"game: long\nwhite: 24x14 24\nblack: 12x15", "point-twice"},
		{"game: long\nwhite: 24x14 12\nblack: 12x14", "point-both.white"},
		{"game: short\nwhite: 24x15\nblack: 1x15\nwhite-bar: many", "bar-count"},
		{"game: long\nwhite: 24x14\nblack: 12x15\nwhite-bar: 1", "long-bar"},
		{"game: long\nposition: start\nturn: red", "turn"},
		{"game: long\nposition: start\nstarted: red", "started"},
		{"game: short\nposition: start\nstarted: white", "started-long"},
	} {
		_, err := block.Parse(c.src, block.Options{})
		var list engine.ErrorList
		if !errors.As(err, &list) {
			t.Errorf("%q: %v, want a problem %q", c.src, err, c.code)
			continue
		}
		found := false
		for _, e := range list {
			found = found || e.Code == c.code
			for _, l := range Langs {
				got := l.BlockProblem(e)
				if e.Code == "" || strings.ContainsAny(got, "{}[]") || !strings.Contains(got, strconv.Itoa(e.Pos.Line)) || strings.Contains(got, l.CheckerText("block.other")) {
					t.Errorf("%s, %q: %v (code %q) is said as %q", l, c.src, e, e.Code, got)
				}
			}
		}
		if !found {
			t.Errorf("%q: problems %v, want one with code %q", c.src, list, c.code)
		}
	}
	// A line the standalone checker has no words for is still placed.
	e := &engine.Error{Pos: engine.Pos{Line: 3, Col: 7}, Msg: "marks: point 30 is not a point 1 to 24"}
	if got, want := RU.BlockProblem(e), "Строка 3, знак 7: эту строку не удалось прочитать."; got != want {
		t.Errorf("RU.BlockProblem without a code = %q, want %q", got, want)
	}
}
