package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slowSite writes into content a site that takes seconds to build: 400
// pages in each language, three figures to a page.
func slowSite(t *testing.T, content string) {
	t.Helper()
	for _, l := range []string{"ru", "uk"} {
		if err := os.MkdirAll(filepath.Join(content, l), 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range 400 {
			var b strings.Builder
			fmt.Fprintf(&b, "---\ntitle: Позиция %d\ngame: long\n---\n\nТекст.\n\n", i)
			for k := range 3 {
				fmt.Fprintf(&b, "```nardy\nposition: start\ndice: %d-%d\n```\n\n", i%6+1, (i/6+k)%6+1)
			}
			if err := os.WriteFile(filepath.Join(content, l, fmt.Sprintf("p%d.md", i)), []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// tree returns every file under dir, by path, with its bytes.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		files[p] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestBuildSignals: "nardydocs build", run as the command is (its main,
// in a process of its own), stops on SIGINT and on SIGTERM in the middle
// of a slow build, and at once on a second signal: with the exit status
// of the signal (128 + its number), saying why, the previous site byte
// for byte as it was and nothing left beside it.
func TestBuildSignals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows")
	}
	dir := filepath.Join(t.TempDir(), "site")
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"new", dir}, nil, &out, &errs); code != 0 {
		t.Fatalf("new: %s", errs.String())
	}
	public := filepath.Join(dir, "public")
	if code := run(context.Background(), []string{"build", "--no-checker", "--no-cache", "--content", filepath.Join(dir, "content"), "--out", public}, nil, &out, &errs); code != 0 {
		t.Fatalf("build: %s", errs.String())
	}
	before := tree(t, public)
	slowSite(t, filepath.Join(dir, "content"))
	for _, c := range []struct {
		name string
		sigs []syscall.Signal
	}{
		{"SIGINT", []syscall.Signal{syscall.SIGINT}},
		{"SIGTERM", []syscall.Signal{syscall.SIGTERM}},
		{"SIGINT twice", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "build", "--no-checker", "--no-cache")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), runMainEnv+"=1", "NARDYDOCS_CACHE="+t.TempDir())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			t.Cleanup(func() { cmd.Process.Kill() })
			// The build is writing once its new directory is there.
			for started := false; !started; {
				select {
				case err := <-exited:
					t.Fatalf("the build ended before it could be stopped: %v\n%s", err, stderr.String())
				case <-time.After(5 * time.Millisecond):
				}
				started = leftovers(t, dir) != nil
			}
			start := time.Now()
			for _, sig := range c.sigs {
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
			}
			// Not a measure of speed: a build that does not stop would
			// hang the test.
			select {
			case <-exited:
			case <-time.After(60 * time.Second):
				t.Fatalf("the build did not stop on %s; stderr:\n%s", c.name, stderr.String())
			}
			t.Logf("%s: stopped %s after the signal", c.name, time.Since(start).Round(time.Millisecond))
			if code, want := cmd.ProcessState.ExitCode(), 128+int(c.sigs[0]); code != want {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, want, stderr.String())
			}
			if !strings.Contains(stderr.String(), "nardydocs: stopped by "+map[syscall.Signal]string{syscall.SIGINT: "SIGINT (Ctrl-C)", syscall.SIGTERM: "SIGTERM"}[c.sigs[0]]) {
				t.Errorf("stderr does not say why it stopped:\n%s", stderr.String())
			}
			if after := tree(t, public); !maps.Equal(after, before) {
				t.Errorf("the previous site changed: %d files, had %d", len(after), len(before))
			}
			if left := leftovers(t, dir); left != nil {
				t.Errorf("left beside the site: %v", left)
			}
		})
	}
}

// leftovers lists the directories a build writes into beside the site
// in dir: ".public.new-…", ".public.old-…".
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".public.") {
			names = append(names, e.Name())
		}
	}
	return names
}
