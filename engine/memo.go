package engine

// Plays remembers the legal plays it computed, by position, roll and
// rules, so that a caller asking about the same positions again (a
// figure's tables, its statistics and the claims about them, the same
// figure on a page's translation, the replies tables, whose rows share
// their opponent's positions) computes each once. Its answers are those
// of LegalPlays, Statistic and Replies; the slices of plays it returns
// are shared between its answers and must not be modified.
//
// The zero value is ready to use; a nil *Plays remembers nothing. A Plays
// is not safe for concurrent use.
type Plays struct {
	m map[playsKey][]Play
}

// playsKey is what the legal plays depend on.
type playsKey struct {
	p Position
	d Dice
	r Rules
}

// maxRemembered bounds a Plays: past it, what it holds is forgotten and
// it starts again, so that a page of thousands of figures cannot hold
// the plays of all of them at once.
var maxRemembered = 1 << 16

// LegalPlays returns LegalPlays(p, d, r), computed once.
func (m *Plays) LegalPlays(p Position, d Dice, r Rules) []Play {
	if m == nil {
		return LegalPlays(p, d, r)
	}
	k := playsKey{p, d, r}
	if plays, ok := m.m[k]; ok {
		return plays
	}
	plays := LegalPlays(p, d, r)
	if m.m == nil || len(m.m) >= maxRemembered {
		m.m = make(map[playsKey][]Play)
	}
	m.m[k] = plays
	return plays
}

// Statistic returns Statistic(p, r, st), with the plays of each roll
// computed once.
func (m *Plays) Statistic(p Position, r Rules, st Stat) RollCount {
	return CountRollsOf(func(d Dice) []Play { return m.LegalPlays(p, d, r) }, st.Holds)
}

// Replies returns Replies(p, r, rolls, stats), with the plays of each
// position and roll computed once.
func (m *Plays) Replies(p Position, r Rules, rolls []Dice, stats []Stat) []Reply {
	var out []Reply
	for _, d := range rolls {
		d = d.Canonical()
		plays := m.LegalPlays(p, d, r)
		for _, rp := range afterRoll(p, d, plays) {
			rp.Counts = make([]RollCount, len(stats))
			for i, st := range stats {
				rp.Counts[i] = m.Statistic(rp.After, r, st)
			}
			out = append(out, rp)
		}
	}
	return out
}
