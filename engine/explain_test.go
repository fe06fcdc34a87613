package engine

import "testing"

// TestExplainNamesWrittenPoints: when a written bear-off fails, the
// verdict names the point the player wrote, not a stop the explainer
// tried on the way ("3/off" with 5-2 is not judged as 3/1/off), while a
// deeper failure for another reason still wins ("13/6" with 6-1 fails on
// the six-block at 7, not on the held point 12).
func TestExplainNamesWrittenPoints(t *testing.T) {
	for _, c := range []struct {
		code, play   string
		reason       Reason
		from, higher Point
	}{
		// The 5 cannot bear off from 3 while a checker stands on 6.
		{"Sw52:6,3x2,2:24x2,23x2,22x2,21x3,20x3,19x3", "3/off 3/1", ReasonHigherPoint, 3, 6},
		{"Sw52:6,3x2,2:24x2,23x2,22x2,21x3,20x3,19x3", "3/off", ReasonHigherPoint, 3, 6},
		// Long nardy: the 4 cannot bear off from 2 with a checker on 6.
		{"Lw41:6,2:18x5,17x5,16x5", "2/off", ReasonHigherPoint, 2, 6},
		{"Lw41:6,2:18x5,17x5,16x5", "2/off 6/5", ReasonHigherPoint, 2, 6},
		{"Lw61:13,5,4,3,2,1x10:12x15", "13/6", ReasonSixBlock, 7, 0},
	} {
		pc, err := ParseFullCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		v := Explain(pc.Position, pc.Dice, DefaultRules, c.play)
		if v.Reason != c.reason || v.From != c.from || v.Point != c.higher {
			t.Errorf("%s %q: got %v (from %v, point %v), want %v from %v with a checker on %v",
				c.code, c.play, v.Reason, v.From, v.Point, c.reason, c.from, c.higher)
		}
	}
}
