package site

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/board"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The text widths, in millimetres, of the paper sizes a handout diagram
// is made for (the page less 15 mm margins for A4, 10 mm for A5).
const (
	PaperA4 = 180.0
	PaperA5 = 128.0
)

// Papers lists the paper presets of "nardydocs diagram --paper".
var Papers = map[string]float64{"a4": PaperA4, "a5": PaperA5}

// DiagramOptions control RenderDiagram.
type DiagramOptions struct {
	// Lang is the language of the labels, the title, the description
	// and the notes; empty means Russian.
	Lang i18n.Lang
	// Theme is the diagram's colours: diagrams.Print for paper.
	Theme diagrams.Theme
	// WidthMM is the printed width; 0 leaves it to the viewer.
	WidthMM float64
	// Arrows, when HasArrows is set, replaces the block's "arrows:"
	// line (empty: no arrows).
	Arrows    string
	HasArrows bool
	// Moves sets the legal plays of the block's roll under the board.
	Moves bool
	// Game is the game of a block without a "game:" line ("long",
	// "short"); Rules are rule overrides "key=value" under the block's
	// own "rules:" line.
	Game  string
	Rules []string
}

// options checks the options and returns the block's context and the
// arrows they give.
func (o DiagramOptions) options() (block.Options, []engine.Segment, error) {
	var opt block.Options
	if l := o.Lang; l != "" && !l.Valid() {
		return opt, nil, errors.New("--lang " + strconv.Quote(string(l)) + `: write "ru" or "uk"`)
	}
	if o.Game != "" {
		g, ok := engine.ParseGame(o.Game)
		if !ok {
			return opt, nil, errors.New("--game " + strconv.Quote(o.Game) + `: write "long" or "short"`)
		}
		opt.Game, opt.HasGame = g, true
	}
	for _, kv := range o.Rules {
		for _, w := range strings.Fields(kv) {
			if err := opt.Rules.Set(w); err != nil {
				return opt, nil, fmt.Errorf("--rules: %w", err)
			}
		}
	}
	var arrows []engine.Segment
	if o.HasArrows && strings.TrimSpace(o.Arrows) != "" {
		segs, err := engine.ParseMoves(o.Arrows)
		if err != nil {
			return opt, nil, fmt.Errorf("--arrows %q: %w", o.Arrows, err)
		}
		arrows = segs
	}
	if o.WidthMM < 0 {
		return opt, nil, errors.New("--width-mm: give a positive width")
	}
	return opt, arrows, nil
}

// Check reports what is wrong with the options themselves (as opposed to
// the block they are applied to), or nil.
func (o DiagramOptions) Check() error {
	_, _, err := o.options()
	return err
}

// RenderDiagram draws the position block src as a standalone SVG
// document, for a handout. Bad options are reported as by Check; the
// block's problems come back as an engine.ErrorList (lines and columns
// inside src).
func RenderDiagram(w io.Writer, src string, o DiagramOptions) error {
	opt, arrows, err := o.options()
	if err != nil {
		return err
	}
	l := o.Lang
	if l == "" {
		l = i18n.RU
	}
	blk, err := block.Parse(src, opt)
	if err != nil {
		return err
	}
	if o.Moves && !blk.HasDice {
		return errors.New(`the block has no "dice:" line: --moves lists the legal plays of a roll`)
	}
	if o.HasArrows {
		// Checked as the block's "arrows:" line is.
		var col int
		var msg string
		if arrows, col, msg = blk.CheckArrows(o.Arrows); msg != "" {
			if col > 0 {
				msg = "column " + strconv.Itoa(col) + ": " + msg
			}
			return errors.New("--arrows " + strconv.Quote(o.Arrows) + ": " + msg)
		}
	}
	dopt := board.Options(l, blk, "d")
	dopt.Theme, dopt.WidthMM = o.Theme, o.WidthMM
	if o.HasArrows {
		dopt.Arrows = arrows
	}
	dopt.Notes.Caption = blk.Caption
	if o.Moves {
		mv := movesTable(l, blk, newRollPlays(blk, nil))
		head := l.F("fig.moves", "dice", mv.Dice)
		switch {
		case mv.None != "":
			head += ". " + mv.None
		default:
			head += ": " + mv.Summary
			if mv.Lost != "" {
				head += "; " + mv.Lost
			}
			head += "."
		}
		dopt.Notes.Heading = head
		for _, r := range mv.Rows {
			dopt.Notes.Items = append(dopt.Notes.Items, r.Play)
		}
	}
	var buf bytes.Buffer
	if err := diagrams.Standalone(&buf, blk.Position, dopt); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}
