package engine

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The text helpers stand for functions of the strings package; each must
// give exactly what that function gives.

var textSamples = []string{
	"", " ", "a", "24/18 13/7", " \t white: 24x15 # note\r", "a,,b,", ":::", "x=y=z",
	"\u00a0за 2\u00a0%\u00a0", "\u3000全角\u3000", "\u2000\u200a\u2028mid\u2029", "\x85end\x85",
	"bad\xffutf8\xfe ", "\xc2", "1/36", "/36", "78,2%", "<1%", "\u200b not a space \u200b",
}

func TestTextHelpersMatchStrings(t *testing.T) {
	for _, s := range textSamples {
		checkText(t, s)
	}
}

func TestIsSpaceIsUnicodeWhiteSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if isSpace(r) != unicode.IsSpace(r) {
			t.Fatalf("isSpace(%U) = %v, unicode.IsSpace says %v", r, isSpace(r), unicode.IsSpace(r))
		}
	}
}

func TestNumbersMatchStrconv(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 15, 36, 99, 100, 12345, -1, -10, -987, math.MaxInt64, math.MinInt64} {
		if got, want := itoa(n), strconv.Itoa(n); got != want {
			t.Errorf("itoa(%d) = %q, want %q", n, got, want)
		}
		if got, want := string(appendInt([]byte("x"), int64(n))), "x"+strconv.Itoa(n); got != want {
			t.Errorf("appendInt(%d) = %q, want %q", n, got, want)
		}
	}
	for _, s := range []string{"0", "7", "+7", "-7", "15", "007", "", "+", "-", "1x", "x1", " 1", "1 ",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"18446744073709551615", "18446744073709551616", "99999999999999999999999"} {
		checkAtoi(t, s)
	}
	for _, c := range []rune{'-', 'é', '\'', '"', '\n', 0x7f, 0xfffd} {
		want := strconv.QuoteRune(c)
		if c == '"' || c == 0x7f || c == '\n' || c == '\'' {
			continue // quote escapes these its own way
		}
		if got := quoteRune(c); got != want {
			t.Errorf("quoteRune(%q) = %s, want %s", c, got, want)
		}
	}
}

func checkAtoi(t *testing.T, s string) {
	t.Helper()
	n, ok := atoi(s)
	m, err := strconv.Atoi(s)
	if ok != (err == nil) || ok && n != m {
		t.Errorf("atoi(%q) = %d, %v; strconv.Atoi gives %d, %v", s, n, ok, m, err)
	}
}

func FuzzTextHelpers(f *testing.F) {
	for _, s := range textSamples {
		f.Add(s)
	}
	f.Fuzz(checkText)
}

func checkText(t *testing.T, s string) {
	t.Helper()
	for _, sep := range []byte{'/', ' ', ',', ':', '='} {
		b1, a1, f1 := cut(s, sep)
		b2, a2, f2 := strings.Cut(s, string(sep))
		if b1 != b2 || a1 != a2 || f1 != f2 {
			t.Errorf("cut(%q, %q) = %q, %q, %v; strings.Cut gives %q, %q, %v", s, sep, b1, a1, f1, b2, a2, f2)
		}
		if got, want := indexByte(s, sep), strings.IndexByte(s, sep); got != want {
			t.Errorf("indexByte(%q, %q) = %d, want %d", s, sep, got, want)
		}
	}
	for _, sub := range []string{"", "/36", "\u00a0", "%", "ab", s} {
		if got, want := index(s, sub), strings.Index(s, sub); got != want {
			t.Errorf("index(%q, %q) = %d, want %d", s, sub, got, want)
		}
		if got, want := hasPrefix(s, sub), strings.HasPrefix(s, sub); got != want {
			t.Errorf("hasPrefix(%q, %q) = %v, want %v", s, sub, got, want)
		}
		b1, f1 := cutSuffix(s, sub)
		b2, f2 := strings.CutSuffix(s, sub)
		if b1 != b2 || f1 != f2 {
			t.Errorf("cutSuffix(%q, %q) = %q, %v; want %q, %v", s, sub, b1, f1, b2, f2)
		}
		if sub != "" {
			if got, want := removeAll(s, sub), strings.ReplaceAll(s, sub, ""); got != want {
				t.Errorf("removeAll(%q, %q) = %q, want %q", s, sub, got, want)
			}
		}
	}
	if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
		t.Errorf("trimSpace(%q) = %q, want %q", s, got, want)
	}
	if got, want := blank(s), strings.Trim(s, " \t\n\v\f\r") == ""; got != want {
		t.Errorf("blank(%q) = %v, want %v", s, got, want)
	}
	if got, want := trimLeft(s, " \t"), strings.TrimLeft(s, " \t"); got != want {
		t.Errorf("trimLeft(%q) = %q, want %q", s, got, want)
	}
	if got, want := trimRight(s, " \t\r"), strings.TrimRight(s, " \t\r"); got != want {
		t.Errorf("trimRight(%q) = %q, want %q", s, got, want)
	}
	if got, want := fields(s), strings.Fields(s); !slices.Equal(got, want) {
		t.Errorf("fields(%q) = %q, want %q", s, got, want)
	}
	checkAtoi(t, s)
	parts := strings.Split(s, ",")
	if got, want := join(parts, ", "), strings.Join(parts, ", "); got != want {
		t.Errorf("join(%q) = %q, want %q", parts, got, want)
	}
}
