package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
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
			audit(ctx, t, script, name+" at "+strconv.Itoa(int(width))+" px")
		}
	}
}

// audit runs axe-core on the page open in ctx and reports every serious
// or critical violation, naming the page as what.
func audit(ctx context.Context, t *testing.T, script, what string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](script+";0")); err != nil {
		t.Fatalf("loading axe-core into %s: %v", what, err)
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe on %s: %v", what, err)
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
		t.Errorf("%s: %s (%s, %s): %d element(s), e.g. %s", what, v.ID, v.Impact, v.Help, len(v.Nodes), strings.Join(where, " "))
	}
}

// TestBoardAccessible audits a board in play: a checker chosen, its
// targets marked, the board's places buttons.
func TestBoardAccessible(t *testing.T) {
	script := axeScript(t)
	ctx := browser(t)
	base := serveWithChecker(t)
	for _, c := range []struct {
		page, says string
		width      int64
	}{{"ru/long/moving.html", "Выбрана шашка на пункте 24", 1280}, {"uk/long/moving.html", "Вибрано шашку на пункті 24", 360}} {
		open(ctx, t, base+"/"+c.page, c.width, `svg[data-board]`)
		f := fig("Lw53:24x12,18x3:12x12,10x3")
		touch(ctx, t, f, "24", c.width < 400)
		says(ctx, t, f, c.says)
		audit(ctx, t, script, c.page+" in play at "+strconv.Itoa(int(c.width))+" px")
	}
}
