package markdown

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// HeadingIDs generates heading ids that keep Cyrillic and other letters:
// "Голова и первый ход" becomes "голова-и-первый-ход". A repeated heading
// gets "-1", "-2" … after its id. goldmark's own generator drops every
// letter outside ASCII. Use one HeadingIDs per document
// (parser.WithIDs(NewHeadingIDs()) in the parse's context).
type HeadingIDs struct {
	used   map[string]bool
	next   map[string]int // for an id given out, the next suffix to try
	probes int            // candidates tried, for the test of linear time
}

var _ parser.IDs = (*HeadingIDs)(nil)

// NewHeadingIDs returns a generator with no id used yet.
func NewHeadingIDs() *HeadingIDs {
	return &HeadingIDs{used: map[string]bool{}, next: map[string]int{}}
}

// Generate implements parser.IDs: letters and digits are kept, lowered,
// and every run of other characters between them becomes one "-".
func (s *HeadingIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, r := range string(value) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
	}
	id := b.String()
	if id == "" {
		id = "section"
	}
	return []byte(s.unique(id))
}

// unique returns id, or id with the first free suffix when it is taken,
// and marks the result used. The next suffix to try is remembered per id,
// so that n equal headings cost time in proportion to n.
func (s *HeadingIDs) unique(id string) string {
	if !s.used[id] {
		s.used[id] = true
		return id
	}
	for i := max(s.next[id], 1); ; i++ {
		cand := id + "-" + strconv.Itoa(i)
		s.probes++
		if !s.used[cand] {
			s.next[id] = i + 1
			s.used[cand] = true
			return cand
		}
	}
}

// Put implements parser.IDs: an id written by hand ({#id}) is taken.
func (s *HeadingIDs) Put(value []byte) { s.used[string(value)] = true }
