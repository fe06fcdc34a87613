//go:build js && !board

package main

import (
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// readsBlocks says that this build of the checker reads only codes.
const readsBlocks = false

// position reads the position to judge. The checker of the rule pages
// reads only position codes (each figure's form carries its code), which
// keeps the block parser, and a sixth of the module's size, out of it.
func position(text string) (*engine.Block, string) {
	text = strings.TrimSpace(text)
	if !isCode(text) {
		return nil, "expected a position code such as Lw33:24x15:12x15"
	}
	return positionCode(text)
}
