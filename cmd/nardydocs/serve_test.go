package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeSignals: "nardydocs serve", run as the command is (its main,
// in a process of its own), stops on SIGTERM and on SIGINT as at the
// end of its work: with exit status 0 and the port closed.
func TestServeSignals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows")
	}
	site := filepath.Join(t.TempDir(), "site")
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"new", site}, nil, &out, &errs); code != 0 {
		t.Fatalf("new: %s", errs.String())
	}
	serving := regexp.MustCompile(`^serving http://(127\.0\.0\.1:\d+)/ \(Ctrl\+C to stop\)$`)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "serve", "--port", "0", "--no-checker")
			cmd.Dir = site
			cmd.Env = append(os.Environ(), runMainEnv+"=1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() {
				// The rest of stdout, then the exit.
				io.Copy(io.Discard, stdout)
				exited <- cmd.Wait()
			}()
			t.Cleanup(func() { cmd.Process.Kill() })
			// The address it serves on: the signal handler is in place
			// before the command starts serving.
			line, err := bufio.NewReader(stdout).ReadString('\n')
			m := serving.FindStringSubmatch(strings.TrimSuffix(line, "\n"))
			if m == nil {
				cmd.Process.Kill()
				<-exited
				t.Fatalf("serve said %q (%v); stderr:\n%s", line, err, stderr.String())
			}
			addr := m[1]
			resp, err := http.Get("http://" + addr + "/ru/")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET /ru/: %s", resp.Status)
			}
			// What a page's live-reload script asks.
			build, err := http.Get("http://" + addr + "/_nardydocs/build")
			if err != nil {
				t.Fatal(err)
			}
			build.Body.Close()
			if build.StatusCode != http.StatusOK {
				t.Fatalf("GET /_nardydocs/build: %s", build.Status)
			}

			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			// Not a measure of speed: a server that does not stop would
			// hang the test.
			select {
			case err := <-exited:
				if err != nil {
					t.Errorf("after %s: %v; stderr:\n%s", sig, err, stderr.String())
				}
			case <-time.After(30 * time.Second):
				t.Fatalf("serve did not stop on %s; stderr:\n%s", sig, stderr.String())
			}
			if c, err := net.Dial("tcp", addr); err == nil {
				c.Close()
				t.Errorf("after %s, %s still accepts connections", sig, addr)
			}
		})
	}
}
