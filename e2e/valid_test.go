package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site"
)

// vnuJar returns the command that runs the W3C Nu HTML Checker (the npm
// package vnu-jar, which npm ci --prefix e2e installs, run by a Java
// runtime), or skips the test when either is missing; with CI set, a
// missing one fails the test instead.
func vnuJar(t *testing.T) (java, jar string) {
	t.Helper()
	missing := func(what string, err error) {
		t.Helper()
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed: %v", what, err)
		}
		t.Skipf("skipping the HTML check: %s is not installed", what)
	}
	jar = filepath.Join("node_modules", "vnu-jar", "build", "dist", "vnu.jar")
	if _, err := os.Stat(jar); err != nil {
		missing("vnu-jar (npm ci --prefix e2e)", err)
	}
	java, err := exec.LookPath("java")
	if err != nil {
		missing("a Java runtime (java)", err)
	}
	return java, jar
}

// vnuMessage is one message of the checker's JSON report.
type vnuMessage struct {
	Type      string `json:"type"`
	SubType   string `json:"subType"`
	URL       string `json:"url"`
	FirstLine int    `json:"firstLine"`
	LastLine  int    `json:"lastLine"`
	Column    int    `json:"firstColumn"`
	Message   string `json:"message"`
}

// vnuFromDisk is the one warning that checking files from disk gives
// and a served site does not: a page's Content-Security-Policy allows
// its own origin ('self'), which a file: URL does not have.
const vnuFromDisk = `Resource violates Content Security Policy.*`

// TestHTMLValid checks every page of the built site, with the checker's
// forms, the print documents, the worksheets, the notation page and the
// 404 page, with the W3C Nu HTML Checker: no error and no warning (but
// the one that checking from disk gives, vnuFromDisk).
func TestHTMLValid(t *testing.T) {
	if os.Getenv("NARDYDOCS_BROWSER") == "" {
		t.Skip("the HTML check runs with the browser tests: NARDYDOCS_BROWSER=1")
	}
	java, jar := vnuJar(t)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	modules, err := wasm.Get(ctx, wasm.Options{Source: ".."})
	if err != nil {
		t.Fatal(err)
	}
	s, err := site.Build(ctx, site.Options{Content: filepath.Join("..", "content"), Checker: true, Files: modules})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "public")
	if err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, name := range s.Paths() {
		if strings.HasSuffix(name, ".html") {
			pages++
		}
	}
	if pages < 40 {
		t.Fatalf("only %d pages built", pages)
	}
	cmd := exec.CommandContext(ctx, java, "-Xss8m", "-jar", jar, "--skip-non-html", "--format", "json", "--filterpattern", vnuFromDisk, dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running the Nu HTML Checker: %v", err)
	}
	var report struct {
		Messages []vnuMessage `json:"messages"`
	}
	if jerr := json.Unmarshal(stderr.Bytes(), &report); jerr != nil {
		t.Fatalf("the Nu HTML Checker's report (%v): %v\n%s%s", err, jerr, stdout.Bytes(), stderr.Bytes())
	}
	for _, m := range report.Messages {
		name, _ := strings.CutPrefix(m.URL, "file:"+filepath.ToSlash(dir)+"/")
		kind := m.Type
		if m.SubType != "" {
			kind = m.SubType
		}
		line := m.LastLine
		if m.FirstLine != 0 {
			line = m.FirstLine
		}
		t.Errorf("%s:%d:%d: %s: %s", name, line, m.Column, kind, m.Message)
	}
	if err != nil && len(report.Messages) == 0 {
		t.Errorf("the Nu HTML Checker failed without a message: %v\n%s", err, stdout.Bytes())
	}
	t.Logf("the Nu HTML Checker read %d pages: %d messages", pages, len(report.Messages))
}
