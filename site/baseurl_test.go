package site

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBaseURL: the address in content/nardydocs.yaml is an absolute http
// or https URL (or a path from the host's root), and the sitemap's
// addresses start with it, a "/" added; anything else is one problem at
// the value's line and column, naming what to write.
func TestBaseURL(t *testing.T) {
	t.Parallel()
	site := func(config string) fstest.MapFS {
		files := bothLangs(map[string]*fstest.MapFile{"index.md": pageText("Главная", "Текст.")})
		files["nardydocs.yaml"] = &fstest.MapFile{Data: []byte(config)}
		return files
	}
	for _, c := range []struct{ config, loc string }{
		{"base-url: https://nardy.example/rules/\n", "https://nardy.example/rules/ru/index.html"},
		{"base-url: http://nardy.example/rules\n", "http://nardy.example/rules/ru/index.html"},
		{"# the address\nrules: default\nbase-url: \"https://nardy.example\"\n", "https://nardy.example/ru/index.html"},
	} {
		s, err := Build(t.Context(), Options{Content: "content", FS: site(c.config)})
		if err != nil {
			t.Errorf("%q: %v", c.config, err)
			continue
		}
		if sm := string(s.Files["sitemap.xml"]); !strings.Contains(sm, "<loc>"+c.loc+"</loc>") {
			t.Errorf("%q: sitemap.xml has no <loc>%s</loc>:\n%s", c.config, c.loc, sm)
		}
	}
	config := filepath.Join("content", "nardydocs.yaml")
	const full = `write the site's full address, e.g. "https://example.org/rules/"`
	for _, c := range []struct{ config, want string }{
		{"base-url: nardy.example/rules/\n", `:1:11: base-url "nardy.example/rules/": ` + full},
		{"base-url: rules/\n", `:1:11: base-url "rules/": ` + full},
		{"base-url: //nardy.example/\n", `:1:11: base-url "//nardy.example/": ` + full},
		{"base-url: ftp://nardy.example/\n", `:1:11: base-url "ftp://nardy.example/": ` + full},
		{"base-url: https:///rules/\n", `:1:11: base-url "https:///rules/": ` + full},
		{"rules: default\nbase-url:   'mailto:a@nardy.example'\n", `:2:13: base-url "mailto:a@nardy.example": ` + full},
		{"base-url: https://nardy.example/?lang=ru\n", `:1:11: base-url "https://nardy.example/?lang=ru": an address without ? or #`},
		{"base-url: https://nardy.example/#top\n", `:1:11: base-url "https://nardy.example/#top": an address without ? or #`},
		{"base-url: \"https://nardy.example/%zz\"\n", `:1:11: base-url "https://nardy.example/%zz": not a URL: `},
	} {
		got := buildErrors(t, site(c.config))
		if !strings.HasPrefix(got, config+c.want) || strings.Contains(got, "\n") {
			t.Errorf("%q:\n%s\nwant one problem starting\n%s", c.config, got, config+c.want)
		}
	}
}

// TestBaseURLOption: --base-url is checked as the file's address is, and
// its problem names the option.
func TestBaseURLOption(t *testing.T) {
	t.Parallel()
	files := bothLangs(map[string]*fstest.MapFile{"index.md": pageText("Главная", "Текст.")})
	_, err := Build(t.Context(), Options{Content: "content", FS: files, BaseURL: "nardy.example"})
	want := `BaseURL "nardy.example": write the site's full address, e.g. "https://example.org/rules/"`
	var oe *OptionError
	if !errors.As(err, &oe) || oe.Option != "BaseURL" || err.Error() != want {
		t.Errorf("BaseURL nardy.example: %v, want an *OptionError %s", err, want)
	}
	s, err := Build(t.Context(), Options{Content: "content", FS: files, BaseURL: "https://nardy.example/rules"})
	if err != nil {
		t.Fatal(err)
	}
	if sm := string(s.Files["sitemap.xml"]); !strings.Contains(sm, "<loc>https://nardy.example/rules/uk/index.html</loc>") {
		t.Errorf("--base-url https://nardy.example/rules: sitemap.xml\n%s", sm)
	}
}
