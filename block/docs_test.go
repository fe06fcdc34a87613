package block

import (
	"os"
	"strings"
	"testing"
)

// TestDocsExamples parses every position block of docs/blocks.md, so the
// documented examples always work (including their "illegal:" claims).
func TestDocsExamples(t *testing.T) {
	data, err := os.ReadFile("../docs/blocks.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks, tables []string
	var cur []string
	in, table := false, false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "```nardy" || line == "```nardy-table":
			in, table, cur = true, line == "```nardy-table", nil
		case in && line == "```":
			in = false
			if table {
				tables = append(tables, strings.Join(cur, "\n"))
			} else {
				blocks = append(blocks, strings.Join(cur, "\n"))
			}
		case in:
			cur = append(cur, line)
		}
	}
	if len(tables) == 0 {
		t.Errorf("found no table in docs/blocks.md")
	}
	for _, src := range tables {
		if _, err := ParseTable(src, Options{}); err != nil {
			t.Errorf("table does not parse:\n%s\n%v", src, err)
		}
	}
	if len(blocks) < 5 {
		t.Fatalf("found %d examples in docs/blocks.md; the parser of this test is out of step with the file", len(blocks))
	}
	for _, src := range blocks {
		if _, err := Parse(src, Options{}); err != nil {
			t.Errorf("example does not parse:\n%s\n%v", src, err)
		}
	}
}
