package site

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// A long page is read on a phone too: its list of sections folds after
// its first entries, a page whose sections run in alphabetical order (a
// glossary) gets a line of their first letters, and every section of a
// long page ends with a link back to the top. None of it needs
// JavaScript: the fold is a <details>, the rest are links.

// onPageShown is how many of a long page's sections its list shows
// before the fold; a list of at most two more is shown whole.
const onPageShown = 5

// minLettered is how many sections in alphabetical order give a page
// the line of their first letters.
const minLettered = 10

// alphabets are the languages' alphabets, in order; a Russian list
// sorts Ё as Е, as dictionaries do.
var alphabets = map[i18n.Lang][]rune{
	i18n.RU: []rune("АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"),
	i18n.UK: []rune("АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"),
}

// onPage fills in v's list of the page's sections: the first
// onPageShown, the rest folded (when there are more than two more), and
// the line of first letters when the sections run in alphabetical order.
func onPage(v *pageView, l i18n.Lang, sections []navItem) {
	v.Sections = sections
	if len(sections) > onPageShown+2 {
		v.Sections, v.Folded = sections[:onPageShown], sections[onPageShown:]
		v.More = l.F("nav.folded", "n", l.N(len(v.Folded), "nav.sections"))
	}
	v.Letters = letters(l, sections)
}

// letters returns a link to the first section of each first letter of
// sections, when there are at least minLettered sections and their
// titles begin with letters of language l's alphabet in its order;
// otherwise nil.
func letters(l i18n.Lang, sections []navItem) []navItem {
	alpha := alphabets[l]
	if len(sections) < minLettered || alpha == nil {
		return nil
	}
	var line []navItem
	last := -1
	for _, s := range sections {
		r, _ := utf8.DecodeRuneInString(strings.TrimSpace(s.Title))
		r = unicode.ToUpper(r)
		if r == 'Ё' && l == i18n.RU {
			r = 'Е'
		}
		k := slices.Index(alpha, r)
		if k < 0 || k < last {
			return nil
		}
		if k > last {
			line = append(line, navItem{Title: string(alpha[k]), Href: s.Href, index: -1})
			last = k
		}
	}
	return line
}
