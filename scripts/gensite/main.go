// Command gensite writes a synthetic nardydocs site of a given size, for
// measuring builds at scale: pages in both languages, each with a few
// headings, paragraphs and position blocks taken from random games (with
// rolls, statistics and claims the engine checks).
//
//	go run ./scripts/gensite -blocks 10000 -out /tmp/big
//
// writes /tmp/big/content; build it with
//
//	nardydocs build --content /tmp/big/content --out /tmp/big/public
package main

import (
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

func main() {
	blocks := flag.Int("blocks", 10000, "position blocks in all (both languages)")
	perPage := flag.Int("per-page", 5, "blocks per page")
	out := flag.String("out", "", "directory to write content/ into (required)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *out == "" {
		log.Fatal("give -out DIR")
	}
	rng := rand.New(rand.NewPCG(*seed, 2))
	pages := max(1, *blocks/2 / *perPage)
	content := filepath.Join(*out, "content")
	for _, lang := range []string{"ru", "uk"} {
		if err := os.MkdirAll(filepath.Join(content, lang), 0o755); err != nil {
			log.Fatal(err)
		}
	}
	byGame := randomPositions(rng, pages**perPage)
	for i := range pages {
		g := i % 2
		section := engine.Game(g).String()
		rel := fmt.Sprintf("%s/page-%05d.md", section, i)
		if i < 2 {
			rel = section + "/index.md"
		}
		k := i / 2 * *perPage
		page := pageText(i, section, byGame[g][k:k+*perPage])
		for _, lang := range []string{"ru", "uk"} {
			name := filepath.Join(content, lang, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				log.Fatal(err)
			}
			if err := os.WriteFile(name, []byte(page), 0o644); err != nil {
				log.Fatal(err)
			}
		}
	}
	for _, lang := range []string{"ru", "uk"} {
		home := "---\ntitle: Главная\norder: 0\n---\nСинтетический сайт: " + fmt.Sprint(pages) + " страниц.\n"
		if err := os.WriteFile(filepath.Join(content, lang, "index.md"), []byte(home), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("%d pages and %d blocks in each of 2 languages in %s\n", pages+1, pages**perPage, content)
}

// sample is a position met in a random game, with the roll to study.
type sample struct {
	p engine.Position
	d engine.Dice
}

// randomPositions plays random games of both kinds and takes n positions
// of each from them.
func randomPositions(rng *rand.Rand, n int) [2][]sample {
	var byGame [2][]sample
	for g := range 2 {
		for len(byGame[g]) < n {
			p := engine.StartPosition(engine.Game(g))
			for turn := 0; turn < 120 && !p.GameOver(engine.DefaultRules); turn++ {
				d := engine.Dice{uint8(1 + rng.IntN(6)), uint8(1 + rng.IntN(6))}
				if rng.IntN(3) == 0 {
					byGame[g] = append(byGame[g], sample{p, d})
				}
				plays := engine.LegalPlays(p, d, engine.DefaultRules)
				if len(plays) == 0 {
					p = p.Flip()
					continue
				}
				p = plays[rng.IntN(len(plays))].Position
			}
		}
	}
	return byGame
}

// pageText writes page i of a section with its blocks.
func pageText(i int, section string, samples []sample) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: Страница %d\norder: %d\ngame: %s\n---\n\n", i, i, section)
	for k, s := range samples {
		fmt.Fprintf(&b, "## Позиция %d\n\nТекст о позиции %d: что делать при броске %s и почему.\n\n", k+1, k+1, s.d)
		plays := engine.LegalPlays(s.p, s.d, engine.DefaultRules)
		fmt.Fprintf(&b, "```nardy\nposition: %s\ndice: %s\n", engine.Code(s.p, engine.Dice{}, false, engine.DefaultRules), s.d)
		fmt.Fprintf(&b, "caption: Позиция %d, бросок %s.\nexpect: moves %d\n", k+1, s.d, len(plays))
		if k%2 == 0 {
			b.WriteString("stats: nomove lost\n")
		}
		b.WriteString("```\n\n")
	}
	return b.String()
}
