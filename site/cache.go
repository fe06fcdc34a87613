package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing/fstest"
	"unsafe"

	"github.com/nardydocs/nardydocs/block"
	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/markdown"
)

// Cache keeps what earlier builds made, so that what did not change is
// not made again: a figure whose inputs did not change is not computed,
// drawn and rendered again, a page whose inputs did not change is not
// rendered again, nor a print document whose pages did not. Every entry
// is found by a digest of everything it comes from — for a figure, the
// block's text and the position, roll and rules it reads, the page's
// language and place, the figure's number, whether the checker is on, the
// templates, and the program itself (Version); for a page, its source,
// the site's configuration, where its links lead, its place in the print
// documents, and the layout around it as the page's own table of
// contents, neighbours and translations fill it in — so that a change to
// any of them misses. A Cache may be used by several builds at once.
//
// NewCache keeps the entries in memory (serve rebuilds the site this way
// whenever a file changes): a build drops what it did not use. A cache
// made by NewDiskCache keeps, between runs of the command line, not the
// files themselves but where they are in the site it built (the output
// directory is the cache): a page is linked from the previous build's
// directory, a figure's HTML read from the page it was on, when those
// files are still as that build left them (see the stamps in
// Cache.Unchanged).
type Cache struct {
	// Version names the program that computes the figures: an entry made
	// by another version is never used. NewCache sets it to
	// ExecutableVersion.
	Version string

	mu       sync.Mutex
	gen      int64 // the builds started
	mem      map[string]*cachedFigure
	pages    map[string]*cachedPage
	prints   map[string]*cachedPrint
	analyses map[string]*analysis
	lights   map[string]string // a disk cache's light analyses, encoded
	used     map[string]int64  // by key: the last build that used the entry

	// dir, for a cache kept on disk, is its directory; loaded names the
	// output directory whose record was read, stamps that record's
	// stamps of the site's files.
	dir        string
	loaded     string
	recordSize int
	stamps     map[string]stamp
	// moreKey and moreSums are the record's further files (see
	// Options.FilesKey).
	moreKey  string
	moreSums map[string]string
	// resolve reads bytes of the previous build's files (a disk cache's
	// locations), during a build into a directory.
	resolve func(location) ([]byte, bool)

	// misses counts the figures computed because the cache did not have
	// them, pageMisses the pages rendered (for the tests).
	misses, pageMisses atomic.Int64
}

// cachedFigure is a figure (or a table of positions) as a cache keeps it.
type cachedFigure struct {
	html, svg []byte
	// htmlAt is where html is in the previous build's output, when the
	// entry comes from a disk cache (html is then read from there); svgSum
	// is the digest of the standalone diagram (svg), linked from the
	// previous build when svg is not at hand.
	htmlAt location
	svgSum string
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

// location is a part of a file of the previous build: the n bytes at off
// of file, whose digest was sum.
type location struct {
	file, sum string
	off, n    int
}

// cachedFile is a file of the site as an entry keeps it: its bytes (in
// memory), or only its digest (on disk: the previous build's file is
// linked).
type cachedFile struct {
	name, sum string
	data      []byte
}

// cachedPage is a rendered page: its files (the page and its standalone
// diagrams), its figures' records, the figures and tables it shows (by
// key), and, for a page of a print document, its text there.
type cachedPage struct {
	files   []cachedFile
	records []Record
	keys    []string
	print   string
	printAt location
}

// cachedPrint is a print document and where each page's text is in it.
type cachedPrint struct {
	file   cachedFile
	bodies []location
}

// NewCache returns an empty cache in memory for the running program.
func NewCache() *Cache {
	return &Cache{Version: ExecutableVersion()}
}

// NewDiskCache returns a cache for the running program kept in the
// directory dir between runs: each output directory's record, read at the
// start of a build into it (BuildTo) and written at its end.
func NewDiskCache(dir string) *Cache {
	return &Cache{Version: ExecutableVersion(), dir: dir}
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

// begin starts a build with the cache: it returns the build's generation.
func (c *Cache) begin() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if c.used == nil {
		c.used = map[string]int64{}
		c.mem = map[string]*cachedFigure{}
		c.pages = map[string]*cachedPage{}
		c.prints = map[string]*cachedPrint{}
		c.analyses = map[string]*analysis{}
		c.lights = map[string]string{}
	}
	return c.gen
}

// onDisk reports whether the cache is kept on disk, where it keeps no
// file's bytes.
func (c *Cache) onDisk() bool { return c.dir != "" }

// sweep drops, after a build of generation g succeeded in memory, every
// entry no build since g used: the cache holds about one site.
func (c *Cache) sweep(g int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, at := range c.used {
		if at < g {
			delete(c.used, key)
			delete(c.mem, key)
			delete(c.pages, key)
			delete(c.prints, key)
			delete(c.analyses, key)
			delete(c.lights, key)
		}
	}
}

// use marks the entry under key as used by the current build; c.mu is
// held.
func (c *Cache) use(key string) { c.used[key] = c.gen }

// get returns the figure cached under key, its HTML at hand.
func (c *Cache) get(key string) (*cachedFigure, bool) {
	c.mu.Lock()
	f, ok := c.mem[key]
	if ok {
		c.use(key)
	}
	resolve := c.resolve
	c.mu.Unlock()
	if ok && f.html == nil {
		var data []byte
		if f.htmlAt.file != "" && resolve != nil {
			data, ok = resolve(f.htmlAt)
		} else {
			ok = false
		}
		if ok {
			g := *f
			g.html = data
			f = &g
		}
	}
	if !ok {
		c.misses.Add(1)
		return nil, false
	}
	return f, true
}

// put keeps a figure under key.
func (c *Cache) put(key string, f *cachedFigure) {
	c.mu.Lock()
	if c.mem == nil {
		c.mu.Unlock()
		c.begin()
		c.mu.Lock()
	}
	c.mem[key] = f
	c.use(key)
	c.mu.Unlock()
}

// page returns the page cached under key, and marks what it shows as
// used.
func (c *Cache) page(key string) *cachedPage {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.pages[key]
	if p != nil {
		for _, k := range p.keys {
			if _, ok := c.mem[k]; !ok {
				return nil // a figure it shows is gone
			}
		}
		c.use(key)
		for _, k := range p.keys {
			c.use(k)
		}
	}
	return p
}

// putPage keeps a rendered page under key.
func (c *Cache) putPage(key string, p *cachedPage) {
	c.mu.Lock()
	c.pages[key] = p
	c.use(key)
	c.mu.Unlock()
}

// print returns the print document cached under key.
func (c *Cache) print(key string) *cachedPrint {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.prints[key]
	if p != nil {
		c.use(key)
	}
	return p
}

// putPrint keeps a print document under key.
func (c *Cache) putPrint(key string, p *cachedPrint) {
	c.mu.Lock()
	c.prints[key] = p
	c.use(key)
	c.mu.Unlock()
}

// analysis returns a copy of the first pass's result cached under key,
// for the build to change as it goes.
func (c *Cache) analysis(key string) *analysis {
	c.mu.Lock()
	r := c.analyses[key]
	if r != nil {
		c.use(key)
	}
	c.mu.Unlock()
	if r == nil {
		return nil
	}
	cp := *r
	cp.hrefs = map[string]string{}
	cp.exercises = slices.Clone(r.exercises)
	return &cp
}

// putAnalysis keeps the first pass's result of a page under key (a copy:
// the build changes its own as it goes).
func (c *Cache) putAnalysis(key string, r *analysis) {
	cp := *r
	cp.hrefs = map[string]string{}
	cp.exercises = slices.Clone(r.exercises)
	c.mu.Lock()
	c.analyses[key] = &cp
	c.use(key)
	c.mu.Unlock()
}

// writeField writes s to h after its length, so that no two different
// lists of strings make the same digest.
func writeField(h hash.Hash, s string) {
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(s)))
	h.Write(n[:])
	h.Write(unsafe.Slice(unsafe.StringData(s), len(s))) // read, not kept: no copy
}

// bytesField returns data as a string to write with writeField, without
// copying it (it must not change while the field is written).
func bytesField(data []byte) string { return unsafe.String(unsafe.SliceData(data), len(data)) }

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
	key := hex.EncodeToString(h.Sum(nil)[:20])
	b.logKey(p, key)
	return key
}

// tableKey is the digest of what table num of page p, written as n, comes
// from: figureKey's inputs, with every row's position and profile.
func (b *builder) tableKey(p *page, n *markdown.Figure, num int, tab *block.Table) string {
	h := sha256.New()
	field := func(s string) { writeField(h, s) }
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
	key := hex.EncodeToString(h.Sum(nil)[:20])
	b.logKey(p, key)
	return key
}

// logKey notes that page p shows the figure or table cached under key.
func (b *builder) logKey(p *page, key string) {
	b.keyMu.Lock()
	b.keyLog[p.url()] = append(b.keyLog[p.url()], key)
	b.keyMu.Unlock()
}

// takeKeys returns the keys logKey noted for page p, and forgets them.
func (b *builder) takeKeys(p *page) []string {
	b.keyMu.Lock()
	defer b.keyMu.Unlock()
	keys := b.keyLog[p.url()]
	delete(b.keyLog, p.url())
	return keys
}

// analysisKey is the digest of what the first pass over page i reads:
// the page, its place, the configuration it reads its rules from, whether
// the templates loaded and the checker is on, the program.
func (b *builder) analysisKey(i int) string {
	p := b.pages[i]
	h := sha256.New()
	field := func(s string) { writeField(h, s) }
	field("nardydocs analysis 1")
	field(b.opt.Cache.Version)
	field(strconv.FormatBool(b.tmpl != nil))
	field(strconv.FormatBool(b.opt.Checker))
	field(b.cfg.Rules.Profile())
	field(strconv.Itoa(i))
	field(p.file)
	field(p.key())
	field(bytesField(p.src))
	fm := p.fm
	field(fm.Title + "\x00" + fm.Description + "\x00" + strconv.Itoa(fm.Order) + "\x00" + fm.Game.String() + "\x00" + fm.RulesText)
	field(strconv.FormatBool(fm.HasGame) + strconv.FormatBool(fm.Sheet) + strconv.FormatBool(fm.broken))
	field(fm.Rules.Profile())
	return hex.EncodeToString(h.Sum(nil)[:20])
}

// pageKey is the digest of what page i, rendered, comes from: its source
// and place, what the site's configuration, templates and program make of
// it, where its links lead, its place in a print document, and v, the
// layout's data (its content and table of contents left out: the
// navigation, whose digest is in the key, makes the latter).
func (b *builder) pageKey(i int, v pageView) string {
	p := b.pages[i]
	h := sha256.New()
	field := func(s string) { writeField(h, s) }
	field("nardydocs page 1")
	field(b.opt.Cache.Version)
	field(b.tmpl.Digest)
	field(strconv.FormatBool(b.opt.Checker))
	field(b.cfg.BaseURL)
	field(b.cfg.Rules.Profile())
	field(p.fm.Rules.Profile())
	field(strconv.Itoa(i))
	field(strconv.FormatBool(b.nav.inPrint[i]))
	field(p.file)
	field(p.key())
	field(bytesField(p.src))
	hrefs := b.res[i].hrefs
	for _, k := range slices.Sorted(maps.Keys(hrefs)) {
		field(k)
		field(hrefs[k])
	}
	field(b.navDigest())
	v.Content, v.Nav = "", ""
	digestValue(field, reflect.ValueOf(v))
	return hex.EncodeToString(h.Sum(nil)[:20])
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
	field(opt.Templates)
	var files fstest.MapFS
	if keep {
		files = fstest.MapFS{}
	}
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
			rel := "."
			if keep && k == 0 {
				r, err := filepath.Rel(dir, name)
				if err != nil {
					return err
				}
				rel = filepath.ToSlash(r)
			}
			if d.IsDir() {
				if keep && k == 0 && rel != "." {
					files[rel] = &fstest.MapFile{Mode: fs.ModeDir | 0o755}
				}
				return nil
			}
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			field(name)
			field(bytesField(data))
			if keep && k == 0 {
				files[rel] = &fstest.MapFile{Data: data, Mode: 0o644}
			}
			return nil
		})
		if err != nil {
			return "", nil, err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(opt.Files)) {
		field(name)
		field(bytesField(opt.Files[name]))
	}
	return hex.EncodeToString(h.Sum(nil)[:20]), files, nil
}

// Unchanged returns the site in the directory out when its manifest
// records a build of the same fingerprint (and its counts), and every file
// of it is still as that build wrote it (its digest the one the manifest
// names, no file missing or added); the site is then as BuildTo would
// make it again.
func Unchanged(out, fingerprint string) (*Site, bool) {
	return unchanged(out, fingerprint, nil)
}

// Unchanged is the function Unchanged with the cache's record of the
// site in out: a file is still as its build wrote it when its stamp
// (size, modification and change times, inode) is the one recorded at the
// end of that build, which takes no reading of the files.
func (c *Cache) Unchanged(out, fingerprint string) (*Site, bool) {
	if c.onDisk() {
		if target, err := realPath(out); err == nil {
			c.load(target)
		}
	}
	c.mu.Lock()
	stamps := c.stamps
	c.mu.Unlock()
	return unchanged(out, fingerprint, stamps)
}

// unchanged is Unchanged with the stamps of out's files, if known.
func unchanged(out, fingerprint string, stamps map[string]stamp) (*Site, bool) {
	if fingerprint == "" {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(out, ManifestFile))
	if err != nil || !isManifest(data) {
		return nil, false
	}
	if head := data[:min(len(data), len(manifestHeader)+len(fingerprint)+16)]; !bytes.Contains(head, []byte("\ninput\t"+fingerprint+"\n")) {
		return nil, false // another input: the rest need not be read
	}
	m := readManifest(data)
	if m.input != fingerprint || !intactTree(out, m.files, stamps) {
		return nil, false
	}
	return &Site{Pages: m.pages, Figures: m.figureCount, Digests: m.files, Input: fingerprint}, true
}

// digestValue writes v to a digest, whole: every field of a struct (its
// unexported ones too), every element, a map in the order of its keys. A
// field added to a view later is in its digest without anyone having to
// remember it.
func digestValue(field func(string), v reflect.Value) {
	var buf [24]byte
	num := func(tag byte, n int64) {
		field(string(strconv.AppendInt(append(buf[:0], tag), n, 10)))
	}
	switch v.Kind() {
	case reflect.String:
		field("s")
		field(v.String())
	case reflect.Bool:
		if v.Bool() {
			field("t")
		} else {
			field("f")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		num('i', v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		field(string(strconv.AppendUint(append(buf[:0], 'u'), v.Uint(), 10)))
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			field("nil")
			return
		}
		num('[', int64(v.Len()))
		for k := range v.Len() {
			digestValue(field, v.Index(k))
		}
	case reflect.Map:
		if v.IsNil() {
			field("nil")
			return
		}
		// The keys in the order of what they write.
		type keyed struct {
			k    reflect.Value
			text string
		}
		keys := make([]keyed, 0, v.Len())
		for _, k := range v.MapKeys() {
			var x strings.Builder
			digestValue(func(s string) { x.WriteString(s); x.WriteByte(0) }, k)
			keys = append(keys, keyed{k, x.String()})
		}
		slices.SortFunc(keys, func(a, b keyed) int { return strings.Compare(a.text, b.text) })
		num('{', int64(len(keys)))
		for _, k := range keys {
			digestValue(field, k.k)
			digestValue(field, v.MapIndex(k.k))
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			field("nil")
			return
		}
		field("&")
		digestValue(field, v.Elem())
	case reflect.Struct:
		num('(', int64(v.NumField()))
		for k := range v.NumField() {
			digestValue(field, v.Field(k))
		}
	default:
		panic("site: no digest of a " + v.Kind().String())
	}
}

// navDigest is the digest of the site's navigation (the table of
// contents, the reading order, which generated pages exist) and of the
// pages' addresses: what a generated page's table of contents and links
// come from.
func (b *builder) navDigest() string {
	b.navOnce.Do(func() {
		h := sha256.New()
		field := func(s string) { writeField(h, s) }
		field("nardydocs navigation 1")
		digestValue(field, reflect.ValueOf(b.nav))
		for _, p := range b.pages {
			field(p.key())
		}
		b.navSum = hex.EncodeToString(h.Sum(nil)[:20])
	})
	return b.navSum
}

// generatedKey is the digest of what the site's generated pages of one
// kind come from: the program, the templates, the configuration, the
// checker, the navigation, and what more writes; "" when more holds what
// digestValue cannot write.
func (b *builder) generatedKey(kind string, more func(field func(string))) (key string) {
	defer func() {
		if recover() != nil {
			key = "" // what digestValue cannot write: no cache
		}
	}()
	h := sha256.New()
	field := func(s string) { writeField(h, s) }
	field("nardydocs generated 1")
	field(kind)
	field(b.opt.Cache.Version)
	field(b.tmpl.Digest)
	field(strconv.FormatBool(b.opt.Checker))
	field(b.cfg.BaseURL)
	field(b.cfg.Rules.Profile())
	field(b.navDigest())
	if more != nil {
		more(field)
	}
	return hex.EncodeToString(h.Sum(nil)[:20])
}

// generated runs make, which hands generated pages to the output, unless
// the cache has what it handed over when what they come from (key) was
// the same: those files are then handed over again, or linked.
func (b *builder) generated(key string, make func() error) error {
	c := b.opt.Cache
	if c == nil || key == "" {
		return make()
	}
	if ent := c.page(key); ent != nil && b.reuseFiles(ent.files) {
		return nil
	}
	b.outMu.Lock()
	b.capture = &[]cachedFile{}
	b.outMu.Unlock()
	err := make()
	b.outMu.Lock()
	files := *b.capture
	b.capture = nil
	b.outMu.Unlock()
	if err != nil {
		return err
	}
	if c.onDisk() {
		for k := range files {
			files[k].data = nil
		}
	}
	c.putPage(key, &cachedPage{files: files})
	return nil
}

// reuseFiles hands files, as a cache entry has them, to the output, or
// reports false, having handed nothing, when one is neither at hand nor in
// the previous build as that build left it.
func (b *builder) reuseFiles(files []cachedFile) bool {
	l, linking := b.previous()
	for _, f := range files {
		if f.data == nil && (!linking || !l.has(f.name, f.sum)) {
			return false
		}
	}
	for _, f := range files {
		var err error
		if f.data != nil {
			_, err = b.emitSum(f.name, f.data, f.sum)
		} else {
			err = b.emitLink(l, f.name, f.sum)
		}
		if err != nil {
			return false
		}
	}
	return true
}

// lightAnalysis is what a disk cache keeps of the first pass over a page
// that had no problems: all of what analysis holds but the blocks and
// tables, which a build reads again if it renders the page again (a page
// taken from the cache needs them not), and the links' destinations in
// the site, which each build finds anew. An exercise is kept as its
// figure, its game and a digest of its block.
type lightAnalysis struct {
	ids       map[string]bool
	links     []link
	figures   int
	script    string
	editor    bool
	exercises []lightExercise
	figs      []figureFacts
	prose     string
	sections  []navItem
}

// lightExercise is an exercise as a lightAnalysis keeps it.
type lightExercise struct {
	fig    int
	game   engine.Game
	digest string
}

// exerciseDigest is a digest of an exercise's block, as read: what a
// worksheet shows of it.
func exerciseDigest(e exercise) (sum string, err error) {
	defer func() {
		if recover() != nil {
			sum, err = "", errCodec
		}
	}()
	h := sha256.New()
	digestValue(func(s string) { writeField(h, s) }, reflect.ValueOf(e.blk))
	return hex.EncodeToString(h.Sum(nil)[:20]), nil
}

// light returns what a disk cache keeps of r, or false when it keeps
// nothing of it.
func light(r *analysis) (*lightAnalysis, bool) {
	if len(r.errs) > 0 {
		return nil, false
	}
	l := &lightAnalysis{ids: r.ids, links: r.links, figures: r.figures, script: r.script, editor: r.editor, figs: r.figs, prose: r.prose, sections: r.sections}
	for _, e := range r.exercises {
		sum, err := exerciseDigest(e)
		if err != nil {
			return nil, false
		}
		l.exercises = append(l.exercises, lightExercise{fig: e.fig, game: e.blk.Position.Game, digest: sum})
	}
	return l, true
}

// analysis returns the first pass's result l stands for, on page i: its
// blocks not read, each exercise's block only its game.
func (l *lightAnalysis) analysis(i int) *analysis {
	r := &analysis{ids: l.ids, links: l.links, figures: l.figures, script: l.script, editor: l.editor, figs: l.figs, prose: l.prose, sections: l.sections,
		hrefs: map[string]string{}, tables: map[int]*block.Table{}}
	for _, e := range l.exercises {
		r.exercises = append(r.exercises, exercise{page: i, fig: e.fig, blk: &block.Block{Position: engine.Position{Game: e.game}}})
	}
	return r
}

// lightFor returns the cached light analysis under key.
func (c *Cache) lightFor(key string) *lightAnalysis {
	c.mu.Lock()
	data, ok := c.lights[key]
	if ok {
		c.use(key)
	}
	c.mu.Unlock()
	if !ok {
		return nil
	}
	l := &lightAnalysis{}
	if decoded(data, l) != nil {
		return nil
	}
	return l
}

// putLight keeps a light analysis under key.
func (c *Cache) putLight(key string, l *lightAnalysis) {
	data, err := encoded(l)
	if err != nil {
		return
	}
	c.mu.Lock()
	c.lights[key] = data
	c.use(key)
	c.mu.Unlock()
}
