package main

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a strings.Builder safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgress: a build reports how far it is once the delay has passed,
// a line at a time into a log and one rewritten line on a terminal,
// cleared at the end; a build shorter than the delay says nothing.
func TestProgress(t *testing.T) {
	t.Parallel()
	for _, tty := range []bool{false, true} {
		var out syncBuffer
		p := &progress{w: &out, tty: tty, delay: time.Millisecond, interval: time.Millisecond}
		p.start()
		p.update(3, 10)
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(out.String(), "building: 3 of 10 pages rendered") {
			if time.Now().After(deadline) {
				t.Fatalf("tty=%v: no progress reported: %q", tty, out.String())
			}
			time.Sleep(time.Millisecond)
		}
		p.end()
		got := out.String()
		if tty {
			if !strings.HasPrefix(got, "\rbuilding: ") || !strings.HasSuffix(got, "\r\033[K") || strings.Contains(got, "\n") {
				t.Errorf("on a terminal: %q, want lines rewritten in place and cleared at the end", got)
			}
		} else if !strings.HasPrefix(got, "building: 3 of 10 pages rendered\n") || strings.Contains(got, "\r") {
			t.Errorf("into a log: %q, want whole lines", got)
		}
	}

	var out syncBuffer
	p := &progress{w: &out, delay: time.Hour, interval: time.Hour}
	p.start()
	p.update(10, 10)
	p.end()
	if out.String() != "" {
		t.Errorf("a quick build reported progress: %q", out.String())
	}
}
