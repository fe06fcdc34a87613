package site

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing/fstest"

	"golang.org/x/sync/errgroup"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site/memo"
	"github.com/nardydocs/nardydocs/site/outdir"
)

// Target says where Publish puts a site, and what it may reuse.
type Target struct {
	// Dir is the output directory (see outdir.Check for which it may be).
	Dir string
	// Force allows a directory that holds files nardydocs did not write
	// (1), and one that holds a dotfile or a .git too (2): the build
	// replaces them all (Published.Displaced names them).
	Force int
	// MemoDir, when set, is where the memo of builds into Dir is kept
	// (in a directory of its own for each output directory): the next
	// build takes from it what did not change, and when nothing did, it
	// leaves the site as it is. Empty builds everything.
	MemoDir string
	// Modules, when set, gives further files (the checker's modules),
	// read to be digested and written: it is called, from another
	// goroutine, while the site is built — unless the memo says the
	// previous build had the files of ModulesKey, still as they were
	// left: those are kept.
	Modules func() (*wasm.Modules, error)
	// ModulesKey names the files Modules gives, as a digest of their
	// sources would; "" when it is not known.
	ModulesKey string
}

// Published is a site Publish put in its directory.
type Published struct {
	*Site
	// Unchanged is set when the directory held the site of the same
	// input already, as its build left it: nothing was written.
	Unchanged bool
	// Changes are what the build changed since the previous one.
	Changes Changes
	// Hits and Misses count the pages and figures the memo had, and did
	// not have (all were made anew).
	Hits, Misses int
	// Displaced lists what a forced build replaced of a directory that
	// was not a build's (outdir.Displaced).
	Displaced []string
	// Kept lists the files of the output directory that the previous
	// build did not write, which the new site keeps, when they are not
	// those the previous build kept (with the memo; else all of them);
	// Lost those it could not keep, each with why.
	Kept []string
	Lost []outdir.Loss
	// InPlace is set when the output directory could not be replaced
	// whole (a mount point): the site was written inside it, each file
	// replaced in one step.
	InPlace bool
}

// Publish builds the site into the directory t.Dir, writing every page as
// soon as it is rendered, and puts it in the directory's place in one step
// when the whole build succeeded; otherwise the directory is left as it
// was (see package outdir). With a memo, a build of the same input as the
// site in the directory leaves it as it is.
func Publish(ctx context.Context, opt Options, t Target) (*Published, error) {
	if opt.Content == "" {
		opt.Content = "content"
	}
	if err := outdir.Check(t.Dir, opt.Content, t.Force); err != nil {
		return nil, err
	}
	// With a memo, the content is read once, for the fingerprint and for
	// the build (which builds exactly the input the fingerprint names),
	// while the previous build's manifest and the memo are looked up.
	var snap struct {
		input string
		files fs.FS
		err   error
	}
	var snapping sync.WaitGroup
	defer snapping.Wait()
	if t.MemoDir != "" {
		if opt.Version == "" {
			opt.Version = ExecutableVersion()
		}
		o := opt
		snapping.Go(func() { snap.input, snap.files, snap.err = Snapshot(o, o.Version, t.ModulesKey) })
	}
	prevData, err := outdir.ReadManifest(t.Dir)
	if err != nil {
		prevData = nil // no previous build to compare with or to take from
	}
	prev := readManifest(prevData)
	var m *memo.Memo
	var stamps outdir.Stamps
	input := ""
	spare := ""
	if t.MemoDir != "" {
		target, err := outdir.RealPath(t.Dir)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256([]byte(target))
		dir := filepath.Join(t.MemoDir, hex.EncodeToString(sum[:10]))
		forgetGone(t.MemoDir, dir)
		name := filepath.Join(dir, targetFile)
		if had, err := os.ReadFile(name); err != nil || string(had) != target {
			if err := os.MkdirAll(dir, 0o755); err == nil {
				os.WriteFile(name, []byte(target), 0o644)
			}
		}
		m = memo.Open(dir)
		defer m.Close()
		opt.Memo = m
		spare = filepath.Join(dir, "spare")
		snapping.Wait()
		files := snap.files
		input, err = snap.input, snap.err
		// Asked for once the content is read: the memo is read in the
		// meantime (memo.Open).
		m.Get(stampsKey, (*stampsRecord)(&stamps))
		if err == nil {
			opt.FS = files
			// The site is left as it is only when the memo still has what
			// its build warned of, to say it again.
			var warns warnings
			if prev.input == input && m.Get(warningsKey(input), &warns) && outdir.Intact(t.Dir, prev.files, stamps) {
				// What a crashed build left beside the site goes, even so.
				if err := outdir.Clean(t.Dir); err != nil {
					return nil, err
				}
				s := &Site{Pages: prev.pages, Figures: prev.figureCount, Digests: prev.files, Input: input}
				for _, w := range warns.List {
					s.Warnings.Add(engine.Pos{File: w.File, Line: w.Line, Col: w.Col}, w.Msg)
				}
				p := &Published{Site: s, Unchanged: true}
				if p.Kept = newlyKept(m, outdir.Unlisted(t.Dir, prev.files)); p.Kept != nil {
					m.Save()
				}
				return p, nil
			}
		} else {
			input = ""
		}
	}
	var displaced []string
	if t.Force > 0 {
		displaced = outdir.Displaced(t.Dir)
	}
	o := outdir.Options{Spare: spare}
	if stamps != nil && prev.digests == outdir.DigestKind {
		o.Files, o.Stamps = prev.files, stamps
	}
	if prevData != nil {
		o.Built = prev.files // every other file is the publisher's: kept
		if o.Built == nil {
			o.Built = map[string]string{}
		}
	}
	d, err := outdir.Open(t.Dir, o)
	if err != nil {
		return nil, err
	}
	// The further files are written while the site is built.
	var modules []fileSum
	var modErr error
	var wg sync.WaitGroup
	if t.Modules != nil {
		wg.Go(func() { modules, modErr = putModules(d, m, t) })
	}
	s, err := BuildTo(ctx, opt, d)
	wg.Wait()
	if err == nil && modErr != nil {
		err = modErr
	}
	if err == nil {
		for _, f := range modules {
			if _, dup := s.Digests[f.Name]; dup {
				err = errDuplicate(f.Name)
				break
			}
			s.Digests[f.Name] = f.Sum
		}
	}
	if err != nil {
		d.Abort()
		if m != nil && stamps != nil {
			// The files this build linked are still the previous one's.
			m.Put(stampsKey, stampsRecord(d.Restamped()))
			m.Save()
		}
		return nil, err
	}
	s.Input = input
	newStamps, err := d.Commit(s.Manifest())
	if err != nil {
		return nil, err
	}
	changes := Changes{First: true}
	if prevData != nil {
		changes = s.compare(prev)
	}
	p := &Published{Site: s, Changes: changes, Displaced: displaced, InPlace: d.InPlace()}
	p.Kept, p.Lost = d.Kept()
	if m != nil {
		p.Hits, p.Misses = m.Counts()
		p.Kept = newlyKept(m, p.Kept)
		m.Put(stampsKey, stampsRecord(newStamps))
		if input != "" {
			var warns warnings
			for _, w := range s.Warnings {
				warns.List = append(warns.List, warning{w.Pos.File, w.Pos.Line, w.Pos.Col, w.Msg})
			}
			m.Put(warningsKey(input), warns)
		}
		if key := modulesKey(t.ModulesKey); key != "" && modules != nil {
			m.Put(key, modules)
		}
		m.Save() // a memo that cannot be written only costs the next build time
	}
	return p, nil
}

// targetFile names, in the memo of an output directory, the file that
// holds the directory's path.
const targetFile = "target"

// maxMemos is how many output directories' memos are kept; the least
// recently used go first.
const maxMemos = 16

// forgetGone removes, from the directory dir of the memos of output
// directories, those whose output directory is gone, and the oldest
// beyond maxMemos; not self, the memo of the build that runs.
func forgetGone(dir, self string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type kept struct {
		path  string
		mtime int64
	}
	var memos []kept
	for _, e := range entries {
		full := filepath.Join(dir, e.Name())
		target, err := os.ReadFile(filepath.Join(full, targetFile))
		if !e.IsDir() || err != nil || full == self {
			continue
		}
		if _, err := os.Stat(string(target)); err != nil {
			os.RemoveAll(full)
			continue
		}
		var mtime int64
		if info, err := os.Stat(filepath.Join(full, "index")); err == nil {
			mtime = info.ModTime().UnixNano()
		}
		memos = append(memos, kept{full, mtime})
	}
	if len(memos) <= maxMemos {
		return
	}
	slices.SortFunc(memos, func(a, b kept) int { return cmp.Compare(b.mtime, a.mtime) })
	for _, k := range memos[maxMemos:] {
		os.RemoveAll(k.path)
	}
}

// newlyKept returns the publisher's files kept, when the memo m does not
// say a build kept just those before (nil then), and records them in it
// (to be saved).
func newlyKept(m *memo.Memo, kept []string) []string {
	if m == nil {
		return kept
	}
	var before []string
	if m.Get(keptKey, &before) && slices.Equal(before, kept) {
		return nil
	}
	m.Put(keptKey, kept)
	return kept
}

// keptKey is the memo's key of the publisher's files the previous build
// kept in its directory.
const keptKey = "nardydocs kept files 1"

// stampsKey is the memo's key of the stamps of the site its builds left
// in their directory.
const stampsKey = "nardydocs output stamps 3"

// warningsKey is the memo's key of the warnings of a build of input:
// a build that finds its site as it left it says them again.
func warningsKey(input string) string { return "nardydocs warnings 1 " + input }

// warnings are a build's warnings as the memo keeps them.
type warnings struct{ List []warning }

// warning is one of them.
type warning struct {
	File      string
	Line, Col int
	Msg       string
}

// modulesKey is the memo's key of the further files of key (their names
// and digests), or "" when key is not known.
func modulesKey(key string) string {
	if key == "" {
		return ""
	}
	return "nardydocs modules 1 " + key
}

// putModules puts the further files of t into d: the previous build's,
// when the memo names them and they are intact, or else those t.Modules
// gives.
func putModules(d *outdir.Dir, m *memo.Memo, t Target) ([]fileSum, error) {
	kept := map[string]string{}
	if key := modulesKey(t.ModulesKey); m != nil && key != "" {
		var files []fileSum
		if m.Get(key, &files) && len(files) > 0 {
			all := true
			for _, f := range files {
				if d.Keep(f.Name, f.Sum) {
					kept[f.Name] = f.Sum
				} else {
					all = false
				}
			}
			if all {
				return files, nil
			}
		}
	}
	modules, err := t.Modules()
	if err != nil {
		return nil, err
	}
	var out []fileSum
	for _, name := range modules.Names() {
		if d.Previous(name) == "" {
			// Nothing to compare with (nor kept, which needs a previous
			// digest): digested as it is written.
			sum, err := copyModule(d, modules, name)
			if err != nil {
				return nil, err
			}
			out = append(out, fileSum{name, sum})
			continue
		}
		sum, err := moduleDigest(modules, name)
		if err != nil {
			return nil, err
		}
		if kept[name] != sum {
			if kept[name] != "" {
				return nil, errors.New("the checker's " + name + " is not the previous build's, though its key is")
			}
			if err := putModule(d, modules, name, sum); err != nil {
				return nil, err
			}
		}
		out = append(out, fileSum{name, sum})
	}
	return out, nil
}

// moduleDigest returns the Digest of the module name, read from m (a
// module is read twice when it is written: at some 10 GB/s, once to
// digest it, so that a previous build's copy may be taken instead).
func moduleDigest(m *wasm.Modules, name string) (string, error) {
	r, err := m.Open(name)
	if err != nil {
		return "", err
	}
	defer r.Close()
	sum, err := outdir.DigestFrom(r)
	if err != nil {
		return "", fmt.Errorf("the checker's %s: %w", name, err)
	}
	return sum, nil
}

// putModule copies the module name into d.
func putModule(d *outdir.Dir, m *wasm.Modules, name, sum string) error {
	r, err := m.Open(name)
	if err != nil {
		return err
	}
	defer r.Close()
	return d.PutFrom(name, r, sum)
}

// copyModule copies the module name into d and returns its Digest.
func copyModule(d *outdir.Dir, m *wasm.Modules, name string) (string, error) {
	r, err := m.Open(name)
	if err != nil {
		return "", err
	}
	defer r.Close()
	return d.CopyFrom(name, r)
}

// Write writes a site built in memory (Build) into the directory dir, as
// Publish would, with its manifest.
func (s *Site) Write(dir string) error {
	d, err := outdir.Open(dir, outdir.Options{})
	if err != nil {
		return err
	}
	if s.Digests == nil {
		s.Digests = map[string]string{}
	}
	for _, name := range s.Paths() {
		sum := outdir.Digest(s.Files[name])
		s.Digests[name] = sum
		if err := d.Put(name, s.Files[name], sum); err != nil {
			d.Abort()
			return err
		}
	}
	_, err = d.Commit(s.Manifest())
	return err
}

// Paths returns the paths of a site built in memory, in sorted order.
func (s *Site) Paths() []string { return sorted(s.Files) }

// ExecutableVersion names the running executable by its path, size and
// modification time: a program built again is another version.
func ExecutableVersion() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	info, err := os.Stat(exe)
	if err != nil {
		return exe
	}
	return exe + " " + strconv.FormatInt(info.Size(), 10) + " " + info.ModTime().UTC().Format("20060102T150405.000000000")
}

// Fingerprint is a digest of everything a build with opt reads: the
// program, the options, every file of the content directory and of the
// templates directory, and extra (what else the caller adds, such as
// the checker modules' key). Two builds with the same fingerprint make
// the same site. It fails when the content holds a symbolic link, which a
// build follows and the fingerprint would not.
func Fingerprint(opt Options, program, extra string) (string, error) {
	input, _, err := fingerprint(opt, program, extra, false)
	return input, err
}

// Snapshot is Fingerprint, with the files of the content directory as it
// read them, for Options.FS: a build from them builds exactly the input
// the fingerprint names (and reads the files no second time).
func Snapshot(opt Options, program, extra string) (string, fs.FS, error) {
	input, files, err := fingerprint(opt, program, extra, true)
	if err != nil {
		return "", nil, err
	}
	return input, files, nil
}

// fingerprint makes Fingerprint, and, with keep, the content's files.
func fingerprint(opt Options, program, extra string, keep bool) (string, fstest.MapFS, error) {
	if opt.FS != nil {
		return "", nil, errors.New("no fingerprint of content that is not a directory")
	}
	h := sha256.New()
	field := func(s string) { writeField(h, s) }
	content := opt.Content
	if content == "" {
		content = "content"
	}
	field("nardydocs input 1")
	field(program)
	field(extra)
	field(content)
	field(strings.Join(opt.Rules, "\x00"))
	field(opt.BaseURL)
	field(strconv.FormatBool(opt.Checker))
	field(opt.Translations.String())
	field(strconv.FormatBool(opt.Drafts))
	field(strconv.FormatBool(opt.OverridePinned))
	field(opt.Templates)
	var files fstest.MapFS
	if keep {
		files = fstest.MapFS{}
	}
	// The directories are walked first, then their files read and
	// digested, a few at a time; the digest takes each file's digest in
	// the walk's order.
	type file struct {
		name, rel string
		data      []byte
		sum       [sha256.Size]byte
		err       error
	}
	var list []*file
	for k, dir := range []string{content, opt.Templates} {
		if dir == "" {
			continue
		}
		err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type()&fs.ModeSymlink != 0 {
				return errors.New("a symbolic link: " + name)
			}
			rel := ""
			if keep && k == 0 {
				r, err := filepath.Rel(dir, name)
				if err != nil {
					return err
				}
				rel = filepath.ToSlash(r)
			}
			if d.IsDir() {
				if rel != "" && rel != "." {
					files[rel] = &fstest.MapFile{Mode: fs.ModeDir | 0o755}
				}
				return nil
			}
			if !d.Type().IsRegular() {
				// Never opened (a named pipe would block): the build
				// reads only regular files, and names a page that is
				// not one.
				field(name)
				field(d.Type().String())
				if rel != "" {
					files[rel] = &fstest.MapFile{Mode: d.Type() | 0o644}
				}
				return nil
			}
			list = append(list, &file{name: name, rel: rel})
			return nil
		})
		if err != nil {
			return "", nil, err
		}
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	var g errgroup.Group
	g.SetLimit(jobs)
	for _, f := range list {
		g.Go(func() error {
			data, err := os.ReadFile(f.name)
			f.sum, f.err = sha256.Sum256(data), err
			if f.rel != "" {
				f.data = data
			}
			return nil
		})
	}
	g.Wait()
	for _, f := range list {
		if f.err != nil {
			return "", nil, f.err // the first in the walk's order
		}
		field(f.name)
		writeBytes(h, f.sum[:])
		if f.rel != "" {
			files[f.rel] = &fstest.MapFile{Data: f.data, Mode: 0o644}
		}
	}
	for _, name := range sorted(opt.Files) {
		field(name)
		writeBytes(h, opt.Files[name])
	}
	return hex.EncodeToString(h.Sum(nil)[:20]), files, nil
}

// writeField writes s to h after its length, so that no two different
// lists of strings make the same digest.
func writeField(h hash.Hash, s string) {
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(s)))
	h.Write(n[:])
	io.WriteString(h, s)
}

// writeBytes is writeField for bytes.
func writeBytes(h hash.Hash, data []byte) {
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(data)))
	h.Write(n[:])
	h.Write(data)
}
