package site

import (
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// A statement of issue 23 on one page of the built site, in both
// languages: the wrong wording must be gone and the right one present.
// Each is a regular expression matched against the text a reader sees
// (readerText), case-insensitively.
type statement struct {
	page           string // the page's path inside its language: "long/result.html"
	why            string // what the statement is about
	ruGone, ukGone []string
	ru, uk         []string
}

var statements = []statement{
	{
		page:   "short/start.html",
		why:    "1: every short game starts with the one-die roll; the long-nardy customs do not apply",
		ruGone: []string{`официальным турнирным правилам`, `многие же просто снова`},
		ukGone: []string{`офіційними турнірними правилами`, `багато хто просто знову`},
		ru:     []string{`каждая партия начинается с розыгрыша одним кубиком`, `к коротким нардам не относятся`},
		uk:     []string{`кожна партія починається з розіграшу одним кубиком`, `до коротких нард не стосуються`},
	},
	{
		page:   "short/summary.html",
		why:    "1: the summary says the same",
		ruGone: []string{`договариваются заранее`},
		ukGone: []string{`домовляються заздалегідь`},
		ru:     []string{`так начинается каждая партия`},
		uk:     []string{`так починається кожна партія`},
	},
	{
		page:   "long/six-block.html",
		why:    "2: only 13/7 24/23 is forbidden under block-exemption=home; 13/7 10/9 and the like are legal",
		ruGone: []string{`ход 13/7 запрещён`},
		ukGone: []string{`хід 13/7 заборонено`},
		ru:     []string{`ход 13/7 24/23 запрещён`, `13/7 10/9`},
		uk:     []string{`хід 13/7 24/23 заборонено`, `13/7 10/9`},
	},
	{
		page:   "long/result.html",
		why:    "3: no source plays long nardy with the cube at tournaments; it is a named variant",
		ruGone: []string{`на турнирах`, `турнирные варианты`, `в некоторых клубах`},
		ukGone: []string{`на турнірах`, `турнірні варіанти`, `у деяких клубах`},
		ru:     []string{`куб бывает только в коротких нардах`, `ни одно из описаний правил, на которые опирается сайт, куба в длинных нардах не знает`},
		uk:     []string{`куб буває лише в коротких нардах`, `жоден з описів правил, на які спирається сайт, куба в довгих нардах не знає`},
	},
	{
		page:   "profiles.html",
		why:    "3, 4, 5: the cube in long nardy is a variant; eastern stakes are agreed; the koks under eastern rules",
		ruGone: []string{`турнирном варианте`, `клубном варианте`, `ставки растут на единицу`, `кокса нет вовсе`},
		ukGone: []string{`турнірному варіанті`, `клубному варіанті`, `ставки зростають на одиницю`, `коксу немає взагалі`},
		ru:     []string{`не знает`, `игроки договариваются перед партией`, `кокс не упоминают`},
		uk:     []string{`не знає`, `гравці домовляються перед партією`, `кокс не згадують`},
	},
	{
		page:   "glossary.html",
		why:    "3: the home mars is a variant, not a club's rule",
		ruGone: []string{`клубном варианте`},
		ukGone: []string{`клубному варіанті`},
	},
	{
		page:   "short/cube.html",
		why:    "4: the players agree on doubling or adding; the cube has no 1 and no 3",
		ruGone: []string{`ставки растут не вдвое`, `куб удвоения стоит на 1\b`, `куб удвоения стоит на 3\b`},
		ukGone: []string{`ставки зростають не вдвічі`, `куб подвоєння стоїть на 1\b`, `куб подвоєння стоїть на 3\b`},
		ru:     []string{`до начала партии договариваются, как растёт ставка`, `куб удвоения стоит посередине`, `ставка поднята до 3`},
		uk:     []string{`до початку партії домовляються, як зростає ставка`, `куб подвоєння стоїть посередині`, `ставку піднято до 3`},
	},
	{
		page:   "short/summary.html",
		why:    "4: the summary's eastern scoring",
		ruGone: []string{`ставки растут на единицу`},
		ukGone: []string{`ставки зростають на одиницю`},
		ru:     []string{`растёт ли ставка вдвое или на единицу`},
		uk:     []string{`чи зростає ставка вдвічі, чи на одиницю`},
	},
	{
		page:   "short/result.html",
		why:    "5: one answer on the koks under eastern rules",
		ruGone: []string{`кокс признают не все`},
		ukGone: []string{`кокс визнають не всі`},
		ru:     []string{`засчитывается и по восточным правилам`},
		uk:     []string{`зараховують і за східними правилами`},
	},
	{
		page:   "short/eastern.html",
		why:    "5: the same answer on the eastern page",
		ruGone: []string{`о коксе не сказано ни слова`},
		ukGone: []string{`про кокс не сказано ні слова`},
		ru:     []string{`засчитывается и по восточным правилам`},
		uk:     []string{`зараховують і за східними правилами`},
	},
	{
		page: "long/quick-start.html",
		why:  "6: the first to bear off wins, unless the last roll draws",
		ru:   []string{`последний бросок`, `вничью`},
		uk:   []string{`останній кидок`, `внічию`},
	},
	{
		page:   "long/result.html",
		why:    "6: the end of a long game names the last roll",
		ruGone: []string{`партия кончается, как только у одного из игроков`},
		ukGone: []string{`партія закінчується, щойно в одного з гравців`},
		ru:     []string{`если только у соперника нет права на последний бросок`},
		uk:     []string{`якщо тільки суперник не має права на останній кидок`},
	},
	{
		page: "long/first-move.html",
		why:  "6: who starts after a draw",
		ru:   []string{`после ничьей победителя нет`, `разыграть первый ход заново`},
		uk:   []string{`після нічиєї переможця немає`, `розіграти перший хід заново`},
	},
	{
		page: "long/summary.html",
		why:  "6, 9: the summary's next game and the six-block in passing",
		ru:   []string{`после ничьей — новый розыгрыш`, `в варианте с проверкой в конце хода — можно`},
		uk:   []string{`після нічиєї — новий розіграш`, `крім варіанта з перевіркою наприкінці ходу`},
	},
	{
		page: "long/mistakes.html",
		why:  "9: a six-block made in passing is a mistake under the site's rules, allowed by a variant",
		ru:   []string{`некоторые описания игры такой ход разрешают`},
		uk:   []string{`деякі описи гри такий хід дозволяють`},
	},
}

// TestIssue23Statements: each wrong or inconsistent statement of issue
// 23 is gone from the built pages of both languages and the right one is
// there.
func TestIssue23Statements(t *testing.T) {
	t.Parallel()
	s := builtContent(t)
	for _, st := range statements {
		for _, l := range i18n.Langs {
			name := string(l) + "/" + st.page
			page, ok := s.Files[name]
			if !ok {
				t.Errorf("no page %s", name)
				continue
			}
			text := readerText(string(page))
			gone, present := st.ruGone, st.ru
			if l == "uk" {
				gone, present = st.ukGone, st.uk
			}
			for _, g := range gone {
				if loc := regexp.MustCompile(`(?i)` + g).FindStringIndex(text); loc != nil {
					t.Errorf("%s (%s): still says %q", name, st.why, around(text, loc[0], loc[1], 30))
				}
			}
			for _, p := range present {
				if !regexp.MustCompile(`(?i)` + p).MatchString(text) {
					t.Errorf("%s (%s): does not say %q", name, st.why, p)
				}
			}
		}
	}
}

// TestSixBlockVariantLink: the common-mistakes page of long nardy sends
// the reader who plays a six-block in passing to the variant that allows
// it, and that anchor exists.
func TestSixBlockVariantLink(t *testing.T) {
	t.Parallel()
	s := builtContent(t)
	for _, c := range []struct{ lang, anchor string }{
		{"ru", "вариант-проверка-только-в-конце-хода"},
		{"uk", "варіант-перевірка-лише-наприкінці-ходу"},
	} {
		mistakes := string(s.Files[c.lang+"/long/mistakes.html"])
		if !strings.Contains(mistakes, `href="six-block.html#`+url.PathEscape(c.anchor)+`"`) {
			t.Errorf("%s/long/mistakes.html does not link to six-block.html#%s", c.lang, c.anchor)
		}
		if !strings.Contains(string(s.Files[c.lang+"/long/six-block.html"]), `id="`+c.anchor+`"`) {
			t.Errorf("%s/long/six-block.html has no heading #%s", c.lang, c.anchor)
		}
	}
}

// A wording the language pass of issue 23 replaced, in the text of
// every page of lang outside its diagrams (whose labels count the
// checkers borne off, «выброшено», as the stage is «выброс»); words in
// guillemets (a term named, not used) do not count.
var wording23 = []badPhrase{
	{"ru", regexp.MustCompile(`шашок`), "«шашек»"},
	{"ru", regexp.MustCompile(`(?i)сайт читает`), "«толкует» a rule"},
	{"ru", regexp.MustCompile(`(?i)исключение короче`), "«уже»"},
	{"ru", regexp.MustCompile(`(?i)перепрыгивается`), "«его можно перепрыгнуть»"},
	{"ru", regexp.MustCompile(`(?i)движ(ок|ка|ком|ке|ку) правил`), "«программа»"},
	{"ru", regexp.MustCompile(`(?i)(^|[^\p{L}])(выбрас\p{L}*|выброс(ит|ил|или|ят)\p{L}*|выброшен\p{L}*)`), "one verb: «выводить» (the stage is «выброс»)"},
	{"ru", regexp.MustCompile(`(?i)пункт\p{L}*, на котором[^.]{0,40}называют блотом`), "a blot is the checker"},
	{"ru", regexp.MustCompile(`(?i)(^|[^\p{L}])(убрать|убрал\p{L}*) [^.]{0,20}с доски`), "«вывести с доски»"},
	{"uk", regexp.MustCompile(`(?i)кубиком[^.]{0,40}(^|[^\p{L}])нею([^\p{L}]|$)`), "«кубиком … ним»"},
	{"uk", regexp.MustCompile(`(?i)викидати\s+—\s+отже`), "«тобто»"},
	{"uk", regexp.MustCompile(`(?i)завчасно`), "«передчасний»"},
	{"uk", regexp.MustCompile(`(?i)похожу`), "«піду»"},
	{"uk", regexp.MustCompile(`(?i)не рахується`), "«не зараховують»"},
	{"uk", regexp.MustCompile(`(?i)на бігу`), "«мимохідь» for «пробегом»"},
	{"uk", regexp.MustCompile(`(?i)(^|[^\p{L}])і?з кидком`), "«коли випало 6-3», «кидком 6-3»"},
	{"uk", regexp.MustCompile(`(?i)одиночн`), "«самотня шашка»"},
	{"uk", regexp.MustCompile(`(?i)руші[йяєю]`), "«програма»"},
	{"uk", regexp.MustCompile(`(?i)розстановк`), "«розставлення»"},
	{"uk", regexp.MustCompile(`(?i)(^|[^\p{L}])(викида(ти|є|ють|ли|в)|викину(ти|в|ли|то|та|вши)|викине)([^\p{L}]|$)`), "one verb: «виводити» (the stage is «викидання»)"},
	{"uk", regexp.MustCompile(`(?i)пункт\p{L}*, на якому[^.]{0,40}називають блотом`), "a blot is the checker"},
	{"uk", regexp.MustCompile(`(?i)прибрати [^.]{0,20}з дошки`), "«вивести з дошки»"},
}

// wordingKept are phrases the wording test passes over: the sentence of
// uk/short/bear-off.md with the race figure of issue 23's item 7, which
// the change of that figure rewrites, keeps its verb until then.
var wordingKept = []string{"хто першим викине всі шашки"}

// inGuillemets matches a word or phrase in guillemets.
var inGuillemets = regexp.MustCompile(`«[^«»]*»`)

// svgElement matches a diagram.
var svgElement = regexp.MustCompile(`(?s)<svg\b.*?</svg>`)

// TestIssue23Wording: the wordings the editor's pass of issue 23 fixed
// are gone from every page of both languages, and the heading of
// several hits in one turn has its verb.
func TestIssue23Wording(t *testing.T) {
	t.Parallel()
	s := builtContent(t)
	for _, name := range s.Paths() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		lang, _, _ := strings.Cut(name, "/")
		page := svgElement.ReplaceAllString(string(s.Files[name]), " ")
		text := inGuillemets.ReplaceAllString(readerText(page), "«»")
		for _, keep := range wordingKept {
			text = strings.ReplaceAll(text, keep, "")
		}
		for _, b := range wording23 {
			if string(b.lang) != lang {
				continue
			}
			for _, loc := range b.re.FindAllStringIndex(text, -1) {
				t.Errorf("%s: %q; write %s", name, around(text, loc[0], loc[1], 30), b.fix)
			}
		}
	}
	if !regexp.MustCompile(`<h2 id="[^"]*">Побити кілька шашок за один хід</h2>`).Match(s.Files["uk/short/hitting.html"]) {
		t.Errorf("uk/short/hitting.html: no heading «Побити кілька шашок за один хід»")
	}
}

// A glossary entry issue 23 asked for: the entry's heading in lang and
// the words (as the start of a word) it must name: synonyms, the
// sources' words, the English equivalents a reader meets on game sites
// (in Latin letters, set as code).
type glossaryEntry23 struct {
	lang  i18n.Lang
	head  string
	words []string
}

var glossary23 = []glossaryEntry23{
	{"ru", "последний бросок", []string{"четыр", "ничья"}},
	{"uk", "останній кидок", []string{"чотир", "нічия"}},
	{"ru", "ничья", []string{"последним броском"}},
	{"uk", "нічия", []string{"останнім кидком"}},
	{"ru", "открытый пункт", []string{"блот", "закрытый"}},
	{"uk", "відкритий пункт", []string{"блот", "закритий"}},
	{"ru", "закрытый пункт", []string{"одной шашкой", "двумя", "открытый"}},
	{"uk", "закритий пункт", []string{"однією шашкою", "двома", "відкритий"}},
	{"ru", "запертая шашка", []string{"шесть пунктов"}},
	{"uk", "замкнена шашка", []string{"шість пунктів"}},
	{"ru", "пробег", []string{"пробегом", "мгновение"}},
	{"uk", "мимохідь", []string{"пробегом", "мить"}},
	{"ru", "ставка", []string{"одно очко", "даве"}},
	{"uk", "ставка", []string{"одне очко", "даве"}},
	{"ru", "матч", []string{"тас", "match", "кроуфорд"}},
	{"uk", "матч", []string{"тас", "match", "кроуфорд"}},
	{"ru", "редабл", []string{"redouble", "бивер"}},
	{"uk", "редабл", []string{"redouble", "бівер"}},
	{"ru", "борт", []string{"бар", "выведенные"}},
	{"uk", "борт", []string{"бар", "виведені"}},
	{"ru", "гош", []string{"дубл"}},
	{"uk", "гош", []string{"дубл"}},
	{"ru", "паш", []string{"дубл"}},
	{"uk", "паш", []string{"дубл"}},
	{"ru", "кестум", []string{"перед броском"}},
	{"uk", "кестум", []string{"перед кидком"}},
	{"ru", "ввод с бара", []string{"зарядити"}},
	{"uk", "зарядити", []string{"бар", "дом"}},
	{"uk", "заслін", []string{"замкнена", "глухий забір"}},
	{"uk", "камінь", []string{"каменів", "шашки"}},
	{"uk", "здвоєні шашки", []string{"побити", "якір"}},
	{"ru", "марс", []string{"gammon"}},
	{"uk", "марс", []string{"gammon"}},
	{"ru", "кокс", []string{"backgammon"}},
	{"uk", "кокс", []string{"backgammon"}},
	{"ru", "даве", []string{"doubling"}},
	{"uk", "даве", []string{"doubling"}},
	{"ru", "тас", []string{"match"}},
	{"uk", "тас", []string{"match"}},
	{"ru", "якорь", []string{"anchor"}},
	{"uk", "якір", []string{"anchor"}},
	{"ru", "блот", []string{"шашка, которая стоит на пункте одна"}},
	{"uk", "блот", []string{"шашка, яка стоїть на пункті сама"}},
}

// TestGlossary23: the glossary of each language has every entry issue
// 23 asked for, naming what it must, and its headings stay in
// alphabetical order.
func TestGlossary23(t *testing.T) {
	t.Parallel()
	s := builtContent(t)
	for _, e := range glossary23 {
		name := string(e.lang) + "/glossary.html"
		body, ok := glossarySections(string(s.Files[name]))[e.head]
		if !ok {
			t.Errorf("%s has no entry «%s»", name, e.head)
			continue
		}
		text := readerText(body)
		for _, w := range e.words {
			// An English term is set as code (the wording tests keep
			// «backgammon» out of Russian prose): <code>gammon</code>.
			if w[0] < utf8.RuneSelf {
				if !strings.Contains(body, "<code>"+w+"</code>") {
					t.Errorf("%s: the entry «%s» does not give the English «%s»", name, e.head, w)
				}
				continue
			}
			if !hasWord(text, w, true) {
				t.Errorf("%s: the entry «%s» does not name «%s»: %q", name, e.head, w, text)
			}
		}
	}
	for _, l := range i18n.Langs {
		name := string(l) + "/glossary.html"
		var heads []string
		for _, m := range regexp.MustCompile(`<h2 id="[^"]*">([^<]*)</h2>`).FindAllStringSubmatch(string(s.Files[name]), -1) {
			heads = append(heads, strings.ToLower(m[1]))
		}
		if len(heads) < 50 {
			t.Fatalf("%s: %d entries found; the glossary has more", name, len(heads))
		}
		c := collate.New(language.Make(string(l)))
		for k := 1; k < len(heads); k++ {
			if c.CompareString(heads[k-1], heads[k]) > 0 {
				t.Errorf("%s: «%s» comes before «%s»; the entries are in alphabetical order", name, heads[k-1], heads[k])
			}
		}
	}
}

// The pages issue 23 added, in each language.
var pages23 = []string{"long/strategy.html", "short/strategy.html", "board-setup.html", "history.html", "rules.html"}

// A page of issue 23 and what its figures must compute (the start of a
// record row: "statistic lost\t32/36") and its text must say.
type pageClaims struct {
	page     string
	rows     []string
	ru, uk   []string
	sheet    bool // print: sheet
	diagrams int  // at least this many board diagrams
}

var claims23 = []pageClaims{
	{
		page: "long/strategy.html",
		rows: []string{"odds escape from 9 within 1\t11/36", "odds escape from 9 within 1\t16/36", "statistic lost\t32/36", "statistic nomove\t16/36", "off 26/36", "off 34/36", "off 17/36", "off 15/36"},
		ru:   []string{`дефицит ходов`, `три этапа`, `забор`},
		uk:   []string{`дефіцит ходів`, `три етапи`, `забір`},
	},
	{
		page: "short/strategy.html",
		rows: []string{"hit 11/36", "hit 17/36", "hit 2/36", "after 2-1 13/11/10, the reply's hit\t5/36", "after 2-1 13/11 6/5, the reply's hit\t15/36", "off 15/36", "off 26/36", "off 34/36"},
		ru:   []string{`25 − p`, `первый ход`, `осторожн`, `смел`, `даве`, `больше 18 из 36`, `не больше 27 бросков из 36`},
		uk:   []string{`25 − p`, `перший хід`, `обережн`, `смілив`, `даве`, `більше ніж за 18 із 36`, `не більше 27 кидків із 36`},
	},
	{
		page:     "board-setup.html",
		ru:       []string{`пяти кубиков`, `слева от себя`, `справа`, `против часовой стрелки`, `по часовой`, `у нижнего края схемы`, `у верхнего края`},
		uk:       []string{`п’яти кубиків`, `ліворуч від себе`, `праворуч`, `проти годинникової стрілки`, `за годинниковою`, `біля нижнього краю схеми`, `біля верхнього краю`},
		diagrams: 2,
	},
	{
		page: "history.html",
		ru:   []string{`Перси`, `трик-трак`, `Хойл`, `1743`},
		uk:   []string{`Перс`, `трик-трак`, `Гойл`, `1743`},
	},
	{
		page:  "rules.html",
		rows:  []string{"oin 1", "mars 2", "draw 0", "single 1", "gammon 2", "backgammon 3"},
		ru:    []string{`360`, `167`, `Длинные нарды`, `Короткие нарды`},
		uk:    []string{`360`, `167`, `Довгі нарди`, `Короткі нарди`},
		sheet: true,
	},
	{
		page:     "long/summary.html",
		rows:     []string{"the roll 1-1\t24/23/22/21/20", "the roll 3-3\t24/18 24/18 or 24/15 24/21", "the roll 5-5\t24/19/14/9/4", "the roll 6-6\t24/18 24/18"},
		ru:       []string{`360 пипов`, `при 6-6 в середине партии`, `пять пунктов подряд можно всегда`, `через угол`, `кокса и куба удвоения в длинных нардах нет`},
		uk:       []string{`360 піпів`, `за 6-6 посеред партії`, `п’ять пунктів поспіль можна завжди`, `через кут`, `коксу й куба подвоєння в довгих нардах немає`},
		sheet:    true,
		diagrams: 1,
	},
	{
		page:  "short/summary.html",
		ru:    []string{`167 пипов`, `никогда не бывает дублем`, `пропадает, даже если другой шашкой`},
		uk:    []string{`167 піпів`, `ніколи не буває дублем`, `пропадає, навіть якщо іншою шашкою`},
		sheet: true,
	},
	{
		page: "short/hitting.html",
		rows: []string{"why bar/24 13/7 is illegal"},
		ru:   []string{`если ввести можно не все шашки`, `пропадают, даже если другой шашкой`},
		uk:   []string{`якщо зарядити можна не всі шашки`, `пропадають, навіть якщо іншою шашкою`},
	},
	{
		page: "at-the-board.html",
		ru:   []string{`или перед броском`, `пяти кубиков`},
		uk:   []string{`або перед кидком`, `п’яти кубиків`},
	},
}

// TestPages23: every page issue 23 added is on the site in both
// languages, with the same figures computing the same rows; each page's
// figures compute what its prose quotes and its text says what the issue
// asked for; the advice pages say first that they are advice, not rules;
// and the one-page summaries are printed as sheets.
func TestPages23(t *testing.T) {
	t.Parallel()
	s := builtContent(t)
	rows := map[string][]string{}
	for _, r := range s.Records {
		rows[r.Page] = append(rows[r.Page], r.Rows...)
	}
	for _, p := range pages23 {
		ru, uk := "ru/"+p, "uk/"+p
		for _, name := range []string{ru, uk} {
			if _, ok := s.Files[name]; !ok {
				t.Errorf("no page %s", name)
			}
		}
		if strings.Join(rows[ru], "\n") != strings.Join(rows[uk], "\n") {
			t.Errorf("%s and %s compute different figures:\n%q\n%q", ru, uk, rows[ru], rows[uk])
		}
	}
	for _, c := range claims23 {
		for _, l := range i18n.Langs {
			name := string(l) + "/" + c.page
			page := string(s.Files[name])
			for _, want := range c.rows {
				found := false
				for _, r := range rows[name] {
					found = found || strings.HasPrefix(r, want) || strings.Contains(r, "\t"+want)
				}
				if !found {
					t.Errorf("%s: no figure computes %q", name, want)
				}
			}
			text := readerText(page)
			says := c.ru
			if l == "uk" {
				says = c.uk
			}
			for _, w := range says {
				if !regexp.MustCompile(`(?i)` + regexp.QuoteMeta(w)).MatchString(text) {
					t.Errorf("%s does not say %q", name, w)
				}
			}
			if c.sheet && !strings.Contains(page, `<article class="one-sheet">`) {
				t.Errorf("%s is not printed as one sheet (print: sheet)", name)
			}
			if n := strings.Count(page, `class="board"`); n < c.diagrams {
				t.Errorf("%s has %d diagrams; want at least %d", name, n, c.diagrams)
			}
		}
	}
	advice := map[i18n.Lang]string{"ru": "Это советы, а не правила.", "uk": "Це поради, а не правила."}
	for _, p := range []string{"long/strategy.html", "short/strategy.html"} {
		for _, l := range i18n.Langs {
			name := string(l) + "/" + p
			_, body, _ := strings.Cut(string(s.Files[name]), "</h1>")
			if _, after, ok := strings.Cut(body, "</nav>"); ok {
				body = after // the page's own table of contents
			}
			_, first, _ := strings.Cut(body, "<p>")
			first, _, _ = strings.Cut(first, "</p>")
			if !strings.HasPrefix(readerText(first), advice[l]) {
				t.Errorf("%s: the page's first paragraph does not begin %q: %q", name, advice[l], readerText(first))
			}
		}
	}
}
