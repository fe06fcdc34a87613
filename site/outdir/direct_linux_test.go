package outdir

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCopyDirect: files written past the page cache hold every byte they
// were given, whole blocks and a last partial one, on a file system that
// takes direct writes; where one does not (tmpfs), nothing is written
// and the caller writes the file as usual.
func TestCopyDirect(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, directBlock - 1, directBlock, directBlock + 1, directChunk, directChunk + 123, 3*directChunk + directBlock} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(i*7 + i/4093)
		}
		full := filepath.Join(dir, "f"+strconv.Itoa(size))
		ok, err := copyDirect(full, bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%d bytes: %v", size, err)
		}
		if !ok {
			t.Skip("the temporary directory's file system takes no direct writes")
		}
		got, err := os.ReadFile(full)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%d bytes: read back %d bytes (%v), not the same", size, len(got), err)
		}
		if _, err := copyDirect(full, bytes.NewReader(data)); err == nil {
			t.Errorf("%d bytes: written over a file that was there", size)
		}
	}
}

// TestWriteDirectRefused: when the file system refuses a direct write
// (here, from a buffer not aligned for it), the bytes go through the
// cache, none lost.
func TestWriteDirectRefused(t *testing.T) {
	full := filepath.Join(t.TempDir(), "f")
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL|unix.O_DIRECT, 0o644)
	if errors.Is(err, unix.EINVAL) {
		t.Skip("the temporary directory's file system takes no direct writes")
	}
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 2*directChunk+1)[1:] // one byte off any alignment
	data := make([]byte, directChunk+directBlock+5)
	for i := range data {
		data[i] = byte(i % 251)
	}
	if err := writeDirect(f, bytes.NewReader(data), buf[:directChunk]); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if got, _ := os.ReadFile(full); !bytes.Equal(got, data) {
		t.Errorf("read back %d bytes, not the %d written", len(got), len(data))
	}
}
