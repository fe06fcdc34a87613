//go:build js && wasm

package checker

import (
	"syscall/js"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Module is what one checker module brings to the wiring of the forms.
type Module struct {
	// Read reads the position a form gives.
	Read Reader
	// Editor, when set, wires a form's position editor, if it has one;
	// submit judges the form's move.
	Editor func(form, elems, submit js.Value, lang i18n.Lang)
	// ListPlays, when set, shows the legal plays after a verdict (known is
	// false when the position could not be read).
	ListPlays func(form js.Value, plays []string, known bool, lang i18n.Lang)
	// Board, when set, makes the form's figure's diagram playable for the
	// position the form carries (package play).
	Board func(form js.Value, c engine.ParsedCode, lang i18n.Lang)
}

// Run finds every form of class "checker" in the page and makes it
// answer in the page, in the form's language (data-lang), when the reader
// submits a move: the verdict goes where the form's board speaks, the
// status line (role=status) of its board, or, for a form without a board
// a reader plays on, into the form's <output> for the move. A move
// submitted while the module loaded (the loader marks its form
// data-pending) is judged at once. It then marks the page ready (the
// class checker-ready on <html>, and nardyCheckerReadyAt for the page's
// tests) and never returns.
func Run(m Module) {
	doc := js.Global().Get("document")
	forms := doc.Call("querySelectorAll", "form.checker")
	for i := 0; i < forms.Length(); i++ {
		m.wire(forms.Index(i))
	}
	js.Global().Set("nardyCheckerReadyAt", js.Global().Get("performance").Call("now"))
	doc.Get("documentElement").Get("classList").Call("add", "checker-ready")
	select {}
}

// wire makes one checker form answer in the page instead of navigating.
func (m Module) wire(form js.Value) {
	lang := i18n.Lang(form.Get("dataset").Get("lang").String())
	elems := form.Get("elements")
	submit := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			args[0].Call("preventDefault")
		}
		text := form.Get("dataset").Get("code").String()
		if block := elems.Get("block"); block.Truthy() {
			text = block.Get("value").String()
		}
		move := elems.Get("move").Get("value").String()
		m.show(form, Evaluate(m.Read, text, move, lang), lang)
		return nil
	})
	form.Call("addEventListener", "submit", submit)
	if m.Editor != nil {
		m.Editor(form, elems, submit.Value, lang)
	}
	if m.Board != nil {
		if c, problem := m.Read(form.Get("dataset").Get("code").String(), lang); problem == "" {
			m.Board(form, c, lang)
		}
	}
	// A move submitted while the module was loading is judged now.
	if ds := form.Get("dataset"); ds.Get("pending").Truthy() {
		ds.Delete("pending")
		submit.Invoke()
	}
}

// show says a verdict: in the status line of the form's board, or in
// its <output> for the move.
func (m Module) show(form js.Value, r Result, lang i18n.Lang) {
	out := js.Null()
	if form.Call("querySelector", ".board-play:not([hidden])").Truthy() {
		// A figure's status line is under its board, outside the form.
		root := form.Call("closest", "figure.position")
		if !root.Truthy() {
			root = form
		}
		out = root.Call("querySelector", ".board-status")
	}
	if !out.Truthy() {
		out = form.Call("querySelector", "output[for]")
	}
	cls := form.Get("classList")
	cls.Call("remove", "legal", "illegal", "broken")
	state, text := "illegal", r.Message
	if r.Error != "" {
		state, text = "broken", r.Error
	} else if r.Legal {
		state = "legal"
	}
	cls.Call("add", state)
	out.Set("textContent", text)
	// A move refused is said in the board's refusal style, as a touch is.
	if state == "legal" {
		out.Call("removeAttribute", "data-refused")
	} else {
		out.Call("setAttribute", "data-refused", "")
	}
	if m.ListPlays != nil {
		m.ListPlays(form, r.Plays, r.Error == "", lang)
	}
}
