package site

import (
	"slices"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// navSection is one group of the table of contents.
type navSection struct {
	Title string
	Href  string
	Pages []navItem
	index int // the section's index page, or -1
}

// navItem is one entry of the table of contents.
type navItem struct {
	Title string
	Href  string
	index int
}

// navigation returns, per language, the sections of the table of
// contents in reading order. Hrefs are filled in per page.
func (b *builder) navigation() map[i18n.Lang][]navSection {
	out := map[i18n.Lang][]navSection{}
	for _, lang := range i18n.Langs {
		col := collate.New(language.Make(string(lang)))
		bySec := map[string]*navSection{}
		var secs []string
		for i, p := range b.pages {
			if p.lang != lang {
				continue
			}
			sec := section(p.rel)
			s, ok := bySec[sec]
			if !ok {
				s = &navSection{index: -1}
				bySec[sec] = s
				secs = append(secs, sec)
			}
			if sec != "" && p.rel == sec+"/index" {
				s.index = i
				s.Title = p.fm.Title
				continue
			}
			s.Pages = append(s.Pages, navItem{Title: p.fm.Title, index: i})
		}
		less := func(ai, bi int, at, bt string) int {
			if d := b.pages[ai].fm.Order - b.pages[bi].fm.Order; d != 0 {
				return d
			}
			return col.CompareString(at, bt)
		}
		for _, s := range bySec {
			slices.SortStableFunc(s.Pages, func(x, y navItem) int {
				// The language's home page comes first.
				if xi, yi := b.pages[x.index].rel == "index", b.pages[y.index].rel == "index"; xi != yi {
					if xi {
						return -1
					}
					return 1
				}
				return less(x.index, y.index, x.Title, y.Title)
			})
		}
		slices.SortStableFunc(secs, func(x, y string) int {
			if x == "" || y == "" {
				return strings.Compare(x, y)
			}
			xs, ys := bySec[x], bySec[y]
			if xs.index >= 0 && ys.index >= 0 {
				return less(xs.index, ys.index, xs.Title, ys.Title)
			}
			return strings.Compare(x, y)
		})
		for _, sec := range secs {
			s := bySec[sec]
			if s.Title == "" && sec != "" {
				s.Title = sec
			}
			out[lang] = append(out[lang], *s)
		}
	}
	return out
}

// readingOrder returns the reading order of a language's pages.
func readingOrder(secs []navSection) []int {
	var order []int
	for _, s := range secs {
		if s.index >= 0 {
			order = append(order, s.index)
		}
		for _, it := range s.Pages {
			order = append(order, it.index)
		}
	}
	return order
}
