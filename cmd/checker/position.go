//go:build !js || board

package main

import "github.com/nardydocs/nardydocs/engine"

// readsBlocks says that this build of the checker reads whole position
// blocks, not only codes.
const readsBlocks = true

// position reads the position to judge: a position code (one line, as
// shown under every diagram) or a whole position block.
func position(text string) (engine.ParsedCode, string) {
	b, problem := block(text)
	if problem != "" {
		return engine.ParsedCode{}, problem
	}
	return engine.ParsedCode{Position: b.Position, Dice: b.Dice, HasDice: b.HasDice, Rules: b.Rules}, ""
}

// block reads a position code or a whole position block.
func block(text string) (*engine.Block, string) {
	text = trim(text)
	if isCode(text) {
		c, problem := positionCode(text)
		if problem != "" {
			return nil, problem
		}
		return &engine.Block{Position: c.Position, Dice: c.Dice, HasDice: c.HasDice, Rules: c.Rules}, ""
	}
	b, err := engine.ParseBlock(text, engine.ParseOptions{})
	if err != nil {
		msg := err.Error()
		if list, ok := err.(engine.ErrorList); ok && len(list) > 0 {
			msg = list[0].Error()
		}
		return nil, msg
	}
	return b, ""
}
