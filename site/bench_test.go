package site

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// BenchmarkBuildContent builds the whole site of content/ in memory, both
// languages, every block computed: the time an editor waits for a rebuild.
func BenchmarkBuildContent(b *testing.B) {
	b.ReportAllocs()
	opt := Options{Content: filepath.Join("..", "content")}
	var s *Site
	for b.Loop() {
		var err error
		if s, err = Build(context.Background(), opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Pages), "pages")
	b.ReportMetric(float64(s.Figures), "figures")
}

// BenchmarkBuildEachProfile rebuilds the whole site under every preset
// profile (with problems reported, not fatal, since some claims are bound
// to a profile): what "nardydocs diff" and a switch of the site's rules
// cost.
func BenchmarkBuildEachProfile(b *testing.B) {
	for _, p := range engine.Presets {
		b.Run(p.Name, func(b *testing.B) {
			opt := Options{Content: filepath.Join("..", "content"), Rules: []string{p.Name}, KeepGoing: true}
			for b.Loop() {
				if _, err := Build(context.Background(), opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
