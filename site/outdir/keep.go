package outdir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Loss is a file of the publisher's in the output directory that the new
// site does not keep, and why.
type Loss struct {
	Name string // slash path inside the site; a directory ends in "/"
	Why  string
}

// Kept returns, after Commit, the files of the publisher's (those the
// previous build did not write: Options.Built) that the new site kept,
// and those it did not, each named once, in sorted order.
func (d *Dir) Kept() (kept []string, lost []Loss) {
	return slices.Sorted(slices.Values(d.kept)), slices.SortedFunc(slices.Values(d.lost), func(a, b Loss) int { return strings.Compare(a.Name, b.Name) })
}

// InPlace reports whether Commit wrote the site inside the output
// directory, one file at a time, because the directory itself could not
// be replaced (a mount point).
func (d *Dir) InPlace() bool { return d.inPlace }

// Unlisted returns the files of the site in dir that its manifest does
// not name (files, by slash path), which a build keeps as the
// publisher's; in sorted order.
func Unlisted(dir string, files map[string]string) []string {
	dir, err := realPath(dir)
	if err != nil {
		return nil
	}
	var list []string
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if name := filepath.ToSlash(rel); err == nil && name != Manifest {
			if _, listed := files[name]; !listed {
				list = append(list, name)
			}
		}
		return nil
	})
	return list
}

// keepTheirs takes into the new directory every file of the output
// directory that the previous build did not write (Options.Built): hard
// linked, or copied where it cannot be, a symbolic link as a link. A file
// where the new site has one of its own is not kept, and is named.
func (d *Dir) keepTheirs() error {
	if d.opt.Built == nil {
		return nil
	}
	builtDirs := map[string]bool{".": true}
	for name := range d.opt.Built {
		for dir := filepath.Dir(filepath.FromSlash(name)); !builtDirs[dir]; dir = filepath.Dir(dir) {
			builtDirs[dir] = true
		}
	}
	if _, err := os.Lstat(d.target); err != nil {
		return nil // no directory yet: nothing of the publisher's
	}
	return filepath.WalkDir(d.target, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(d.target, p)
		if err != nil || rel == "." {
			return err
		}
		name := filepath.ToSlash(rel)
		if _, built := d.opt.Built[name]; built || name == Manifest {
			return nil
		}
		dst := filepath.Join(d.tmp, rel)
		there, err := os.Lstat(dst)
		taken := err == nil && !(e.IsDir() && there.IsDir())
		if e.IsDir() {
			if taken {
				d.loseTree(p, name)
				return fs.SkipDir
			}
			if !builtDirs[rel] {
				return os.MkdirAll(dst, 0o755) // the publisher's, empty or not
			}
			return nil
		}
		if taken {
			d.lost = append(d.lost, Loss{name, "replaced by the new site's file of that name"})
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		switch t := e.Type(); {
		case t.IsRegular():
			if os.Link(p, dst) != nil {
				if err := copyFile(p, dst); err != nil {
					return err
				}
			}
		case t&fs.ModeSymlink != 0:
			to, err := os.Readlink(p)
			if err != nil {
				return err
			}
			if err := os.Symlink(to, dst); err != nil {
				return err
			}
		default:
			d.lost = append(d.lost, Loss{name, "not a regular file, a directory or a symbolic link: not kept"})
			return nil
		}
		d.kept = append(d.kept, name)
		return nil
	})
}

// loseTree names the publisher's files in the directory p (name in the
// site), which a file of the new site replaces.
func (d *Dir) loseTree(p, name string) {
	n := 0
	filepath.WalkDir(p, func(q string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			rel, _ := filepath.Rel(d.target, q)
			if _, built := d.opt.Built[filepath.ToSlash(rel)]; !built {
				n++
			}
		}
		return nil
	})
	d.lost = append(d.lost, Loss{name + "/", "replaced by the new site's file of that name, with the " + strconv.Itoa(n) + " " + plural(n, "file") + " in it"})
}

// copyFile copies the regular file src to dst, which must not exist,
// with its permissions.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, info.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeInside puts the new site into the target itself, where the
// directory cannot be replaced whole (a mount point): each file of the
// new site takes its old one's place in one rename, then the files and
// directories the new site does not have are removed, and the manifest
// is replaced last. A crash in the middle leaves each file old or new,
// and the next build writes what is not its own.
func (d *Dir) writeInside() error {
	newFiles, newDirs := map[string]bool{}, map[string]bool{".": true}
	kept := map[string]bool{}
	for _, name := range d.kept {
		kept[name] = true
	}
	err := filepath.WalkDir(d.tmp, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(d.tmp, p)
		if err != nil || rel == "." {
			return err
		}
		dst := filepath.Join(d.target, rel)
		if e.IsDir() {
			newDirs[rel] = true
			if info, err := os.Lstat(dst); err == nil && !info.IsDir() {
				if err := os.Remove(dst); err != nil {
					return err
				}
			}
			return os.MkdirAll(dst, 0o755)
		}
		name := filepath.ToSlash(rel)
		newFiles[name] = true
		if name == Manifest || kept[name] {
			return nil // last; already there
		}
		return replaceFile(p, dst, d.moveFile)
	})
	if err != nil {
		return err
	}
	err = filepath.WalkDir(d.target, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(d.target, p)
		if err != nil || rel == "." {
			return err
		}
		switch {
		case e.IsDir() && !newDirs[rel]:
			if err := os.RemoveAll(p); err != nil {
				return err
			}
			return fs.SkipDir
		case !e.IsDir() && !newFiles[filepath.ToSlash(rel)]:
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := replaceFile(filepath.Join(d.tmp, Manifest), filepath.Join(d.target, Manifest), d.moveFile); err != nil {
		return err
	}
	step("swapped")
	return os.RemoveAll(d.tmp)
}

// replaceFile puts the file src in dst's place in one step: renamed (by
// move), or, from another file system, copied beside dst first.
func replaceFile(src, dst string, move func(a, b string) error) error {
	if info, err := os.Lstat(dst); err == nil && info.IsDir() {
		if err := os.RemoveAll(dst); err != nil {
			return err
		}
	}
	err := move(src, dst)
	if err == nil || !errors.Is(err, syscall.EXDEV) {
		return err
	}
	var n [8]byte
	rand.Read(n[:])
	tmp := filepath.Join(filepath.Dir(dst), "."+filepath.Base(dst)+".new-"+hex.EncodeToString(n[:]))
	if err := copyFile(src, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
