package engine

import "testing"

// benchPositions are the positions of the benchmarks: an opening, a
// middle game and a bear-off for each game, as position codes.
var benchPositions = []struct{ name, code string }{
	{"long/opening", "Lw:24x15:12x15"},
	{"long/middle", "Lw:24x6,22x2,19,17x2,15,11,9,6:23x2,12x7,10x2,8,5,3,1"},
	{"long/bearoff", "Lw:6x3,5x3,4x2,3x3,2,1x2:18x4,17x3,15x3,14x2,13,12x2"},
	{"short/opening", "Sw:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"},
	{"short/middle", "Sw:24,20,13x3,11,8x2,7x2,6x4,4:22,19x4,17x2,16,12x3,9,3x2,1"},
	{"short/bearoff", "Sw:6x3,5x3,4x3,3x2,2x2,1x2:24x2,23x3,22x3,21x3,20x2,19x2"},
}

// BenchmarkAllRolls generates the legal plays of a position for all 21
// rolls: the work behind one "show: rolls" table.
func BenchmarkAllRolls(b *testing.B) {
	for _, bp := range benchPositions {
		p, err := ParseCode(bp.code)
		if err != nil {
			b.Fatalf("%s: %v", bp.name, err)
		}
		rolls := AllRolls()
		b.Run(bp.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, d := range rolls {
					n += len(LegalPlays(p, d, DefaultRules))
				}
			}
			b.ReportMetric(float64(n)/float64(b.N), "plays/op")
		})
	}
}
