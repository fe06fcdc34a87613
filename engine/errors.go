package engine

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Pos is a place in a text the engine or a page reads: a file (empty
// when the text has none, such as a move typed in a form), a 1-based line
// and a 1-based column counted in characters, not bytes. A zero Line or
// Col means the place is not known that precisely.
type Pos struct {
	File      string
	Line, Col int
}

// String writes the place as "file:line:col", leaving out what is not
// known; without a file it writes "line 3" or "column 5", as a message
// about a typed text reads best.
func (p Pos) String() string {
	switch {
	case p.File != "":
		s := p.File
		if p.Line > 0 {
			s += ":" + strconv.Itoa(p.Line)
			if p.Col > 0 {
				s += ":" + strconv.Itoa(p.Col)
			}
		}
		return s
	case p.Line > 0:
		return "line " + strconv.Itoa(p.Line)
	case p.Col > 0:
		return "column " + strconv.Itoa(p.Col)
	}
	return ""
}

// Error is a problem at a place in a text: a malformed move, a position
// block's bad line, a page's broken link.
type Error struct {
	Pos Pos
	Msg string
	// Code, when set, names the kind of problem for a reader in another
	// language ("count", "unknown-key"), and Args are the parts of the
	// text it quotes (a word, a point): a message table can say the
	// same in Russian or Ukrainian. Msg is the English for the author.
	Code string
	Args []string
	// Omitted is set on a line that stands for that many problems of its
	// file not listed (see ErrorList.Limit).
	Omitted int
	// Err, when set, is the cause: the error of a read, a template or a
	// write that made the problem. Msg then says what it meant; when Msg
	// is empty, the cause's text is the message.
	Err error
}

// Error writes "place: message", or the message alone when the place is
// unknown.
func (e *Error) Error() string {
	msg := e.Msg
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	if s := e.Pos.String(); s != "" {
		return s + ": " + msg
	}
	return msg
}

// Unwrap returns the cause, so that errors.Is and errors.As see it.
func (e *Error) Unwrap() error { return e.Err }

// Wrap returns a problem at pos caused by err, with msg (which may be
// empty) saying what it meant: "msg: err" when both are given.
func Wrap(pos Pos, msg string, err error) *Error {
	e := &Error{Pos: pos, Msg: msg, Err: err}
	if msg != "" && err != nil {
		e.Msg = msg + ": " + err.Error()
	}
	return e
}

// ErrorList is every problem found in a text (or a whole site), in the
// manner of go/scanner's ErrorList: collect them with Add, order them with
// Sort and return them with Err.
type ErrorList []*Error

// Add appends a problem at pos.
func (l *ErrorList) Add(pos Pos, msg string) {
	*l = append(*l, &Error{Pos: pos, Msg: msg})
}

// AddErr appends a problem at pos caused by err (see Wrap).
func (l *ErrorList) AddErr(pos Pos, msg string, err error) {
	*l = append(*l, Wrap(pos, msg, err))
}

// AddCode appends a problem at pos with the code and arguments that name
// it for translation (see Error.Code).
func (l *ErrorList) AddCode(pos Pos, msg, code string, args ...string) {
	*l = append(*l, &Error{Pos: pos, Msg: msg, Code: code, Args: args})
}

// Sort orders the problems by file, line and column, keeping the order of
// problems at the same place.
func (l ErrorList) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(
			strings.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
}

// Err returns the list, sorted, as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Limit returns the problems sorted, with at most n listed for each file:
// the rest of a file's are counted on one line after them, "… and 12
// more problems in this file".
func (l ErrorList) Limit(n int) ErrorList {
	l.Sort()
	var out ErrorList
	for i := 0; i < len(l); {
		j := i
		for j < len(l) && l[j].Pos.File == l[i].Pos.File {
			j++
		}
		if j-i <= n {
			out = append(out, l[i:j]...)
		} else {
			out = append(out, l[i:i+n]...)
			more := j - i - n
			out = append(out, &Error{Pos: Pos{File: l[i].Pos.File}, Msg: "… and " + strconv.Itoa(more) + " more problems in this file", Omitted: more})
		}
		i = j
	}
	return out
}

// Count returns how many problems the list stands for, counting those a
// Limit line omits.
func (l ErrorList) Count() int {
	n := 0
	for _, e := range l {
		n += max(e.Omitted, 1)
	}
	return n
}

// Unwrap returns the problems, so that errors.Is and errors.As look into
// each one and its cause.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// Error writes one problem per line.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Rebase moves problems found in a text embedded in a file into the
// file's coordinates: base is where the text's first character stands
// (its line, and the column its lines start at). A problem without a
// line concerns the whole text and gets only the file.
func (l ErrorList) Rebase(base Pos) {
	for _, e := range l {
		p := Pos{File: base.File}
		if e.Pos.Line > 0 {
			p.Line = base.Line + e.Pos.Line - 1
			if e.Pos.Col > 0 {
				p.Col = base.Col + e.Pos.Col - 1
			}
		}
		e.Pos = p
	}
}

// AsList returns err as an ErrorList: the list itself, a single *Error
// in a list, or any other error as one problem with no place.
func AsList(err error) ErrorList {
	if err == nil {
		return nil
	}
	var list ErrorList
	if errors.As(err, &list) {
		return list
	}
	var e *Error
	if errors.As(err, &e) {
		return ErrorList{e}
	}
	return ErrorList{{Msg: err.Error()}}
}
