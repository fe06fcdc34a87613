// Package editor is the standalone checker page's part of the move
// checker (cmd/checker-board): the reader edits a whole position block,
// the board is redrawn from it as they type, and the position's legal
// plays are listed. The rule pages' module (cmd/checker) leaves it out,
// and with it the block parser and the diagrams.
package editor

import (
	"errors"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/checker"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Read is the standalone page's checker.Reader: it reads a position code
// (one line, as shown under every diagram) or a whole position block.
func Read(text string, lang i18n.Lang) (engine.ParsedCode, string) {
	b, problems := ReadBlock(text, lang)
	if len(problems) > 0 {
		return engine.ParsedCode{}, strings.Join(problems, " ")
	}
	return engine.ParsedCode{Position: b.Position, Dice: b.Dice, HasDice: b.HasDice, Rules: b.Rules}, ""
}

// ReadBlock reads a position code, a GNU Backgammon Position ID or a whole
// position block; problems,
// when there are any, say in language lang each thing that keeps it from
// being read, with its line and column.
func ReadBlock(text string, lang i18n.Lang) (b *block.Block, problems []string) {
	text = strings.TrimSpace(text)
	if checker.IsCode(text) {
		c, problem := checker.ReadCode(text, lang)
		if problem != "" {
			return nil, []string{problem}
		}
		return &block.Block{Position: c.Position, Dice: c.Dice, HasDice: c.HasDice, Rules: c.Rules}, nil
	}
	if !strings.ContainsAny(text, " \t\n:") {
		// A GNU Backgammon Position ID on its own: short nardy, White on
		// roll, as a block with "position:" reads it.
		if p, err := engine.ParseGnubgID(text, engine.White); err == nil {
			return &block.Block{Position: p, Rules: engine.DefaultRules}, nil
		}
	}
	b, err := block.Parse(text, block.Options{})
	if err == nil {
		return b, nil
	}
	var list engine.ErrorList
	if !errors.As(err, &list) {
		list = engine.ErrorList{{Msg: err.Error()}}
	}
	for _, e := range list {
		problems = append(problems, lang.BlockProblem(e))
	}
	return nil, problems
}
