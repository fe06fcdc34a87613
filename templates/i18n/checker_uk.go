//go:build checker_uk

package i18n

// HasCheckerText reports whether this build carries the move checker's
// strings in l: only Ukrainian in this one.
func (l Lang) HasCheckerText() bool { return l == UK }

// checkerTable returns the strings of the move checker. This build (tag
// checker_uk) is a checker module for the Ukrainian pages: it speaks
// Ukrainian whatever l.
func checkerTable(Lang) []entry { return ukChecker }
