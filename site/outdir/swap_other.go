//go:build !linux && !darwin

package outdir

import "errors"

// exchange reports that this system cannot swap two directories in one
// step; Commit falls back to two renames.
func exchange(a, b string) error {
	return errors.New("no atomic exchange of directories on this system")
}
