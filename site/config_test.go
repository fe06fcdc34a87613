package site

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// readConfigText reads config as content/nardydocs.yaml over files, and
// returns it with its problems, one a line.
func readConfigText(t *testing.T, config string, files fstest.MapFS) (Config, string) {
	t.Helper()
	if files == nil {
		files = fstest.MapFS{}
	}
	files[ConfigFile] = &fstest.MapFile{Data: []byte(config)}
	s := &source{opt: Options{Content: "content"}, files: files}
	var errs engine.ErrorList
	cfg := s.loadConfig(&errs)
	var b strings.Builder
	for _, e := range errs {
		b.WriteString(e.Error() + "\n")
	}
	return cfg, b.String()
}

// TestConfigKeys: every key of nardydocs.yaml, read as its table in the
// README says.
func TestConfigKeys(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{"images/logo.svg": {Data: []byte("<svg/>")}, "ru": {Mode: 0o755 | fs.ModeDir}}
	cfg, problems := readConfigText(t, `title: {ru: Правила клуба, uk: Правила клубу}
logo: images/logo.svg
languages: [uk, ru]
edit-url: https://github.com/club/rules/edit/main/content/{path}
translations: fallback
base-url: https://club.example/rules/
rules: club
`, files)
	if problems != "" {
		t.Fatalf("problems:\n%s", problems)
	}
	if cfg.Titles[i18n.RU] != "Правила клуба" || cfg.Titles[i18n.UK] != "Правила клубу" {
		t.Errorf("titles %v", cfg.Titles)
	}
	if !slices.Equal(cfg.Languages, []i18n.Lang{i18n.UK, i18n.RU}) {
		t.Errorf("languages %v, want uk, ru in the order written", cfg.Languages)
	}
	if cfg.Logo != "images/logo.svg" || logoFile(cfg.Logo) != "logo.svg" {
		t.Errorf("logo %q (%q in the site)", cfg.Logo, logoFile(cfg.Logo))
	}
	if !cfg.HasTranslations || cfg.Translations != Fallback {
		t.Errorf("translations %v (set %v)", cfg.Translations, cfg.HasTranslations)
	}
	if cfg.Rules.Profile() != "club" || cfg.BaseURL != "https://club.example/rules/" {
		t.Errorf("rules %q, base-url %q", cfg.Rules.Profile(), cfg.BaseURL)
	}
	s := &source{cfg: cfg}
	p := &page{lang: i18n.UK, rel: "long/голова"}
	if got, want := s.editURL(p), "https://github.com/club/rules/edit/main/content/uk/long/%D0%B3%D0%BE%D0%BB%D0%BE%D0%B2%D0%B0.md"; got != want {
		t.Errorf("edit link %s, want %s", got, want)
	}
	s.cfg.EditURL = "https://example.org/{lang}/src/{page}?plain=1"
	if got, want := s.editURL(p), "https://example.org/uk/src/long/%D0%B3%D0%BE%D0%BB%D0%BE%D0%B2%D0%B0.md?plain=1"; got != want {
		t.Errorf("edit link %s, want %s", got, want)
	}
}

// TestConfigDefaults: without nardydocs.yaml, or with only some keys, the
// site has today's names, both languages, no logo and no edit link, and
// takes missing translations as the build's options say.
func TestConfigDefaults(t *testing.T) {
	t.Parallel()
	for _, config := range []string{"", "base-url: https://nardy.example/\n"} {
		cfg, problems := readConfigText(t, config, nil)
		if problems != "" {
			t.Fatalf("%q: %s", config, problems)
		}
		if cfg.Titles[i18n.RU] != "Нарды: правила с картинками" || cfg.Titles[i18n.UK] != "Нарди: правила з малюнками" {
			t.Errorf("%q: titles %v", config, cfg.Titles)
		}
		if !slices.Equal(cfg.Languages, i18n.Langs) || cfg.Logo != "" || cfg.EditURL != "" || cfg.HasTranslations {
			t.Errorf("%q: %+v", config, cfg)
		}
		for _, opt := range []Translations{Strict, Fallback} {
			if got := (&source{cfg: cfg, opt: Options{Translations: opt}}).translations(); got != opt {
				t.Errorf("%q with the option %v: %v", config, opt, got)
			}
		}
	}
	// One name for every language; a block mapping; the configuration's
	// translations win over the options'.
	cfg, problems := readConfigText(t, "title: Клуб\ntranslations: strict\n", nil)
	if problems != "" || cfg.Titles[i18n.RU] != "Клуб" || cfg.Titles[i18n.UK] != "Клуб" {
		t.Errorf("one title: %v %s", cfg.Titles, problems)
	}
	if got := (&source{cfg: cfg, opt: Options{Translations: Fallback}}).translations(); got != Strict {
		t.Errorf("translations: strict under the option fallback: %v", got)
	}
	cfg, problems = readConfigText(t, "languages:\n  - ru\ntitle:\n  ru: Клуб\n", nil)
	if problems != "" || cfg.Titles[i18n.RU] != "Клуб" || !slices.Equal(cfg.Languages, []i18n.Lang{i18n.RU}) {
		t.Errorf("block list and mapping: %v %v %s", cfg.Languages, cfg.Titles, problems)
	}
}

// TestConfigProblems: each bad key or value is one problem at its line
// and column, saying what to write.
func TestConfigProblems(t *testing.T) {
	t.Parallel()
	files := func() fstest.MapFS {
		return fstest.MapFS{
			"ru":             {Mode: 0o755 | fs.ModeDir},
			"logo.txt":       {Data: []byte("x")},
			"big.png":        {Data: make([]byte, maxLogo+1)},
			"ru/logo.svg":    {Data: []byte("<svg/>")},
			"pictures/a.svg": {Mode: 0o755 | fs.ModeDir},
		}
	}
	for _, c := range []struct{ config, want string }{
		{"colour: red\n", `1:1: unknown key "colour"; known: title, logo, languages, base-url, rules, edit-url, translations`},
		{"title: A\nlanguages: [ru, en]\n", `2:17: language "en": nardydocs writes its pages in "ru" and "uk"`},
		{"languages: [ru, ru]\n", `1:17: language "ru" is listed twice`},
		{"languages: []\n", `1:12: languages: list at least one of the site's languages, e.g. "languages: [ru, uk]" or "languages: [ru]"`},
		{"languages: {ru: yes}\n", `1:12: "languages" takes one value on its line, not a list or a mapping`},
		{"title: {ru: A}\n", `1:1: title: no title for uk; give one for each of the site's languages (ru, uk), e.g. "title: {ru: Правила клуба, uk: Правила клубу}"`},
		{"languages: [ru]\ntitle: {ru: A, uk: B}\n", `2:16: title for "uk": the site's languages are ru`},
		{"title: {ru: A, uk: \"  \"}\n", `1:20: the title for uk is empty`},
		{"title: \"\"\n", `1:8: the title is empty: write the site's name, or leave "title:" out for the default`},
		{"title: [A, B]\n", `1:8: title: write the site's name ("title: Правила клуба"), or one for each language ("title: {ru: Правила клуба, uk: Правила клубу}")`},
		{"logo: nope.svg\n", `1:7: logo "nope.svg": no such file in the content directory`},
		{"logo: ../logo.svg\n", `1:7: logo "../logo.svg": name the file by its path inside the content directory, with / between directories, e.g. "images/logo.svg"`},
		{"logo: /srv/logo.svg\n", `1:7: logo "/srv/logo.svg": name the file by its path inside the content directory`},
		{"logo: logo.txt\n", `1:7: logo "logo.txt": a logo is an image: .svg, .png, .jpg, .jpeg, .webp, .gif`},
		{"logo: ru/logo.svg\n", `1:7: logo "ru/logo.svg": keep the logo outside the languages' directories`},
		{"logo: pictures/a.svg\n", `1:7: logo "pictures/a.svg": not a regular file`},
		{"logo: big.png\n", `1:7: logo "big.png": the file has 512 KiB, and every page loads it: make it 512 KiB or less`},
		{"edit-url: https://x.example/{file}\n", `1:11: edit-url "https://x.example/{file}": unknown placeholder {file}; known: {path}, {lang}, {page}`},
		{"edit-url: https://x.example/{path\n", `1:11: edit-url "https://x.example/{path": a "{" without its "}"`},
		{"edit-url: https://x.example/edit\n", `1:11: edit-url "https://x.example/edit": the pattern has no {path} (or {page}): every page's link would lead to the same place`},
		{"edit-url: /edit/{path}\n", `1:11: edit-url "/edit/{path}": write a full address`},
		{"translations: loose\n", `1:15: translations "loose": write "strict" (a missing translation fails the build) or "fallback"`},
	} {
		_, problems := readConfigText(t, c.config, files())
		if strings.Count(problems, "\n") != 1 || !strings.HasPrefix(problems, "content/nardydocs.yaml:"+c.want) {
			t.Errorf("%q:\n got %s\nwant content/nardydocs.yaml:%s…", c.config, problems, c.want)
		}
	}
}
