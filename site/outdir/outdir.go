// Package outdir writes a built site into its output directory
// atomically: the files go into a new directory beside it, which then
// takes its place in one step, so that the directory always holds either
// the previous site or the new one, complete.
//
// A directory the package wrote is marked as its own by the site's
// manifest (Manifest, starting with Header); Check refuses to write
// anywhere else without force, and never into the content directory or
// around it. A file of the new site whose bytes are those of the previous
// build's, still as that build left it (its Stamp), is hard-linked from it
// rather than written again; and with Options.Spare the previous site is
// kept after the swap as the start of the next build, whose unchanged
// files then need no new link at all.
//
// Large files written from a reader (PutFrom, CopyFrom: the checker's
// modules) go past the page cache on Linux (O_DIRECT, see
// direct_linux.go), where the file system takes it.
//
// The one-step swap is renameat2(RENAME_EXCHANGE) on Linux and
// renamex_np(RENAME_SWAP) on macOS. Elsewhere, and on file systems
// without it, the directory is moved aside and the new one moved in: a
// crash between the two leaves the old site beside it, and the next Open
// puts it back before anything else.
package outdir

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/cespare/xxhash/v2"
	"golang.org/x/sync/errgroup"
)

// Manifest is the file every built site holds at its root: what the build
// wrote (the site writes it: see Dir.Commit). It marks the directory as
// nardydocs' own.
const Manifest = ".nardydocs-manifest"

// Header is the first line of a manifest.
const Header = "# nardydocs: what each file and figure of this build holds\n"

// Digest is the digest of a file of a site, as manifests name it: its
// 64-bit xxHash (XXH64) in hex. A digest tells a file from its previous
// version and from the file a memo expects, not from a file made to
// collide with it, so it need not be cryptographic; XXH64 digests a
// page some seven times as fast as SHA-256 (10 GB/s against 1.4 GB/s with
// SHA-NI), which took a tenth of a large site's build.
func Digest(data []byte) string { return hexDigest(xxhash.Sum64(data)) }

// DigestFrom is the Digest of what r reads.
func DigestFrom(r io.Reader) (string, error) {
	h := xxhash.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hexDigest(h.Sum64()), nil
}

// DigestKind names the function Digest is, in manifests: a manifest that
// names another (or none: an older version's) has digests this build
// cannot compare with its own.
const DigestKind = "xxh64"

// hexDigest writes a digest as 16 hex digits.
func hexDigest(sum uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], sum)
	return hex.EncodeToString(b[:])
}

// Error is a directory a build may not write into, and why.
type Error struct {
	Dir     string // the directory as given
	Problem string
}

func (e *Error) Error() string { return e.Dir + ": " + e.Problem }

// Check reports whether dir may receive a build of the content directory
// content, before anything is built or touched. A build writes only into
// a directory that is absent, empty, or marked as nardydocs' own by a
// previous build (its manifest). It refuses a regular file, the content
// directory, any directory inside it and any directory that contains it
// (the project's root among them), and a directory that holds other
// files, unless force is set — force never allows the content directory,
// its inside or its ancestors. A symbolic link is judged by the
// directory it points to. A refusal is an *Error.
func Check(dir, content string, force int) error {
	out, err := realPath(dir)
	if err != nil {
		return err
	}
	src, err := realPath(content)
	if err != nil {
		return err
	}
	refuse := func(format string, args ...any) error {
		return &Error{Dir: dir, Problem: fmt.Sprintf(format, args...)}
	}
	if within(src, out) {
		return refuse("it holds the content directory %s; the build replaces the whole output directory, so choose another (for example \"public\")", content)
	}
	if within(out, src) {
		return refuse("it is inside the content directory %s; choose a directory outside it (for example \"public\")", content)
	}
	info, err := os.Stat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.IsDir():
		return refuse("it is a file, not a directory")
	}
	if Owned(out) {
		return nil
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return err
	}
	if len(entries) > 0 && force < 1 {
		return refuse("the directory holds files nardydocs did not write (%s); the build would replace them all. Choose another directory, empty it, or give --force", entries[0].Name())
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && force < 2 {
			return refuse("the directory holds %s, which the build would remove with everything else in it; choose another directory, or give --force twice (--force --force) to replace it all the same", e.Name())
		}
	}
	return nil
}

// Displaced lists what a forced build into dir would remove: each entry
// of a directory that is not a build's own, a directory with the number
// of files it holds ("docs/ (12 files)"), in sorted order; nil for a
// build's own directory, an empty or a missing one.
func Displaced(dir string) []string {
	out, err := realPath(dir)
	if err != nil || Owned(out) {
		return nil
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return nil
	}
	var list []string
	for _, e := range entries {
		if !e.IsDir() {
			list = append(list, e.Name())
			continue
		}
		n := 0
		filepath.WalkDir(filepath.Join(out, e.Name()), func(_ string, f fs.DirEntry, err error) error {
			if err == nil && !f.IsDir() {
				n++
			}
			return nil
		})
		list = append(list, fmt.Sprintf("%s/ (%d %s)", e.Name(), n, plural(n, "file")))
	}
	return list
}

// plural returns noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// Owned reports whether dir holds the manifest of a build.
func Owned(dir string) bool {
	data, err := ReadManifest(dir)
	return err == nil && data != nil
}

// ReadManifest returns the manifest of the site in dir; nil, and no
// error, when dir holds none (or a file of that name that is not one).
func ReadManifest(dir string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(dir, Manifest))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case !bytes.HasPrefix(data, []byte(Header)):
		return nil, nil
	}
	return data, nil
}

// realPath returns the absolute path of name with every symbolic link
// resolved, also when name (or a directory at its end) does not exist yet,
// and when it is a link to a directory that does not exist yet (a
// dangling link): that directory is the path.
func realPath(name string) (string, error) {
	return realPathN(name, 0)
}

// RealPath returns the directory a build into dir writes: dir made
// absolute, with every symbolic link resolved, a dangling one too.
func RealPath(dir string) (string, error) { return realPath(dir) }

// maxLinks is how many dangling links realPath follows, one to another,
// before it calls them a loop.
const maxLinks = 40

func realPathN(name string, links int) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	var rest []string
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		} else if strings.Contains(err.Error(), "too many links") {
			return "", &Error{Dir: name, Problem: "its symbolic links make a loop"}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if info, err := os.Lstat(p); err == nil && info.Mode()&fs.ModeSymlink != 0 {
			to, err := os.Readlink(p)
			if err != nil {
				return "", err
			}
			if links >= maxLinks {
				return "", &Error{Dir: name, Problem: "its symbolic links make a loop"}
			}
			if !filepath.IsAbs(to) {
				to = filepath.Join(filepath.Dir(p), to)
			}
			return realPathN(filepath.Join(append([]string{to}, rest...)...), links+1)
		}
		if filepath.Dir(p) == p {
			return abs, nil
		}
		rest = append([]string{filepath.Base(p)}, rest...)
	}
}

// Within reports whether path is dir or inside it, both made absolute
// with every symbolic link resolved.
func Within(path, dir string) bool {
	p, err := realPath(path)
	if err != nil {
		return false
	}
	d, err := realPath(dir)
	return err == nil && within(p, d)
}

// within reports whether path is dir or inside it (both absolute and
// clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Stamp is what a file of a built site looked like when its build ended:
// its size, modification time, inode and change time. A file with the
// stamp its build recorded is still the file that build wrote: an edit
// that keeps the size and sets the modification time back still changes
// the change time, which no program can set back. (Linking the file into
// the next build changes it too: a build takes the stamps of its files
// once it is done.)
type Stamp struct {
	Size, MTime int64
	Ino         uint64
	// CTime is the change time where the system tells it (Unix), else 0.
	CTime int64
}

// Stamps are the stamps of a built site's files, by slash path, its
// manifest's among them.
type Stamps map[string]Stamp

// Options say what a Dir knows of the site now in its directory.
type Options struct {
	// Files are the digests (Digest) of the previous build's files, by
	// slash path, as its manifest names them: a new file with the same
	// digest is linked from there, when it is intact.
	Files map[string]string
	// Stamps, when known, are the stamps of the previous build's files
	// as it left them (what Commit returned): a file is intact when its
	// stamp is the same. Without them, a file is intact when its bytes
	// are the ones its digest names.
	Stamps Stamps
	// Spare, when set, is where the previous site is kept after the
	// swap, for the next build to start from: its directories are there,
	// and each of its files the next site has unchanged is the very file
	// already. It should be on the output directory's file system.
	Spare string
	// Built, when set, names the files the previous build wrote, by
	// slash path, as its manifest does (the values are not read): every
	// other file of the output directory was put there by the publisher
	// after that build (a CNAME, a folder) and is kept in the new site,
	// unless the new site has a file of its name (see Dir.Kept). Nil
	// keeps nothing: the whole directory is replaced.
	Built map[string]string
}

// Dir is a site being written into a new directory beside its target
// (see the package comment). Its methods may be called from several
// goroutines, but Commit and Abort only once, after the others.
type Dir struct {
	target, tmp string
	opt         Options
	mu          sync.Mutex
	made        map[string]bool // directories made
	needed      map[string]bool // directories the new site has
	intact      map[string]bool // previous files checked: still as built
	linked      map[string]bool // files of the new site linked from the previous
	placed      map[string]bool // files of the new site, put or kept
	// skeleton lists the directories the new directory had from the
	// spare; spareFiles the files it had from there, until claimed (kept
	// when the very file of the previous site, else removed); reused the
	// files kept so, whose stamps are the previous build's (stamps reads
	// them no second time).
	skeleton   []string
	spareFiles map[string]bool
	reused     map[string]bool
	// spareRead is closed when the spare's files are listed (fromSpare
	// lists them in the background); until then only that goroutine
	// touches made, skeleton and spareFiles.
	spareRead chan struct{}
	// foreign is set when the target held files, and no manifest, when
	// the Dir was opened (a forced build): the old directory is removed,
	// never kept as the spare.
	foreign bool
	// kept lists the publisher's files taken into the new site, lost
	// those it did not take (Kept); inPlace is set when the site was
	// written inside the target (InPlace).
	kept    []string
	lost    []Loss
	inPlace bool
	// How the directories and files are swapped and moved: exchangeDirs,
	// os.Rename; the tests replace them to try a mount point, which
	// cannot be renamed, and a file system other than the output's.
	exchange, renameTarget, moveFile func(a, b string) error
	// The writer goroutines and what they are given (see write).
	writerOnce sync.Once
	queue      chan writeJob
	writers    sync.WaitGroup
	writeErr   error
}

// exchangeDirs swaps two directories in one step (exchange); the tests
// replace it to try the fallback.
var exchangeDirs = exchange

// step is called after each step of writing a site with the step's
// name; the tests replace it to crash the program between steps.
var step = func(name string) {}

// Open prepares the new directory of the site at dir: leftovers of
// crashed builds removed, the directory made (or taken from the spare)
// and marked as a build's own. When dir is a symbolic link, the directory
// it points to is the one replaced, and the link stays.
func Open(dir string, o Options) (*Dir, error) {
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
	step("cleaned")
	d := &Dir{target: target, opt: o, made: map[string]bool{".": true}, needed: map[string]bool{".": true},
		intact: map[string]bool{}, linked: map[string]bool{}, placed: map[string]bool{}, reused: map[string]bool{},
		exchange: exchangeDirs, renameTarget: os.Rename, moveFile: os.Rename}
	if _, err := os.Stat(target); err == nil {
		d.foreign = !Owned(target) && !emptyDir(target)
	}
	if o.Spare != "" {
		d.fromSpare(parent, base)
	}
	if d.tmp == "" {
		if d.tmp, err = os.MkdirTemp(parent, "."+base+".new-"); err != nil {
			return nil, err
		}
	}
	register(d)
	if err := os.Chmod(d.tmp, 0o755); err != nil {
		d.Abort()
		return nil, err
	}
	step("created")
	// A manifest first, which the final one replaces: every directory a
	// build leaves behind is marked as its own. The spare is already, by
	// the manifest of the build it was the site of.
	if d.spareRead == nil || !Owned(d.tmp) {
		if err := os.WriteFile(filepath.Join(d.tmp, Manifest), []byte(Header), 0o644); err != nil {
			d.Abort()
			return nil, err
		}
	}
	step("manifest")
	return d, nil
}

// fromSpare takes the spare, if there is one, as the new directory.
func (d *Dir) fromSpare(parent, base string) {
	var n [8]byte
	rand.Read(n[:])
	name := filepath.Join(parent, "."+base+".new-"+hex.EncodeToString(n[:]))
	if os.Rename(d.opt.Spare, name) != nil {
		return
	}
	d.tmp = name
	d.spareFiles = map[string]bool{}
	// Listed while the build computes its first files (see waitSpare).
	d.spareRead = make(chan struct{})
	go d.listSpare(name)
}

// listSpare lists the files and directories of the spare, taken as the
// new directory name.
func (d *Dir) listSpare(name string) {
	defer close(d.spareRead)
	filepath.WalkDir(name, func(p string, e fs.DirEntry, err error) error {
		if err != nil || p == name {
			return err
		}
		rel, _ := filepath.Rel(name, p)
		switch {
		case e.IsDir():
			d.made[rel] = true
			d.skeleton = append(d.skeleton, rel)
		case rel == Manifest:
		default:
			// Which file it is is looked up when a file of the new site
			// claims it (linkOld), by the goroutine that builds that file.
			if e.Type().IsRegular() {
				d.spareFiles[filepath.ToSlash(rel)] = true
			} else {
				os.Remove(p)
			}
		}
		return nil
	})
}

// waitSpare waits until the spare's files are listed, if a spare was
// taken.
func (d *Dir) waitSpare() {
	if d.spareRead != nil {
		<-d.spareRead
	}
}

// Target returns the directory the site replaces, every symbolic link
// resolved.
func (d *Dir) Target() string { return d.target }

// Put adds the file name (a slash path) to the new site: data, whose
// digest is sum. The previous build's file is linked instead when it has
// the same digest and is intact; otherwise data is written, by a writer
// goroutine (an error then is Commit's).
func (d *Dir) Put(name string, data []byte, sum string) error {
	full, kept, err := d.start(name, sum, data)
	if err != nil || kept {
		return err
	}
	d.write(full, data)
	return nil
}

// PutFrom is Put for a file read from r (its digest sum must be given):
// the file is written at once, by the calling goroutine, as r gives it,
// without holding all of it in memory.
func (d *Dir) PutFrom(name string, r io.Reader, sum string) error {
	full, kept, err := d.start(name, sum, nil)
	if err != nil || kept {
		return err
	}
	return copyNew(full, r)
}

// CopyFrom is PutFrom for a file whose digest is not known beforehand:
// it is computed as r gives the file, which is written at once, and
// returned. Without a digest to compare, the previous build's file is
// never taken in its place, so CopyFrom is for a file the previous build
// has no digest of (Previous reports ""): it spares reading r twice.
func (d *Dir) CopyFrom(name string, r io.Reader) (string, error) {
	full, _, err := d.start(name, "", nil)
	if err != nil {
		return "", err
	}
	h := xxhash.New()
	if err := copyNew(full, io.TeeReader(r, h)); err != nil {
		return "", err
	}
	return hexDigest(h.Sum64()), nil
}

// Previous returns the digest of the previous build's file name that
// Options.Files gives, "" for none.
func (d *Dir) Previous(name string) string { return d.opt.Files[name] }

// start claims the name of a file of the new site, of digest sum (and,
// when they are at hand, bytes data), and returns its path in the new
// directory: kept when the previous build's file is linked there, else
// cleared for the file to be written.
func (d *Dir) start(name, sum string, data []byte) (full string, kept bool, err error) {
	full, err = d.path(name)
	if err != nil {
		return "", false, err
	}
	if !d.place(name) {
		return "", false, fmt.Errorf("two files of the site would be %s", name)
	}
	if sum != "" && d.opt.Files[name] == sum && (d.keepSpare(name, full) || d.isIntact(name, sum, data) && d.linkOld(name, full)) {
		return full, true, nil
	}
	return full, false, d.clear(name, full)
}

// Keep takes the previous build's file name, whose digest is sum, into
// the new site as it is, and reports whether it could: the file must be
// there, with that digest, intact.
func (d *Dir) Keep(name, sum string) bool {
	full, err := d.path(name)
	if err != nil || sum == "" || d.opt.Files[name] != sum {
		return false
	}
	if !d.place(name) {
		return false
	}
	if d.keepSpare(name, full) {
		return true
	}
	if !d.isIntact(name, sum, nil) || !d.linkOld(name, full) {
		d.mu.Lock()
		delete(d.placed, name)
		d.mu.Unlock()
		return false
	}
	return true
}

// place claims the name of a file of the new site: it reports false when
// the name is taken.
func (d *Dir) place(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.placed[name] {
		return false
	}
	d.placed[name] = true
	return true
}

// path returns where file name of the site goes in the new directory, its
// directory made.
func (d *Dir) path(name string) (string, error) {
	if !fs.ValidPath(name) || name == "." || name == Manifest {
		return "", fmt.Errorf("the file %q would lie outside the site", name)
	}
	d.waitSpare()
	rel := filepath.FromSlash(name)
	if err := d.makeDir(filepath.Dir(rel)); err != nil {
		return "", err
	}
	return filepath.Join(d.tmp, rel), nil
}

// makeDir makes directory dir of the site, once.
func (d *Dir) makeDir(dir string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for p := dir; !d.needed[p]; p = filepath.Dir(p) {
		d.needed[p] = true
	}
	if d.made[dir] {
		return nil
	}
	done, err := writing()
	defer done()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(d.tmp, dir), 0o755); err != nil {
		return err
	}
	d.made[dir] = true
	return nil
}

// isIntact reports whether the previous build's file name, whose
// manifest digest is sum, is still as that build left it: its stamp the
// recorded one, or, without stamps, its bytes data (or, without data,
// bytes of digest sum).
func (d *Dir) isIntact(name, sum string, data []byte) bool {
	d.mu.Lock()
	ok, done := d.intact[name]
	d.mu.Unlock()
	if done {
		return ok
	}
	old := filepath.Join(d.target, filepath.FromSlash(name))
	info, err := os.Lstat(old)
	switch st, known := d.opt.Stamps[name]; {
	case err != nil || !info.Mode().IsRegular():
		ok = false
	case known:
		ok = stampOf(info) == st
	case data != nil:
		ok = info.Size() == int64(len(data))
		if ok {
			prev, err := os.ReadFile(old)
			ok = err == nil && bytes.Equal(prev, data)
		}
	default:
		prev, err := os.ReadFile(old)
		ok = err == nil && Digest(prev) == sum
	}
	d.mu.Lock()
	d.intact[name] = ok
	d.mu.Unlock()
	return ok
}

// keepSpare keeps the spare's file name, at full in the new directory,
// when it is the previous build's file as that build left it: its stamp
// (inode and change time among it) the recorded one. It is then the
// output's file too, unchanged: a file of the output changed, replaced
// or removed since changes the change time of the inode both share, or
// is another inode.
func (d *Dir) keepSpare(name, full string) bool {
	d.mu.Lock()
	there := d.spareFiles[name]
	st, known := d.opt.Stamps[name]
	d.mu.Unlock()
	if !there || !known || st.Ino == 0 {
		return false
	}
	info, err := os.Lstat(full)
	if err != nil || !info.Mode().IsRegular() || stampOf(info) != st {
		return false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.spareFiles[name] {
		return false // claimed meanwhile
	}
	delete(d.spareFiles, name)
	d.linked[name] = true
	d.reused[name] = true
	return true
}

// linkOld puts the previous build's file name into the new directory at
// full, and reports whether it could. When the new directory has the
// spare's file of that name and it is the previous build's (its stamp,
// the inode among it, is the one the previous build recorded), it is
// kept as it is; another file there is removed first.
func (d *Dir) linkOld(name, full string) bool {
	if d.keepSpare(name, full) {
		return true
	}
	if d.clear(name, full) != nil {
		return false
	}
	done, err := writing()
	defer done()
	if err != nil {
		return false
	}
	if err := os.Link(filepath.Join(d.target, filepath.FromSlash(name)), full); err != nil {
		return false // the file is written instead
	}
	d.mu.Lock()
	d.linked[name] = true
	d.mu.Unlock()
	return true
}

// clear removes the spare's file name (at full) from the new directory,
// if it is there and not yet claimed: a file of the new site is written
// anew, never into a file that may be the current site's, linked.
func (d *Dir) clear(name, full string) error {
	d.mu.Lock()
	_, there := d.spareFiles[name]
	delete(d.spareFiles, name)
	d.mu.Unlock()
	if there {
		if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	} else if info, err := os.Lstat(full); err == nil && info.IsDir() && len(d.skeleton) > 0 {
		// The spare had a directory where the new site has this file
		// (one made by hand in the site): nothing of it is the new site's.
		if err := os.RemoveAll(full); err != nil {
			return err
		}
	}
	return nil
}

// writers is how many goroutines create the new files: a few, which
// spares the file system's locks on a directory fought over, while the
// build goes on computing.
const writers = 2

// writeJob is a file for a writer goroutine to write.
type writeJob struct {
	full string
	data []byte
}

// write writes data to the new file full, by a writer goroutine. An
// error is Commit's.
func (d *Dir) write(full string, data []byte) {
	d.writerOnce.Do(func() {
		d.queue = make(chan writeJob, 64)
		for range writers {
			d.writers.Add(1)
			go func() {
				defer d.writers.Done()
				for j := range d.queue {
					if err := writeNew(j.full, j.data); err != nil {
						d.mu.Lock()
						if d.writeErr == nil {
							d.writeErr = err
						}
						d.mu.Unlock()
					}
				}
			}()
		}
	})
	d.queue <- writeJob{full, data}
}

// writeNew writes data into the file full, which must not exist: never
// into a file that may be linked from the previous site.
func writeNew(full string, data []byte) error {
	return createNew(full, func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
}

// createNew creates the file full, which must not exist, and has write
// fill it.
func createNew(full string, write func(*os.File) error) error {
	done, err := writing()
	defer done()
	if err != nil {
		return err
	}
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// copyNew writes what r gives into the file full, which must not exist:
// a large file, which PutFrom and CopyFrom are for, past the page cache
// where the system can (copyDirect).
func copyNew(full string, r io.Reader) error {
	done, err := writing()
	if err != nil {
		done()
		return err
	}
	ok, err := copyDirect(full, r)
	done()
	if ok {
		return err
	}
	return createNew(full, func(f *os.File) error {
		// In pieces of 256 KB (the file's own ReadFrom would take 32 KB).
		_, err := io.CopyBuffer(struct{ io.Writer }{f}, r, make([]byte, 256<<10))
		return err
	})
}

// flush waits for the writer goroutines to write what they were given,
// and returns the first error.
func (d *Dir) flush() error {
	d.writerOnce.Do(func() {}) // no writer to start from now on
	if d.queue != nil {
		close(d.queue)
		d.writers.Wait()
		d.queue = nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.writeErr
}

// prune removes the files and directories the new directory had from
// the spare and the new site does not have.
func (d *Dir) prune() {
	d.waitSpare()
	d.mu.Lock()
	for name := range d.spareFiles {
		os.Remove(filepath.Join(d.tmp, filepath.FromSlash(name)))
	}
	d.spareFiles = nil
	d.mu.Unlock()
	dirs := slices.Clone(d.skeleton)
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) }) // the deepest first
	for _, dir := range dirs {
		full := filepath.Join(d.tmp, dir)
		if info, err := os.Lstat(full); !d.needed[dir] && err == nil && info.IsDir() { // not a file now in its place
			os.Remove(full)
		}
	}
}

// Abort removes the new directory: the target stays as it was.
func (d *Dir) Abort() {
	d.waitSpare()
	d.flush()
	os.RemoveAll(d.tmp)
	unregister(d)
}

// Restamped returns, after Abort, the stamps of the previous build's
// files (Options.Stamps) with the change times this build gave the files
// it checked and linked: linking a file, and removing the link, changes
// its change time, and a failed build must not make the next one write
// them again. A file not linked, or changed otherwise, keeps its stamp.
func (d *Dir) Restamped() Stamps {
	st := maps.Clone(d.opt.Stamps)
	d.mu.Lock()
	defer d.mu.Unlock()
	for name := range d.linked {
		old, known := st[name]
		info, err := os.Lstat(filepath.Join(d.target, filepath.FromSlash(name)))
		if !known || err != nil {
			continue
		}
		if now := stampOf(info); now.Size == old.Size && now.MTime == old.MTime && now.Ino == old.Ino {
			st[name] = now
		}
	}
	return st
}

// Commit writes the site's manifest and puts the new directory in the
// target's place, and returns the stamps of the new site's files (its
// manifest among them), for the next build's Options.Stamps; nil when
// one could not be read. After an error, the target is as it was.
func (d *Dir) Commit(manifest []byte) (Stamps, error) {
	if err := d.commit(manifest); err != nil {
		d.Abort()
		return nil, err
	}
	return d.stamps(), nil
}

func (d *Dir) commit(manifest []byte) error {
	if err := d.flush(); err != nil {
		return err
	}
	d.prune()
	// From here until the site is in its place, Stop waits.
	done, err := writing()
	if err != nil {
		return err
	}
	swapped := false
	release := sync.OnceFunc(func() {
		if swapped {
			unregister(d) // the new directory is the site now
		}
		done()
	})
	defer release()
	if err := d.keepTheirs(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(d.tmp, Manifest), manifest, 0o644); err != nil {
		return err
	}
	step("files")
	if _, err := os.Lstat(d.target); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(d.tmp, d.target); err != nil {
			return err
		}
		swapped = true
		step("swapped")
		return nil
	}
	if err := d.exchange(d.tmp, d.target); err != nil {
		err = swapByRenames(d.tmp, d.target, d.renameTarget)
		if errors.Is(err, syscall.EBUSY) {
			// A mount point cannot be renamed: the site is written
			// inside it, each file replaced in one step.
			d.inPlace = true
			swapped = true
			return d.writeInside()
		}
		swapped = err == nil
		return err
	}
	swapped = true
	release()
	step("swapped")
	// tmp now holds the previous site: the next build's spare, or gone
	// (always, when it was not a build's: nothing of it is kept). The
	// publisher's files are in the new site, or gone, and nowhere else.
	for _, name := range d.kept {
		os.Remove(filepath.Join(d.tmp, filepath.FromSlash(name)))
	}
	for _, l := range d.lost {
		os.RemoveAll(filepath.Join(d.tmp, filepath.FromSlash(strings.TrimSuffix(l.Name, "/"))))
	}
	if d.foreign || d.opt.Spare == "" || os.Rename(d.tmp, d.opt.Spare) != nil {
		os.RemoveAll(d.opt.Spare) // another build's, or a damaged one
		if err := removeTree(d.tmp); err != nil {
			return err
		}
	}
	step("removed")
	return nil
}

// stamps returns the stamps of the site now in the target, as it is
// once written: linking a file changes its change time.
func (d *Dir) stamps() Stamps {
	st := Stamps{}
	err := filepath.WalkDir(d.target, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(d.target, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		if d.reused[name] {
			st[name] = d.opt.Stamps[name] // the very file, as this build found it
			return nil
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		st[name] = stampOf(info)
		return nil
	})
	if err != nil {
		return nil
	}
	return st
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
	if err := g.Wait(); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// Clean removes what builds that crashed left beside the output directory
// dir (see Open), for a build that leaves the site as it is.
func Clean(dir string) error {
	target, err := realPath(dir)
	if err != nil {
		return err
	}
	return cleanLeftovers(filepath.Dir(target), filepath.Base(target), target)
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
		owned := Owned(full)
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
// build recognises, by renameTarget), tmp moved in, and the old site
// removed.
func swapByRenames(tmp, target string, renameTarget func(a, b string) error) error {
	old := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".old-"+strings.TrimPrefix(filepath.Base(tmp), "."+filepath.Base(target)+".new-"))
	if err := renameTarget(target, old); err != nil {
		return err
	}
	step("moved aside")
	if err := os.Rename(tmp, target); err != nil {
		if rerr := os.Rename(old, target); rerr != nil { // put the old site back
			return fmt.Errorf("%w; and putting the previous site back: %w", err, rerr)
		}
		return err
	}
	step("swapped")
	if err := os.RemoveAll(old); err != nil {
		return err
	}
	step("removed")
	return nil
}

// Intact reports whether the site in dir holds every file its manifest
// names (files: digests by slash path) and the manifest, each as its
// build left it: with its stamp in stamps, when that has it, or else with
// the digest the manifest names. Other files are the publisher's, which
// a build keeps: they do not count.
func Intact(dir string, files map[string]string, stamps Stamps) bool {
	dir, err := realPath(dir) // a link to the site: the site
	if err != nil {
		return false
	}
	seen := 0
	err = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		sum, listed := files[name]
		if name == Manifest {
			listed = true
		}
		if !listed {
			return nil // the publisher's, kept by the build
		}
		if !e.Type().IsRegular() {
			return errChanged
		}
		seen++
		if st, known := stamps[name]; known {
			info, err := e.Info()
			if err != nil || stampOf(info) != st {
				return errChanged
			}
			return nil
		}
		if name == Manifest {
			return nil // read and compared by the caller
		}
		data, err := os.ReadFile(p)
		if err != nil || Digest(data) != sum {
			return errChanged
		}
		return nil
	})
	want := len(files) + 1
	if _, listed := files[Manifest]; listed {
		want--
	}
	return err == nil && seen == want
}

// errChanged stops a walk over a site that is not as its build left it.
var errChanged = errors.New("the site changed since it was built")
