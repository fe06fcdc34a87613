package main

import (
	"fmt"
	"net"
	"strconv"

	"github.com/nardydocs/nardydocs/site"
	"github.com/spf13/cobra"
)

func newServeCmd() *cobra.Command {
	var f siteFlags
	var port int
	var bind string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the site locally, rebuilding when content or templates change",
		Long: `Builds the site in memory and serves it on 127.0.0.1 (or --bind). Every
change under the content directory (or the --templates directory)
rebuilds it, and the pages open in a browser reload; while the content has
errors, the pages show them instead of stale content. Nothing is written
to disk.`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if port < 0 || port > 65535 {
				return usageError{fmt.Errorf("--port %d: use 0 to 65535", port)}
			}
			ctx := cmd.Context()
			opt := f.options()
			opt.Cache = site.NewCache() // in memory: a change rebuilds only what it touches
			modules, err := f.checkerModules(cmd)
			if err != nil {
				return err
			}
			opt.Files = modules
			srv := site.NewServer(ctx, opt, cmd.ErrOrStderr())
			if net.ParseIP(bind) == nil && bind != "localhost" {
				return usageError{fmt.Errorf("--bind %q: give an IP address of this machine, e.g. 127.0.0.1 or 0.0.0.0", bind)}
			}
			addr := net.JoinHostPort(bind, strconv.Itoa(port))
			return srv.ListenAndServe(ctx, addr, func(a string) {
				fmt.Fprintf(cmd.OutOrStdout(), "serving http://%s/ (Ctrl+C to stop)\n", a)
			})
		},
	}
	f.register(cmd)
	f.registerChecker(cmd)
	cmd.Flags().IntVar(&port, "port", 8080, "port to listen on (0 picks a free one)")
	cmd.Flags().StringVar(&bind, "bind", "127.0.0.1", "address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the local network")
	return cmd
}
