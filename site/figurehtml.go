package site

import (
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// A figure's HTML is written in Go, from its figureView and drawings: a
// site has hundreds of figures, thousands at scale, and a template
// executed through reflection for each cost a quarter of a build. The
// style sheet (templates/style.css) says how figures look.

// figureMode says for what a figure is written.
type figureMode int

const (
	// pageFigure is the figure in its page.
	pageFigure figureMode = iota
	// printFigure is the figure in a print document: no move checker
	// (the document loads none), and no standalone checker at all.
	printFigure
	// computedPart is what the engine computed for the figure, in the
	// page's words, for its Record.Tables digest: without its drawings,
	// its position code and its checker's form.
	computedPart
)

// writeFigure writes the figure v, drawn as d, for mode.
func writeFigure(w *htmlWriter, v *figureView, d drawings, mode figureMode) {
	if v.Editor != nil {
		if mode != printFigure {
			writeEditor(w, v, d, mode)
		}
		return
	}
	l := v.L
	drawing := func(svg string) {
		if mode == computedPart {
			svg = withoutSVG(svg)
		}
		w.raw(svg)
	}
	w.raw(`<figure class="position" id="`)
	w.text(v.ID)
	w.raw(`">`)
	// An exercise in its page gives its task as its board's caption,
	// first; the author's caption explains the answer, so it is folded
	// with the answer.
	asked := v.Task != "" && mode == pageFigure
	caption := v.Caption
	if asked {
		caption = ""
	}
	// HTML allows a figcaption only as a figure's first or last child:
	// the board and its caption are a figure of their own, inside the
	// figure that holds the tables and the form.
	inner := v.Drawn && (caption != "" || asked)
	if inner {
		w.raw("\n<figure class=\"diagram\">")
	}
	if asked {
		w.raw("\n<figcaption class=\"board-task\" id=\"")
		w.text(v.ID)
		w.raw("-task\">")
		w.rolls(v.Task)
		w.raw("</figcaption>")
	}
	// A board the reader plays on speaks right under it, and its controls
	// follow; the exercise's task is seen from the start.
	played := v.Checker != nil && v.Checker.Board && mode == pageFigure
	// An exercise's position after the play is its answer: in its page
	// the board is drawn alone and the position after the play is folded
	// with the rest of the answer.
	afterInAnswer := asked && v.Drawn && v.After
	if v.Drawn {
		if v.After && !afterInAnswer {
			w.raw("\n<div class=\"before-after\">\n<div class=\"board\"><p class=\"board-label\">")
			w.text(l.T("fig.before"))
			w.raw("</p>")
			drawing(d.board)
			if played {
				writeBoardStatus(w, l)
			}
			w.raw("</div>\n<div class=\"board\"><p class=\"board-label\">")
			w.text(l.F("fig.after", "play", v.AfterPlay))
			w.raw("</p>")
			drawing(d.after)
			w.raw("</div>\n</div>")
		} else {
			w.raw("\n<div class=\"board\">")
			drawing(d.board)
			if played {
				writeBoardStatus(w, l)
			}
			w.raw("</div>")
		}
	}
	if v.Task != "" && mode == printFigure {
		w.raw("\n<p class=\"board-task\" id=\"")
		w.text(v.ID)
		w.raw("-task\">")
		w.rolls(v.Task)
		w.raw("</p>")
	}
	if played {
		w.raw("\n")
		writeChecker(w, v, v.Checker)
	}
	if caption != "" {
		w.raw("\n<figcaption>")
		w.rolls(caption)
		w.raw("</figcaption>")
	}
	if inner {
		w.raw("\n</figure>")
	}
	if v.Result != "" {
		w.raw("\n<p class=\"result\"><strong>")
		w.text(l.T("fig.result"))
		w.raw(":</strong> ")
		w.rolls(v.Result)
		w.raw("</p>")
	}
	// An exercise's answers are folded, in the page, until the reader
	// asks for them.
	fold := asked && (afterInAnswer || v.Caption != "" || v.Illegal != nil || v.Moves != nil || v.Rolls != nil || v.Replies != nil || len(v.Stats) > 0)
	if fold {
		w.raw("\n<details class=\"answer\">\n<summary>")
		w.text(l.T("fig.answer"))
		w.raw("</summary>")
		if afterInAnswer {
			w.raw("\n<div class=\"board\"><p class=\"board-label\">")
			w.text(l.F("fig.after", "play", v.AfterPlay))
			w.raw("</p>")
			drawing(d.after)
			w.raw("</div>")
		}
		if v.Caption != "" {
			w.raw("\n<p class=\"caption\">")
			w.rolls(v.Caption)
			w.raw("</p>")
		}
	}
	if il := v.Illegal; il != nil {
		w.raw("\n<div class=\"illegal\">\n<p><strong>")
		w.text(l.F("fig.illegal", "play", il.Play))
		w.raw("</strong></p>\n<p>")
		w.rolls(il.Reason)
		w.raw("</p>")
		if v.Drawn {
			// An exercise's board in its page draws the play plainly
			// (board.ExerciseOptions).
			drawn := "fig.illegal.drawn"
			if asked && v.IllegalAsked {
				drawn = "fig.illegal.asked"
			}
			w.raw("\n<p class=\"drawn\">")
			w.text(l.T(drawn))
			w.raw("</p>")
		}
		w.raw("\n</div>")
	}
	if m := v.Moves; m != nil {
		writeMoves(w, v, m)
	}
	if r := v.Rolls; r != nil {
		w.raw("\n<div class=\"rolls\">\n<table>\n<caption>")
		w.rolls(r.Caption)
		w.raw("</caption>\n<thead><tr><th scope=\"col\">")
		w.text(l.T("fig.col.roll"))
		w.raw("</th>")
		if r.Extra != "" {
			w.raw(`<th scope="col">`)
			w.text(r.Extra)
			w.raw("</th>")
		}
		w.raw(`<th scope="col">`)
		w.text(l.T("fig.col.plays"))
		w.raw("</th></tr></thead>\n<tbody>")
		for _, row := range r.Rows {
			w.raw("\n<tr><th scope=\"row\">")
			w.text(row.Roll)
			w.raw("</th>")
			if r.Extra != "" {
				w.raw("<td>")
				w.text(row.Extra)
				w.raw("</td>")
			}
			w.raw(`<td class="play">`)
			w.text(row.Plays)
			if row.Lost != "" {
				w.raw(", ")
				w.text(row.Lost)
			}
			w.raw("</td></tr>")
		}
		w.raw("\n</tbody>\n</table>")
		writeLegend(w, v)
		w.raw("\n</div>")
	}
	if r := v.Replies; r != nil {
		w.raw("\n<div class=\"replies")
		if len(r.Rows) > 12 {
			w.raw(" tall")
		}
		w.raw("\">\n<table>\n<caption>")
		w.text(r.Caption)
		w.raw("</caption>\n<thead><tr><th scope=\"col\">")
		w.text(l.T("fig.col.roll"))
		w.raw(`</th><th scope="col">`)
		w.text(l.T("fig.col.play"))
		w.raw("</th>")
		for _, st := range r.Stats {
			w.raw(`<th scope="col">`)
			w.text(st)
			w.raw("</th>")
		}
		w.raw("</tr></thead>\n<tbody>")
		for _, row := range r.Rows {
			w.raw("\n<tr><th scope=\"row\" class=\"roll\">")
			w.text(row.Roll)
			w.raw(`</th><td class="play">`)
			w.text(row.Play)
			w.raw("</td>")
			for _, c := range row.Counts {
				w.raw("<td>")
				w.rolls(c)
				w.raw("</td>")
			}
			w.raw("</tr>")
		}
		w.raw("\n</tbody>\n</table>")
		writeLegend(w, v)
		w.raw("\n</div>")
	}
	if len(v.Stats) > 0 {
		w.raw("\n<div class=\"stats\">")
		for k, st := range v.Stats {
			w.raw("\n<div class=\"stat\">\n<div class=\"grid\">")
			drawing(d.grids[k])
			w.raw("</div>\n<dl>\n<dt>")
			w.text(st.Label)
			w.raw("</dt>\n<dd>")
			w.text(st.Value)
			if st.Rolls != "" {
				w.raw(": ")
				w.raw(st.Rolls)
			}
			w.raw("</dd>")
			if st.Sum != "" {
				w.raw("\n<dd class=\"sum\">")
				w.text(st.Sum)
				w.raw("</dd>")
			}
			w.raw("\n</dl>\n</div>")
		}
		w.raw("\n<p class=\"note\">")
		w.text(l.T("stat.ways"))
		w.raw("</p>\n</div>")
	}
	if fold {
		w.raw("\n</details>")
	}
	if len(v.Odds) > 0 {
		w.raw("\n<div class=\"odds\">")
		for _, o := range v.Odds {
			writeOdds(w, o)
		}
		w.raw("\n</div>")
	}
	w.raw("\n")
	if mode != computedPart {
		w.raw(`<p class="code">`)
		w.text(l.T("fig.code"))
		w.raw(": <code>")
		w.text(v.Code)
		w.raw("</code>")
		if v.GnubgID != "" {
			w.raw(" · GNU Backgammon Position ID: <code>")
			w.text(v.GnubgID)
			w.raw("</code>")
		}
		if v.SVGHref != "" {
			w.raw(`<span class="svg-link"> · <a href="`)
			w.url(v.SVGHref)
			w.raw(`" download>`)
			w.text(l.F("fig.svg", "file", v.SVGFile))
			w.raw("</a></span>")
		}
		w.raw("</p>")
	}
	if c := v.Checker; c != nil && mode != printFigure {
		w.raw("\n")
		if mode == pageFigure && !played {
			writeChecker(w, v, c)
		}
	}
	w.raw("\n</figure>\n")
}

// writeMoves writes a figure's table of legal plays.
func writeMoves(w *htmlWriter, v *figureView, m *movesView) {
	l := v.L
	w.raw("\n<div class=\"moves\">\n<p class=\"summary\"><strong>")
	w.rolls(l.F("fig.moves", "dice", m.Dice))
	w.raw("</strong>")
	if m.Summary != "" {
		w.raw(": ")
		w.rolls(m.Summary)
	}
	if m.Lost != "" {
		w.raw("; ")
		w.rolls(m.Lost)
	}
	w.raw(".</p>")
	if len(m.Rows) == 0 {
		w.raw("\n<p>")
		w.text(m.None)
		w.raw("</p>\n</div>")
		return
	}
	w.raw("\n<div class=\"plays")
	if len(m.Columns) > 1 {
		w.raw(" columns")
	}
	w.raw("\">")
	for _, rows := range m.Columns {
		w.raw("\n<table>\n<thead><tr><th scope=\"col\">")
		w.text(l.T("fig.col.n"))
		w.raw(`</th><th scope="col">`)
		w.text(l.T("fig.col.play"))
		w.raw("</th>")
		if m.Extra != "" {
			w.raw(`<th scope="col">`)
			w.text(m.Extra)
			w.raw("</th>")
		}
		w.raw("</tr></thead>\n<tbody>")
		for _, r := range rows {
			n := strconv.Itoa(r.N)
			if r.Marked {
				w.raw("\n<tr class=\"marked\"><td>" + n + `</td><td class="play"><mark>`)
				w.text(r.Play)
				w.raw(`</mark> <span class="tag"><span aria-hidden="true">▲ </span>`)
				w.text(m.Marked)
				w.raw("</span></td>")
			} else {
				w.raw("\n<tr><td>" + n + `</td><td class="play">`)
				w.text(r.Play)
				w.raw("</td>")
			}
			if m.Extra != "" {
				w.raw("<td>" + strconv.Itoa(r.Extra) + "</td>")
			}
			w.raw("</tr>")
		}
		w.raw("\n</tbody>\n</table>")
	}
	w.raw("\n</div>")
	writeLegend(w, v)
	w.raw("\n</div>")
}

// writeLegend writes the link to the notation page under a table of
// plays.
func writeLegend(w *htmlWriter, v *figureView) {
	w.raw("\n<p class=\"legend\"><a href=\"")
	w.url(v.Legend)
	w.raw(`">`)
	w.text(v.L.T("fig.legend"))
	w.raw("</a></p>")
}

// writeOdds writes one table of an "odds:" line.
func writeOdds(w *htmlWriter, o oddsView) {
	w.raw("\n<table>\n<caption>")
	w.text(o.Title)
	w.raw("</caption>")
	if len(o.Cols) > 0 {
		w.raw("\n<thead><tr><td></td>")
		for _, c := range o.Cols {
			w.raw(`<th scope="col">`)
			w.text(c)
			w.raw("</th>")
		}
		w.raw("</tr></thead>")
	}
	w.raw("\n<tbody>")
	for _, r := range o.Rows {
		w.raw("\n<tr><th scope=\"row\">")
		w.text(r.Label)
		w.raw("</th>")
		if r.Span != 0 {
			w.raw(`<td colspan="` + strconv.Itoa(r.Span) + `">`)
			w.text(r.Values[0])
			w.raw("</td>")
		} else {
			for _, val := range r.Values {
				w.raw("<td>")
				w.text(val)
				w.raw("</td>")
			}
		}
		w.raw("</tr>")
	}
	w.raw("\n</tbody>\n</table>\n<p class=\"note\">")
	for i, n := range o.Notes {
		if i > 0 {
			w.raw(" ")
		}
		w.text(n)
	}
	w.raw("</p>")
}

// writeChecker writes the move checker's form under a figure.
func writeChecker(w *htmlWriter, v *figureView, c *checkerView) {
	l := v.L
	w.raw(`<form class="checker" data-code="`)
	w.text(v.Code)
	w.raw(`" data-lang="`)
	w.text(string(l))
	w.raw(`"`)
	if c.Task != "" {
		w.raw(` data-task="`)
		w.text(c.Task)
		w.raw(`"`)
	}
	if c.Illegal != "" {
		w.raw(` data-illegal="`)
		w.text(c.Illegal)
		w.raw(`"`)
	}
	w.raw(">")
	if c.Board {
		w.raw("\n")
		w.raw(boardPlay(l, c, v.ID, false))
	}
	w.raw("\n<fieldset class=\"try\" disabled>\n<label for=\"")
	w.text(v.ID)
	w.raw(`-move">`)
	w.text(l.F("checker.try", "dice", c.Dice))
	w.raw("</label>\n")
	writeMoveInput(w, v)
	w.raw("\n</fieldset>")
	writeCheckerNote(w, l, "checker.nojs")
	w.raw("\n<output for=\"")
	w.text(v.ID)
	w.raw("-move\" aria-live=\"polite\"></output>\n</form>")
}

// writeMoveInput writes the checker's text box and its button.
func writeMoveInput(w *htmlWriter, v *figureView) {
	w.raw(`<input id="`)
	w.text(v.ID)
	w.raw(`-move" name="move" autocomplete="off" spellcheck="false" autocapitalize="off" placeholder="`)
	w.text(v.L.T("checker.placeholder"))
	w.raw("\">\n<button type=\"submit\">")
	w.text(v.L.T("checker.submit"))
	w.raw("</button>")
}

// writeCheckerNote writes the note the checker's script replaces: what
// the page offers without JavaScript (key), and the texts for a page
// opened from a file or a module that did not load.
func writeCheckerNote(w *htmlWriter, l i18n.Lang, key string) {
	w.raw("\n<p class=\"checker-note\" data-file=\"")
	w.text(l.T("checker.file"))
	w.raw(`" data-failed="`)
	w.text(l.T("checker.failed"))
	w.raw(`">`)
	w.text(l.T(key))
	w.raw("</p>")
}

// writeEditor writes the standalone checker: the block's editor and its
// board.
func writeEditor(w *htmlWriter, v *figureView, d drawings, mode figureMode) {
	l := v.L
	w.raw("\n<form class=\"checker editor\" id=\"")
	w.text(v.ID)
	w.raw(`" data-lang="`)
	w.text(string(l))
	w.raw(`">`)
	if v.Drawn {
		w.raw("\n<div class=\"board\">")
		if mode == computedPart {
			w.raw(withoutSVG(d.board))
		} else {
			w.raw(d.board)
		}
		w.raw("</div>")
	}
	if v.Caption != "" {
		w.raw("\n<p class=\"caption\">")
		w.rolls(v.Caption)
		w.raw("</p>")
	}
	w.raw("\n<div class=\"block-status\" aria-live=\"polite\"></div>\n")
	w.raw(boardPlay(l, v.Checker, v.ID, true))
	w.raw("\n<fieldset disabled>\n<label for=\"")
	w.text(v.ID)
	w.raw(`-block">`)
	w.text(l.T("editor.block"))
	w.raw("</label>\n<textarea id=\"")
	w.text(v.ID)
	w.raw(`-block" name="block" rows="9" spellcheck="false" autocapitalize="off">`)
	w.text(v.Editor.Source)
	w.raw("</textarea>\n<div class=\"try\">\n<label for=\"")
	w.text(v.ID)
	w.raw(`-move">`)
	w.text(l.T("checker.label"))
	w.raw("</label>\n")
	writeMoveInput(w, v)
	w.raw("\n</div>\n</fieldset>")
	writeCheckerNote(w, l, "editor.nojs")
	w.raw("\n<p class=\"hint\">")
	w.text(l.T("checker.hint"))
	w.raw("</p>\n<output for=\"")
	w.text(v.ID)
	w.raw("-move\" aria-live=\"polite\"></output>\n<h2>")
	w.text(l.T("editor.plays"))
	w.raw("</h2>\n<ol class=\"legal-plays\">")
	for _, p := range v.Editor.Plays {
		w.raw("\n<li><code>")
		w.text(p)
		w.raw("</code></li>")
	}
	w.raw("\n</ol>")
	writeLegend(w, v)
	w.raw("\n")
	if mode != computedPart {
		w.raw(`<p class="code">`)
		w.text(l.T("fig.code"))
		w.raw(": <code>")
		w.text(v.Code)
		w.raw("</code></p>")
	}
	w.raw("\n</form>\n")
}

// writeBoardStatus writes the status line of a figure's playable board:
// empty until the reader touches the board; the loader says there that
// the checker is loading (data-loading), or that it failed (data-failed).
func writeBoardStatus(w *htmlWriter, l i18n.Lang) {
	w.raw("\n<p class=\"board-status\" role=\"status\" data-loading=\"")
	w.text(l.T("checker.loading"))
	w.raw(`" data-failed="`)
	w.text(l.T("checker.failed"))
	w.raw(`"></p>`)
}

// boardPlay returns the controls of a playable board for language l and
// the checker c (nil for the standalone checker's board) of the figure
// id, with the board's status line when status is set (the standalone
// checker's; a figure's is under its board, see writeBoardStatus).
func boardPlay(l i18n.Lang, c *checkerView, id string, status bool) string {
	task := ""
	if c != nil {
		task = c.Task
	}
	var w htmlWriter
	w.raw("\n<fieldset class=\"board-play\" disabled hidden>")
	if task == "illegal" {
		// The answers to the task written above the form.
		w.raw("\n<p class=\"board-answer\">")
		for k, b := range [...]struct{ act, key string }{{"yes", "task.yes"}, {"no", "task.no"}} {
			if k > 0 {
				w.raw(" ")
			}
			w.raw(`<button type="button" data-act="` + b.act + `" aria-describedby="`)
			w.text(id)
			w.raw(`-task">`)
			w.text(l.CheckerText(b.key))
			w.raw("</button>")
		}
		w.raw("</p>")
	}
	w.raw("\n<p class=\"board-hint\">")
	w.text(l.CheckerText("board.hint"))
	w.raw("</p>")
	if status {
		w.raw("\n<p class=\"board-status\" role=\"status\"></p>")
	}
	w.raw("\n<p class=\"board-played\">")
	w.text(l.CheckerText("board.played"))
	w.raw(" <output class=\"board-moves\"></output></p>\n<p class=\"board-buttons\">")
	for k, b := range []struct{ act, key, hidden string }{
		{"undo", "board.undo", ""}, {"reset", "board.reset", ""}, {"bar", "board.from-bar", " hidden"}, {"off", "board.bear-off", " hidden"},
	} {
		if k > 0 {
			w.raw(" ")
		}
		w.raw(`<button type="button" data-act="` + b.act + `"` + b.hidden + ">")
		w.text(l.CheckerText(b.key))
		w.raw("</button>")
	}
	if task == "plays" {
		w.raw(` <button type="button" data-act="solution">`)
		w.text(l.CheckerText("task.solution"))
		w.raw("</button>")
	}
	w.raw("</p>\n</fieldset>")
	return w.String()
}

// withoutSVG returns s without its <svg>…</svg> elements.
func withoutSVG(s string) string {
	for {
		i := strings.Index(s, "<svg")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], "</svg>")
		if j < 0 {
			return s
		}
		s = s[:i] + s[i+j+len("</svg>"):]
	}
}
