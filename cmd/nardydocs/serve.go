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
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the site on 127.0.0.1, rebuilding when content or templates change",
		Long: `Builds the site in memory and serves it on 127.0.0.1. Every change under the
content directory (or the --templates directory) rebuilds it; while the
content has errors, the pages show them instead of stale content.`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if port < 0 || port > 65535 {
				return usageError{fmt.Errorf("--port %d: use 0 to 65535", port)}
			}
			ctx := cmd.Context()
			opt := f.options()
			modules, err := f.checkerModules(cmd)
			if err != nil {
				return err
			}
			opt.Files = modules
			srv := site.NewServer(ctx, opt, cmd.ErrOrStderr())
			addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
			return srv.ListenAndServe(ctx, addr, func(a string) {
				fmt.Fprintf(cmd.OutOrStdout(), "serving http://%s/ (Ctrl+C to stop)\n", a)
			})
		},
	}
	f.register(cmd)
	f.registerChecker(cmd)
	cmd.Flags().IntVar(&port, "port", 8080, "port on 127.0.0.1 (0 picks a free one)")
	return cmd
}
