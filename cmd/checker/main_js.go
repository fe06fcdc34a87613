//go:build js && wasm

// Command checker is the move checker of the rule pages: the rules engine
// compiled to WebAssembly (GOOS=js GOARCH=wasm), served as checker.wasm.
// It finds every form of class "checker" in the page, and when the reader
// submits a move it says the engine's verdict, in the form's language
// (Russian or Ukrainian: the module carries both), in the status line of
// the figure's board: legal, or exactly why not. The pages stay complete without
// it: every legal play is already listed in the static tables.
//
// It reads position codes only (each figure's form carries its code), so
// the block parser and the diagrams stay out of it; the standalone
// checker page loads cmd/checker-board instead. The work is done in
// package internal/checker.
package main

import (
	"github.com/nardydocs/nardydocs/internal/checker"
	"github.com/nardydocs/nardydocs/internal/play"
)

func main() {
	checker.Run(checker.Module{Read: checker.ReadCode, Board: play.Wire})
}
