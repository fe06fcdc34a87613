package wasm

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Reading the sources' digest (sourceDigest) parses every Go file the
// modules are built from; a build does it before anything else, to know
// whether the embedded or cached modules are still the right ones. So the
// digest is remembered, in memory and in the cache directory, with what
// it was read from: the size and modification time of go.mod, go.sum and
// every file of every package directory it read, and the modification
// time of those directories (a file added or removed changes it). While
// none of them changed, the digest stands; a file written less than
// memoSlack before the digest was taken is not trusted (its time may not
// tell a later change apart, as in Git's "racily clean" entries), and the
// sources are read again.

// memoSlack is how old every file must have been when the digest was
// taken for the record to be trusted.
const memoSlack = 2 * time.Second

// memoRecord is a remembered digest and what it was read from.
type memoRecord struct {
	digest string
	taken  int64       // when, in Unix nanoseconds
	stats  []statEntry // go.mod, go.sum, the package directories and their files
}

// statEntry is one file or directory (slash path relative to the sources)
// as it was.
type statEntry struct {
	name  string
	size  int64
	mtime int64
}

var (
	memoMu  sync.Mutex
	memoMem = map[string]memoRecord{} // by source directory
)

// sourceDigestMemo returns sourceDigest(src), remembered in memory and, if
// dir is not empty, in a file there.
func sourceDigestMemo(src, dir string) (string, error) {
	memoMu.Lock()
	rec, ok := memoMem[src]
	memoMu.Unlock()
	if ok && rec.valid(src) {
		return rec.digest, nil
	}
	file := ""
	if dir != "" {
		sum := sha256.Sum256([]byte(src))
		file = filepath.Join(dir, "sources-"+hex.EncodeToString(sum[:8]))
		if data, err := os.ReadFile(file); err == nil {
			if rec, ok := parseMemo(data, src); ok && rec.valid(src) {
				memoMu.Lock()
				memoMem[src] = rec
				memoMu.Unlock()
				return rec.digest, nil
			}
		}
	}
	taken := time.Now().UnixNano()
	d, dirs, err := digestSources(src)
	if err != nil {
		return "", err
	}
	rec = memoRecord{digest: d, taken: taken}
	names := []string{"go.mod", "go.sum"}
	for _, pkg := range dirs {
		names = append(names, pkg)
		entries, err := os.ReadDir(filepath.Join(src, filepath.FromSlash(pkg)))
		if err != nil {
			return d, nil // the digest holds; it is not remembered
		}
		for _, e := range entries {
			if !e.IsDir() {
				names = append(names, path.Join(pkg, e.Name()))
			}
		}
	}
	for _, name := range names {
		info, err := os.Lstat(filepath.Join(src, filepath.FromSlash(name)))
		if err != nil {
			return d, nil
		}
		rec.stats = append(rec.stats, statEntry{name, info.Size(), info.ModTime().UnixNano()})
	}
	if !rec.trusted() {
		return d, nil // too fresh to be remembered
	}
	memoMu.Lock()
	memoMem[src] = rec
	memoMu.Unlock()
	if file != "" {
		writeMemo(file, src, rec)
	}
	return d, nil
}

// trusted reports whether every file and directory of the record was
// older than memoSlack when its digest was taken.
func (r memoRecord) trusted() bool {
	for _, e := range r.stats {
		if e.mtime >= r.taken-int64(memoSlack) {
			return false
		}
	}
	return len(r.stats) > 0
}

// valid reports whether the record still describes the sources in src:
// trusted, and every file and directory as it was.
func (r memoRecord) valid(src string) bool {
	if !r.trusted() {
		return false
	}
	for _, e := range r.stats {
		info, err := os.Lstat(filepath.Join(src, filepath.FromSlash(e.name)))
		if err != nil || info.Size() != e.size || info.ModTime().UnixNano() != e.mtime {
			return false
		}
	}
	return true
}

// memoHeader starts a file of a remembered digest.
const memoHeader = "nardydocs sources 1\n"

// writeMemo writes a record to file (into a new file renamed into place,
// so that a reader never sees half of one). A failure only costs time.
func writeMemo(file, src string, r memoRecord) {
	var b strings.Builder
	b.WriteString(memoHeader)
	b.WriteString(strconv.Quote(src) + "\n" + r.digest + "\n" + strconv.FormatInt(r.taken, 10) + "\n")
	for _, e := range r.stats {
		b.WriteString(strconv.Quote(e.name) + " " + strconv.FormatInt(e.size, 10) + " " + strconv.FormatInt(e.mtime, 10) + "\n")
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".sources-")
	if err != nil {
		return
	}
	_, err = tmp.WriteString(b.String())
	if cerr := tmp.Close(); err == nil && cerr == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}

// parseMemo reads a record written by writeMemo for the sources src.
func parseMemo(data []byte, src string) (memoRecord, bool) {
	rest, ok := strings.CutPrefix(string(data), memoHeader)
	if !ok {
		return memoRecord{}, false
	}
	lines := strings.Split(strings.TrimSuffix(rest, "\n"), "\n")
	if len(lines) < 4 || lines[0] != strconv.Quote(src) {
		return memoRecord{}, false
	}
	r := memoRecord{digest: lines[1]}
	var err error
	if r.taken, err = strconv.ParseInt(lines[2], 10, 64); err != nil {
		return memoRecord{}, false
	}
	for _, line := range lines[3:] {
		i := strings.LastIndexByte(line, ' ')
		j := strings.LastIndexByte(line[:max(i, 0)], ' ')
		if i < 0 || j < 0 {
			return memoRecord{}, false
		}
		name, err1 := strconv.Unquote(line[:j])
		size, err2 := strconv.ParseInt(line[j+1:i], 10, 64)
		mtime, err3 := strconv.ParseInt(line[i+1:], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			return memoRecord{}, false
		}
		r.stats = append(r.stats, statEntry{name, size, mtime})
	}
	return r, true
}
