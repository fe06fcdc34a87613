package engine

import (
	"slices"
)

// Error is a problem in a position block, at a 1-based line and column of
// the block's text (columns count characters, not bytes).
type Error struct {
	Line, Col int
	Msg       string
}

// Error writes "line N: message". The column is kept in the fields for
// callers that know the block's place in a file ("path:line:col: message").
func (e *Error) Error() string {
	return "line " + itoa(e.Line) + ": " + e.Msg
}

// ErrorList is every problem found in a block, in line order.
type ErrorList []*Error

// Add appends a problem.
func (l *ErrorList) Add(line, col int, msg string) {
	*l = append(*l, &Error{Line: line, Col: col, Msg: msg})
}

// Sort orders the problems by line, then column.
func (l ErrorList) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Error writes one problem per line.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return join(parts, "\n")
}
