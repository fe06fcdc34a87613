package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/spf13/cobra"
)

type movesOptions struct {
	json, jsonl bool
	dice        string
	game        string
	rules       []string
	bot         string
	seed        uint64
}

// chooser is the computer player of --bot: its level and seed, for a
// player under each block's rules.
type chooser struct {
	level bot.Level
	seed  uint64
}

// choose returns the index in plays of the play the computer chooses for
// the block, or an error saying why there is none to choose.
func (c *chooser) choose(b *block.Block, plays []engine.Play) (int, error) {
	if b.Position.GameOver(b.Rules) {
		return 0, errors.New("the game is over: there is no play to choose")
	}
	if len(plays) == 0 {
		return 0, errors.New("no legal play with " + b.Dice.String() + ": the turn is lost, there is no play to choose")
	}
	pl, _ := bot.New(c.level, b.Rules, c.seed).Choose(b.Position, b.Dice)
	for i, q := range plays {
		if q.Position == pl.Position && q.Notation() == pl.Notation() {
			return i, nil
		}
	}
	return 0, errors.New("the computer's play " + pl.Notation() + " is not among the legal plays")
}

func newMovesCmd() *cobra.Command {
	var o movesOptions
	cmd := &cobra.Command{
		Use:   "moves [FILE]",
		Short: "List the legal plays of a position block, or the computer's choice",
		Long: `Reads one position block from FILE (or standard input) and prints every
legal play for its roll: each distinct resulting position once, in notation.

With --bot LEVEL (beginner, middle or strong) it prints only the play the
computer player of that level chooses, in the same form; a block whose roll
has no legal play is then an error. The strong level always chooses the
same play for a block; the beginner and middle levels draw their mistakes
from --seed, so the same seed gives the same choice.

With --json the result is one JSON object; with --jsonl standard input (or
FILE) holds many blocks separated by lines containing only "---", and each
gives one JSON object on its own line, or {"error": "...", "block": N,
"line": L} if it is wrong (N counts the blocks from 1, L is the input line
the block starts on). --jsonl reads its input as a stream, in bounded
memory: a line may hold at most 64 KiB and a block 1 MiB.

The input is a block's lines, as between a page's "` + "```nardy" + `" and "` + "```" + `"
(docs/blocks.md), not a page: for a page, use check.`,
		Example: `  printf 'game: long\nposition: start\ndice: 6-5\n' | nardydocs moves
  nardydocs moves --dice 3-1 --json head.txt
  nardydocs moves --jsonl blocks.txt > plays.jsonl
  nardydocs moves --bot strong --dice 6-5 head.txt`,
		Args: maxArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.json && o.jsonl {
				return usageError{fmt.Errorf("--json and --jsonl cannot be used together")}
			}
			opt, err := o.parseOptions()
			if err != nil {
				return usageError{err}
			}
			var ch *chooser
			if o.bot != "" {
				l, err := bot.ParseLevel(o.bot)
				if err != nil {
					return usageError{fmt.Errorf("--bot: %w", err)}
				}
				ch = &chooser{level: l, seed: o.seed}
			}
			if o.jsonl {
				in, closeIn, err := openInput(cmd.InOrStdin(), args)
				if err != nil {
					return err
				}
				defer closeIn()
				return movesJSONL(cmd.OutOrStdout(), in, opt, o.dice, ch)
			}
			name, src, err := readInput(cmd.InOrStdin(), args)
			if err != nil {
				return err
			}
			if isPage(src) {
				return fmt.Errorf("%s: this is a page: give one nardy block (or use check)", name)
			}
			b, err := block.Parse(src, opt)
			if err != nil {
				printBlockErrors(cmd.ErrOrStderr(), name, 0, err)
				return errReported
			}
			if o.dice != "" {
				d, err := engine.ParseDice(o.dice)
				if err != nil {
					return usageError{fmt.Errorf("--dice: %w", err)}
				}
				b.Dice, b.HasDice = d, true
			}
			if !b.HasDice {
				return fmt.Errorf(`%s: the block has no "dice:" line (or give --dice 6-5)`, name)
			}
			plays := engine.LegalPlays(b.Position, b.Dice, b.Rules)
			pick := -1
			if ch != nil {
				if pick, err = ch.choose(b, plays); err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
			}
			if o.json {
				if pick >= 0 {
					plays = plays[pick : pick+1]
				}
				fmt.Fprintln(cmd.OutOrStdout(), movesJSON(plays))
				return nil
			}
			return movesTable(cmd.OutOrStdout(), b, plays, pick, ch)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print one JSON object")
	f.BoolVar(&o.jsonl, "jsonl", false, `read blocks separated by "---" lines, print one JSON object per line`)
	f.StringVar(&o.dice, "dice", "", `the roll to use instead of the block's "dice:" line, e.g. 6-5`)
	f.StringVar(&o.game, "game", "", "game for blocks without a game: line (long or short)")
	f.StringArrayVar(&o.rules, "rules", nil, "rule override key=value (repeatable), under the block's own rules: line")
	f.StringVar(&o.bot, "bot", "", "print only the play the computer chooses at this level: beginner, middle or strong")
	f.Uint64Var(&o.seed, "seed", 1, "with --bot beginner or middle: the seed of the computer's mistakes")
	return cmd
}

func (o movesOptions) parseOptions() (block.Options, error) {
	var opt block.Options
	if o.game != "" {
		g, ok := engine.ParseGame(o.game)
		if !ok {
			return opt, fmt.Errorf(`--game %q: write "long" or "short"`, o.game)
		}
		opt.Game, opt.HasGame = g, true
	}
	for _, kv := range o.rules {
		for _, w := range strings.Fields(kv) {
			if err := opt.Rules.Set(w); err != nil {
				return opt, fmt.Errorf("--rules: %w", err)
			}
		}
	}
	return opt, nil
}

// openInput opens the file named in args, or stdin, for reading as a
// stream; the function it returns closes it.
func openInput(stdin io.Reader, args []string) (io.Reader, func(), error) {
	if len(args) == 1 && args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return nil, nil, err
		}
		return f, func() { f.Close() }, nil
	}
	return stdin, func() {}, nil
}

// readInput reads the file named in args, or stdin.
func readInput(stdin io.Reader, args []string) (name, src string, err error) {
	if len(args) == 1 && args[0] != "-" {
		data, err := os.ReadFile(args[0])
		if err != nil {
			return "", "", err
		}
		return args[0], string(data), nil
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return "", "", err
	}
	return "<stdin>", string(data), nil
}

// isPage reports whether src is a page rather than a position block:
// it starts with front matter ("---"), or holds a fenced block.
func isPage(src string) bool {
	for i, l := range slices.Collect(strings.Lines(src)) {
		l = strings.TrimSpace(l)
		if i == 0 && l == "---" || strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			return true
		}
	}
	return false
}

// printBlockErrors prints a block's errors as "name:line:col: message",
// with lines counted from lineOffset.
func printBlockErrors(w io.Writer, name string, lineOffset int, err error) {
	list := engine.AsList(err)
	list.Rebase(engine.Pos{File: name, Line: 1 + lineOffset, Col: 1})
	for _, e := range list {
		fmt.Fprintln(w, e)
	}
}

// movesTable writes the table of plays; with pick ≥ 0 only that play,
// the one ch chose.
func movesTable(w io.Writer, b *block.Block, plays []engine.Play, pick int, ch *chooser) error {
	p := b.Position
	fmt.Fprintf(w, "%s nardy, %s to move, roll %s\n", p.Game, p.Turn, b.Dice)
	fmt.Fprintf(w, "position %s\n", engine.Code(p, b.Dice, true, b.Rules))
	if id, err := p.GnubgID(); err == nil {
		fmt.Fprintf(w, "gnubg position ID %s\n", id)
	}
	switch {
	case p.GameOver(b.Rules):
		fmt.Fprintln(w, "The game is over: nothing can be played.")
		return nil
	case len(plays) == 0:
		fmt.Fprintln(w, "No legal play: the turn is lost.")
		return nil
	}
	used, all := plays[0].DicePlayed(), b.Dice.Count()
	lost := ""
	if used < all {
		lost = fmt.Sprintf(" (%d lost)", all-used)
	}
	fmt.Fprintf(w, "%d legal play(s), each using %d of %d dice%s\n", len(plays), used, all, lost)
	if pick >= 0 {
		fmt.Fprintf(w, "the %s level chooses play %d\n", ch.level, pick+1)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	extra := "hits"
	if p.Game == engine.Long {
		extra = "from head"
	}
	fmt.Fprintf(tw, "#\tplay\t%s\n", extra)
	for i, pl := range plays {
		if pick >= 0 && i != pick {
			continue
		}
		n := pl.Hits()
		if p.Game == engine.Long {
			n = pl.HeadMoves()
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\n", i+1, pl.Notation(), n)
	}
	return tw.Flush()
}

// movesJSON writes the machine format: dice played and every play with
// the position after it.
func movesJSON(plays []engine.Play) string {
	var sb strings.Builder
	used := 0
	if len(plays) > 0 {
		used = plays[0].DicePlayed()
	}
	sb.WriteString(`{"dice_played": ` + strconv.Itoa(used) + `, "moves": [`)
	for i, pl := range plays {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(`{"notation": ` + jsonString(pl.Notation()) + `, "position": `)
		writePositionJSON(&sb, pl.Position)
		sb.WriteString("}")
	}
	sb.WriteString("]}")
	return sb.String()
}

func writePositionJSON(sb *strings.Builder, p engine.Position) {
	sb.WriteString("{")
	for i, s := range []engine.Side{engine.White, engine.Black} {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(`"` + s.String() + `": {`)
		first := true
		for pt := engine.Point(24); pt >= 1; pt-- {
			if n := p.Count(s, pt); n > 0 {
				if !first {
					sb.WriteString(", ")
				}
				first = false
				sb.WriteString(`"` + strconv.Itoa(int(pt)) + `": ` + strconv.Itoa(n))
			}
		}
		sb.WriteString("}")
	}
	fmt.Fprintf(sb, `, "white_bar": %d, "black_bar": %d, "white_off": %d, "black_off": %d}`,
		p.Bar(engine.White), p.Bar(engine.Black), p.Off(engine.White), p.Off(engine.Black))
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The limits of a --jsonl input: a longer line or block is reported as
// such and skipped.
const (
	maxBatchLine  = 64 << 10
	maxBatchBlock = 1 << 20
)

// movesJSONL handles a batch: blocks separated by "---" lines, one JSON
// object per block per line. The input is read as a stream: memory stays
// bounded by the limits above, whatever its size.
func movesJSONL(w io.Writer, r io.Reader, opt block.Options, dice string, ch *chooser) error {
	br := bufio.NewReaderSize(r, maxBatchLine)
	bw := bufio.NewWriter(w)
	var (
		text    strings.Builder // the block so far
		lines   int             // its lines so far
		first   int             // the input line it starts on
		problem string          // why the block cannot be read, if it cannot
		number  int             // blocks answered so far
		lineNo  int
	)
	answer := func() {
		number++
		if problem != "" {
			bw.WriteString(jsonlError(problem, number, first))
		} else {
			bw.WriteString(jsonlLine(text.String(), opt, dice, ch, number, first))
		}
		bw.WriteByte('\n')
		text.Reset()
		lines, problem = 0, ""
	}
	for {
		line, tooLong, err := readBatchLine(br)
		if err != nil && err != io.EOF {
			return err
		}
		if err == io.EOF && line == "" && !tooLong {
			break
		}
		lineNo++
		if lines == 0 {
			first = lineNo
		}
		switch {
		case strings.TrimRight(line, " \t\r") == "---" && !tooLong:
			if lines > 0 {
				answer()
			}
			continue
		case problem != "":
		case tooLong:
			problem = "input line " + strconv.Itoa(lineNo) + " is longer than " + strconv.Itoa(maxBatchLine>>10) + " KiB"
		case text.Len()+len(line) > maxBatchBlock:
			problem = "the block is longer than " + strconv.Itoa(maxBatchBlock>>20) + " MiB"
		default:
			if lines > 0 {
				text.WriteByte('\n')
			}
			text.WriteString(line)
		}
		lines++
		if err == io.EOF {
			break
		}
	}
	if lines > 0 && (problem != "" || strings.TrimSpace(text.String()) != "") {
		answer()
	}
	return bw.Flush()
}

// readBatchLine reads one line without its newline. A line longer than
// the reader's buffer is consumed and reported too long, without being
// kept.
func readBatchLine(br *bufio.Reader) (line string, tooLong bool, err error) {
	data, err := br.ReadSlice('\n')
	for err == bufio.ErrBufferFull {
		tooLong = true
		_, err = br.ReadSlice('\n')
	}
	if tooLong {
		return "", true, err
	}
	return strings.TrimSuffix(string(data), "\n"), false, err
}

// jsonlError is the answer for a block that cannot be judged: the
// problem, the block's number and the input line it starts on.
func jsonlError(msg string, number, line int) string {
	return `{"error": ` + jsonString(msg) + `, "block": ` + strconv.Itoa(number) + `, "line": ` + strconv.Itoa(line) + `}`
}

// jsonlLine answers one block of a batch: its number and the input line
// it starts on go into an error's answer.
func jsonlLine(src string, opt block.Options, dice string, ch *chooser, number, line int) string {
	b, err := block.Parse(src, opt)
	if err != nil {
		list := engine.AsList(err)
		msg := list[0].Error()
		if len(list) > 1 {
			msg += fmt.Sprintf(" (and %d more)", len(list)-1)
		}
		return jsonlError(msg, number, line)
	}
	if dice != "" {
		d, err := engine.ParseDice(dice)
		if err != nil {
			return jsonlError("--dice: "+err.Error(), number, line)
		}
		b.Dice, b.HasDice = d, true
	}
	if !b.HasDice {
		return jsonlError(`no "dice:" line`, number, line)
	}
	plays := engine.LegalPlays(b.Position, b.Dice, b.Rules)
	if ch != nil {
		pick, err := ch.choose(b, plays)
		if err != nil {
			return jsonlError(err.Error(), number, line)
		}
		plays = plays[pick : pick+1]
	}
	return movesJSON(plays)
}
