package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeScript returns axe-core (npm ci --prefix e2e installs it), or skips
// the test when it is not installed.
func axeScript(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("axe-core is not installed (npm ci --prefix e2e): %v", err)
		}
		t.Skip("axe-core is not installed: run npm ci --prefix e2e")
	}
	return string(src)
}

// axeViolation is one rule axe-core found broken on a page.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any `json:"target"`
	} `json:"nodes"`
}

// TestAccessibility audits every page, in both languages and with the
// checker, with axe-core at desktop and phone widths: no serious or
// critical violation.
func TestAccessibility(t *testing.T) {
	script := axeScript(t)
	ctx := browserFor(t, 15*time.Minute)
	base := serveWithChecker(t)
	for _, width := range []int64{1280, 360} {
		for _, name := range builtPages(t) {
			open(ctx, t, base+"/"+name, width, `body`)
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](script+";0")); err != nil {
				t.Fatalf("loading axe-core into %s: %v", name, err)
			}
			raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("axe on %s: %v", name, err)
			}
			var found []axeViolation
			if err := json.Unmarshal([]byte(raw), &found); err != nil {
				t.Fatal(err)
			}
			for _, v := range found {
				if v.Impact != "serious" && v.Impact != "critical" {
					continue
				}
				var where []string
				for _, n := range v.Nodes[:min(3, len(v.Nodes))] {
					b, _ := json.Marshal(n.Target)
					where = append(where, string(b))
				}
				t.Errorf("%s at %d px: %s (%s, %s): %d element(s), e.g. %s", name, width, v.ID, v.Impact, v.Help, len(v.Nodes), strings.Join(where, " "))
			}
		}
	}
}
