package site

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestMoveColumns: up to compactRows plays are one table; more are set in
// moveColumns tables of as even a length as they can be, in order, and
// every table has the column headings, the third column's too.
func TestMoveColumns(t *testing.T) {
	for _, c := range []struct {
		n     int
		sizes []int
	}{{1, []int{1}}, {10, []int{10}}, {11, []int{4, 4, 3}}, {15, []int{5, 5, 5}}, {29, []int{10, 10, 9}}} {
		mv := &movesView{}
		for i := range c.n {
			mv.Rows = append(mv.Rows, moveRow{N: i + 1})
		}
		setColumns(mv)
		var sizes []int
		next := 1
		for _, col := range mv.Columns {
			sizes = append(sizes, len(col))
			for _, r := range col {
				if r.N != next {
					t.Errorf("%d plays: row %d where %d comes", c.n, r.N, next)
				}
				next++
			}
		}
		if !slices.Equal(sizes, c.sizes) {
			t.Errorf("%d plays: tables of %v, want %v", c.n, sizes, c.sizes)
		}
	}
	// A short-nardy position with 15 plays for 6-2: three tables, each
	// headed "№", "Ход", "Побито".
	page := &fstest.MapFile{Data: []byte("---\ntitle: T\ngame: short\n---\n```nardy\nwhite: 24x2 13x5 8x3 6x5\nblack: 1x2 12x3 16 17x3 18 19x5\ndice: 6-2\nexpect: moves 15\n```\n")}
	s, err := Build(t.Context(), Options{Content: "content", FS: fstest.MapFS{"ru/index.md": page, "uk/index.md": page}})
	if err != nil {
		t.Fatal(err)
	}
	html := string(s.Files["ru/index.html"])
	moves := html[strings.Index(html, `<div class="moves">`):strings.Index(html, `<p class="code">`)]
	head := `<thead><tr><th scope="col">№</th><th scope="col">Ход</th><th scope="col">Побито</th></tr></thead>`
	if !strings.Contains(moves, `<div class="plays columns">`) || strings.Count(moves, head) != 3 || len(regexp.MustCompile(`<tr><td>\d+</td>`).FindAllString(moves, -1)) != 15 {
		t.Errorf("15 plays are not three tables with their headings:\n%s", moves)
	}
	if strings.Contains(moves, `class="note"`) {
		t.Errorf("a note under the plays:\n%s", moves)
	}
}
