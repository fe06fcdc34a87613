//go:build !checker_ru && !checker_uk

package i18n

// HasCheckerText reports whether this build carries the move checker's
// strings in l: both languages, except in a checker module built for one
// (tags checker_ru, checker_uk).
func (l Lang) HasCheckerText() bool { return l.Valid() }

// checkerTable returns the strings of the move checker in l.
func checkerTable(l Lang) []entry {
	if l == UK {
		return ukChecker
	}
	return ruChecker
}
