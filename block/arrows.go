package block

import (
	"slices"
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// The arrows of a diagram show moves, so they must be moves the rules
// allow; what they may show depends on what the block says of the turn:
//
//   - With "dice:", the arrows are moves of that roll: a legal play, or a
//     legal part of one. A part is the start of a play
//     (engine.ExplainPart): moves that can be played first, one die at a
//     time in any order the rules accept, after which the rest of the
//     roll can be played so that the whole is a legal play.
//   - Without "dice:" but after "play:" lines, the diagram shows the
//     position after the last play, and the arrows show that play: they
//     must be that play, or its start, in the position it was made in.
//   - With neither, there is no roll to play: the arrows show the way
//     checkers travel (the direction of play, a path around the board),
//     and each must run forward along the way of White or of Black.
//
// In every case the block's "illegal:" play may be drawn too: an
// "arrows:" line that repeats it is drawn as that forbidden play, dashed,
// and not as moves.

// readArrows reads "arrows:" and checks the arrows against the position
// and the roll, once both are read (after "illegal:").
func (p *parser) readArrows() {
	b := p.b
	f, ok := p.get("arrows")
	if !ok {
		return
	}
	segs, ok := p.moves(f, "arrows: ")
	switch {
	case !ok:
		return
	case len(segs) > MaxArrows:
		p.add(f.pos(0), "arrows: "+strconv.Itoa(len(segs))+" arrows; a diagram shows at most "+strconv.Itoa(MaxArrows))
		return
	case !p.posOK || p.has("dice") && !b.HasDice:
		return // the position's or the roll's problem is reported
	}
	draw, col, msg := b.checkArrows(f.val, segs)
	if msg != "" {
		at := f.pos(0)
		if col > 0 {
			at = f.pos(col - 1)
		}
		p.add(at, "arrows: "+msg)
		return
	}
	b.Arrows = draw
}

// CheckArrows reads moves to draw as arrows on the block's diagram (a
// replacement for its "arrows:" line, in notation) and checks them as
// "arrows:" is checked: a legal play of the block's roll or the start of
// one, for some roll when the block has no "dice:", or else the block's
// "illegal:" play. It returns the moves to draw as arrows (none for the
// illegal play, which the diagram draws dashed anyway) or, when the moves
// may not be drawn, a message saying why and the column, in text, of the
// move concerned (0 when no single move is). An empty text draws none.
func (b *Block) CheckArrows(text string) (draw []engine.Segment, col int, msg string) {
	if strings.TrimSpace(text) == "" {
		return nil, 0, "" // no arrows
	}
	segs, err := engine.ParseMoves(text)
	if err != nil {
		e := err.(*engine.Error) // ParseMoves reports one problem, with its column
		return nil, e.Pos.Col, e.Msg
	}
	if len(segs) > MaxArrows {
		return nil, 0, strconv.Itoa(len(segs)) + " arrows; a diagram shows at most " + strconv.Itoa(MaxArrows)
	}
	return b.checkArrows(text, segs)
}

// checkArrows is CheckArrows for moves already read from text.
func (b *Block) checkArrows(moves string, segs []engine.Segment) (draw []engine.Segment, col int, msg string) {
	if len(segs) == 0 {
		return nil, 0, ""
	}
	if b.Illegal != nil && sameMoves(segs, b.Illegal) {
		return nil, 0, ""
	}
	text := strconv.Quote(strings.TrimSpace(moves))
	if b.HasDice {
		v := engine.ExplainPart(b.Position, b.Dice, b.Rules, segs)
		if v.Legal() {
			return segs, 0, ""
		}
		return nil, v.Col, arrowProblem(text, b.Dice, v)
	}
	if n := len(b.Plays); n > 0 {
		last := b.Plays[n-1]
		v := engine.ExplainPartOf(last.Before, last.Dice, b.Rules, segs, last.Play)
		if v.Legal() {
			return segs, 0, ""
		}
		made := strconv.Quote("play: " + last.Dice.String() + " " + last.Text)
		switch v.Reason {
		case engine.ReasonMustPlayMore, engine.ReasonMustPlayLarger, engine.ReasonNotListed:
			return nil, v.Col, text + " is not the play of the last play: line (" + made + "), nor its start; without a dice: line the arrows show that play"
		}
		return nil, v.Col, text + " is not the play of the last play: line (" + made + "), nor its start: " + reasonText(v)
	}
	for _, sg := range segs {
		if !forward(b.Position.Game, sg) {
			return nil, sg.Col, strconv.Quote(engine.FormatSegments([]engine.Segment{sg})) +
				" runs backwards for both sides; without a dice: or play: line the arrows show the way checkers travel, forward along the way of White or of Black (add dice: to draw a roll's moves)"
		}
	}
	return segs, 0, ""
}

// forward reports whether segment s runs forward along the way of White
// or of Black in game g: from a point of the board (or the bar) to a
// later point of that side's way, or off.
func forward(g engine.Game, s engine.Segment) bool {
	for _, side := range []engine.Side{engine.White, engine.Black} {
		from, to := 25, 0 // the bar, off
		if s.From == engine.Bar && g == engine.Long {
			continue // long nardy has no bar
		}
		if s.From != engine.Bar {
			if s.From < 1 || s.From > 24 {
				continue
			}
			from = engine.OwnPoint(g, side, s.From)
		}
		if s.To != engine.Off {
			if s.To < 1 || s.To > 24 {
				continue
			}
			to = engine.OwnPoint(g, side, s.To)
		}
		if to < from {
			return true
		}
	}
	return false
}

// arrowProblem says why moves text (quoted) may not be drawn with roll d.
func arrowProblem(text string, d engine.Dice, v engine.Verdict) string {
	switch v.Reason {
	case engine.ReasonNoMove:
		return "nothing can be played with " + d.String() + " (the turn is lost), so no move may be drawn"
	case engine.ReasonGameOver:
		return "the game is over: no checker may move"
	case engine.ReasonMustPlayMore:
		return "no legal play with " + d.String() + " begins with " + text + ": after it the rest of the roll cannot be played as the rules require"
	}
	return text + " is not a legal play with " + d.String() + ", nor the start of one: " + reasonText(v)
}

// reasonText is the engine's explanation of a verdict, for a message.
func reasonText(v engine.Verdict) string {
	if v.Reason == engine.ReasonMustPlayMore {
		return "after these moves the rest of the roll cannot be played as the rules require"
	}
	return v.String()
}

// sameMoves reports whether two move lists draw the same moves, in any
// order.
func sameMoves(a, b []engine.Segment) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(s engine.Segment) [3]int { return [3]int{int(s.From), int(s.To), btoi(s.Hit)} }
	ka, kb := make([][3]int, len(a)), make([][3]int, len(b))
	for i := range a {
		ka[i], kb[i] = key(a[i]), key(b[i])
	}
	cmp := func(x, y [3]int) int { return slices.Compare(x[:], y[:]) }
	slices.SortFunc(ka, cmp)
	slices.SortFunc(kb, cmp)
	return slices.Equal(ka, kb)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
