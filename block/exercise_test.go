package block

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

func TestExerciseKey(t *testing.T) {
	const pos = "game: long\nwhite: 3 1x2\nblack: 12x15\n"
	b, err := Parse(pos+"dice: 2-1\nstats: off\nillegal: 3/1 3/2\nexercise: plays stats illegal\n", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Exercise{ExercisePlays, ExerciseStats, ExerciseIllegal}; !slices.Equal(b.Exercises, want) {
		t.Errorf("Exercises = %v, want %v", b.Exercises, want)
	}
	b, err = Parse(pos+"dice: 2-1\n", Options{})
	if err != nil || b.Exercises != nil {
		t.Errorf("a block without exercise: %v, %v", b.Exercises, err)
	}
	for _, c := range []struct{ src, want string }{
		{"exercise: plays", `4:11: exercise "plays" needs a "dice:" line`},
		{"exercise: stats", `4:11: exercise "stats" needs a "stats:" line`},
		{"dice: 2-1\nexercise: plays illegal", `5:17: exercise "illegal" needs an "illegal:" line`},
		{"dice: 2-1\nexercise: plays plays", `5:17: exercise "plays" is listed twice`},
		{"exercise: guess", `4:11: unknown exercise "guess"; known: plays, stats, illegal`},
		{"exercise:", `4:10: exercise: name the task: plays, stats, illegal`},
		{"exercize: plays", `did you mean "exercise"?`},
	} {
		_, err := Parse(pos+c.src, Options{})
		list, _ := err.(engine.ErrorList)
		got := ""
		for _, e := range list {
			got += strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Col) + ": " + e.Msg + "\n"
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: errors %q, want %q", c.src, got, c.want)
		}
	}
}
