package serve

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/nardydocs/nardydocs/site"
)

// idle returns how many of l's connections are idle.
func (l *connLimit) idle() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, in := range l.conns {
		if in.state == http.StateIdle {
			n++
		}
	}
	return n
}

// TestIdleConnectionsDoNotBlock: 250 kept-alive connections left idle
// never hold more than the server's limit open (the longest idle are
// closed to make room), and a new request is served.
func TestIdleConnectionsDoNotBlock(t *testing.T) {
	t.Parallel()
	content := filepath.Join(t.TempDir(), "content")
	for _, l := range []string{"ru", "uk"} {
		os.MkdirAll(filepath.Join(content, l), 0o755)
		if err := os.WriteFile(filepath.Join(content, l, "index.md"), []byte("---\ntitle: T\n---\nтекст\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := New(t.Context(), site.Options{Content: content}, io.Discard)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const max = 16
	limit := newConnLimit(max)
	served := make(chan error, 1)
	go func() { served <- srv.serve(t.Context(), ln, limit, nil) }()
	addr := ln.Addr().String()
	get := func(c net.Conn) error {
		if _, err := io.WriteString(c, "GET /ru/index.html HTTP/1.1\r\nHost: localhost\r\n\r\n"); err != nil {
			return err
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			t.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := range 250 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		if err := get(c); err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		for limit.idle() < min(i+1, max) { // the server marks it idle once the answer is written
			runtime.Gosched()
		}
		if n := limit.open(); n > max {
			t.Fatalf("after %d connections, %d open; at most %d", i+1, n, max)
		}
	}
	// The first connections were closed to make room: the server ends them.
	if _, err := conns[0].Read(make([]byte, 1)); err == nil {
		t.Error("the longest idle connection is still open")
	}
	// A new client is served, on a new connection.
	resp, err := (&http.Client{Transport: &http.Transport{}}).Get("http://" + addr + "/uk/index.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a new request: status %d", resp.StatusCode)
	}
}

// TestConnLimitChoosesIdleFirst: past the limit, the longest idle
// connection is closed before one that has sent nothing, and a new
// connection is refused when every open one is busy.
func TestConnLimitChoosesIdleFirst(t *testing.T) {
	t.Parallel()
	pipe := func() *fakeConn { return &fakeConn{} }
	closed := func(c *fakeConn) bool { return c.closed }
	l := newConnLimit(3)
	silent, idle1, idle2 := pipe(), pipe(), pipe()
	for _, c := range []*fakeConn{silent, idle1, idle2} {
		if !l.admit(c) {
			t.Fatal("refused below the limit")
		}
	}
	l.track(idle1, http.StateActive)
	l.track(idle1, http.StateIdle)
	l.track(idle2, http.StateActive)
	l.track(idle2, http.StateIdle)
	if !l.admit(pipe()) || !closed(idle1) || l.open() != 3 {
		t.Errorf("the longest idle connection was not the one closed (open %d)", l.open())
	}
	if !l.admit(pipe()) || !closed(idle2) {
		t.Error("the other idle connection was not closed")
	}
	if !l.admit(pipe()) || !closed(silent) {
		t.Error("with none idle, the silent connection was not closed")
	}
	l2 := newConnLimit(1)
	busy := pipe()
	l2.admit(busy)
	l2.track(busy, http.StateActive)
	if l2.admit(pipe()) || l2.open() != 1 {
		t.Error("a connection admitted while every open one is busy")
	}
}

// fakeConn is a connection that only knows whether it was closed.
type fakeConn struct {
	net.Conn
	closed bool
}

func (c *fakeConn) Close() error { c.closed = true; return nil }
