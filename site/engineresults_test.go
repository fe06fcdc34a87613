package site

import (
	"reflect"
	"testing"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// TestEngineResultsChangeNothing makes figures of every kind (tables of
// plays and rolls, statistics, replies, each kind of odds, claims of each
// kind, an illegal play) on a page and on its translation, sharing what
// the engine computed as the render stage does, in both orders, and
// once more with one set of results for every figure of the test (the
// same position asked other questions among them); each is checked
// against the figure made alone: the same HTML, diagrams, rows and
// claims.
func TestEngineResultsChangeNothing(t *testing.T) {
	all := &engineResults{}
	blocks := []string{
		"game: long\nposition: start\ndice: 3-3\nshow: diagram moves rolls stats\nrolls: 2-1 5-5 3-3\nstats: head2 doubles\nexpect: moves 2\nexpect: head2 3/36\nexpect: dice-played 4",
		"game: long\nposition: start\nrolls: 2-1 5-5 3-3\nreplies: head2\nexpect: replies 5-5 head2 8/36\nexpect: replies 3-3 24/15 24/21 head2 4/36",
		"game: short\nposition: start\nrolls: 2-1\nreplies: hit\nexpect: replies 2-1 13/11/10 hit 5/36",
		"game: short\nwhite: 6 5 4\nblack: 19 20 21\nodds: race\nexpect: race 70,7%",
		"game: long\nwhite: 24x8 23 8 7 6 5 4x2\nblack: 12x12 9x3\nturn: black\nmarks: 8 7 6 5 4\nodds: escape 9 2\nexpect: escape 1 11/36",
		// The same position, other questions: a result kept for one
		// must not answer another.
		"game: long\nwhite: 24x8 23 8 7 6 5 4x2\nblack: 12x12 9x3\nturn: black\nodds: escape 9 1",
		"game: long\nwhite: 24x8 23 8 7 6 5 4x2\nblack: 12x12 9x3\nturn: black\nodds: escape 12 2",
		"game: long\nwhite: 24x8 23 8 7 6 5 4x2\nblack: 12x12 9x3\nturn: black\nrules: block-check=end-of-turn\nodds: escape 9 2",
		"game: long\nwhite:\nblack: 18x2\nturn: black\nodds: lastroll\nstats: draw\nexpect: draw 4/36",
		"game: short\nwhite: 1x3 2x2\nblack: 24x15\nodds: bearoff 2\nexpect: bearoff 1 4/36",
		"game: long\nposition: start\ndice: 6-6\nillegal: 24/18 18/12\nexpect: illegal",
	}
	for _, src := range blocks {
		var inputs []*figureInput
		for _, l := range []i18n.Lang{"ru", "uk"} {
			blk, err := block.Parse(src+"\ncaption: "+string(l), block.Options{})
			if err != nil {
				t.Fatalf("%q: %v", src, err)
			}
			inputs = append(inputs, &figureInput{Checker: true, Lang: l, Page: string(l) + "/long/a.html", Num: 1, Source: src, Print: "p1-", blk: blk})
		}
		alone := make([]*figureOutput, len(inputs))
		for k, in := range inputs {
			out, err := makeFigure(in)
			if err != nil {
				t.Fatalf("%q in %s: %v", src, in.Lang, err)
			}
			alone[k] = out
		}
		runs := []struct {
			er    *engineResults
			order []int
		}{
			{&engineResults{}, []int{0, 1}},
			{&engineResults{}, []int{1, 0}},
			{all, []int{0, 1}},
		}
		for _, run := range runs {
			for _, k := range run.order {
				in := *inputs[k]
				in.engine = run.er
				out, err := makeFigure(&in)
				if err != nil {
					t.Fatalf("%q in %s, shared: %v", src, in.Lang, err)
				}
				if !reflect.DeepEqual(out, alone[k]) {
					t.Errorf("%q in %s (order %v): the figure made with shared results differs from the one made alone", src, in.Lang, run.order)
				}
			}
		}
	}
}
