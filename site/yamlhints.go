package site

import (
	"strings"

	"github.com/nardydocs/nardydocs/engine"
)

// yamlProblem words a YAML parser's message msg, about the place at of
// src (whose first line is line+1 of its file), for the author: the two
// mistakes made most often in front matter get what to write instead.
//
//   - A value that holds ": " ("description: Сколько шашек: одну"): the
//     parser takes the second colon for another key. The value goes in
//     quotes; the message quotes the line as it should be.
//   - A tab: YAML indents with spaces only.
func yamlProblem(msg string, src []byte, at engine.Pos, line int) string {
	text := ""
	if n := at.Line - line - 1; n >= 0 {
		lines := strings.Split(string(src), "\n")
		if n < len(lines) {
			text = strings.TrimSuffix(lines[n], "\r")
		}
	}
	switch {
	case strings.Contains(msg, "'\t'") || strings.Contains(msg, "tab character"):
		return `YAML: a tab: indent with spaces, not tabs`
	case strings.Contains(msg, "mapping value is not allowed"):
		if key, val, ok := strings.Cut(text, ": "); ok && strings.Contains(val, ": ") && !strings.ContainsAny(key, `"'{}[]`) {
			val = strings.TrimSpace(val)
			quoted := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(val) + `"`
			return `YAML: the value holds ": ", so quote it: ` + strings.TrimSpace(key) + ": " + quoted
		}
		return `YAML: ` + msg + ` (quote a value that holds ": ")`
	}
	return "YAML: " + msg
}
