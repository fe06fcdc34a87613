//go:build js && wasm

package editor

import (
	"strings"
	"syscall/js"
	"time"

	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/internal/play"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Wire wires the standalone page's position block (a checker.Module's
// Editor): the board is redrawn as the reader types, and a position and
// move given in the address (by a figure's form without JavaScript) are
// filled in and judged at once. Other forms have no block.
func Wire(form, elems, submit js.Value, lang i18n.Lang) {
	block := elems.Get("block")
	if !block.Truthy() {
		return
	}
	q := js.Global().Get("URLSearchParams").New(js.Global().Get("location").Get("search"))
	if code := q.Call("get", "code"); code.Truthy() {
		block.Set("value", code)
		if move := q.Call("get", "move"); move.Truthy() {
			elems.Get("move").Set("value", move)
		}
	}
	// The block is read again only when the reader pauses typing, and
	// only if it changed; a submitted move is judged in the position the
	// board shows.
	var drawn string
	var pending *time.Timer
	redraw := func() {
		if pending != nil {
			pending.Stop()
		}
		if text := block.Get("value").String(); text != drawn {
			drawn = text
			drawBoard(form, text, lang)
		}
	}
	block.Call("addEventListener", "input", js.FuncOf(func(js.Value, []js.Value) any {
		if pending != nil {
			pending.Stop()
		}
		pending = time.AfterFunc(redrawPause, redraw)
		return nil
	}))
	form.Call("addEventListener", "submit", js.FuncOf(func(js.Value, []js.Value) any {
		redraw()
		return nil
	}), true) // before the checker's own listener
	redraw()
	if elems.Get("move").Get("value").String() != "" {
		submit.Invoke()
	}
}

// redrawPause is how long the reader must stop typing before the board
// is drawn again.
const redrawPause = 150 * time.Millisecond

// drawBoard redraws the diagram of the standalone checker page from the
// block the reader is editing. A block that cannot be read says, in the
// page's language, every reason why, and the board, the code and the list
// of plays, which would show another position, are cleared until it can.
func drawBoard(form js.Value, text string, lang i18n.Lang) {
	box := form.Call("querySelector", ".board")
	status := form.Call("querySelector", ".block-status")
	b, problems := ReadBlock(text, lang)
	if status.Truthy() {
		status.Set("textContent", "")
		doc := js.Global().Get("document")
		for _, p := range problems {
			line := doc.Call("createElement", "p")
			line.Set("textContent", p)
			status.Call("appendChild", line)
		}
	}
	if box.Truthy() {
		box.Set("hidden", len(problems) > 0)
	}
	if len(problems) > 0 {
		if code := form.Call("querySelector", ".code code"); code.Truthy() {
			code.Set("textContent", "")
		}
		ListPlays(form, nil, false, lang)
		form.Call("querySelector", "output[for]").Set("textContent", "")
		form.Get("classList").Call("remove", "legal", "illegal")
		form.Get("classList").Call("add", "broken")
		return
	}
	var sb strings.Builder
	opt := board.Options(lang, b, "live")
	opt.Playable = b.HasDice
	if err := diagrams.Inline(&sb, b.Position, opt); err != nil {
		if status.Truthy() {
			status.Set("textContent", err.Error())
		}
		return
	}
	if box.Truthy() {
		box.Set("innerHTML", sb.String())
	}
	// The reader plays the roll on the new board.
	play.Wire(form, engine.ParsedCode{Position: b.Position, Dice: b.Dice, HasDice: b.HasDice, Rules: b.Rules}, lang)
	if code := form.Call("querySelector", ".code code"); code.Truthy() {
		code.Set("textContent", engine.Code(b.Position, b.Dice, b.HasDice, b.Rules))
	}
	var plays []string
	if b.HasDice {
		for _, pl := range engine.LegalPlays(b.Position, b.Dice, b.Rules) {
			plays = append(plays, pl.Notation())
		}
	}
	ListPlays(form, plays, b.HasDice, lang)
	// The verdict was about the old position.
	form.Call("querySelector", "output[for]").Set("textContent", "")
	form.Get("classList").Call("remove", "legal", "illegal", "broken")
}

// ListPlays fills the standalone page's list of legal plays (a
// checker.Module's ListPlays; other forms have none); known is false when
// the position has no roll or cannot be read.
func ListPlays(form js.Value, plays []string, known bool, lang i18n.Lang) {
	list := form.Call("querySelector", "ol.legal-plays")
	if !list.Truthy() {
		return
	}
	list.Set("textContent", "")
	doc := js.Global().Get("document")
	for _, p := range plays {
		li := doc.Call("createElement", "li")
		code := doc.Call("createElement", "code")
		code.Set("textContent", p)
		li.Call("appendChild", code)
		list.Call("appendChild", li)
	}
	if known && len(plays) == 0 {
		li := doc.Call("createElement", "li")
		li.Set("textContent", lang.CheckerText("fig.moves.none"))
		list.Call("appendChild", li)
	}
}
