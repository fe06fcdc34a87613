//go:build js && wasm

// Command checker-board is the move checker of the standalone checker
// page, compiled to WebAssembly (GOOS=js GOARCH=wasm) and served as
// checker-board.wasm. Besides judging moves like the rule pages' module
// (cmd/checker), it reads a whole position block that the reader edits,
// in either language, redraws the board from it as they type and lists
// the position's legal plays (package internal/editor).
package main

import (
	"github.com/nardydocs/nardydocs/internal/checker"
	"github.com/nardydocs/nardydocs/internal/editor"
)

func main() {
	checker.Run(checker.Module{Read: editor.Read, Editor: editor.Wire, ListPlays: editor.ListPlays})
}
