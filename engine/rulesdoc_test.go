package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
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

// rulesDocName matches a code name in backquotes: `Name` or `Type.Method`.
var rulesDocName = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)`")

// rulesDocTest matches a test name, TestName or a prefix TestName*.
var rulesDocTest = regexp.MustCompile(`\bTest[A-Za-z0-9_]*\*?`)

// engineDecls returns the names declared in the Go files of dir:
// functions, types, variables and constants as "Name", methods as
// "Type.Method". With tests, only the test files are read, and only
// their functions.
func engineDecls(t *testing.T, dir string, tests bool) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") != tests {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				name := d.Name.Name
				if d.Recv != nil && len(d.Recv.List) == 1 {
					typ := d.Recv.List[0].Type
					if star, ok := typ.(*ast.StarExpr); ok {
						typ = star.X
					}
					if id, ok := typ.(*ast.Ident); ok {
						name = id.Name + "." + name
					}
				}
				names[name] = true
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						names[spec.Name.Name] = true
					case *ast.ValueSpec:
						for _, id := range spec.Names {
							names[id.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}

// TestRulesDocIndex keeps the rule index true to the code: every name in
// its "implemented in" column is declared in package engine, and every
// test in its "checked by" column exists in engine or engine/odds.
func TestRulesDocIndex(t *testing.T) {
	doc := readRulesDoc(t)
	_, index, ok := strings.Cut(doc, "| rule | key |")
	if !ok {
		t.Fatalf("%s: no rule index (a table whose header starts | rule | key |)", rulesDoc)
	}
	code := engineDecls(t, ".", false)
	tests := engineDecls(t, ".", true)
	for name := range engineDecls(t, "odds", true) {
		tests[name] = true
	}
	rows := 0
	for _, line := range strings.Split(index, "\n")[2:] {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 6 {
			t.Errorf("%s: rule index row %q has %d cells, want 6", rulesDoc, line, len(cells))
			continue
		}
		rows++
		rule := strings.TrimSpace(cells[0])
		for _, m := range rulesDocName.FindAllStringSubmatch(cells[4], -1) {
			if !code[m[1]] {
				t.Errorf("%s: rule %q: package engine declares no %s", rulesDoc, rule, m[1])
			}
		}
		named := rulesDocTest.FindAllString(cells[5], -1)
		if len(named) == 0 {
			t.Errorf("%s: rule %q names no test", rulesDoc, rule)
		}
		for _, name := range named {
			found := tests[name]
			if prefix, ok := strings.CutSuffix(name, "*"); ok {
				for test := range tests {
					found = found || strings.HasPrefix(test, prefix)
				}
			}
			if !found {
				t.Errorf("%s: rule %q: no test %s in engine or engine/odds", rulesDoc, rule, name)
			}
		}
	}
	if rows < 15 {
		t.Errorf("%s: read %d rows of the rule index; the table's layout is out of step with this test", rulesDoc, rows)
	}
}
