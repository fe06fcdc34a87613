package site

import (
	"context"
	"path/filepath"
	"testing"
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
