package engine

import "slices"

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

// parseExercise reads "exercise:", after the keys it depends on.
func (b *Block) parseExercise(get func(string) (field, bool), errs *ErrorList) {
	f, ok := get("exercise")
	if !ok {
		return
	}
	ws := words(f.val)
	if len(ws) == 0 {
		errs.Add(f.line, f.col, "exercise: name the task: "+joinNames(exerciseNames))
		return
	}
	for _, w := range ws {
		col := f.col + w.col
		i := slices.Index(exerciseNames, w.s)
		if i < 0 {
			errs.Add(f.line, col, `unknown exercise "`+w.s+`"; known: `+joinNames(exerciseNames))
			continue
		}
		e := Exercise(i)
		if slices.Contains(b.Exercises, e) {
			errs.Add(f.line, col, `exercise "`+w.s+`" is listed twice`)
			continue
		}
		need := ""
		switch e {
		case ExercisePlays:
			if _, has := get("dice"); !has {
				need = `a "dice:" line: the task is to find every legal play for that roll`
			}
		case ExerciseStats:
			if _, has := get("stats"); !has {
				need = `a "stats:" line: the task is to count the rolls of each statistic`
			}
		case ExerciseIllegal:
			if _, has := get("illegal"); !has {
				need = `an "illegal:" line: the task is to say why that play is not allowed`
			}
		}
		if need != "" {
			errs.Add(f.line, col, `exercise "`+w.s+`" needs `+need)
			continue
		}
		b.Exercises = append(b.Exercises, e)
	}
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}
