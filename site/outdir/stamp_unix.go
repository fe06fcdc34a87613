//go:build unix

package site

import (
	"io/fs"
	"syscall"
)

// fileStamp is what says that a file of a built site is still the one the
// build wrote: its size, modification time and inode. Writing to it
// changes its modification time, replacing it its inode.
func fileStamp(info fs.FileInfo) stamp {
	s := stamp{size: info.Size(), mtime: info.ModTime().UnixNano()}
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		s.ino = uint64(st.Ino)
	}
	return s
}
