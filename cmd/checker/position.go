//go:build !js || board

package main

import (
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// readsBlocks says that this build of the checker reads whole position
// blocks, not only codes.
const readsBlocks = true

// position reads the position to judge: a position code (one line, as
// shown under every diagram) or a whole position block.
func position(text string) (*engine.Block, string) {
	text = strings.TrimSpace(text)
	if isCode(text) {
		return positionCode(text)
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
