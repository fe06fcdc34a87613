package site

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The notation page of each language explains how the tables write
// moves: every table of moves links to it. The build writes it, as it
// writes the worksheets, rather than a content page: so that the link is
// never broken, whatever pages a site has, and so that what it says of
// the board (the direction of play, the homes, heads and entry points,
// each side's numbering) comes from the engine and its pictures from
// package diagrams, as on every other page.

// notationURL returns the output path of a language's notation page:
// "ru/notation.html".
func notationURL(l i18n.Lang) string { return string(l) + "/notation.html" }

// notationCodes are the notations the page explains, each with the key
// of its meaning; every one is read by engine.ParseMoves (a test makes
// sure).
var notationCodes = []struct{ Code, Key string }{
	{"24/18", "nt.move"},
	{"24/18/13", "nt.path"},
	{"24/18 13/11", "nt.two"},
	{"13/7*", "nt.hit"},
	{"bar/22", "nt.bar"},
	{"6/off", "nt.off"},
	{"24/18(2)", "nt.repeat"},
	{"24/23/22/21/20", "nt.double"},
}

// notationView is the data of notation.html.
type notationView struct {
	L      i18n.Lang
	Codes  []notationRow
	Extras []notationRow // the columns of a table of moves
	Grid   template.HTML
	Games  []notationGame
}

type notationRow struct{ Code, Text string }

// notationGame is what the page shows of one game's board: each side's
// way round it, and the numbering of its quarters.
type notationGame struct {
	ID        string // the heading's id: the game's name
	Numbering string
	Routes    []routeView
	Quarters  []quarterRow
}

// routeView is one side's way round the board: a diagram and the words.
type routeView struct {
	SVG  template.HTML
	Text []string
}

// quarterRow is a quarter of the board: where it is drawn, its points in
// White's numbering (the site's) and in Black's, and whose home or head
// it holds.
type quarterRow struct{ Where, White, Black, What string }

// notationPages writes the notation page of every language.
func (rn *renderer) notationPages() error {
	for _, l := range rn.cfg.Languages {
		if err := rn.notationPage(l); err != nil {
			return err
		}
	}
	return nil
}

// notationPage renders the notation page of language l and hands it to
// the output.
func (rn *renderer) notationPage(l i18n.Lang) error {
	url := notationURL(l)
	v := notationView{L: l}
	for _, c := range notationCodes {
		v.Codes = append(v.Codes, notationRow{c.Code, l.T(c.Key)})
	}
	v.Extras = []notationRow{
		{l.T("fig.col.n"), l.T("nt.table.n")},
		{l.T("fig.col.head"), l.T("nt.table.head")},
		{l.T("fig.col.hits"), l.T("nt.table.hits")},
	}
	pv := pageView{
		L:           l,
		Title:       l.T("nt.title"),
		Description: l.T("nt.description"),
		Root:        relURL(url, ""),
		Home:        relURL(url, string(l)+"/index.html"),
		CSP:         CSP,
		Profile:     l.F("footer.profile", "profile", profileName(l, rn.cfg.Rules)),
	}
	for _, other := range rn.cfg.Languages {
		pv.Alternates = append(pv.Alternates, alternate{
			Lang: other, Name: other.T("lang.name"),
			Href: relURL(url, notationURL(other)),
			Abs:  rn.absURL(notationURL(other)),
		})
	}
	// The diagrams are drawn from the page's language, which v holds.
	return rn.generatedPage(url, pv, v, func() (template.HTML, error) {
		var grid strings.Builder
		if err := diagrams.RollGrid(&grid, diagrams.RollGridOptions{
			ID:      "nt-rolls",
			Title:   l.T("nt.rolls.grid"),
			Desc:    gridDesc(l, engine.RollCount{N: 2, Rolls: []engine.Dice{{6, 5}}}),
			First:   l.T("grid.first"),
			Second:  l.T("grid.second"),
			Counted: []engine.Dice{{6, 5}},
		}); err != nil {
			return "", err
		}
		v.Grid = template.HTML(grid.String())
		for _, g := range []engine.Game{engine.Long, engine.Short} {
			ng, err := notationBoard(l, g)
			if err != nil {
				return "", err
			}
			v.Games = append(v.Games, ng)
		}
		var body strings.Builder
		if err := rn.tmpl.HTML.ExecuteTemplate(&body, "notation.html", v); err != nil {
			return "", err
		}
		return template.HTML(body.String()), nil
	})
}

// notationBoard shows game g's board: for each side, the starting
// position with its way round the board drawn as arrows and its home
// marked, then the quarters of the board in both numberings.
func notationBoard(l i18n.Lang, g engine.Game) (notationGame, error) {
	ng := notationGame{ID: g.String(), Numbering: l.F("nt.numbering", "game", l.Game(g))}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		pos := engine.StartPosition(g)
		pos.Turn = s
		home := engine.Home(g, s)
		lo, hi := min(home[0], home[5]), max(home[0], home[5])
		blk := &block.Block{Position: pos, Rules: engine.DefaultRules, Arrows: routeArrows(g, s)}
		for pt := lo; pt <= hi; pt++ {
			blk.Marks = append(blk.Marks, pt)
		}
		id := "nt-" + g.String() + "-" + s.String()
		o := board.Options(l, blk, id)
		o.Printable = true
		rv := routeView{Text: []string{l.F("nt.route", "side", l.Side(s, true), "route", route(l, g, s))}}
		if g == engine.Long {
			rv.Text = append(rv.Text, l.F("nt.head", "p", engine.Head(g, s).String()))
		}
		rv.Text = append(rv.Text, l.F("nt.home", "from", lo.String(), "to", hi.String()))
		if g == engine.Short {
			// A checker enters in the opponent's home.
			eh := engine.Home(g, s.Other())
			rv.Text = append(rv.Text, l.F("nt.enter", "from", min(eh[0], eh[5]).String(), "to", max(eh[0], eh[5]).String()))
		}
		o.Title = strings.TrimSuffix(rv.Text[0], ".")
		o.Desc = strings.Join(rv.Text, " ") + " " + o.Desc
		var svg strings.Builder
		if err := diagrams.Inline(&svg, pos, o); err != nil {
			return ng, err
		}
		rv.SVG = template.HTML(svg.String())
		ng.Routes = append(ng.Routes, rv)
	}
	for _, q := range []struct {
		where  string
		lo, hi engine.Point
	}{{"nt.q.br", 1, 6}, {"nt.q.bl", 7, 12}, {"nt.q.tl", 13, 18}, {"nt.q.tr", 19, 24}} {
		row := quarterRow{
			Where: l.T(q.where),
			White: q.lo.String() + "–" + q.hi.String(),
			Black: strconv.Itoa(engine.OwnPoint(g, engine.Black, q.lo)) + "–" + strconv.Itoa(engine.OwnPoint(g, engine.Black, q.hi)),
		}
		var what []string
		for _, s := range []engine.Side{engine.White, engine.Black} {
			if h := engine.Home(g, s); h[0] >= q.lo && h[0] <= q.hi {
				what = append(what, l.F("nt.what.home", "side", l.SideGen(s)))
			}
			if h := engine.Head(g, s); g == engine.Long && h >= q.lo && h <= q.hi {
				what = append(what, l.F("nt.what.head", "side", l.SideGen(s), "p", h.String()))
			}
		}
		for _, s := range []engine.Side{engine.White, engine.Black} {
			// In short nardy a checker enters in the opponent's home.
			if h := engine.Home(g, s.Other()); g == engine.Short && h[0] >= q.lo && h[0] <= q.hi {
				what = append(what, l.F("nt.what.enter", "side", l.Side(s, false)))
			}
		}
		row.What = strings.Join(what, "; ")
		if row.What == "" {
			row.What = "—"
		}
		ng.Quarters = append(ng.Quarters, row)
	}
	return ng, nil
}

// routeStops returns side s's way round game g's board in White's
// numbering, from its own point 24 to its own point 1, cut where it
// changes row: runs of points that go one way along one row.
func routeStops(g engine.Game, s engine.Side) [][]engine.Point {
	var runs [][]engine.Point
	for own := 24; own >= 1; own-- {
		pt := engine.WhitePoint(g, s, own)
		if n := len(runs); n > 0 {
			last := runs[n-1]
			if prev := last[len(last)-1]; (prev >= 13) == (pt >= 13) {
				runs[n-1] = append(last, pt)
				continue
			}
		}
		runs = append(runs, []engine.Point{pt})
	}
	return runs
}

// routeArrows draws side s's way round the board: an arrow along each
// row, and one from row to row.
func routeArrows(g engine.Game, s engine.Side) []engine.Segment {
	var segs []engine.Segment
	runs := routeStops(g, s)
	for i, r := range runs {
		if i > 0 {
			prev := runs[i-1]
			segs = append(segs, engine.Segment{From: prev[len(prev)-1], To: r[0]})
		}
		segs = append(segs, engine.Segment{From: r[0], To: r[len(r)-1]})
	}
	return segs
}

// route writes side s's way round the board in White's numbering: "24 →
// 1", or "12 → 1, затем 24 → 13" where the numbers start again.
func route(l i18n.Lang, g engine.Game, s engine.Side) string {
	var parts []string
	start := engine.WhitePoint(g, s, 24)
	for own := 24; own >= 1; own-- {
		pt := engine.WhitePoint(g, s, own)
		next := engine.Point(0)
		if own > 1 {
			next = engine.WhitePoint(g, s, own-1)
		}
		if own == 1 || (next != pt-1 && next != pt+1) {
			parts = append(parts, start.String()+" → "+pt.String())
			start = next
		}
	}
	return strings.Join(parts, ", "+l.T("nt.then")+" ")
}
