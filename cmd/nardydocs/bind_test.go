package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestListenAddr: --bind takes an IP address or localhost, without a
// port; anything else is refused with what to write instead.
func TestListenAddr(t *testing.T) {
	for _, c := range []struct {
		bind string
		port int
		want string
	}{
		{"127.0.0.1", 8080, "127.0.0.1:8080"},
		{"0.0.0.0", 0, "0.0.0.0:0"},
		{"localhost", 80, "localhost:80"},
		{"LocalHost", 80, "LocalHost:80"},
		{"::1", 8080, "[::1]:8080"},
		{"[::1]", 8080, "[::1]:8080"},
		{"::", 65535, "[::]:65535"},
		{"192.168.1.20", 8080, "192.168.1.20:8080"},
	} {
		got, err := listenAddr(c.bind, c.port)
		if err != nil || got != c.want {
			t.Errorf("--bind %q --port %d: %q, %v; want %q", c.bind, c.port, got, err, c.want)
		}
	}
	const ip = `: give an IP address of this machine, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (the local network), or localhost; the server answers only for those`
	for _, c := range []struct {
		bind string
		port int
		want string
	}{
		{"", 8080, `--bind ""` + ip},
		{"example.org", 8080, `--bind "example.org"` + ip},
		{"127.0.0.1.", 8080, `--bind "127.0.0.1."` + ip},
		{"256.0.0.1", 8080, `--bind "256.0.0.1"` + ip},
		{" 127.0.0.1", 8080, `--bind " 127.0.0.1"` + ip},
		{"127.0.0.1:8080", 8080, `--bind "127.0.0.1:8080": give the address without a port, and the port with --port: --bind 127.0.0.1 --port 8080`},
		{"[::1]:9000", 8080, `--bind "[::1]:9000": give the address without a port, and the port with --port: --bind ::1 --port 9000`},
		{"http://127.0.0.1/", 8080, `--bind "http://127.0.0.1/": give the address alone, without a scheme or path, e.g. 127.0.0.1`},
		{"127.0.0.1", -1, `--port -1: use 0 to 65535`},
		{"127.0.0.1", 65536, `--port 65536: use 0 to 65535`},
	} {
		got, err := listenAddr(c.bind, c.port)
		if err == nil || err.Error() != c.want {
			t.Errorf("--bind %q --port %d: %q, %v; want the error %s", c.bind, c.port, got, err, c.want)
		}
		if _, ok := err.(usageError); !ok {
			t.Errorf("--bind %q --port %d: %T, want a usage error (exit status 2)", c.bind, c.port, err)
		}
	}
}

// TestTryListen: a port in use is said before the build, by the flag.
func TestTryListen(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener:", err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	err = tryListen("127.0.0.1", ln.Addr().String())
	if want := "--port " + port + ": the port is in use on 127.0.0.1; choose another, or 0 for a free one"; err == nil || err.Error() != want {
		t.Errorf("a port in use: %v, want %s", err, want)
	}
	if err := tryListen("127.0.0.1", "127.0.0.1:0"); err != nil {
		t.Errorf("a free port: %v", err)
	}
	// 192.0.2.1 is reserved for documentation: no machine has it.
	if err := tryListen("192.0.2.1", "192.0.2.1:0"); err == nil || !strings.HasPrefix(err.Error(), "--bind 192.0.2.1: ") {
		t.Errorf("an address of no machine: %v", err)
	}
}

// testSite writes a site of one page in each language and returns its
// content directory.
func testSite(t *testing.T) string {
	content := filepath.Join(t.TempDir(), "content")
	for _, lang := range []string{"ru", "uk"} {
		if err := os.MkdirAll(filepath.Join(content, lang), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(content, lang, "index.md"), []byte("---\ntitle: T\n---\nТекст.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return content
}

// TestServeBadBindRefusedFirst: "serve" with a bad --bind stops before
// it builds the site or compiles the checker (whose sources, here, are an
// empty directory, so that reaching it would say so), with one message
// and exit status 2.
func TestServeBadBindRefusedFirst(t *testing.T) {
	content := testSite(t)
	for _, bind := range []string{"example.org", "127.0.0.1:8080"} {
		var stdout, stderr syncBuffer
		start := time.Now()
		code := run(t.Context(), []string{"serve", "--content", content, "--source", t.TempDir(), "--bind", bind}, strings.NewReader(""), &stdout, &stderr)
		if code != 2 {
			t.Errorf("--bind %s: exit status %d, want 2", bind, code)
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "nardydocs: --bind "+strconv.Quote(bind)+": ") || stdout.String() != "" {
			t.Errorf("--bind %s: stdout %q, stderr %q; want one line on stderr naming --bind", bind, stdout.String(), stderr.String())
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("--bind %s: refused after %s", bind, d)
		}
	}
}

// TestServeGoodBind: "serve --bind 127.0.0.1 --port 0" builds the site,
// serves it where it says, and stops when its context ends.
func TestServeGoodBind(t *testing.T) {
	content := testSite(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var stdout, stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- run(ctx, []string{"serve", "--content", content, "--no-checker", "--bind", "127.0.0.1", "--port", "0"}, strings.NewReader(""), &stdout, &stderr)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(stdout.String(), "serving http://127.0.0.1:") {
		select {
		case code := <-done:
			t.Fatalf("serve ended with status %d: stdout %q, stderr %q", code, stdout.String(), stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve does not say where it serves: stdout %q, stderr %q", stdout.String(), stderr.String())
		}
	}
	addr := strings.TrimPrefix(strings.Fields(stdout.String())[1], "http://")
	conn, err := net.Dial("tcp", strings.TrimSuffix(addr, "/"))
	if err != nil {
		t.Errorf("serve says %s, but: %v", addr, err)
	} else {
		conn.Close()
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve ended with status %d: stderr %q", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve does not stop when its context ends")
	}
}
