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
