// Package serve serves a site built in memory while its author edits it:
// every change under the content (or templates) directory builds it
// again, through the pipeline of package site and an in-memory memo, and
// the pages open in a browser reload.
package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/site"
	"github.com/nardydocs/nardydocs/site/memo"
	"github.com/nardydocs/nardydocs/site/outdir"
)

// Server serves a site built in memory and rebuilds it whenever a file
// under the content or templates directory changes; the pages a browser
// shows reload when a build is done. While the content has errors, every
// page shows them instead of stale content.
type Server struct {
	opt site.Options
	log io.Writer

	mu      sync.RWMutex
	site    *site.Site
	err     error
	version int                    // counts the builds, for the pages' reloads
	zipped  map[string]*servedFile // files of the current build, as served
}

// servedFile is a file of the current build with its validator and, for
// text, its gzip form, made on first request.
type servedFile struct {
	etag string
	once sync.Once
	gz   []byte
}

// New builds the site once and returns a server for it. A build keeps
// what it computed in a memo in memory (unless opt.Memo is one already),
// so that the next one computes only what a change touched.
func New(ctx context.Context, opt site.Options, log io.Writer) *Server {
	mimeTypes()
	if opt.Memo == nil {
		opt.Memo = memo.New()
	}
	s := &Server{opt: opt, log: log}
	s.rebuild(ctx)
	return s
}

// rebuild builds the site again, keeps the result (or the errors) and
// tells the pages open in browsers to reload.
func (s *Server) rebuild(ctx context.Context) {
	start := time.Now()
	var previous map[string][]byte
	s.mu.RLock()
	if s.site != nil {
		previous = s.site.Files
	}
	s.mu.RUnlock()
	out := site.NewMemory(previous)
	built, err := site.BuildTo(ctx, s.opt, out)
	if err == nil {
		built.Files = out.Files()
		s.opt.Memo.Save()
	}
	s.mu.Lock()
	s.site, s.err = built, err
	s.version++
	s.zipped = map[string]*servedFile{}
	s.mu.Unlock()
	if err != nil {
		io.WriteString(s.log, "build failed:\n"+s.relative(err)+"\n")
		return
	}
	for _, w := range built.Warnings {
		io.WriteString(s.log, site.WarningLine(w)+"\n")
	}
	io.WriteString(s.log, "built "+strconv.Itoa(built.Pages)+" pages in "+time.Since(start).Round(time.Millisecond).String()+"\n")
}

// Watch rebuilds the site whenever a file under the content directory
// (or the templates directory) changes, until ctx ends. Changes that come
// together (an editor saving several files) make one build.
func (s *Server) Watch(ctx context.Context) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	for _, dir := range []string{s.opt.Content, s.opt.Templates} {
		if dir != "" {
			if err := watchTree(w, dir); err != nil {
				return err
			}
		}
	}
	const settle = 50 * time.Millisecond
	var pending <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ev.Has(fsnotify.Create) {
				if info, err := os.Stat(ev.Name); err == nil && info.IsDir() {
					watchTree(w, ev.Name)
				}
			}
			pending = time.After(settle)
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			io.WriteString(s.log, "watching the content: "+err.Error()+"\n")
		case <-pending:
			pending = nil
			s.rebuild(ctx)
		}
	}
}

// watchTree watches dir and every directory under it.
func watchTree(w *fsnotify.Watcher, dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return w.Add(p)
		}
		return nil
	})
}

// reloadPath is where the server answers with its own files, outside the
// site: the live-reload script and the number of the current build.
const reloadPath = "/_nardydocs/"

// reloadScript reloads the page when the server has a build other than
// the one the page came from (its script tag's data-build). The server
// adds it to the pages it serves; it is never written into a built site.
// It asks once a second, from the page's load event on, with a request
// answered at once: a page never holds a connection open, so that it
// finishes loading and goes idle (a headless browser prints it; a
// stream kept open would stop it forever), and a page kept for the back
// button holds none of a browser's six connections to the server.
const reloadScript = `const build = document.currentScript.dataset.build;
const ask = () => fetch("/_nardydocs/build", {cache: "no-store"})
  .then(r => r.ok ? r.text() : build)
  .then(b => b === build ? setTimeout(ask, 1000) : location.reload(), () => setTimeout(ask, 1000));
addEventListener("load", () => setTimeout(ask, 1000));
`

// ServeHTTP serves a file of the current build, or the build's errors,
// under the site's root path (Site.Root: a site published under a
// sub-path is served there, and the host's root leads to it). It answers
// only GET and HEAD, only for a Host that is "localhost" or an
// IP address (so that a page of another site cannot reach it through DNS
// rebinding), and sends the pages' Content-Security-Policy with every
// answer. A directory's path without its slash ("/ru") is redirected to
// it ("/ru/"). Files carry an ETag and are gzipped for a browser that
// takes it; the pages get the live-reload script.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	mimeTypes()
	h := w.Header()
	h.Set("Content-Security-Policy", site.CSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if !localHost(r.Host) {
		http.Error(w, "403 forbidden: this server answers requests for localhost or an IP address only", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, reloadPath); ok {
		s.serveReload(w, r, rest)
		return
	}
	s.mu.RLock()
	built, buildErr, version := s.site, s.err, s.version
	s.mu.RUnlock()
	// A site published under a sub-path is served there, as its host
	// will: its pages link their files and the 404 page from that path.
	root := "/"
	if built != nil && built.Root != "" {
		root = built.Root
	}
	urlPath := r.URL.Path
	if root != "/" {
		if urlPath == "/" || urlPath+"/" == root {
			http.Redirect(w, r, root, http.StatusFound)
			return
		}
		if rest, ok := strings.CutPrefix(urlPath, root); ok {
			urlPath = "/" + rest
		} else {
			urlPath = "/404.html/" // outside the site: not found
		}
	}
	name := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if name == "" || strings.HasSuffix(urlPath, "/") {
		name = path.Join(name, "index.html")
	}
	if buildErr != nil {
		if strings.HasSuffix(name, ".html") {
			s.writeErrorPage(w, buildErr, version)
			return
		}
		http.Error(w, "the site did not build", http.StatusServiceUnavailable)
		return
	}
	data, ok := built.Files[name]
	if !ok {
		if _, dir := built.Files[path.Join(name, "index.html")]; dir {
			http.Redirect(w, r, root+escapePath(name)+"/", http.StatusMovedPermanently)
			return
		}
	}
	status := http.StatusOK
	if !ok {
		data, status, name = built.Files["404.html"], http.StatusNotFound, "404.html"
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "no-cache")
	if strings.HasSuffix(name, ".html") {
		data = withReload(data, version)
	}
	f := s.served(built, name, data)
	h.Set("ETag", f.etag)
	h.Add("Vary", "Accept-Encoding")
	if status == http.StatusOK && etagMatch(r.Header.Get("If-None-Match"), f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if compressible(ctype) && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		f.once.Do(func() { f.gz = gzipped(built.Files[name+".gz"], data) })
		h.Set("Content-Encoding", "gzip")
		data = f.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	w.Write(data)
}

// served returns the current build's served form of a file.
func (s *Server) served(built *site.Site, name string, data []byte) *servedFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.site != built { // a build finished meanwhile: do not keep it
		return &servedFile{etag: `"` + outdir.Digest(data) + `"`}
	}
	f, ok := s.zipped[name]
	if !ok {
		f = &servedFile{etag: `"` + outdir.Digest(data) + `"`}
		s.zipped[name] = f
	}
	return f
}

// withReload adds the live-reload script to a page of build version.
func withReload(page []byte, version int) []byte {
	tag := []byte(`<script src="` + reloadPath + `reload.js" data-build="` + strconv.Itoa(version) + `"></script>`)
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		return append(append([]byte(nil), page...), tag...)
	}
	return append(append(append(append([]byte(nil), page[:i]...), tag...), '\n'), page[i:]...)
}

// serveReload answers the live-reload script and the number of the
// current build (or failed build), which the script compares with its
// page's.
func (s *Server) serveReload(w http.ResponseWriter, r *http.Request, name string) {
	switch name {
	case "reload.js":
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		io.WriteString(w, reloadScript)
	case "build":
		s.mu.RLock()
		version := s.version
		s.mu.RUnlock()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, strconv.Itoa(version))
	default:
		http.NotFound(w, r)
	}
}

// compressible reports whether a content type is worth gzipping.
func compressible(ctype string) bool {
	for _, t := range []string{"text/", "application/wasm", "image/svg+xml", "application/xml", "application/javascript", "text/javascript"} {
		if strings.HasPrefix(ctype, t) {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether an Accept-Encoding header takes gzip.
func acceptsGzip(header string) bool {
	for part := range strings.SplitSeq(header, ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") {
			return strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0"
		}
	}
	return false
}

// etagMatch reports whether an If-None-Match header names etag.
func etagMatch(header, etag string) bool {
	for part := range strings.SplitSeq(header, ",") {
		if p := strings.TrimPrefix(strings.TrimSpace(part), "W/"); p == etag || p == "*" {
			return true
		}
	}
	return false
}

// gzipped returns pre, a file's precompressed form, when the build has
// one, or data compressed.
func gzipped(pre, data []byte) []byte {
	if pre != nil {
		return pre
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	zw.Write(data)
	zw.Close()
	return buf.Bytes()
}

// localHost reports whether a request's Host names this machine by
// "localhost" or by an IP address, not by a domain name.
func localHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.EqualFold(host, "localhost") || net.ParseIP(host) != nil
}

// errorPageCSP is the error page's policy: its own inline style and the
// server's live-reload script.
const errorPageCSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'"

// writeErrorPage shows the build's problems in the browser, with the
// files named relative to the directory that holds the content.
func (s *Server) writeErrorPage(w http.ResponseWriter, buildErr error, version int) {
	page := site.ErrorPage(s.relative(buildErr))
	w.Header().Set("Content-Security-Policy", errorPageCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusInternalServerError)
	w.Write(withReload(page, version))
}

// relative writes a build's problems with each file named relative to
// the directory that holds the content directory (or by its name alone
// when it lies elsewhere), so that the page shows no path of the disk.
func (s *Server) relative(buildErr error) string {
	list := engine.AsList(buildErr)
	base, err := filepath.Abs(s.opt.Content)
	if err != nil {
		return list.Error()
	}
	base = filepath.Dir(base)
	out := make(engine.ErrorList, len(list))
	for i, e := range list {
		c := *e
		if filepath.IsAbs(c.Pos.File) {
			if rel, err := filepath.Rel(base, c.Pos.File); err == nil && outdir.Within(c.Pos.File, base) {
				c.Pos.File = rel
			} else {
				c.Pos.File = filepath.Base(c.Pos.File)
			}
		}
		out[i] = &c
	}
	return out.Error()
}

// ListenAndServe serves the site on addr (e.g. "127.0.0.1:8080") until ctx
// ends, rebuilding on change. ready, if not nil, receives the address
// actually listened on.
func (s *Server) ListenAndServe(ctx context.Context, addr string, ready func(addr string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.serve(ctx, ln, newConnLimit(MaxConns), ready)
}

// serve serves on ln, with at most limit's connections at once (see
// MaxConns).
func (s *Server) serve(ctx context.Context, ln net.Listener, limit *connLimit, ready func(addr string)) error {
	ln = limitListener{ln, limit}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: ReadHeaderTimeout, IdleTimeout: IdleTimeout, ConnState: limit.track}
	go func() {
		if err := s.Watch(ctx); err != nil {
			io.WriteString(s.log, "watching the content: "+err.Error()+"; changes will not rebuild the site\n")
		}
	}()
	down := make(chan struct{}) // closed once the server has shut down
	go func() {
		defer close(down)
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if ready != nil {
		ready(ln.Addr().String())
	}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	// Serve returns as soon as the listener closes; the requests being
	// answered end with Shutdown.
	<-down
	return nil
}

// mimeTypes adds the types of the site's files Go may not know to the
// table of mime. It is done by the server, not when the program starts:
// mime then reads the system's tables, which a build does not need.
var mimeTypes = sync.OnceFunc(func() {
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	_ = mime.AddExtensionType(".svg", "image/svg+xml")
})

// escapePath escapes each part of a slash path for a URL.
func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}
