//go:build linux || android || solaris || illumos || aix || openbsd || dragonfly

package outdir

import "syscall"

// changeTime returns a file's change time, in nanoseconds.
func changeTime(st *syscall.Stat_t) int64 { return int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec) }
