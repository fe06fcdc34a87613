package site

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/memo"
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

// BenchmarkRebuildOnePage is what serve does when an editor saves a
// page: the whole site built again in memory with the figures of the
// previous build at hand (an in-memory Cache), one page's prose changed.
func BenchmarkRebuildOnePage(b *testing.B) {
	files := fstest.MapFS{}
	root := filepath.Join("..", "content")
	err := filepath.WalkDir(root, func(name string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(name)
		rel, _ := filepath.Rel(root, name)
		files[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	opt := Options{Content: "content", FS: files, Checker: true, Memo: memo.New()}
	if _, err := Build(context.Background(), opt); err != nil {
		b.Fatal(err)
	}
	page := files["ru/long/head.md"]
	original := page.Data
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n++
		page.Data = append(slices.Clip(original), []byte("\nАбзац "+strconv.Itoa(n)+".\n")...)
		if _, err := Build(context.Background(), opt); err != nil {
			b.Fatal(err)
		}
		opt.Memo.Save()
	}
}

// BenchmarkRebuildOnePageDisk is what the command line does when a page
// changed: a build into a directory with the disk cache of the previous
// build (read anew, as by a new process), one page's prose changed.
func BenchmarkRebuildOnePageDisk(b *testing.B) {
	root := b.TempDir()
	content := filepath.Join(root, "content")
	if err := os.CopyFS(content, os.DirFS(filepath.Join("..", "content"))); err != nil {
		b.Fatal(err)
	}
	out, cache := filepath.Join(root, "public"), filepath.Join(root, "cache")
	build := func() {
		opt := Options{Content: content, Checker: true}
		if _, err := Publish(context.Background(), opt, Target{Dir: out, MemoDir: cache}); err != nil {
			b.Fatal(err)
		}
	}
	build()
	page := filepath.Join(content, "ru", "long", "head.md")
	original, err := os.ReadFile(page)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n++
		if err := os.WriteFile(page, append(slices.Clip(original), []byte("\nАбзац "+strconv.Itoa(n)+".\n")...), 0o644); err != nil {
			b.Fatal(err)
		}
		build()
	}
}
