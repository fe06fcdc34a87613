// Command botmatch plays a match of whole cubeless games between two
// players — a level of the computer player (internal/bot), a uniformly
// random player, or, in short nardy, GNU Backgammon at 0-ply — and prints
// its figures from the first player's side: games, win rate and points
// per game with their standard errors, how the games ended, and times.
//
// Usage:
//
//	go run ./scripts/botmatch [-game short] [-games 1000] [-seed 1] [-rules default] A B
//
// A and B are beginner, middle, strong, random or gnubg. Games are played
// in pairs on the same dice, A White in the first game of a pair and
// Black in the second; the opening roll depends only on the dice, so each
// player starts one game of every pair, half of the match. The match is
// deterministic for its seed (gnubg's 0-ply is deterministic too).
// Points are the game's own result (internal/game): a single 1, a mars or
// gammon 2, a koks or backgammon (and a home mars) 3; a long-nardy draw
// is 0 points and half a win.
//
// With gnubg, every position it plays is also a check of the engine: the
// legal plays gnubg lists must be the engine's, compared by the positions
// they lead to. A difference is written to standard error and the game
// is abandoned, and the report counts both.
//
// scripts/bot-strength runs the series of the computer player's
// measurement (make strength).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "botmatch:", err)
		os.Exit(1)
	}
}

// timed counts a player's choices and the time they take.
type timed struct {
	Player
	n       int
	elapsed time.Duration
}

func (t *timed) Choose(p engine.Position, d engine.Dice, plays []engine.Play) (engine.Play, error) {
	start := time.Now()
	pl, err := t.Player.Choose(p, d, plays)
	t.elapsed += time.Since(start)
	t.n++
	return pl, err
}

// perMove returns the mean time of a choice in milliseconds.
func (t *timed) perMove() float64 {
	if t.n == 0 {
		return 0
	}
	return float64(t.elapsed.Microseconds()) / 1000 / float64(t.n)
}

// newPlayer makes the player called name. Its seed is seed; gnubg is
// started with the command gnubgPath and sent to log.
func newPlayer(name string, kind engine.Game, rules engine.Rules, seed uint64, gnubgPath string, log io.Writer) (Player, error) {
	switch name {
	case "random":
		return newRandomPlayer(seed), nil
	case "gnubg":
		if kind != engine.Short {
			return nil, fmt.Errorf("gnubg plays short nardy (backgammon) only, not %s nardy", kind)
		}
		if rules.Short != engine.DefaultRules.Short {
			return nil, fmt.Errorf("gnubg plays the default short-nardy rules (international backgammon), not %s", rules.Profile())
		}
		g, err := StartGnubg(gnubgPath)
		if err != nil {
			return nil, err
		}
		g.Log = log
		return g, nil
	}
	l, err := bot.ParseLevel(name)
	if err != nil {
		return nil, fmt.Errorf("player %q: neither random nor gnubg, and %v", name, err)
	}
	return newBotPlayer(l, rules, seed), nil
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("botmatch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kindName := fs.String("game", "short", "the game: short or long")
	n := fs.Int("games", 1000, "number of games (even)")
	seed := fs.Uint64("seed", 1, "the match's seed: dice and the players' random choices")
	profile := fs.String("rules", "default", "the rule profile (space-separated key=value overrides, or a named profile)")
	gnubgPath := fs.String("gnubg", "", "the gnubg command (default: gnubg on PATH, or /usr/games/gnubg)")
	header := fs.Bool("header", false, "print the table's header line first")
	every := fs.Int("progress", 0, "every this many games, write the figures so far to standard error (0: never)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: botmatch [flags] A B   (A, B: beginner, middle, strong, random, gnubg)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return fmt.Errorf("want two players, got %d arguments", fs.NArg())
	}
	var kind engine.Game
	switch *kindName {
	case "short":
		kind = engine.Short
	case "long":
		kind = engine.Long
	default:
		return fmt.Errorf("-game %q: the games are short and long", *kindName)
	}
	rules, err := engine.ParseRules(engine.DefaultRules, *profile)
	if err != nil {
		return fmt.Errorf("-rules: %v", err)
	}
	var players [2]*timed
	for i, name := range fs.Args() {
		p, err := newPlayer(name, kind, rules, gameSeed(*seed, -1-i), *gnubgPath, stderr)
		if err != nil {
			return err
		}
		if g, ok := p.(*Gnubg); ok {
			defer g.Close()
		}
		players[i] = &timed{Player: p}
	}
	start := time.Now()
	var progress func(int, []Outcome, int)
	if *every > 0 {
		progress = func(played int, out []Outcome, abandoned int) {
			if played%*every == 0 {
				s := Summarize(out, abandoned)
				s.Elapsed = time.Since(start)
				fmt.Fprintf(stderr, "%d/%d games: %s\n", played, *n, row(*kindName, players, s))
			}
		}
	}
	out, abandoned, err := Match(kind, rules, *n, *seed, players[0], players[1], progress)
	if err != nil {
		return err
	}
	s := Summarize(out, abandoned)
	s.Elapsed = time.Since(start)
	if *header {
		fmt.Fprintln(stdout, headerLine)
	}
	fmt.Fprintln(stdout, row(*kindName, players, s))
	return nil
}

// headerLine names the columns of row.
const headerLine = "game\tA\tB\tgames\tA starts\twin rate A\tpoints/game A\tresults (A)\ttime\tms/move A\tms/move B\tgnubg checks"

// row writes a match's figures as one tab-separated line.
func row(game string, players [2]*timed, s Stats) string {
	kinds := make([]string, 0, len(s.Kinds))
	for k, v := range s.Kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(kinds)
	checks := "-"
	for _, p := range players {
		if g, ok := p.Player.(*Gnubg); ok {
			checks = fmt.Sprintf("%d positions compared, %d differ, %d games abandoned", g.Compared, g.Mismatches, s.Abandoned)
		}
	}
	return strings.Join([]string{
		game, players[0].Name(), players[1].Name(),
		fmt.Sprint(s.Games), fmt.Sprint(s.Started),
		fmt.Sprintf("%.1f%% ± %.1f", 100*s.WinRate, 100*s.WinSE),
		fmt.Sprintf("%+.3f ± %.3f", s.PPG, s.PPGSE),
		strings.Join(kinds, ", "),
		fmt.Sprintf("%.0fs", s.Elapsed.Seconds()),
		fmt.Sprintf("%.2f", players[0].perMove()),
		fmt.Sprintf("%.2f", players[1].perMove()),
		checks,
	}, "\t")
}
