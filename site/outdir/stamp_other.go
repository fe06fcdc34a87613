//go:build !unix

package outdir

import "io/fs"

// stampOf returns a file's Stamp: here, its size and modification time.
func stampOf(info fs.FileInfo) Stamp {
	return Stamp{Size: info.Size(), MTime: info.ModTime().UnixNano()}
}
