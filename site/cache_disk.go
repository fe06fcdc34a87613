package site

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"
)

// A disk cache (NewDiskCache) keeps one record per output directory, in
// a file named by a digest of the directory's path: the stamps of the
// files of the site the last build left there, and the entries that build
// used — figures, tables, pages and print documents — each with where its
// bytes are in that site rather than the bytes. The record is written in
// one step (a new file renamed into place) at the end of a build that
// succeeded, after the new site took the old one's place; an entry is
// only used while the file it points to is still as the stamps say.

// diskHeader starts a record; a record of another format, another
// program (Version) or another output directory is not read.
const diskHeader = "nardydocs site cache 2\n"

// recordFile returns the file of the record of the output directory
// target (a real path).
func (c *Cache) recordFile(target string) string {
	sum := sha256.Sum256([]byte(target))
	return filepath.Join(c.dir, "site-"+hex.EncodeToString(sum[:10]))
}

// load reads the record of the output directory target, once.
func (c *Cache) load(target string) {
	c.mu.Lock()
	if c.loaded == target {
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	data, err := os.ReadFile(c.recordFile(target))
	var r *record
	if err == nil {
		r, err = decodeRecord(data)
	}
	c.mu.Lock()
	c.recordSize = len(data)
	c.mu.Unlock()
	c.begin() // the maps exist
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loaded = target
	c.stamps = nil
	if err != nil || r.version != c.Version || r.target != target {
		return
	}
	c.stamps = r.stamps
	c.moreKey, c.moreSums = r.moreKey, r.moreSums
	addMissing(c.mem, r.figures)
	addMissing(c.pages, r.pages)
	addMissing(c.prints, r.prints)
	addMissing(c.lights, r.lights)
}

// addMissing copies into dst the entries of src whose keys dst lacks: what
// this process has computed is not replaced by what the record says.
func addMissing[K comparable, V any](dst, src map[K]V) {
	for k, v := range src {
		if _, ok := dst[k]; !ok {
			dst[k] = v
		}
	}
}

// save writes the record of the output directory target after build g
// made the site now there, whose files are names: their stamps, and the
// entries the build used.
func (c *Cache) save(target string, g int64, names []string, same func(string) (stamp, bool)) error {
	stamps := stampsOf(target, names, same)
	c.mu.Lock()
	r := &record{version: c.Version, target: target, stamps: stamps, moreKey: c.moreKey, moreSums: c.moreSums,
		figures: map[string]*cachedFigure{}, pages: map[string]*cachedPage{}, prints: map[string]*cachedPrint{}, lights: map[string]string{}}
	for key, at := range c.used {
		if at != g {
			continue
		}
		if f, ok := c.mem[key]; ok && f.html == nil && f.htmlAt.file != "" {
			r.figures[key] = f
		}
		if p, ok := c.pages[key]; ok {
			r.pages[key] = p
		}
		if p, ok := c.prints[key]; ok {
			r.prints[key] = p
		}
		if l, ok := c.lights[key]; ok {
			r.lights[key] = l
		}
	}
	c.stamps, c.loaded = stamps, target
	c.mu.Unlock()
	data := r.encode(c.recordSize + c.recordSize/4 + 4096)
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(c.dir, ".site-")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.recordFile(target))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	c.forget(target)
	return nil
}

// maxRecords is how many output directories a disk cache keeps records
// (and spares) of: the least recently built are let go beyond it.
const maxRecords = 16

// forget removes the records, and their spares, of output directories
// that are gone, and of the least recently built beyond maxRecords: a
// spare holds a whole site.
func (c *Cache) forget(target string) {
	entries, err := os.ReadDir(c.dir)
	if err != nil {
		return
	}
	type rec struct {
		name  string
		mtime int64
	}
	var kept []rec
	own := filepath.Base(c.recordFile(target))
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, "site-") || strings.HasSuffix(name, ".spare") || name == own {
			continue
		}
		full := filepath.Join(c.dir, name)
		info, err := e.Info()
		if err != nil {
			continue
		}
		if t, ok := recordTarget(full); ok {
			if _, err := os.Lstat(t); err == nil {
				kept = append(kept, rec{name, info.ModTime().UnixNano()})
				continue
			}
		}
		os.Remove(full)
		os.RemoveAll(full + ".spare")
	}
	if len(kept) < maxRecords {
		return
	}
	slices.SortFunc(kept, func(a, b rec) int { return cmp.Compare(b.mtime, a.mtime) })
	for _, r := range kept[maxRecords-1:] {
		os.Remove(filepath.Join(c.dir, r.name))
		os.RemoveAll(filepath.Join(c.dir, r.name+".spare"))
	}
}

// recordTarget returns the output directory a record is of.
func recordTarget(file string) (string, bool) {
	f, err := os.Open(file)
	if err != nil {
		return "", false
	}
	defer f.Close()
	buf := make([]byte, 8192)
	n, _ := io.ReadFull(f, buf)
	rest, ok := strings.CutPrefix(string(buf[:n]), diskHeader)
	if !ok {
		return "", false
	}
	d := &decoder{data: rest}
	d.str() // the program
	t := d.str()
	return t, d.err == nil && t != ""
}

// record is what a disk cache keeps of one output directory.
type record struct {
	version, target string
	stamps          map[string]stamp
	// moreKey names the further files of the build (Options.FilesKey),
	// moreSums their digests by name.
	moreKey  string
	moreSums map[string]string
	figures  map[string]*cachedFigure
	pages    map[string]*cachedPage
	prints   map[string]*cachedPrint
	lights   map[string]string
}

// encoder writes a record: strings and numbers as unsigned varints,
// strings after their length.
type encoder struct{ buf []byte }

func (e *encoder) num(n int64) { e.buf = binary.AppendUvarint(e.buf, uint64(n)) }
func (e *encoder) str(s string) {
	e.num(int64(len(s)))
	e.buf = append(e.buf, s...)
}
func (e *encoder) loc(l location) {
	e.str(l.file)
	e.str(l.sum)
	e.num(int64(l.off))
	e.num(int64(l.n))
}

func (r *record) encode(size int) []byte {
	e := &encoder{buf: append(make([]byte, 0, size), diskHeader...)}
	e.str(r.version)
	e.str(r.target)
	e.str(r.moreKey)
	e.num(int64(len(r.moreSums)))
	for _, name := range slices.Sorted(maps.Keys(r.moreSums)) {
		e.str(name)
		e.str(r.moreSums[name])
	}
	e.num(int64(len(r.stamps)))
	for _, name := range slices.Sorted(maps.Keys(r.stamps)) {
		s := r.stamps[name]
		e.str(name)
		e.num(s.size)
		e.num(s.mtime)
		e.num(int64(s.ino))
	}
	e.num(int64(len(r.figures)))
	for _, key := range slices.Sorted(maps.Keys(r.figures)) {
		f := r.figures[key]
		e.str(key)
		e.loc(f.htmlAt)
		e.str(f.svgSum)
		e.str(f.tables)
		e.str(f.diagram)
		e.num(int64(len(f.rows)))
		for _, row := range f.rows {
			e.str(row)
		}
		e.num(int64(len(f.claims)))
	}
	e.num(int64(len(r.pages)))
	for _, key := range slices.Sorted(maps.Keys(r.pages)) {
		p := r.pages[key]
		e.str(key)
		e.num(int64(len(p.files)))
		for _, f := range p.files {
			e.str(f.name)
			e.str(f.sum)
		}
		e.num(int64(len(p.records)))
		for _, rec := range p.records {
			e.str(rec.Page)
			e.str(rec.ID)
			e.str(rec.File)
			e.num(int64(rec.Line))
			e.str(rec.Tables)
			e.str(rec.Diagram)
			e.num(int64(len(rec.Rows)))
			for _, row := range rec.Rows {
				e.str(row)
			}
		}
		e.num(int64(len(p.keys)))
		for _, k := range p.keys {
			e.str(k)
		}
		e.loc(p.printAt)
	}
	e.num(int64(len(r.prints)))
	for _, key := range slices.Sorted(maps.Keys(r.prints)) {
		p := r.prints[key]
		e.str(key)
		e.str(p.file.name)
		e.str(p.file.sum)
		e.num(int64(len(p.bodies)))
		for _, l := range p.bodies {
			e.loc(l)
		}
	}
	e.num(int64(len(r.lights)))
	for _, key := range slices.Sorted(maps.Keys(r.lights)) {
		e.str(key)
		e.str(r.lights[key])
	}
	return e.buf
}

// decoder reads what encoder wrote; a record cut short or damaged sets
// err. The strings it returns share the record's text.
type decoder struct {
	data string
	err  error
}

var errRecord = errors.New("a damaged cache record")

func (d *decoder) num() int64 {
	var v uint64
	for k := 0; k < len(d.data) && k < binary.MaxVarintLen64; k++ {
		c := d.data[k]
		v |= uint64(c&0x7f) << (7 * k)
		if c < 0x80 {
			d.data = d.data[k+1:]
			return int64(v)
		}
	}
	d.err, d.data = errRecord, ""
	return 0
}

// count reads a number of items, each at least one byte long.
func (d *decoder) count() int {
	n := d.num()
	if n < 0 || n > int64(len(d.data)) {
		d.err, d.data = errRecord, ""
		return 0
	}
	return int(n)
}

// small reads a number that is no count of bytes to come, within reason.
func (d *decoder) small() int {
	n := d.num()
	if n > 1<<20 {
		d.err, d.data = errRecord, ""
		return 0
	}
	return int(n)
}

func (d *decoder) str() string {
	n := d.count()
	s := d.data[:n]
	d.data = d.data[n:]
	return s
}

func (d *decoder) loc() location {
	return location{file: d.str(), sum: d.str(), off: int(d.num()), n: int(d.num())}
}

func decodeRecord(data []byte) (*record, error) {
	// The record's bytes are never changed: its strings share them.
	rest, ok := strings.CutPrefix(unsafe.String(unsafe.SliceData(data), len(data)), diskHeader)
	if !ok {
		return nil, errRecord
	}
	d := &decoder{data: rest}
	r := &record{version: d.str(), target: d.str(), stamps: map[string]stamp{}, moreKey: d.str(), moreSums: map[string]string{},
		figures: map[string]*cachedFigure{}, pages: map[string]*cachedPage{}, prints: map[string]*cachedPrint{}, lights: map[string]string{}}
	for n := d.count(); n > 0; n-- {
		name := d.str()
		r.moreSums[name] = d.str()
	}
	for n := d.count(); n > 0; n-- {
		name := d.str()
		r.stamps[name] = stamp{size: d.num(), mtime: d.num(), ino: uint64(d.num())}
	}
	for n := d.count(); n > 0; n-- {
		key := d.str()
		f := &cachedFigure{htmlAt: d.loc(), svgSum: d.str(), tables: d.str(), diagram: d.str()}
		for m := d.count(); m > 0; m-- {
			f.rows = append(f.rows, d.str())
		}
		// Only a build whose claims all held is recorded.
		f.claims = make([]claimResult, d.small())
		for k := range f.claims {
			f.claims[k].ok = true
		}
		r.figures[key] = f
	}
	for n := d.count(); n > 0; n-- {
		key := d.str()
		p := &cachedPage{}
		for m := d.count(); m > 0; m-- {
			p.files = append(p.files, cachedFile{name: d.str(), sum: d.str()})
		}
		for m := d.count(); m > 0; m-- {
			rec := Record{Page: d.str(), ID: d.str(), File: d.str(), Line: int(d.num()), Tables: d.str(), Diagram: d.str()}
			for k := d.count(); k > 0; k-- {
				rec.Rows = append(rec.Rows, d.str())
			}
			p.records = append(p.records, rec)
		}
		for m := d.count(); m > 0; m-- {
			p.keys = append(p.keys, d.str())
		}
		p.printAt = d.loc()
		r.pages[key] = p
	}
	for n := d.count(); n > 0; n-- {
		key := d.str()
		p := &cachedPrint{file: cachedFile{name: d.str(), sum: d.str()}}
		for m := d.count(); m > 0; m-- {
			p.bodies = append(p.bodies, d.loc())
		}
		r.prints[key] = p
	}
	for n := d.count(); n > 0; n-- {
		key := d.str()
		r.lights[key] = d.str()
	}
	if d.err != nil || len(d.data) != 0 {
		return nil, errRecord
	}
	return r, nil
}

// moreFiles returns the digests of the previous build's further files, if
// their key was key.
func (c *Cache) moreFiles(key string) (map[string]string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if key == "" || c.moreKey != key || len(c.moreSums) == 0 {
		return nil, false
	}
	return maps.Clone(c.moreSums), true
}

// setMoreFiles records the further files of a build: their key and
// digests.
func (c *Cache) setMoreFiles(key string, sums map[string]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.moreKey, c.moreSums = key, sums
	if key == "" {
		c.moreSums = nil
	}
}
