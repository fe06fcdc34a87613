package site

import (
	"sync"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site/memo"
)

// With a memo, a page's front matter whose lines did not change is not
// read again (YAML is the read stage's slowest part): what it says is
// taken from the previous build's, kept as one memo value for all the
// pages (read once). A front matter with problems is never kept.

// frontMattersKey names, in the memo, the front matters of the previous
// build's pages, by the key of each one's inputs (frontMatterInput).
const frontMattersKey = "nardydocs front matters 2"

// frontMatterRecord is what a front matter says, as the memo keeps it
// (one without problems: never broken).
type frontMatterRecord struct {
	Title, Description string
	Order              int
	Game               engine.Game
	HasGame            bool
	Rules              engine.Rules
	RulesText          string
	RulesLine          int
	Sheet, Draft       bool
}

// frontMatterMemo holds the previous build's front matters and gathers
// this build's; its reader may be used from several goroutines at once.
type frontMatterMemo struct {
	m       *memo.Memo
	version string
	before  frontMatterBundle // read only
	mu      sync.Mutex
	after   frontMatterBundle
	fresh   bool // after has a record before has not
}

// newFrontMatterMemo returns the front matters the memo m has, or nil
// without a memo.
func newFrontMatterMemo(m *memo.Memo, version string) *frontMatterMemo {
	if m == nil {
		return nil
	}
	fm := &frontMatterMemo{m: m, version: version, after: frontMatterBundle{}}
	m.Get(frontMattersKey, &fm.before)
	return fm
}

// reader returns how the front matter of the file file, over the site's
// rules base, is read: from the memo when it has it (nil without one).
func (fm *frontMatterMemo) reader(file string, base engine.Rules) func(text []byte, errs *engine.ErrorList) frontMatter {
	if fm == nil {
		return nil
	}
	return func(text []byte, errs *engine.ErrorList) frontMatter {
		key, err := memoKey("front matter", &frontMatterInput{Version: fm.version, Text: text, Rules: profileOf(base)})
		if err != nil {
			return readFrontMatter(text, file, base, errs)
		}
		if rec, ok := fm.before[key]; ok {
			fm.keep(key, rec, false)
			return frontMatter{Title: rec.Title, Description: rec.Description, Order: rec.Order, Game: rec.Game, HasGame: rec.HasGame,
				Rules: rec.Rules, RulesText: rec.RulesText, RulesLine: rec.RulesLine, Sheet: rec.Sheet, Draft: rec.Draft}
		}
		before := len(*errs)
		f := readFrontMatter(text, file, base, errs)
		if len(*errs) == before && !f.broken {
			fm.keep(key, frontMatterRecord{Title: f.Title, Description: f.Description, Order: f.Order, Game: f.Game, HasGame: f.HasGame,
				Rules: f.Rules, RulesText: f.RulesText, RulesLine: f.RulesLine, Sheet: f.Sheet, Draft: f.Draft}, true)
		}
		return f
	}
}

// keep records the front matter of key for the next build.
func (fm *frontMatterMemo) keep(key string, rec frontMatterRecord, fresh bool) {
	fm.mu.Lock()
	fm.after[key] = rec
	fm.fresh = fm.fresh || fresh
	fm.mu.Unlock()
}

// save puts this build's front matters in the memo, when they are not
// the previous build's.
func (fm *frontMatterMemo) save() {
	if fm != nil && (fm.fresh || len(fm.after) != len(fm.before)) {
		fm.m.Put(frontMattersKey, fm.after)
	}
}

// frontMatterBundle is the front matters of a build's pages as the memo
// keeps them, by the key of each one's inputs. It has an encoding of its
// own (see record.go), read once with every build: its rules by their
// profile.
type frontMatterBundle map[string]frontMatterRecord

// frontMatterBundleVersion is the first byte of an encoded
// frontMatterBundle.
const frontMatterBundleVersion = 1

// MarshalBinary encodes the front matters, in the order of their keys.
func (b frontMatterBundle) MarshalBinary() ([]byte, error) {
	w := newRecordWriter(frontMatterBundleVersion, 256*len(b))
	w.count(len(b))
	for _, key := range sorted(b) {
		rec := b[key]
		w.string(key)
		w.string(rec.Title)
		w.string(rec.Description)
		w.int(rec.Order)
		w.int(int(rec.Game))
		w.bool(rec.HasGame)
		w.rules(rec.Rules)
		w.string(rec.RulesText)
		w.int(rec.RulesLine)
		w.bool(rec.Sheet)
		w.bool(rec.Draft)
	}
	return w.buf, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded; damaged data is an
// error, never a panic.
func (b *frontMatterBundle) UnmarshalBinary(data []byte) error {
	r := newRecordReader(data, frontMatterBundleVersion)
	n := r.count(12)
	out := make(frontMatterBundle, n)
	for range n {
		key := r.string()
		rec := frontMatterRecord{Title: r.string(), Description: r.string(), Order: r.int(), Game: engine.Game(r.int()), HasGame: r.bool(),
			Rules: r.rules(), RulesText: r.string(), RulesLine: r.int(), Sheet: r.bool(), Draft: r.bool()}
		if r.err != nil {
			break
		}
		out[key] = rec
	}
	if err := r.end(); err != nil {
		return err
	}
	*b = out
	return nil
}
