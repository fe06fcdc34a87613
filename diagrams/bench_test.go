package diagrams

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// benchCases are the kinds of diagram the site draws: an opening, a
// middle game with arrows and marked points, and a bear-off with dice and
// checkers in the trays, each as a page draws it (Screen, Printable).
func benchCases(b *testing.B) []struct {
	name string
	pos  engine.Position
	opt  Options
} {
	parse := func(s string) engine.Position {
		p, err := engine.ParseCode(s)
		if err != nil {
			b.Fatal(err)
		}
		return p
	}
	segs := func(s string) []engine.Segment {
		m, err := engine.ParseMoves(s)
		if err != nil {
			b.Fatal(err)
		}
		return m
	}
	base := Options{ID: "fig-1", Title: "Позиция: длинные нарды, ход белых", Desc: "Описание позиции для читателя.", Labels: ru, Printable: true}
	middle, bearOff := base, base
	middle.Dice, middle.HasDice = engine.Dice{4, 2}, true
	middle.Arrows = segs("24/22 5/1")
	middle.Marks = []engine.Point{3, 2, 1, 24, 23, 22}
	bearOff.Dice, bearOff.HasDice = engine.Dice{5, 5}, true
	bearOff.Arrows = segs("3/22/17 17/off 17/off")
	return []struct {
		name string
		pos  engine.Position
		opt  Options
	}{
		{"opening", engine.StartPosition(engine.Long), base},
		{"middle", parse("Lw42:24x6,23x2,22,5,3x2,2x2,1:19x2,12x9,10x2,9x2"), middle},
		{"bearoff", parse("Lb55:20x2,11x3,9x2,6x3,5x2:18x3,17x3,15x2,14x2,3"), bearOff},
	}
}

// BenchmarkInline draws each kind of diagram as a page embeds it.
func BenchmarkInline(b *testing.B) {
	for _, c := range benchCases(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := Inline(&buf, c.pos, c.opt); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(buf.Len()))
		})
	}
}

// BenchmarkStandalone draws each kind of diagram as a printable file in
// the Print theme, as the diagram command does.
func BenchmarkStandalone(b *testing.B) {
	for _, c := range benchCases(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			o := c.opt
			o.ID, o.Theme, o.Printable, o.WidthMM = "d", Print, false, 180
			for b.Loop() {
				if err := Standalone(io.Discard, c.pos, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFigure draws each kind of diagram as a page's figure does:
// inline, and the printable file made from the inline drawing.
func BenchmarkFigure(b *testing.B) {
	for _, c := range benchCases(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var sa bytes.Buffer
			for b.Loop() {
				var in strings.Builder
				if err := Inline(&in, c.pos, c.opt); err != nil {
					b.Fatal(err)
				}
				sa.Reset()
				if err := StandaloneFrom(&sa, in.String(), 180); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
