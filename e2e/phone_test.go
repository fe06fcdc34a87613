package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nardydocs/nardydocs/site"
)

// builtPages returns the paths of the HTML pages of the site built from
// content/ with the checker (its pages and the game pages among them),
// without the 404 page.
func builtPages(t *testing.T) []string {
	t.Helper()
	s, err := site.Build(t.Context(), site.Options{Content: filepath.Join("..", "content"), Checker: true, Files: map[string][]byte{}})
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for _, name := range s.Paths() {
		if strings.HasSuffix(name, ".html") && name != "404.html" {
			pages = append(pages, name)
		}
	}
	slices.Sort(pages)
	return pages
}

// TestEveryPageOnAPhone opens every page 360 px wide: nothing scrolls
// sideways, and the table of contents is a menu on the first screen; at
// 1280 px it is the column beside the text, and the menu is gone.
func TestEveryPageOnAPhone(t *testing.T) {
	ctx := browserFor(t, 10*time.Minute)
	base := serveWithChecker(t)
	pages := builtPages(t)
	if len(pages) < 40 {
		t.Fatalf("only %d pages built", len(pages))
	}
	for _, name := range pages {
		open(ctx, t, base+"/"+name, 360, `body`)
		if w, cw := eval[int](ctx, t, `document.documentElement.scrollWidth`), eval[int](ctx, t, `document.documentElement.clientWidth`); w > cw {
			wide := eval[string](ctx, t, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 3).map(e => e.tagName + "." + e.className).join(", ")`)
			t.Errorf("%s scrolls sideways at 360 px: %d > %d px (%s)", name, w, cw, wide)
		}
		if name == "index.html" {
			continue // the language choice is the contents
		}
		// The menu's control is on the first screen, and opening it shows
		// the table of contents with the page marked.
		top := eval[float64](ctx, t, `(() => { const s = document.querySelector("details.menu > summary"); if (!s || !s.offsetParent) return -1; return s.getBoundingClientRect().bottom; })()`)
		if top < 0 || top > 640 {
			t.Errorf("%s at 360 px: the contents menu is not on the first screen (bottom at %.0f px)", name, top)
			continue
		}
		shown := eval[bool](ctx, t, `(() => { const d = document.querySelector("details.menu"); d.open = true; const toc = d.querySelector("nav.toc"); const r = toc.getBoundingClientRect(); return r.height > 50 && !!toc.querySelector("a[aria-current=page]") === !!document.querySelector(".wrap > nav.toc a[aria-current=page]"); })()`)
		if !shown {
			t.Errorf("%s at 360 px: the opened menu does not show the table of contents", name)
		}
		if eval[bool](ctx, t, `!!document.querySelector(".wrap > nav.toc").offsetParent`) {
			t.Errorf("%s at 360 px: the table of contents is also shown below the text", name)
		}
	}
	open(ctx, t, base+"/ru/long/head.html", 1280, `body`)
	if !eval[bool](ctx, t, `!!document.querySelector(".wrap > nav.toc").offsetParent && !document.querySelector("details.menu").offsetParent`) {
		t.Error("at 1280 px the table of contents should be the column beside the text, with no menu")
	}
	// A long page lists its sections under its title.
	if n := eval[int](ctx, t, `document.querySelectorAll("article > nav.on-page li a[href^='#']").length`); n < minSectionsShown {
		t.Errorf("ru/long/head.html lists %d of its sections under its title", n)
	}
}

// minSectionsShown is the fewest sections ru/long/head.html has.
const minSectionsShown = 5
