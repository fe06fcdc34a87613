//go:build !unix

package site

import "io/fs"

// fileStamp is what says that a file of a built site is still the one the
// build wrote: here, its size and modification time.
func fileStamp(info fs.FileInfo) stamp {
	return stamp{size: info.Size(), mtime: info.ModTime().UnixNano()}
}
