//go:build js && wasm && !board

package main

import (
	"syscall/js"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The checker of the rule pages has no editor: their diagrams are static
// and their forms hold only a move. The standalone checker page uses the
// build with the tag "board".

func editor(form, elems, submit js.Value, lang i18n.Lang)                 {}
func listPlays(form js.Value, plays []string, known bool, lang i18n.Lang) {}
