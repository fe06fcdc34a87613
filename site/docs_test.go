package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsClaims builds every position block of docs/blocks.md on a page,
// so that the claims of the documented examples ("expect:") hold.
func TestDocsClaims(t *testing.T) {
	data, err := os.ReadFile("../docs/blocks.md")
	if err != nil {
		t.Fatal(err)
	}
	var page strings.Builder
	page.WriteString("---\ntitle: Examples\n---\n")
	in, claims := false, 0
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "```nardy":
			in = true
		case in && line == "```":
			in = false
		case in && strings.HasPrefix(line, "expect:"):
			claims++
		}
		if in || line == "```" {
			page.WriteString(line + "\n")
		}
	}
	if claims < 5 {
		t.Fatalf("found %d claims in docs/blocks.md; the parser of this test is out of step with the file", claims)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"ru/index.md": page.String(), "uk/index.md": page.String()} {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Build(context.Background(), Options{Content: dir}); err != nil {
		t.Errorf("the examples of docs/blocks.md do not build:\n%v", err)
	}
}
