package site

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestTranslationsAgree: a page and its translation may differ in prose
// and captions, but not in what the engine reads; a difference names
// both files.
func TestTranslationsAgree(t *testing.T) {
	t.Parallel()
	page := func(dice, caption string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\nТекст.\n\n```nardy\nposition: start\ndice: " + dice + "\ncaption: " + caption + "\n```\n")}
	}
	if got := buildErrors(t, fstest.MapFS{"ru/index.md": page("6-5", "Подпись"), "uk/index.md": page("6-5", "Підпис")}); got != "" {
		t.Errorf("captions may differ: %s", got)
	}
	got := buildErrors(t, fstest.MapFS{"ru/index.md": page("6-6", "Подпись"), "uk/index.md": page("6-5", "Підпис")})
	want := filepath.Join("content", "uk", "index.md") + `:7:1: figure 1 differs from its translation ` + filepath.Join("content", "ru", "index.md") + `:7 in its roll: "6-5" here, "6-6" there`
	if !strings.HasPrefix(got, want) || strings.Count(got, "\n") != 0 {
		t.Errorf("a roll changed in one language:\n%s\nwant one problem starting\n%s", got, want)
	}
}

// TestTranslationsAgreeDespiteProblems: a block with problems of its own
// is still compared with its translation in what those problems do not
// explain. A roll changed in one language that makes its "highlight:"
// play illegal is two problems, the second naming both files; a roll
// that cannot be read is one, and the translation is not blamed for it.
func TestTranslationsAgreeDespiteProblems(t *testing.T) {
	t.Parallel()
	page := func(lines string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\nТекст.\n\n```nardy\n" + lines + "```\n")}
	}
	ru, uk := filepath.Join("content", "ru", "index.md"), filepath.Join("content", "uk", "index.md")
	const start = "position: start\n"
	const tail = "; a translation teaches the same (only captions and prose may differ)"
	for _, c := range []struct{ name, ru, uk, want string }{
		{"a changed roll breaks the highlighted play",
			start + "dice: 6-6\nhighlight: 24/13\n", start + "dice: 6-5\nhighlight: 24/13\n",
			ru + `:10:12: highlight: the play "24/13" is not legal with 6-6: the dice cannot move a checker from 24 to 13` + "\n" +
				uk + `:7:1: figure 1 differs from its translation ` + ru + `:7 in its roll: "6-5" here, "6-6" there` + tail},
		{"a changed roll breaks the play drawn after and the illegal one",
			start + "dice: 3-3\nafter: 24/18/13\nillegal: 24/21 24/21\n", start + "dice: 6-5\nafter: 24/18/13\nillegal: 24/18 24/19\n",
			ru + `:10:8: after: the play "24/18/13" is not legal with 3-3: the dice cannot move a checker from 18 to 13` + "\n" +
				uk + `:7:1: figure 1 differs from its translation ` + ru + `:7 in its roll: "6-5" here, "3-3" there` + tail},
		{"a problem elsewhere in the block",
			start + "dice: 6-5\nmarks: 25\nexpect: moves 2\n", start + "dice: 6-5\nmarks: 13\nexpect: moves 1\n",
			ru + `:10:8: marks: "25" is not a point 1 to 24` + "\n" +
				uk + `:7:1: figure 1 differs from its translation ` + ru + `:7 in its claims: "moves 1" here, "moves 2" there` + tail},
		{"a roll that cannot be read",
			start + "dice: 7-1\nhighlight: 24/17 24/23\n", start + "dice: 6-5\nhighlight: 24/13\n",
			ru + `:9:7: dice "7-1": a die shows 1 to 6`},
		{"a roll that cannot be read, a play shown with it and a claim",
			start + "dice: 7-1\nshow: diagram moves\nillegal: 24/17 24/23\nexpect: moves 1\n", start + "dice: 6-5\nshow: diagram moves\nillegal: 24/18 24/19\nexpect: moves 1\n",
			ru + `:9:7: dice "7-1": a die shows 1 to 6`},
		{"a position that cannot be read",
			"white: 24x16\nblack: 12x15\ndice: 6-6\n", start + "dice: 6-5\n",
			ru + `:8:8: "24x16": a count is 1 to 15`},
	} {
		got := buildErrors(t, fstest.MapFS{"ru/index.md": page(c.ru), "uk/index.md": page(c.uk)})
		if got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}

// TestOneProblemPerCause: a block with too many checkers and a die of 7
// is two problems, in the file that has them: no claim asks for a dice
// line it has, and its translation is not blamed.
func TestOneProblemPerCause(t *testing.T) {
	t.Parallel()
	bad := &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\n```nardy\nwhite: 24x16\nblack: 12x15\ndice: 7-1\nstats: nomove\nshow: diagram moves\nillegal: 24/18\nexpect: moves 1\nexpect: nomove 0/36\nexercise: plays\n```\n")}
	good := &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\n```nardy\nposition: start\ndice: 6-6\nexpect: moves 1\nexercise: plays\n```\n")}
	got := buildErrors(t, fstest.MapFS{"ru/index.md": bad, "uk/index.md": good})
	ru := filepath.Join("content", "ru", "index.md")
	want := ru + `:6:8: "24x16": a count is 1 to 15` + "\n" + ru + `:8:7: dice "7-1": a die shows 1 to 6`
	if got != want {
		t.Errorf("problems:\n%s\nwant\n%s", got, want)
	}
	// With "highlight:" and no "show:" line: the block would show its
	// moves if its roll could be read, so no "show:" is asked for.
	bad = &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\n```nardy\nwhite: 24x16\nblack: 12x15\ndice: 7-1\nhighlight: 24/17 24/23\nexpect: moves 1\nexercise: plays\n```\n")}
	good = &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\n```nardy\nposition: start\ndice: 6-6\nhighlight: 24/18 24/18\nexpect: moves 1\nexercise: plays\n```\n")}
	if got := buildErrors(t, fstest.MapFS{"ru/index.md": bad, "uk/index.md": good}); got != want {
		t.Errorf("with highlight:, problems:\n%s\nwant\n%s", got, want)
	}
	// A later block continuing the position a broken block names is not
	// blamed for it: it continues the position if that could be read,
	// and says nothing of it if not.
	named := func(lines string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\n```nardy\n" + lines + "name: a\n```\n\n```nardy\nfrom: a\nplay: 6-5 24/13\ndice: 6-6\n```\n")}
	}
	for _, c := range []struct{ ru, uk, want string }{
		{"position: start\ndice: 7-1\n", "position: start\ndice: 6-1\n", ru + `:7:7: dice "7-1": a die shows 1 to 6`},
		{"white: 24x16\nblack: 12x15\ndice: 6-1\n", "white: 24x15\nblack: 12x15\ndice: 6-1\n", ru + `:6:8: "24x16": a count is 1 to 15`},
	} {
		if got := buildErrors(t, fstest.MapFS{"ru/index.md": named(c.ru), "uk/index.md": named(c.uk)}); got != c.want {
			t.Errorf("a broken named block, %q:\n%s\nwant\n%s", c.ru, got, c.want)
		}
	}
}

// TestTranslationsShowTheSamePlays: the play drawn after and the play
// marked in the table are compared as the engine reads them, so "24/13"
// and "24/18/13" agree, and a play left out does not; a play that is not
// legal is a problem of its own file.
func TestTranslationsShowTheSamePlays(t *testing.T) {
	t.Parallel()
	page := func(lines string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: long\n---\n```nardy\nposition: start\ndice: 6-5\n" + lines + "```\n")}
	}
	if got := buildErrors(t, fstest.MapFS{
		"ru/index.md": page("after: 24/18/13\nhighlight: 24/13\n"),
		"uk/index.md": page("after: 24/13\nhighlight: 24/19/13\n"),
	}); got != "" {
		t.Errorf("the same plays written differently: %s", got)
	}
	for _, c := range []struct{ ru, uk, fact string }{
		{"after: 24/18/13\n", "", `play shown after: none here, "24/18/13" there`},
		{"highlight: 24/18/13\n", "highlight: 24/18 24/19\n", "the play \"24/18 24/19\" is not legal"},
	} {
		got := buildErrors(t, fstest.MapFS{"ru/index.md": page(c.ru), "uk/index.md": page(c.uk)})
		if !strings.Contains(got, c.fact) {
			t.Errorf("ru %q, uk %q:\n%s\nwant a problem with %q", c.ru, c.uk, got, c.fact)
		}
	}
}
