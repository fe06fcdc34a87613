package site

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
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

// Cache keeps the figures of earlier builds in memory, so that a block
// whose inputs did not change is not computed, drawn and rendered again
// (serve rebuilds the site this way whenever a file changes). An entry is
// found by a digest of everything the figure comes from: the block's text
// and the position, roll and rules it reads, the page's language and
// place, the figure's number, whether the checker is on, the templates,
// and the program itself (Version) — a change to any of them misses. A
// Cache may be used by several builds at once.
//
// The command line keeps no such cache on disk: writing a file per
// figure costs more than computing the figure again.
type Cache struct {
	// Version names the program that computes the figures: an entry made
	// by another version is never used. NewCache sets it to
	// ExecutableVersion.
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

// NewCache returns an empty cache for the running program.
func NewCache() *Cache {
	return &Cache{Version: ExecutableVersion()}
}

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

// writeField writes s to h after its length, so that no two different
// lists of strings make the same digest.
func writeField(h hash.Hash, s string) {
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(s)))
	h.Write(n[:])
	h.Write([]byte(s))
}

// figureKey is the digest of what figure num of page p, for block blk
// written as n, comes from.
func (b *builder) figureKey(p *page, n *markdown.Figure, num int, blk *block.Block) string {
	h := sha256.New()
	field := func(s string) { writeField(h, s) }
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

// tableKey is the digest of what table num of page p, written as n, comes
// from: figureKey's inputs, with every row's position and profile.
func (b *builder) tableKey(p *page, n *markdown.Figure, num int, tab *block.Table) string {
	h := sha256.New()
	field := func(s string) {
		var n [4]byte
		binary.LittleEndian.PutUint32(n[:], uint32(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	field("nardydocs table 1")
	field(b.opt.Cache.Version)
	field(b.tmpl.Digest)
	field(string(p.lang))
	field(p.url())
	field(strconv.Itoa(num))
	field(n.Source)
	for _, r := range tab.Rows {
		field(engine.Code(r.Position, r.Dice, r.HasDice, r.Rules))
		field(r.Rules.Profile())
	}
	return hex.EncodeToString(h.Sum(nil)[:20])
}

// get returns the figure cached under key.
func (c *Cache) get(key string) (*cachedFigure, bool) {
	c.mu.Lock()
	f, ok := c.mem[key]
	c.mu.Unlock()
	if !ok {
		c.misses.Add(1)
	}
	return f, ok
}

// put keeps a figure under key.
func (c *Cache) put(key string, f *cachedFigure) {
	c.mu.Lock()
	if c.mem == nil {
		c.mem = map[string]*cachedFigure{}
	}
	c.mem[key] = f
	c.mu.Unlock()
}

// Fingerprint is a digest of everything a build with opt reads: the
// program (ExecutableVersion), the options, every file of the content
// directory and of the templates directory, and extra (what else the
// caller adds, such as the checker modules' key). Two builds with the
// same fingerprint make the same site, so the command line leaves a site
// whose manifest records it as it is (Unchanged). It fails when the
// content holds a symbolic link, which a build follows and the
// fingerprint would not.
func Fingerprint(opt Options, program, extra string) (string, error) {
	if opt.FS != nil {
		return "", errors.New("no fingerprint of content that is not a directory")
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
