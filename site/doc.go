// Package site builds the nardydocs static site: it reads the Markdown
// pages under content/ru and content/uk, runs every ```nardy position
// block through the rules engine (diagram, legal-move table, dice
// statistics, illegal-move explanations), renders the pages through the
// templates and writes the whole site atomically.
//
// A build reports every problem it finds, each as "path:line:col:
// message", and writes nothing when there is any.
package site
