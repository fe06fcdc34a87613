package site

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// siteOf returns a site of the given files (path → content), with its
// manifest.
func siteOf(files map[string]string) *Site {
	s := &Site{Files: map[string][]byte{}}
	for name, data := range files {
		s.Files[name] = []byte(data)
	}
	return s
}

// readTree returns every regular file under dir by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameTree reports whether dir holds exactly the files of s.
func sameTree(t *testing.T, dir string, s *Site) bool {
	t.Helper()
	got := readTree(t, dir)
	if got[ManifestFile] != string(s.manifest()) {
		return false
	}
	delete(got, ManifestFile)
	if len(got) != len(s.Files) {
		return false
	}
	for name, data := range s.Files {
		if got[name] != string(data) {
			return false
		}
	}
	return true
}

var (
	oldSite = map[string]string{"index.html": "old", "ru/a.html": "a", "ru/gone.html": "gone", "style.css": "css"}
	newSite = map[string]string{"index.html": "new", "ru/a.html": "a", "ru/b.html": "b", "style.css": "css"}
)

func TestWriteReplacesTheSite(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "public")
	old, nw := siteOf(oldSite), siteOf(newSite)
	if err := old.Write(dir); err != nil {
		t.Fatal(err)
	}
	if !sameTree(t, dir, old) {
		t.Fatalf("first write: %v", readTree(t, dir))
	}
	before, err := os.Stat(filepath.Join(dir, "ru", "a.html"))
	if err != nil {
		t.Fatal(err)
	}
	if err := nw.Write(dir); err != nil {
		t.Fatal(err)
	}
	if !sameTree(t, dir, nw) {
		t.Errorf("second write: %v", readTree(t, dir))
	}
	// An unchanged file is the previous build's, linked; a changed one
	// is written anew.
	after, err := os.Stat(filepath.Join(dir, "ru", "a.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Errorf("ru/a.html did not change, yet it was written again")
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Errorf("directories left beside the output: %v", entries)
	}
}

// TestWriteFollowsASymlink: a symlinked output directory stays a link;
// the directory it points to receives the site.
func TestWriteFollowsASymlink(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	real := filepath.Join(root, "sites", "v1")
	link := filepath.Join(root, "public")
	if err := siteOf(oldSite).Write(real); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	nw := siteOf(newSite)
	if err := nw.Write(link); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the output link was replaced: %v %v", fi, err)
	}
	if !sameTree(t, real, nw) {
		t.Errorf("the link's target: %v", readTree(t, real))
	}
}

func TestCheckOutput(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	content := filepath.Join(root, "project", "content")
	mk := func(name string, files ...string) string {
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	mk("project/content/ru", "index.md")
	mk("empty")
	notes := mk("notes", "notes.txt")
	owned := filepath.Join(root, "owned")
	if err := siteOf(oldSite).Write(owned); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "f.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	linkToContent := filepath.Join(root, "to-content")
	os.Symlink(content, linkToContent)
	for _, c := range []struct {
		out   string
		force bool
		want  string // "" for accepted
	}{
		{filepath.Join(root, "public"), false, ""},
		{filepath.Join(root, "empty"), false, ""},
		{owned, false, ""},
		{notes, false, "holds files nardydocs did not write (notes.txt)"},
		{notes, true, ""},
		{notes + "/", false, "holds files nardydocs did not write"},
		{file, true, "is a file, not a directory"},
		{content, true, "holds the content directory"},
		{content + "/", true, "holds the content directory"},
		{filepath.Join(root, "project"), true, "holds the content directory"},
		{root, true, "holds the content directory"},
		{filepath.Join(content, "public"), true, "inside the content directory"},
		{filepath.Join(content, "ru"), true, "inside the content directory"},
		{linkToContent, true, "holds the content directory"},
	} {
		err := CheckOutput(c.out, content, c.force)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("CheckOutput(%s, force %v): %v", c.out, c.force, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("CheckOutput(%s, force %v) = %v, want an error saying %q", c.out, c.force, err, c.want)
		}
	}
}

// writeSteps lists the steps of Write, in order, with each way of
// swapping: one exchange, or two renames.
var writeSteps = map[bool][]string{
	true:  {"cleaned", "created", "manifest", "files", "swapped", "removed"},
	false: {"cleaned", "created", "manifest", "files", "moved aside", "swapped", "removed"},
}

// TestWriteCrashHelper is run by TestWriteCrash in a process of its own:
// it writes the new site into $NARDYDOCS_CRASH_DIR and exits at once, as
// a killed process would, after the step $NARDYDOCS_CRASH_STEP.
func TestWriteCrashHelper(t *testing.T) {
	dir, step := os.Getenv("NARDYDOCS_CRASH_DIR"), os.Getenv("NARDYDOCS_CRASH_STEP")
	if dir == "" {
		t.Skip("run by TestWriteCrash")
	}
	if os.Getenv("NARDYDOCS_CRASH_RENAMES") != "" {
		exchangeDirs = func(a, b string) error { return os.ErrInvalid }
	}
	writeStep = func(s string) {
		if s == step {
			os.Exit(3)
		}
	}
	siteOf(newSite).Write(dir)
	os.Exit(0)
}

// TestWriteCrash kills a write after each of its steps: the output
// directory then holds the old site or the new one, complete (with the
// two-rename fallback, a crash between the renames leaves the old site
// beside it); the next write removes what the crash left and gives the
// new site.
func TestWriteCrash(t *testing.T) {
	t.Parallel()
	old, nw := siteOf(oldSite), siteOf(newSite)
	for _, exchange := range []bool{true, false} {
		for _, step := range writeSteps[exchange] {
			dir := filepath.Join(t.TempDir(), "public")
			if err := old.Write(dir); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestWriteCrashHelper$")
			cmd.Env = append(os.Environ(), "NARDYDOCS_CRASH_DIR="+dir, "NARDYDOCS_CRASH_STEP="+step)
			if !exchange {
				cmd.Env = append(cmd.Env, "NARDYDOCS_CRASH_RENAMES=1")
			}
			if out, err := cmd.CombinedOutput(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 3 {
				t.Fatalf("exchange %v, step %s: the helper did not crash: %v\n%s", exchange, step, err, out)
			}
			gap := !exchange && step == "moved aside"
			switch _, err := os.Stat(dir); {
			case gap && err == nil:
				t.Errorf("renames, crash after %s: the output directory is still there", step)
			case gap:
			case !sameTree(t, dir, old) && !sameTree(t, dir, nw):
				t.Errorf("exchange %v, crash after %s: the output holds neither site: %v", exchange, step, readTree(t, dir))
			}
			if err := nw.Write(dir); err != nil {
				t.Fatalf("exchange %v, crash after %s: the next write: %v", exchange, step, err)
			}
			if !sameTree(t, dir, nw) {
				t.Errorf("exchange %v, crash after %s: the next write gives %v", exchange, step, readTree(t, dir))
			}
			entries, _ := os.ReadDir(filepath.Dir(dir))
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if !slices.Equal(names, []string{"public"}) {
				t.Errorf("exchange %v, crash after %s: left beside the output: %v", exchange, step, names)
			}
		}
	}
}

// TestOutputNamesNoLocalPath: a site built from a content directory given
// as an absolute path (with templates and the checker's modules, twice,
// so that the second build reads the first's manifest) names no path of
// the author's machine in any file of the output directory, the manifest
// included: not the content or templates directory, the directory around
// them, the working directory, the program's or the user's home.
func TestOutputNamesNoLocalPath(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	content := filepath.Join(root, "project", "content")
	templates := filepath.Join(root, "project", "templates")
	out := filepath.Join(root, "project", "public")
	files, _ := archiveFS(t, filepath.Join("testdata", "basic.txtar"))
	for name, f := range files {
		full := filepath.Join(content, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	css, err := os.ReadFile(filepath.Join("..", "templates", "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(templates, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(templates, "style.css"), append(css, "\n/* the site's own */\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	modules := func() (map[string][]byte, error) {
		return map[string][]byte{"checker.wasm": []byte("\x00asm"), "checker-board.wasm": []byte("\x00asm")}, nil
	}
	build := func() {
		t.Helper()
		opt := Options{Content: content, Templates: templates, Checker: true, Cache: NewCache()}
		input, err := Fingerprint(opt, ExecutableVersion(), "")
		if err != nil {
			t.Fatal(err)
		}
		opt.Input = input
		if _, err := BuildTo(t.Context(), opt, out, modules); err != nil {
			t.Fatal(err)
		}
	}
	build()
	page := filepath.Join(content, "ru", "index.md")
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(data, "\nЕщё абзац.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	build()

	local := []string{root, content, templates}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		local = append(local, real)
	}
	if wd, err := os.Getwd(); err == nil {
		local = append(local, wd, filepath.Dir(wd))
	}
	if exe, err := os.Executable(); err == nil {
		local = append(local, filepath.Dir(exe))
	}
	if home, err := os.UserHomeDir(); err == nil && filepath.Dir(home) != home {
		local = append(local, filepath.Join(home, "")+string(filepath.Separator)) // "/root/", not "/"
	}
	tree := readTree(t, out)
	if _, ok := tree[ManifestFile]; !ok || len(tree) < 10 {
		t.Fatalf("the output holds %d files, manifest %v", len(tree), ok)
	}
	if !strings.Contains(tree["ru/index.html"], "Ещё абзац.") {
		t.Fatalf("the second build's page is not in the output")
	}
	for name, data := range tree {
		for _, p := range local {
			for _, form := range []string{p, filepath.ToSlash(p), url.PathEscape(filepath.ToSlash(p))} {
				if i := strings.Index(data, form); i >= 0 {
					t.Errorf("%s names %s: …%s…", name, p, data[max(0, i-40):min(len(data), i+len(form)+40)])
				}
			}
		}
	}
}
