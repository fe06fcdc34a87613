package i18n

// Like the engine, this package does without the strings package, whose
// import brings in the unicode tables: the WebAssembly checker compiles
// it too.

// indexByte is strings.IndexByte.
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
