// Command cases writes the short-nardy positions and rolls of the GNU
// Backgammon reference corpus (see generate.sh): the opening position with
// each of the 21 rolls, then a few hundred positions reached by random
// play from the opening, chosen to cover checkers on the bar, blocked and
// failed entries, bearing off, hits during bear-off, rolls that cannot be
// played in full, and doubles.
//
// With -selfplay it also takes positions and rolls from games GNU
// Backgammon played against itself (written by selfplay.py), read through
// ParseGnubgID.
//
// Each line is "code<TAB>position-id<TAB>tags": the engine's position code
// with the roll, the GNU Backgammon Position ID with the side to move on
// roll, and the comma-separated reasons the case was chosen. The output
// depends only on the seed and on the engine.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// candidate is one position with one roll and what makes it interesting.
type candidate struct {
	p    engine.Position
	d    engine.Dice
	tags []string
}

// quota is how many cases to take for a tag, in this order; a case counts
// for every tag it has, and "any" fills up to the total.
var quotas = []struct {
	tag string
	n   int
}{
	{"dance", 15},
	{"none", 10},
	{"bar-while-home", 20},
	{"bearoff-hit", 25},
	{"blocked-entry", 30},
	{"bar", 40},
	{"double-partial", 15},
	{"larger-die", 15},
	{"smaller-die", 10},
	{"blocked-partial", 30},
	{"partial", 30},
	{"bearoff-partial", 15},
	{"bearoff-all", 10},
	{"bearoff", 50},
	{"hit", 40},
	{"double", 50},
	{"many", 10},
}

func main() {
	seed := flag.Uint64("seed", 20240601, "random seed")
	games := flag.Int("games", 150, "random games to play")
	total := flag.Int("n", 400, "random-play cases to write (besides the 21 opening rolls)")
	selfplay := flag.String("selfplay", "", "file of gnubg's own games (selfplay.py)")
	selfplayN := flag.Int("selfplay-n", 100, "cases to take from -selfplay")
	flag.Parse()

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()

	start := engine.StartPosition(engine.Short)
	for _, d := range engine.AllRolls() {
		write(w, candidate{p: start, d: d, tags: []string{"opening"}})
	}

	rng := rand.New(rand.NewPCG(*seed, *seed^0x9e3779b97f4a7c15))
	seen := map[engine.Position]bool{start: true}
	var cands []candidate
	for g := 0; g < *games; g++ {
		p := start
		if g%2 == 1 {
			p = p.Flip()
		}
		for turn := 0; turn < 1000 && !p.GameOver(engine.DefaultRules); turn++ {
			if !seen[p] {
				seen[p] = true
				for _, d := range engine.AllRolls() {
					if c, ok := classify(p, d); ok {
						cands = append(cands, c)
					}
				}
			}
			d := engine.Dice{uint8(rng.IntN(6) + 1), uint8(rng.IntN(6) + 1)}
			plays := engine.LegalPlays(p, d, engine.DefaultRules)
			if len(plays) == 0 {
				p = p.Flip()
				continue
			}
			p = plays[rng.IntN(len(plays))].Position
		}
	}
	fmt.Fprintf(os.Stderr, "cases: %d positions, %d candidates\n", len(seen), len(cands))

	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	taken := make([]bool, len(cands))
	count := map[string]int{}
	var out []candidate
	take := func(i int) {
		taken[i] = true
		out = append(out, cands[i])
		for _, t := range cands[i].tags {
			count[t]++
		}
	}
	for _, q := range quotas {
		for i := range cands {
			if count[q.tag] >= q.n || len(out) >= *total {
				break
			}
			if !taken[i] && slices.Contains(cands[i].tags, q.tag) {
				take(i)
			}
		}
	}
	for i := range cands {
		if len(out) >= *total {
			break
		}
		if !taken[i] {
			take(i)
		}
	}
	for _, c := range out {
		write(w, c)
	}
	if *selfplay != "" {
		sp, err := readSelfplay(*selfplay)
		if err != nil {
			fmt.Fprintln(os.Stderr, "cases:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "cases: %d distinct positions and rolls from gnubg's games\n", len(sp))
		rng.Shuffle(len(sp), func(i, j int) { sp[i], sp[j] = sp[j], sp[i] })
		for _, c := range sp[:min(*selfplayN, len(sp))] {
			write(w, c)
		}
	}
	for _, q := range quotas {
		fmt.Fprintf(os.Stderr, "cases: %-16s %d\n", q.tag, count[q.tag])
	}
}

// classify returns position p with roll d as a candidate and its tags.
func classify(p engine.Position, d engine.Dice) (candidate, bool) {
	me, opp := p.Turn, p.Turn.Other()
	plays := engine.LegalPlays(p, d, engine.DefaultRules)
	c := candidate{p: p, d: d}
	tag := func(t string) { c.tags = append(c.tags, t) }
	onBar := p.Bar(me) > 0
	bearing := p.AllHome(me)
	used := 0
	if len(plays) > 0 {
		used = plays[0].DicePlayed()
	}
	if onBar {
		tag("bar")
		for _, die := range d {
			entry := engine.Point(25 - die)
			if me == engine.Black {
				entry = engine.Point(die)
			}
			if p.Count(opp, entry) >= 2 {
				tag("blocked-entry")
				break
			}
		}
		if len(plays) == 0 {
			tag("dance")
		}
		// Every other checker of the side in its home: hit while bearing off.
		if p.Bar(me)+p.InHome(me)+p.Off(me) == engine.Checkers {
			tag("bar-while-home")
		}
	}
	if len(plays) == 0 && !onBar {
		tag("none")
	}
	finishes := false
	for _, pl := range plays {
		if pl.Position.Off(me) == engine.Checkers {
			finishes = true
		}
	}
	if used > 0 && used < d.Count() {
		tag("partial")
		if !finishes {
			// Not the end of the game: some die is blocked.
			tag("blocked-partial")
			if d.IsDouble() {
				tag("double-partial")
			}
		}
		if !d.IsDouble() && used == 1 {
			low := d.Low()
			if plays[0].Moves()[0].Die == d.High() {
				// The larger die must be played when the smaller one
				// could also be played alone.
				if len(engine.LegalPlays(p, engine.Dice{low, low}, engine.DefaultRules)) > 0 {
					tag("larger-die")
				}
			} else {
				tag("smaller-die")
			}
		}
	}
	if bearing {
		tag("bearoff")
		if used > 0 && used < d.Count() {
			tag("bearoff-partial")
		}
	}
	hits := false
	for _, pl := range plays {
		if pl.Hits() > 0 {
			hits = true
		}
	}
	if hits {
		tag("hit")
		if bearing || hitsAfterBearingOff(plays) {
			tag("bearoff-hit")
		}
	}
	if finishes {
		tag("bearoff-all")
	}
	if d.IsDouble() {
		tag("double")
	}
	if len(plays) > 100 {
		tag("many")
	}
	if len(c.tags) == 0 {
		tag("any")
	}
	return c, true
}

// readSelfplay reads the lines "position-id die die player" of gnubg's
// games; player X is taken as White and O as Black.
func readSelfplay(name string) ([]candidate, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []candidate
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 4 {
			return nil, fmt.Errorf("%s: bad line %q", name, sc.Text())
		}
		turn := engine.White
		if fields[3] == "O" {
			turn = engine.Black
		}
		p, err := engine.ParseGnubgID(fields[0], turn)
		if err != nil {
			return nil, err
		}
		d, err := engine.ParseDice(fields[1] + "-" + fields[2])
		if err != nil {
			return nil, err
		}
		d = d.Canonical()
		key := fields[0] + d.String()
		if seen[key] || p.GameOver(engine.DefaultRules) {
			continue
		}
		seen[key] = true
		c, _ := classify(p, d)
		c.tags = append([]string{"selfplay"}, c.tags...)
		out = append(out, c)
	}
	return out, sc.Err()
}

// hitsAfterBearingOff reports whether some play bears a checker off and
// hits.
func hitsAfterBearingOff(plays []engine.Play) bool {
	for _, pl := range plays {
		if pl.BearsOff() > 0 && pl.Hits() > 0 {
			return true
		}
	}
	return false
}

func write(w *bufio.Writer, c candidate) {
	id, err := c.p.GnubgID()
	if err != nil {
		fmt.Fprintln(os.Stderr, "cases:", err)
		os.Exit(1)
	}
	fmt.Fprintf(w, "%s\t%s\t%s\n", engine.Code(c.p, c.d, true, engine.DefaultRules), id, strings.Join(c.tags, ","))
}
