package site

import (
	"bytes"
	"html/template"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/site/markdown"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// figureView is the data of figure.html.
type figureView struct {
	L       i18n.Lang
	ID      string
	SVG     template.HTML
	Caption string
	Code    string
	GnubgID string // short nardy: the GNU Backgammon Position ID
	SVGHref string
	Moves   *movesView
	Rolls   *rollsView
	Replies *repliesView
	Stats   []statView
	Odds    []oddsView
	Illegal *illegalView
	After   *afterView
	Result  string
	Checker *checkerView
	Editor  *editorView
	// Legend links the notation page, from every table of moves.
	Legend string
}

// checkerView is the move checker under a figure.
type checkerView struct {
	Dice string
	// Board is set when the figure's diagram is playable; Panel is then
	// the board's controls.
	Board bool
	Panel template.HTML
	// Task is the exercise the board sets online: "plays" (find every
	// play) or "illegal" (is the block's illegal play allowed?, Illegal).
	Task, Illegal string
}

// panelKey names a board's controls: they depend only on the language and
// the task.
type panelKey struct {
	lang          i18n.Lang
	task, illegal string
}

// panel returns the board's controls for language l and a figure's task,
// rendered once for all the figures that share them.
func (b *builder) panel(l i18n.Lang, cv *checkerView) (template.HTML, error) {
	key := panelKey{l, cv.Task, cv.Illegal}
	b.panelMu.Lock()
	defer b.panelMu.Unlock()
	if h, ok := b.panels[key]; ok {
		return h, nil
	}
	var out bytes.Buffer
	if err := b.tmpl.HTML.ExecuteTemplate(&out, "board-play", figureView{L: l, Checker: cv}); err != nil {
		return "", err
	}
	if b.panels == nil {
		b.panels = map[panelKey]template.HTML{}
	}
	h := template.HTML(out.String())
	b.panels[key] = h
	return h, nil
}

// editorView is the standalone checker: the reader edits the block.
type editorView struct {
	Source string
	Plays  []string
}

type movesView struct {
	Dice    string
	Summary string
	Lost    string
	None    string
	Extra   string // the third column's heading, if any
	Rows    []moveRow
	// Columns are the rows as the page sets them: one table, or, for
	// many rows, a few shorter tables side by side, each with its
	// column headings; each column's rows are written once, as HTML
	// (there may be hundreds of rows in a page, thousands in a site).
	Columns []template.HTML
}

type moveRow struct {
	N     int
	Play  string
	Extra int
	// Marked is set on the play the prose discusses ("highlight:").
	Marked bool
}

type rollsView struct {
	Caption string
	Extra   string
	Rows    []rollRow
}

type rollRow struct {
	Roll  string
	Extra string
	Plays string
	Lost  string
}

// repliesView is the replies table: after each play of each roll, the
// opponent's statistics.
type repliesView struct {
	Caption string
	Stats   []string // the statistics' column headings
	Rows    []replyRow
}

type replyRow struct {
	Roll, Play string
	Counts     []string
}

type illegalView struct{ Play, Reason string }

// afterView is the position after the play of an "after:" line, drawn
// beside the block's.
type afterView struct {
	Play string
	SVG  template.HTML
}

// compactRows is how many legal plays a figure lists in one table; more
// are set in moveColumns tables side by side.
const (
	compactRows = 10
	moveColumns = 3
)

// maxListedPlays is how many plays a row of the rolls table lists before
// it gives only their number.
const maxListedPlays = 8

// figureOut is what one position block produced: the figure's HTML, its
// standalone SVG (nil without a diagram), the parsed block, the figures
// of its "odds:" tables and, in no language, the rows of everything it
// computed (for the change reports).
type figureOut struct {
	html, svg []byte
	blk       *block.Block
	odds      []oddsResult
	rows      []string
}

// figure computes one position block's figure and renders it. Its
// problems come back as an engine.ErrorList (or an *engine.Error) placed
// inside the block.
func (b *builder) figure(p *page, n *markdown.Figure, id string, num int, blk *block.Block) (*figureOut, error) {
	inBlock := func(msg string) error { return &engine.Error{Pos: engine.Pos{Line: 1, Col: 1}, Msg: msg} }
	l := p.lang
	pos := blk.Position
	rp := newRollPlays(blk)
	v := figureView{
		L:       l,
		ID:      id,
		Caption: blk.Caption,
		Code:    engine.Code(pos, blk.Dice, blk.HasDice, blk.Rules),
		Legend:  relURL(p.url(), notationURL(l)),
	}
	if pos.Game == engine.Short {
		v.GnubgID, _ = pos.GnubgID()
	}
	var standalone []byte
	// A figure with a roll to try has the move checker: its form, and a
	// board the reader plays the roll on.
	hasChecker := blk.Show.Has(block.ShowChecker) && blk.HasDice && !pos.GameOver(blk.Rules) && b.opt.Checker
	if blk.Show.Has(block.ShowDiagram) {
		// The figure itself has the id id.
		dopt := board.Options(l, blk, id+"-board")
		dopt.Printable = true // printed in the print theme (diagrams.PrintCSS in style.css)
		// The standalone checker's board is playable too.
		dopt.Playable = hasChecker || blk.Show.Has(block.ShowEditor) && blk.HasDice && b.opt.Checker
		var inline strings.Builder
		if err := diagrams.Inline(&inline, pos, dopt); err != nil {
			return nil, inBlock("diagram: " + err.Error())
		}
		v.SVG = template.HTML(inline.String())
		// The standalone file is for printing: the same drawing, with the
		// print theme's rules, at an A4 page's text width.
		var sa bytes.Buffer
		if err := diagrams.StandaloneFrom(&sa, inline.String(), PaperA4); err != nil {
			return nil, inBlock("diagram: " + err.Error())
		}
		standalone = sa.Bytes()
		v.SVGHref = url.PathEscape(path.Base(figureSVG(p, num)))
		if blk.After != nil {
			aopt := board.AfterOptions(l, blk, id+"-after")
			aopt.Printable = true
			var after strings.Builder
			if err := diagrams.Inline(&after, blk.After.Position, aopt); err != nil {
				return nil, inBlock("diagram after " + blk.AfterText + ": " + err.Error())
			}
			v.After = &afterView{Play: blk.AfterText, SVG: template.HTML(after.String())}
		}
	}
	game := pos.Game
	if blk.Show.Has(block.ShowMoves) {
		v.Moves = movesTable(l, blk, rp)
	}
	if blk.Show.Has(block.ShowRolls) {
		rv := &rollsView{Caption: rollsCaption(l, blk.Rolls)}
		if game == engine.Long {
			rv.Extra = l.T("fig.col.head")
		}
		for _, d := range blk.Rolls {
			plays := rp.of(d)
			row := rollRow{Roll: d.String()}
			switch {
			case pos.GameOver(blk.Rules):
				row.Plays = l.T("fig.moves.over")
			case len(plays) == 0:
				row.Plays = l.T("fig.moves.none")
			case len(plays) > maxListedPlays:
				row.Plays = l.N(len(plays), "play")
			default:
				notes := make([]string, len(plays))
				for i, pl := range plays {
					notes[i] = pl.Notation()
				}
				row.Plays = l.Or(notes)
			}
			if len(plays) > 0 {
				row.Lost = l.Lost(d, plays[0].DicePlayed())
				if game == engine.Long {
					row.Extra = headCounts(l, plays)
				}
			}
			rv.Rows = append(rv.Rows, row)
		}
		v.Rolls = rv
	}
	var replies []engine.Reply
	if blk.Show.Has(block.ShowReplies) && len(blk.Replies) > 0 {
		replies = engine.Replies(pos, blk.Rules, blk.Rolls, blk.Replies)
		v.Replies = repliesTable(l, pos, blk.Replies, replies)
	}
	if blk.Show.Has(block.ShowStats) {
		for k, st := range blk.Stats {
			sv, err := newStatView(l, st, rp.count(st), id+"-rolls-"+strconv.Itoa(k+1))
			if err != nil {
				return nil, inBlock("roll grid: " + err.Error())
			}
			v.Stats = append(v.Stats, sv)
		}
	}
	var oddsRes []oddsResult
	if blk.Show.Has(block.ShowOdds) {
		var errs engine.ErrorList
		if oddsRes, errs = computeOdds(blk); errs != nil {
			return nil, errs
		}
		v.Odds = oddsViews(l, blk, oddsRes)
	}
	if hasChecker {
		cv := &checkerView{Dice: blk.Dice.String(), Board: blk.Show.Has(block.ShowDiagram)}
		switch {
		case !cv.Board:
		case slices.Contains(blk.Exercises, block.ExerciseIllegal):
			cv.Task, cv.Illegal = "illegal", blk.IllegalText
		case slices.Contains(blk.Exercises, block.ExercisePlays):
			cv.Task = "plays"
		}
		if cv.Board {
			h, err := b.panel(l, cv)
			if err != nil {
				return nil, inBlock("template board-play: " + err.Error())
			}
			cv.Panel = h
		}
		v.Checker = cv
	}
	if blk.Show.Has(block.ShowEditor) {
		ev := &editorView{Source: editorSource(n.Source)}
		if blk.HasDice {
			for _, pl := range rp.of(blk.Dice) {
				ev.Plays = append(ev.Plays, pl.Notation())
			}
		}
		v.Editor = ev
	}
	if blk.Show.Has(block.ShowResult) {
		v.Result = l.Result(pos, blk.Rules, blk.Scoring)
	}
	if blk.Illegal != nil {
		verdict := engine.ExplainSegments(pos, blk.Dice, blk.Rules, blk.Illegal)
		v.Illegal = &illegalView{Play: blk.IllegalText, Reason: l.Reason(verdict, game, blk.Dice)}
	}
	var out bytes.Buffer
	if err := b.tmpl.HTML.ExecuteTemplate(&out, "figure.html", v); err != nil {
		return nil, inBlock("template figure.html: " + err.Error())
	}
	return &figureOut{html: out.Bytes(), svg: standalone, blk: blk, odds: oddsRes, rows: computedRows(blk, oddsRes, rp, replies)}, nil
}

// repliesTable lays out the rows of a replies table in language l.
func repliesTable(l i18n.Lang, pos engine.Position, stats []engine.Stat, rows []engine.Reply) *repliesView {
	rv := &repliesView{Caption: l.F("fig.replies", "mover", l.SideGen(pos.Turn), "other", l.SideGen(pos.Turn.Other()))}
	for _, st := range stats {
		rv.Stats = append(rv.Stats, l.Stat(st))
	}
	for _, r := range rows {
		row := replyRow{Roll: r.Dice.String(), Play: l.T("lost.all")}
		if !r.Passed {
			row.Play = r.Play.Notation()
		}
		for _, c := range r.Counts {
			row.Counts = append(row.Counts, l.Rolls(c))
		}
		rv.Rows = append(rv.Rows, row)
	}
	return rv
}

// editorSource is the block as the standalone checker shows it for
// editing: without the lines that only say how to present it.
func editorSource(src string) string {
	var keep []string
	for _, line := range strings.Split(strings.TrimRight(src, "\n"), "\n") {
		key, _, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch key {
		case "show", "caption", "name", "after", "highlight":
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

// movesTable lists the legal plays for the block's roll.
func movesTable(l i18n.Lang, blk *block.Block, rp *rollPlays) *movesView {
	pos, d := blk.Position, blk.Dice
	plays := rp.of(d)
	mv := &movesView{Dice: d.String()}
	switch {
	case pos.GameOver(blk.Rules):
		mv.None = l.T("fig.moves.over")
		return mv
	case len(plays) == 0:
		mv.None = l.T("fig.moves.none")
		return mv
	}
	used := plays[0].DicePlayed()
	key := "fig.moves.count"
	if len(plays) == 1 {
		key = "fig.moves.one"
	}
	mv.Summary = l.F(key, "n", l.N(len(plays), "play"), "used", l.N(used, "die"), "all", strconv.Itoa(d.Count()))
	mv.Lost = l.Lost(d, used)
	extra := func(pl engine.Play) int { return pl.Hits() }
	if pos.Game == engine.Long {
		extra = func(pl engine.Play) int { return pl.HeadMoves() }
	}
	for _, pl := range plays {
		if extra(pl) > 0 {
			mv.Extra = l.T("fig.col.hits")
			if pos.Game == engine.Long {
				mv.Extra = l.T("fig.col.head")
			}
			break
		}
	}
	for i, pl := range plays {
		marked := blk.Highlight != nil && pl.Position == blk.Highlight.Position
		mv.Rows = append(mv.Rows, moveRow{N: i + 1, Play: pl.Notation(), Extra: extra(pl), Marked: marked})
	}
	setColumns(mv, l.T("fig.marked"))
	return mv
}

// rollsCaption names the rows of a rolls table: all 21 rolls, the six
// doubles, or some rolls.
func rollsCaption(l i18n.Lang, rolls []engine.Dice) string {
	doubles := 0
	for _, d := range rolls {
		if d.IsDouble() {
			doubles++
		}
	}
	switch {
	case len(rolls) == len(engine.AllRolls()):
		return l.T("fig.rolls")
	case doubles == 6 && len(rolls) == 6:
		return l.T("fig.rolls.doubles")
	}
	return l.T("fig.rolls.some")
}

// setColumns sets the rows of a moves table in one table or, when there
// are more than compactRows, in moveColumns tables side by side. marked
// is the tag after the play the prose discusses.
func setColumns(mv *movesView, marked string) {
	cols := [][]moveRow{mv.Rows}
	if n := len(mv.Rows); n > compactRows {
		cols = nil
		per := (n + moveColumns - 1) / moveColumns
		for k := 0; k < n; k += per {
			cols = append(cols, mv.Rows[k:min(k+per, n)])
		}
	}
	mv.Columns = make([]template.HTML, len(cols))
	for i, rows := range cols {
		mv.Columns[i] = moveRowsHTML(rows, mv.Extra != "", marked)
	}
}

// moveRowsHTML writes rows of a moves table: number, play (marked when
// the prose discusses it) and, with extra, the third column.
func moveRowsHTML(rows []moveRow, extra bool, marked string) template.HTML {
	var b strings.Builder
	for _, r := range rows {
		n := strconv.Itoa(r.N)
		play := template.HTMLEscapeString(r.Play)
		if r.Marked {
			b.WriteString("\n<tr class=\"marked\"><td>" + n + `</td><td class="play"><mark>` + play + `</mark> <span class="tag"><span aria-hidden="true">▲ </span>` + template.HTMLEscapeString(marked) + "</span></td>")
		} else {
			b.WriteString("\n<tr><td>" + n + `</td><td class="play">` + play + "</td>")
		}
		if extra {
			b.WriteString("<td>" + strconv.Itoa(r.Extra) + "</td>")
		}
		b.WriteString("</tr>")
	}
	return template.HTML(b.String())
}

// headCounts writes how many checkers the plays take from the head: "2",
// or "1 или 2" when the plays differ.
func headCounts(l i18n.Lang, plays []engine.Play) string {
	var seen [3]bool
	for _, pl := range plays {
		seen[min(pl.HeadMoves(), 2)] = true
	}
	var parts []string
	for k, ok := range seen {
		if ok {
			parts = append(parts, strconv.Itoa(k))
		}
	}
	return l.Or(parts)
}

// computedRows writes what the engine computed for a block as rows of the
// change reports: "group\tvalue" lines in no language, one per row of the
// figure's tables, statistic, odds, result and explanation, so that a
// report can say which rows a change added and removed.
func computedRows(blk *block.Block, odds []oddsResult, rp *rollPlays, replies []engine.Reply) []string {
	pos := blk.Position
	var rows []string
	plays := func(d engine.Dice) []string {
		if pos.GameOver(blk.Rules) {
			return []string{"game over"}
		}
		var out []string
		for _, pl := range rp.of(d) {
			out = append(out, pl.Notation())
		}
		if len(out) == 0 {
			return []string{"no play"}
		}
		return out
	}
	if blk.Show.Has(block.ShowMoves) {
		for _, p := range plays(blk.Dice) {
			rows = append(rows, "moves with "+blk.Dice.String()+"\t"+p)
		}
	}
	if blk.Show.Has(block.ShowRolls) {
		for _, d := range blk.Rolls {
			rows = append(rows, "the roll "+d.String()+"\t"+strings.Join(plays(d), " or "))
		}
	}
	for _, r := range replies {
		play := "no play"
		if !r.Passed {
			play = r.Play.Notation()
		}
		for k, st := range blk.Replies {
			rows = append(rows, "after "+r.Dice.String()+" "+play+", the reply's "+st.String()+"\t"+r.Counts[k].String())
		}
	}
	if blk.Show.Has(block.ShowStats) {
		for _, st := range blk.Stats {
			rows = append(rows, "statistic "+st.String()+"\t"+rp.count(st).String())
		}
	}
	for _, r := range odds {
		rows = append(rows, r.rows()...)
	}
	if blk.Show.Has(block.ShowResult) {
		o := pos.Result(blk.Rules).Scored(blk.Scoring, blk.Rules)
		rows = append(rows, "result\t"+o.Kind.String()+" "+strconv.Itoa(o.Points))
	}
	if blk.Illegal != nil {
		rows = append(rows, "why "+blk.IllegalText+" is illegal\t"+engine.ExplainSegments(pos, blk.Dice, blk.Rules, blk.Illegal).String())
	}
	if blk.After != nil && blk.Show.Has(block.ShowDiagram) {
		rows = append(rows, "the position after "+blk.After.Notation()+"\t"+engine.Code(blk.After.Position, engine.Dice{}, false, blk.Rules))
	}
	return rows
}

// rollPlays keeps the legal plays of each roll in one block's position,
// computed once for its tables, statistics and rows.
type rollPlays struct {
	pos   engine.Position
	rules engine.Rules
	m     map[engine.Dice][]engine.Play
}

func newRollPlays(blk *block.Block) *rollPlays {
	return &rollPlays{pos: blk.Position, rules: blk.Rules, m: map[engine.Dice][]engine.Play{}}
}

// of returns the legal plays of roll d.
func (r *rollPlays) of(d engine.Dice) []engine.Play {
	d = d.Canonical()
	plays, ok := r.m[d]
	if !ok {
		plays = engine.LegalPlays(r.pos, d, r.rules)
		r.m[d] = plays
	}
	return plays
}

// count computes statistic st over the 36 rolls.
func (r *rollPlays) count(st engine.Stat) engine.RollCount {
	return engine.CountRollsOf(r.of, st.Holds)
}
