// Package editor is the standalone checker page's part of the move
// checker (cmd/checker-board): the reader edits a whole position block,
// the board is redrawn from it as they type, and the position's legal
// plays are listed. The rule pages' module (cmd/checker) leaves it out,
// and with it the block parser and the diagrams.
package editor

import (
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/checker"
)

// Read is the standalone page's checker.Reader: it reads a position code
// (one line, as shown under every diagram) or a whole position block.
func Read(text string) (engine.ParsedCode, string) {
	b, problem := ReadBlock(text)
	if problem != "" {
		return engine.ParsedCode{}, problem
	}
	return engine.ParsedCode{Position: b.Position, Dice: b.Dice, HasDice: b.HasDice, Rules: b.Rules}, ""
}

// ReadBlock reads a position code or a whole position block; problem,
// when not "", says why it cannot be read (the first problem of a block).
func ReadBlock(text string) (b *block.Block, problem string) {
	text = strings.TrimSpace(text)
	if checker.IsCode(text) {
		c, problem := checker.ReadCode(text)
		if problem != "" {
			return nil, problem
		}
		return &block.Block{Position: c.Position, Dice: c.Dice, HasDice: c.HasDice, Rules: c.Rules}, ""
	}
	b, err := block.Parse(text, block.Options{})
	if err != nil {
		if list, ok := err.(engine.ErrorList); ok && len(list) > 0 {
			return nil, list[0].Error()
		}
		return nil, err.Error()
	}
	return b, ""
}
