// Package board turns a position block into the options of its board
// diagram, with every word in the page's language. The site's pages and
// the standalone checker's module (cmd/checker-board) draw the same
// diagram from the same block through it.
package board

import (
	"slices"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Options returns the diagram options of a block: its title and text
// description in language l, the labels, the dice, arrows and marks. id is
// the diagram's id on its page. The play of an "illegal:" line is drawn
// as a forbidden move, and the description says so; without "arrows:",
// the play of an "after:" line is drawn as arrows.
func Options(l i18n.Lang, blk *block.Block, id string) diagrams.Options {
	pos := blk.Position
	title := l.F("diagram.title", "game", l.Game(pos.Game), "side", l.SideGen(pos.Turn))
	if blk.HasDice {
		title = l.F("diagram.title.dice", "game", l.Game(pos.Game), "side", l.SideGen(pos.Turn), "dice", blk.Dice.String())
	}
	desc := l.Describe(pos, blk.Dice, blk.HasDice)
	if blk.Caption != "" {
		desc = strings.TrimSpace(blk.Caption) + " " + desc
	}
	if blk.Illegal != nil {
		desc += " " + l.F("desc.illegal", "play", blk.IllegalText)
	}
	turn := l.T("diagram.to_move")
	if pos.GameOver(blk.Rules) {
		turn = "" // nobody moves any more
	}
	arrows := blk.Arrows
	if arrows == nil && blk.After != nil {
		// The play whose result is drawn beside, a die at a time.
		for _, m := range blk.After.Moves() {
			arrows = append(arrows, engine.Segment{From: m.From, To: m.To, Hit: m.Hit})
		}
	}
	return diagrams.Options{
		ID:    id,
		Title: title,
		Desc:  desc,
		Labels: diagrams.Labels{
			White: l.Side(engine.White, true),
			Black: l.Side(engine.Black, true),
			Turn:  turn,
			Pips:  l.T("diagram.pips"),
			Off:   l.T("diagram.off"),
		},
		Dice:    blk.Dice,
		HasDice: blk.HasDice,
		Arrows:  arrows,
		Illegal: blk.Illegal,
		Marks:   blk.Marks,
	}
}

// ExerciseOptions returns the diagram options of an exercise's board in
// its page, which must not give the answer away before the reader asks
// for it: the description leaves out the caption (it explains the
// answer, and the page folds it with the answer), and the play an
// "exercise: illegal" asks about is drawn as a plain arrow, which the
// description names as the play the task asks about, with no verdict;
// an exercise that asks for the legal plays draws none of them (no
// arrows). Print documents and worksheets draw the block with Options.
func ExerciseOptions(l i18n.Lang, blk *block.Block, id string) diagrams.Options {
	plain := *blk
	plain.Caption, plain.Illegal = "", nil
	o := Options(l, &plain, id)
	if slices.Contains(blk.Exercises, block.ExercisePlays) {
		o.Arrows = nil // a legal play drawn would be an answer
	}
	if blk.Illegal != nil && slices.Contains(blk.Exercises, block.ExerciseIllegal) {
		o.Arrows = append(slices.Clip(o.Arrows), blk.Illegal...)
		o.Desc += " " + l.F("desc.asked", "play", blk.IllegalText)
	} else if blk.Illegal != nil {
		o.Illegal = blk.Illegal
		o.Desc += " " + l.F("desc.illegal", "play", blk.IllegalText)
	}
	return o
}

// AfterOptions returns the diagram options of the position after the
// play of a block's "after:" line: the block's marks, no dice nor
// arrows, the other side to move, and a title and description that name
// the play. id is the diagram's id on its page.
func AfterOptions(l i18n.Lang, blk *block.Block, id string) diagrams.Options {
	pos := blk.After.Position
	play := blk.AfterText
	o := Options(l, &block.Block{Position: pos, Rules: blk.Rules, Marks: blk.Marks}, id)
	o.Title = l.F("diagram.title.after", "play", play, "game", l.Game(pos.Game), "side", l.SideGen(pos.Turn))
	o.Desc = l.F("desc.after", "play", play) + " " + o.Desc
	return o
}
