// Package templates holds the site's page templates (html/template) and
// its stylesheet, embedded in the binary. A directory given at build time
// may override any of the files; the ru/uk string tables live in the
// subpackage i18n. The figures of the pages — a site has hundreds — are
// written by package site in Go, not from templates; style.css says how
// they look.
package templates

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

//go:embed *.html *.css *.js *.svg
var embedded embed.FS

// Names lists the template files, in the order they are parsed.
var Names = []string{"layout.html", "nav.html", "presets.html", "choose.html", "notfound.html", "error.html", "worksheet.html", "contents.html", "print.html", "notation.html", "game.html"}

// Retired lists the templates that are templates no more, with what
// replaced them: a directory that overrides one is refused, rather than
// silently ignored.
var Retired = map[string]string{
	"figure.html": "figures are written by nardydocs itself; style them in style.css",
	"table.html":  "tables of positions are written by nardydocs itself; style them in style.css",
}

// Static lists the files copied to the site's root unchanged.
var Static = []string{"style.css", "favicon.svg"}

// Scripts lists the site's own JavaScript, copied to the site's root when
// the move checker is built: only the few lines that load the checker's
// and the game's WebAssembly modules (everything else is Go).
var Scripts = []string{"checker.js", "game.js"}

// Set is a loaded set of templates and static files.
type Set struct {
	HTML    *template.Template
	Static  map[string][]byte
	Scripts map[string][]byte
	// Digest is a digest of every template's source as loaded: two sets
	// with the same Digest render alike.
	Digest string
}

var tmplErrLine = regexp.MustCompile(`^template: [^:]+:(\d+):(?:\d+:)? ?(.*)$`)

// Load reads the templates. Files present in dir (if dir is not empty)
// replace the embedded ones of the same name; funcs are made available to
// every template. A problem is an *engine.Error naming the file and,
// when known, the line.
func Load(dir string, funcs template.FuncMap) (*Set, error) {
	read := func(name string) ([]byte, string, error) {
		if dir != "" {
			p := filepath.Join(dir, name)
			data, err := os.ReadFile(p)
			if err == nil {
				return data, p, nil
			}
			if !errors.Is(err, fs.ErrNotExist) {
				return nil, p, err
			}
		}
		data, err := embedded.ReadFile(name)
		return data, "templates/" + name, err
	}
	if dir != "" {
		for name, why := range Retired {
			p := filepath.Join(dir, name)
			if _, err := os.Stat(p); err == nil {
				return nil, &engine.Error{Pos: engine.Pos{File: p}, Msg: "not a template any more: " + why}
			}
		}
	}
	set := &Set{HTML: template.New("").Funcs(funcs), Static: map[string][]byte{}, Scripts: map[string][]byte{}}
	h := sha256.New()
	for _, name := range Names {
		data, path, err := read(name)
		if err != nil {
			return nil, &engine.Error{Pos: engine.Pos{File: path}, Msg: err.Error()}
		}
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
		if _, err := set.HTML.New(name).Parse(string(data)); err != nil {
			fe := &engine.Error{Pos: engine.Pos{File: path}, Msg: err.Error()}
			if m := tmplErrLine.FindStringSubmatch(err.Error()); m != nil {
				fe.Pos.Line, _ = strconv.Atoi(m[1])
				fe.Msg = m[2]
			}
			return nil, fe
		}
	}
	for _, name := range Static {
		data, path, err := read(name)
		if err != nil {
			return nil, &engine.Error{Pos: engine.Pos{File: path}, Msg: err.Error()}
		}
		set.Static[name] = data
	}
	for _, name := range Scripts {
		data, path, err := read(name)
		if err != nil {
			return nil, &engine.Error{Pos: engine.Pos{File: path}, Msg: err.Error()}
		}
		set.Scripts[name] = data
	}
	set.Digest = hex.EncodeToString(h.Sum(nil)[:16])
	return set, nil
}
