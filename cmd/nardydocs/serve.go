package main

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"syscall"

	"github.com/nardydocs/nardydocs/site"
	"github.com/nardydocs/nardydocs/site/serve"
	"github.com/spf13/cobra"
)

func newServeCmd() *cobra.Command {
	f := siteFlags{translations: site.Fallback}
	var port int
	var bind string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the site locally, rebuilding when content or templates change",
		Long: `Builds the site in memory and serves it on 127.0.0.1 (or --bind). Every
change under the content directory (or the --templates directory)
rebuilds it, and the pages open in a browser reload; while the content has
errors, the pages show them instead of stale content. Nothing is written
to disk.

serve shows what a writer wants to see: the drafts, each marked as a draft
(--drafts=false leaves them out, as build does), and a page missing in one
language as a warning, the other language's contents listing the page it
has (unless nardydocs.yaml says "translations: strict").`,
		Example: `  nardydocs serve
  nardydocs serve --port 0                   # a free port, printed
  nardydocs serve --bind 0.0.0.0 --port 8000 # for a phone on the same network`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			// The address is checked, and tried, before the site is built
			// and the checker compiled, which can take minutes.
			addr, err := listenAddr(bind, port)
			if err != nil {
				return err
			}
			if err := f.checkContent(); err != nil {
				return err
			}
			if err := tryListen(bind, addr); err != nil {
				return err
			}
			ctx := cmd.Context()
			opt := f.options()
			modules, err := f.checkerModules(cmd)
			if err != nil {
				return err
			}
			opt.Files = modules
			// In memory, with a memo: a change rebuilds only what it
			// touches.
			srv := serve.New(ctx, opt, cmd.ErrOrStderr())
			return srv.ListenAndServe(ctx, addr, func(a string) {
				fmt.Fprintf(cmd.OutOrStdout(), "serving http://%s/ (Ctrl+C to stop)\n", a)
			})
		},
	}
	f.register(cmd)
	f.registerChecker(cmd)
	f.registerDrafts(cmd, true)
	cmd.Flags().IntVar(&port, "port", 8080, "port to listen on (0 picks a free one)")
	cmd.Flags().StringVar(&bind, "bind", "127.0.0.1", "address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the local network")
	return cmd
}

// listenAddr checks the values of --bind and --port and returns the
// address to listen on. The server answers only requests for localhost
// or an IP address (see serve.Server), so --bind is one of those: an IPv4
// or IPv6 address (brackets allowed), or "localhost"; without a port,
// which is --port's.
func listenAddr(bind string, port int) (string, error) {
	if port < 0 || port > 65535 {
		return "", usageError{fmt.Errorf("--port %d: use 0 to 65535", port)}
	}
	host := bind
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	switch {
	case strings.EqualFold(host, "localhost") || net.ParseIP(host) != nil:
		return net.JoinHostPort(host, strconv.Itoa(port)), nil
	case strings.Contains(bind, "://"):
		return "", usageError{fmt.Errorf("--bind %q: give the address alone, without a scheme or path, e.g. 127.0.0.1", bind)}
	}
	if h, p, err := net.SplitHostPort(bind); err == nil && (strings.EqualFold(h, "localhost") || net.ParseIP(h) != nil) {
		return "", usageError{fmt.Errorf("--bind %q: give the address without a port, and the port with --port: --bind %s --port %s", bind, h, p)}
	}
	return "", usageError{fmt.Errorf("--bind %q: give an IP address of this machine, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (the local network), or localhost; the server answers only for those", bind)}
}

// tryListen opens and closes a listener on addr, so that an address that
// is not this machine's, or a port in use, is said at once rather than
// after the build.
func tryListen(bind, addr string) error {
	ln, err := net.Listen("tcp", addr)
	switch {
	case err == nil:
		return ln.Close()
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return fmt.Errorf("--bind %s: not an address of this machine; give one of its own, 127.0.0.1 or 0.0.0.0", bind)
	case errors.Is(err, syscall.EADDRINUSE):
		_, port, _ := net.SplitHostPort(addr)
		return fmt.Errorf("--port %s: the port is in use on %s; choose another, or 0 for a free one", port, bind)
	}
	return fmt.Errorf("--bind %s: cannot listen on %s: %w", bind, addr, err)
}
