package site

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestDocsClaims builds every position block of docs/blocks.md on a page,
// so that the claims of the documented examples ("expect:") hold.
func TestDocsClaims(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../docs/blocks.md")
	if err != nil {
		t.Fatal(err)
	}
	var page strings.Builder
	page.WriteString("---\ntitle: Examples\n---\n")
	in, claims := false, 0
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "```nardy" || line == "```nardy-table":
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
	files := fstest.MapFS{
		"ru/index.md": {Data: []byte(page.String())},
		"uk/index.md": {Data: []byte(page.String())},
	}
	if _, err := Build(context.Background(), Options{FS: files}); err != nil {
		t.Errorf("the examples of docs/blocks.md do not build:\n%v", err)
	}
}
