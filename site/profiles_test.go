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
		for _, r := range d.Changed {
			changed = append(changed, filepath.Base(r.File)+":"+strconv.Itoa(r.Line))
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

// TestChangesSincePreviousBuild: the build's manifest says which pages,
// tables and diagrams changed.
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
	ru := filepath.Join("content", "ru", "rules.md")
	if !slices.Contains(c.TablesChanged, ru+":17") || len(c.TablesChanged) != 2 {
		t.Errorf("tables changed: %v", c.TablesChanged)
	}
	if len(c.DiagramsChanged) != 0 || len(c.FiguresAdded) != 0 || len(c.FiguresRemoved) != 0 {
		t.Errorf("only tables should change: %+v", c)
	}
	if !slices.Contains(c.PagesChanged, "ru/rules.html") {
		t.Errorf("pages changed: %v", c.PagesChanged)
	}
}
