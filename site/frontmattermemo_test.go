package site

import (
	"fmt"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/memo"
)

// TestFrontMatterMemo: a front matter read through the memo says what it
// says read anew, whichever of its inputs changed between the builds
// (its lines, the site's rules, the program); one with problems is read
// anew, its problems reported.
func TestFrontMatterMemo(t *testing.T) {
	t.Parallel()
	noDraws, err := engine.ParseRules(engine.Rules{}, "no-draws")
	if err != nil {
		t.Fatal(err)
	}
	m := memo.New()
	steps := []struct {
		version, text string
		base          engine.Rules
	}{
		{"v1", "title: Голова\norder: 7\ngame: long\n", engine.Rules{}},
		{"v1", "title: Голова\norder: 7\ngame: long\n", engine.Rules{}},
		{"v1", "title: Голова\norder: 8\ngame: long\n", engine.Rules{}},
		{"v1", "title: Голова\norder: 8\ngame: long\n", noDraws},
		{"v1", "title: Голова\norder: 8\ngame: long\nrules: head-exception=doubles\n", noDraws},
		{"v1", "title: Голова\norder: 8\ngame: long\nrules: head-exception=doubles\n", engine.Rules{}},
		{"v2", "title: Голова\norder: 8\ngame: long\nrules: head-exception=doubles\n", engine.Rules{}},
		{"v2", "title: Голова\norder: x\n", engine.Rules{}},
		{"v2", "title: Голова\norder: x\n", engine.Rules{}},
		{"v2", "draft: true\ntitle: Черновик\nprint: sheet\n", engine.Rules{}},
		{"v2", "draft: true\ntitle: Черновик\nprint: sheet\n", engine.Rules{}},
	}
	for k, s := range steps {
		fm := newFrontMatterMemo(m, s.version)
		var got, want engine.ErrorList
		f := fm.reader("a.md", s.base)([]byte(s.text), &got)
		w := readFrontMatter([]byte(s.text), "a.md", s.base, &want)
		fm.save()
		m.Save()
		if g, w := fmt.Sprintf("%+v", f), fmt.Sprintf("%+v", w); g != w {
			t.Errorf("step %d: %s\nwant %s", k, g, w)
		}
		if got.Error() != want.Error() {
			t.Errorf("step %d: problems %q, want %q", k, got.Error(), want.Error())
		}
	}
}

// TestProfileOf: the remembered profile of rules is theirs, for every
// preset and every value of every rule over the default, asked twice.
func TestProfileOf(t *testing.T) {
	t.Parallel()
	var all []engine.Rules
	for _, p := range engine.Presets {
		all = append(all, p.Rules)
	}
	for _, k := range engine.RuleKeys {
		for _, v := range k.Values {
			r, err := engine.ParseRules(engine.Rules{}, k.Name+"="+v)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, r)
		}
	}
	for range 2 {
		for _, r := range all {
			if got, want := profileOf(r), r.Profile(); got != want {
				t.Errorf("%+v: %q, want %q", r, got, want)
			}
		}
	}
}
