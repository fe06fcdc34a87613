package site

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Error is a problem in a content file, at a 1-based line and column
// (0 when the whole file is concerned).
type Error struct {
	Path      string
	Line, Col int
	Msg       string
}

// Error writes "path:line:col: message".
func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString(e.Path)
	if e.Line > 0 {
		sb.WriteString(":" + strconv.Itoa(e.Line))
		if e.Col > 0 {
			sb.WriteString(":" + strconv.Itoa(e.Col))
		}
	}
	sb.WriteString(": " + e.Msg)
	return sb.String()
}

// ErrorList is every problem a build found.
type ErrorList []*Error

// Add appends a problem.
func (l *ErrorList) Add(path string, line, col int, msg string) {
	*l = append(*l, &Error{Path: path, Line: line, Col: col, Msg: msg})
}

// Sort orders the problems by path, line and column.
func (l ErrorList) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

// Err returns the sorted list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Error writes one problem per line.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}
