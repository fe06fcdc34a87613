package diagrams

import (
	"regexp"
	"strings"
	"testing"
)

var darkLine = regexp.MustCompile(`^svg\.nardy-board (\S*?)\[(fill|stroke|stop-color)="(#[0-9a-f]{6})"\]( > circle)?\{(fill|stroke|stop-color):(#[0-9a-f]{6})\}$`)

// TestDarkCSS checks the dark scheme's rules: each recolours one
// property of the colour it matches, every colour it matches is one that
// Screen diagrams or roll grids write in that attribute, and what stays
// as on a light page (the ink on White's checkers and dice) is kept by a
// rule more specific than the one that turns the paper's ink light.
func TestDarkCSS(t *testing.T) {
	written := map[string]bool{} // attr=colour
	note := func(root *node) {
		root.walk(func(e *node) {
			for _, a := range []string{"fill", "stroke", "stop-color"} {
				if v := e.attrs[a]; strings.HasPrefix(v, "#") {
					written[a+"="+v] = true
				}
			}
		})
	}
	for _, g := range goldens(t) {
		if g.opt.Theme == Screen {
			note(parse(t, render(t, Inline, g.pos, g.opt)))
		}
	}
	note(parse(t, grid(t, gridOptions(Screen))))

	lines := strings.Split(strings.TrimSuffix(DarkCSS(), "\n"), "\n")
	if len(lines) != len(darkRules()) {
		t.Fatalf("DarkCSS has %d lines for %d rules", len(lines), len(darkRules()))
	}
	to := map[string]string{} // the paper's recolouring of each attr=colour
	for _, line := range lines {
		m := darkLine.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("a rule of another form: %s", line)
			continue
		}
		within, attr, screen, prop, dark := m[1], m[2], m[3], m[5], m[6]
		if attr != prop {
			t.Errorf("%s: matches %s and sets %s", line, attr, prop)
		}
		if !written[attr+"="+screen] {
			t.Errorf("%s: no Screen diagram writes %s=%q", line, attr, screen)
		}
		if within == "" && m[4] == "" {
			if prev, ok := to[attr+"="+screen]; ok && prev != dark {
				t.Errorf("%s=%s is both %s and %s in the dark scheme", attr, screen, prev, dark)
			}
			to[attr+"="+screen] = dark
		}
	}
	ink := palettes[Screen].whiteInk
	if to["fill="+ink] == ink {
		t.Fatalf("the paper's ink %s stays dark in the dark scheme", ink)
	}
	for _, kept := range []string{
		`svg.nardy-board [fill="` + ink + `"] > circle{fill:` + ink + `}`,     // a white die's pips
		`svg.nardy-board text.nd-count[fill="` + ink + `"]{fill:` + ink + `}`, // the count on White's stack
	} {
		if !strings.Contains(DarkCSS(), kept+"\n") {
			t.Errorf("DarkCSS does not keep %s", kept)
		}
	}
}
