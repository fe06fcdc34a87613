package outdir

import (
	"errors"
	"io"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// A large file a build writes whole and never reads again (the checker's
// modules, 14 MB of a site's 26 MB) is written past the page cache
// (O_DIRECT): filling the cache with it, page by new page, took more of
// a cold build's time than writing all its pages did. The file system
// gets whole blocks from a buffer aligned for it; the last, partial
// block, and every byte on a file system that takes no direct writes, go
// through the cache as any file's do.

// directBlock is the size and alignment of a direct write; directChunk
// how much one write takes.
const (
	directBlock = 4096
	directChunk = 1 << 20
)

// directBuf is the aligned buffer of direct writes (memory mapped: page
// aligned), made once; directMu holds it for one file at a time.
var (
	directMu  sync.Mutex
	directBuf []byte
)

// copyDirect writes what r gives into the file full, which must not
// exist, past the page cache where it can, and reports false, having
// written nothing, where it cannot even begin so (the caller then writes
// the file as usual).
func copyDirect(full string, r io.Reader) (bool, error) {
	directMu.Lock()
	defer directMu.Unlock()
	if directBuf == nil {
		buf, err := unix.Mmap(-1, 0, directChunk, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
		if err != nil {
			return false, nil
		}
		directBuf = buf
	}
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL|unix.O_DIRECT, 0o644)
	if errors.Is(err, unix.EINVAL) {
		return false, nil // a file system without direct writes
	}
	if err != nil {
		return true, err
	}
	err = writeDirect(f, r, directBuf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return true, err
}

// writeDirect writes what r gives into f, opened with O_DIRECT, whole
// blocks past the cache through buf; once a direct write is refused, and
// for the last partial block, the rest through the cache.
func writeDirect(f *os.File, r io.Reader, buf []byte) error {
	direct := true
	buffered := func() error {
		direct = false
		flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
		if err == nil {
			_, err = unix.FcntlInt(f.Fd(), unix.F_SETFL, flags&^unix.O_DIRECT)
		}
		return err
	}
	for {
		n, rerr := io.ReadFull(r, buf)
		whole := n
		if direct {
			whole = n / directBlock * directBlock
		}
		if whole > 0 {
			_, err := f.Write(buf[:whole])
			if err != nil && direct && errors.Is(err, unix.EINVAL) {
				// Refused before anything was written: the file system
				// wants other sizes or alignments.
				if err = buffered(); err == nil {
					_, err = f.Write(buf[:whole])
				}
			}
			if err != nil {
				return err
			}
		}
		if whole < n {
			if err := buffered(); err != nil {
				return err
			}
			if _, err := f.Write(buf[whole:n]); err != nil {
				return err
			}
		}
		switch rerr {
		case nil:
		case io.EOF, io.ErrUnexpectedEOF:
			return nil
		default:
			return rerr
		}
	}
}
