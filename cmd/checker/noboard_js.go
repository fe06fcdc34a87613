//go:build js && wasm && !board

package main

import (
	"syscall/js"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// drawBoard does nothing in the checker of the rule pages: their diagrams
// are static. The standalone checker page uses the build with the tag
// "board".
func drawBoard(js.Value, string, i18n.Lang) {}
