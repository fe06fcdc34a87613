//go:build js && wasm

package play

import (
	"slices"
	"syscall/js"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Surface is a board diagram a reader plays a whole game on (package
// gameui): the places touched, added as on a figure's board (Wire), the
// checkers and pip counts redrawn with the figures' own drawing
// (drawCheckers, strips), and the places marked as a View says, with the
// same attributes (docs/board.md).
type Surface struct {
	svg, checkers js.Value
	game          engine.Game
	turn          engine.Side
	order         []js.Value          // the places, in the order turn plays
	places        map[string]js.Value // by data-point
	row           Row                 // the row of the place last touched or stepped to (see Step)
	shown         engine.Position
	drawn         bool
}

// NewSurface makes the diagram svg (an <svg data-board>) of game g a
// board a reader touches, its places in the order side s plays (the
// order of the Tab key), named in lang.
func NewSurface(svg js.Value, g engine.Game, s engine.Side, lang i18n.Lang) *Surface {
	sf := &Surface{svg: svg, game: g, turn: s, checkers: query(svg, "g.nd-checkers"), places: map[string]js.Value{}}
	sf.order = addPlaces(svg, engine.Position{Game: g, Turn: s})
	for _, el := range sf.order {
		n := data(el, "point")
		sf.places[n] = el
		set(el, "role", "button")
		set(el, "aria-label", label(lang, n))
	}
	// The board is a control, no longer a picture.
	set(svg, "role", "group")
	del(svg, "tabindex")
	return sf
}

// SetSide puts the places in the order side s plays, for the Tab key and
// the arrow keys: the side to move of a game changes from turn to turn.
func (s *Surface) SetSide(side engine.Side) {
	if side == s.turn || len(s.order) == 0 {
		return
	}
	s.turn = side
	layer := s.order[0].Get("parentNode")
	for i, pt := range Places(s.game, side) {
		el := s.places[name(pt)]
		s.order[i] = el
		layer.Call("appendChild", el) // moved to the end: the layer's order is the new one
	}
}

// Listen calls touch with the place a reader clicks or touches, or
// chooses with Enter or Space; the arrow keys, Home and End move the
// focus over the board as it is drawn (see Step).
func (s *Surface) Listen(touch func(pt engine.Point)) {
	hit := func(el js.Value) {
		p := place(data(el, "point"))
		s.row = RowOf(s.game, s.turn, p, s.row)
		touch(p)
		el.Call("focus")
	}
	s.svg.Call("addEventListener", "click", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if el := args[0].Get("target").Call("closest", "[data-point]"); el.Truthy() {
			hit(el)
		}
		return nil
	}))
	s.svg.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		el := e.Get("target").Call("closest", "[data-point]")
		if !el.Truthy() {
			return nil
		}
		k := e.Get("key").String()
		if k == "Enter" || k == " " {
			e.Call("preventDefault")
			hit(el)
			return nil
		}
		to, row, ok := Step(s.game, s.turn, place(data(el, "point")), k, s.row)
		if !ok {
			return nil
		}
		e.Call("preventDefault")
		s.row = row
		if next := s.places[name(to)]; next.Truthy() {
			next.Call("focus")
		}
		return nil
	}))
}

// Show draws position p and marks the places as v says: the chosen
// checker, its targets, the places a checker may be chosen from, the
// refused place; the places a reader can act on are in the tab order (v's
// Position is not read: p may be a step of a play being shown).
func (s *Surface) Show(p engine.Position, v View) {
	if !s.drawn || p != s.shown {
		s.shown, s.drawn = p, true
		drawCheckers(s.checkers, p)
		strips(s.svg, p)
	}
	for _, el := range s.order {
		pt := place(data(el, "point"))
		target, chosen := slices.Contains(v.Targets, pt), v.HasSelected && pt == v.Selected
		movable := !v.HasSelected && slices.Contains(v.Movable, pt)
		flag(el, "data-target", target)
		flag(el, "data-movable", movable)
		flag(el, "data-selected", chosen)
		flag(el, "data-refused", v.HasRefused && pt == v.Refused)
		tab := "-1"
		if target || chosen || movable {
			tab = "0"
		}
		set(el, "tabindex", tab)
	}
}
