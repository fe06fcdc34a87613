//go:build unix

package memo

import "testing"

// TestSegmentsMapped: on a system with mmap, a memo read from disk maps
// its segments, and lets go of them when it saves and when it closes.
func TestSegmentsMapped(t *testing.T) {
	dir := t.TempDir()
	m := Open(dir)
	m.Put("k", value{HTML: []byte("mapped")})
	if err := m.Save(); err != nil {
		t.Fatal(err)
	}
	m.Close()
	m = Open(dir)
	var got value
	if !m.Get("k", &got) || string(got.HTML) != "mapped" {
		t.Fatalf("got %q", got.HTML)
	}
	m.mu.Lock()
	mapped := len(m.mapped)
	m.mu.Unlock()
	if mapped != 1 {
		t.Errorf("%d segments mapped, want 1", mapped)
	}
	if err := m.Save(); err != nil {
		t.Fatal(err)
	}
	if len(m.mapped) != 0 || len(m.whole) != 0 {
		t.Errorf("after Save: %d mapped, %d held", len(m.mapped), len(m.whole))
	}
	if !m.Get("k", &got) || string(got.HTML) != "mapped" {
		t.Fatalf("after Save: got %q", got.HTML)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if len(m.mapped) != 0 {
		t.Errorf("after Close: %d mapped", len(m.mapped))
	}
}
