package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// TestGitHubPagesRecipe: the workflow of docs/deploy.md is YAML, and its
// build step, run in a new site with the workflow's variables filled in,
// builds the site into the directory it publishes.
func TestGitHubPagesRecipe(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "github-pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Name string
				Run  string
				With map[string]string
			}
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("docs/github-pages.yml: %v", err)
	}
	var build, published string
	for _, step := range wf.Jobs["build"].Steps {
		if strings.HasPrefix(step.Run, "nardydocs build") {
			build = step.Run
		}
		if p, ok := step.With["path"]; ok {
			published = p
		}
	}
	if build == "" || published != "public" {
		t.Fatalf("the workflow's build step %q publishes %q", build, published)
	}
	cmdline := strings.NewReplacer(
		"${{ github.repository_owner }}", "someone",
		"${{ github.event.repository.name }}", "rules",
		`"`, "",
	).Replace(build)
	dir := t.TempDir()
	t.Chdir(dir)
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"new", "site"}, nil, &out, &errs); code != 0 {
		t.Fatalf("new: %s", errs.String())
	}
	t.Chdir(filepath.Join(dir, "site"))
	args := append(strings.Fields(cmdline)[1:], "--no-checker")
	if code := run(context.Background(), args, nil, &out, &errs); code != 0 {
		t.Fatalf("%s: %s", cmdline, errs.String())
	}
	sitemap, err := os.ReadFile(filepath.Join(published, "sitemap.xml"))
	if err != nil || !bytes.Contains(sitemap, []byte("https://someone.github.io/rules/ru/index.html")) {
		t.Errorf("the published sitemap: %s %v", sitemap, err)
	}
}
