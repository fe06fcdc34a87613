package site

import (
	"html/template"
	"path"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Each game a language's table of contents has a section for gets a
// game page, where the reader plays a whole game against the computer
// or a friend (docs/game.md). The build writes it, as it writes the
// notation page: the setup form, the start position drawn by package
// diagrams as a playable board, the game's buttons, and the rules a
// refused move is explained by, each linking to the section of the
// rules page that states it. The game itself is the game module's
// (game.wasm), loaded by the few lines of game.js; without them the
// page says what it needs and links to the rules.

// gameModule and gameLoader are the game's WebAssembly module and the
// script that starts it: a game page loads them when the build has the
// checker's modules (Options.Checker; internal/wasm compiles the game's
// with them) and the templates have the script.
const (
	gameModule = "game.wasm"
	gameLoader = "game.js"
)

// gameURL returns the output path of language l's game page of game g:
// "ru/long/play.html".
func gameURL(l i18n.Lang, g engine.Game) string {
	return string(l) + "/" + g.String() + "/play.html"
}

// gameKey returns the content path a page links the game page by:
// "ru/long/play.md".
func gameKey(l i18n.Lang, g engine.Game) string { return pageKey(l, g.String()+"/play") }

// ruleRef is where the rules of a game state the rule a refusal names:
// a page of the game's section and its heading in each language.
type ruleRef struct {
	Reason  engine.Reason
	Page    string // relative to the language's directory, without .md: "long/head"
	Heading map[i18n.Lang]string
}

// ruleRefs lists, per game, every reason the engine may refuse a move
// on the game's board with, in the order the game page lists them, and
// where this site's rules pages state the rule. The reasons left out do
// not refuse a move on a board: ReasonLegal; ReasonSyntax (nothing is
// typed); ReasonGameOver (the game's end is announced with its result);
// ReasonNotListed (no rule: the engine's own check); ReasonStepByStep
// (how the board moves a checker, not a rule; docs/board.md). In long
// nardy nothing enters from a bar or is hit (bar-first, entry-closed,
// hit-and-hide); short nardy has no head and allows six points in a row.
// A publisher's site without one of these pages or headings links the
// game's index page instead (see gameRules).
var ruleRefs = map[engine.Game][]ruleRef{
	engine.Long: {
		{engine.ReasonNoChecker, "long/moving", hd("Два кубика — два хода", "Два кубики — два ходи")},
		{engine.ReasonBackwards, "long/board", hd("Куда ходят белые", "Куди ходять білі")},
		{engine.ReasonNoDice, "long/moving", hd("Число с кубика не делят между шашками", "Число з кубика не ділять між шашками")},
		{engine.ReasonTooManyDice, "long/moving", hd("Одна шашка на оба кубика", "Одна шашка на обидва кубики")},
		{engine.ReasonPointHeld, "long/moving", hd("Боя нет: одна шашка держит пункт", "Бою немає: одна шашка тримає пункт")},
		{engine.ReasonHead, "long/head", hd("Одна шашка с головы за ход", "Одна шашка з голови за хід")},
		{engine.ReasonSixBlock, "long/six-block", hd("Шесть пунктов подряд — нельзя", "Шість пунктів поспіль — не можна")},
		{engine.ReasonNotAllHome, "long/bear-off", hd("Только когда все 15 дома", "Лише коли всі 15 удома")},
		{engine.ReasonHigherPoint, "long/bear-off", hd("Старший пункт занят — ход внутри дома", "Вищий пункт зайнятий — хід усередині дому")},
		{engine.ReasonMustPlayMore, "long/no-move", hd("Играть нужно всё, что проходит", "Зіграти треба все, що проходить")},
		{engine.ReasonMustPlayLarger, "long/no-move", hd("Проходит один кубик — играется больший", "Проходить один кубик — грають більший")},
		{engine.ReasonNoMove, "long/no-move", hd("Ход пропадает", "Хід пропадає")},
	},
	engine.Short: {
		{engine.ReasonNoChecker, "short/moving", hd("Каждый кубик — отдельный ход", "Кожен кубик — окремий хід")},
		{engine.ReasonBackwards, "short/start", hd("Куда идут белые", "Куди йдуть білі")},
		{engine.ReasonNoDice, "short/moving", hd("Каждый кубик — отдельный ход", "Кожен кубик — окремий хід")},
		{engine.ReasonTooManyDice, "short/moving", hd("Промежуточный пункт", "Проміжний пункт")},
		{engine.ReasonPointHeld, "short/moving", hd("Открытые и закрытые пункты", "Відкриті й закриті пункти")},
		{engine.ReasonBarFirst, "short/hitting", hd("Сначала — все шашки с бара", "Спершу — усі шашки з бару")},
		{engine.ReasonEntryClosed, "short/hitting", hd("Закрытые пункты при вводе", "Закриті пункти під час заряджання")},
		{engine.ReasonHitAndHide, "short/eastern", hd("По восточным правилам", "За східними правилами")},
		{engine.ReasonNotAllHome, "short/bear-off", hd("Когда можно выводить", "Коли можна виводити")},
		{engine.ReasonHigherPoint, "short/bear-off", hd("Если выше есть шашка — ход внутри дома", "Якщо вище є шашка — хід усередині дому")},
		{engine.ReasonMustPlayMore, "short/moving", hd("Ход обязателен", "Хід обов’язковий")},
		{engine.ReasonMustPlayLarger, "short/moving", hd("Если проходит только одно число", "Якщо проходить лише одне число")},
		{engine.ReasonNoMove, "short/moving", hd("Если проходит только одно число", "Якщо проходить лише одне число")},
	},
}

// hd is a heading in Russian and in Ukrainian.
func hd(ru, uk string) map[i18n.Lang]string { return map[i18n.Lang]string{i18n.RU: ru, i18n.UK: uk} }

// headingID returns the id the pages give a heading of text h (the
// first of its name on its page).
func headingID(h string) string {
	return string(markdown.NewHeadingIDs().Generate([]byte(h), 0))
}

// ruleText returns the words a game page links a rule by: the rule, in
// language l, as short as a line.
func ruleText(l i18n.Lang, g engine.Game, r engine.Reason) string {
	if k := "gp.rule." + g.String() + "." + r.String(); l.Has(k) {
		return l.T(k)
	}
	return l.T("gp.rule." + r.String())
}

// gameRule is a rule as a game page links it.
type gameRule struct {
	Reason string // engine.Reason.String()
	Text   string
	Href   string // relative to the game page
}

// gameRules finds, for every game page, the section of the rules that
// states each rule of ruleRefs, among the site's pages: after the links
// are checked, while the pages' ids are known. Where a page or a heading
// is missing (a publisher's site of its own), the rule links the game's
// index page, and the build warns once per game page, at that index
// page, naming what it did not find.
func (ix *index) gameRules() {
	ix.rules = map[i18n.Lang]map[engine.Game][]gameRule{}
	for _, l := range ix.cfg.Languages {
		ix.rules[l] = map[engine.Game][]gameRule{}
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			index, ok := ix.nav.game[l][g]
			if !ok {
				continue
			}
			url := gameURL(l, g)
			var pages, headings []string // what is missing, each once
			seen := map[string]bool{}
			miss := func(list *[]string, what string) {
				if !seen[what] {
					seen[what] = true
					*list = append(*list, what)
				}
			}
			var links []gameRule
			fallbacks := 0
			for _, ref := range ruleRefs[g] {
				gr := gameRule{Reason: ref.Reason.String(), Text: ruleText(l, g, ref.Reason)}
				key := pageKey(l, ref.Page)
				id := headingID(ref.Heading[l])
				switch j, ok := ix.byKey[key]; {
				case !ok:
					miss(&pages, path.Base(ref.Page)+".md")
				case !ix.res[j].ids[id]:
					miss(&headings, "«"+ref.Heading[l]+"» in "+path.Base(ref.Page)+".md")
				default:
					gr.Href = relURL(url, ix.pages[j].url()) + "#" + id
				}
				if gr.Href == "" {
					gr.Href = relURL(url, ix.pages[index].url())
					fallbacks++
				}
				links = append(links, gr)
			}
			ix.rules[l][g] = links
			if fallbacks > 0 {
				var what []string
				if len(pages) > 0 {
					what = append(what, "no page "+strings.Join(pages, ", "))
				}
				if len(headings) > 0 {
					what = append(what, "no heading "+strings.Join(headings, ", "))
				}
				ix.warns.Add(engine.Pos{File: ix.pages[index].file, Line: 1, Col: 1},
					"the game page "+url+" links "+strconv.Itoa(fallbacks)+" of its "+strconv.Itoa(len(links))+
						" rules here, not to the sections that state them: "+strings.Join(what, "; "))
			}
		}
	}
}

// gameProfile is an option of the game page's rules select.
type gameProfile struct{ Value, Label string }

// gameProfiles returns the rule profiles a game page of game g offers:
// the site's own first, then each preset that reads g's rules otherwise
// than every profile before it. Each value is a profile as
// engine.ParseRules reads it (Rules.Profile).
func gameProfiles(l i18n.Lang, site engine.Rules, g engine.Game) []gameProfile {
	out := []gameProfile{{Value: site.Profile(), Label: l.F("gp.rules.site", "profile", gameProfileName(l, site, g))}}
	seen := []engine.Rules{site}
	for _, p := range engine.Presets {
		dup := false
		for _, r := range seen {
			if len(p.Rules.Diff(r, g)) == 0 {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		seen = append(seen, p.Rules)
		out = append(out, gameProfile{Value: p.Rules.Profile(), Label: gameProfileName(l, p.Rules, g)})
	}
	return out
}

// gameProfileName names profile r as profileName does, with only the
// changes that concern game g.
func gameProfileName(l i18n.Lang, r engine.Rules, g engine.Game) string {
	return profileNameOf(l, r, func(k string) bool {
		kg, _ := engine.GameOf(k)
		return kg == g
	})
}

// gameHasCube reports whether a game page of game g offers the cube:
// short nardy always (off until the reader turns it on), long nardy only
// when the site's profile plays it (long-cube=on).
func gameHasCube(site engine.Rules, g engine.Game) bool {
	return g == engine.Short || site.LongCube
}

// gameView is the data of game.html.
type gameView struct {
	L        i18n.Lang
	Game     string // "long"
	Rules    string // the site's profile, as engine.ParseRules reads it
	Read     []navItem
	Profiles []gameProfile
	Cube     bool
	Board    template.HTML
	Links    []gameRule
}

// gamePages writes every game page.
func (rn *renderer) gamePages() error {
	for _, l := range rn.cfg.Languages {
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			if index, ok := rn.nav.game[l][g]; ok {
				if err := rn.gamePage(l, g, index); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// gamePage renders language l's game page of game g, whose section's
// index page is page index, and hands it to the output.
func (rn *renderer) gamePage(l i18n.Lang, g engine.Game, index int) error {
	url := gameURL(l, g)
	v := gameView{
		L:        l,
		Game:     g.String(),
		Rules:    rn.cfg.Rules.Profile(),
		Profiles: gameProfiles(l, rn.cfg.Rules, g),
		Cube:     gameHasCube(rn.cfg.Rules, g),
		Links:    rn.rules[l][g],
	}
	ip := rn.pages[index]
	v.Read = append(v.Read, navItem{Title: ip.fm.Title, Href: relURL(url, ip.url())})
	if j, ok := rn.byKey[pageKey(ip.lang, g.String()+"/quick-start")]; ok {
		v.Read = append(v.Read, navItem{Title: rn.pages[j].fm.Title, Href: relURL(url, rn.pages[j].url())})
	}
	pv := pageView{
		L:           l,
		Title:       l.T("gp.title." + g.String()),
		Description: l.T("gp.description." + g.String()),
		Root:        relURL(url, ""),
		Home:        relURL(url, string(l)+"/index.html"),
		CSP:         CSP,
		Profile:     l.F("footer.profile", "profile", profileName(l, rn.cfg.Rules)),
	}
	// The modules come with the checker's (package internal/wasm), as
	// the build puts them while the pages are rendered.
	if rn.opt.Checker {
		if _, ok := rn.tmpl.Scripts[gameLoader]; ok {
			pv.Script = &scriptView{Exec: relURL(url, wasm.Exec), Loader: relURL(url, gameLoader), Wasm: relURL(url, gameModule)}
		}
	}
	for _, other := range rn.cfg.Languages {
		if _, ok := rn.nav.game[other][g]; ok {
			pv.Alternates = append(pv.Alternates, alternate{
				Lang: other, Name: other.T("lang.name"),
				Href: relURL(url, gameURL(other, g)),
				Abs:  rn.absURL(gameURL(other, g)),
			})
		}
	}
	// The board is drawn from the page's language and game and the
	// site's rules (v.Rules), which v holds.
	return rn.generatedPage(url, pv, v, func() (template.HTML, error) {
		pos := engine.StartPosition(g)
		o := board.Options(l, &block.Block{Position: pos, Rules: rn.cfg.Rules}, "game-board")
		o.Title = l.F("gp.board.title", "game", l.Game(g))
		// The description says where the checkers stand, not whose turn it
		// is: the opening roll decides.
		desc := strings.TrimSuffix(l.Describe(pos, engine.Dice{}, false), l.F("desc.turn", "side", l.SideGen(pos.Turn)))
		o.Desc = strings.TrimSpace(desc) + " " + l.T("gp.board.desc")
		o.Labels.Turn = "" // nobody is to move before the opening roll
		o.Printable, o.Playable = true, true
		var svg strings.Builder
		if err := diagrams.Inline(&svg, pos, o); err != nil {
			return "", err
		}
		v.Board = template.HTML(svg.String())
		var body strings.Builder
		if err := rn.tmpl.HTML.ExecuteTemplate(&body, "game.html", v); err != nil {
			return "", err
		}
		return template.HTML(body.String()), nil
	})
}
