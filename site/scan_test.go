package site

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The regular expressions dropCheckerForms and prefixIDs replace: the
// scans must rewrite every text as they do.
var (
	checkerFormRE = regexp.MustCompile(`(?s)\n?<form class="checker"[^>]*>.*?</form>`)
	idRefRE       = regexp.MustCompile(`(\s(?:id|for|aria-labelledby|aria-describedby)=")([^"]*)"|(href="#)([^"]*)"|(url\(#)([^)]*)\)`)
)

// prefixIDsRE is prefixIDs as a regular expression.
func prefixIDsRE(html, prefix string) string {
	return idRefRE.ReplaceAllStringFunc(html, func(m string) string {
		sub := idRefRE.FindStringSubmatch(m)
		switch {
		case sub[1] != "":
			ids := strings.Fields(sub[2])
			for k := range ids {
				ids[k] = prefix + ids[k]
			}
			return sub[1] + strings.Join(ids, " ") + `"`
		case sub[3] != "":
			return sub[3] + prefix + sub[4] + `"`
		default:
			return sub[5] + prefix + sub[6] + ")"
		}
	})
}

// scanCases are texts at the edges of the patterns.
var scanCases = []string{
	"", "id=\"x\"", " id=\"x\"", "\tid=\"a b\"", "\nfor=\"\"", " id=\"unclosed", "href=\"#", "href=\"#a\"href=\"#b\"",
	"url(#a)url(#", " aria-labelledby=\"a  b\tc\" aria-describedby=\"d\"", "xlink:href=\"#z\"", " data-id=\"q\"", "\u00a0id=\"nbsp\"",
	" id=\"a\u00a0b\"", "<p id=\"x\"><a href=\"#x\">x</a></p>", "  id=\"x\"", " id= \"x\"", "uurl(#x)", "hhref=\"#x\"",
	"<form class=\"checker\">a</form>", "x\n<form class=\"checker\" data-x=\"1\">\n<input>\n</form>\n\n<form class=\"checker\"></form>y",
	"<form class=\"checker\"", "<form class=\"checker\">no end", "\n\n<form class=\"checker\"></form></form>", "<form class=\"other\"></form>",
	"<form class=\"checker\"></form>\n<form class=\"checker\"></form>",
}

// TestScansMatchRegexps: on edge cases and on every page of content/,
// the scans give what the regular expressions gave.
func TestScansMatchRegexps(t *testing.T) {
	t.Parallel()
	texts := append([]string(nil), scanCases...)
	s, err := Build(t.Context(), Options{Content: filepath.Join("..", "content"), Checker: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range s.Paths() {
		if strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".svg") {
			texts = append(texts, string(s.Files[name]))
		}
	}
	for _, text := range texts {
		if got, want := dropCheckerForms(text), checkerFormRE.ReplaceAllString(text, ""); got != want {
			t.Errorf("dropCheckerForms(%.200q):\n got %.300q\nwant %.300q", text, got, want)
		}
		if got, want := prefixIDs(text, "p7-"), prefixIDsRE(text, "p7-"); got != want {
			t.Errorf("prefixIDs(%.200q):\n got %.300q\nwant %.300q", text, got, want)
		}
	}
}

// FuzzScans compares the scans with the regular expressions on any text.
func FuzzScans(f *testing.F) {
	for _, c := range scanCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := dropCheckerForms(text), checkerFormRE.ReplaceAllString(text, ""); got != want {
			t.Errorf("dropCheckerForms(%q) = %q, want %q", text, got, want)
		}
		if got, want := prefixIDs(text, "p7-"), prefixIDsRE(text, "p7-"); got != want {
			t.Errorf("prefixIDs(%q) = %q, want %q", text, got, want)
		}
	})
}
