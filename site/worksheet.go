package site

import (
	"bytes"
	"errors"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TasksPerSheet is how many exercises a printed A4 worksheet page holds.
const TasksPerSheet = 4

// exercise is a block with an "exercise:" line, found on a page.
type exercise struct {
	page int // index in builder.pages
	fig  int // the figure's number on its page (fig-N)
	blk  *block.Block
	src  string      // the block as written
	game engine.Game // its game
}

// worksheetURL returns the output path of a language's worksheet for a
// game: "ru/worksheets/long.html".
func worksheetURL(l i18n.Lang, g engine.Game) string {
	return string(l) + "/worksheets/" + g.String() + ".html"
}

// worksheetView is the data of worksheet.html.
type worksheetView struct {
	L      i18n.Lang
	Game   string
	Intro  string
	Sheets [][]taskView
	Tasks  []taskView
}

// taskView is one exercise of a worksheet.
type taskView struct {
	N         int
	ID        string
	SVG       template.HTML
	Given     string // whose turn, and the roll
	Questions []string
	Lines     []struct{}
	Answers   []string
	From      string // the page the position comes from
	Href      string // its figure on that page
}

// worksheets makes, for every language and game with exercises, the
// worksheet page (the table of contents links it).
func (rn *renderer) worksheets() error {
	for _, l := range rn.cfg.Languages {
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			var list []exercise
			for _, i := range rn.nav.order[l] {
				for _, e := range rn.res[i].exercises {
					if e.game == g {
						list = append(list, e)
					}
				}
			}
			if len(list) == 0 {
				continue
			}
			if err := rn.worksheet(l, g, list); err != nil {
				return err
			}
		}
	}
	return nil
}

// worksheet renders one worksheet page and hands it to the output.
func (rn *renderer) worksheet(l i18n.Lang, g engine.Game, list []exercise) error {
	url := worksheetURL(l, g)
	v := pageView{
		L:           l,
		Title:       l.F("ws.title", "game", l.Game(g)),
		Description: l.F("ws.description", "game", l.Game(g), "n", l.N(len(list), "exercise")),
		Root:        relURL(url, ""),
		Home:        relURL(url, string(l)+"/index.html"),
		CSP:         CSP,
		Profile:     rn.worksheetProfile(l, g),
	}
	for _, other := range rn.cfg.Languages {
		if other != l && !rn.nav.worksheet[other][g] {
			continue
		}
		v.Alternates = append(v.Alternates, alternate{
			Lang: other, Name: other.T("lang.name"),
			Href: relURL(url, worksheetURL(other, g)),
			Abs:  rn.absURL(worksheetURL(other, g)),
		})
	}
	in := worksheetInput{L: l, Game: g.String(), Rules: profileOf(rn.cfg.Rules), Override: rn.override}
	if rn.opt.Memo != nil {
		for _, e := range list {
			p := rn.pages[e.page]
			ex := exerciseInput{Page: p.url(), Title: p.fm.Title, Fig: e.fig, Source: e.src,
				Rules: profileOf(p.fm.Rules), Named: rn.res[e.page].namedBefore(e.fig)}
			if p.fm.HasGame {
				ex.Game = p.fm.Game.String()
			}
			in.Exercises = append(in.Exercises, ex)
		}
	}
	return rn.generatedPage(url, v, in, func() (template.HTML, error) {
		wv := worksheetView{L: l, Game: g.String()}
		for k := range list {
			if list[k].blk == nil { // from a page analysed by the memo
				rn.complete(list[k].page)
				for _, e := range rn.res[list[k].page].exercises {
					if e.fig == list[k].fig {
						list[k].blk = e.blk
					}
				}
			}
			if list[k].blk == nil {
				return "", errors.New("the exercise of " + rn.pages[list[k].page].file + " fig-" + strconv.Itoa(list[k].fig) + " has no block")
			}
		}
		for k, e := range list {
			t, err := rn.task(l, k+1, e, url)
			if err != nil {
				return "", err
			}
			wv.Tasks = append(wv.Tasks, t)
		}
		for k := 0; k < len(wv.Tasks); k += TasksPerSheet {
			wv.Sheets = append(wv.Sheets, wv.Tasks[k:min(k+TasksPerSheet, len(wv.Tasks))])
		}
		wv.Intro = l.F("ws.intro", "n", l.N(len(wv.Tasks), "exercise"), "sheets", l.N(len(wv.Sheets), "sheet"))
		var body strings.Builder
		if err := rn.tmpl.HTML.ExecuteTemplate(&body, "worksheet.html", wv); err != nil {
			return "", err
		}
		return template.HTML(body.String()), nil
	})
}

// worksheetProfile names the site's rule profile (the worksheets gather
// blocks of many pages under it).
func (rn *renderer) worksheetProfile(l i18n.Lang, _ engine.Game) string {
	return l.F("footer.profile", "profile", profileName(l, rn.cfg.Rules))
}

// task builds the n-th exercise of a worksheet: the diagram, the
// questions and the computed answers.
func (rn *renderer) task(l i18n.Lang, n int, e exercise, url string) (taskView, error) {
	blk, p := e.blk, rn.pages[e.page]
	pos := blk.Position
	id := "ex-" + strconv.Itoa(n)
	drawn := *blk
	if !slices.ContainsFunc(blk.Exercises, func(e block.Exercise) bool { return e != block.ExerciseStats }) {
		drawn.HasDice = false // a question over all 36 rolls: the block's roll would mislead
	}
	// The task itself has the id id.
	dopt := board.Options(l, &drawn, id+"-board")
	dopt.Arrows, dopt.Marks = nil, nil // arrows and marks would give the answer away
	if !slices.Contains(blk.Exercises, block.ExerciseIllegal) {
		dopt.Illegal = nil // the forbidden move is drawn for the question about it
	}
	dopt.Printable = true
	t := taskView{
		N: n, ID: id,
		From: p.fm.Title,
		Href: relURL(url, p.url()) + "#fig-" + strconv.Itoa(e.fig),
	}
	side := l.SideGen(pos.Turn)
	t.Given = l.F("ws.turn", "side", side)
	lines := 0
	for _, ex := range blk.Exercises {
		switch ex {
		case block.ExercisePlays:
			t.Questions = append(t.Questions, l.T("ws.q.plays"))
			t.Answers = append(t.Answers, playsAnswer(l, blk))
			lines += 3
		case block.ExerciseStats:
			for _, st := range blk.Stats {
				t.Questions = append(t.Questions, l.T("ws.q."+st.String()))
				c := engine.Statistic(pos, blk.Rules, st)
				t.Answers = append(t.Answers, strings.TrimSpace(l.Stat(st)+": "+statValue(l, c)+". "+statSum(l, c)))
				lines++
			}
		case block.ExerciseIllegal:
			t.Questions = append(t.Questions, l.F("ws.q.illegal", "play", blk.IllegalText))
			verdict := engine.ExplainSegments(pos, blk.Dice, blk.Rules, blk.Illegal)
			t.Answers = append(t.Answers, l.Reason(verdict, pos.Game, blk.Dice))
			lines += 2
		}
		if ex != block.ExerciseStats {
			t.Given = l.F("ws.turn.dice", "side", side, "dice", blk.Dice.String())
		}
	}
	t.Lines = make([]struct{}, min(max(lines, 2), 4))
	var svg bytes.Buffer
	if err := diagrams.Inline(&svg, pos, dopt); err != nil {
		return taskView{}, err
	}
	t.SVG = template.HTML(svg.String())
	return t, nil
}

// playsAnswer lists every legal play of the block's roll.
func playsAnswer(l i18n.Lang, blk *block.Block) string {
	pos := blk.Position
	plays := engine.LegalPlays(pos, blk.Dice, blk.Rules)
	switch {
	case pos.GameOver(blk.Rules):
		return l.T("fig.moves.over")
	case len(plays) == 0:
		return l.T("fig.moves.none")
	}
	notes := make([]string, len(plays))
	for i, pl := range plays {
		notes[i] = pl.Notation()
	}
	s := l.N(len(plays), "play") + ": " + strings.Join(notes, "; ")
	if lost := l.Lost(blk.Dice, plays[0].DicePlayed()); lost != "" {
		s += " (" + lost + ")"
	}
	return s + "."
}

// checkGeneratedPaths reports a content page whose output path is that
// of a page the build generates: a worksheet ("ru/worksheets/long.md"),
// a print document ("ru/long/print.md"), a contents page
// ("ru/contents.md"), the notation page ("ru/notation.md") or a game
// page ("ru/long/play.md").
func (ix *index) checkGeneratedPaths(errs *engine.ErrorList) {
	for _, p := range ix.pages {
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			if p.url() == worksheetURL(p.lang, g) && ix.nav.worksheet[p.lang][g] {
				errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "the page would be written to "+p.url()+", where the build writes the worksheet of the exercises of "+g.String()+" nardy; rename the page")
			}
		}
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			if p.url() == printURL(p.lang, g) && ix.nav.printedGame(p.lang, g) {
				errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "the page would be written to "+p.url()+", where the build writes the print document of "+g.String()+" nardy; rename the page")
			}
		}
		for g := range ix.nav.game[p.lang] {
			if p.url() == gameURL(p.lang, g) {
				errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "the page would be written to "+p.url()+", where the build writes the game page of "+g.String()+" nardy; rename the page")
			}
		}
		if p.url() == notationURL(p.lang) {
			errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "the page would be written to "+p.url()+", where the build writes the page on the notation of moves; rename the page")
		}
		if p.url() == contentsURL(p.lang) && ix.nav.contents[p.lang] {
			errs.Add(engine.Pos{File: p.file, Line: 1, Col: 1}, "the page would be written to "+p.url()+", where the build writes the list of every page (a section has more than "+strconv.Itoa(tocFull)+" pages); rename the page")
		}
	}
}
