package site

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// The word lists of TestSpelling: the nardy terms and names that the
// Hunspell dictionaries lack, one a line, in testdata/words/<lang>.txt.
// A line "марс/стол" adds a word with the endings of a dictionary word
// that declines the same way (марса, марсом …); "#" starts a comment.
const wordsDir = "testdata/words"

// spellDicts are the Hunspell dictionaries of the site's languages.
var spellDicts = []struct{ lang, dict string }{{"ru", "ru_RU"}, {"uk", "uk_UA"}}

var (
	// A word of prose: letters and digits, joined inside by an
	// apostrophe or a hyphen (п’ять, по-русски, 24-й).
	proseWord = regexp.MustCompile(`[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*`)
	// What is not prose in a line of Markdown: inline code, a link's
	// address (the text before it stays), an address on its own, a tag.
	notProse = []*regexp.Regexp{
		regexp.MustCompile("`[^`]*`"),
		regexp.MustCompile(`\]\([^)]*\)`),
		regexp.MustCompile(`https?://\S+`),
		regexp.MustCompile(`<[^>]*>`),
	}
	// A value a message of the build fills in: "{profile}".
	placeholder = regexp.MustCompile(`\{[a-z]+\}`)
)

// proseLines returns the prose of a Markdown page with the number of the
// line each piece is on: the title and description of its front matter
// (not the keys), the text outside code blocks, and the captions of its
// position blocks, which the reader sees under the figures.
func proseLines(src string) map[int]string {
	out := map[int]string{}
	lines := strings.Split(src, "\n")
	i := 0
	if len(lines) > 0 && lines[0] == "---" {
		for i = 1; i < len(lines) && lines[i] != "---"; i++ {
			key, val, _ := strings.Cut(lines[i], ":")
			if key == "title" || key == "description" {
				out[i+1] = val
			}
		}
		i++
	}
	fence, nardy := false, false
	for ; i < len(lines); i++ {
		line := lines[i]
		if strings.HasPrefix(line, "```") {
			if !fence {
				nardy = strings.HasPrefix(line, "```nardy")
			}
			fence = !fence
			continue
		}
		if fence {
			if caption, ok := strings.CutPrefix(line, "caption:"); ok && nardy {
				out[i+1] = caption
			}
			continue
		}
		for _, re := range notProse {
			line = re.ReplaceAllString(line, " ")
		}
		out[i+1] = line
	}
	return out
}

// spellable reports whether Hunspell should judge a word of prose: it is
// written in Cyrillic (names and terms in Latin letters are not the
// dictionaries' business) and holds no digit (24-й, 6-5, A4).
func spellable(w string) bool {
	cyrillic := false
	for _, r := range w {
		switch {
		case unicode.IsDigit(r):
			return false
		case unicode.Is(unicode.Cyrillic, r):
			cyrillic = true
		}
	}
	return cyrillic
}

// errNoDict is hunspell's complaint when a dictionary is not installed.
var errNoDict = errors.New("dictionary not installed")

// hunspellUnknown runs hunspell with dictionary dict and the personal
// dictionary file pd over words, one a line, and returns the words it
// does not know.
func hunspellUnknown(exe, dict, pd string, words []string) ([]string, error) {
	cmd := exec.Command(exe, "-d", dict, "-p", pd, "-l")
	cmd.Stdin = strings.NewReader(strings.Join(words, "\n") + "\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if strings.Contains(stderr.String(), "Can't open affix or dictionary") {
		return nil, errNoDict
	}
	if err != nil {
		return nil, errors.New(err.Error() + ": " + stderr.String())
	}
	return strings.Fields(stdout.String()), nil
}

// readWordList reads a word list of wordsDir: its entries, without
// comments and blank lines, with their line numbers.
func readWordList(t *testing.T, name string) (entries []string, lines []int) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line != "" {
			entries = append(entries, line)
			lines = append(lines, n)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return entries, lines
}

// TestSpelling runs Hunspell over the prose of every page of content/,
// and the words the build writes on the game pages, in each language
// with its dictionary: no word may be unknown to the
// dictionary unless the language's list of nardy terms (wordsDir) holds
// it, and the list holds only words the dictionary lacks, declined like
// words it knows. Without hunspell or a dictionary the test is skipped,
// except under CI, where it fails.
func TestSpelling(t *testing.T) {
	t.Parallel()
	missing := func(t *testing.T, why string) {
		t.Helper()
		if os.Getenv("CI") != "" {
			t.Fatalf("%s; CI installs hunspell hunspell-ru hunspell-uk", why)
		}
		t.Skip(why + ": the spelling is not checked")
	}
	exe, err := exec.LookPath("hunspell")
	if err != nil {
		missing(t, "hunspell is not installed")
	}
	for _, d := range spellDicts {
		t.Run(d.lang, func(t *testing.T) {
			t.Parallel()
			// Where each word of prose is: "content/ru/glossary.md:12".
			where := map[string][]string{}
			root := filepath.Join("..", "content", d.lang)
			err := filepath.WalkDir(root, func(name string, e os.DirEntry, err error) error {
				if err != nil || e.IsDir() || !strings.HasSuffix(name, ".md") {
					return err
				}
				src, err := os.ReadFile(name)
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel("..", name)
				for n, line := range proseLines(string(src)) {
					for _, w := range proseWord.FindAllString(line, -1) {
						if spellable(w) {
							where[w] = append(where[w], filepath.ToSlash(rel)+":"+strconv.Itoa(n))
						}
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			// The words the build writes on the game pages, which no
			// content page holds.
			lang := i18n.Lang(d.lang)
			for _, k := range lang.Keys() {
				if !strings.HasPrefix(k, "gp.") {
					continue
				}
				text := placeholder.ReplaceAllString(lang.T(k), " ")
				for _, w := range proseWord.FindAllString(text, -1) {
					if spellable(w) {
						where[w] = append(where[w], "templates/i18n/gamepage.go:"+k)
					}
				}
			}
			if len(where) < 1000 {
				t.Fatalf("only %d distinct words in %s: the prose is not read", len(where), root)
			}
			words := make([]string, 0, len(where))
			for w := range where {
				words = append(words, w)
			}
			sort.Strings(words)

			listName := filepath.Join(wordsDir, d.lang+".txt")
			entries, lines := readWordList(t, listName)
			empty := filepath.Join(t.TempDir(), "empty")
			personal := filepath.Join(t.TempDir(), "words")
			if err := os.WriteFile(empty, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(personal, []byte(strings.Join(entries, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}

			// The list: each word is one the dictionary lacks, and each
			// model word after "/" is one it knows.
			var heads, models []string
			for _, e := range entries {
				head, model, _ := strings.Cut(e, "/")
				heads = append(heads, head)
				models = append(models, model)
			}
			lacking, err := hunspellUnknown(exe, d.dict, empty, slices.Concat(heads, slices.DeleteFunc(slices.Clone(models), func(m string) bool { return m == "" })))
			if errors.Is(err, errNoDict) {
				missing(t, "the Hunspell dictionary "+d.dict+" is not installed")
			}
			if err != nil {
				t.Fatal(err)
			}
			for k, head := range heads {
				// A word with a model may be a dictionary word declined
				// otherwise (uk «піп», a priest: попа; the game's піп: піпа).
				if models[k] == "" && !slices.Contains(lacking, head) {
					t.Errorf("%s:%d: «%s» is in the %s dictionary already; drop it from the list", listName, lines[k], head, d.dict)
				}
				if models[k] != "" && slices.Contains(lacking, models[k]) {
					t.Errorf("%s:%d: the model word «%s» is not in the %s dictionary, so it gives no endings", listName, lines[k], models[k], d.dict)
				}
			}

			unknown, err := hunspellUnknown(exe, d.dict, personal, words)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range slices.Compact(slices.Sorted(slices.Values(unknown))) {
				// Hunspell reports the part of a hyphenated word it
				// does not know: find the words that hold it.
				var at []string
				for _, w := range words {
					if w == u || slices.Contains(strings.FieldsFunc(w, func(r rune) bool { return r == '-' }), u) {
						at = append(at, where[w]...)
					}
				}
				sort.Strings(at)
				first := "?"
				if len(at) > 0 {
					first = at[0]
				}
				t.Errorf("%s: «%s» is not in the %s dictionary nor in %s (%d times); fix the spelling, or add the term to the list", first, u, d.dict, listName, len(at))
			}
		})
	}
}
