package site

import (
	"encoding"
	"reflect"
	"strconv"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/outdir"
)

// TestPageRecord: a page's memo record decodes to the page's output as
// it was (but its problems, never kept), a page in no print document
// apart from one with an empty text there; data cut short or damaged is
// an error, never a panic nor another page.
func TestPageRecord(t *testing.T) {
	t.Parallel()
	pages := []*pageOutput{
		{},
		{Files: []fileSum{{"ru/a.html", "0123456789abcdef"}}},
		{Print: []byte{}, PrintSum: ""},
		{
			Files: []fileSum{{"ru/long/head.html", "aa"}, {"ru/long/head-1.svg", "bb"}},
			Records: []Record{
				{Page: "ru/long/head.html", ID: "fig-1", File: "content/ru/long/head.md", Line: 11, Tables: "t", Diagram: "d",
					Rows: []string{"moves with 6-5\t24/18/13", ""}},
				{Page: "ru/long/head.html", ID: "fig-2", Line: -1},
			},
			Print:    []byte("<p>текст</p>"),
			PrintSum: "cc",
		},
	}
	for k, want := range pages {
		checkEncoding(t, "page "+strconv.Itoa(k), *want)
	}
}

// checkEncoding checks that want, encoded, decodes to what it was; that
// no shorter part of its encoding and no byte too many decodes; and that
// no damaged byte makes decoding panic.
func checkEncoding[T any, P interface {
	*T
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}](t *testing.T, name string, want T) {
	t.Helper()
	data, err := P(&want).MarshalBinary()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var got T
	if err := P(&got).UnmarshalBinary(data); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %+v, want %+v", name, got, want)
	}
	for n := range len(data) {
		var cut T
		if P(&cut).UnmarshalBinary(data[:n]) == nil {
			t.Errorf("%s: %d of %d bytes decoded", name, n, len(data))
		}
		damaged := append([]byte(nil), data...)
		damaged[n] ^= 0xff
		var d T
		P(&d).UnmarshalBinary(damaged) // must not panic
	}
	var more T
	if P(&more).UnmarshalBinary(append(data, 0)) == nil {
		t.Errorf("%s: a byte too many decoded", name)
	}
}

// fill sets every exported field of v, all the way down, to a value
// that is not its zero (a different one for each field, from *n), but
// the rules, which are kept by their profile and filled by the caller.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + strconv.Itoa(*n))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n%2 + 1)) // 1 or 2: a valid game too
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n%2 + 1))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte("b" + strconv.Itoa(*n)))
			return
		}
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i), n)
		}
		v.Set(s)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[engine.Rules]() {
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	default:
		panic("fill: a field of kind " + v.Kind().String() + ": teach fill and the record's encoding about it")
	}
}

// TestFigureRecord: a figure's memo record decodes to the figure as it
// was, its texts and drawing nil apart from empty (a figure without a
// standalone diagram has no SVG); data cut short or damaged is an error,
// never a panic nor another figure.
func TestFigureRecord(t *testing.T) {
	t.Parallel()
	figures := []*figureOutput{
		{},
		{HTML: []byte{}, Print: []byte{}, SVG: []byte{}, Rows: []string{}},
		{
			HTML: []byte("<figure>…</figure>"), Print: []byte("<figure>для печати</figure>"), SVG: []byte("<svg/>"),
			Rows: []string{"moves with 6-5\t24/18/13", ""}, Tables: "t", Diagram: "d",
			Claims: []claimResult{{Got: "6 of 36", OK: true}, {Got: "", OK: false}},
		},
	}
	for k, want := range figures {
		checkEncoding(t, "figure "+strconv.Itoa(k), *want)
	}
}

// TestBundleRecords: the output's stamps and the pages' front matters
// (their rules by profile) decode to what was encoded; data cut short or
// damaged is an error, never a panic.
func TestBundleRecords(t *testing.T) {
	t.Parallel()
	rules, err := engine.ParseRules(engine.Rules{}, "club short=eastern")
	if err != nil {
		t.Fatal(err)
	}
	checkEncoding(t, "no stamps", stampsRecord{})
	checkEncoding(t, "stamps", stampsRecord{"ru/long/head.html": {Size: 119252, MTime: -1, Ino: 1 << 40, CTime: 1764000000000000000}, "a": {}})
	checkEncoding(t, "no front matters", frontMatterBundle{})
	checkEncoding(t, "front matters", frontMatterBundle{
		"k1": {Title: "Голова", Description: "d", Order: -3, Game: engine.Short, HasGame: true, Rules: rules, RulesText: "head-exception=none", RulesLine: 4, Sheet: true, Draft: true},
		"k2": {Title: "", Rules: engine.Rules{}},
	})
}

// TestRecordsKeepEveryField: a page's record, a figure's, a front
// matter's, a stamp and an analysis keep every exported field of what they record (filled here by
// reflection, so a field added to them and not to their encoding fails
// this test).
func TestRecordsKeepEveryField(t *testing.T) {
	t.Parallel()
	n := 0
	var page pageOutput
	fill(reflect.ValueOf(&page).Elem(), &n)
	data, err := page.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got pageOutput
	if err := got.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(got, page) {
		t.Errorf("a page's record: %v\n got %+v\nwant %+v", err, got, page)
	}
	var fig figureOutput
	fill(reflect.ValueOf(&fig).Elem(), &n)
	data, err = fig.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var gotFig figureOutput
	if err := gotFig.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(gotFig, fig) {
		t.Errorf("a figure's record: %v\n got %+v\nwant %+v", err, gotFig, fig)
	}
	var fm frontMatterRecord
	fill(reflect.ValueOf(&fm).Elem(), &n)
	data, err = frontMatterBundle{"k": fm}.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var fms frontMatterBundle
	if err := fms.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(fms["k"], fm) {
		t.Errorf("a front matter: %v\n got %+v\nwant %+v", err, fms["k"], fm)
	}
	var st outdir.Stamp
	fill(reflect.ValueOf(&st).Elem(), &n)
	data, err = stampsRecord{"k": st}.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var sts stampsRecord
	if err := sts.UnmarshalBinary(data); err != nil || sts["k"] != st {
		t.Errorf("a stamp: %v\n got %+v\nwant %+v", err, sts["k"], st)
	}
	var rec analysisRecord
	fill(reflect.ValueOf(&rec).Elem(), &n)
	for k := range rec.Pins {
		rec.Pins[k].Rules = engine.Rules{}
	}
	data, err = analysisBundle{"k": rec}.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var bundle analysisBundle
	if err := bundle.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(bundle["k"], rec) {
		t.Errorf("an analysis: %v\n got %+v\nwant %+v", err, bundle["k"], rec)
	}
}
