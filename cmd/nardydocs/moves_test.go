package main

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/block"
)

// repeat is a reader of s repeated n times, made as it is read.
type repeat struct {
	s    string
	n    int
	rest string
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.rest == "" {
		if r.n == 0 {
			return 0, io.EOF
		}
		r.n--
		r.rest = r.s
	}
	k := copy(p, r.rest)
	r.rest = r.rest[k:]
	return k, nil
}

// TestJSONLLimits: a line or a block past the limits is answered with an
// error naming the block and its first input line, and the blocks after
// it are answered as usual.
func TestJSONLLimits(t *testing.T) {
	t.Parallel()
	good := "game: long\nposition: start\ndice: 6-5\n"
	long := "caption: " + strings.Repeat("x", maxBatchLine) + "\n"
	big := strings.Repeat("caption: "+strings.Repeat("y", 1000)+"\n", maxBatchBlock/1000)
	in := good + "---\n" + good + long + "---\n" + big + "---\n" + good
	var out bytes.Buffer
	if err := movesJSONL(&out, strings.NewReader(in), block.Options{}, "", nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d answers, want 4:\n%s", len(lines), out.String())
	}
	for i, want := range []string{
		`{"dice_played": 2`,
		`{"error": "input line 8 is longer than 64 KiB", "block": 2, "line": 5}`,
		`{"error": "the block is longer than 1 MiB", "block": 3, "line": 10}`,
		`{"dice_played": 2`,
	} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("answer %d: %.120s\nwant %s", i+1, lines[i], want)
		}
	}
}

// TestJSONLStreams: a batch is read as a stream. A line of 200 MB is
// skipped without being kept; the blocks after it are answered one by
// one.
func TestJSONLStreams(t *testing.T) {
	t.Parallel()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	line := &repeat{s: strings.Repeat("z", 1<<20), n: 200}
	blocks := 2000
	in := io.MultiReader(strings.NewReader("game: long\ncaption: "), line, strings.NewReader("\n---\n"),
		&repeat{s: "game: short\nposition: start\ndice: 3-1\n---\n", n: blocks})
	n := 0
	if err := movesJSONL(countLines{&n}, in, block.Options{}, "", nil); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if n != 1+blocks {
		t.Errorf("%d answers, want %d", n, 1+blocks)
	}
	// The 200 MB line is not kept: what is allocated is the blocks'
	// parsing and plays, some 20 KB each.
	if got := after.TotalAlloc - before.TotalAlloc; got > 100<<20 {
		t.Errorf("allocated %d MB for a 200 MB line and %d blocks", got>>20, blocks)
	}
}

// countLines counts the lines written to it.
type countLines struct{ n *int }

func (c countLines) Write(p []byte) (int, error) {
	*c.n += bytes.Count(p, []byte("\n"))
	return len(p), nil
}
