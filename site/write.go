package site

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Paths returns the site's file paths in sorted order.
func (s *Site) Paths() []string {
	names := make([]string, 0, len(s.Files))
	for name := range s.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// CheckOutput reports whether dir may receive a build of the content
// directory content, before anything is built or touched. A build writes
// only into a directory that is absent, empty, or marked as nardydocs'
// own by a previous build (its manifest). It refuses a regular file, the
// content directory, any directory inside it and any directory that
// contains it (the project's root among them), and a directory that holds
// other files, unless force is set — force never allows the content
// directory, its inside or its ancestors. A symbolic link is judged by
// the directory it points to.
func CheckOutput(dir, content string, force bool) error {
	out, err := realPath(dir)
	if err != nil {
		return err
	}
	src, err := realPath(content)
	if err != nil {
		return err
	}
	if within(src, out) {
		return fmt.Errorf("--out %s: it holds the content directory %s; the build replaces the whole output directory, so choose another (for example \"public\")", dir, content)
	}
	if within(out, src) {
		return fmt.Errorf("--out %s: it is inside the content directory %s; choose a directory outside it (for example \"public\")", dir, content)
	}
	info, err := os.Stat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("--out %s: it is a file, not a directory", dir)
	}
	if owned, err := ownDir(out); err != nil || owned {
		return err
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return err
	}
	if len(entries) > 0 && !force {
		return fmt.Errorf("--out %s: the directory holds files nardydocs did not write (%s); the build would replace them all. Choose another directory, empty it, or give --force", dir, entries[0].Name())
	}
	return nil
}

// realPath returns the absolute path of name with every symbolic link
// resolved, also when name (or a directory at its end) does not exist yet.
func realPath(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	var rest []string
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if filepath.Dir(p) == p {
			return abs, nil
		}
		rest = append([]string{filepath.Base(p)}, rest...)
	}
}

// within reports whether path is dir or inside it (both absolute and
// clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// ownDir reports whether dir holds the manifest of a previous build.
func ownDir(dir string) (bool, error) {
	data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil && isManifest(data), err
}

// exchangeDirs swaps two directories in one step (exchange); the tests
// replace it to try the fallback.
var exchangeDirs = exchange

// writeStep is called after each step of Write with the step's name; the
// tests replace it to crash the program between steps.
var writeStep = func(step string) {}

// Write writes the site to dir atomically: the files go into a new
// directory beside dir (a file whose bytes did not change since the
// previous build, and that is still as that build wrote it, is linked
// from it instead of written again), which then takes dir's place in one
// step. Whatever happens, dir holds either the previous site or the new
// one, complete. Leftovers of a build that crashed are removed first.
// When dir is a symbolic link, the directory it points to is replaced and
// the link kept.
//
// The one-step exchange is renameat2(RENAME_EXCHANGE) on Linux and
// renamex_np(RENAME_SWAP) on macOS. Elsewhere, and on file systems
// without it, dir is moved aside and the new directory moved in: a crash
// between the two leaves the old site beside dir, and the next build puts
// it back before anything else.
func (s *Site) Write(dir string) error {
	w, err := newDirWriter(dir, nil)
	if err != nil {
		return err
	}
	var g errgroup.Group
	g.SetLimit(8)
	for _, name := range s.Paths() {
		g.Go(func() error {
			_, err := w.put(name, s.Files[name], "")
			return err
		})
	}
	if err := g.Wait(); err != nil {
		w.abort()
		return err
	}
	return w.commit(s.manifest())
}

// dirWriter writes a site into a new directory beside its target, which
// then takes the target's place (see Site.Write). A file of the previous
// build (the target's) with the same digest is linked instead of written,
// when it is still as that build left it: its stamp (size, times, inode)
// the one the cache recorded after that build, or, without a record, its
// bytes those its manifest names.
type dirWriter struct {
	target, tmp string
	prev        map[string]string // the previous build's files' digests
	stamps      map[string]stamp  // the previous build's files as it left them, when known
	mu          sync.Mutex
	made        map[string]bool // directories made
	intactFiles map[string]bool // previous files checked: still as built
	linked      map[string]bool // files of the new site linked from the previous
	// spare is where the previous site's directories are kept, emptied,
	// for the next build (see recycle); skeleton lists the directories
	// the new directory had from there, needed those the new site has.
	spare    string
	skeleton []string
	needed   map[string]bool
	// spareFiles are the files the new directory had from the spare (the
	// site before the previous one), by inode, until claimed: kept when
	// the same as the previous site's, else removed; claimed are the new
	// site's files.
	spareFiles map[string]uint64
	claimed    map[string]bool
	// The writer goroutines and what they are given (see write).
	writerOnce sync.Once
	queue      chan writeJob
	writers    sync.WaitGroup
	writeErr   error
}

// stamp is what a file of a built site looked like when its build ended
// (fileStamp): its size, modification time and inode. (Not its change
// time, which linking it into the next build changes.)
type stamp struct {
	size, mtime int64
	ino         uint64
}

// newDirWriter prepares the new directory of the site at dir: leftovers
// of crashed builds removed, the directory made and marked as a build's
// own. stamps, if known, describe the files of the site now in dir as
// its build left them.
func newDirWriter(dir string, stamps map[string]stamp) (*dirWriter, error) {
	return newDirWriterFrom(dir, stamps, "")
}

// newDirWriterFrom is newDirWriter, the new directory's directories taken
// from spare, when it holds the directories of a previous build (see
// recycle), instead of being made anew.
func newDirWriterFrom(dir string, stamps map[string]stamp, spare string) (*dirWriter, error) {
	target, err := realPath(dir)
	if err != nil {
		return nil, err
	}
	parent, base := filepath.Dir(target), filepath.Base(target)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	if err := cleanLeftovers(parent, base, target); err != nil {
		return nil, err
	}
	writeStep("cleaned")
	w := &dirWriter{target: target, stamps: stamps, spare: spare, made: map[string]bool{".": true}, needed: map[string]bool{".": true}, intactFiles: map[string]bool{}, linked: map[string]bool{}, claimed: map[string]bool{}}
	if spare != "" {
		var n [8]byte
		rand.Read(n[:])
		name := filepath.Join(parent, "."+base+".new-"+hex.EncodeToString(n[:]))
		if os.Rename(spare, name) == nil {
			w.tmp = name
			w.spareFiles = map[string]uint64{}
			filepath.WalkDir(name, func(p string, d fs.DirEntry, err error) error {
				if err != nil || p == name {
					return err
				}
				rel, _ := filepath.Rel(name, p)
				switch {
				case d.IsDir():
					w.made[rel] = true
					w.skeleton = append(w.skeleton, rel)
				case rel == ManifestFile:
				default:
					if info, err := d.Info(); err == nil && info.Mode().IsRegular() {
						w.spareFiles[filepath.ToSlash(rel)] = fileStamp(info).ino
					} else {
						os.Remove(p)
					}
				}
				return nil
			})
		}
	}
	if w.tmp == "" {
		if w.tmp, err = os.MkdirTemp(parent, "."+base+".new-"); err != nil {
			return nil, err
		}
	}
	tmp := w.tmp
	if err := os.Chmod(tmp, 0o755); err != nil {
		w.abort()
		return nil, err
	}
	writeStep("created")
	// A manifest first, which the new directory's final one replaces:
	// every directory a build leaves behind is marked as its own.
	if err := os.WriteFile(filepath.Join(tmp, ManifestFile), []byte(manifestHeader), 0o644); err != nil {
		w.abort()
		return nil, err
	}
	writeStep("manifest")
	if data, err := os.ReadFile(filepath.Join(target, ManifestFile)); err == nil && isManifest(data) {
		w.prev = manifestFiles(data)
	}
	return w, nil
}

// manifestFiles returns the digests of the files a manifest lists, by
// path (what readManifest reads of its "file" lines, without the rest).
func manifestFiles(data []byte) map[string]string {
	files := map[string]string{}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		rest, ok := bytes.CutPrefix(line, []byte("file\t"))
		if !ok {
			continue
		}
		name, sum, ok := bytes.Cut(rest, []byte("\t"))
		if ok && bytes.IndexByte(sum, '\t') < 0 {
			files[string(name)] = string(sum)
		}
	}
	return files
}

// put writes one file of the site (or links the previous build's, when
// its digest is the same and it is intact) and returns its digest; sum is
// the data's digest when the caller knows it, or "". It may be called from
// several goroutines.
func (w *dirWriter) put(name string, data []byte, sum string) (string, error) {
	full, err := w.path(name)
	if err != nil {
		return "", err
	}
	old := filepath.Join(w.target, filepath.FromSlash(name))
	if sum == "" && len(data) >= largeFile && w.prev[name] != "" {
		// A large file with the same bytes as the previous build's: the
		// bytes compared cost less than a digest. That file is linked;
		// its digest is the manifest's when its stamp says it is the one
		// the manifest describes, or else made.
		if _, known := w.stamps[name]; known {
			if prev := w.prev[name]; w.has(name, prev) && w.sameBytes(name, data) && w.linkOld(old, full, name) {
				return prev, nil
			}
		} else if w.sameBytes(name, data) && w.linkOld(old, full, name) {
			return digest(data), nil
		}
	}
	if sum == "" {
		sum = digest(data)
	}
	if w.has(name, sum) && w.linkOld(old, full, name) {
		return sum, nil
	}
	if err := w.clear(name, full); err != nil {
		return "", err
	}
	w.write(full, data)
	return sum, nil
}

// write writes data to the new file full, by a writer goroutine: the
// files are created while the others compute, by few goroutines, which
// spares the file system's locks on a directory fought over. An error is
// the build's at commit (flush).
func (w *dirWriter) write(full string, data []byte) {
	w.writerOnce.Do(func() {
		w.queue = make(chan writeJob, 64)
		for range writers {
			w.writers.Add(1)
			go func() {
				defer w.writers.Done()
				for j := range w.queue {
					if err := os.WriteFile(j.full, j.data, 0o644); err != nil {
						w.mu.Lock()
						if w.writeErr == nil {
							w.writeErr = err
						}
						w.mu.Unlock()
					}
				}
			}()
		}
	})
	w.queue <- writeJob{full, data}
}

// writers is how many goroutines create the new files: two, for a file
// system slow to find a new file's inode (one with many just deleted)
// keeps a second busy.
const writers = 2

// writeJob is a file for a writer goroutine to write.
type writeJob struct {
	full string
	data []byte
}

// flush waits for the writer goroutines to write what they were given,
// and returns the first error.
func (w *dirWriter) flush() error {
	w.writerOnce.Do(func() {}) // no writer to start from now on
	if w.queue != nil {
		close(w.queue)
		w.writers.Wait()
		w.queue = nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.writeErr
}

// clear removes the spare's file name (at full) from the new directory,
// if it is there and not yet claimed: a file of the new site is written
// anew, never into a file that may be the current site's, linked.
func (w *dirWriter) clear(name, full string) error {
	w.mu.Lock()
	_, there := w.spareFiles[name]
	delete(w.spareFiles, name)
	w.claimed[name] = true
	w.mu.Unlock()
	if there {
		if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// largeFile is the size from which put compares a file with the previous
// build's rather than making its digest.
const largeFile = 256 << 10

// sameBytes reports whether the previous build's file name holds data.
func (w *dirWriter) sameBytes(name string, data []byte) bool {
	full := filepath.Join(w.target, filepath.FromSlash(name))
	info, err := os.Lstat(full)
	if err != nil || info.Size() != int64(len(data)) {
		return false
	}
	old, err := os.ReadFile(full)
	return err == nil && bytes.Equal(old, data)
}

// linkOld links the previous build's file old to full, the file name of
// the new site, and notes that the new site's file is that one.
//
// When the new directory has the spare's file name, and that file is the
// previous build's (the same inode, which its stamp names), it is kept as
// it is; another file there is removed first.
func (w *dirWriter) linkOld(old, full, name string) bool {
	w.mu.Lock()
	ino, there := w.spareFiles[name]
	st, known := w.stamps[name]
	w.mu.Unlock()
	if there && known && ino == st.ino && st.ino != 0 {
		w.mu.Lock()
		delete(w.spareFiles, name)
		w.claimed[name] = true
		w.linked[name] = true
		w.mu.Unlock()
		return true
	}
	if w.clear(name, full) != nil || os.Link(old, full) != nil {
		return false
	}
	w.mu.Lock()
	w.linked[name] = true
	w.mu.Unlock()
	return true
}

// path returns where file name of the site goes in the new directory, its
// directory made.
func (w *dirWriter) path(name string) (string, error) {
	if !fs.ValidPath(name) || name == ManifestFile {
		return "", fmt.Errorf("write %q: not a path inside the site", name)
	}
	rel := filepath.FromSlash(name)
	if err := w.makeDir(filepath.Dir(rel)); err != nil {
		return "", err
	}
	return filepath.Join(w.tmp, rel), nil
}

// has reports whether the previous build's file name has the digest sum
// and is intact: what the new site may link.
func (w *dirWriter) has(name, sum string) bool {
	if sum == "" || w.prev[name] != sum {
		return false
	}
	w.mu.Lock()
	ok, done := w.intactFiles[name]
	w.mu.Unlock()
	if done {
		return ok
	}
	full := filepath.Join(w.target, filepath.FromSlash(name))
	info, err := os.Lstat(full)
	switch st, known := w.stamps[name]; {
	case err != nil || !info.Mode().IsRegular():
		ok = false
	case known:
		ok = fileStamp(info) == st
	default:
		data, err := os.ReadFile(full)
		ok = err == nil && digest(data) == sum
	}
	w.mu.Lock()
	w.intactFiles[name] = ok
	w.mu.Unlock()
	return ok
}

// link puts the previous build's file name, whose digest is sum, into the
// new site (has must have said it may).
func (w *dirWriter) link(name, sum string) error {
	full, err := w.path(name)
	if err != nil {
		return err
	}
	if !w.has(name, sum) {
		return fmt.Errorf("the previous build's %s changed", name)
	}
	if !w.linkOld(filepath.Join(w.target, filepath.FromSlash(name)), full, name) {
		return fmt.Errorf("linking the previous build's %s", name)
	}
	return nil
}

// old returns the bytes of the previous build's file name, when its
// digest is sum and it is intact.
func (w *dirWriter) old(name, sum string) ([]byte, bool) {
	if !w.has(name, sum) {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(w.target, filepath.FromSlash(name)))
	if err != nil || (w.stamps[name] == stamp{} && digest(data) != sum) {
		return nil, false
	}
	return data, true
}

// makeDir makes directory d of the site, once.
func (w *dirWriter) makeDir(d string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for p := d; !w.needed[p]; p = filepath.Dir(p) {
		w.needed[p] = true
	}
	if w.made[d] {
		return nil
	}
	if err := os.MkdirAll(filepath.Join(w.tmp, d), 0o755); err != nil {
		return err
	}
	w.made[d] = true
	return nil
}

// prune removes the files and directories the new directory had from
// the spare and the new site does not have.
func (w *dirWriter) prune() {
	w.mu.Lock()
	for name := range w.spareFiles {
		os.Remove(filepath.Join(w.tmp, filepath.FromSlash(name)))
	}
	w.spareFiles = nil
	w.mu.Unlock()
	dirs := slices.Clone(w.skeleton)
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) }) // the deepest first
	for _, d := range dirs {
		if !w.needed[d] {
			os.Remove(filepath.Join(w.tmp, d))
		}
	}
}

// recycle keeps the previous site, in old after the exchange, as the
// spare for the next build, which starts from it: its directories are
// there, and each of its files that the next site has unchanged (most:
// the very file, linked into the site built now) need not be linked
// again. Making a directory or a link costs more than moving the tree.
// When that fails, old is removed.
func (w *dirWriter) recycle(old string) error {
	if w.spare == "" {
		return removeTree(old)
	}
	if err := os.Rename(old, w.spare); err != nil {
		os.RemoveAll(w.spare) // another build's, or a damaged one
		return removeTree(old)
	}
	return nil
}

// abort removes the new directory: the target stays as it was.
func (w *dirWriter) abort() {
	w.flush()
	os.RemoveAll(w.tmp)
}

// commit writes the site's manifest and puts the new directory in the
// target's place.
func (w *dirWriter) commit(manifest []byte) (err error) {
	defer func() {
		if err != nil {
			w.abort()
		}
	}()
	if err := w.flush(); err != nil {
		return err
	}
	w.prune()
	if err := os.WriteFile(filepath.Join(w.tmp, ManifestFile), manifest, 0o644); err != nil {
		return err
	}
	writeStep("files")
	if _, err := os.Lstat(w.target); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(w.tmp, w.target); err != nil {
			return err
		}
		writeStep("swapped")
		return nil
	}
	if err := exchangeDirs(w.tmp, w.target); err != nil {
		return swapByRenames(w.tmp, w.target)
	}
	writeStep("swapped")
	// tmp now holds the previous site.
	if err := w.recycle(w.tmp); err != nil {
		return err
	}
	writeStep("removed")
	return nil
}

// removeTree removes the directory dir and what it holds, each directory
// of its top level by a goroutine of its own.
func removeTree(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return os.RemoveAll(dir)
	}
	var g errgroup.Group
	g.SetLimit(4)
	for _, e := range entries {
		if e.IsDir() {
			g.Go(func() error { return os.RemoveAll(filepath.Join(dir, e.Name())) })
		}
	}
	g.Wait()
	return os.RemoveAll(dir)
}

// leftover reports whether name, in the directory of the output target
// base, is a directory an earlier build left: ".public.new-…" or
// ".public.old-…".
func leftover(name, base string) bool {
	return strings.HasPrefix(name, "."+base+".new-") || strings.HasPrefix(name, "."+base+".old-")
}

// cleanLeftovers removes what builds that crashed left beside target: new
// directories never swapped in, old ones never removed. When target is
// missing and an old site was left moved aside (a crash in the middle of
// swapByRenames), that site is put back first. Only directories that
// carry a manifest, or hold nothing, are touched.
func cleanLeftovers(parent, base, target string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return err
	}
	_, statErr := os.Lstat(target)
	missing := errors.Is(statErr, fs.ErrNotExist)
	for _, e := range entries {
		if !e.IsDir() || !leftover(e.Name(), base) {
			continue
		}
		full := filepath.Join(parent, e.Name())
		owned, _ := ownDir(full)
		if !owned && !emptyDir(full) {
			continue
		}
		if missing && owned && strings.HasPrefix(e.Name(), "."+base+".old-") {
			if err := os.Rename(full, target); err != nil {
				return err
			}
			missing = false
			continue
		}
		if err := os.RemoveAll(full); err != nil {
			return err
		}
	}
	return nil
}

// emptyDir reports whether dir holds nothing.
func emptyDir(dir string) bool {
	entries, err := os.ReadDir(dir)
	return err == nil && len(entries) == 0
}

// swapByRenames replaces target by tmp in two renames, where the system
// cannot exchange them in one: target is moved aside (to a name the next
// build recognises), tmp moved in, and the old site removed.
func swapByRenames(tmp, target string) error {
	old := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".old-"+strings.TrimPrefix(filepath.Base(tmp), "."+filepath.Base(target)+".new-"))
	if err := os.Rename(target, old); err != nil {
		return err
	}
	writeStep("moved aside")
	if err := os.Rename(tmp, target); err != nil {
		os.Rename(old, target) // put the old site back
		return err
	}
	writeStep("swapped")
	if err := os.RemoveAll(old); err != nil {
		return err
	}
	writeStep("removed")
	return nil
}

// stampsOf returns the stamps of the files names (slash paths) of the
// site in dir, and of its manifest; nil if one cannot be read. A file
// same (by name) is the file of the stamp same has for it, linked: its
// stamp is that one.
func stampsOf(dir string, names []string, same func(name string) (stamp, bool)) map[string]stamp {
	stamps := make(map[string]stamp, len(names)+1)
	for _, name := range append(names, ManifestFile) {
		if st, ok := same(name); ok {
			stamps[name] = st
			continue
		}
		info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !info.Mode().IsRegular() {
			return nil
		}
		stamps[name] = fileStamp(info)
	}
	return stamps
}

// intactTree reports whether the site in dir holds exactly the files its
// manifest names (files, by digest), and its manifest, each as its build
// left it: with the stamp recorded then, when stamps has it, or else with
// the digest the manifest names.
func intactTree(dir string, files map[string]string, stamps map[string]stamp) bool {
	seen := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		sum, listed := files[name]
		if name == ManifestFile {
			listed = true
		}
		if !listed || !d.Type().IsRegular() {
			return errChanged
		}
		seen++
		if st, known := stamps[name]; known {
			info, err := d.Info()
			if err != nil || fileStamp(info) != st {
				return errChanged
			}
			return nil
		}
		if name == ManifestFile {
			return nil // read and compared by the caller
		}
		data, err := os.ReadFile(p)
		if err != nil || digest(data) != sum {
			return errChanged
		}
		return nil
	})
	_, hasManifest := files[ManifestFile]
	want := len(files) + 1
	if hasManifest {
		want--
	}
	return err == nil && seen == want
}

// errChanged stops a walk over a site that is not as its build left it.
var errChanged = errors.New("the site changed since it was built")

// sameStamp returns the stamp of the new site's file name when it is the
// previous build's, linked, and that build's stamp of it is known.
func (w *dirWriter) sameStamp(name string) (stamp, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	st, ok := w.stamps[name]
	return st, ok && w.linked[name]
}
