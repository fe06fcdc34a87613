//go:build js && !board

package main

import "github.com/nardydocs/nardydocs/engine"

// readsBlocks says that this build of the checker reads only codes.
const readsBlocks = false

// position reads the position to judge. The checker of the rule pages
// reads only position codes (each figure's form carries its code), which
// keeps the block parser, and a sixth of the module's size, out of it.
func position(text string) (engine.ParsedCode, string) {
	text = trim(text)
	if !isCode(text) {
		return engine.ParsedCode{}, "expected a position code such as Lw33:24x15:12x15"
	}
	return positionCode(text)
}
