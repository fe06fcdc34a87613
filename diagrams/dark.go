package diagrams

import (
	"strings"
	"sync"
)

// darkRule is one recolouring of the dark scheme: the elements of a
// Screen diagram that match pattern, with %s standing for the attribute
// selector [attr="screen"], take the colour dark for the property attr.
type darkRule struct {
	pattern, attr, screen, dark string
}

// darkRules lists how the dark scheme recolours a Screen diagram. The
// paper, the words on it and the strips turn dark, the words light; the
// board stays a wooden board, its surface and light points a little
// darker so that it does not glare on a dark page; the checkers and the
// dice keep their colours, Black's outlined so that they stand out from
// the dark paper and points. A colour the Screen theme uses both on the
// paper and on a white checker or die (the ink) is recoloured where it
// stands for the paper's ink and kept where it marks a checker or a die.
func darkRules() []darkRule {
	s := palettes[Screen]
	const all, pips, count = "%s", "%s > circle", "text.nd-count%s"
	return []darkRule{
		// The paper and its words.
		{all, "fill", s.paper, darkPaper},
		{all, "fill", s.ink, darkInk},
		{all, "fill", s.muted, darkMuted},
		// The ink of a white die's pips and of the count on a stack of
		// White's checkers stays: they are drawn on white.
		{pips, "fill", s.whiteInk, s.whiteInk},
		{count, "fill", s.whiteInk, s.whiteInk},
		// The strip of the side to move.
		{all, "fill", s.turnFill, "#3b3128"},
		{all, "stroke", s.turnEdge, "#a9825a"},
		// The board's surface and its light points.
		{"stop%s", "stop-color", s.maple[0].Color, "#cdb78b"},
		{"stop%s", "stop-color", s.maple[1].Color, "#c4ac7d"},
		{all, "fill", s.triB, "#dccba7"},
		// Black's checkers, outlined in light.
		{all, "stroke", s.blackEdge, "#a3917d"},
		// The roll grid's cells not counted, and their lines.
		{".nd-other%s", "fill", s.whiteFill, "#2f2922"},
		{".nd-cells%s", "stroke", s.fieldEdge, "#8c765c"},
	}
}

// The dark scheme's paper, ink and muted ink: the paper is the colour the
// style sheet gives a figure in the dark scheme, so that a diagram sits
// on it without an edge.
const (
	darkPaper = "#211d18"
	darkInk   = "#eee5d6"
	darkMuted = "#cbbba3"
)

// DarkCSS returns style sheet rules that show every Screen diagram (an
// <svg class="nardy-board">) and every Screen roll grid of a page in the
// dark colour scheme: the paper dark, its words light, the board a
// little darker, the checkers and dice as they are. Like [PrintCSS] they
// recolour by the colours the Screen theme writes, so the same diagram,
// and the checkers the move checker redraws on it, serve both schemes.
// They are meant for a media query that leaves print alone:
//
//	@media screen and (prefers-color-scheme: dark) { …DarkCSS()… }
func DarkCSS() string { return darkCSS() }

var darkCSS = sync.OnceValue(func() string {
	const sel = "svg.nardy-board "
	var sb strings.Builder
	for _, r := range darkRules() {
		match := strings.Replace(r.pattern, "%s", "["+r.attr+`="`+r.screen+`"]`, 1)
		sb.WriteString(sel + match + "{" + r.attr + ":" + r.dark + "}\n")
	}
	return sb.String()
})
