package site

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/templates"
)

// Server serves a site built in memory and rebuilds it whenever a file
// under the content or templates directory changes. While the content has
// errors, every page shows them instead of stale content.
type Server struct {
	opt Options
	log io.Writer

	mu    sync.RWMutex
	site  *Site
	err   error
	stamp string
}

// NewServer builds the site once and returns a server for it.
func NewServer(ctx context.Context, opt Options, log io.Writer) *Server {
	s := &Server{opt: opt, log: log}
	s.rebuild(ctx)
	return s
}

// rebuild builds the site again and keeps the result (or the errors).
func (s *Server) rebuild(ctx context.Context) {
	stamp := s.signature()
	start := time.Now()
	site, err := Build(ctx, s.opt)
	s.mu.Lock()
	s.site, s.err, s.stamp = site, err, stamp
	s.mu.Unlock()
	if err != nil {
		io.WriteString(s.log, "build failed:\n"+err.Error()+"\n")
		return
	}
	io.WriteString(s.log, "built "+strconv.Itoa(site.Pages)+" pages in "+time.Since(start).Round(time.Millisecond).String()+"\n")
}

// signature summarises the watched files: names, sizes and times.
func (s *Server) signature() string {
	var sb strings.Builder
	for _, dir := range []string{s.opt.Content, s.opt.Templates} {
		if dir == "" {
			continue
		}
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if info, err := d.Info(); err == nil {
				sb.WriteString(p + "\x00" + strconv.FormatInt(info.Size(), 10) + "\x00" + strconv.FormatInt(info.ModTime().UnixNano(), 10) + "\n")
			}
			return nil
		})
	}
	return sb.String()
}

// Watch polls the watched directories until ctx ends, rebuilding on change.
func (s *Server) Watch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.mu.RLock()
			old := s.stamp
			s.mu.RUnlock()
			if s.signature() != old {
				s.rebuild(ctx)
			}
		}
	}
}

// ServeHTTP serves a file of the current build, or the build's errors.
// It answers only GET and HEAD, only for a Host that is "localhost" or an
// IP address (so that a page of another site cannot reach it through DNS
// rebinding), and sends the pages' Content-Security-Policy with every
// answer. A directory's path without its slash ("/ru") is redirected to
// it ("/ru/").
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", CSP)
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
	s.mu.RLock()
	site, buildErr := s.site, s.err
	s.mu.RUnlock()
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" || strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	if buildErr != nil {
		if strings.HasSuffix(name, ".html") {
			s.writeErrorPage(w, buildErr)
			return
		}
		http.Error(w, "the site did not build", http.StatusServiceUnavailable)
		return
	}
	data, ok := site.Files[name]
	if !ok {
		if _, dir := site.Files[path.Join(name, "index.html")]; dir {
			http.Redirect(w, r, "/"+escapePath(name)+"/", http.StatusMovedPermanently)
			return
		}
	}
	status := http.StatusOK
	if !ok {
		data, status, name = site.Files["404.html"], http.StatusNotFound, "404.html"
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(data)
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

// errorPageCSP is the error page's policy: nothing but its own inline
// style.
const errorPageCSP = "default-src 'none'; style-src 'unsafe-inline'"

// writeErrorPage shows the build's problems in the browser, with the
// files named relative to the directory that holds the content.
func (s *Server) writeErrorPage(w http.ResponseWriter, buildErr error) {
	text := s.relative(buildErr)
	var buf bytes.Buffer
	set, err := templates.Load("", nil)
	if err == nil {
		err = set.HTML.ExecuteTemplate(&buf, "error.html", struct{ Errors string }{text})
	}
	w.Header().Set("Content-Security-Policy", errorPageCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	if err != nil {
		io.WriteString(w, "<pre>"+template.HTMLEscapeString(text)+"</pre>")
		return
	}
	w.Write(buf.Bytes())
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
			if rel, err := filepath.Rel(base, c.Pos.File); err == nil && within(c.Pos.File, base) {
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
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.Watch(ctx, 300*time.Millisecond)
	go func() {
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
	return nil
}

func init() {
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	_ = mime.AddExtensionType(".svg", "image/svg+xml")
}
