//go:build js && wasm && board

package main

import (
	"strings"
	"syscall/js"

	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/board"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// drawBoard redraws the diagram of the standalone checker page from the
// block the reader is editing; a block that cannot be read leaves the last
// good diagram and says why.
func drawBoard(form js.Value, text string, lang i18n.Lang) {
	box := form.Call("querySelector", ".board")
	status := form.Call("querySelector", ".block-status")
	b, problem := block(text)
	if problem != "" {
		if status.Truthy() {
			status.Set("textContent", problem)
		}
		return
	}
	if status.Truthy() {
		status.Set("textContent", "")
	}
	var sb strings.Builder
	if err := diagrams.Inline(&sb, b.Position, board.Options(lang, b, "live")); err != nil {
		if status.Truthy() {
			status.Set("textContent", err.Error())
		}
		return
	}
	if box.Truthy() {
		box.Set("innerHTML", sb.String())
	}
	if code := form.Call("querySelector", ".code code"); code.Truthy() {
		code.Set("textContent", engine.Code(b.Position, b.Dice, b.HasDice, b.Rules))
	}
	var plays []string
	if b.HasDice {
		for _, pl := range engine.LegalPlays(b.Position, b.Dice, b.Rules) {
			plays = append(plays, pl.Notation())
		}
	}
	listPlays(form, plays, b.HasDice, lang)
	// The verdict was about the old position.
	form.Call("querySelector", "output").Set("textContent", "")
	form.Get("classList").Call("remove", "legal", "illegal", "broken")
}
