// Package site builds the nardydocs static site: it reads the Markdown
// pages under content/ru and content/uk, runs every ```nardy position
// block through the rules engine (diagram, legal-move table, dice
// statistics, illegal-move explanations), renders the pages through the
// templates and writes the whole site atomically.
//
// A build runs in stages, each in a file of its own: read.go reads the
// configuration and the pages, analyse.go parses every page and computes
// every block (figure.go, odds.go), links.go resolves the links between
// pages, nav.go orders the table of contents (and makes the contents
// page of a large site), render.go renders the pages, worksheet.go and
// print.go the worksheets and print documents gathered from them,
// write.go writes the site. The goldmark extension for
// position blocks is package site/markdown.
//
// A build reports every problem it finds, each as "path:line:col:
// message" in an engine.ErrorList, and writes nothing when there is any.
package site
