// Package wasm provides the site's WebAssembly modules to a build:
// checker.wasm for the rule pages, checker-board.wasm for the standalone
// checker page, game.wasm for the game pages, and the Go toolchain's
// wasm_exec.js that loads them.
//
// The modules come, in this order of preference, from
//
//   - sources named by the caller (--source, $NARDYDOCS_SOURCE);
//   - the modules embedded in the binary (embedded/, written by make
//     wasm before make build and make release compile the command, and
//     never committed), compiled from the same sources: a build then
//     needs no Go toolchain and no time to compile;
//   - the sources the binary was built from, when they are on disk and
//     changed since the embedded modules were compiled (a checkout, go
//     run, go install ./cmd/nardydocs);
//   - the module cache, where go install module@version leaves them,
//     for a binary that embeds none.
//
// Sources are compiled with the Go toolchain (GOOS=js GOARCH=wasm), both
// modules at once, and the result is kept in a content-addressed cache:
// the key is a digest of the Go files of every package of this module
// the modules import, go.mod and go.sum, the Go version and the build's
// environment, so that a warm build runs no go command at all, and any
// change to what goes into a module compiles it again.
package wasm

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"go/build"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// Module is the import path of nardydocs, whose sources the modules are
// compiled from.
const Module = "github.com/nardydocs/nardydocs"

// The file names of the modules and their loader.
const (
	Checker = "checker.wasm"       // the rule pages' module
	Board   = "checker-board.wasm" // the standalone checker page's module
	Game    = "game.wasm"          // the game pages' module
	Exec    = "wasm_exec.js"       // the Go toolchain's loader
)

// packages maps each module's file name to its main package.
var packages = map[string]string{Checker: "./cmd/checker", Board: "./cmd/checker-board", Game: "./cmd/game"}

// Files are the modules and their loader, by file name (Checker, Board,
// Game, Exec), and each module gzipped (Checker+".gz", Board+".gz",
// Game+".gz") for hosts that serve precompressed files.
type Files map[string][]byte

// names lists the files of Files.
var names = []string{Checker, Checker + ".gz", Board, Board + ".gz", Game, Game + ".gz", Exec}

// embedded holds the modules compiled from this version of the sources
// (make wasm writes them, each uncompressed and gzipped, with the digest
// of the sources they were compiled from in sources.sum), so that a build
// needs no Go toolchain and no time to compile or uncompress them.
//
//go:embed embedded
var embedded embed.FS

// embeddedSum is the digest of the sources the embedded modules were
// compiled from ("" when there are none).
func embeddedSum() string {
	data, err := embedded.ReadFile("embedded/sources.sum")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// Options control where the modules come from.
type Options struct {
	// Source is a directory of the nardydocs sources to compile from,
	// before anything else; empty means none.
	Source string
	// CacheDir is where compiled modules are kept; empty means
	// os.UserCacheDir()/nardydocs.
	CacheDir string
	// NoCache compiles without reading or writing the cache.
	NoCache bool
	// Compiling, when set, is called once before the Go toolchain starts
	// compiling, which takes a while the first time.
	Compiling func()
}

// Get returns the modules: embedded, cached or compiled (see the package
// comment).
func Get(ctx context.Context, o Options) (Files, error) {
	src, err := o.source()
	if err != nil {
		return nil, err
	}
	if src == "" {
		return o.embedded()
	}
	return o.get(ctx, src)
}

// Modules are the files Get returns, to be read one at a time: a build
// copies them into its site without holding 14 MB in memory.
type Modules struct {
	names []string // sorted
	files Files    // the files, when they are in memory
	fsys  fs.FS    // or where they are read from
}

// Names returns the names of the files, sorted.
func (m *Modules) Names() []string { return slices.Clone(m.names) }

// Open opens the file name for reading.
func (m *Modules) Open(name string) (io.ReadCloser, error) {
	if m.files != nil {
		data, ok := m.files[name]
		if !ok {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return io.NopCloser(bytes.NewReader(data)), nil
	}
	return m.fsys.Open(name)
}

// Open returns the modules Get would return, as Modules: the embedded
// ones are read from the binary as they are copied; the others are in
// memory.
func Open(ctx context.Context, o Options) (*Modules, error) {
	src, err := o.source()
	if err != nil {
		return nil, err
	}
	if src != "" {
		f, err := o.get(ctx, src)
		if err != nil {
			return nil, err
		}
		return f.Modules(), nil
	}
	return openEmbedded()
}

// openEmbedded returns the embedded modules as Modules.
func openEmbedded() (*Modules, error) {
	fsys, err := fs.Sub(embedded, "embedded")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		if _, err := fs.Stat(fsys, name); err != nil {
			return nil, fmt.Errorf("the embedded modules: %w (make wasm writes them)", err)
		}
	}
	return &Modules{names: slices.Sorted(slices.Values(names)), fsys: fsys}, nil
}

// Modules returns f as Modules.
func (f Files) Modules() *Modules {
	return &Modules{names: slices.Sorted(maps.Keys(f)), files: f}
}

// get returns the modules compiled from src, from the cache when they are
// there.
func (o Options) get(ctx context.Context, src string) (Files, error) {
	goTool, err := findGo()
	if err != nil {
		return nil, err
	}
	key, err := cacheKeyMemo(src, goTool, o.memoDir())
	if err != nil {
		return nil, err
	}
	dir, err := o.cacheDir()
	if err != nil {
		return nil, err
	}
	if !o.NoCache {
		if f, ok := readCached(dir, key); ok {
			return f, nil
		}
	}
	if o.Compiling != nil {
		o.Compiling()
	}
	f, err := compile(ctx, src, goTool)
	if err != nil {
		return nil, err
	}
	if !o.NoCache {
		if err := writeCached(dir, key, f); err != nil {
			return nil, fmt.Errorf("keeping the compiled checker in %s: %w", dir, err)
		}
	}
	return f, nil
}

// Key names the modules Get would return, without reading or compiling
// them: the digest of their sources, or of the embedded modules.
func Key(o Options) (string, error) {
	src, err := o.source()
	if err != nil {
		return "", err
	}
	if src == "" {
		return "embedded " + embeddedSum(), nil
	}
	goTool, err := findGo()
	if err != nil {
		return "", err
	}
	return cacheKeyMemo(src, goTool, o.memoDir())
}

// source returns the sources the modules are compiled from, or "" for
// the embedded modules: those are used unless sources are named, or the
// sources this binary was built from are on disk and differ from the
// ones the embedded modules were compiled from (a change not yet
// compiled into them).
func (o Options) source() (string, error) {
	if o.Source != "" {
		if err := checkSource(o.Source); err != nil {
			return "", fmt.Errorf("--source %s: %w", o.Source, err)
		}
		return o.Source, nil
	}
	return o.sourceFor(embeddedSum())
}

// sourceFor is source for a binary whose embedded modules were compiled
// from the sources of digest sum ("" when it embeds none).
func (o Options) sourceFor(sum string) (string, error) {
	if sum == "" {
		return ownSource()
	}
	if src, ok := localSource(); ok {
		if d, err := sourceDigestMemo(src, o.memoDir()); err == nil && d != sum {
			return src, nil
		}
	}
	return "", nil
}

// cacheDir returns the directory of the cached modules.
func (o Options) cacheDir() (string, error) {
	dir := o.CacheDir
	if dir == "" {
		if env := os.Getenv("NARDYDOCS_CACHE"); env != "" {
			dir = env
		} else {
			user, err := os.UserCacheDir()
			if err != nil {
				return "", fmt.Errorf("no cache directory (%w): give --cache-dir or --no-cache", err)
			}
			dir = filepath.Join(user, "nardydocs")
		}
	}
	return filepath.Join(dir, "checker"), nil
}

// memoDir is where the digests of sources are remembered between runs
// (see sourceDigestMemo): "" with NoCache, or without a cache directory.
func (o Options) memoDir() string {
	if o.NoCache {
		return ""
	}
	dir, err := o.cacheDir()
	if err != nil {
		return ""
	}
	return dir
}

// embedded returns the embedded modules, each as it is served and
// gzipped: both are embedded, so that a build neither uncompresses nor
// compresses anything.
func (o Options) embedded() (Files, error) {
	f := Files{}
	for _, name := range names {
		data, err := embedded.ReadFile("embedded/" + name)
		if err != nil {
			return nil, fmt.Errorf("the embedded modules: %w (make wasm writes them)", err)
		}
		f[name] = data
	}
	return f, nil
}

// checkSource reports whether dir holds the nardydocs sources.
func checkSource(dir string) error {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return errors.New("not the nardydocs sources: no go.mod")
	}
	if p := modulePath(data); p != Module {
		return fmt.Errorf("not the nardydocs sources: go.mod declares %q", p)
	}
	return nil
}

// modulePath returns the module path a go.mod declares.
func modulePath(gomod []byte) string {
	for line := range strings.Lines(string(gomod)) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// ownSource finds the sources this binary was built from: the directory
// this file was compiled in (present for go run, go build and go install
// of a checkout), or else the module cache's copy of the binary's module
// version.
func ownSource() (string, error) {
	if src, ok := localSource(); ok {
		return src, nil
	}
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Path != Module || info.Main.Version == "" || info.Main.Version == "(devel)" {
		return "", errNoSource
	}
	goTool, err := findGo()
	if err != nil {
		return "", err
	}
	out, err := exec.Command(goTool, "mod", "download", "-json", Module+"@"+info.Main.Version).Output()
	if err != nil {
		return "", fmt.Errorf("fetching the sources of %s@%s to compile the move checker: %w", Module, info.Main.Version, err)
	}
	dir := jsonField(out, "Dir")
	if dir == "" || checkSource(dir) != nil {
		return "", fmt.Errorf("go mod download gave no sources of %s@%s", Module, info.Main.Version)
	}
	return dir, nil
}

// localSource returns the directory this file was compiled in, when it
// still holds the nardydocs sources (go run, go build and go install of a
// checkout; not a binary built with -trimpath).
func localSource() (string, bool) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", false
	}
	dir := filepath.Dir(filepath.Dir(filepath.Dir(file))) // internal/wasm/wasm.go → the module's root
	return dir, checkSource(dir) == nil
}

// errNoSource says what to do when no way to the modules is left.
var errNoSource = errors.New("the move checker is compiled from the nardydocs sources, and this binary has neither the compiled checker (a release binary from make release has it) nor the sources it was built from; " +
	"install with \"go install " + Module + "/cmd/nardydocs@latest\", give --source DIR (a checkout of nardydocs), or build without the checker (--no-checker)")

// jsonField returns the string value of a top-level field of a small JSON
// object as go mod download -json writes it (one field per line).
func jsonField(data []byte, name string) string {
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), `"`+name+`": "`); ok {
			v, _, _ := strings.Cut(rest, `"`)
			return strings.ReplaceAll(v, `\\`, `\`)
		}
	}
	return ""
}

// findGo returns the go command: the one on PATH, or the toolchain's own.
func findGo() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	return "", errors.New("the move checker is compiled with the Go toolchain, and no go command was found: install Go (https://go.dev/dl/), use a release binary, or build without the checker (--no-checker)")
}

// goRoot returns the GOROOT of the go command at goTool: the directory
// above its bin/.
func goRoot(goTool string) string {
	if real, err := filepath.EvalSymlinks(goTool); err == nil {
		goTool = real
	}
	return filepath.Dir(filepath.Dir(goTool))
}

// goVersion returns the version of the toolchain at root, from its VERSION
// file (without running it), or by asking the go command.
func goVersion(goTool string) (string, error) {
	if data, err := os.ReadFile(filepath.Join(goRoot(goTool), "VERSION")); err == nil {
		v, _, _ := strings.Cut(string(data), "\n")
		return v, nil
	}
	out, err := exec.Command(goTool, "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOVERSION: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// keyEnv lists the environment that changes what the go command builds.
var keyEnv = []string{"GOFLAGS", "GOEXPERIMENT", "GOWASM", "GOAMD64", "GOTOOLCHAIN"}

// cacheKey is the digest of everything that goes into the compiled
// modules: their sources (sourceDigest), the Go version and the
// environment that changes a build.
func cacheKey(src, goTool string) (string, error) {
	return cacheKeyMemo(src, goTool, "")
}

// cacheKeyMemo is cacheKey, with the sources' digest remembered in dir
// (see sourceDigestMemo).
func cacheKeyMemo(src, goTool, dir string) (string, error) {
	version, err := goVersion(goTool)
	if err != nil {
		return "", err
	}
	sum, err := sourceDigestMemo(src, dir)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "nardydocs checker 3\n%s\n%q\n%s\n", version, buildFlags, sum)
	for _, k := range keyEnv {
		fmt.Fprintf(h, "%s=%s\n", k, os.Getenv(k))
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// sourceDigest is the digest of the sources of the modules: go.mod,
// go.sum and every Go file (as compiled for js/wasm) of the packages of
// this module that the modules' main packages import, directly or not.
// What they do not import (the site generator, the command line, tests)
// does not change it.
func sourceDigest(src string) (string, error) {
	d, _, err := digestSources(src)
	return d, err
}

// digestSources returns sourceDigest(src) and the directories it read the
// packages from.
func digestSources(src string) (string, []string, error) {
	digestRuns.Add(1)
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = "js", "wasm"
	ctx.Dir = src
	// Each file is read once: what go/build reads for its imports is
	// what is digested.
	read := map[string][]byte{}
	ctx.OpenFile = func(name string) (io.ReadCloser, error) {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		read[name] = data
		return io.NopCloser(bytes.NewReader(data)), nil
	}
	seen := map[string]bool{}
	var files, dirs []string
	var walk func(dir string) error
	walk = func(dir string) error {
		if seen[dir] {
			return nil
		}
		seen[dir] = true
		dirs = append(dirs, dir)
		pkg, err := ctx.ImportDir(filepath.Join(src, filepath.FromSlash(dir)), 0)
		if err != nil {
			return fmt.Errorf("reading the sources of the move checker: %w", err)
		}
		for _, f := range pkg.GoFiles {
			files = append(files, path.Join(dir, f))
		}
		for _, imp := range pkg.Imports {
			if rest, ok := strings.CutPrefix(imp, Module+"/"); ok {
				if err := walk(rest); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, p := range slices.Sorted(maps.Values(packages)) {
		if err := walk(strings.TrimPrefix(p, "./")); err != nil {
			return "", nil, err
		}
	}
	slices.Sort(files)
	h := sha256.New()
	for _, f := range append([]string{"go.mod", "go.sum"}, files...) {
		name := filepath.Join(src, filepath.FromSlash(f))
		data, ok := read[name]
		if !ok {
			var err error
			if data, err = os.ReadFile(name); err != nil {
				return "", nil, err
			}
		}
		fmt.Fprintf(h, "%s %d\n", f, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), dirs, nil
}

// digestRuns counts the times the sources were read for their digest
// (for the tests).
var digestRuns atomic.Int64

// buildFlags are the go build flags of the modules. Our own packages are
// compiled without inlining: the rule pages' module is then 2.5 KB
// (gzipped) smaller, which keeps it within its budget of 1.30 times Go's
// floor (scripts/wasm-size), and a touch is still answered well within a
// frame.
var buildFlags = []string{"-trimpath", "-gcflags=github.com/nardydocs/nardydocs/...=-l", "-ldflags=-s -w"}

// compile builds both modules at once and reads the toolchain's loader.
func compile(ctx context.Context, src, goTool string) (Files, error) {
	tmp, err := os.MkdirTemp("", "nardydocs-checker-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	f := Files{}
	modules := slices.Sorted(maps.Keys(packages))
	results := make([][]byte, len(modules))
	var g errgroup.Group
	for i, name := range modules {
		g.Go(func() error {
			out := filepath.Join(tmp, name)
			cmd := exec.CommandContext(ctx, goTool, append(append([]string{"build"}, buildFlags...), "-o", out, packages[name])...)
			cmd.Dir = src
			cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("compiling the move checker (%s): %w\n%s", packages[name], err, stderr.String())
			}
			data, err := os.ReadFile(out)
			results[i] = data
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	for i, name := range modules {
		f[name] = results[i]
		f[name+".gz"] = gzipBest(results[i])
	}
	root := goRoot(goTool)
	for _, p := range []string{filepath.Join(root, "lib", "wasm", Exec), filepath.Join(root, "misc", "wasm", Exec)} {
		if data, err := os.ReadFile(p); err == nil {
			f[Exec] = data
			return f, nil
		}
	}
	return nil, fmt.Errorf("the Go toolchain in %s has no %s", root, Exec)
}

// gzipBest returns data gzipped as small as gzip makes it.
func gzipBest(data []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	return buf.Bytes()
}

// readCached returns the modules cached under key, when all are there.
func readCached(dir, key string) (Files, bool) {
	f := Files{}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, key, name))
		if err != nil {
			return nil, false
		}
		f[name] = data
	}
	return f, true
}

// writeCached keeps the modules under key: written into a new directory
// that is then renamed into place, so that a reader never sees half.
func writeCached(dir, key string, f Files) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(dir, ".new-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for name, data := range f {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, filepath.Join(dir, key)); err != nil && !errors.Is(err, fs.ErrExist) {
		if _, ok := readCached(dir, key); ok {
			return nil // another build kept the same modules first
		}
		return err
	}
	return nil
}
