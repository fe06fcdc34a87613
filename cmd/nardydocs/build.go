package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/wasm"
	"github.com/nardydocs/nardydocs/site"
	"github.com/nardydocs/nardydocs/site/outdir"
	"github.com/spf13/cobra"
)

type siteFlags struct {
	baseURL   string
	content   string
	templates string
	jobs      int
	rules     []string
	noChecker bool
	source    string
	cacheDir  string
	noCache   bool
	quiet     bool
	drafts    bool
	// translations is how a missing translation is taken when
	// nardydocs.yaml does not say: strict for build, fallback for serve.
	translations site.Translations
}

func (f *siteFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.content, "content", "content", "content directory (content/ru, content/uk)")
	fl.StringVar(&f.templates, "templates", "", "directory whose files override the embedded templates")
	fl.IntVar(&f.jobs, "jobs", 0, "pages built at once (0: one per CPU)")
	fl.StringArrayVar(&f.rules, "rules", nil, "site-wide rule override key=value (repeatable)")
	fl.StringVar(&f.baseURL, "base-url", "", "the address the site is published at, instead of the configuration's base-url (e.g. https://example.org/rules/)")
}

// registerQuiet adds --quiet, which leaves only problems on the output.
func (f *siteFlags) registerQuiet(cmd *cobra.Command) {
	cmd.Flags().BoolVarP(&f.quiet, "quiet", "q", false, "print problems only: no summary, change report or progress")
}

// say is where the command's reports go: standard output, or nowhere
// with --quiet.
func (f *siteFlags) say(cmd *cobra.Command) io.Writer {
	if f.quiet {
		return io.Discard
	}
	return cmd.OutOrStdout()
}

// registerChecker adds the flags of the move checker, whose modules build
// and serve add to the site.
func (f *siteFlags) registerChecker(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.BoolVar(&f.noChecker, "no-checker", false, "build the site without the in-browser move checker")
	fl.StringVar(&f.source, "source", "", "compile the checker from these nardydocs sources (default: $NARDYDOCS_SOURCE, else the checker this binary carries or the sources it was built from)")
	fl.StringVar(&f.cacheDir, "cache-dir", "", "where compiled checker modules are kept (default: $NARDYDOCS_CACHE, else the user's cache directory)")
	fl.BoolVar(&f.noCache, "no-cache", false, "build everything again, even when nothing changed, and compile the checker without reading or writing the cache")
}

// registerDrafts adds --drafts, whose default is the command's: serve
// shows the drafts, build leaves them out.
func (f *siteFlags) registerDrafts(cmd *cobra.Command, def bool) {
	usage := `build the pages whose front matter says "draft: true" too, each marked as a draft`
	if def {
		usage = `show the pages whose front matter says "draft: true", each marked as a draft (--drafts=false leaves them out, as build does)`
	}
	cmd.Flags().BoolVar(&f.drafts, "drafts", def, usage)
}

func (f *siteFlags) options() site.Options {
	return site.Options{Content: f.content, Templates: f.templates, Jobs: f.jobs, Rules: f.rules, BaseURL: f.baseURL, Checker: !f.noChecker, Drafts: f.drafts, Translations: f.translations}
}

// checkContent says, before anything is built, that the content
// directory is missing (the command was run outside a site) or is not a
// directory.
func (f *siteFlags) checkContent() error {
	info, err := os.Stat(f.content)
	switch {
	case errors.Is(err, fs.ErrNotExist) && f.content == "content":
		return errors.New(`no content directory here: create a site with "nardydocs new DIR" and run nardydocs in it, or give --content DIR`)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--content %s: no such directory; create a site with \"nardydocs new DIR\"", f.content)
	case err != nil:
		return fmt.Errorf("--content %s: %w", f.content, err)
	case !info.IsDir():
		return fmt.Errorf("--content %s: not a directory; give the directory that holds ru/ and uk/", f.content)
	}
	return nil
}

// printWarnings prints a build's warnings, one a line.
func printWarnings(w io.Writer, s *site.Site) {
	for _, e := range s.Warnings {
		fmt.Fprintln(w, site.WarningLine(e))
	}
}

// cacheRoot is the directory of the cache of compiled checker modules:
// --cache-dir, $NARDYDOCS_CACHE, or nardydocs in the user's cache
// directory; "" when there is none.
func (f *siteFlags) cacheRoot() string {
	if f.cacheDir != "" {
		return f.cacheDir
	}
	if env := os.Getenv("NARDYDOCS_CACHE"); env != "" {
		return env
	}
	if user, err := os.UserCacheDir(); err == nil {
		return filepath.Join(user, "nardydocs")
	}
	return ""
}

// wasmOptions says where the checker's modules come from.
func (f *siteFlags) wasmOptions() wasm.Options {
	src := f.source
	if src == "" {
		src = os.Getenv("NARDYDOCS_SOURCE")
	}
	return wasm.Options{Source: src, CacheDir: f.cacheRoot(), NoCache: f.noCache}
}

// checkerModules returns the checker's modules (package internal/wasm),
// in memory; nil with --no-checker.
func (f *siteFlags) checkerModules(cmd *cobra.Command) (wasm.Files, error) {
	if f.noChecker {
		return nil, nil
	}
	return withCompiling(f, cmd, wasm.Get)
}

// withCompiling gets the checker's modules with get (wasm.Get or
// wasm.Open), saying on stderr when they must be compiled, which takes a
// while the first time.
func withCompiling[T any](f *siteFlags, cmd *cobra.Command, get func(context.Context, wasm.Options) (T, error)) (T, error) {
	start := time.Now()
	compiling := false
	o := f.wasmOptions()
	o.Compiling = func() {
		compiling = true
		if !f.quiet {
			fmt.Fprintln(cmd.ErrOrStderr(), "compiling the move checker (first time only)…")
		}
	}
	m, err := get(cmd.Context(), o)
	if err == nil && compiling && !f.quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), "compiled the move checker in %s\n", time.Since(start).Round(100*time.Millisecond))
	}
	return m, err
}

// printBuildErrors prints a build's problems one per line, then a count.
func printBuildErrors(w io.Writer, err error) {
	var list engine.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(w, e)
		}
		fmt.Fprintln(w, count(list.Count(), "problem"))
		return
	}
	fmt.Fprintln(w, "nardydocs:", err)
}

// flagNames are the flags of the options a build may refuse.
var flagNames = map[string]string{"Rules": "--rules", "BaseURL": "--base-url"}

// buildError says what went wrong with a build: an option named by its
// flag, the output directory by --out, the content's problems one per
// line (errReported, once printed).
func buildError(cmd *cobra.Command, err error) error {
	var oe *site.OptionError
	var de *outdir.Error
	var list engine.ErrorList
	switch {
	case errors.As(err, &oe):
		return usageError{fmt.Errorf("%s %q: %w", flagNames[oe.Option], oe.Value, oe.Err)}
	case errors.As(err, &de):
		return fmt.Errorf("--out %w", de)
	case errors.As(err, &list):
		printBuildErrors(cmd.ErrOrStderr(), err)
		return errReported
	}
	return err
}

func newBuildCmd() *cobra.Command {
	var f siteFlags
	var out string
	var force int
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Build the site from the content directory",
		Long: `Builds every page of content/ru and content/uk, with every position block
computed by the rules engine, into the output directory. The new site
replaces the old one in one step, and only when the whole build succeeded.

On any problem it prints every one as "path:line:col: message", fails, and
leaves the previous site as it was; what does not stop it (a page missing
in one language, with "translations: fallback") it prints as
"path:line:col: warning: message". Then it says which files changed since
the previous build: pages whose text, figures or navigation changed, the
figures row by row, the print documents, the other files.

Pages with "draft: true" are left out unless --drafts is given; a missing
translation fails the build unless nardydocs.yaml says "translations:
fallback".

The output directory must be nardydocs' own: absent, empty, or written by
an earlier build. A directory holding other files is refused unless
--force is given (twice when they include a dotfile or .git), and the
build names what it replaced; the content directory, a directory inside
it or one that contains it is always refused. Files added to the output
directory after a build (a CNAME, a folder) are kept. A build when
nothing changed leaves the site as it is (--no-cache builds everything
again).`,
		Example: `  nardydocs build
  nardydocs build --out site --base-url https://example.org/rules/
  nardydocs build --drafts --out preview     # the drafts too, marked
  nardydocs build --rules no-draws --out no-draws --no-checker`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := f.checkContent(); err != nil {
				return err
			}
			start := time.Now()
			t := site.Target{Dir: out, Force: force}
			// What the previous build made is kept in the memo, unless
			// --no-cache.
			if root := f.cacheRoot(); root != "" && !f.noCache {
				t.MemoDir = filepath.Join(root, "site")
			}
			// The checker's modules are found (or compiled) while the
			// site is built; unless those of the previous build, of the
			// same key, are still in out: they stay as they are.
			if !f.noChecker {
				t.Modules = func() (*wasm.Modules, error) { return withCompiling(&f, cmd, wasm.Open) }
				if t.MemoDir != "" {
					if key, err := wasm.Key(f.wasmOptions()); err == nil {
						t.ModulesKey = "checker " + key
					}
				}
			}
			// A build that takes more than a moment says how far it is.
			opt := f.options()
			var p *progress
			if !f.quiet {
				p = newProgress(cmd.ErrOrStderr())
				opt.Progress = p.update
				p.start()
			}
			s, err := site.Publish(cmd.Context(), opt, t)
			if p != nil {
				p.end()
			}
			if err != nil {
				return buildError(cmd, err)
			}
			printWarnings(cmd.ErrOrStderr(), s.Site)
			printOutput(cmd, f.say(cmd), out, s)
			took := time.Since(start).Round(time.Millisecond)
			if s.Unchanged {
				fmt.Fprintf(f.say(cmd), "built %s, %s, %s into %s in %s: nothing changed\n",
					count(s.Pages, "page"), count(s.Figures, "figure"), count(len(s.Digests), "file"), out, took)
				fmt.Fprintln(f.say(cmd), "no changes since the previous build")
				return nil
			}
			fmt.Fprintf(f.say(cmd), "built %s, %s, %s into %s in %s\n",
				count(s.Pages, "page"), count(s.Figures, "figure"), count(len(s.Digests), "file"), out, took)
			fmt.Fprintln(f.say(cmd), s.Changes)
			return nil
		},
	}
	f.register(cmd)
	f.registerChecker(cmd)
	f.registerQuiet(cmd)
	f.registerDrafts(cmd, false)
	cmd.Flags().StringVar(&out, "out", "public", "output directory")
	cmd.Flags().CountVar(&force, "force", "write into an output directory that holds files nardydocs did not write, replacing them all (twice, --force --force, when they include a dotfile or .git; never the content directory or a directory around it)")
	return cmd
}

// printOutput says what a build did to the output directory besides
// writing the site: what --force replaced and what it could not keep of
// the publisher's (on stderr, always); the publisher's files it kept, when
// they are new to it, and a site written inside a mount point (reports).
func printOutput(cmd *cobra.Command, say io.Writer, out string, s *site.Published) {
	if len(s.Displaced) > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "--force: replaced what %s held: %s\n", out, strings.Join(s.Displaced, ", "))
	}
	for _, l := range s.Lost {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", filepath.Join(out, filepath.FromSlash(l.Name)), l.Why)
	}
	if len(s.Kept) > 0 {
		fmt.Fprintf(say, "kept what %s holds that nardydocs did not write: %s\n", out, strings.Join(summary(s.Kept), ", "))
	}
	if s.InPlace {
		fmt.Fprintf(say, "%s cannot be replaced whole (a mount point): the site was written inside it, each file replaced in one step\n", out)
	}
}

// summary names files by their first path element: a file as it is, a
// directory with the number of files in it ("extra/ (3 files)").
func summary(names []string) []string {
	var list []string
	counts := map[string]int{}
	for _, name := range names {
		top, _, deeper := strings.Cut(name, "/")
		if !deeper {
			list = append(list, name)
			continue
		}
		if counts[top] == 0 {
			list = append(list, top+"/")
		}
		counts[top]++
	}
	for i, name := range list {
		if n := counts[strings.TrimSuffix(name, "/")]; strings.HasSuffix(name, "/") {
			list[i] = name + " (" + count(n, "file") + ")"
		}
	}
	return list
}

func newCheckCmd() *cobra.Command {
	var f siteFlags
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Report every problem in the content without writing anything",
		Long: `Reads and computes the whole site as build does — every block, every claim
("expect:" lines), every link and translation, the templates — and
prints every problem as "path:line:col: message", and the warnings, but
writes nothing. The exit status is 1 when there is a problem, so check
fits a commit hook or a CI step. Drafts are left out, as by build,
unless --drafts is given.`,
		Example: `  nardydocs check
  nardydocs check --drafts --quiet       # problems only, the drafts' too
  nardydocs check --rules club           # does the content hold under club rules?`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := f.checkContent(); err != nil {
				return err
			}
			// The forms of the checker are rendered (and so checked);
			// its modules are not needed.
			s, err := site.Check(cmd.Context(), f.options())
			if err != nil {
				return buildError(cmd, err)
			}
			printWarnings(cmd.ErrOrStderr(), s)
			fmt.Fprintf(f.say(cmd), "ok: %s, %s\n", count(s.Pages, "page"), count(s.Figures, "figure"))
			return nil
		},
	}
	f.register(cmd)
	f.registerQuiet(cmd)
	f.registerDrafts(cmd, false)
	return cmd
}

func newDiffCmd() *cobra.Command {
	var f siteFlags
	var other []string
	var overridePinned bool
	cmd := &cobra.Command{
		Use:   "diff --rules key=value …",
		Short: "Show which figures would change under other rules, without writing anything",
		Long: `Builds the site twice in memory, under its own rule profile and with the
given overrides on top, and lists the figures whose tables or statistics
would change (a page and its translation on one line, with the rows as
they are and as they would be) and the claims ("expect:" lines) that would
no longer hold, so an editor knows which paragraphs to rewrite.

A block or a page that sets a rule itself, with a "rules:" line, keeps it
under the overrides; diff lists those blocks, by the line that sets the
rule, in both languages. --override-pinned applies the overrides to them
too, and shows what their figures would become.

The rules are key=value overrides or a preset's name:
` + presetHelp(),
		Example: `  nardydocs diff --rules no-draws
  nardydocs diff --rules no-draws --override-pinned
  nardydocs diff --rules head-exception=doubles --rules block-check=end-of-turn`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if len(other) == 0 {
				return usageError{errors.New("give the rules to compare with: --rules key=value (or a preset, e.g. --rules no-draws)")}
			}
			var check engine.Rules
			for _, kv := range other {
				if _, err := engine.ParseRules(check, kv); err != nil {
					return usageError{fmt.Errorf("--rules: %w", err)}
				}
			}
			if err := f.checkContent(); err != nil {
				return err
			}
			opt := f.options()
			opt.OverridePinned = overridePinned
			d, err := site.DiffRules(cmd.Context(), opt, other)
			if err != nil {
				return buildError(cmd, err)
			}
			fmt.Fprint(cmd.OutOrStdout(), d)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.content, "content", "content", "content directory (content/ru, content/uk)")
	fl.StringVar(&f.templates, "templates", "", "directory whose files override the embedded templates")
	fl.StringArrayVar(&other, "rules", nil, "the rules to compare with: key=value or a preset (repeatable)")
	fl.BoolVar(&overridePinned, "override-pinned", false, `apply the rules to the blocks and pages that set them themselves ("rules:" lines) too`)
	f.registerDrafts(cmd, false)
	return cmd
}

// count writes n and a noun, plural unless n is 1: "1 page", "4 pages".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// presetHelp lists the presets and rule keys for diff --help.
func presetHelp() string {
	var names, keys []string
	for _, p := range engine.Presets {
		names = append(names, p.Name)
	}
	for _, k := range engine.RuleKeys {
		keys = append(keys, k.Name+"="+strings.Join(k.Values, "|"))
	}
	return "  presets: " + strings.Join(names, ", ") + "\n  keys:    " + strings.Join(keys, "\n           ")
}
