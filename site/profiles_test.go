package site

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestRuleVariantsBreakTheirClaims flips each rule of the profile on a
// fixture whose claims all hold by default, and checks that exactly the
// claims (and tables) about that rule are reported.
func TestRuleVariantsBreakTheirClaims(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/profiles.txtar")
	opt := Options{Content: "content", FS: files}
	if _, err := Build(context.Background(), opt); err != nil {
		t.Fatalf("the fixture must build under the default profile:\n%v", err)
	}
	// Lines of the blocks' fences in rules.md (both languages).
	const head, passing, exemption, lastRoll, hide = 6, 17, 27, 37, 48
	for _, c := range []struct {
		rules    string
		problems []int // lines of failed claims or broken blocks
		changed  []int // fences of blocks whose tables change
	}{
		{"head-exception=doubles", []int{12}, []int{head}},
		{"block-check=end-of-turn", []int{22}, []int{passing}},
		{"block-exemption=home", []int{32}, []int{exemption}},
		{"last-roll=off", []int{42}, nil}, // the claim on 43 is not repeated: its "stats:" line fails
		{"short=eastern", []int{53}, []int{hide}},
		{"no-draws", []int{42}, nil},
		{"club", []int{12, 22, 42}, []int{head, passing}},
	} {
		d, err := DiffRules(context.Background(), opt, []string{c.rules})
		if err != nil {
			t.Fatalf("%s: %v", c.rules, err)
		}
		var problems, changed []string
		for _, e := range d.Problems {
			problems = append(problems, filepath.Base(e.Pos.File)+":"+strconv.Itoa(e.Pos.Line))
		}
		for _, f := range d.Figures {
			if len(f.Where) != 2 {
				t.Errorf("%s: %v: a figure and its translation are one entry", c.rules, f.Where)
			}
			for _, w := range f.Where {
				changed = append(changed, filepath.Base(w))
			}
		}
		want := func(lines []int) []string {
			var out []string
			for range 2 { // ru and uk
				for _, l := range lines {
					out = append(out, "rules.md:"+strconv.Itoa(l))
				}
			}
			return out
		}
		slices.Sort(problems)
		slices.Sort(changed)
		wp, wc := want(c.problems), want(c.changed)
		slices.Sort(wp)
		slices.Sort(wc)
		if !slices.Equal(problems, wp) {
			t.Errorf("%s: problems %v, want %v\n%s", c.rules, problems, wp, d)
		}
		if !slices.Equal(changed, wc) {
			t.Errorf("%s: changed tables %v, want %v\n%s", c.rules, changed, wc, d)
		}
	}
}

// TestClaimFailureMessage: a claim the engine disagrees with fails the
// build with the place, the claim, the engine's answer and the profile.
func TestClaimFailureMessage(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/profiles.txtar")
	opt := Options{Content: "content", FS: files, Rules: []string{"no-draws", "last-roll=on", "head-exception=doubles"}}
	_, err := Build(context.Background(), opt)
	if err == nil {
		t.Fatal("the build should fail")
	}
	want := filepath.Join("content", "ru", "rules.md") + ":12:9: expected dice-played 4, the engine gives 2 under profile federation"
	if got := err.(engine.ErrorList)[0].Error(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestChangesSincePreviousBuild: the build's manifest says which pages
// and figures changed, in a reader's terms: the rows of a table that
// went and came, a page and its translation together; a page whose
// words did not change is not reported because its figures or footer
// did.
func TestChangesSincePreviousBuild(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/profiles.txtar")
	opt := Options{Content: "content", FS: files}
	first, err := Build(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if c := first.Compare(nil); !c.First {
		t.Errorf("a build without a previous one: %+v", c)
	}
	if got := first.Compare(first.Manifest()).String(); got != "no changes since the previous build" {
		t.Errorf("the same build twice: %q", got)
	}
	second, err := Build(context.Background(), Options{Content: opt.Content, FS: files, Rules: []string{"block-check=end-of-turn"}, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	c := second.Compare(first.Manifest())
	ru, uk := filepath.Join("content", "ru", "rules.md"), filepath.Join("content", "uk", "rules.md")
	if len(c.Figures) != 1 || !slices.Equal(c.Figures[0].Where, []string{ru + ":17", uk + ":17"}) || c.Figures[0].Diagram {
		t.Fatalf("figures changed: %+v", c.Figures)
	}
	want := ru + ":17, " + uk + ":17: moves with 6-1: nothing → 13/7/6"
	if got := c.Figures[0].String(); got != want {
		t.Errorf("the change:\n%s\nwant\n%s", got, want)
	}
	if len(c.TextChanged) != 0 || len(c.PagesAdded) != 0 || len(c.PagesRemoved) != 0 {
		t.Errorf("only a figure changed, yet pages are reported: %+v", c)
	}
	// A page's words changing is reported, once per page.
	files["ru/rules.md"].Data = append(files["ru/rules.md"].Data, []byte("\nЕщё абзац.\n")...)
	third, err := Build(context.Background(), Options{Content: opt.Content, FS: files})
	if err != nil {
		t.Fatal(err)
	}
	if got := third.Compare(first.Manifest()).String(); got != "changes since the previous build, 1 file:\n  1 page with changed text: ru/rules.html" {
		t.Errorf("a paragraph added: %q", got)
	}
}
