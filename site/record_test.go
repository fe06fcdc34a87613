package site

import (
	"reflect"
	"testing"
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
		data, err := want.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got pageOutput
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatalf("page %d: %v", k, err)
		}
		if !reflect.DeepEqual(&got, want) {
			t.Errorf("page %d: got %+v, want %+v", k, got, *want)
		}
		for n := range len(data) {
			var cut pageOutput
			if cut.UnmarshalBinary(data[:n]) == nil {
				t.Errorf("page %d: %d of %d bytes decoded", k, n, len(data))
			}
		}
		for n := range len(data) {
			damaged := append([]byte(nil), data...)
			damaged[n] ^= 0xff
			var d pageOutput
			d.UnmarshalBinary(damaged) // must not panic
		}
		if got.UnmarshalBinary(append(data, 0)) == nil {
			t.Errorf("page %d: a byte too many decoded", k)
		}
	}
}
