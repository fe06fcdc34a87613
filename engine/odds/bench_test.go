package odds

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// BenchmarkBuildTable builds the double-precision bear-off table from
// scratch (what the first BearOff call of a process pays), and reports
// the table's size.
func BenchmarkBuildTable(b *testing.B) {
	b.ReportAllocs()
	var t *table
	for b.Loop() {
		t = buildTable()
	}
	b.ReportMetric(float64(t.bytes())/(1<<20), "MiB")
}

// BenchmarkBuildExact builds the exact table of the homes of up to
// ExactCheckers checkers.
func BenchmarkBuildExact(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		buildExact(ExactCheckers)
	}
}

// BenchmarkBearOffLookup reads random homes from the built tables.
func BenchmarkBearOffLookup(b *testing.B) {
	PrepareTable()
	rng := rand.New(rand.NewPCG(5, 6))
	homes := make([]Home, 1024)
	for i := range homes {
		sd := randomHome(rng, engine.Checkers)
		homes[i] = homeOfSide(&sd)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		d, _ := BearOffHome(homes[i%len(homes)])
		_ = d.Within(3)
		i++
	}
}

// BenchmarkRaceFigures computes the figures of "odds: race" for races from
// the smallest to those too far from home to count, as a block asks for
// them after the bear-off tables are built (races of homes of up to
// SharedCheckers checkers come from the shared two-sided table once it
// holds them; three-a-side-first is such a race computed afresh).
func BenchmarkRaceFigures(b *testing.B) {
	PrepareTable()
	for _, c := range []struct{ name, code string }{
		{"lone-checkers-far", "Lw:12:24"},
		{"three-a-side-home", "Sw:6,5,4:21,20,19"},
		{"fifteen-a-side-home", "Lw:6x3,5x3,4x2,3x3,2,1x2:18x3,17x3,16x2,15x3,14,13x2"},
		{"five-a-side-near", "Lw:9,8,5x2,3:20,19,17,15x2"},
		{"eight-a-side-near", "Lw:8,7,6x2,5x2,3x2:19,18x2,17x2,16,15x2"},
		{"short-mid-race", "Sw:12x3,9x3,6x5,3x4:20x5,17x5,13x5"},
		{"long-race-start", "Lw:12x3,11x3,10x3,9x2,8x2,7x2:24x3,23x3,22x3,21x2,20x2,19x2"},
	} {
		p, err := engine.ParseCode(c.code)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Race(p, engine.DefaultRules, Options{}) // a race too far from home is an error, timed too
			}
		})
	}
	p, _ := engine.ParseCode("Sw:6,5,4:21,20,19")
	a, _ := sideOf(p, engine.White)
	o, _ := sideOf(p, engine.Black)
	b.Run("three-a-side-first", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ts := newTwoSided(false)
			ts.rats(ts.bestPlay(a, o, false))
		}
	})
}

// BenchmarkEscape computes eight turns of escape chances.
func BenchmarkEscape(b *testing.B) {
	p, _ := engine.ParseCode("Lw:24x6,22x2,19,17x2,15,11,9,6:23x2,12x7,10x2,8,5,3,1")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Escape(p, engine.DefaultRules, 24, 0, 8); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTableMemory measures the heap the table keeps and fails when it
// exceeds what its data needs by more than an eighth. The data: per
// position an expectation (8 bytes), a first turn (1) and an offset (4),
// and 8 bytes per probability; the allowance covers the ranker's few
// KiB, the unused tail of the probabilities' allocation (reserved at 13
// a position, 12.75 used) and the allocator's rounding.
func TestTableMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tb := buildTable()
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	data := int64(tb.rk.n)*(8+1+4) + 4 + 8*int64(len(tb.p))
	bound := data + data/8
	t.Logf("table: %d positions, %d probabilities, %.1f MiB of data, %.1f MiB of arrays, heap +%.1f MiB (bound %.1f MiB)",
		tb.rk.n, len(tb.p), float64(data)/(1<<20), float64(tb.bytes())/(1<<20), float64(kept)/(1<<20), float64(bound)/(1<<20))
	if kept > bound {
		t.Errorf("the table keeps %d bytes of heap, more than its %d bytes of data and an eighth (%d)", kept, data, bound)
	}
	if got := int64(tb.bytes()); got > bound {
		t.Errorf("the table counts %d bytes of arrays, more than its %d bytes of data and an eighth (%d)", got, data, bound)
	}
	runtime.KeepAlive(tb)
}
