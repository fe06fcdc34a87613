package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/markdown"
)

// Cache keeps the figures of earlier builds, so that a block whose
// inputs did not change is not computed, drawn and rendered again. An
// entry is found by a digest of everything the figure comes from: the
// block's text and the position, roll and rules it reads, the page's
// language and place, the figure's number, whether the checker is on,
// the templates, and the program itself (Version) — a change to any of
// them misses. A Cache in memory serves the builds of one process
// (serve); one in a directory serves the builds of the command line.
// A Cache may be used by several builds at once.
type Cache struct {
	// Dir is the directory of the cache's files; empty keeps the cache in
	// memory.
	Dir string
	// Version names the program that computes the figures: an entry made
	// by another version is never used. NewCache sets it to the running
	// executable's path, size and time.
	Version string

	mu  sync.Mutex
	mem map[string]*cachedFigure
	// misses counts the figures computed because the cache did not have
	// them (for the tests).
	misses atomic.Int64
}

// cachedFigure is a figure as a cache keeps it.
type cachedFigure struct {
	html, svg []byte
	// tables and diagram are the digests of the figure's computed part
	// and diagram (Record.Tables, Record.Diagram).
	tables, diagram string
	rows            []string
	// claims holds, for each "expect:" claim of the block in order, what
	// the engine gives and whether the claim holds.
	claims []claimResult
}

type claimResult struct {
	got string
	ok  bool
}

// NewCache returns a cache in dir (in memory when dir is empty) for the
// running program.
func NewCache(dir string) *Cache {
	return &Cache{Dir: dir, Version: executableVersion()}
}

// executableVersion names the running executable by its path, size and
// modification time: a program built again is another version.
func executableVersion() string {
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

// figureKey is the digest of what figure num of page p, for block blk
// written as n, comes from.
func (b *builder) figureKey(p *page, n *markdown.Figure, num int, blk *block.Block) string {
	h := sha256.New()
	field := func(s string) {
		var n [4]byte
		binary.LittleEndian.PutUint32(n[:], uint32(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	field("nardydocs figure 1")
	field(b.opt.Cache.Version)
	field(b.tmpl.Digest)
	field(string(p.lang))
	field(p.url())
	field(strconv.Itoa(num))
	field(strconv.FormatBool(b.opt.Checker))
	field(n.Source)
	field(engine.Code(blk.Position, blk.Dice, blk.HasDice, blk.Rules))
	field(blk.Rules.Profile())
	return hex.EncodeToString(h.Sum(nil)[:20])
}

// get returns the figure cached under key.
func (c *Cache) get(key string) (f *cachedFigure, ok bool) {
	defer func() {
		if !ok {
			c.misses.Add(1)
		}
	}()
	c.mu.Lock()
	f, ok = c.mem[key]
	c.mu.Unlock()
	if ok || c.Dir == "" {
		return f, ok
	}
	data, err := os.ReadFile(c.file(key))
	if err == nil {
		f, err = decodeFigure(data)
	}
	return f, err == nil
}

// put keeps a figure under key. A cache in a directory writes a file of
// its own for it (a half-written file, from a build that crashed, is not
// read back: decodeFigure checks every length); a failure to write only
// means a later build computes it again.
func (c *Cache) put(key string, f *cachedFigure) {
	if c.Dir == "" {
		c.mu.Lock()
		if c.mem == nil {
			c.mem = map[string]*cachedFigure{}
		}
		c.mem[key] = f
		c.mu.Unlock()
		return
	}
	name := c.file(key)
	data := encodeFigure(f)
	if os.WriteFile(name, data, 0o644) == nil {
		return
	}
	if os.MkdirAll(filepath.Dir(name), 0o755) == nil {
		os.WriteFile(name, data, 0o644)
	}
}

// file returns the path of key's file in the cache directory.
func (c *Cache) file(key string) string {
	return filepath.Join(c.Dir, "figures", key[:2], key)
}

// figureMagic starts every file of the cache.
const figureMagic = "nardydocs figure 2\n"

// encodeFigure writes a figure as the bytes of its cache file: the magic
// line, then length-prefixed fields.
func encodeFigure(f *cachedFigure) []byte {
	var b bytes.Buffer
	b.WriteString(figureMagic)
	put := func(s []byte) {
		b.Write(binary.AppendUvarint(nil, uint64(len(s))))
		b.Write(s)
	}
	put(f.html)
	put(f.svg)
	put([]byte(f.tables))
	put([]byte(f.diagram))
	b.Write(binary.AppendUvarint(nil, uint64(len(f.rows))))
	for _, r := range f.rows {
		put([]byte(r))
	}
	b.Write(binary.AppendUvarint(nil, uint64(len(f.claims))))
	for _, c := range f.claims {
		put([]byte(c.got))
		if c.ok {
			b.WriteByte(1)
		} else {
			b.WriteByte(0)
		}
	}
	return b.Bytes()
}

// errBadEntry is what decodeFigure says of a file it cannot read.
var errBadEntry = errors.New("not a figure of the cache")

// decodeFigure reads a cache file written by encodeFigure.
func decodeFigure(data []byte) (*cachedFigure, error) {
	rest, ok := bytes.CutPrefix(data, []byte(figureMagic))
	if !ok {
		return nil, errBadEntry
	}
	bad := false
	num := func() int {
		n, k := binary.Uvarint(rest)
		if k <= 0 || n > uint64(len(data)) {
			bad = true
			return 0
		}
		rest = rest[k:]
		return int(n)
	}
	field := func() []byte {
		n := num()
		if bad || n > len(rest) {
			bad = true
			return nil
		}
		s := rest[:n:n]
		rest = rest[n:]
		return s
	}
	f := &cachedFigure{html: field(), svg: field(), tables: string(field()), diagram: string(field())}
	if len(f.svg) == 0 {
		f.svg = nil
	}
	for range num() {
		f.rows = append(f.rows, string(field()))
	}
	for range num() {
		got := string(field())
		if bad || len(rest) == 0 {
			bad = true
			break
		}
		f.claims = append(f.claims, claimResult{got: got, ok: rest[0] == 1})
		rest = rest[1:]
	}
	if bad || len(rest) != 0 {
		return nil, errBadEntry
	}
	return f, nil
}

// Fingerprint is a digest of everything a build with opt reads: the
// program (opt.Cache's Version), the options, every file of the content
// directory and of the templates directory, and extra (what else the
// caller adds, such as the checker modules' key). Two builds with the
// same fingerprint make the same site, so BuildTo may leave a site whose
// manifest records it as it is. It fails (and nothing is left as it is)
// when the content holds a symbolic link, which a build follows and the
// fingerprint would not.
func Fingerprint(opt Options, extra string) (string, error) {
	if opt.Cache == nil || opt.FS != nil {
		return "", errors.New("no fingerprint without a cache, or of content that is not a directory")
	}
	h := sha256.New()
	field := func(s string) {
		var n [4]byte
		binary.LittleEndian.PutUint32(n[:], uint32(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	content := opt.Content
	if content == "" {
		content = "content"
	}
	field("nardydocs input 1")
	field(opt.Cache.Version)
	field(extra)
	field(content)
	field(strings.Join(opt.Rules, "\x00"))
	field(opt.BaseURL)
	field(strconv.FormatBool(opt.Checker))
	field(opt.Templates)
	for _, dir := range []string{content, opt.Templates} {
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
			if d.IsDir() {
				return nil
			}
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			field(name)
			field(string(data))
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(opt.Files)) {
		field(name)
		field(string(opt.Files[name]))
	}
	return hex.EncodeToString(h.Sum(nil)[:20]), nil
}

// Unchanged returns the site in the directory out when its manifest
// records a build of the same fingerprint (and its counts); the site is
// then as BuildTo would make it again.
func Unchanged(out, fingerprint string) (*Site, bool) {
	if fingerprint == "" {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(out, ManifestFile))
	if err != nil || !isManifest(data) {
		return nil, false
	}
	m := readManifest(data)
	if m.input != fingerprint {
		return nil, false
	}
	return &Site{Pages: m.pages, Figures: m.figureCount, Digests: m.files, Input: fingerprint}, true
}
