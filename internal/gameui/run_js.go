//go:build js && wasm

package gameui

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/nardydocs/nardydocs/internal/game"
	"github.com/nardydocs/nardydocs/internal/play"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

const svgNS = "http://www.w3.org/2000/svg"

// Run plays the game of the page's game element (div.game, see
// docs/game.md): it restores the game kept in localStorage or starts the
// default one, enables the setup and the buttons, and answers every
// action. It then marks the page ready (nardyGameReadyAt for the page's
// tests, the class game-ready on <html>) and never returns.
func Run() {
	doc := js.Global().Get("document")
	root := doc.Call("querySelector", "div.game")
	if root.Truthy() {
		newPage(root).start()
	}
	js.Global().Set("nardyGameReadyAt", js.Global().Get("performance").Call("now"))
	doc.Get("documentElement").Get("classList").Call("add", "game-ready")
	select {}
}

// page is the game page's elements and its controller.
type page struct {
	root, svg, status, form, dice, moves js.Value
	lang                                 i18n.Lang
	game                                 engine.Game
	rules                                engine.Rules
	c                                    *Controller
	surface                              *play.Surface
	key                                  string // the localStorage key of the game kept
	plies                                int    // the record entries listed
	busy                                 bool   // the computer's play is being shown
	delay                                int    // milliseconds between the steps shown
}

func newPage(root js.Value) *page {
	p := &page{root: root, lang: i18n.Lang(data(root, "lang")), delay: 350}
	if !p.lang.Valid() {
		p.lang = i18n.RU
	}
	p.game, _ = engine.ParseGame(data(root, "game"))
	p.rules, _ = engine.ParseRules(engine.DefaultRules, data(root, "rules"))
	p.svg = query(root, "svg[data-board]")
	p.status = query(root, ".board-status")
	p.form = query(root, "form.game-setup")
	p.moves = query(root, "ol.game-moves")
	p.key = "nardydocs-game-" + p.game.String()
	// The steps of the computer's play are shown at once when the page
	// asks (data-fast on the game element, or ?fast in its address).
	if root.Call("hasAttribute", "data-fast").Bool() || strings.Contains(js.Global().Get("location").Get("search").String(), "fast") {
		p.delay = 0
	}
	return p
}

// start restores or starts the game and wires the page.
func (p *page) start() {
	hide(query(p.root, ".game-nojs"), true)
	if fs := query(p.form, "fieldset"); fs.Truthy() {
		fs.Set("disabled", false)
	}
	var note string
	if saved, ok := p.load(); ok {
		c, err := Restore(p.lang, []byte(saved), p.game, Options{Seed: seed()})
		if err == nil {
			p.c = c
			p.writeSetup(c.Setup())
		} else {
			p.forget()
			note = i18n.GameText(p.lang, "play.discarded")
		}
	}
	if p.c == nil {
		p.c = New(p.lang, p.readSetup(), Options{Seed: seed()})
		p.keep()
	}
	if p.svg.Truthy() {
		p.surface = play.NewSurface(p.svg, p.game, p.readerSide(), p.lang)
		p.surface.Listen(p.touch)
		p.dice = js.Global().Get("document").Call("createElementNS", svgNS, "g")
		p.dice.Call("setAttribute", "class", "nd-game-dice")
		if hit := query(p.svg, "g.nd-hit"); hit.Truthy() {
			p.svg.Call("insertBefore", p.dice, hit) // under the places touched
		} else {
			p.svg.Call("appendChild", p.dice)
		}
	}
	for _, btn := range queryAll(p.root, "button[data-action]") {
		act := data(btn, "action")
		btn.Call("addEventListener", "click", js.FuncOf(func(js.Value, []js.Value) any {
			p.act(act)
			return nil
		}))
	}
	p.render(p.c.View(), note)
}

// readerSide is the side whose order of places the keyboard follows.
func (p *page) readerSide() engine.Side {
	if s := p.c.Setup(); s.Mode == Computer {
		return s.Side
	}
	return engine.White
}

// touch is the reader touching a place of the board.
func (p *page) touch(pt engine.Point) {
	if p.busy || p.c.Touch(pt) != nil {
		return
	}
	p.keep()
	p.render(p.c.View(), "")
}

// act carries out a button.
func (p *page) act(act string) {
	if p.busy {
		return
	}
	switch act {
	case "copy-code", "copy-block":
		p.copy(strings.TrimPrefix(act, "copy-"))
		return
	case "new":
		p.c.NewGame(p.readSetup())
		p.forget()
		p.plies = -1
	default:
		if p.c.Do(Action(act)) != nil {
			return
		}
	}
	p.keep()
	p.render(p.c.View(), "")
}

// readSetup reads the setup form.
func (p *page) readSetup() Setup {
	s := Setup{Game: p.game, Rules: p.rules, Mode: Computer, Side: engine.White, Level: bot.Middle}
	el := p.form.Get("elements")
	if !el.Truthy() {
		return s
	}
	if v := el.Get("mode"); v.Truthy() {
		s.Mode, _ = ParseMode(v.Get("value").String())
	}
	if v := el.Get("side"); v.Truthy() && v.Get("value").String() == "black" {
		s.Side = engine.Black
	}
	if v := el.Get("level"); v.Truthy() {
		if l, err := bot.ParseLevel(v.Get("value").String()); err == nil {
			s.Level = l
		}
	}
	if v := el.Get("rules"); v.Truthy() {
		if r, err := engine.ParseRules(engine.DefaultRules, v.Get("value").String()); err == nil {
			s.Rules = r
		}
	}
	if v := el.Get("cube"); v.Truthy() {
		s.Cube = v.Get("checked").Bool()
	}
	return s
}

// writeSetup shows a restored game's setup in the form.
func (p *page) writeSetup(s Setup) {
	el := p.form.Get("elements")
	if !el.Truthy() {
		return
	}
	if v := el.Get("mode"); v.Truthy() {
		v.Set("value", s.Mode.String())
	}
	if v := el.Get("side"); v.Truthy() {
		v.Set("value", s.Side.String())
	}
	if v := el.Get("level"); v.Truthy() {
		v.Set("value", s.Level.String())
	}
	if v := el.Get("rules"); v.Truthy() {
		v.Set("value", s.Rules.Profile())
	}
	if v := el.Get("cube"); v.Truthy() {
		v.Set("checked", s.Cube)
	}
}

// render shows view v, after the computer's plays it holds, step by
// step; note, when set, is said first.
func (p *page) render(v View, note string) {
	if note != "" {
		v.Status = note + " " + v.Status
	}
	var steps []shown
	for _, sh := range v.Shows {
		for _, pos := range sh.Steps {
			steps = append(steps, shown{pos, sh.Side, sh.Dice})
		}
	}
	if p.delay == 0 || len(steps) == 0 {
		p.final(v)
		return
	}
	p.busy = true
	for _, btn := range queryAll(p.root, ".game-controls button[data-action]") {
		btn.Set("disabled", true)
	}
	p.status.Set("textContent", i18n.GameText(p.lang, "play.thinking"))
	var next func(i int)
	next = func(i int) {
		if i == len(steps) {
			p.busy = false
			p.final(v)
			return
		}
		st := steps[i]
		p.surface.Show(st.pos, play.View{})
		p.drawDice(st.side, st.dice, true, [2]int{})
		var f js.Func
		f = js.FuncOf(func(js.Value, []js.Value) any {
			f.Release()
			next(i + 1)
			return nil
		})
		js.Global().Call("setTimeout", f, p.delay)
	}
	next(0)
}

// shown is a step of the computer's play being shown.
type shown struct {
	pos  engine.Position
	side engine.Side
	dice engine.Dice
}

// final shows view v as it is.
func (p *page) final(v View) {
	if p.surface != nil {
		// The keyboard goes over the places in the order of the side
		// that plays now.
		if v.Playing {
			p.surface.SetSide(v.Position.Turn)
		}
		p.surface.Show(v.Position, v.Board)
	}
	p.drawDice(v.Position.Turn, v.Dice, v.HasDice, v.Used)
	p.status.Set("textContent", v.Status)
	flag(p.status, "data-refused", v.Rule != "")
	if v.Rule != "" {
		if a := query(p.root, `section.game-rules a[data-reason="`+v.Rule+`"]`); a.Truthy() {
			doc := js.Global().Get("document")
			link := doc.Call("createElement", "a")
			link.Call("setAttribute", "href", a.Call("getAttribute", "href"))
			link.Call("setAttribute", "data-reason", v.Rule)
			link.Set("textContent", i18n.GameText(p.lang, "play.rule")+": "+a.Get("textContent").String())
			p.status.Call("append", " ", link)
		}
	}
	cube := v.Cube != ""
	for _, btn := range queryAll(p.root, ".game-controls button[data-action]") {
		a := Action(data(btn, "action"))
		btn.Set("disabled", !v.Enabled[a])
		if a == ActDouble || a == ActTake || a == ActPass {
			btn.Set("hidden", !cube)
		}
	}
	p.text(".game-cube", v.Cube)
	p.text(".game-hint", v.Hint)
	if p.svg.Truthy() {
		if v.Over {
			p.svg.Call("setAttribute", "data-game-result", v.Result)
			p.svg.Call("setAttribute", "data-game-points", strconv.Itoa(v.Points))
		} else {
			p.svg.Call("removeAttribute", "data-game-result")
			p.svg.Call("removeAttribute", "data-game-points")
		}
	}
	p.record(v.Record)
}

// text fills the paragraph sel with s, hidden when s is empty.
func (p *page) text(sel, s string) {
	if el := query(p.root, sel); el.Truthy() {
		el.Set("textContent", s)
		hide(el, s == "")
	}
}

// record lists the game's record, each entry a button that shows its
// position to copy.
func (p *page) record(plies []Ply) {
	if !p.moves.Truthy() || len(plies) == p.plies {
		return
	}
	p.plies = len(plies)
	doc := js.Global().Get("document")
	p.moves.Set("textContent", "")
	for i, ply := range plies {
		li := doc.Call("createElement", "li")
		btn := doc.Call("createElement", "button")
		btn.Call("setAttribute", "type", "button")
		btn.Call("setAttribute", "class", "game-ply")
		btn.Call("setAttribute", "data-ply", strconv.Itoa(i+1))
		btn.Set("textContent", ply.Text)
		code, block := ply.Code, ply.Block
		btn.Call("addEventListener", "click", js.FuncOf(func(js.Value, []js.Value) any {
			p.choosePly(code, block)
			return nil
		}))
		li.Call("appendChild", btn)
		p.moves.Call("appendChild", li)
	}
	if cp := query(p.root, ".game-copy"); cp.Truthy() && len(plies) == 0 {
		hide(cp, true)
	}
}

// choosePly shows a position of the record to copy.
func (p *page) choosePly(code, block string) {
	if ta := query(p.root, "#game-code"); ta.Truthy() {
		ta.Set("value", code)
	}
	if ta := query(p.root, "#game-block"); ta.Truthy() {
		ta.Set("value", block)
	}
	if cp := query(p.root, ".game-copy"); cp.Truthy() {
		hide(cp, false)
		// Disabled in the page, as they do nothing without the module.
		for _, el := range queryAll(cp, "textarea, button") {
			el.Set("disabled", false)
		}
	}
}

// copy copies the code or the block shown to the clipboard, and selects
// it (for a browser that refuses the clipboard).
func (p *page) copy(what string) {
	ta := query(p.root, "#game-"+what)
	if !ta.Truthy() {
		return
	}
	ta.Call("select")
	if cb := js.Global().Get("navigator").Get("clipboard"); cb.Truthy() {
		safe(func() { cb.Call("writeText", ta.Get("value")) })
	}
}

// drawDice draws the roll on the board, the dice played greyed.
func (p *page) drawDice(s engine.Side, d engine.Dice, has bool, used [2]int) {
	if !p.dice.Truthy() {
		return
	}
	p.dice.Set("textContent", "")
	if !has {
		return
	}
	doc := js.Global().Get("document")
	for i := range 2 {
		g := doc.Call("createElementNS", svgNS, "g")
		g.Call("setAttribute", "data-die", strconv.Itoa(i))
		switch used[i] {
		case 1:
			g.Call("setAttribute", "opacity", "0.6")
		case 2:
			g.Call("setAttribute", "opacity", "0.3")
		}
		for _, sh := range DieShapes(s, d, i) {
			var el js.Value
			if sh.R > 0 {
				el = doc.Call("createElementNS", svgNS, "circle")
				el.Call("setAttribute", "cx", strconv.Itoa(sh.X))
				el.Call("setAttribute", "cy", strconv.Itoa(sh.Y))
				el.Call("setAttribute", "r", strconv.Itoa(sh.R))
			} else {
				el = doc.Call("createElementNS", svgNS, "rect")
				el.Call("setAttribute", "x", strconv.Itoa(sh.X))
				el.Call("setAttribute", "y", strconv.Itoa(sh.Y))
				el.Call("setAttribute", "width", strconv.Itoa(sh.W))
				el.Call("setAttribute", "height", strconv.Itoa(sh.W))
				el.Call("setAttribute", "rx", "7")
				el.Call("setAttribute", "class", "nd-die")
				el.Call("setAttribute", "stroke", sh.Stroke)
				el.Call("setAttribute", "stroke-width", "2")
			}
			el.Call("setAttribute", "fill", sh.Fill)
			g.Call("appendChild", el)
		}
		p.dice.Call("appendChild", g)
	}
}

// load reads the game kept in localStorage.
func (p *page) load() (s string, ok bool) {
	safe(func() {
		v := js.Global().Get("localStorage").Call("getItem", p.key)
		if v.Type() == js.TypeString {
			s, ok = v.String(), true
		}
	})
	return s, ok
}

// keep writes the game to localStorage.
func (p *page) keep() {
	data, err := p.c.Save()
	if err != nil {
		return
	}
	safe(func() { js.Global().Get("localStorage").Call("setItem", p.key, string(data)) })
}

// forget removes the game kept.
func (p *page) forget() {
	safe(func() { js.Global().Get("localStorage").Call("removeItem", p.key) })
}

// safe runs f, which calls the browser, and survives the exception a
// browser may throw (storage refused or full): the game goes on unsaved.
func safe(f func()) {
	defer func() { _ = recover() }()
	f()
}

// seed returns a seed for the computer's choices from crypto/rand (via
// the game's dice).
func seed() uint64 {
	var s uint64
	for range 8 {
		d, err := game.CryptoDice{}.Die()
		if err != nil {
			break
		}
		s = s*6 + uint64(d-1)
	}
	return s
}

func data(el js.Value, name string) string {
	v := el.Get("dataset").Get(name)
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

func query(el js.Value, sel string) js.Value {
	if !el.Truthy() {
		return js.Null()
	}
	return el.Call("querySelector", sel)
}

func queryAll(el js.Value, sel string) []js.Value {
	list := el.Call("querySelectorAll", sel)
	out := make([]js.Value, list.Length())
	for i := range out {
		out[i] = list.Index(i)
	}
	return out
}

func hide(el js.Value, h bool) {
	if el.Truthy() {
		el.Set("hidden", h)
	}
}

func flag(el js.Value, attr string, on bool) {
	if on {
		el.Call("setAttribute", attr, "")
	} else {
		el.Call("removeAttribute", attr)
	}
}
