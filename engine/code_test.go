package engine

import (
	"strconv"
	"strings"
	"testing"
)

// TestParseCodeErrors: each malformed code is refused with a message that
// says what is wrong, and the code itself.
func TestParseCodeErrors(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"Lw:24x15", `position code "Lw:24x15": expected "header:white:black" or "header:white:black:rules"`},
		{"Lw:24:12:last-roll=off:x", `expected "header:white:black" or "header:white:black:rules"`},
		{"Xw:24:12", `the header starts with L or S (the game), then w or b (the side to move)`},
		{"Lw71:24:12", `a die shows 1 to 6`},
		{"Lwxx:24:12", `unexpected "xx" in the header`},
		{"Swsb:24:1", `unexpected "sb" in the header`},
		{"Lw:24x1:12", `"24x1": a count is 2 to 15 (a single checker has no count)`},
		{"Lw:25:12", `"25": a point is 1 to 24 or "bar"`},
		{"Lw:bar:12", `"bar": long nardy has no bar`},
		{"Lw:12,24:1", `"24": points are listed from the bar and 24 down, each once`},
		{"Lw:24x15,23:12", `"23": more than 15 checkers`},
		{"Lw:24:24", `"24": the point holds checkers of both sides`},
		{"Lw:24:12:block=maybe", `rule "block=maybe": a code lists, once each and in this order, only rules that differ from the default: head-exception=doubles, block-check=end-of-turn, block-exemption=home, last-roll=off`},
		{"Lw:24:12:club", `rule "club": a code lists`},
		{"Lw:24:12:short=eastern", `rule "short=eastern": a code lists`},
		{"Lw:24:12:last-roll=on", `rule "last-roll=on": a code lists`},
		{"Lw:24:12:last-roll=off,head-exception=doubles", `rule "head-exception=doubles": a code lists`},
		{"Lw:24:12:last-roll=off,last-roll=off", `rule "last-roll=off": a code lists`},
		{"Sw:24:1:head-exception=doubles", `rule "head-exception=doubles": a code lists, once each and in this order, only rules that differ from the default: short=eastern`},
		{"Sw:24:1:", `rule "": a code lists`},
	} {
		_, err := ParseFullCode(c.code)
		if err == nil {
			t.Errorf("%s: accepted", c.code)
			continue
		}
		if got := err.Error(); !strings.Contains(got, c.want) || !strings.Contains(got, strconv.Quote(c.code)) {
			t.Errorf("%s: error %q, want it to contain %q and the code", c.code, got, c.want)
		}
	}
}
