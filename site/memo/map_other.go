//go:build !unix

package memo

import "os"

// mapSegment reports that segments are not mapped on this system: they
// are read.
func mapSegment(*os.File, int64) ([]byte, bool) { return nil, false }

// unmapSegment is never called where nothing is mapped.
func unmapSegment([]byte) error { return nil }
