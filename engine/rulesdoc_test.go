package engine_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nardydocs/nardydocs/engine"
)

// The tests in this file keep docs/rules.md, the project's rules
// reference, in step with the engine: every rule key, value, preset and
// statistic is documented, the two profile tables say what the engine
// does, and every link into the repository leads to a file.

const rulesDoc = "../docs/rules.md"

func readRulesDoc(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// rulesDocRow returns the cells of the table row whose first cell is
// first, or nil when there is none.
func rulesDocRow(doc, first string) []string {
	for _, line := range strings.Split(doc, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if cells[0] == first {
			return cells
		}
	}
	return nil
}

func TestRulesDocKeys(t *testing.T) {
	doc := readRulesDoc(t)
	for _, k := range engine.RuleKeys {
		for _, v := range k.Values {
			if kv := k.Name + "=" + v; !strings.Contains(doc, kv) {
				t.Errorf("%s does not mention %s", rulesDoc, kv)
			}
		}
		// The row of the rule-key table: key, game, values (default first).
		row := rulesDocRow(doc, "`"+k.Name+"`")
		if row == nil {
			t.Errorf("%s: no table row for the key %s", rulesDoc, k.Name)
			continue
		}
		want := "`" + strings.Join(k.Values, "`, `") + "`"
		if len(row) < 3 || row[1] != k.Game.String() || row[2] != want {
			t.Errorf("%s: row of %s is %q; want game %s and values %s", rulesDoc, k.Name, row, k.Game, want)
		}
	}
}

func TestRulesDocPresets(t *testing.T) {
	doc := readRulesDoc(t)
	header := rulesDocRow(doc, "preset")
	if header == nil {
		t.Fatalf("%s: no presets table (a row starting with \"| preset |\")", rulesDoc)
	}
	if len(header) != 1+len(engine.RuleKeys) {
		t.Fatalf("%s: the presets table has columns %q; want the preset and every rule key", rulesDoc, header)
	}
	for i, k := range engine.RuleKeys {
		if header[1+i] != "`"+k.Name+"`" {
			t.Errorf("%s: presets table column %d is %s, want `%s`", rulesDoc, 2+i, header[1+i], k.Name)
		}
	}
	for _, p := range engine.Presets {
		row := rulesDocRow(doc, "`"+p.Name+"`")
		if len(row) != len(header) {
			t.Errorf("%s: the presets table has no complete row for %s: %q", rulesDoc, p.Name, row)
			continue
		}
		for i, k := range engine.RuleKeys {
			if v, _ := p.Rules.Get(k.Name); row[1+i] != v {
				t.Errorf("%s: preset %s has %s=%s in the table, the engine sets %s", rulesDoc, p.Name, k.Name, row[1+i], v)
			}
		}
	}
}

func TestRulesDocStatistics(t *testing.T) {
	doc := readRulesDoc(t)
	for _, name := range engine.StatNames {
		if rulesDocRow(doc, "`"+name+"`") == nil {
			t.Errorf("%s: the statistic %s has no table row", rulesDoc, name)
		}
	}
}

// rulesDocLink matches the target of a Markdown link: [text](target).
var rulesDocLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

func TestRulesDocLinks(t *testing.T) {
	doc := readRulesDoc(t)
	links := 0
	for _, m := range rulesDocLink.FindAllStringSubmatch(doc, -1) {
		target := m[1]
		if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") {
			continue
		}
		target, _, _ = strings.Cut(target, "#")
		links++
		file := filepath.Join(filepath.Dir(rulesDoc), filepath.FromSlash(target))
		if _, err := os.Stat(file); err != nil {
			t.Errorf("%s: the link %s leads to no file (%v)", rulesDoc, m[1], err)
		}
	}
	if links < 40 {
		t.Errorf("%s: found %d links into the repository; the link pattern of this test is out of step with the file", rulesDoc, links)
	}
}
