// Package site builds the nardydocs static site: it reads the Markdown
// pages under content/ru and content/uk, runs every ```nardy position
// block through the rules engine (diagram, legal-move table, dice
// statistics, illegal-move explanations) and hands the pages to an
// Output as they are rendered.
//
// A build is a pipeline of four stages, each a function of the previous
// one's result:
//
//   - read (read.go): the configuration (config.go: the site's name,
//     logo, languages, address, rules, edit link, how a missing
//     translation is taken), the templates and every page with its
//     front matter, the drafts left out unless Options.Drafts — a
//     source;
//   - analyse (analyse.go): every page's Markdown and blocks parsed, and
//     the site checked as a whole — links (links.go), translations
//     (translations.go), the paths of generated pages — and its table of
//     contents made (nav.go): an index, which holds what every page needs
//     of the others (headings, links, translations, claims) and little
//     more;
//   - render (render.go): every page's figures computed (figure.go,
//     odds.go, stats.go, table.go; written in Go by figurehtml.go), its
//     text set in the layout and the page handed to the Output at once,
//     so that memory holds the index and the pages in flight, not the
//     whole site;
//   - emit (emit.go): the files that are not content pages — the style
//     sheet, the worksheets (worksheet.go), the print documents composed
//     of the pages' parts (print.go), the notation pages (notation.go),
//     the contents pages, the sitemap.
//
// A Memo (package site/memo) is an optional helper beside the pipeline:
// a figure or a page is found there by the digest of all its inputs
// (figureInput, pageInput in keys.go), and the site is the same, byte for
// byte, with it as without. Publish is the command line's build: into a
// directory written atomically (package site/outdir), with the memo kept
// on disk, and a site left as it is when its input did not change. The
// development server is package site/serve.
//
// A build reports every problem it finds, each as "path:line:col:
// message" in an engine.ErrorList; an option it cannot take is an
// *OptionError, a directory it may not write into an *outdir.Error.
// What does not stop it (a page missing in a language under
// "translations: fallback") is in Site.Warnings.
package site
