// Command checker is the site's legal-move checker: the rules engine
// compiled to WebAssembly (GOOS=js GOARCH=wasm). It finds every form of
// class "checker" in the page, and when the reader submits a move it
// writes the engine's verdict, in the page's language, into the form's
// <output>: legal, or exactly why not. The pages stay complete without it:
// every legal play is already listed in the static tables.
//
// The rule pages load one module per language, built with the tag
// checker_ru or checker_uk: each carries only its own language's messages.
// Built with the tag "board" it also redraws the board of the standalone
// checker page, where the reader edits a whole position block (in either
// language).
//
// Check, the pure function at its heart, takes a position block (or a
// position code) and a move and returns the verdict as JSON; it is tested
// natively and under Node.js.
package main

import (
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// result is the checker's answer for one move.
type result struct {
	// Error is set when the position itself cannot be read; nothing else
	// is then.
	Error string
	// Legal and Reason (the engine's stable reason name) judge the move;
	// Message explains it in the page's language; Col is the column of
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

// evaluate judges move for the position in text, with messages in lang.
func evaluate(text, move string, lang i18n.Lang) result {
	if !lang.Valid() {
		lang = i18n.RU
	}
	c, problem := position(text)
	if problem != "" {
		return result{Error: problem}
	}
	if !c.HasDice {
		return result{Error: lang.CheckerText("checker.nodice")}
	}
	var r result
	for _, pl := range engine.LegalPlays(c.Position, c.Dice, c.Rules) {
		r.Plays = append(r.Plays, pl.Notation())
		r.DicePlayed = pl.DicePlayed()
	}
	v := engine.Explain(c.Position, c.Dice, c.Rules, move)
	r.Legal = v.Legal()
	r.Reason = v.Reason.String()
	r.Message = lang.Reason(v, c.Position.Game, c.Dice)
	r.Col = v.Col
	if r.Legal {
		r.Play = v.Play.Notation()
	}
	return r
}

// isCode reports whether text looks like a position code rather than a
// block: one word starting with the game's letter.
func isCode(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] == ' ' || text[i] == '\n' {
			return false
		}
	}
	return text != "" && (text[0] == 'L' || text[0] == 'S')
}

// trim drops the spaces, tabs and line breaks around text.
func trim(text string) string {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for text != "" && space(text[0]) {
		text = text[1:]
	}
	for text != "" && space(text[len(text)-1]) {
		text = text[:len(text)-1]
	}
	return text
}

// positionCode reads a position code with its dice and rules.
func positionCode(text string) (engine.ParsedCode, string) {
	c, err := engine.ParseFullCode(text)
	if err != nil {
		return c, err.Error()
	}
	return c, ""
}
