package site

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestReadmeConfigTable: the README's section for publishers lists every
// key of nardydocs.yaml, in the order the code documents them, and no
// other; and its example configuration is read without a problem.
func TestReadmeConfigTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## For publishers\n")
	if !ok {
		t.Fatal(`README.md has no "## For publishers" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var keys []string
	for _, line := range strings.Split(section, "\n") {
		if key, ok := strings.CutPrefix(line, "| `"); ok {
			key, _, _ = strings.Cut(key, "`")
			keys = append(keys, key)
		}
	}
	if !slices.Equal(keys, configKeys) {
		t.Errorf("the README's table lists %v; nardydocs.yaml's keys are %v", keys, configKeys)
	}
	_, example, ok := strings.Cut(section, "```yaml\n")
	if !ok {
		t.Fatal("the section has no example configuration")
	}
	example, _, _ = strings.Cut(example, "```")
	files := fstest.MapFS{"art/logo.svg": {Data: []byte("<svg/>")}, "ru": {Mode: 0o755 | fs.ModeDir}, "uk": {Mode: 0o755 | fs.ModeDir}}
	if _, problems := readConfigText(t, example, files); problems != "" {
		t.Errorf("the README's example configuration:\n%s", problems)
	}
}
