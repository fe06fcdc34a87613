//go:build !js || board

package main

import (
	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
)

// readsBlocks says that this build of the checker reads whole position
// blocks, not only codes.
const readsBlocks = true

// position reads the position to judge: a position code (one line, as
// shown under every diagram) or a whole position block.
func position(text string) (engine.ParsedCode, string) {
	b, problem := readBlock(text)
	if problem != "" {
		return engine.ParsedCode{}, problem
	}
	return engine.ParsedCode{Position: b.Position, Dice: b.Dice, HasDice: b.HasDice, Rules: b.Rules}, ""
}

// readBlock reads a position code or a whole position block.
func readBlock(text string) (*block.Block, string) {
	text = trim(text)
	if isCode(text) {
		c, problem := positionCode(text)
		if problem != "" {
			return nil, problem
		}
		return &block.Block{Position: c.Position, Dice: c.Dice, HasDice: c.HasDice, Rules: c.Rules}, ""
	}
	b, err := block.Parse(text, block.Options{})
	if err != nil {
		msg := err.Error()
		if list, ok := err.(engine.ErrorList); ok && len(list) > 0 {
			msg = list[0].Error()
		}
		return nil, msg
	}
	return b, ""
}
