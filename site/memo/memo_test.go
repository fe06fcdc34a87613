package memo

import (
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

type input struct {
	Text  string
	Num   int
	Flags map[string]bool
	Data  []byte
}

type value struct {
	HTML []byte
	Rows []string
}

// TestKey: the key names the kind and every exported field, and not the
// order a map was filled in.
func TestKey(t *testing.T) {
	t.Parallel()
	base := input{Text: "a", Num: 1, Flags: map[string]bool{"x": true, "y": false}, Data: []byte("d")}
	k0, err := Key("figure", base)
	if err != nil {
		t.Fatal(err)
	}
	same := input{Text: "a", Num: 1, Flags: map[string]bool{}, Data: []byte("d")}
	same.Flags["y"], same.Flags["x"] = false, true
	if k, _ := Key("figure", same); k != k0 {
		t.Error("the key depends on how a map was filled")
	}
	for name, other := range map[string]input{
		"text":  {Text: "b", Num: 1, Flags: base.Flags, Data: base.Data},
		"num":   {Text: "a", Num: 2, Flags: base.Flags, Data: base.Data},
		"flags": {Text: "a", Num: 1, Flags: map[string]bool{"x": true}, Data: base.Data},
		"data":  {Text: "a", Num: 1, Flags: base.Flags, Data: []byte("e")},
	} {
		if k, _ := Key("figure", other); k == k0 {
			t.Errorf("another %s, the same key", name)
		}
	}
	if k, _ := Key("page", base); k == k0 {
		t.Error("another kind, the same key")
	}
	if _, err := Key("x", func() {}); err == nil {
		t.Error("a key of a function")
	}
}

// TestInMemory: a value is there after Put; Save keeps what the build
// used and drops the rest.
func TestInMemory(t *testing.T) {
	t.Parallel()
	m := New()
	m.Put("a", value{HTML: []byte("<p>a</p>"), Rows: []string{"1"}})
	m.Put("b", value{HTML: []byte("b")})
	var v value
	if !m.Get("a", &v) || string(v.HTML) != "<p>a</p>" || len(v.Rows) != 1 {
		t.Fatalf("Get(a) = %+v", v)
	}
	if m.Get("c", &v) {
		t.Error("Get of a key never put")
	}
	if h, mi := m.Counts(); h != 1 || mi != 1 {
		t.Errorf("counts %d, %d", h, mi)
	}
	m.Save()
	// The next build uses only a.
	if !m.Get("a", &v) {
		t.Fatal("a is gone after Save")
	}
	m.Save()
	if m.Get("b", &v) {
		t.Error("b, unused by the last build, is still kept")
	}
	if !m.Get("a", &v) {
		t.Error("a, used by every build, is gone")
	}
}

// TestOnDisk: values saved are found by the next run; what the last run
// did not use is gone; many runs keep few segments; damage is a miss.
func TestOnDisk(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "memo")
	m := Open(dir)
	for k := range 20 {
		m.Put("k"+strconv.Itoa(k), value{HTML: []byte(strings.Repeat("x", 1000) + strconv.Itoa(k))})
	}
	if err := m.Save(); err != nil {
		t.Fatal(err)
	}
	m.Close()
	for run := range 30 {
		m := Open(dir)
		var v value
		for k := range 20 {
			if k == 19 && run > 0 {
				continue // used by the first run only
			}
			if !m.Get("k"+strconv.Itoa(k), &v) || !strings.HasSuffix(string(v.HTML), strconv.Itoa(k)) {
				t.Fatalf("run %d: k%d not found", run, k)
			}
		}
		if run > 1 && m.Get("k19", &v) {
			t.Fatalf("run %d: k19, unused since the first run, is still there", run)
		}
		m.Put("new"+strconv.Itoa(run), value{HTML: []byte("n")})
		if err := m.Save(); err != nil {
			t.Fatal(err)
		}
		m.Close()
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) > maxSegments+1 {
		t.Errorf("%d files in the memo after 30 runs", len(entries))
	}
	// A damaged segment: its values are not found, and the run goes on.
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), segPrefix) {
			name := filepath.Join(dir, e.Name())
			data, _ := os.ReadFile(name)
			for i := range data {
				data[i] ^= 0x55
			}
			os.WriteFile(name, data, 0o644)
		}
	}
	m = Open(dir)
	defer m.Close()
	var v value
	if m.Get("k0", &v) {
		t.Error("a value read from a damaged segment")
	}
	os.WriteFile(filepath.Join(dir, indexFile), []byte("garbage"), 0o644)
	m2 := Open(dir)
	defer m2.Close()
	if m2.Get("k0", &v) {
		t.Error("a value found through a damaged index")
	}
}

// own is a value with its own binary encoding: a length byte, then its
// text.
type own struct{ Text string }

func (o *own) MarshalBinary() ([]byte, error) {
	return append([]byte{byte(len(o.Text))}, o.Text...), nil
}

func (o *own) UnmarshalBinary(data []byte) error {
	if len(data) == 0 || int(data[0]) != len(data)-1 {
		return os.ErrInvalid
	}
	o.Text = string(data[1:])
	return nil
}

// TestOwnEncoding: a value with its own binary encoding is kept by it, in
// memory and on disk; data it cannot decode is a value not found, and a
// JSON value is not taken for one.
func TestOwnEncoding(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := Open(dir)
	m.Put("a", &own{"text"})
	m.Put("g", value{HTML: []byte("<p>g</p>")})
	var got own
	if !m.Get("a", &got) || got.Text != "text" {
		t.Fatalf("got %q", got.Text)
	}
	if err := m.Save(); err != nil {
		t.Fatal(err)
	}
	m.Close()
	m = Open(dir)
	defer m.Close()
	got = own{}
	if !m.Get("a", &got) || got.Text != "text" {
		t.Errorf("from disk: got %q", got.Text)
	}
	// The JSON encoding of a value is not this one's.
	if m.Get("g", &got) {
		t.Errorf("a JSON value decoded as one of its own: %q", got.Text)
	}
	if hits, misses := m.Counts(); hits != 1 || misses != 1 {
		t.Errorf("%d hits, %d misses, want 1 and 1", hits, misses)
	}
}

// TestSegments: values read from segments mapped into memory are the
// values put, build after build in one Memo and across runs, while Save
// writes new segments and merges old ones (from the mapped ones, which
// it then unmaps); a segment cut short is a miss.
func TestSegments(t *testing.T) {
	testSegments(t)
}

// TestSegmentsReadWhole is TestSegments where segments cannot be mapped
// and are read whole.
func TestSegmentsReadWhole(t *testing.T) {
	was := mapping
	mapping = func(*os.File, int64) ([]byte, bool) { return nil, false }
	defer func() { mapping = was }()
	testSegments(t)
}

func testSegments(t *testing.T) {
	dir := t.TempDir()
	m := Open(dir)
	for round := range 20 {
		for k := range round {
			var got value
			if !m.Get("v"+strconv.Itoa(k), &got) || string(got.HTML) != "html "+strconv.Itoa(k) {
				t.Fatalf("round %d: value %d is %q", round, k, got.HTML)
			}
		}
		m.Put("v"+strconv.Itoa(round), value{HTML: []byte("html " + strconv.Itoa(round))})
		if err := m.Save(); err != nil {
			t.Fatal(err)
		}
		if round%5 == 4 { // a new run
			m.Close()
			m = Open(dir)
		}
	}
	m.Close()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "seg-") {
			full := filepath.Join(dir, e.Name())
			data, _ := os.ReadFile(full)
			os.WriteFile(full, data[:len(data)/2], 0o644)
		}
	}
	m = Open(dir)
	defer m.Close()
	found := 0
	for k := range 20 {
		var got value
		if m.Get("v"+strconv.Itoa(k), &got) {
			found++
			if string(got.HTML) != "html "+strconv.Itoa(k) {
				t.Errorf("value %d from a cut segment is %q", k, got.HTML)
			}
		}
	}
	if found == 20 {
		t.Error("every value found in segments cut in half")
	}
}

// TestIndex: an index decodes to what was encoded; cut short or with a
// byte too many it is no index, and damaged it never panics.
func TestIndex(t *testing.T) {
	t.Parallel()
	for _, index := range []map[string]entry{
		{},
		{"a": {Seg: 1, Off: 0, Len: 3, CRC: 7}},
		{"nardydocs page 1 ab": {Seg: 12, Off: 1 << 40, Len: 1 << 20, CRC: 0xffffffff}, "": {Seg: 0}, "ж": {Seg: 3, Off: 5, Len: 0, CRC: 1}},
	} {
		data := encodeIndex(index)
		got, ok := decodeIndex(data)
		if !ok || !maps.Equal(got, index) {
			t.Errorf("%v: got %v, %v", index, got, ok)
		}
		for n := range len(data) {
			if _, ok := decodeIndex(data[:n]); ok {
				t.Errorf("%v: %d of %d bytes decoded", index, n, len(data))
			}
			damaged := append([]byte(nil), data...)
			damaged[n] ^= 0xff
			decodeIndex(damaged) // must not panic
		}
		if _, ok := decodeIndex(append(data, 0)); ok {
			t.Errorf("%v: a byte too many decoded", index)
		}
	}
}

// FuzzIndex: no data makes decodeIndex panic, and an index it decodes
// encodes to an index that decodes the same.
func FuzzIndex(f *testing.F) {
	f.Add(encodeIndex(map[string]entry{"a": {Seg: 1, Off: 2, Len: 3, CRC: 4}}))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		index, ok := decodeIndex(data)
		if !ok {
			return
		}
		again, ok := decodeIndex(encodeIndex(index))
		if !ok || !maps.Equal(again, index) {
			t.Errorf("%v: again %v, %v", index, again, ok)
		}
	})
}
