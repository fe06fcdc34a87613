//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

func main() {
	doc := js.Global().Get("document")
	forms := doc.Call("querySelectorAll", "form.checker")
	for i := 0; i < forms.Length(); i++ {
		wire(forms.Index(i))
	}
	// When the checker became usable, for the page's tests.
	js.Global().Set("nardyCheckerReadyAt", js.Global().Get("performance").Call("now"))
	doc.Get("documentElement").Get("classList").Call("add", "checker-ready")
	select {}
}

// wire makes one checker form answer in the page instead of navigating.
func wire(form js.Value) {
	lang := i18n.Lang(form.Get("dataset").Get("lang").String())
	elems := form.Get("elements")
	submit := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			args[0].Call("preventDefault")
		}
		text := form.Get("dataset").Get("code").String()
		if block := elems.Get("block"); block.Truthy() {
			text = block.Get("value").String()
		}
		move := elems.Get("move").Get("value").String()
		show(form, evaluate(text, move, lang), lang)
		return nil
	})
	form.Call("addEventListener", "submit", submit)
	editor(form, elems, submit.Value, lang)
}

// show writes a verdict into the form's <output> and, on the standalone
// page, the list of legal plays.
func show(form js.Value, r result, lang i18n.Lang) {
	out := form.Call("querySelector", "output")
	cls := form.Get("classList")
	cls.Call("remove", "legal", "illegal", "broken")
	state, text := "illegal", r.Message
	if r.Error != "" {
		state, text = "broken", r.Error
	} else if r.Legal {
		state = "legal"
	}
	cls.Call("add", state)
	out.Set("textContent", text)
	listPlays(form, r.Plays, r.Error == "", lang)
}
