// Command pathological writes one content directory for each input that
// once made nardydocs quadratic or worse, each page about 1 MB, to
// measure that every one is refused or read within the bounds (under
// 2 s and 512 MiB): scripts/bounds runs "nardydocs check" on each.
//
//	go run ./scripts/pathological -out /tmp/bad
//
// writes /tmp/bad/NAME/content for every NAME it prints.
package main

import (
	"flag"
	"fmt"
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// size is the length each input is made up to.
const size = 1 << 20

// upTo repeats unit until the text would pass n bytes.
func upTo(unit string, n int) string { return strings.Repeat(unit, max(1, n/len(unit))) }

// page is a page with front matter fm (without its "---" lines) and body.
func page(fm, body string) string { return "---\n" + fm + "\n---\n" + body }

// yamlSize is the length of front matter near the bound (site.MaxYAML).
const yamlSize = 64<<10 - 100

// lines repeats unit n times on each line, up to size bytes; each line
// is a paragraph of its own.
func lines(unit string, n int) string { return upTo(strings.Repeat(unit, n)+"\n\n", size) }

// aliases is a billion laughs: each anchor a list of the one before,
// twice.
func aliases() string {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x]\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [*a%d, *a%d]\n", i, i, i-1, i-1)
	}
	return b.String()
}

const title = "title: Т\ngame: long"

// inputs returns each input's page by name.
func inputs() map[string]string {
	in := map[string]string{
		// 20,000 links on one line were 3 s, 100,000 two minutes: now
		// lines of MaxLinks links
		"links-one-line": page(title, lines("[a](b.md) ", 500)),
		// the same links, one a line
		"links-lines": page(title, upTo("[a](b.md)\n", size)),
		// goldmark on unclosed link openers (10,000 were 3.8 s)
		"unclosed-links-one-line": page(title, lines("[a](", 500)),
		"unclosed-links-lines":    page(title, upTo("[a](\n", size)),
		"unclosed-links-spaced":   page(title, lines("[a]( ", 500)),
		// unclosed emphasis and brackets
		"emphasis": page(title, lines("*a _b ", 1600)),
		"brackets": page(title, lines("[", 1000)),
		// lines of 10,000 characters of prose
		"long-line": page(title, lines("слово ", 1600)),
		// a table of 2,500 columns
		"table-columns": page(title, "|"+strings.Repeat("a|", 2500)+"\n|"+strings.Repeat("-|", 2500)+"\n"+upTo("|"+strings.Repeat("b|", 2500)+"\n", size)),
		// 100,000 headings of the same text (the ids are numbered)
		"headings": page(title, upTo("## a\n\n", size)),
		// a page of 1,000 headings, then text
		"headings-1000": page(title, strings.Repeat("## a\n\n", 1000)+lines("слово ", 1600)),
		// a block 1 MB long
		"one-block": page(title, "```nardy\n"+upTo("white: 1\n", size)+"```\n"),
		// many blocks, each a board
		"blocks": page(title, upTo("```nardy\nwhite: 1 2 3\nblack: 13 14 15\ndice: 6-5\n```\n\n", size)),
	}
	// a list nested 1,000 deep, then more items at that depth
	var b strings.Builder
	for i := range 1000 {
		b.WriteString(strings.Repeat("  ", i) + "- a\n")
	}
	deep := strings.Repeat("  ", 999) + "- a\n"
	for b.Len() < size {
		b.WriteString(deep)
	}
	in["nested-list-1000"] = page(title, b.String())
	// lists and quotes as deep as the bound lets them
	b.Reset()
	for i := range 32 {
		b.WriteString(strings.Repeat("  ", i) + "- a\n")
	}
	deep = strings.Repeat("  ", 31) + "- a\n"
	for b.Len() < size {
		b.WriteString(deep)
	}
	in["nested-list"] = page(title, b.String())
	in["nested-quotes"] = page(title, upTo(strings.Repeat("> ", 32)+"a\n", size))
	in["nested-list-one-line"] = page(title, upTo(strings.Repeat("- ", 32)+"a\n", size))
	in["nested-quotes-lists"] = page(title, upTo(strings.Repeat("> - ", 16)+"a\n", size))
	// front matter: 32,000 flow sequences deep (64 KB took 8–14 s and
	// 1.6 GB), 100,000 keys, nested block mappings, one long value
	in["front-matter-flow-deep"] = page("title: "+upTo("[", size/2)+upTo("]", size/2), "текст\n")
	in["front-matter-flow-8-deep"] = page(title+"\n"+upTo("a: [[[[[[[[a]]]]]]]]\n", yamlSize), "текст\n")
	in["front-matter-flow-unclosed"] = page("title: "+upTo("[[[[[[[[a, ", yamlSize), "текст\n")
	in["front-matter-braces"] = page("title: "+upTo("{a: ", yamlSize), "текст\n")
	keys := page(title+"\n", "текст\n")
	b.Reset()
	for i := 0; b.Len() < yamlSize; i++ {
		fmt.Fprintf(&b, "k%d: %d\n", i, i)
	}
	in["front-matter-keys"] = strings.Replace(keys, "game: long\n", "game: long\n"+b.String(), 1)
	b.Reset()
	for i := 0; b.Len() < yamlSize; i++ {
		b.WriteString(strings.Repeat(" ", i) + "a:\n")
	}
	in["front-matter-block-deep"] = page(title+"\nx:\n"+b.String(), "текст\n")
	in["front-matter-long-value"] = page(title+"\ndescription: "+upTo("слово ", yamlSize), "текст\n")
	in["front-matter-anchors"] = page(title+"\n"+upTo("a: &a [*a, *a]\n", yamlSize), "текст\n")
	in["front-matter-aliases"] = page(title+"\n"+aliases(), "текст\n")
	// races: thousands of distinct blocks, each near the per-block
	// bound, 150 to a page (see racePages)
	in["races"] = "races"
	return in
}

// racePages returns pages of distinct races, 1 MB in all, each with
// both sides counted on their way home: three White checkers anywhere
// in White's home behind two on the 9- and 8-points, Black likewise.
func racePages() []string {
	var homes []string // three checkers on points 1–4, as a block lists them
	for a := 4; a >= 1; a-- {
		for b := a; b >= 1; b-- {
			for c := b; c >= 1; c-- {
				counts := map[int]int{a: 1}
				counts[b]++
				counts[c]++
				var w []string
				for p := 4; p >= 1; p-- {
					switch counts[p] {
					case 0:
					case 1:
						w = append(w, fmt.Sprint(p))
					default:
						w = append(w, fmt.Sprintf("%dx%d", p, counts[p]))
					}
				}
				homes = append(homes, strings.Join(w, " "))
			}
		}
	}
	black := func(h string) string { // the same, mirrored: point p is 25-p
		var out []string
		for _, f := range strings.Fields(h) {
			var p, n int
			if _, err := fmt.Sscanf(f, "%dx%d", &p, &n); err == nil {
				out = append(out, fmt.Sprintf("%dx%d", 25-p, n))
			} else {
				fmt.Sscanf(f, "%d", &p)
				out = append(out, fmt.Sprint(25-p))
			}
		}
		slices.Reverse(out)
		return strings.Join(out, " ")
	}
	var pages []string
	var b strings.Builder
	total, blocks := 0, 0
	outers := []string{"9 8", "9 7", "8 7", "9x2", "8x2", "7x2"}
	for i := range len(outers) * len(outers) {
		outer, bouter := outers[i/len(outers)], black(outers[i%len(outers)])
		for _, wh := range homes {
			for _, bh := range homes {
				if total >= size {
					break
				}
				if blocks == 150 {
					pages = append(pages, page("title: Т\ngame: short", b.String()))
					b.Reset()
					blocks = 0
				}
				n, _ := fmt.Fprintf(&b, "```nardy\nwhite: %s %s\nblack: %s %s\nodds: race\n```\n\n", outer, wh, black(bh), bouter)
				total += n
				blocks++
			}
		}
	}
	return append(pages, page("title: Т\ngame: short", b.String()))
}

func main() {
	out := flag.String("out", "", "directory to write the inputs into (required)")
	only := flag.String("only", "", "write only the input of this name")
	flag.Parse()
	if *out == "" {
		log.Fatal("give -out DIR")
	}
	in := inputs()
	for _, name := range slices.Sorted(maps.Keys(in)) {
		text := in[name]
		if *only != "" && name != *only {
			continue
		}
		content := filepath.Join(*out, name, "content")
		if err := os.MkdirAll(filepath.Join(content, "ru"), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(content, "nardydocs.yaml"), []byte("languages: [ru]\nbase-url: https://nardy.example/\n"), 0o644); err != nil {
			log.Fatal(err)
		}
		pages := []string{text}
		if text == "races" {
			pages = racePages()
		}
		for i, text := range pages {
			name := "index.md"
			if i > 0 {
				name = fmt.Sprintf("page-%03d.md", i)
			}
			if err := os.WriteFile(filepath.Join(content, "ru", name), []byte(text), 0o644); err != nil {
				log.Fatal(err)
			}
		}
		fmt.Println(name)
	}
}
