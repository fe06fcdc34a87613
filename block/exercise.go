package block

import (
	"slices"
	"strconv"
	"strings"
)

// Exercise is a task a block sets for a worksheet ("exercise:" line). Its
// answer is always computed from the block, never written by hand.
type Exercise uint8

// The kinds of exercise.
const (
	// ExercisePlays asks for every legal play for the block's dice.
	ExercisePlays Exercise = iota
	// ExerciseStats asks for the "N of 36" figure of each statistic on
	// the block's "stats:" line.
	ExerciseStats
	// ExerciseIllegal asks why the block's "illegal:" play is not allowed.
	ExerciseIllegal
)

var exerciseNames = []string{"plays", "stats", "illegal"}

// String returns the exercise's name as written on an "exercise:" line.
func (e Exercise) String() string { return exerciseNames[e] }

// readExercise reads "exercise:", after the keys it depends on.
func (p *parser) readExercise() {
	b := p.b
	f, ok := p.get("exercise")
	if !ok {
		return
	}
	ws := words(f.val)
	known := strings.Join(exerciseNames, ", ")
	if len(ws) == 0 {
		p.add(f.pos(0), "exercise: name the task: "+known)
		return
	}
	for _, w := range ws {
		at := f.pos(w.col)
		i := slices.Index(exerciseNames, w.s)
		if i < 0 {
			p.add(at, "unknown exercise "+strconv.Quote(w.s)+"; known: "+known)
			continue
		}
		e := Exercise(i)
		if slices.Contains(b.Exercises, e) {
			p.add(at, "exercise "+strconv.Quote(w.s)+" is listed twice")
			continue
		}
		need := ""
		switch e {
		case ExercisePlays:
			if !p.has("dice") {
				need = `a "dice:" line: the task is to find every legal play for that roll`
			}
		case ExerciseStats:
			if !p.has("stats") {
				need = `a "stats:" line: the task is to count the rolls of each statistic`
			}
		case ExerciseIllegal:
			if !p.has("illegal") {
				need = `an "illegal:" line: the task is to say why that play is not allowed`
			}
		}
		if need != "" {
			p.add(at, "exercise "+strconv.Quote(w.s)+" needs "+need)
			continue
		}
		b.Exercises = append(b.Exercises, e)
	}
}
