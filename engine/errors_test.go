package engine

import (
	"errors"
	"io/fs"
	"testing"
)

// TestErrorCause: a problem keeps its cause, which errors.Is and
// errors.As find through the problem and through a list holding it; the
// message says both what it meant and why.
func TestErrorCause(t *testing.T) {
	t.Parallel()
	cause := &fs.PathError{Op: "open", Path: "x.md", Err: fs.ErrPermission}
	e := Wrap(Pos{File: "content/ru/x.md"}, "reading the page", cause)
	if got, want := e.Error(), "content/ru/x.md: reading the page: open x.md: permission denied"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(e, fs.ErrPermission) {
		t.Error("errors.Is does not find the cause of an *Error")
	}
	var list ErrorList
	list.Add(Pos{File: "a.md", Line: 1}, "first")
	list.AddErr(Pos{File: "b.md"}, "", cause)
	if got, want := list[1].Error(), "b.md: open x.md: permission denied"; got != want {
		t.Errorf("a problem without a message: %q, want %q", got, want)
	}
	var err error = list
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrPermission) || !errors.As(err, &pe) || pe.Path != "x.md" {
		t.Error("errors.Is and errors.As do not look into a list's problems")
	}
	if errors.Is(ErrorList{{Msg: "no cause"}}, fs.ErrPermission) {
		t.Error("a problem without a cause matches one")
	}
	if (&Error{Msg: "m"}).Unwrap() != nil {
		t.Error("Unwrap of a problem without a cause is not nil")
	}
}
