// Package checker is what the site's two move checker modules share: the
// rules engine's verdict on a reader's move, in the page's language
// (Evaluate), and, compiled to WebAssembly (GOOS=js GOARCH=wasm), the
// wiring of the page's checker forms (Run).
//
// The rule pages' module (cmd/checker) reads position codes only: each
// figure's form carries its code, and the block parser stays out of the
// module. The standalone checker page's module (cmd/checker-board) also
// reads whole position blocks and redraws the board (package editor).
package checker

import (
	"strings"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Result is the checker's answer for one move.
type Result struct {
	// Error is set when the position itself cannot be read; nothing else
	// is then.
	Error string
	// Legal and Reason (the engine's stable reason name) judge the move;
	// Message explains it in the page's language (a roll typed for a move
	// is said to be one; a text that is no move is shown where it goes
	// wrong, the character quoted with its column); Col is the column of
	// the move text concerned (0 when none).
	Legal   bool
	Reason  string
	Message string
	Col     int
	// Play is the legal play the move was read as.
	Play string
	// Plays lists every legal play of the position and roll; DicePlayed is
	// how many dice each uses.
	Plays      []string
	DicePlayed int
}

// A Reader reads the position to judge from the text a form gives (its
// position code, or the block the reader edits); problem, when not "",
// says in language lang why it cannot be read.
type Reader func(text string, lang i18n.Lang) (c engine.ParsedCode, problem string)

// Evaluate judges move for the position read from text, with messages in
// lang (Russian when lang is not a site language).
func Evaluate(read Reader, text, move string, lang i18n.Lang) Result {
	if !lang.Valid() {
		lang = i18n.RU
	}
	c, problem := read(text, lang)
	if problem != "" {
		return Result{Error: problem}
	}
	if !c.HasDice {
		return Result{Error: lang.CheckerText("checker.nodice")}
	}
	var r Result
	for _, pl := range engine.LegalPlays(c.Position, c.Dice, c.Rules) {
		r.Plays = append(r.Plays, pl.Notation())
		r.DicePlayed = pl.DicePlayed()
	}
	v := engine.Explain(c.Position, c.Dice, c.Rules, move)
	r.Legal = v.Legal()
	r.Reason = v.Reason.String()
	r.Message = lang.Reason(v, c.Position.Game, c.Dice)
	if m := typed(v, move, lang); m != "" {
		r.Message = m
	}
	r.Col = v.Col
	if r.Legal {
		r.Play = v.Play.Notation()
	}
	return r
}

// IsCode reports whether text looks like a position code rather than a
// block: one word starting with the game's letter.
func IsCode(text string) bool {
	return text != "" && (text[0] == 'L' || text[0] == 'S') && !strings.ContainsAny(text, " \t\r\n")
}

// ReadCode is the Reader of the rule pages: it reads a position code with
// its dice and rules, and refuses anything else.
func ReadCode(text string, lang i18n.Lang) (engine.ParsedCode, string) {
	text = strings.TrimSpace(text)
	if !IsCode(text) {
		return engine.ParsedCode{}, lang.CheckerText("checker.not-code")
	}
	c, err := engine.ParseFullCode(text)
	if err != nil {
		return c, lang.CheckerF("checker.bad-code", "code", text)
	}
	return c, ""
}
