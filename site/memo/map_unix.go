//go:build unix

package memo

import (
	"os"
	"syscall"
)

// mapSegment maps the size bytes of the segment file f into memory, read
// only: a build touches only the pages of the values it reads, which the
// file system's cache already holds, instead of reading the whole file
// into fresh memory. It reports false when the file cannot be mapped
// (the caller then reads it).
func mapSegment(f *os.File, size int64) ([]byte, bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return data, true
}

// unmapSegment lets go of what mapSegment mapped.
func unmapSegment(data []byte) error { return syscall.Munmap(data) }
