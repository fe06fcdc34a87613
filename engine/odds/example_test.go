package odds_test

import (
	"fmt"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/engine/odds"
)

func ExampleBearOffHome() {
	// Two checkers on the 6-point.
	d, _ := odds.BearOffHome(odds.Home{0, 0, 0, 0, 0, 2})
	one := d.Within(1)
	fmt.Println(one.Fraction(), one.Percent(), one.Method)
	fmt.Println(d.Within(2).Fraction(), d.Within(2).Percent())
	fmt.Printf("%.4f turns (%s)\n", d.Expected(), d.ExpectedRat().RatString())
	// Output:
	// 4/36 11.1% exact
	// 169/216 78.2%
	// 2.1096 turns (49213/23328)
}

func ExampleBearOff() {
	p, _ := engine.ParseCode("Sw:6x3,5x3,4x3,3x2,2x2,1x2:24x2,23x3,22x3,21x3,20x2,19x2")
	d, _ := odds.BearOff(p, engine.White)
	fmt.Printf("%.3f turns, within 8: %s (%s)\n", d.Expected(), d.Within(8).Percent(), d.Method())
	// Output:
	// 8.139 turns, within 8: 63% (double)
}

func ExampleLastRoll() {
	// White started and has borne off; Black has two checkers on its
	// 6-point and takes the last roll.
	p, _ := engine.ParseCode("Lb::18x2")
	f, rolls, _ := odds.LastRoll(p, engine.DefaultRules)
	fmt.Println(f.Fraction(), f.Percent(), rolls)
	// Output:
	// 4/36 11.1% [3-3 4-4 5-5 6-6]
}

func ExampleRace() {
	p, _ := engine.ParseCode("Lw:6:18")
	r, _ := odds.Race(p, engine.DefaultRules, odds.Options{})
	fmt.Println("win", r.Win.Fraction(), "draw", r.Draw.Fraction(), "loss", r.Loss.Fraction())
	// Output:
	// win 3/16 draw 5/8 loss 3/16
}

func ExampleEscape() {
	// A White checker on 13 behind Black's five points 12-8.
	p, _ := engine.ParseCode("Lw:13:12,11,10,9,8")
	f, _ := odds.Escape(p, engine.DefaultRules, 13, 0, 2)
	fmt.Println(f[0].Fraction(), f[0].Percent(), f[1].Fraction(), f[1].Percent())
	// Output:
	// 11/36 30.6% 671/1296 51.8%
}
