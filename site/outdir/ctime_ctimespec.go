//go:build darwin || ios || freebsd || netbsd

package outdir

import "syscall"

// changeTime returns a file's change time, in nanoseconds.
func changeTime(st *syscall.Stat_t) int64 {
	return int64(st.Ctimespec.Sec)*1e9 + int64(st.Ctimespec.Nsec)
}
