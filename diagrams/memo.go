package diagrams

import (
	"sync"

	"github.com/nardydocs/nardydocs/engine"
)

// A memo keeps svgo's drawing of the elements whose words and numbers
// recur from one diagram to the next, though not in fixed places: a
// side's name, "пипы 167", the turn label, the count on a stack or
// beside a tray. A site has a few hundred of them, which its diagrams
// share; each is drawn once, the first time a diagram needs it, and
// copied after. A memo holds at most memoMax drawings, so that it stays
// small whatever it is given; past that, svgo draws each element anew.
// Either way the output is the same.
type memo struct {
	mu sync.RWMutex
	m  map[memoKey]string
}

// memoMax is how many drawings a memo holds at most.
var memoMax = 4096

// A memoKey names one element: its kind, which says how it is drawn,
// and what it is drawn from.
type memoKey struct {
	kind memoKind
	side engine.Side
	a, b int
	s    string
}

// The kinds of elements memoized, and what their keys hold.
type memoKind uint8

const (
	nameSpan   memoKind = iota // a side's name in its strip: the name s
	mutedSpan                  // a number in a strip, e.g. "пипы 167": the label s, the number a, after another word when b is 1
	turnLabel                  // the turn label of a side's strip: the label s
	stackCount                 // the number of a side's checkers on a place: the place a, the number b
	trayCount                  // the number of a side's borne-off checkers: the game a, the number b
)

// draw copies the drawing of k onto out, drawing it with draw first when
// the memo does not have it.
func (m *memo) draw(out *canvas, k memoKey, draw func()) {
	m.mu.RLock()
	v, ok := m.m[k]
	m.mu.RUnlock()
	if ok {
		out.put(v)
		return
	}
	start := len(out.b)
	draw()
	m.mu.Lock()
	if len(m.m) < memoMax {
		if m.m == nil {
			m.m = map[memoKey]string{}
		}
		m.m[k] = string(out.b[start:])
	}
	m.mu.Unlock()
}
