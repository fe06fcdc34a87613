package diagrams

import (
	svg "github.com/ajstarks/svgo"

	"github.com/nardydocs/nardydocs/diagrams/geometry"
	"github.com/nardydocs/nardydocs/engine"
)

// fontFamily is set on the root element; every text inherits it. The
// fonts listed all have Cyrillic letters.
const fontFamily = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif"

// palette holds the colours of one theme.
type palette struct {
	paper, ink, muted string // background, text, point numbers

	frame, frameEdge string         // the board's rim and the bar
	field, fieldEdge string         // the playing surface
	wood, maple      []svg.Offcolor // when set, gradients for the rim and the surface
	tray, trayInk    string         // the trays for borne-off checkers, their count
	triA, triB       string         // the two triangle colours
	triEdge          string         // triangle outline ("none" for no outline)
	hatch            bool           // triA is drawn with a hatch pattern instead

	whiteFill, whiteEdge, whiteRing, whiteInk string // White's checkers, dice and counts
	blackFill, blackEdge, blackRing, blackInk string // Black's

	arrow, halo string // arrows, and the outline that keeps them readable
	illegal     string // forbidden moves' dashed arrows and their crosses

	markFill, markEdge   string // marked points: column tint ("none" for none), outline
	badge, badgeInk      string // marked point numbers
	turnFill, turnEdge   string // the strip of the side to move
	turnInk              string // the turn label
	stripInk, stripMuted string // names and numbers in the strips
}

var white, black = geometry.ScreenInk[engine.White], geometry.ScreenInk[engine.Black]

var palettes = [...]palette{
	Screen: {
		paper: "#faf6ee", ink: "#2b2118", muted: "#5c4631",

		frame: "#7a4b2a", frameEdge: "#4a2c16",
		field: "#ead5a8", fieldEdge: "#5a3a20",
		wood: []svg.Offcolor{
			{Offset: 0, Color: "#85532f", Opacity: 1}, {Offset: 30, Color: "#6f4426", Opacity: 1},
			{Offset: 55, Color: "#815030", Opacity: 1}, {Offset: 80, Color: "#6a4024", Opacity: 1},
			{Offset: 100, Color: "#7a4b2a", Opacity: 1},
		},
		maple: []svg.Offcolor{
			{Offset: 0, Color: "#eedbb2", Opacity: 1}, {Offset: 50, Color: "#e8d1a1", Opacity: 1},
			{Offset: 100, Color: "#eedbb2", Opacity: 1},
		},
		tray: "#5a3820", trayInk: geometry.ScreenTrayInk,
		triA: "#a4472c", triB: "#f7eedb", triEdge: "#7c5a3a",

		// The checkers' colours are the geometry package's, with which the
		// move checker redraws a diagram's checkers.
		whiteFill: white.Fill, whiteEdge: white.Edge, whiteRing: white.Ring, whiteInk: white.Text,
		blackFill: black.Fill, blackEdge: black.Edge, blackRing: black.Ring, blackInk: black.Text,

		arrow: "#1a56b0", halo: "#ffffff",
		illegal: "#b42318",

		markFill: "#f2b33d", markEdge: "#1a56b0",
		badge: "#1a56b0", badgeInk: "#ffffff",
		turnFill: "#f0e0bd", turnEdge: "#7a4b2a", turnInk: "#2b2118",
		stripInk: "#2b2118", stripMuted: "#5c4631",
	},
	Print: {
		paper: "#ffffff", ink: "#000000", muted: "#000000",

		frame: "#ffffff", frameEdge: "#000000",
		field: "#ffffff", fieldEdge: "#000000",
		tray: "#ffffff", trayInk: "#000000",
		triA: "#ffffff", triB: "#ffffff", triEdge: "#000000", hatch: true,

		whiteFill: "#ffffff", whiteEdge: "#000000", whiteRing: "#000000", whiteInk: "#000000",
		blackFill: "#000000", blackEdge: "#000000", blackRing: "#ffffff", blackInk: "#ffffff",

		arrow: "#000000", halo: "#ffffff",
		illegal: "#000000",

		markFill: "none", markEdge: "#000000",
		badge: "#000000", badgeInk: "#ffffff",
		turnFill: "#ffffff", turnEdge: "#000000", turnInk: "#000000",
		stripInk: "#000000", stripMuted: "#000000",
	},
}
