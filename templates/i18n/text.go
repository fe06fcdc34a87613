package i18n

// Like the engine, this package does without the strings and strconv
// packages, whose imports bring in the unicode tables and errors with its
// reflection: the WebAssembly checker compiles it too.

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

// itoa is strconv.Itoa.
//
//go:noinline
func itoa(n int) string {
	u := uint(n)
	if n < 0 {
		u = -u
	}
	var b [21]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if n < 0 {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
