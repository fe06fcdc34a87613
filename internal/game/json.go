package game

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// The saved form is JSON, written and read here rather than with
// encoding/json, so that a WebAssembly module with the game does not
// carry reflection: the schema is small and fixed.

// jvalue is one parsed JSON value.
type jvalue struct {
	kind byte // 's' string, 'n' integer, 'b' boolean, 'z' null, 'a' array, 'o' object
	at   int  // the byte offset where it starts
	str  string
	num  int
	b    bool
	arr  []jvalue
	obj  []jfield
}

type jfield struct {
	name string
	val  jvalue
}

// maxDepth bounds the nesting a saved game may have (it uses 3).
const maxDepth = 4

// jparser reads JSON text.
type jparser struct {
	s   string
	i   int
	err error
}

// parseJSON parses one JSON value filling the whole of s.
func parseJSON(s string) (jvalue, error) {
	p := &jparser{s: s}
	v := p.value(0)
	p.space()
	if p.err == nil && p.i < len(p.s) {
		p.fail("text after the game")
	}
	return v, p.err
}

func (p *jparser) fail(msg string) {
	if p.err == nil {
		p.err = errors.New("byte " + strconv.Itoa(p.i+1) + ": " + msg)
	}
	p.i = len(p.s)
}

func (p *jparser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *jparser) value(depth int) jvalue {
	p.space()
	v := jvalue{at: p.i}
	if p.i >= len(p.s) {
		p.fail("the text ends where a value is expected")
		return v
	}
	switch c := p.s[p.i]; {
	case c == '{' || c == '[':
		if depth >= maxDepth {
			p.fail("nested too deep")
			return v
		}
		p.i++
		v.kind = 'a'
		end := byte(']')
		if c == '{' {
			v.kind, end = 'o', '}'
		}
		p.space()
		if p.i < len(p.s) && p.s[p.i] == end {
			p.i++
			return v
		}
		for p.err == nil {
			if v.kind == 'o' {
				p.space()
				if p.i >= len(p.s) || p.s[p.i] != '"' {
					p.fail("expected a field name in quotes")
					return v
				}
				name := p.str()
				p.space()
				if p.i >= len(p.s) || p.s[p.i] != ':' {
					p.fail(`expected ":" after a field name`)
					return v
				}
				p.i++
				v.obj = append(v.obj, jfield{name, p.value(depth + 1)})
			} else {
				v.arr = append(v.arr, p.value(depth+1))
			}
			p.space()
			switch {
			case p.i < len(p.s) && p.s[p.i] == ',':
				p.i++
			case p.i < len(p.s) && p.s[p.i] == end:
				p.i++
				return v
			default:
				p.fail(`expected "," or "` + string(end) + `"`)
			}
		}
	case c == '"':
		v.kind, v.str = 's', p.str()
	case c == '-' || '0' <= c && c <= '9':
		j := p.i
		if c == '-' {
			j++
		}
		k := j
		for k < len(p.s) && '0' <= p.s[k] && p.s[k] <= '9' {
			k++
		}
		if k == j || k-j > 9 || p.s[j] == '0' && k-j > 1 || k < len(p.s) && (p.s[k] == '.' || p.s[k] == 'e' || p.s[k] == 'E') {
			p.fail("expected a whole number of at most 9 digits")
			return v
		}
		v.kind = 'n'
		v.num, _ = strconv.Atoi(p.s[p.i:k])
		p.i = k
	default:
		for _, w := range []struct {
			text string
			kind byte
			b    bool
		}{{"true", 'b', true}, {"false", 'b', false}, {"null", 'z', false}} {
			if len(p.s)-p.i >= len(w.text) && p.s[p.i:p.i+len(w.text)] == w.text {
				p.i += len(w.text)
				v.kind, v.b = w.kind, w.b
				return v
			}
		}
		p.fail("expected a JSON value")
	}
	return v
}

// str reads a string starting at the quote at p.i.
func (p *jparser) str() string {
	p.i++ // the opening quote
	var b []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b)
		case c < 0x20:
			p.fail("a control character in a string")
			return ""
		case c == '\\':
			if p.i+1 >= len(p.s) {
				p.fail("the text ends in a string")
				return ""
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r := p.hex4()
				if utf16.IsSurrogate(r) {
					if p.i+1 < len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
						p.i += 2
						r = utf16.DecodeRune(r, p.hex4())
					} else {
						r = utf8.RuneError
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				p.i--
				p.fail(`unknown escape "\` + string(e) + `"`)
				return ""
			}
		default:
			r, n := utf8.DecodeRuneInString(p.s[p.i:])
			if r == utf8.RuneError && n == 1 {
				p.fail("a string is not valid UTF-8")
				return ""
			}
			b = append(b, p.s[p.i:p.i+n]...)
			p.i += n
		}
	}
	p.fail("the text ends in a string")
	return ""
}

// hex4 reads the four hex digits of a \u escape.
func (p *jparser) hex4() rune {
	if p.i+4 > len(p.s) {
		p.fail(`a "\u" escape needs four hex digits`)
		return 0
	}
	n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		p.fail(`a "\u" escape needs four hex digits`)
		return 0
	}
	p.i += 4
	return rune(n)
}

// appendJSONString writes s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&15])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

// fields checks that v is an object whose fields are among names, each
// once, and returns them by name.
func fields(v jvalue, what string, names ...string) (map[string]jvalue, error) {
	if v.kind != 'o' {
		return nil, errors.New(what + ": expected an object")
	}
	out := make(map[string]jvalue, len(v.obj))
	for _, f := range v.obj {
		known := false
		for _, n := range names {
			known = known || n == f.name
		}
		if !known {
			return nil, errors.New(what + ": unknown field " + strconv.Quote(f.name))
		}
		if _, dup := out[f.name]; dup {
			return nil, errors.New(what + ": field " + strconv.Quote(f.name) + " twice")
		}
		out[f.name] = f.val
	}
	return out, nil
}

// getString, getInt and getBool read an optional field of a type; a
// missing field is the zero value.
func getString(m map[string]jvalue, name string) (string, error) {
	v, ok := m[name]
	if !ok {
		return "", nil
	}
	if v.kind != 's' {
		return "", errors.New("field " + strconv.Quote(name) + ": expected a string")
	}
	return v.str, nil
}

func getInt(m map[string]jvalue, name string) (int, error) {
	v, ok := m[name]
	if !ok {
		return 0, nil
	}
	if v.kind != 'n' {
		return 0, errors.New("field " + strconv.Quote(name) + ": expected a number")
	}
	return v.num, nil
}

func getBool(m map[string]jvalue, name string) (bool, error) {
	v, ok := m[name]
	if !ok {
		return false, nil
	}
	if v.kind != 'b' {
		return false, errors.New("field " + strconv.Quote(name) + ": expected true or false")
	}
	return v.b, nil
}

// getArray reads an optional array field.
func getArray(m map[string]jvalue, name string) ([]jvalue, error) {
	v, ok := m[name]
	if !ok {
		return nil, nil
	}
	if v.kind != 'a' {
		return nil, errors.New("field " + strconv.Quote(name) + ": expected an array")
	}
	return v.arr, nil
}
