// Package memo keeps what one build of a site computed for the next, by
// key: an optional helper beside the build, never a part of what it
// makes. A value is found by a key that Key computes from everything it
// was made from (its inputs, in one struct), so that a change to any
// input names another value; a build given no Memo computes everything,
// and a build given one makes the same site, byte for byte.
//
// New keeps the values in memory, for a process that builds again and
// again (serve); Open keeps them in a directory between runs of the
// command line. Values are stored as JSON, but for those that encode
// themselves (encoding.BinaryMarshaler): the site's records of pages,
// figures and analyses, read for every page of every build.
package memo

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Key returns the key of a value of the given kind made from in: a
// digest of kind and of in encoded as JSON, every exported field of it
// (so a struct that holds all of a value's inputs, in exported fields,
// names it whole; map keys are sorted, so the key does not depend on
// their order). It fails only for what JSON cannot encode.
func Key(kind string, in any) (string, error) {
	h := sha256.New()
	io.WriteString(h, kind)
	h.Write([]byte{0})
	enc := json.NewEncoder(h)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(in); err != nil {
		return "", fmt.Errorf("memo: the key of a %s: %w", kind, err)
	}
	return hex.EncodeToString(h.Sum(nil)[:20]), nil
}

// Memo holds values by key. Get and Put may be called from several
// goroutines at once; Save after them.
type Memo struct {
	mu    sync.Mutex
	fresh map[string][]byte // values put since the last Save
	kept  map[string][]byte // in memory: the values of the builds before
	used  map[string]bool   // the keys this build got or put
	// On disk: the directory, its index and its segments (see Open).
	dir string
	// loading is closed when the reading Open starts in the background
	// is done (nil once waited for, and for a memo in memory): the
	// fields of the files above are the reader's until then.
	loading  chan struct{}
	index    map[string]entry
	segments map[int]*os.File
	// whole holds the bytes of the segments mapped into memory, or read
	// whole (those of at most wholeSegment bytes), by segment; mapped
	// those of whole that are mapped, until Save or Close unmaps them.
	whole  map[int][]byte
	mapped map[int]bool
	// hits and misses count the Gets since the last Save.
	hits, misses atomic.Int64
}

// entry is where a value is on disk: the segment, its place and a
// checksum of its bytes.
type entry struct {
	Seg      int
	Off, Len int64
	CRC      uint32
}

// New returns an empty memo in memory. Save keeps the values the build
// since the previous Save used, and lets the others go: the memo holds
// about one site.
func New() *Memo {
	return &Memo{fresh: map[string][]byte{}, kept: map[string][]byte{}, used: map[string]bool{}}
}

// Open returns the memo kept in the directory dir (made by Save when
// missing). A directory that cannot be read, or a value damaged there,
// is a value not found: a memo never makes a build fail.
//
// The index is read and the segments are mapped into memory at once, in
// the background: a build has other work to do before it asks for its
// first value, and most builds read values of every segment.
func Open(dir string) *Memo {
	m := New()
	m.dir = dir
	done := make(chan struct{})
	m.loading = done
	go func() {
		defer close(done)
		m.loadDisk()
	}()
	return m
}

// Get decodes the value under key into v (a pointer) and reports whether
// there was one. A v that is an encoding.BinaryUnmarshaler decodes
// itself, from bytes it may keep until the memo's next Save or Close but
// must never change (they may be the memo's own: a segment of a memo on
// disk, mapped into memory read only).
func (m *Memo) Get(key string, v any) bool {
	data, ok := m.lookup(key)
	if ok {
		if u, own := v.(encoding.BinaryUnmarshaler); own {
			ok = u.UnmarshalBinary(data) == nil
		} else {
			ok = json.Unmarshal(data, v) == nil
		}
	}
	if ok {
		m.hits.Add(1)
		return true
	}
	m.misses.Add(1)
	return false
}

// Put keeps v under key: encoded by its own MarshalBinary when it is an
// encoding.BinaryMarshaler, else as JSON. A value that cannot be encoded
// is not kept.
func (m *Memo) Put(key string, v any) {
	var data []byte
	var err error
	if b, own := v.(encoding.BinaryMarshaler); own {
		data, err = b.MarshalBinary()
	} else {
		data, err = json.Marshal(v)
	}
	if err != nil {
		return
	}
	m.mu.Lock()
	m.fresh[key] = data
	m.used[key] = true
	m.mu.Unlock()
}

// Counts returns how many Gets found a value and how many did not since
// the last Save.
func (m *Memo) Counts() (hits, misses int) {
	return int(m.hits.Load()), int(m.misses.Load())
}

// lookup returns the bytes under key.
func (m *Memo) lookup(key string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if data, ok := m.fresh[key]; ok {
		m.used[key] = true
		return data, true
	}
	if data, ok := m.kept[key]; ok {
		m.used[key] = true
		return data, true
	}
	if m.dir == "" {
		return nil, false
	}
	m.load()
	e, ok := m.index[key]
	if !ok {
		return nil, false
	}
	data, err := m.read(e)
	if err != nil {
		delete(m.index, key)
		return nil, false
	}
	m.used[key] = true
	return data, true
}

// The files of a memo on disk: an index, naming where each value is, and
// segments of values, one written by each Save (or several merged into
// one). A Save writes its new values into a new segment, then a new
// index in the old one's place, then removes the segments the index no
// longer names.
const (
	indexFile  = "index"
	segPrefix  = "seg-"
	indexMagic = "nardydocs memo 2\n"
	// maxSegments is how many segments an index may name before Save
	// merges them into one; so do segments that hold more than twice
	// the bytes the index names.
	maxSegments = 8
)

// load waits for the reading Open started; m.mu is held.
func (m *Memo) load() {
	if m.loading != nil {
		<-m.loading
		m.loading = nil
	}
}

// loadDisk reads the index and opens each segment it names (see open);
// it is called once, by Open's goroutine.
func (m *Memo) loadDisk() {
	m.index = map[string]entry{}
	m.segments = map[int]*os.File{}
	m.whole = map[int][]byte{}
	m.mapped = map[int]bool{}
	data, err := os.ReadFile(filepath.Join(m.dir, indexFile))
	if err != nil || !bytes.HasPrefix(data, []byte(indexMagic)) {
		return
	}
	index, ok := decodeIndex(data[len(indexMagic):])
	if !ok {
		return
	}
	m.index = index
	segs := map[int]bool{}
	for _, e := range index {
		segs[e.Seg] = true
	}
	for n := range segs {
		m.open(n)
	}
}

// wholeSegment is the size up to which a segment that cannot be mapped
// is read whole: a build reads many of its values, and one read of the
// file costs less than a read for each. A larger segment is read value
// by value.
const wholeSegment = 32 << 20

// read returns the bytes of e, checked (they may be those of the whole
// segment, which nothing changes); m.mu is held.
func (m *Memo) read(e entry) ([]byte, error) {
	if e.Len < 0 || e.Len > 1<<30 || e.Off < 0 {
		return nil, errDamaged
	}
	if whole, ok := m.whole[e.Seg]; ok {
		if e.Off > int64(len(whole)) || e.Len > int64(len(whole))-e.Off {
			return nil, errDamaged
		}
		data := whole[e.Off : e.Off+e.Len : e.Off+e.Len]
		if crc32.ChecksumIEEE(data) != e.CRC {
			return nil, errDamaged
		}
		return data, nil
	}
	f, ok := m.segments[e.Seg]
	if !ok {
		var err error
		if f, err = m.open(e.Seg); err != nil {
			return nil, err
		}
		if _, ok := m.whole[e.Seg]; ok {
			return m.read(e)
		}
	}
	data := make([]byte, e.Len)
	if _, err := f.ReadAt(data, e.Off); err != nil {
		return nil, err
	}
	if crc32.ChecksumIEEE(data) != e.CRC {
		return nil, errDamaged
	}
	return data, nil
}

// open opens segment n, and maps it into memory, or where it cannot be
// mapped reads it whole if it has at most wholeSegment bytes.
func (m *Memo) open(n int) (*os.File, error) {
	f, err := os.Open(m.segment(n))
	if err != nil {
		return nil, err
	}
	m.segments[n] = f
	info, err := f.Stat()
	if err != nil {
		return f, nil
	}
	if data, ok := mapping(f, info.Size()); ok {
		m.whole[n], m.mapped[n] = data, true
	} else if info.Size() <= wholeSegment {
		whole := make([]byte, info.Size())
		if _, err := io.ReadFull(f, whole); err == nil {
			m.whole[n] = whole
		}
	}
	return f, nil
}

// release unmaps the segments mapped and closes the files; m.mu is held.
func (m *Memo) release() error {
	var errs []error
	for n, f := range m.segments {
		errs = append(errs, f.Close())
		delete(m.segments, n)
	}
	for n := range m.mapped {
		errs = append(errs, unmapSegment(m.whole[n]))
	}
	clear(m.mapped)
	clear(m.whole) // a segment's number may name another one later
	return errors.Join(errs...)
}

var errDamaged = errors.New("memo: a damaged value")

// mapping maps a segment (mapSegment); the tests replace it to read
// segments whole.
var mapping = mapSegment

// segment returns the file of segment n.
func (m *Memo) segment(n int) string {
	return filepath.Join(m.dir, segPrefix+strconv.Itoa(n))
}

// Save ends a build: the memo keeps the values it got or put, and no
// others. On disk, they are written for the next run; an error says
// they could not be (the memo is then as before: it only costs time).
func (m *Memo) Save() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.hits.Store(0)
	m.misses.Store(0)
	if m.dir == "" {
		kept := make(map[string][]byte, len(m.used))
		for key := range m.used {
			if data, ok := m.fresh[key]; ok {
				kept[key] = data
			} else if data, ok := m.kept[key]; ok {
				kept[key] = data
			}
		}
		m.kept, m.fresh, m.used = kept, map[string][]byte{}, map[string]bool{}
		return nil
	}
	m.load()
	err := m.saveDisk()
	m.fresh, m.used = map[string][]byte{}, map[string]bool{}
	return err
}

// saveDisk writes the values used since the last Save to disk; m.mu is
// held.
func (m *Memo) saveDisk() error {
	if err := os.MkdirAll(m.dir, 0o755); err != nil {
		return err
	}
	index := map[string]entry{}
	var old []string // the used values already on disk
	segs := map[int]bool{}
	live := int64(0)
	for key := range m.used {
		if _, ok := m.fresh[key]; ok {
			continue
		}
		if e, ok := m.index[key]; ok {
			index[key] = e
			old = append(old, key)
			segs[e.Seg] = true
			live += e.Len
		}
	}
	size := int64(0)
	for n := range segs {
		if info, err := os.Stat(m.segment(n)); err == nil {
			size += info.Size()
		}
	}
	// Too many segments, or too much in them no longer used: the old
	// values go into the new segment too.
	merge := len(segs) >= maxSegments || size > 2*live+1<<20
	write := slices.Sorted(maps.Keys(m.fresh))
	if merge {
		write = append(write, old...)
	}
	next := 1
	for n := range m.index {
		next = max(next, m.index[n].Seg+1)
	}
	for n := range m.segments {
		next = max(next, n+1)
	}
	if len(write) > 0 {
		// The values go to the file as they are read, through a small
		// buffer: a merge copies megabytes.
		err := writeFile(m.segment(next), func(w *bufio.Writer) error {
			off := int64(0)
			for _, key := range write {
				data, ok := m.fresh[key]
				if !ok {
					var err error
					if data, err = m.read(m.index[key]); err != nil {
						delete(index, key)
						continue
					}
				}
				index[key] = entry{Seg: next, Off: off, Len: int64(len(data)), CRC: crc32.ChecksumIEEE(data)}
				w.Write(data)
				off += int64(len(data))
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	err := writeFile(filepath.Join(m.dir, indexFile), func(w *bufio.Writer) error {
		w.WriteString(indexMagic)
		_, err := w.Write(encodeIndex(index))
		return err
	})
	if err != nil {
		return err
	}
	// The segments the new index does not name are removed.
	named := map[int]bool{}
	for _, e := range index {
		named[e.Seg] = true
	}
	m.release()
	if entries, err := os.ReadDir(m.dir); err == nil {
		for _, e := range entries {
			rest, ok := strings.CutPrefix(e.Name(), segPrefix)
			n, err := strconv.Atoi(rest)
			if ok && err == nil && !named[n] {
				os.Remove(filepath.Join(m.dir, e.Name()))
			}
		}
	}
	m.index = index
	return nil
}

// encodeIndex encodes an index: the number of entries, then each, in
// the order of the keys, as the key (its length and its bytes), the
// segment, the place and the length as varints, and the checksum.
func encodeIndex(index map[string]entry) []byte {
	keys := slices.Sorted(maps.Keys(index))
	buf := make([]byte, 0, len(keys)*64)
	buf = binary.AppendUvarint(buf, uint64(len(keys)))
	for _, key := range keys {
		e := index[key]
		buf = binary.AppendUvarint(buf, uint64(len(key)))
		buf = append(buf, key...)
		buf = binary.AppendUvarint(buf, uint64(e.Seg))
		buf = binary.AppendUvarint(buf, uint64(e.Off))
		buf = binary.AppendUvarint(buf, uint64(e.Len))
		buf = binary.LittleEndian.AppendUint32(buf, e.CRC)
	}
	return buf
}

// decodeIndex decodes what encodeIndex encoded; it reports false for
// data damaged or cut short.
func decodeIndex(data []byte) (map[string]entry, bool) {
	next := func() (uint64, bool) {
		n, k := binary.Uvarint(data)
		if k <= 0 {
			return 0, false
		}
		data = data[k:]
		return n, true
	}
	count, ok := next()
	// An entry takes at least 8 bytes.
	if !ok || count > uint64(len(data))/8 {
		return nil, false
	}
	index := make(map[string]entry, count)
	for range count {
		n, ok := next()
		if !ok || n > uint64(len(data)) {
			return nil, false
		}
		key := string(data[:n])
		data = data[n:]
		seg, ok1 := next()
		off, ok2 := next()
		size, ok3 := next()
		if !ok1 || !ok2 || !ok3 || seg > math.MaxInt32 || off > math.MaxInt64 || size > math.MaxInt64 || len(data) < 4 {
			return nil, false
		}
		index[key] = entry{Seg: int(seg), Off: int64(off), Len: int64(size), CRC: binary.LittleEndian.Uint32(data)}
		data = data[4:]
	}
	return index, len(data) == 0
}

// writeFile writes the file name in one step: a new file, which write
// fills through a buffer, renamed into place.
func writeFile(name string, write func(*bufio.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+"-")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(tmp, 64<<10)
	err = write(w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// Close lets go of the files a memo on disk holds open and of the
// segments it mapped.
func (m *Memo) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.load()
	return m.release()
}
