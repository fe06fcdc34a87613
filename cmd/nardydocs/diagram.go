package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nardydocs/nardydocs/diagrams"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

func newDiagramCmd() *cobra.Command {
	var (
		out, lang, theme, paper, arrows, game string
		width                                 float64
		moves                                 bool
		rules                                 []string
	)
	cmd := &cobra.Command{
		Use:   "diagram [FILE]",
		Short: "Draw a position block as a standalone SVG for printing",
		Long: `Reads one position block from FILE (or standard input) and writes its board
diagram as a standalone SVG document, sized for paper: the print theme
(black and white) by default, labels and description in --lang, the
block's caption under the board and, with --moves, the legal plays of
its roll.`,
		Example: `  nardydocs diagram head.txt -o head.svg
  nardydocs diagram --paper a5 --lang uk --moves head.txt
  echo 'game: long
  position: start
  dice: 6-5' | nardydocs diagram --arrows "24/18/13" --width-mm 120`,
		Args: maxArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o := site.DiagramOptions{Lang: i18n.Lang(lang), Moves: moves, Game: game, Rules: rules}
			if !o.Lang.Valid() {
				return usageError{fmt.Errorf(`--lang %q: write "ru" or "uk"`, lang)}
			}
			switch theme {
			case "print":
				o.Theme = diagrams.Print
			case "screen":
				o.Theme = diagrams.Screen
			default:
				return usageError{fmt.Errorf(`--theme %q: write "print" or "screen"`, theme)}
			}
			fl := cmd.Flags()
			switch {
			case fl.Changed("width-mm") && fl.Changed("paper"):
				return usageError{fmt.Errorf("--width-mm and --paper cannot be used together")}
			case fl.Changed("width-mm"):
				if width <= 0 || width > 2000 {
					return usageError{fmt.Errorf("--width-mm %g: give a width in millimetres, e.g. 120", width)}
				}
				o.WidthMM = width
			default:
				w, ok := site.Papers[strings.ToLower(paper)]
				if !ok {
					names := make([]string, 0, len(site.Papers))
					for n := range site.Papers {
						names = append(names, n)
					}
					slices.Sort(names)
					return usageError{fmt.Errorf("--paper %q: write %s", paper, strings.Join(names, " or "))}
				}
				o.WidthMM = w
			}
			if fl.Changed("arrows") {
				o.Arrows, o.HasArrows = arrows, true
			}
			if err := o.Check(); err != nil {
				return usageError{err}
			}
			name, src, err := readInput(cmd.InOrStdin(), args)
			if err != nil {
				return err
			}
			if isPage(src) {
				return fmt.Errorf("%s: this is a page: give one nardy block (or use build, which writes every figure's print-theme SVG)", name)
			}
			var buf bytes.Buffer
			err = site.RenderDiagram(&buf, src, o)
			var list engine.ErrorList
			switch {
			case err == nil:
			case errors.As(err, &list):
				printBlockErrors(cmd.ErrOrStderr(), name, 0, list)
				return errReported
			default:
				return fmt.Errorf("%s: %w", name, err)
			}
			if out == "" || out == "-" {
				_, err := cmd.OutOrStdout().Write(buf.Bytes())
				return err
			}
			return os.WriteFile(out, buf.Bytes(), 0o644)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "output", "o", "", "write the SVG to this file instead of standard output")
	f.StringVar(&lang, "lang", "ru", "language of the labels and notes: ru or uk")
	f.StringVar(&theme, "theme", "print", "colours: print (black and white) or screen")
	f.StringVar(&paper, "paper", "a4", "size the diagram to the text width of a4 (180 mm) or a5 (128 mm) paper")
	f.Float64Var(&width, "width-mm", 0, "printed width in millimetres, instead of --paper")
	f.StringVar(&arrows, "arrows", "", `moves to draw as arrows, replacing the block's "arrows:" line, e.g. "24/18 13/11" ("" for none)`)
	f.BoolVar(&moves, "moves", false, "list the legal plays of the block's roll under the board")
	f.StringVar(&game, "game", "", "game for a block without a game: line (long or short)")
	f.StringArrayVar(&rules, "rules", nil, "rule override key=value (repeatable), under the block's own rules: line")
	return cmd
}
