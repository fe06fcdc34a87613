//go:build unix

package outdir

import (
	"io/fs"
	"syscall"
)

// stampOf returns a file's Stamp: its size, modification time, inode
// and change time. Writing to the file changes its modification and
// change times (and setting the modification time back changes the
// change time again), replacing it its inode.
func stampOf(info fs.FileInfo) Stamp {
	s := Stamp{Size: info.Size(), MTime: info.ModTime().UnixNano()}
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		s.Ino = uint64(st.Ino)
		s.CTime = changeTime(st)
	}
	return s
}
