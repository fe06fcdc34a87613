//go:build !linux && !darwin

package site

import "errors"

// exchange reports that this system cannot swap two directories in one
// step; Write falls back to two renames.
func exchange(a, b string) error {
	return errors.New("no atomic exchange of directories on this system")
}
