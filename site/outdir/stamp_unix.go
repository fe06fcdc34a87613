//go:build unix

package outdir

import (
	"io/fs"
	"syscall"
)

// stampOf returns a file's Stamp: its size, modification time and
// inode. Writing to the file changes its modification time, replacing it
// its inode.
func stampOf(info fs.FileInfo) Stamp {
	s := Stamp{Size: info.Size(), MTime: info.ModTime().UnixNano()}
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		s.Ino = uint64(st.Ino)
	}
	return s
}
