// Command train makes the strong computer player's weights by self-play:
//
//	go run ./internal/bot/train -game short -games 200000 -seed 1 -out internal/bot/weights/short.bin
//
// The same flags give the same file. With -from it goes on training an
// existing file; with -check N it plays N games of the result, without
// look-ahead, against each opponent of -against and prints the scores.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
)

func main() {
	gameName := flag.String("game", "short", "the game: long or short")
	games := flag.Int("games", 10000, "self-play games")
	seed := flag.Uint64("seed", 1, "seed of the initial weights and the dice")
	hidden := flag.Int("hidden", 48, "hidden units of a new network")
	alpha := flag.Float64("alpha", 0.1, "learning rate at the start")
	from := flag.String("from", "", "weights file to go on training instead of a new network")
	out := flag.String("out", "", "weights file to write")
	check := flag.Int("check", 0, "after training, play this many games against each of -against")
	against := flag.String("against", "middle,random", "opponents of -check: beginner, middle, strong, strong0, random")
	flag.Parse()
	if err := run(*gameName, *games, *seed, *hidden, *alpha, *from, *out, *check, strings.Split(*against, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func run(gameName string, games int, seed uint64, hidden int, alpha float64, from, out string, check int, against []string) error {
	g, ok := engine.ParseGame(gameName)
	if !ok {
		return fmt.Errorf("-game %q: write long or short", gameName)
	}
	n := bot.NewNet(g, hidden, seed)
	if from != "" {
		data, err := os.ReadFile(from)
		if err != nil {
			return err
		}
		if n, err = bot.UnmarshalNet(data, g); err != nil {
			return fmt.Errorf("%s: %w", from, err)
		}
	}
	start := time.Now()
	bot.Train(n, bot.TrainOptions{Games: games, Seed: seed, Alpha: alpha, Progress: func(i int) {
		if i%1000 == 0 {
			fmt.Fprintf(os.Stderr, "%d games, %s\n", i, time.Since(start).Round(time.Second))
		}
	}})
	if out != "" {
		data, _ := n.MarshalBinary()
		if err := os.WriteFile(out, data, 0o644); err != nil {
			return err
		}
	}
	if check > 0 {
		for _, opp := range against {
			w, pts := bot.Duel(n, opp, g, check, seed+1)
			fmt.Printf("%s vs %s: %d games, won %.1f%%, %+.3f points per game\n", g, opp, check, 100*w, pts)
		}
	}
	return nil
}
