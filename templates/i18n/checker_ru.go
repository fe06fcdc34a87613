//go:build checker_ru

package i18n

// HasCheckerText reports whether this build carries the move checker's
// strings in l: only Russian in this one.
func (l Lang) HasCheckerText() bool { return l == RU }

// checkerTable returns the strings of the move checker. This build (tag
// checker_ru) is a checker module for the Russian pages: it speaks
// Russian whatever l.
func checkerTable(Lang) []entry { return ruChecker }
