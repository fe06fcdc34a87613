package site

import (
	"archive/zip"
	"bytes"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// A figure is what one position block makes: its board diagram, its
// tables and statistics computed by the engine, the checker's form. It
// is made from its figureInput alone, which names it in the memo.

// figureInput is everything a figure is made from: the key of its value
// in the memo is the digest of these fields (see memoKey), so a field
// added here is in the key. The block (blk, or tab for a table of
// positions) is the one read from Source on a page of game Game and
// rules Rules, after blocks naming the positions Named.
type figureInput struct {
	Version   string    // the program
	Templates string    // the templates' digest
	Checker   bool      // whether the site has the move checker
	Lang      i18n.Lang // the page's language
	Page      string    // the page's output path: the figure's links are relative to it
	Num       int       // the figure's number on its page
	Source    string    // the block as written
	Game      string    // the page's game, "" for none
	Rules     string    // the page's rule profile
	Override  []string  // the rules that win over the block's own (Options.OverridePinned)
	Named     []string  // "name=code" of the positions earlier blocks name
	// Print, when the page goes into a print document, is what the ids
	// of its text start with there.
	Print string
	blk   *block.Block
	tab   *block.Table
	// engine keeps what the engine computed for the figures of the page
	// and its translations (nil: nothing is kept); it changes no answer.
	engine *engineResults
}

// engineResults is what the engine computed for the figures of a page
// and of its translations, which one worker renders one after the other
// (renderer.render): a figure's tables, statistics and claims ask about
// the same positions, a replies table's rows share their opponent's
// positions, and the figure on the other language's page asks it all
// again. Every answer is keyed by all the inputs it depends on (the
// position, the roll, the rules, an odds item's parameters), so a kept
// answer is the one computing it again would give.
type engineResults struct {
	plays engine.Plays
	odds  map[oddsKey]oddsResult
	// rows are the rows of the figures of the page rendered first, by
	// number: a translation's figure with the same rows records those,
	// so that a site's records, kept to its end, hold them once.
	rows map[int][]string
}

// shareRows returns rows, or the same rows of figure num of the page
// rendered before with er.
func (er *engineResults) shareRows(num int, rows []string) []string {
	if prev, ok := er.rows[num]; ok && slices.Equal(prev, rows) {
		return prev
	}
	if er.rows == nil {
		er.rows = map[int][]string{}
	}
	er.rows[num] = rows
	return rows
}

// oddsKey is what an "odds:" item's figures depend on.
type oddsKey struct {
	pos   engine.Position
	rules engine.Rules
	kind  block.OddsKind
	turns int
	point engine.Point
}

// playsOf returns the engine's plays for in, shared with the other
// figures of its page and their translations.
func (in *figureInput) playsOf() *engine.Plays {
	if in.engine == nil {
		return nil
	}
	return &in.engine.plays
}

// figureOutput is a figure made: its HTML in the page and, for a page
// in a print document, there; its standalone diagram, for printing; what
// it computed, in no language (Rows); the digests of its computed part
// and its diagram; and, for each claim of the block, what the engine
// gives.
type figureOutput struct {
	HTML, Print     []byte
	SVG             []byte
	Rows            []string
	Tables, Diagram string
	Claims          []claimResult
}

// claimResult is what the engine gives for an "expect:" claim, and
// whether the claim holds.
type claimResult struct {
	Got string
	OK  bool
}

// figureView is a figure as its page shows it, all but its drawings:
// what the engine computed, in the page's words.
type figureView struct {
	L       i18n.Lang
	ID      string
	Caption string
	Code    string
	GnubgID string // short nardy: the GNU Backgammon Position ID
	// SVGHref links the page's archive of standalone diagrams (SVGs), in
	// which this figure's diagram is the file SVGFile.
	SVGHref string
	SVGFile string
	// Drawn says the figure has a diagram; After, that it also draws the
	// position after the play AfterPlay beside it.
	Drawn     bool
	After     bool
	AfterPlay string
	Moves     *movesView
	Rolls     *rollsView
	Replies   *repliesView
	Stats     []statView
	Odds      []oddsView
	Illegal   *illegalView
	Result    string
	Checker   *checkerView
	Editor    *editorView
	// Legend links the notation page, from every table of moves.
	Legend string
	// Task is what the block's exercises ask, shown from the start; the
	// answers (the caption, the illegal play's box, the tables of plays,
	// the statistics) are then folded until the reader asks for them.
	Task string
	// IllegalAsked says the task asks whether the illegal play is allowed.
	IllegalAsked bool
}

// drawings are a figure's SVG drawings, for the id they are drawn with:
// its board, the board after the "after:" play, the grid of each
// statistic.
type drawings struct {
	board, after string
	grids        []string
}

// size is how many bytes the drawings hold.
func (d drawings) size() int {
	n := len(d.board) + len(d.after)
	for _, g := range d.grids {
		n += len(g)
	}
	return n
}

// The buffers a figure is written into are sized for its drawings and
// as much again as the rest usually takes (its tables, caption and
// form; a standalone diagram's prolog and style), so that they seldom
// grow: growing them was a fifth of what a large site's build allocated.
const (
	figureExtra     = 8 << 10
	standaloneExtra = 6 << 10
)

// checkerView is the move checker under a figure.
type checkerView struct {
	Dice string
	// Board is set when the figure's diagram is playable; the board's
	// controls (boardPlay) are then in the form.
	Board bool
	// Task is the exercise the board sets online: "plays" (find every
	// play) or "illegal" (is the block's illegal play allowed?, Illegal).
	Task, Illegal string
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
	// many rows, a few shorter tables side by side.
	Columns [][]moveRow
	// Marked is the tag after the play the prose discusses.
	Marked string
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

// compactRows is how many legal plays a figure lists in one table; more
// are set in moveColumns tables side by side.
const (
	compactRows = 10
	moveColumns = 3
)

// maxListedPlays is how many plays a row of the rolls table lists before
// it gives only their number.
const maxListedPlays = 8

// makeFigure computes a position block's figure and writes it. Its
// problems come back as an engine.ErrorList (or an *engine.Error) placed
// inside the block.
func makeFigure(in *figureInput) (*figureOutput, error) {
	inBlock := func(msg string, err error) error {
		return engine.Wrap(engine.Pos{Line: 1, Col: 1}, msg, err)
	}
	blk := in.blk
	l := in.Lang
	pos := blk.Position
	id := "fig-" + strconv.Itoa(in.Num)
	rp := newRollPlays(blk, in.playsOf())
	v := &figureView{
		L:       l,
		ID:      id,
		Caption: blk.Caption,
		Code:    engine.Code(pos, blk.Dice, blk.HasDice, blk.Rules),
		Legend:  relURL(in.Page, notationURL(l)),
		Task:    exerciseTask(l, blk),

		IllegalAsked: blk.Illegal != nil && slices.Contains(blk.Exercises, block.ExerciseIllegal),
	}
	if pos.Game == engine.Short {
		v.GnubgID, _ = pos.GnubgID()
	}
	// A figure with a roll to try has the move checker: its form, and a
	// board the reader plays the roll on.
	hasChecker := blk.Show.Has(block.ShowChecker) && blk.HasDice && !pos.GameOver(blk.Rules) && in.Checker
	if blk.Show.Has(block.ShowDiagram) {
		v.Drawn = true
		v.SVGHref = escapePath(path.Base(figureArchive(in.Page)))
		v.SVGFile = path.Base(figureSVG(in.Page, in.Num))
		if blk.After != nil {
			v.After, v.AfterPlay = true, blk.AfterText
		}
	}
	game := pos.Game
	if blk.Show.Has(block.ShowMoves) {
		v.Moves = movesTable(l, blk, rp)
	}
	if blk.Show.Has(block.ShowRolls) {
		v.Rolls = rollsTable(l, blk, rp)
	}
	var replies []engine.Reply
	if blk.Show.Has(block.ShowReplies) && len(blk.Replies) > 0 {
		replies = in.playsOf().Replies(pos, blk.Rules, blk.Rolls, blk.Replies)
		v.Replies = repliesTable(l, pos, blk.Replies, replies)
	}
	var counts []engine.RollCount
	if blk.Show.Has(block.ShowStats) {
		for _, st := range blk.Stats {
			c := rp.count(st)
			counts = append(counts, c)
			v.Stats = append(v.Stats, newStatView(l, st, c))
		}
	}
	var oddsRes []oddsResult
	if blk.Show.Has(block.ShowOdds) {
		var errs engine.ErrorList
		if oddsRes, errs = computeOdds(blk, in.engine); errs != nil {
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
		v.Checker = cv
	}
	if blk.Show.Has(block.ShowEditor) {
		ev := &editorView{Source: editorSource(in.Source)}
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

	out := &figureOutput{Rows: computedRows(blk, oddsRes, rp, replies)}
	// The drawings: a playable board for the checker (the standalone
	// checker's too), in the screen theme with the print theme's classes
	// (diagrams.PrintCSS in style.css turns them into it on paper).
	playable := hasChecker || blk.Show.Has(block.ShowEditor) && blk.HasDice && in.Checker
	// An exercise's board in its page does not give the answer away
	// (board.ExerciseOptions); print documents draw the block as it is.
	// The options of each drawing are worked out once (the words of a
	// board's description take a while) and drawn with each id.
	var plain, exercise, after diagrams.Options
	if v.Drawn {
		plain = board.Options(l, blk, "")
		plain.Printable, plain.Playable = true, playable
		exercise = plain
		if v.Task != "" {
			exercise = board.ExerciseOptions(l, blk, "")
			exercise.Printable, exercise.Playable = true, playable
		}
		if blk.After != nil {
			after = board.AfterOptions(l, blk, "")
			after.Printable = true
		}
	}
	draw := func(id string, page bool) (drawings, error) {
		var d drawings
		if v.Drawn {
			dopt := plain
			if page {
				dopt = exercise
			}
			dopt.ID = id + "-board"
			var b strings.Builder
			if err := diagrams.Inline(&b, pos, dopt); err != nil {
				return d, inBlock("diagram", err)
			}
			d.board = b.String()
			if blk.After != nil {
				aopt := after
				aopt.ID = id + "-after"
				var a strings.Builder
				if err := diagrams.Inline(&a, blk.After.Position, aopt); err != nil {
					return d, inBlock("diagram after "+blk.AfterText, err)
				}
				d.after = a.String()
			}
		}
		for k, sv := range v.Stats {
			grid, err := rollGrid(l, sv, counts[k], id+"-rolls-"+strconv.Itoa(k+1))
			if err != nil {
				return d, inBlock("roll grid", err)
			}
			d.grids = append(d.grids, grid)
		}
		return d, nil
	}
	d, err := draw(id, true)
	if err != nil {
		return nil, err
	}
	if v.Drawn {
		// The standalone file is for printing: the drawing of the print
		// documents, with the print theme's rules, at an A4 page's text
		// width.
		printed := d.board
		if v.Task != "" {
			pd, err := draw(id, false)
			if err != nil {
				return nil, err
			}
			printed = pd.board
		}
		sa := bytes.NewBuffer(make([]byte, 0, len(printed)+standaloneExtra))
		if err := diagrams.StandaloneFrom(sa, printed, PaperA4); err != nil {
			return nil, inBlock("diagram", err)
		}
		out.SVG = sa.Bytes()
		out.Diagram = digest(out.SVG)
	}
	w := htmlWriter{*bytes.NewBuffer(make([]byte, 0, d.size()+figureExtra))}
	writeFigure(&w, v, d, pageFigure)
	out.HTML = slices.Clip(w.Bytes())
	var t htmlWriter
	writeFigure(&t, v, drawings{grids: make([]string, len(d.grids))}, computedPart)
	out.Tables = digest(t.Bytes())
	if in.Print != "" {
		pv := *v
		pv.ID = in.Print + id
		pd, err := draw(pv.ID, false)
		if err != nil {
			return nil, err
		}
		p := htmlWriter{*bytes.NewBuffer(make([]byte, 0, pd.size()+figureExtra))}
		writeFigure(&p, &pv, pd, printFigure)
		out.Print = slices.Clip(p.Bytes())
	}
	for _, e := range blk.Expect {
		var c claimResult
		if e.Odds != nil {
			c.Got, c.OK = verifyOdds(blk, e.Odds, oddsRes)
		} else {
			c.Got, c.OK = blk.VerifyWith(e, in.playsOf())
		}
		out.Claims = append(out.Claims, c)
	}
	return out, nil
}

// figureSVG returns the name of the n-th standalone diagram of the page
// at url: its path beside the page, whose base name is its file's name in
// the page's archive (figureArchive).
func figureSVG(url string, n int) string {
	return strings.TrimSuffix(url, ".html") + "-" + strconv.Itoa(n) + ".svg"
}

// figureArchive returns the output path of the archive that holds the
// standalone diagrams of the page at url: "ru/long/head.html" keeps them
// in "ru/long/head-svg.zip", as head-1.svg, head-2.svg, ….
func figureArchive(url string) string {
	return strings.TrimSuffix(url, ".html") + "-svg.zip"
}

// svgFile is a standalone diagram: its file's name in its page's
// archive, and its text.
type svgFile struct {
	Name string
	Data []byte
}

// archiveTime is the time every file of a diagram archive is dated: a
// fixed one, so that two builds of the same site write the same bytes.
var archiveTime = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// archiveSize is at least the size of svgArchive(files): each file takes
// its text, its name twice and some 150 bytes of headers (local and
// central, with timestamps, and the descriptor after the text); the
// directory's end 22.
func archiveSize(files []svgFile) int {
	size := 22
	for _, f := range files {
		size += len(f.Data) + 2*len(f.Name) + 256
	}
	return size
}

// svgArchive returns a ZIP archive of files, in their order, each stored
// as it is (compressing every page's archive would cost a build more time
// than writing it) and dated archiveTime.
func svgArchive(files []svgFile) ([]byte, error) {
	b := bytes.NewBuffer(make([]byte, 0, archiveSize(files)))
	z := zip.NewWriter(b)
	for _, f := range files {
		w, err := z.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Store, Modified: archiveTime})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// rollsTable lists, for each roll of the block's "rolls:", its legal
// plays.
func rollsTable(l i18n.Lang, blk *block.Block, rp *rollPlays) *rollsView {
	pos := blk.Position
	rv := &rollsView{Caption: rollsCaption(l, blk.Rolls)}
	if pos.Game == engine.Long {
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
			if pos.Game == engine.Long {
				row.Extra = headCounts(l, plays)
			}
		}
		rv.Rows = append(rv.Rows, row)
	}
	return rv
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
	mv.Marked = l.T("fig.marked")
	setColumns(mv)
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
// are more than compactRows, in moveColumns tables side by side.
func setColumns(mv *movesView) {
	mv.Columns = [][]moveRow{mv.Rows}
	if n := len(mv.Rows); n > compactRows {
		mv.Columns = nil
		per := (n + moveColumns - 1) / moveColumns
		for k := 0; k < n; k += per {
			mv.Columns = append(mv.Columns, mv.Rows[k:min(k+per, n)])
		}
	}
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
	return packRows(rows)
}

// packRows returns rows in one string's bytes, in a slice of their
// number: a site's rows are kept until its build ends (for the change
// report), and a string and a slice's spare room for each were a
// large site's largest part of memory.
func packRows(rows []string) []string {
	n := 0
	for _, r := range rows {
		n += len(r)
	}
	var b strings.Builder
	b.Grow(n)
	for _, r := range rows {
		b.WriteString(r)
	}
	all := b.String()
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i], all = all[:len(r)], all[len(r):]
	}
	return out
}

// rollPlays gives the legal plays of each roll in one block's position,
// computed once for its tables, statistics and rows (by plays, which may
// keep them for longer, or nil).
type rollPlays struct {
	pos   engine.Position
	rules engine.Rules
	plays *engine.Plays
}

func newRollPlays(blk *block.Block, plays *engine.Plays) *rollPlays {
	if plays == nil {
		plays = &engine.Plays{}
	}
	return &rollPlays{pos: blk.Position, rules: blk.Rules, plays: plays}
}

// of returns the legal plays of roll d.
func (r *rollPlays) of(d engine.Dice) []engine.Play {
	return r.plays.LegalPlays(r.pos, d.Canonical(), r.rules)
}

// count computes statistic st over the 36 rolls.
func (r *rollPlays) count(st engine.Stat) engine.RollCount {
	return engine.CountRollsOf(r.of, st.Holds)
}
