//go:build js && wasm

package play

import (
	"slices"
	"strconv"
	"syscall/js"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

const svgNS = "http://www.w3.org/2000/svg"

// Wire makes the diagram of a checker form's figure playable, when it is
// one (an <svg data-board>, see diagrams.Options.Playable): the reader
// plays the roll of the position code the form carries by touching or
// clicking the board's places (the elements with data-point), or with
// the keyboard (Tab to a place, Enter or Space; the arrow keys go from
// place to place), and the board answers through the figure's status
// region in lang. A place touched while the module loaded (the loader
// writes it into the board's data-pending) is touched now.
//
// The board is the figure's, or, on the standalone checker page, the
// form's own; Wire is called again for each board the form gets there.
func Wire(form js.Value, c engine.ParsedCode, lang i18n.Lang) {
	fig := form.Call("closest", "figure.position")
	if !fig.Truthy() {
		fig = form
	}
	svg := query(fig, "svg[data-board]")
	panel := query(form, ".board-play")
	if !svg.Truthy() || !panel.Truthy() || !c.HasDice {
		if panel.Truthy() {
			panel.Set("hidden", true)
		}
		return
	}
	hadFocus := js.Global().Get("document").Get("activeElement").Equal(svg)
	// The click on this board made while the module loaded (the loader
	// keeps it; see loadingTouch). A click that comes once the module
	// runs reaches the board's own handler instead, so a touch is played
	// once, however the loading and the gesture interleave.
	loadingTouch()
	touched := touchAt.svg.Truthy() && touchAt.svg.Equal(svg)
	b := New(c.Position, c.Dice, c.Rules, lang)
	switch data(form, "task") {
	case "plays":
		b.SetTask(FindPlays, "")
	case "illegal":
		b.SetTask(IsItLegal, data(form, "illegal"))
	}
	w := &wired{b: b, lang: lang, fig: fig, svg: svg, form: form, game: c.Position.Game, turn: c.Position.Turn,
		checkers: query(svg, "g.nd-checkers"), places: map[string]js.Value{}}
	w.order = addPlaces(svg, c.Position)
	for _, el := range w.order {
		name := data(el, "point")
		w.places[name] = el
		set(el, "role", "button")
		set(el, "aria-label", label(lang, name))
	}
	// The board is now a control, no longer a picture: its places are
	// what a screen reader meets.
	set(svg, "role", "group")
	del(svg, "tabindex")
	panel.Set("hidden", false)
	panel.Set("disabled", false)
	// A figure's status line is under its board, outside the form.
	w.status = query(fig, ".board-status")
	// A before/after figure labels its boards: once the reader plays,
	// this one shows the reader's result, and says so.
	if w.caption = svg.Get("parentElement").Call("querySelector", ".board-label"); w.caption.Truthy() {
		w.captionText = w.caption.Get("textContent").String()
	}
	w.played = query(form, ".board-moves")
	svg.Call("addEventListener", "click", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if el := args[0].Get("target").Call("closest", "[data-point]"); el.Truthy() {
			w.touch(el)
		}
		return nil
	}))
	svg.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		w.key(args[0])
		return nil
	}))
	if i := boardIndex(form); i >= 0 {
		boards[i] = w // the form's new board; its buttons are wired
	} else {
		boards = append(boards, w)
		for _, btn := range queryAll(form, ".board-play button[data-act]") {
			act := data(btn, "act")
			btn.Call("addEventListener", "click", js.FuncOf(func(js.Value, []js.Value) any {
				boardOf(form).act(act)
				return nil
			}))
		}
	}
	w.render()
	// The place whose touch loaded the module, found where the touch was
	// made, or the board the keyboard came to.
	switch {
	case touched:
		js.Global().Set("nardyTouched", js.Null())
		touchAt.svg = js.Undefined()
		for _, pt := range Places(w.game, w.turn) {
			if b := PlaceBox(w.game, w.turn, pt); touchAt.x >= float64(b.X) && touchAt.x < float64(b.X+b.W) && touchAt.y >= float64(b.Y) && touchAt.y < float64(b.Y+b.H) {
				w.touch(w.places[name(pt)])
				break
			}
		}
	case hadFocus:
		w.focusFirst()
	}
}

// touchAt is the touch that loaded the module: the board it was made on
// and where, in the board's own units (its viewBox, those of PlaceBox).
var touchAt struct {
	read bool
	svg  js.Value
	x, y float64
}

// loadingTouch reads the click the loader kept (nardyTouched) into
// touchAt, once, before any board is wired: wiring a board shows its
// buttons and moves what follows it down the page, so by the time a
// board lower down is wired, the point on the screen where the click was
// made may show something else.
func loadingTouch() {
	if touchAt.read {
		return
	}
	touchAt.read = true
	ev := js.Global().Get("nardyTouched")
	if !ev.Truthy() || ev.Get("type").String() != "click" {
		return
	}
	svg := ev.Get("target").Call("closest", "svg[data-board]")
	if !svg.Truthy() {
		return
	}
	m := svg.Call("getScreenCTM")
	if !m.Truthy() {
		return
	}
	pt := svg.Call("createSVGPoint")
	pt.Set("x", ev.Get("clientX"))
	pt.Set("y", ev.Get("clientY"))
	pt = pt.Call("matrixTransform", m.Call("inverse"))
	touchAt.svg, touchAt.x, touchAt.y = svg, pt.Get("x").Float(), pt.Get("y").Float()
}

// addPlaces adds to a board the transparent areas a reader touches to
// choose a place, on top of everything, in the order the side to move
// plays (see Places): the bar (short nardy only), its points 24 to 1
// (named as the diagram's labels, in White's numbering), its tray.
func addPlaces(svg js.Value, p engine.Position) []js.Value {
	doc := js.Global().Get("document")
	layer := doc.Call("createElementNS", svgNS, "g")
	set(layer, "class", "nd-hit")
	set(layer, "fill", "none")
	set(layer, "pointer-events", "all")
	out := make([]js.Value, 0, 26)
	add := func(name string, b geometry.Box) {
		r := doc.Call("createElementNS", svgNS, "rect")
		set(r, "data-point", name)
		set(r, "x", strconv.Itoa(b.X))
		set(r, "y", strconv.Itoa(b.Y))
		set(r, "width", strconv.Itoa(b.W))
		set(r, "height", strconv.Itoa(b.H))
		layer.Call("appendChild", r)
		out = append(out, r)
	}
	for _, pt := range Places(p.Game, p.Turn) {
		add(name(pt), PlaceBox(p.Game, p.Turn, pt))
	}
	svg.Call("appendChild", layer)
	return out
}

// focusFirst moves the focus to the first place a reader can act on.
func (w *wired) focusFirst() {
	for _, el := range w.order {
		if el.Call("getAttribute", "tabindex").String() == "0" {
			el.Call("focus")
			return
		}
	}
}

// boards are the playable boards of the page, one per form.
var boards []*wired

// boardOf returns the board of a form.
func boardOf(form js.Value) *wired {
	if i := boardIndex(form); i >= 0 {
		return boards[i]
	}
	return nil
}

// boardIndex returns the index in boards of form's board, or -1. It is a
// loop rather than slices.IndexFunc: a generic function's dictionary
// marks *wired as used in an interface, and the linker then keeps every
// String method reachable from it (the engine's English verdicts among
// them, several kilobytes of the rule pages' module).
func boardIndex(form js.Value) int {
	for i, w := range boards {
		if w.form.Equal(form) {
			return i
		}
	}
	return -1
}

// act carries out a button of the board's panel.
func (w *wired) act(act string) {
	switch act {
	case "undo":
		w.b.Undo()
	case "reset":
		w.b.Reset()
	case "bar":
		w.b.Touch(engine.Bar)
	case "off":
		w.b.Touch(engine.Off)
	case "solution":
		w.b.Solution()
	case "yes", "no":
		w.b.Answer(act == "yes")
	}
	// The solution, and an answer to the task, show the exercise's
	// folded answer too.
	if act == "solution" || act == "yes" || act == "no" {
		if d := query(w.fig, "details.answer"); d.Truthy() {
			d.Set("open", true)
		}
	}
	w.render()
}

// wired is a playable board in the page.
type wired struct {
	b                        *Board
	lang                     i18n.Lang
	fig, svg, form           js.Value
	checkers, status, played js.Value
	caption                  js.Value // the board's label on a before/after figure
	captionText              string   // what it says before the reader plays
	game                     engine.Game
	turn                     engine.Side
	order                    []js.Value          // the places, in the order the side to move plays
	places                   map[string]js.Value // by data-point
	row                      Row                 // the row of the place last touched or stepped to (see Step)
	shown                    engine.Position     // the position whose checkers are drawn
	drawn                    bool
}

// place reads a data-point name.
func place(name string) engine.Point {
	switch name {
	case "bar":
		return engine.Bar
	case "off":
		return engine.Off
	}
	n, _ := strconv.Atoi(name)
	return engine.Point(n)
}

// name writes a place as its data-point.
func name(p engine.Point) string { return p.String() }

// label names place n (a data-point) for a screen reader in lang.
func label(lang i18n.Lang, n string) string {
	switch n {
	case "bar":
		return lang.CheckerText("board.bar")
	case "off":
		return lang.CheckerText("board.off")
	}
	return lang.CheckerF("board.point", "n", n)
}

func (w *wired) touch(el js.Value) {
	p := place(data(el, "point"))
	w.row = RowOf(w.game, w.turn, p, w.row)
	w.b.Touch(p)
	w.render()
	el.Call("focus")
}

// key handles Enter and Space on a place, and moves the focus over the
// board as it is drawn with the arrow keys, Home and End (see Step).
func (w *wired) key(e js.Value) {
	el := e.Get("target").Call("closest", "[data-point]")
	if !el.Truthy() {
		return
	}
	k := e.Get("key").String()
	if k == "Enter" || k == " " {
		e.Call("preventDefault")
		w.touch(el)
		return
	}
	to, row, ok := Step(w.game, w.turn, place(data(el, "point")), k, w.row)
	if !ok {
		return
	}
	e.Call("preventDefault")
	w.row = row
	if next := w.places[name(to)]; next.Truthy() {
		next.Call("focus") // every place has a tabindex (see render)
	}
}

// render shows the board's view: the checkers, the chosen checker and its
// targets, the dice played, the pip counts, the play so far, what the
// board says, and, once the play is complete, its row in the table.
func (w *wired) render() {
	v := w.b.View()
	if !w.drawn || v.Position != w.shown {
		w.shown, w.drawn = v.Position, true
		drawCheckers(w.checkers, v.Position)
		strips(w.svg, v.Position)
	}
	// A place may be chosen from when nothing is chosen yet.
	movable := func(p engine.Point) bool { return !v.HasSelected && slices.Contains(v.Movable, p) }
	for _, el := range w.order {
		p := place(data(el, "point"))
		target, chosen := slices.Contains(v.Targets, p), v.HasSelected && p == v.Selected
		flag(el, "data-target", target)
		flag(el, "data-movable", movable(p))
		flag(el, "data-selected", chosen)
		flag(el, "data-refused", v.HasRefused && p == v.Refused)
		// The places a reader can act on now are in the tab order; the
		// arrow keys reach the others.
		tab := "-1"
		if target || chosen || movable(p) {
			tab = "0"
		}
		set(el, "tabindex", tab)
	}
	for i, el := range queryAll(w.svg, "[data-die]") {
		if i > 1 {
			break
		}
		switch v.Dice[i] {
		case 0:
			del(el, "opacity")
		case 1:
			set(el, "opacity", "0.6")
		default:
			set(el, "opacity", "0.3")
		}
	}
	for _, btn := range queryAll(w.form, ".board-play button[data-act]") {
		switch data(btn, "act") {
		case "bar":
			btn.Set("hidden", !(movable(engine.Bar) || v.HasSelected && v.Selected == engine.Bar))
		case "off":
			btn.Set("hidden", !slices.Contains(v.Targets, engine.Off))
		}
	}
	if w.played.Truthy() {
		w.played.Set("textContent", v.Played)
	}
	if w.caption.Truthy() {
		text := w.captionText
		if v.Played != "" {
			text = w.lang.CheckerF("board.label.played", "play", v.Played)
		}
		w.caption.Set("textContent", text)
	}
	// The figure's arrows show a play of the text's; while the reader
	// plays their own, they are put away.
	w.svg.Get("classList").Call("toggle", "nd-playing", v.HasSelected || v.Played != "")
	// The status line says a typed move's verdict too (package
	// checker): it is written when it is not what the board says.
	if w.status.Truthy() {
		if w.status.Get("textContent").String() != v.Status {
			w.status.Set("textContent", v.Status)
		}
		flag(w.status, "data-refused", v.HasRefused)
	}
	for i, row := range queryAll(w.fig, ".moves tbody tr") {
		row.Get("classList").Call("toggle", "played", i < len(v.Rows) && v.Rows[i])
	}
	w.form.Get("classList").Call("toggle", "legal", v.Done && v.Row > 0)
}

// set, del, query and queryAll are the few DOM calls the board makes,
// each written once.
func set(el js.Value, attr, value string) { el.Call("setAttribute", attr, value) }

func del(el js.Value, attr string) { el.Call("removeAttribute", attr) }

func query(el js.Value, sel string) js.Value { return el.Call("querySelector", sel) }

func queryAll(el js.Value, sel string) []js.Value {
	list := el.Call("querySelectorAll", sel)
	out := make([]js.Value, list.Length())
	for i := range out {
		out[i] = list.Index(i)
	}
	return out
}

// data returns an element's data-name attribute.
func data(el js.Value, name string) string { return el.Get("dataset").Get(name).String() }

// flag sets or removes an attribute with no value.
func flag(el js.Value, attr string, on bool) {
	if on {
		set(el, attr, "")
	} else {
		el.Call("removeAttribute", attr)
	}
}

// drawCheckers redraws the checkers of a diagram's g.nd-checkers for p.
func drawCheckers(checkers js.Value, p engine.Position) {
	if !checkers.Truthy() {
		return
	}
	doc := js.Global().Get("document")
	checkers.Set("textContent", "")
	for _, sh := range Checkers(p) {
		tag, attrs := "rect", [...]string{"x", "y", "width", "height"}
		switch {
		case sh.R > 0:
			tag, attrs = "circle", [...]string{"cx", "cy", "r", ""}
		case sh.N > 0:
			tag = "text"
		}
		el := doc.Call("createElementNS", svgNS, tag)
		for i, v := range [...]int{sh.X, sh.Y, sh.R + sh.W, sh.H} {
			if attrs[i] != "" && (i < 2 || sh.N == 0) {
				set(el, attrs[i], strconv.Itoa(v))
			}
		}
		for i := 0; i+1 < len(sh.Paint); i += 2 {
			set(el, sh.Paint[i], sh.Paint[i+1])
		}
		if sh.N > 0 {
			el.Set("textContent", strconv.Itoa(sh.N))
		}
		checkers.Call("appendChild", el)
	}
}

// strips writes in diagram svg each side's pip count and borne-off checkers in its
// strip.
func strips(svg js.Value, p engine.Position) {
	ds := svg.Get("dataset")
	pips, off := ds.Get("pips").String(), ds.Get("off").String()
	for _, s := range []engine.Side{engine.White, engine.Black} {
		text := query(svg, `text[data-strip="`+s.String()+`"]`)
		if !text.Truthy() {
			continue
		}
		spans := queryAll(text, "tspan")
		if len(spans) < 2 {
			continue
		}
		spans[1].Set("textContent", pips+" "+strconv.Itoa(p.Pips(s)))
		n := p.Off(s)
		switch {
		case n > 0 && len(spans) < 3:
			extra := spans[1].Call("cloneNode", true)
			extra.Set("textContent", off+" "+strconv.Itoa(n))
			text.Call("appendChild", extra)
		case n > 0:
			spans[2].Set("textContent", off+" "+strconv.Itoa(n))
		case len(spans) >= 3:
			spans[2].Call("remove")
		}
	}
}
