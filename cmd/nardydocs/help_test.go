package main

import (
	"io"
	"strings"
	"testing"
)

// TestEveryCommandHasHelp: every command says what it does at length and
// gives examples, and every example is a command line nardydocs takes:
// its command exists and its flags are that command's.
func TestEveryCommandHasHelp(t *testing.T) {
	root := newRootCmd(strings.NewReader(""), io.Discard, io.Discard)
	cmds := append(root.Commands(), root)
	seen := 0
	for _, cmd := range cmds {
		if cmd.Name() == "help" || cmd.Name() == "completion" {
			continue
		}
		seen++
		if len(strings.Fields(cmd.Long)) < 20 {
			t.Errorf("%s: its help says too little: %q", cmd.Name(), cmd.Long)
		}
		if cmd.Example == "" {
			t.Errorf("%s: no example", cmd.Name())
		}
		for _, line := range strings.Split(cmd.Example, "\n") {
			// The nardydocs command line of the example, without what a
			// shell does around it.
			_, line, ok := strings.Cut(line, "nardydocs ")
			if !ok {
				continue
			}
			line, _, _ = strings.Cut(line, "#")
			for _, sep := range []string{"&&", "|", ">"} {
				line, _, _ = strings.Cut(line, sep)
			}
			args := strings.Fields(strings.ReplaceAll(line, `"`, ""))
			c, rest, err := root.Find(args)
			if err != nil || c == root && cmd != root {
				t.Errorf("%s: the example %q names no command: %v", cmd.Name(), line, err)
				continue
			}
			if err := c.ParseFlags(rest); err != nil {
				t.Errorf("%s: the example %q: %v", cmd.Name(), line, err)
			}
		}
	}
	if seen < 8 {
		t.Errorf("only %d commands", seen)
	}
}
