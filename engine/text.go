package engine

import "unicode/utf8"

// The engine does its text work with these helpers instead of the strings
// and strconv packages: importing strings brings in the unicode package
// and its start-up tables, strconv brings in errors and its reflection,
// and the WebAssembly checker (which compiles this package) carries all
// of it. They are small, and a test holds each to the function of the
// standard library it stands for.

// cut is strings.Cut for a one-byte separator.
//
//go:noinline
func cut(s string, sep byte) (before, after string, found bool) {
	if i := indexByte(s, sep); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// indexByte is strings.IndexByte.
//
//go:noinline
func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// hasByte reports whether s contains c.
func hasByte(s string, c byte) bool { return indexByte(s, c) >= 0 }

// index is strings.Index, for the short texts of blocks and claims.
func index(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// hasPrefix is strings.HasPrefix.
func hasPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && s[:len(prefix)] == prefix
}

// cutSuffix is strings.CutSuffix.
func cutSuffix(s, suffix string) (before string, found bool) {
	if len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}

// removeAll returns s without any occurrence of sub.
func removeAll(s, sub string) string {
	var b []byte
	for {
		i := index(s, sub)
		if i < 0 || sub == "" {
			break
		}
		b = append(b, s[:i]...)
		s = s[i+len(sub):]
	}
	if b == nil {
		return s
	}
	return string(append(b, s...))
}

// join is strings.Join.
func join(list []string, sep string) string {
	var b []byte
	for i, s := range list {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, s...)
	}
	return string(b)
}

// blank reports whether s holds nothing but ASCII white space.
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && (c < '\t' || c > '\r') {
			return false
		}
	}
	return true
}

// isSpace is unicode.IsSpace: the Unicode White_Space property.
func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// trimSpace is strings.TrimSpace.
func trimSpace(s string) string {
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		if !isSpace(r) {
			break
		}
		s = s[n:]
	}
	for s != "" {
		r, n := utf8.DecodeLastRuneInString(s)
		if !isSpace(r) {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

// trimLeft is strings.TrimLeft for a cutset of single bytes.
func trimLeft(s, cutset string) string {
	for s != "" && hasByte(cutset, s[0]) {
		s = s[1:]
	}
	return s
}

// trimRight is strings.TrimRight for a cutset of single bytes.
func trimRight(s, cutset string) string {
	for s != "" && hasByte(cutset, s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// fields is strings.Fields.
func fields(s string) []string {
	var out []string
	start := -1
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isSpace(r) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += n
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// itoa is strconv.Itoa.
//
//go:noinline
func itoa(n int) string { return string(appendInt(nil, int64(n))) }

// appendInt is strconv.AppendInt in base 10.
func appendInt(b []byte, n int64) []byte {
	u := uint64(n)
	if n < 0 {
		b = append(b, '-')
		u = -u
	}
	var digits [20]byte
	i := len(digits)
	for {
		i--
		digits[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	return append(b, digits[i:]...)
}

// atoi is strconv.Atoi: an optional sign, then decimal digits, within
// the range of int.
func atoi(s string) (int, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	var u uint64
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || u > (1<<63)/10 {
			return 0, false
		}
		u = 10*u + uint64(s[i]-'0')
		if u > 1<<63 {
			return 0, false
		}
	}
	if neg {
		return int(-u), true
	}
	if u == 1<<63 {
		return 0, false
	}
	return int(u), true
}

// quoteRune writes c in single quotes for a message, escaped as quote
// escapes.
func quoteRune(c rune) string {
	q := quote(string(c))
	return "'" + q[1:len(q)-1] + "'"
}
