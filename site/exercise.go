package site

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// exerciseTask returns what the exercises of blk ask, in l, for its
// figure in the page ("Задание: можно ли сыграть 24/19 24/21?"), or ""
// when the block sets none. The worksheet asks the same in its own
// words (renderer.task).
func exerciseTask(l i18n.Lang, blk *block.Block) string {
	var qs []string
	for _, ex := range blk.Exercises {
		switch ex {
		case block.ExercisePlays:
			qs = append(qs, l.T("fig.q.plays"))
		case block.ExerciseStats:
			for _, st := range blk.Stats {
				qs = append(qs, l.T("ws.q."+st.String()))
			}
		case block.ExerciseIllegal:
			qs = append(qs, l.F("fig.q.illegal", "play", blk.IllegalText))
		}
	}
	if len(qs) == 0 {
		return ""
	}
	// The first question goes on after "Задание:", in lower case.
	q := strings.Join(qs, " ")
	r, n := utf8.DecodeRuneInString(q)
	return l.F("fig.task", "q", string(unicode.ToLower(r))+q[n:])
}
