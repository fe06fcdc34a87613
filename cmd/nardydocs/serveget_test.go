package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// serveGet is the scripts' command "serve-get PATH… [-- FLAG…]": it runs
// "nardydocs serve --port 0 --no-checker --content content FLAG…" in the
// script's directory until each PATH of the site is fetched into the
// file served/PATH, and "PATH: STATUS" on its standard output, then
// stops it. What serve logs (its builds, their
// warnings) is the command's standard error, the content's files named
// from the script's directory.
func serveGet(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! serve-get")
	}
	paths, flags := args, []string(nil)
	if i := slices.Index(args, "--"); i >= 0 {
		paths, flags = args[:i], args[i+1:]
	}
	if len(paths) == 0 {
		ts.Fatalf("usage: serve-get PATH… [-- FLAG…]")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	argv := append([]string{"serve", "--port", "0", "--no-checker", "--content", ts.MkAbs("content")}, flags...)
	out, w := io.Pipe()
	var log bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, argv, nil, w, &log)
		w.Close()
	}()
	r := bufio.NewReader(out)
	line, err := r.ReadString('\n')
	m := regexp.MustCompile(`^serving (http://\S+/) `).FindStringSubmatch(line)
	if m == nil {
		code := <-done
		ts.Fatalf("serve did not start (%v, status %d): %q\n%s", err, code, line, log.String())
	}
	go io.Copy(io.Discard, r)
	for _, p := range paths {
		res, err := http.Get(m[1] + strings.TrimPrefix(p, "/"))
		ts.Check(err)
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		ts.Check(err)
		fmt.Fprintf(ts.Stdout(), "%s: %s\n", p, res.Status)
		name := ts.MkAbs(filepath.Join("served", filepath.FromSlash(p)))
		ts.Check(os.MkdirAll(filepath.Dir(name), 0o755))
		ts.Check(os.WriteFile(name, body, 0o644))
	}
	cancel()
	if code := <-done; code != 0 {
		ts.Fatalf("serve ended with status %d:\n%s", code, log.String())
	}
	// The content is named by its absolute path (the test's process has
	// another working directory): the log names it from the script's.
	io.WriteString(ts.Stderr(), strings.ReplaceAll(log.String(), ts.MkAbs(".")+string(filepath.Separator), ""))
}
