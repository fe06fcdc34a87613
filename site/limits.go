package site

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/nardydocs/nardydocs/engine"
)

// Bounds no real page reaches, checked before a page's text is handed to
// goldmark or its front matter to the YAML parser: both take time that
// grows faster than the text on some shapes of it (a list nested a
// thousand deep, brackets nested thousands deep in YAML, a line of
// thousands of links), and a page past a bound is reported at the place
// it is passed, and not parsed.
const (
	// MaxYAML is the most bytes of a page's front matter, or of the
	// site's configuration file.
	MaxYAML = 64 << 10
	// MaxYAMLDepth is how deep "[" and "{" may nest in YAML; a front
	// matter's values are single words or lines, the configuration's
	// a list or a mapping of them.
	MaxYAMLDepth = 8
	// MaxLine is the most characters of one line of a page.
	MaxLine = 10000
	// MaxLinks is the most links ("](") one line of a page may hold.
	MaxLinks = 500
	// MaxParagraphBrackets is the most "[" one paragraph may hold (its
	// lines between blank lines, list items, quotes and headings): at
	// each link goldmark reads the rest of the paragraph, and it keeps
	// every bracket until the paragraph ends.
	MaxParagraphBrackets = 1000
	// MaxHeadings is the most headings of one page (each is an id, and a
	// second-level one an entry of the page's list of its sections).
	MaxHeadings = 1000
	// MaxNesting is how deep lists and block quotes may nest in a page.
	MaxNesting = 32
	// MaxFigures is the most position blocks and tables of one page
	// (the longest page of the project's own content has 16): a page
	// and its figures are held in memory while it is rendered.
	MaxFigures = 200
)

// yamlBounds reports, in errs, where YAML text src (whose first line is
// line+1 of file) passes MaxYAML or MaxYAMLDepth, and tells whether it is
// within both.
func yamlBounds(src []byte, file string, line int, errs *engine.ErrorList) bool {
	if len(src) > MaxYAML {
		errs.Add(engine.Pos{File: file, Line: line + 1, Col: 1}, "the YAML is "+strconv.Itoa(len(src))+" bytes long, more than "+strconv.Itoa(MaxYAML)+" (a few lines of \"key: value\" are all it needs)")
		return false
	}
	depth, ln, col := 0, line+1, 1
	for _, c := range string(src) {
		if c != '\n' && controlChar(string(c)) == 0 {
			errs.Add(engine.Pos{File: file, Line: ln, Col: col}, "a control character ("+fmt.Sprintf("U+%04X", c)+"), which no page shows: delete it")
			return false
		}
		switch c {
		case '\n':
			ln, col = ln+1, 0
		case '[', '{':
			if depth++; depth > MaxYAMLDepth {
				errs.Add(engine.Pos{File: file, Line: ln, Col: col}, "brackets nested more than "+strconv.Itoa(MaxYAMLDepth)+" deep: a value here is a word, a line, or a list of them")
				return false
			}
		case ']', '}':
			depth = max(0, depth-1)
		}
		col++
	}
	return true
}

// textBounds reports, in errs, every line of page text src (of file)
// that passes MaxLine, MaxLinks or MaxNesting, and tells whether the
// text is within all three. Lines inside fenced code blocks count for
// MaxLine only.
func textBounds(src []byte, file string, errs *engine.ErrorList) bool {
	ok := true
	fail := func(line, col int, msg string) {
		errs.Add(engine.Pos{File: file, Line: line, Col: col}, msg)
		ok = false
	}
	var fence []byte  // the open fence's marker ("```"), or nil
	var items []int   // the content columns of the open list items
	paragraph := 0    // the brackets of the paragraph so far
	reported := false // the paragraph's brackets are reported
	headings := 0
	for n, rest := 1, src; len(rest) > 0; n++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if i := controlByte(line); i >= 0 {
			r, _ := utf8.DecodeRuneInString(string(line[i:]))
			fail(n, utf8.RuneCount(line[:i])+1, "a control character ("+fmt.Sprintf("U+%04X", r)+"), which no page shows: delete it")
			continue
		}
		trimmed := bytes.TrimLeft(line, " \t")
		// A line of no more bytes than MaxLine has no more characters:
		// only a longer one is counted. (The front matter is blanked with
		// spaces.)
		if len(line) > MaxLine && len(trimmed) > 0 {
			if chars := utf8.RuneCount(line); chars > MaxLine {
				fail(n, MaxLine+1, "the line is "+strconv.Itoa(chars)+" characters long, more than "+strconv.Itoa(MaxLine)+": break it")
				continue
			}
		}
		if fence != nil {
			if bytes.HasPrefix(trimmed, fence) && len(bytes.Trim(trimmed, string(fence[:1])+" \t")) == 0 {
				fence = nil
			}
			continue
		}
		if f := fenceOf(trimmed); f != nil {
			fence = f
			continue
		}
		if len(trimmed) == 0 || trimmed[0] == '>' || trimmed[0] == '#' || listMarker(trimmed) > 0 {
			paragraph, reported = 0, false
		}
		links := bytes.Count(line, []byte("]("))
		if links > MaxLinks {
			fail(n, 1, "the line holds "+strconv.Itoa(links)+" links, more than "+strconv.Itoa(MaxLinks)+": break it")
			reported = true
			continue
		}
		if paragraph += bytes.Count(line, []byte("[")); paragraph > MaxParagraphBrackets && !reported {
			fail(n, 1, `the paragraph holds more than `+strconv.Itoa(MaxParagraphBrackets)+` links or "[": break it with blank lines`)
			reported = true
		}
		if heading(trimmed) {
			if headings++; headings == MaxHeadings+1 {
				fail(n, 1, "the page has more than "+strconv.Itoa(MaxHeadings)+" headings: split it into several pages")
			}
		}
		if depth, col := nesting(line, &items); depth > MaxNesting {
			fail(n, col, "lists and quotes nested "+strconv.Itoa(depth)+" deep, more than "+strconv.Itoa(MaxNesting))
			items = items[:0]
		}
	}
	return ok
}

// heading tells whether line (without its indentation) may be a heading:
// "# …", or the line under one ("===", "---").
func heading(line []byte) bool {
	if len(line) == 0 {
		return false
	}
	if line[0] == '#' {
		n := 0
		for n < len(line) && line[n] == '#' {
			n++
		}
		return n <= 6 && (n == len(line) || line[n] == ' ' || line[n] == '\t')
	}
	return (line[0] == '=' || line[0] == '-') && len(bytes.TrimRight(bytes.TrimRight(line, " \t"), string(line[:1]))) == 0
}

// controlChar returns the byte offset of the first control character
// of s (C0 but the tab and the carriage return, which Markdown takes for
// a line's end; DEL; C1), or -1.
func controlChar(s string) int {
	for i, r := range s {
		if r < 0x20 && r != '\t' && r != '\r' || r >= 0x7f && r < 0xa0 {
			return i
		}
	}
	return -1
}

// controlByte is controlChar of a line's bytes, read byte by byte: a
// C0 control and DEL are bytes below 0x80, which are never part of
// another character in UTF-8, and a C1 control is 0xC2 followed by a
// byte from 0x80 to 0x9F, which is never anything else.
func controlByte(line []byte) int {
	for i, b := range line {
		switch {
		case b < 0x20 && b != '\t' && b != '\r', b == 0x7f:
			return i
		case b == 0xc2 && i+1 < len(line) && line[i+1] >= 0x80 && line[i+1] < 0xa0:
			return i
		}
	}
	return -1
}

// fenceOf returns the marker of the code fence that line (without its
// indentation) opens ("```", "~~~~"), or nil.
func fenceOf(line []byte) []byte {
	if len(line) < 3 || line[0] != '`' && line[0] != '~' {
		return nil
	}
	n := 0
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 || line[0] == '`' && bytes.IndexByte(line[n:], '`') >= 0 {
		return nil
	}
	return line[:n]
}

// nesting returns how deep the lists and block quotes that line is in
// nest, and the column (in bytes, from 1) where the deepest begins.
// items holds the content columns of the list items open before the
// line and is updated: a list item opens one, a line that starts left
// of an item's content closes it. It is an estimate, from the line's
// beginning only: it may count too few, never many more than goldmark
// opens.
func nesting(line []byte, items *[]int) (depth, at int) {
	i, quotes := 0, 0
	first := true
	for {
		w := i
		for w < len(line) && (line[w] == ' ' || line[w] == '\t') {
			w++
		}
		if w == len(line) {
			if i == 0 {
				return len(*items), 1 // a blank line keeps the lists open
			}
			break
		}
		if first {
			for len(*items) > 0 && (*items)[len(*items)-1] > w {
				*items = (*items)[:len(*items)-1]
			}
			first = false
		}
		switch m := listMarker(line[w:]); {
		case line[w] == '>':
			quotes++
			i = w + 1
		case m > 0 && !thematicBreak(line[w:]):
			*items = append(*items, w+m+1)
			i = w + m + 1
		default:
			return len(*items) + quotes, w + 1
		}
		at = w + 1
		if i >= len(line) {
			break
		}
	}
	return len(*items) + quotes, at
}

// listMarker returns the length of the list item marker s starts with
// ("-", "*", "+", "1.", "12)") when a space, a tab or the line's end
// follows it, or 0.
func listMarker(s []byte) int {
	n := 0
	switch {
	case len(s) > 0 && (s[0] == '-' || s[0] == '*' || s[0] == '+'):
		n = 1
	default:
		for n < len(s) && n < 9 && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(s) || s[n] != '.' && s[n] != ')' {
			return 0
		}
		n++
	}
	if n < len(s) && s[n] != ' ' && s[n] != '\t' {
		return 0
	}
	return n
}

// thematicBreak tells whether line is a thematic break ("---", "* * *").
func thematicBreak(line []byte) bool {
	var mark byte
	count := 0
	for _, c := range line {
		switch {
		case c == ' ' || c == '\t':
		case mark == 0 && (c == '-' || c == '*' || c == '_'):
			mark, count = c, 1
		case c == mark:
			count++
		default:
			return false
		}
	}
	return count >= 3
}
