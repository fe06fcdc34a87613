package odds

import (
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// TestRaceCost: the bound of a race's work is nothing for what tables
// give or what is refused at once, the states of an exact race, and the
// one-sided bound for each side still on its way home.
func TestRaceCost(t *testing.T) {
	for _, c := range []struct {
		code string
		want int
	}{
		{"Sw:6:19", 0},                   // small homes: the shared table
		{"Sw:6x2,3,1x4:24x4,22,19x2", 0}, // two homes: the bear-off tables
		{"Lw:6:18", 0},                   // small homes with the last roll
		{"Sw:11,10:15,14", TwoSidedWeight * 2 * 78 * 78}, // exact: C(11+2, 2)² states, twice
		{"Sw:9,8,3,2,1:21,20,19", DefaultMaxPositions},   // White counted on its way home
		{"Sw:9,8,3,2,1:21,20,19,17,16", 2 * DefaultMaxPositions},
		{"Sw:12x15:13x15", 0}, // both too far from home: refused at once
		{"Sw:20,1:14", 0},     // contact: refused
	} {
		p := mustCode(t, c.code)
		got := RaceCost(p, engine.DefaultRules, Options{})
		if got != c.want {
			t.Errorf("%s: cost %d, want %d", c.code, got, c.want)
		}
	}
}
