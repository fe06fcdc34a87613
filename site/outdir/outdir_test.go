package outdir

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
)

// site is a site to write: its files by slash path.
type site map[string]string

// manifest is the manifest written with s: its header and every file's
// digest.
func (s site) manifest() []byte {
	var b strings.Builder
	b.WriteString(Header)
	for _, name := range slices.Sorted(maps.Keys(s)) {
		b.WriteString("file\t" + name + "\t" + Digest([]byte(s[name])) + "\n")
	}
	return []byte(b.String())
}

// digests returns the digest of every file of s.
func (s site) digests() map[string]string {
	d := map[string]string{}
	for name, data := range s {
		d[name] = Digest([]byte(data))
	}
	return d
}

// write writes s into dir with o, and returns the stamps Commit gives.
func (s site) write(t *testing.T, dir string, o Options) Stamps {
	t.Helper()
	d, err := Open(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(s)) {
		if err := d.Put(name, []byte(s[name]), Digest([]byte(s[name]))); err != nil {
			d.Abort()
			t.Fatal(err)
		}
	}
	st, err := d.Commit(s.manifest())
	if err != nil {
		t.Fatal(err)
	}
	return st
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

// holds reports whether dir holds exactly s and its manifest.
func holds(t *testing.T, dir string, s site) bool {
	t.Helper()
	got := readTree(t, dir)
	if got[Manifest] != string(s.manifest()) {
		return false
	}
	delete(got, Manifest)
	return maps.Equal(got, map[string]string(s))
}

// beside lists what is in the directory around dir.
func beside(dir string) []string {
	entries, _ := os.ReadDir(filepath.Dir(dir))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

var (
	oldSite = site{"index.html": "old", "ru/a.html": "a", "ru/gone.html": "gone", "style.css": "css", "gone/x.html": "x"}
	newSite = site{"index.html": "new", "ru/a.html": "a", "ru/b.html": "b", "style.css": "css"}
)

// TestReplacesTheSite: a site replaces the previous one whole; a file
// whose bytes did not change is the previous build's, linked (with or
// without the stamps); nothing is left beside the output.
func TestReplacesTheSite(t *testing.T) {
	t.Parallel()
	for _, stamped := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "public")
		st := oldSite.write(t, dir, Options{})
		if !holds(t, dir, oldSite) {
			t.Fatalf("first write: %v", readTree(t, dir))
		}
		before, err := os.Stat(filepath.Join(dir, "ru", "a.html"))
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Files: oldSite.digests()}
		if stamped {
			o.Stamps = st
		}
		newSite.write(t, dir, o)
		if !holds(t, dir, newSite) {
			t.Errorf("stamps %v, second write: %v", stamped, readTree(t, dir))
		}
		after, err := os.Stat(filepath.Join(dir, "ru", "a.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !os.SameFile(before, after) {
			t.Errorf("stamps %v: ru/a.html did not change, yet it was written again", stamped)
		}
		if got := beside(dir); !slices.Equal(got, []string{"public"}) {
			t.Errorf("stamps %v: left beside the output: %v", stamped, got)
		}
	}
}

// TestDamagedFileIsWrittenAgain: a previous file altered since its build
// (or replaced by another) is never linked: the new site has the bytes
// it gives, and Keep refuses it.
func TestDamagedFileIsWrittenAgain(t *testing.T) {
	t.Parallel()
	for _, stamped := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "public")
		st := oldSite.write(t, dir, Options{})
		if err := os.WriteFile(filepath.Join(dir, "ru", "a.html"), []byte("A"), 0o644); err != nil {
			t.Fatal(err)
		}
		o := Options{Files: oldSite.digests()}
		if stamped {
			o.Stamps = st
		}
		d, err := Open(dir, o)
		if err != nil {
			t.Fatal(err)
		}
		if d.Keep("ru/a.html", Digest([]byte("a"))) {
			t.Errorf("stamps %v: Keep took an altered file", stamped)
		}
		if !d.Keep("style.css", Digest([]byte("css"))) || d.Keep("style.css", Digest([]byte("other"))) || d.Keep("nowhere.html", Digest([]byte("x"))) {
			t.Errorf("stamps %v: Keep of an intact file, another digest, a missing file: wrong", stamped)
		}
		if err := d.Put("ru/a.html", []byte("a"), Digest([]byte("a"))); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Commit([]byte(Header)); err != nil {
			t.Fatal(err)
		}
		if got := readTree(t, dir); got["ru/a.html"] != "a" || got["style.css"] != "css" || len(got) != 3 {
			t.Errorf("stamps %v: the site: %v", stamped, got)
		}
	}
}

// stampsOf reads the stamps of the files in dir.
func stampsOf(t *testing.T, dir string) Stamps {
	t.Helper()
	st := Stamps{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := os.Lstat(p)
		rel, _ := filepath.Rel(dir, p)
		st[filepath.ToSlash(rel)] = stampOf(info)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestSpare: with a spare, the previous site is kept beside the cache
// after the swap and the next build starts from it: every file of the
// new site is right, the spare's files the new site lacks are gone, its
// unchanged files are the very files of the site before, and the site
// in the output never shares a file that changed. The stamps a build
// returns are those of its files as they are (those it kept from the
// spare taken from the previous build's, unread).
func TestSpare(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir, spare := filepath.Join(root, "public"), filepath.Join(root, "cache", "spare")
	if err := os.MkdirAll(filepath.Dir(spare), 0o755); err != nil {
		t.Fatal(err)
	}
	sites := []site{oldSite, newSite, oldSite, {"index.html": "third", "ru/a.html": "a"}, newSite}
	var st Stamps
	var prev site
	for k, s := range sites {
		o := Options{Spare: spare, Stamps: st}
		if prev != nil {
			o.Files = prev.digests()
		}
		var before os.FileInfo
		if k > 0 {
			before, _ = os.Stat(filepath.Join(dir, "ru", "a.html"))
		}
		st = s.write(t, dir, o)
		if !holds(t, dir, s) {
			t.Errorf("build %d: %v", k+1, readTree(t, dir))
		}
		if now := stampsOf(t, dir); !maps.Equal(st, now) {
			t.Errorf("build %d: the stamps\n%v\nare not those of the files\n%v", k+1, st, now)
		}
		if after, err := os.Stat(filepath.Join(dir, "ru", "a.html")); before != nil && (err != nil || !os.SameFile(before, after)) {
			t.Errorf("build %d: the unchanged ru/a.html is another file", k+1)
		}
		if k > 0 && !holds(t, spare, prev) {
			t.Errorf("build %d: the spare is not the previous site: %v", k+1, readTree(t, spare))
		}
		if got := beside(dir); !slices.Equal(got, []string{"cache", "public"}) {
			t.Errorf("build %d: left beside the output: %v", k+1, got)
		}
		prev = s
	}
}

// TestWriteFollowsASymlink: a symlinked output directory stays a link;
// the directory it points to receives the site.
func TestWriteFollowsASymlink(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	real := filepath.Join(root, "sites", "v1")
	link := filepath.Join(root, "public")
	oldSite.write(t, real, Options{})
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	newSite.write(t, link, Options{})
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the output link was replaced: %v %v", fi, err)
	}
	if !holds(t, real, newSite) {
		t.Errorf("the link's target: %v", readTree(t, real))
	}
}

// TestBadNames: a file outside the site, or the manifest's name, is
// refused.
func TestBadNames(t *testing.T) {
	t.Parallel()
	d, err := Open(filepath.Join(t.TempDir(), "public"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Abort()
	for _, name := range []string{"../x.html", "/etc/x", "a/../../x", "", ".", Manifest} {
		if err := d.Put(name, []byte("x"), ""); err == nil {
			t.Errorf("Put(%q) accepted", name)
		}
	}
}

// TestIntact: a site is intact while it holds exactly its manifest's
// files, each as written; a file changed, added or removed is seen, by
// its stamp or by its digest.
func TestIntact(t *testing.T) {
	t.Parallel()
	for _, change := range []func(dir string){
		func(dir string) { os.WriteFile(filepath.Join(dir, "ru", "a.html"), []byte("b"), 0o644) },
		func(dir string) {
			os.Remove(filepath.Join(dir, "ru", "a.html"))
			os.Mkdir(filepath.Join(dir, "ru", "a.html"), 0o755)
		},
		func(dir string) { os.Remove(filepath.Join(dir, "style.css")) },
		func(dir string) { // the same size, the time set back
			name := filepath.Join(dir, "ru", "a.html")
			info, _ := os.Stat(name)
			os.WriteFile(name, []byte("A"), 0o644)
			os.Chtimes(name, info.ModTime(), info.ModTime())
		},
	} {
		for _, stamped := range []bool{false, true} {
			dir := filepath.Join(t.TempDir(), "public")
			st := newSite.write(t, dir, Options{})
			if !stamped {
				st = nil
			}
			if !Intact(dir, newSite.digests(), st) {
				t.Fatalf("stamps %v: a site just written is not intact", stamped)
			}
			// A file the build did not write is the publisher's.
			os.WriteFile(filepath.Join(dir, "CNAME"), []byte("x"), 0o644)
			if !Intact(dir, newSite.digests(), st) {
				t.Fatalf("stamps %v: a site with the publisher's file is not intact", stamped)
			}
			change(dir)
			if Intact(dir, newSite.digests(), st) {
				t.Errorf("stamps %v: a changed site is intact", stamped)
			}
		}
	}
}

func TestCheck(t *testing.T) {
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
	dotted := mk("dotted", "a.txt", ".env")
	mk("repo/.git", "HEAD")
	repo := filepath.Join(root, "repo")
	owned := filepath.Join(root, "owned")
	oldSite.write(t, owned, Options{})
	file := filepath.Join(root, "f.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	linkToContent := filepath.Join(root, "to-content")
	os.Symlink(content, linkToContent)
	for _, c := range []struct {
		out   string
		force int
		want  string // "" for accepted
	}{
		{filepath.Join(root, "public"), 0, ""},
		{filepath.Join(root, "empty"), 0, ""},
		{owned, 0, ""},
		{notes, 0, "holds files nardydocs did not write (notes.txt)"},
		{notes, 1, ""},
		{dotted, 1, "holds .env, which the build would remove with everything else in it; choose another directory, or give --force twice"},
		{dotted, 2, ""},
		{repo, 0, "holds files nardydocs did not write (.git)"},
		{repo, 1, "holds .git, which"},
		{repo, 2, ""},
		{content, 2, "holds the content directory"},
		{notes + "/", 0, "holds files nardydocs did not write"},
		{file, 1, "is a file, not a directory"},
		{content, 1, "holds the content directory"},
		{content + "/", 1, "holds the content directory"},
		{filepath.Join(root, "project"), 1, "holds the content directory"},
		{root, 1, "holds the content directory"},
		{filepath.Join(content, "public"), 1, "inside the content directory"},
		{filepath.Join(content, "ru"), 1, "inside the content directory"},
		{linkToContent, 1, "holds the content directory"},
	} {
		err := Check(c.out, content, c.force)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Check(%s, force %v): %v", c.out, c.force, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Check(%s, force %v) = %v, want an error saying %q", c.out, c.force, err, c.want)
		case c.want != "":
			if e, ok := err.(*Error); !ok || e.Dir != c.out || !strings.HasPrefix(err.Error(), c.out+": ") {
				t.Errorf("Check(%s): %#v is not an *Error naming the directory", c.out, err)
			}
		}
	}
}

// steps lists the steps of writing a site, in order, with each way of
// swapping: one exchange, or two renames.
var steps = map[bool][]string{
	true:  {"cleaned", "created", "manifest", "files", "swapped", "removed"},
	false: {"cleaned", "created", "manifest", "files", "moved aside", "swapped", "removed"},
}

// TestCrashHelper is run by TestCrash in a process of its own: it writes
// the new site into $NARDYDOCS_CRASH_DIR and exits at once, as a killed
// process would, after the step $NARDYDOCS_CRASH_STEP.
func TestCrashHelper(t *testing.T) {
	dir, at := os.Getenv("NARDYDOCS_CRASH_DIR"), os.Getenv("NARDYDOCS_CRASH_STEP")
	if dir == "" {
		t.Skip("run by TestCrash")
	}
	if os.Getenv("NARDYDOCS_CRASH_RENAMES") != "" {
		exchangeDirs = func(a, b string) error { return os.ErrInvalid }
	}
	step = func(s string) {
		if s == at {
			os.Exit(3)
		}
	}
	newSite.write(t, dir, Options{})
	os.Exit(0)
}

// TestCrash kills a write after each of its steps: the output directory
// then holds the old site or the new one, complete (with the two-rename
// fallback, a crash between the renames leaves the old site beside it);
// the next write removes what the crash left and gives the new site.
func TestCrash(t *testing.T) {
	t.Parallel()
	for _, exchange := range []bool{true, false} {
		for _, at := range steps[exchange] {
			dir := filepath.Join(t.TempDir(), "public")
			oldSite.write(t, dir, Options{})
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
			cmd.Env = append(os.Environ(), "NARDYDOCS_CRASH_DIR="+dir, "NARDYDOCS_CRASH_STEP="+at)
			if !exchange {
				cmd.Env = append(cmd.Env, "NARDYDOCS_CRASH_RENAMES=1")
			}
			if out, err := cmd.CombinedOutput(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 3 {
				t.Fatalf("exchange %v, step %s: the helper did not crash: %v\n%s", exchange, at, err, out)
			}
			gap := !exchange && at == "moved aside"
			switch _, err := os.Stat(dir); {
			case gap && err == nil:
				t.Errorf("renames, crash after %s: the output directory is still there", at)
			case gap:
			case !holds(t, dir, oldSite) && !holds(t, dir, newSite):
				t.Errorf("exchange %v, crash after %s: the output holds neither site: %v", exchange, at, readTree(t, dir))
			}
			newSite.write(t, dir, Options{})
			if !holds(t, dir, newSite) {
				t.Errorf("exchange %v, crash after %s: the next write gives %v", exchange, at, readTree(t, dir))
			}
			if got := beside(dir); !slices.Equal(got, []string{"public"}) {
				t.Errorf("exchange %v, crash after %s: left beside the output: %v", exchange, at, got)
			}
		}
	}
}

// TestDanglingSymlink: an output directory given as a link to a directory
// that does not exist yet (through another link, too) stays a link; the
// directory it names is made and receives the site.
func TestDanglingSymlink(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	real := filepath.Join(root, "sites", "v1")
	link, link2 := filepath.Join(root, "public"), filepath.Join(root, "next")
	if err := os.Symlink(filepath.Join("sites", "v1"), link2); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink("next", link); err != nil {
		t.Fatal(err)
	}
	if err := Check(link, filepath.Join(root, "content"), 0); err != nil {
		t.Fatal(err)
	}
	for _, s := range []site{oldSite, newSite} {
		s.write(t, link, Options{})
		for _, l := range []string{link, link2} {
			if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("the link %s was replaced: %v %v", l, fi, err)
			}
		}
		if !holds(t, real, s) {
			t.Errorf("the link's target: %v", readTree(t, real))
		}
	}
	loop := filepath.Join(root, "loop")
	os.Symlink("loop", loop)
	if err := Check(loop, filepath.Join(root, "content"), 0); err == nil || !strings.Contains(err.Error(), "loop") {
		t.Errorf("a link to itself: %v", err)
	}
}

// TestClean: what a crashed build left beside the site is removed by
// Clean, and nothing else is.
func TestClean(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "public")
	oldSite.write(t, dir, Options{})
	parent := filepath.Dir(dir)
	for _, name := range []string{".public.new-1", ".public.old-2", ".public.new-3", "other"} {
		os.MkdirAll(filepath.Join(parent, name), 0o755)
	}
	os.WriteFile(filepath.Join(parent, ".public.new-1", Manifest), []byte(Header), 0o644)
	os.WriteFile(filepath.Join(parent, ".public.new-3", "mine.txt"), []byte("x"), 0o644)
	if err := Clean(dir); err != nil {
		t.Fatal(err)
	}
	if got := beside(dir); !slices.Equal(got, []string{".public.new-3", "other", "public"}) {
		t.Errorf("left beside the output: %v", got)
	}
	if !holds(t, dir, oldSite) {
		t.Errorf("the site: %v", readTree(t, dir))
	}
}

// TestKeepsThePublishersFiles: the files of a build's directory that the
// build did not write (a CNAME, a folder, a link, a .git) are in the next
// site as they were; one where the new site has a file of its own is
// replaced, and named; a file the previous build wrote and the new one
// does not is gone.
func TestKeepsThePublishersFiles(t *testing.T) {
	t.Parallel()
	for _, spare := range []bool{false, true} {
		root := t.TempDir()
		dir := filepath.Join(root, "public")
		o := Options{}
		if spare {
			o.Spare = filepath.Join(root, "spare")
		}
		st := oldSite.write(t, dir, o)
		theirs := site{"CNAME": "rules.example.org\n", "extra/a/b.txt": "b", ".git/HEAD": "ref", "ru/mine.html": "mine", "ru/b.html": "theirs"}
		for name, data := range theirs {
			full := filepath.Join(dir, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(full), 0o755)
			if err := os.WriteFile(full, []byte(data), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		os.Mkdir(filepath.Join(dir, "empty"), 0o755)
		os.Symlink("CNAME", filepath.Join(dir, "link"))
		os.WriteFile(filepath.Join(dir, "ru", ".a.html.new-0123456789abcdef"), []byte("a crashed build's"), 0o644)
		os.MkdirAll(filepath.Join(dir, "index.html.d"), 0o755) // no clash: another name
		// Twice: the second build starts from the first one's kept files.
		for k, s := range []site{newSite, newSite} {
			o.Files, o.Stamps, o.Built = oldSite.digests(), st, oldSite.digests()
			if k == 1 {
				o.Files, o.Built = newSite.digests(), newSite.digests()
			}
			d, err := Open(dir, o)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range slices.Sorted(maps.Keys(s)) {
				if err := d.Put(name, []byte(s[name]), Digest([]byte(s[name]))); err != nil {
					t.Fatal(err)
				}
			}
			if st, err = d.Commit(s.manifest()); err != nil {
				t.Fatal(err)
			}
			got := readTree(t, dir)
			for name, data := range theirs {
				if name != "ru/b.html" && got[name] != data {
					t.Errorf("spare %v, build %d: %s is %q, want %q", spare, k+1, name, got[name], data)
				}
			}
			if got["ru/b.html"] != "b" || got["index.html"] != "new" || got["ru/gone.html"] != "" || got["gone/x.html"] != "" {
				t.Errorf("spare %v, build %d: the site's own files: %v", spare, k+1, got)
			}
			if to, err := os.Readlink(filepath.Join(dir, "link")); err != nil || to != "CNAME" {
				t.Errorf("spare %v, build %d: the link: %q %v", spare, k+1, to, err)
			}
			for _, name := range []string{"empty", "index.html.d"} {
				if info, err := os.Stat(filepath.Join(dir, name)); err != nil || !info.IsDir() {
					t.Errorf("spare %v, build %d: the directory %s is gone", spare, k+1, name)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "gone")); err == nil {
				t.Errorf("spare %v, build %d: the previous build's directory gone/ is still there", spare, k+1)
			}
			kept, lost := d.Kept()
			wantKept := []string{".git/HEAD", "CNAME", "extra/a/b.txt", "link", "ru/mine.html"}
			var wantLost []Loss
			if k == 0 {
				wantLost = []Loss{{"ru/b.html", "replaced by the new site's file of that name"}}
			}
			if !slices.Equal(kept, wantKept) || !slices.Equal(lost, wantLost) {
				t.Errorf("spare %v, build %d: kept %q, lost %q", spare, k+1, kept, lost)
			}
			if !Intact(dir, s.digests(), st) {
				t.Errorf("spare %v, build %d: the site with the publisher's files is not intact", spare, k+1)
			}
		}
		delete(theirs, "ru/b.html")
	}
}

// TestForcedIsNotSpared: the files of a directory a forced build
// replaced are removed, never kept as the spare; the build lists them
// first.
func TestForcedIsNotSpared(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir, spare := filepath.Join(root, "public"), filepath.Join(root, "spare")
	os.MkdirAll(filepath.Join(dir, ".ssh"), 0o755)
	os.MkdirAll(filepath.Join(dir, "docs", "a"), 0o755)
	for _, f := range []string{".ssh/id_rsa", "notes.txt", "docs/a/1.txt", "docs/2.txt"} {
		os.WriteFile(filepath.Join(dir, filepath.FromSlash(f)), []byte("secret"), 0o600)
	}
	if got, want := Displaced(dir), []string{".ssh/ (1 file)", "docs/ (2 files)", "notes.txt"}; !slices.Equal(got, want) {
		t.Errorf("Displaced = %q, want %q", got, want)
	}
	newSite.write(t, dir, Options{Spare: spare})
	if !holds(t, dir, newSite) {
		t.Errorf("the site: %v", readTree(t, dir))
	}
	if _, err := os.Stat(spare); err == nil {
		t.Errorf("the forced directory's files were kept as the spare: %v", readTree(t, spare))
	}
	if got := beside(dir); !slices.Equal(got, []string{"public"}) {
		t.Errorf("left beside the output: %v", got)
	}
	if got := Displaced(dir); got != nil {
		t.Errorf("Displaced of a build's directory = %q", got)
	}
}

// TestMountPoint: a directory that cannot be renamed (a mount point:
// "device or resource busy") receives the site inside it, each file
// replaced in one step (copied first, from another file system); the
// publisher's files stay, and so does the directory itself.
func TestMountPoint(t *testing.T) {
	t.Parallel()
	for _, crossDevice := range []bool{false, true} {
		root := t.TempDir()
		dir := filepath.Join(root, "public")
		oldSite.write(t, dir, Options{})
		os.WriteFile(filepath.Join(dir, "CNAME"), []byte("c"), 0o644)
		before, _ := os.Stat(dir)
		d, err := Open(dir, Options{Built: oldSite.digests()})
		if err != nil {
			t.Fatal(err)
		}
		busy := func(a, b string) error { return &os.LinkError{Op: "rename", Old: a, New: b, Err: syscall.EBUSY} }
		d.exchange = busy
		d.renameTarget = func(a, b string) error {
			if a == d.Target() {
				return busy(a, b)
			}
			return os.Rename(a, b)
		}
		if crossDevice {
			d.moveFile = func(a, b string) error { return &os.LinkError{Op: "rename", Old: a, New: b, Err: syscall.EXDEV} }
		}
		for _, name := range slices.Sorted(maps.Keys(newSite)) {
			d.Put(name, []byte(newSite[name]), Digest([]byte(newSite[name])))
		}
		if _, err := d.Commit(newSite.manifest()); err != nil {
			t.Fatal(err)
		}
		if !d.InPlace() {
			t.Errorf("cross-device %v: InPlace is false", crossDevice)
		}
		got := readTree(t, dir)
		if got["CNAME"] != "c" {
			t.Errorf("cross-device %v: the publisher's CNAME is gone", crossDevice)
		}
		delete(got, "CNAME")
		os.Remove(filepath.Join(dir, "CNAME"))
		if !holds(t, dir, newSite) {
			t.Errorf("cross-device %v: the site: %v", crossDevice, got)
		}
		if after, err := os.Stat(dir); err != nil || !os.SameFile(before, after) {
			t.Errorf("cross-device %v: the directory itself was replaced", crossDevice)
		}
		if got := beside(dir); !slices.Equal(got, []string{"public"}) {
			t.Errorf("cross-device %v: left beside the output: %v", crossDevice, got)
		}
	}
}

// TestStopHelper is run by TestStop in a process of its own (Stop is for
// good): it starts writing the new site into $NARDYDOCS_STOP_DIR, calls
// Stop, and tries to go on.
func TestStopHelper(t *testing.T) {
	dir := os.Getenv("NARDYDOCS_STOP_DIR")
	if dir == "" {
		t.Skip("run by TestStop")
	}
	d, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Put("index.html", []byte("new"), Digest([]byte("new")))
	Stop()
	if err := d.Put("ru/late.html", []byte("late"), ""); err == nil {
		t.Error("Put after Stop succeeded")
	}
	if _, err := d.Commit(newSite.manifest()); err == nil {
		t.Error("Commit after Stop succeeded")
	}
}

// TestStop: a program that stops at once in the middle of writing a site
// leaves the previous one as it was, and nothing beside it.
func TestStop(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "public")
	oldSite.write(t, dir, Options{})
	cmd := exec.Command(os.Args[0], "-test.run=^TestStopHelper$")
	cmd.Env = append(os.Environ(), "NARDYDOCS_STOP_DIR="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the helper: %v\n%s", err, out)
	}
	if !holds(t, dir, oldSite) {
		t.Errorf("the site: %v", readTree(t, dir))
	}
	if got := beside(dir); !slices.Equal(got, []string{"public"}) {
		t.Errorf("left beside the output: %v", got)
	}
}

// TestRestamped: a build that fails leaves the previous site's files it
// linked with new change times; with the stamps Restamped gives, the next
// build still takes them (Keep), but not one altered after.
func TestRestamped(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir, spare := filepath.Join(root, "public"), filepath.Join(root, "spare")
	st := oldSite.write(t, dir, Options{Spare: spare})
	st = newSite.write(t, dir, Options{Spare: spare, Files: oldSite.digests(), Stamps: st})
	o := Options{Spare: spare, Files: newSite.digests(), Stamps: st}
	d, err := Open(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ru/a.html", "style.css", "index.html"} {
		if !d.Keep(name, Digest([]byte(newSite[name]))) {
			t.Fatalf("Keep(%s) refused an intact file", name)
		}
	}
	d.Abort()
	o.Stamps = d.Restamped()
	// Altered after the failed build: the same size, the time set back.
	name := filepath.Join(dir, "index.html")
	info, _ := os.Stat(name)
	os.WriteFile(name, []byte("NEW"), 0o644)
	os.Chtimes(name, info.ModTime(), info.ModTime())
	d, err = Open(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Abort()
	for _, name := range []string{"ru/a.html", "style.css"} {
		if !d.Keep(name, Digest([]byte(newSite[name]))) {
			t.Errorf("after a failed build, Keep(%s) refused an intact file", name)
		}
	}
	if d.Keep("index.html", Digest([]byte(newSite["index.html"]))) {
		t.Errorf("after a failed build, Keep took index.html, altered since")
	}
}

// TestPutFrom: a file copied from a reader is in the new site as the
// reader gave it; one of the previous build's digest, intact, is that
// build's file, linked; a name given twice is refused.
func TestPutFrom(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "public")
	oldSite.write(t, dir, Options{})
	before, err := os.Stat(filepath.Join(dir, "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Open(dir, Options{Files: oldSite.digests()})
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("модуль ", 100<<10) // more than one piece of the copy
	if err := d.PutFrom("m/big.wasm", strings.NewReader(big), Digest([]byte(big))); err != nil {
		t.Fatal(err)
	}
	if err := d.PutFrom("style.css", strings.NewReader("css"), Digest([]byte("css"))); err != nil {
		t.Fatal(err)
	}
	if err := d.PutFrom("style.css", strings.NewReader("css"), Digest([]byte("css"))); err == nil {
		t.Error("a second style.css was taken")
	}
	if _, err := d.Commit([]byte(Header)); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, dir)
	if got["m/big.wasm"] != big || got["style.css"] != "css" || len(got) != 3 {
		t.Errorf("the site holds %d files; m/big.wasm %d bytes, want %d; style.css %q", len(got), len(got["m/big.wasm"]), len(big), got["style.css"])
	}
	after, err := os.Stat(filepath.Join(dir, "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("style.css, unchanged, was written again rather than linked")
	}
}

// TestCopyFrom: a file copied from a reader is written whole, in more
// than one piece, and its digest returned is Digest's of its bytes; the
// previous build's digests show through Previous; a name given twice is
// refused.
func TestCopyFrom(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "public")
	oldSite.write(t, dir, Options{})
	d, err := Open(dir, Options{Files: oldSite.digests()})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Previous("style.css"), Digest([]byte("css")); got != want {
		t.Errorf("Previous(style.css) = %q, want %q", got, want)
	}
	if got := d.Previous("m/big.wasm"); got != "" {
		t.Errorf("Previous of a new file = %q, want none", got)
	}
	big := strings.Repeat("модуль ", 100<<10)
	sum, err := d.CopyFrom("m/big.wasm", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	if want := Digest([]byte(big)); sum != want {
		t.Errorf("CopyFrom returned the digest %s, want %s", sum, want)
	}
	if _, err := d.CopyFrom("m/big.wasm", strings.NewReader("x")); err == nil {
		t.Error("a second m/big.wasm was taken")
	}
	if _, err := d.Commit([]byte(Header)); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, dir)["m/big.wasm"]; got != big {
		t.Errorf("m/big.wasm holds %d bytes, want %d", len(got), len(big))
	}
}

// TestSpareFileDamaged: a file of the output changed by hand after a
// build that left a spare (rewritten in place, replaced by another file,
// removed, its mode changed) is never taken from the spare, which shares
// it: Keep refuses it, and the site written has the right bytes.
func TestSpareFileDamaged(t *testing.T) {
	t.Parallel()
	for k, damage := range []func(name string) error{
		func(name string) error { return os.WriteFile(name, []byte("A"), 0o644) },
		func(name string) error {
			if err := os.WriteFile(name+".tmp", []byte("a"), 0o644); err != nil {
				return err
			}
			return os.Rename(name+".tmp", name)
		},
		os.Remove,
		func(name string) error { return os.Chmod(name, 0o600) },
	} {
		root := t.TempDir()
		dir, spare := filepath.Join(root, "public"), filepath.Join(root, "cache", "spare")
		os.MkdirAll(filepath.Dir(spare), 0o755)
		st := oldSite.write(t, dir, Options{Spare: spare})
		st = oldSite.write(t, dir, Options{Spare: spare, Files: oldSite.digests(), Stamps: st})
		if err := damage(filepath.Join(dir, "ru", "a.html")); err != nil {
			t.Fatal(err)
		}
		d, err := Open(dir, Options{Spare: spare, Files: oldSite.digests(), Stamps: st})
		if err != nil {
			t.Fatal(err)
		}
		if d.Keep("ru/a.html", Digest([]byte("a"))) {
			t.Errorf("damage %d: Keep took the file", k)
		}
		if !d.Keep("style.css", Digest([]byte("css"))) {
			t.Errorf("damage %d: Keep did not take an intact file", k)
		}
		for _, name := range []string{"index.html", "ru/a.html", "ru/gone.html", "gone/x.html"} {
			if err := d.Put(name, []byte(oldSite[name]), Digest([]byte(oldSite[name]))); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.Commit(oldSite.manifest()); err != nil {
			t.Fatal(err)
		}
		if !holds(t, dir, oldSite) {
			t.Errorf("damage %d: the site: %v", k, readTree(t, dir))
		}
		if info, err := os.Stat(filepath.Join(dir, "ru", "a.html")); err != nil || info.Mode().Perm() != 0o644 {
			t.Errorf("damage %d: ru/a.html: %v %v", k, info, err)
		}
	}
}

// TestDigest: a digest is XXH64 in 16 hex digits (as the reference
// implementation gives it for these inputs), the same from bytes and from
// a reader, and tells apart inputs that differ by one byte or one more.
func TestDigest(t *testing.T) {
	for data, want := range map[string]string{
		"":    "ef46db3751d8e999",
		"abc": "44bc2cf5ad770999",
	} {
		if got := Digest([]byte(data)); got != want {
			t.Errorf("Digest(%q) = %s, want %s", data, got, want)
		}
	}
	page := bytes.Repeat([]byte("<p>Пункт 24.</p>\n"), 5000)
	from, err := DigestFrom(bytes.NewReader(page))
	if err != nil || from != Digest(page) {
		t.Errorf("DigestFrom = %s, %v; Digest = %s", from, err, Digest(page))
	}
	seen := map[string]int{}
	for i := range len(page) / 97 {
		changed := bytes.Clone(page)
		changed[i*97]++
		seen[Digest(changed)]++
	}
	seen[Digest(page)]++
	seen[Digest(append(bytes.Clone(page), ' '))]++
	for sum, n := range seen {
		if n > 1 {
			t.Errorf("%d inputs have the digest %s", n, sum)
		}
	}
}
