package site

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/outdir"
)

// A page's value in the memo is read for every page of every build that
// renders again, a figure's for every figure of a page rendered again,
// and the output's stamps, the pages' front matters and analyses by
// every build, so they have an encoding of their own, read in one pass
// without reflection (the memo keeps other values as JSON): a version
// byte, then each field in order, a string or bytes as its length and
// its bytes, a number or a count as a varint.

// pageRecordVersion is the first byte of an encoded pageOutput.
const pageRecordVersion = 1

// MarshalBinary encodes the page's files, records and print text for
// the memo (the problems are never kept: a page with some is not).
func (o *pageOutput) MarshalBinary() ([]byte, error) {
	size := 16 + len(o.Print) + len(o.PrintSum)
	for _, f := range o.Files {
		size += 4 + len(f.Name) + len(f.Sum)
	}
	for _, r := range o.Records {
		size += 16 + len(r.Page) + len(r.ID) + len(r.File) + len(r.Tables) + len(r.Diagram)
		for _, row := range r.Rows {
			size += 2 + len(row)
		}
	}
	w := newRecordWriter(pageRecordVersion, size)
	w.count(len(o.Files))
	for _, f := range o.Files {
		w.string(f.Name)
		w.string(f.Sum)
	}
	w.count(len(o.Records))
	for _, r := range o.Records {
		w.string(r.Page)
		w.string(r.ID)
		w.string(r.File)
		w.int(r.Line)
		w.string(r.Tables)
		w.string(r.Diagram)
		w.count(len(r.Rows))
		for _, row := range r.Rows {
			w.string(row)
		}
	}
	// Print is nil for a page in no print document, and may be empty
	// for one that is: the two are told apart.
	w.optBytes(o.Print)
	w.string(o.PrintSum)
	return w.buf, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded; damaged data is an
// error, never a panic.
func (o *pageOutput) UnmarshalBinary(data []byte) error {
	r := newRecordReader(data, pageRecordVersion)
	var out pageOutput
	if n := r.count(2); n > 0 {
		out.Files = make([]fileSum, n)
		for k := range out.Files {
			out.Files[k] = fileSum{r.string(), r.string()}
		}
	}
	if n := r.count(7); n > 0 {
		out.Records = make([]Record, n)
		for k := range out.Records {
			rec := &out.Records[k]
			rec.Page, rec.ID, rec.File = r.string(), r.string(), r.string()
			rec.Line = r.int()
			rec.Tables, rec.Diagram = r.string(), r.string()
			if n := r.count(1); n > 0 {
				rec.Rows = make([]string, n)
				for j := range rec.Rows {
					rec.Rows[j] = r.string()
				}
			}
		}
	}
	out.Print = r.optShared()
	out.PrintSum = r.string()
	if err := r.end(); err != nil {
		return err
	}
	*o = out
	return nil
}

var errRecord = errors.New("a damaged page record")

// stampsRecord is the stamps of the output's files as the memo keeps
// them (stampsKey), asked for by every build with a memo.
type stampsRecord outdir.Stamps

// stampsRecordVersion is the first byte of an encoded stampsRecord.
const stampsRecordVersion = 1

// MarshalBinary encodes the stamps, in the order of their files.
func (s stampsRecord) MarshalBinary() ([]byte, error) {
	w := newRecordWriter(stampsRecordVersion, 64*len(s))
	w.count(len(s))
	for _, name := range sorted(s) {
		st := s[name]
		w.string(name)
		w.int64(st.Size)
		w.int64(st.MTime)
		w.uint64(st.Ino)
		w.int64(st.CTime)
	}
	return w.buf, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded; damaged data is an
// error, never a panic.
func (s *stampsRecord) UnmarshalBinary(data []byte) error {
	r := newRecordReader(data, stampsRecordVersion)
	n := r.count(5)
	out := make(stampsRecord, n)
	for range n {
		name := r.string()
		st := outdir.Stamp{Size: r.int64(), MTime: r.int64(), Ino: r.uint64(), CTime: r.int64()}
		if r.err != nil {
			break
		}
		out[name] = st
	}
	if err := r.end(); err != nil {
		return err
	}
	*s = out
	return nil
}

// figureRecordVersion is the first byte of an encoded figureOutput.
const figureRecordVersion = 1

// MarshalBinary encodes a figure for the memo: a page's figures are read
// for every page rendered again.
func (f *figureOutput) MarshalBinary() ([]byte, error) {
	size := 32 + len(f.HTML) + len(f.Print) + len(f.SVG) + len(f.Tables) + len(f.Diagram)
	for _, row := range f.Rows {
		size += 2 + len(row)
	}
	for _, c := range f.Claims {
		size += 3 + len(c.Got)
	}
	w := newRecordWriter(figureRecordVersion, size)
	w.optBytes(f.HTML)
	w.optBytes(f.Print)
	w.optBytes(f.SVG)
	w.strings(f.Rows)
	w.string(f.Tables)
	w.string(f.Diagram)
	w.count(len(f.Claims))
	for _, c := range f.Claims {
		w.string(c.Got)
		w.bool(c.OK)
	}
	return w.buf, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded, its texts and
// drawing the data's own (see memo.Get); damaged data is an error, never
// a panic.
func (f *figureOutput) UnmarshalBinary(data []byte) error {
	r := newRecordReader(data, figureRecordVersion)
	var out figureOutput
	out.HTML = r.optShared()
	out.Print = r.optShared()
	out.SVG = r.optShared()
	out.Rows = r.strings()
	out.Tables = r.string()
	out.Diagram = r.string()
	if n := r.count(2); n > 0 {
		out.Claims = make([]claimResult, n)
		for k := range out.Claims {
			out.Claims[k] = claimResult{Got: r.string(), OK: r.bool()}
		}
	}
	if err := r.end(); err != nil {
		return err
	}
	*f = out
	return nil
}

// recordWriter appends the fields of a record.
type recordWriter struct{ buf []byte }

// newRecordWriter starts a record of the given version, with room for
// size bytes.
func newRecordWriter(version byte, size int) recordWriter {
	w := recordWriter{make([]byte, 0, size)}
	w.buf = append(w.buf, version)
	return w
}

func (w *recordWriter) count(n int) { w.buf = binary.AppendUvarint(w.buf, uint64(n)) }

func (w *recordWriter) string(s string) {
	w.count(len(s))
	w.buf = append(w.buf, s...)
}

func (w *recordWriter) bytes(b []byte) {
	w.count(len(b))
	w.buf = append(w.buf, b...)
}

// optBytes writes bytes, nil apart from empty.
func (w *recordWriter) optBytes(b []byte) {
	if b == nil {
		w.buf = append(w.buf, 0)
		return
	}
	w.buf = append(w.buf, 1)
	w.bytes(b)
}

// recordReader reads the fields of a record; after the first error it
// reads zeros.
type recordReader struct {
	data []byte
	err  error
	// profiles are the rules read by profile (rules): a site has few.
	profiles map[string]engine.Rules
}

// newRecordReader starts reading a record of the given version: one
// that has failed when data is not such a record.
func newRecordReader(data []byte, version byte) recordReader {
	if len(data) == 0 || data[0] != version {
		return recordReader{err: errRecord}
	}
	return recordReader{data: data[1:]}
}

// end returns errRecord when a read failed or bytes are left over.
func (r *recordReader) end() error {
	if r.err != nil || len(r.data) != 0 {
		return errRecord
	}
	return nil
}

func (r *recordReader) fail() {
	r.err, r.data = errRecord, nil
}

// count reads a count of items of at least min bytes each: one the
// rest of the data cannot hold is an error.
func (r *recordReader) count(min int) int {
	n, k := binary.Uvarint(r.data)
	if k <= 0 || n > uint64(len(r.data)-k)/uint64(min) {
		r.fail()
		return 0
	}
	r.data = r.data[k:]
	return int(n)
}

func (r *recordReader) int() int {
	n := r.int64()
	if n < math.MinInt32 || n > math.MaxInt32 {
		r.fail()
		return 0
	}
	return int(n)
}

func (r *recordReader) int64() int64 {
	n, k := binary.Varint(r.data)
	if k <= 0 {
		r.fail()
		return 0
	}
	r.data = r.data[k:]
	return n
}

func (r *recordReader) uint64() uint64 {
	n, k := binary.Uvarint(r.data)
	if k <= 0 {
		r.fail()
		return 0
	}
	r.data = r.data[k:]
	return n
}

func (r *recordReader) byte() byte {
	if len(r.data) == 0 {
		r.fail()
		return 0
	}
	b := r.data[0]
	r.data = r.data[1:]
	return b
}

func (r *recordReader) string() string { return string(r.shared()) }

// shared reads bytes that are the data's own: a page's print text, a
// figure's texts and drawing, which nothing changes (see memo.Get).
func (r *recordReader) shared() []byte {
	n := r.count(1)
	if r.err != nil {
		return nil
	}
	b := r.data[:n:n]
	r.data = r.data[n:]
	return b
}

// optShared reads what recordWriter.optBytes wrote, as shared does.
func (r *recordReader) optShared() []byte {
	switch r.byte() {
	case 0:
		return nil
	case 1:
		return r.shared()
	}
	r.fail()
	return nil
}

func (w *recordWriter) int(n int) { w.int64(int64(n)) }

func (w *recordWriter) int64(n int64) { w.buf = binary.AppendVarint(w.buf, n) }

func (w *recordWriter) uint64(n uint64) { w.buf = binary.AppendUvarint(w.buf, n) }

// rules writes rules by their profile.
func (w *recordWriter) rules(r engine.Rules) { w.string(profileOf(r)) }

func (w *recordWriter) bool(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}

// strings writes a list of strings, nil apart from empty.
func (w *recordWriter) strings(list []string) {
	if list == nil {
		w.count(0)
		return
	}
	w.count(len(list) + 1)
	for _, s := range list {
		w.string(s)
	}
}

func (w *recordWriter) pos(p engine.Pos) {
	w.string(p.File)
	w.int(p.Line)
	w.int(p.Col)
}

func (r *recordReader) bool() bool {
	switch r.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail()
	return false
}

// strings reads what recordWriter.strings wrote.
func (r *recordReader) strings() []string {
	n, k := binary.Uvarint(r.data)
	if k <= 0 || n > uint64(len(r.data)-k)+1 {
		r.fail()
		return nil
	}
	r.data = r.data[k:]
	if n == 0 {
		return nil
	}
	list := make([]string, n-1)
	for j := range list {
		list[j] = r.string()
	}
	return list
}

func (r *recordReader) pos() engine.Pos {
	return engine.Pos{File: r.string(), Line: r.int(), Col: r.int()}
}

// rules reads what recordWriter.rules wrote.
func (r *recordReader) rules() engine.Rules {
	profile := r.string()
	if r.err != nil {
		return engine.Rules{}
	}
	if rules, ok := r.profiles[profile]; ok {
		return rules
	}
	rules, err := engine.ParseRules(engine.Rules{}, profile)
	if err != nil {
		r.fail()
		return engine.Rules{}
	}
	if r.profiles == nil {
		r.profiles = map[string]engine.Rules{}
	}
	r.profiles[profile] = rules
	return rules
}
