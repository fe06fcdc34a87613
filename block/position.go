package block

import (
	"errors"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// readPosition sets up the block's position before any "play:" line:
// from "position:" (start, a code or a GNU Backgammon Position ID), from
// an earlier block ("from:"), or from the checkers listed per side; then
// the side to move and the side that started. It reports whether the
// position could be read.
func (p *parser) readPosition() bool {
	fPos, hasPos := p.get("position")
	fFrom, hasFrom := p.get("from")
	if hasPos && hasFrom {
		p.addCode(engine.Pos{Line: fFrom.line, Col: 1}, `"from:" and "position:" both set the position; keep one`, "from-and-position")
		p.b.Position = engine.NewPosition(p.game)
		return false
	}
	ok := true
	if hasPos || hasFrom {
		ok = p.noCheckerLines(hasFrom)
	}
	var pos engine.Position
	read := true // whether there is a position to go on with
	switch {
	case hasPos:
		pos, read = p.positionLine(fPos)
	case hasFrom:
		pos, read = p.continued(fFrom)
	case !p.has("white") || !p.has("black"):
		missing := "white"
		if p.has("white") {
			missing = "black"
		}
		p.addCode(engine.Pos{Line: 1, Col: 1}, `no "`+missing+`:" line: list the `+missing+` checkers, or write "`+missing+`:" with nothing after it if all are borne off, or use "position: start"`, "no-side."+missing)
		pos, read = engine.NewPosition(p.game), false
	default:
		pos, ok = p.checkerLines()
	}
	if !read {
		p.b.Position = pos
		return false
	}
	ok = p.readTurn(&pos) && ok
	ok = p.readStarted(&pos) && ok
	p.b.Position = pos
	return ok
}

// noCheckerLines reports a side's checkers listed beside "position:" or
// "from:" (fromLine), which set them all.
func (p *parser) noCheckerLines(fromLine bool) bool {
	other := "position:"
	if fromLine {
		other = "from:"
	}
	ok := true
	for _, k := range []string{"white", "black", "white-bar", "black-bar"} {
		if f, dup := p.get(k); dup {
			p.addCode(engine.Pos{Line: f.line, Col: 1}, `"`+k+`:" cannot be combined with "`+other+`"; the checkers come from there`, "combined", k, strings.TrimSuffix(other, ":"))
			ok = false
		}
	}
	return ok
}

// positionLine reads the value of a "position:" line: "start", a
// position code or (short nardy) a GNU Backgammon Position ID, whose side
// on roll is the "turn:" line's.
func (p *parser) positionLine(f field) (engine.Position, bool) {
	turn := engine.White
	if t, has := p.get("turn"); has {
		turn, _ = engine.ParseSide(t.val)
	}
	pos, err := positionValue(p.game, f.val, turn)
	if err != nil {
		p.addCode(f.pos(0), err.Error(), "position", f.val)
		return engine.NewPosition(p.game), false
	}
	return pos, true
}

// positionValue reads "start", a position code or a Position ID.
func positionValue(game engine.Game, v string, turn engine.Side) (engine.Position, error) {
	if v == "start" {
		return engine.StartPosition(game), nil
	}
	if strings.Contains(v, ":") {
		pos, err := engine.ParseCode(v)
		if err != nil {
			return pos, err
		}
		if pos.Game != game {
			return pos, errors.New("the position code is for " + pos.Game.String() + " nardy; this block is " + game.String() + " nardy")
		}
		return pos, nil
	}
	if game == engine.Short {
		return engine.ParseGnubgID(v, turn)
	}
	return engine.Position{}, errors.New("position " + strconv.Quote(v) + `: write "start" or a position code such as "Lw:24x15:12x15"`)
}

// continued finds the position an earlier block named ("from:").
func (p *parser) continued(f field) (engine.Position, bool) {
	p.b.From = f.val
	none := engine.NewPosition(p.game)
	var pos engine.Position
	found := false
	if p.opt.Lookup != nil {
		pos, found = p.opt.Lookup(f.val)
	}
	if !found {
		known := "no positions are named before this block"
		if len(p.opt.Names) > 0 {
			known = "named so far: " + strings.Join(p.opt.Names, ", ")
		}
		p.addCode(f.pos(0), "no earlier position is named "+strconv.Quote(f.val)+"; "+known, "from", f.val)
		return none, false
	}
	if pos.Game != p.game {
		p.addCode(f.pos(0), "position "+strconv.Quote(f.val)+" is "+pos.Game.String()+" nardy; this block is "+p.game.String()+" nardy", "from-game."+pos.Game.String(), f.val)
		return none, false
	}
	return pos, true
}

// checkerLines sets up the position from the "white:" and "black:" lines
// (both present) and the checkers on the bar.
func (p *parser) checkerLines() (engine.Position, bool) {
	pos := engine.NewPosition(p.game)
	fWhite, _ := p.get("white")
	fBlack, _ := p.get("black")
	ok := true
	lines := [2]field{fWhite, fBlack}
	var totals [2]int
	for _, s := range []engine.Side{engine.White, engine.Black} {
		n, good := p.sideCheckers(&pos, s, lines[s])
		totals[s] = n
		ok = ok && good
	}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		n, good := p.barCheckers(&pos, s, totals[s])
		totals[s] += n
		ok = ok && good
	}
	for _, s := range []engine.Side{engine.White, engine.Black} {
		if totals[s] > engine.Checkers {
			p.addCode(engine.Pos{Line: lines[s].line, Col: 1}, s.String()+" has "+strconv.Itoa(totals[s])+" checkers, at most 15", "too-many."+s.String(), strconv.Itoa(totals[s]))
			ok = false
		}
	}
	return pos, ok
}

// sideCheckers reads a side's line such as "24x13 18x2" into pos and
// returns the number of checkers it lists.
func (p *parser) sideCheckers(pos *engine.Position, s engine.Side, f field) (int, bool) {
	ok := true
	total := 0
	other := s.Other()
	seen := map[int]bool{}
	for _, w := range words(f.val) {
		at := f.pos(w.col)
		ptText, nText, hasN := strings.Cut(w.s, "x")
		pt, isNum := wholeNumber(ptText)
		if !isNum {
			p.addCode(at, strconv.Quote(w.s)+`: write a point, or "point" x "count", e.g. "24x13"`, "checker-word", w.s)
			ok = false
			continue
		}
		if pt < 1 || pt > 24 {
			p.addCode(at, "point "+strconv.Itoa(pt)+" is off the board: points are 1 to 24", "point-off", strconv.Itoa(pt))
			ok = false
			continue
		}
		n := 1
		if hasN {
			n, isNum = wholeNumber(nText)
			if !isNum || n < 1 || n > engine.Checkers {
				p.addCode(at, strconv.Quote(w.s)+": a count is 1 to 15", "count", w.s)
				ok = false
				continue
			}
		}
		if seen[pt] {
			p.addCode(at, "point "+strconv.Itoa(pt)+" is listed twice", "point-twice", strconv.Itoa(pt))
			ok = false
			continue
		}
		seen[pt] = true
		if pos.Count(other, engine.Point(pt)) > 0 {
			p.addCode(at, "point "+strconv.Itoa(pt)+" already holds "+other.String()+" checkers; a point holds one colour", "point-both."+other.String(), strconv.Itoa(pt))
			ok = false
			continue
		}
		total += n
		if total <= engine.Checkers {
			pos.Set(s, engine.Point(pt), n)
		}
	}
	return total, ok
}

// barCheckers reads side s's "white-bar:" or "black-bar:" line into pos
// (as long as the side's onBoard checkers leave room) and returns the
// number of checkers it puts there.
func (p *parser) barCheckers(pos *engine.Position, s engine.Side, onBoard int) (int, bool) {
	f, has := p.get(s.String() + "-bar")
	if !has {
		return 0, true
	}
	n, isNum := wholeNumber(f.val)
	switch {
	case !isNum || n > engine.Checkers:
		p.addCode(f.pos(0), s.String()+"-bar "+strconv.Quote(f.val)+": write a number of checkers, 0 to 15", "bar-count", f.val)
		return 0, false
	case n > 0 && p.game == engine.Long:
		p.addCode(f.pos(0), "long nardy has no bar: nothing is ever hit", "long-bar")
		return 0, false
	}
	if onBoard+n <= engine.Checkers {
		pos.SetBar(s, n)
	}
	return n, true
}

// readTurn applies the "turn:" line.
func (p *parser) readTurn(pos *engine.Position) bool {
	f, has := p.get("turn")
	if !has {
		return true
	}
	s, valid := engine.ParseSide(f.val)
	if !valid {
		p.addCode(f.pos(0), "turn "+strconv.Quote(f.val)+`: write "white" or "black"`, "turn", f.val)
		return false
	}
	pos.Turn = s
	return true
}

// readStarted applies the "started:" line (long nardy, for the last roll).
func (p *parser) readStarted(pos *engine.Position) bool {
	f, has := p.get("started")
	if !has {
		return true
	}
	s, valid := engine.ParseSide(f.val)
	switch {
	case !valid:
		p.addCode(f.pos(0), "started "+strconv.Quote(f.val)+`: write "white" or "black"`, "started", f.val)
		return false
	case p.game != engine.Long:
		p.addCode(f.pos(0), `"started:" matters only in long nardy (for the last roll)`, "started-long")
		return false
	}
	pos.Started = s
	return true
}
