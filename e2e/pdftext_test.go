package e2e

import (
	"bytes"
	"compress/zlib"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
)

// pdfPages returns the text of every page of a PDF, in page order. It
// reads just what Chromium's PDF writer (Skia) produces: PDF 1.4 without
// object streams, Flate-compressed content streams, fonts with ToUnicode
// maps, text shown with Tj/TJ, and form XObjects. The text of a page is
// every string it shows, joined in drawing order, so a test can ask which
// page a piece of text is printed on.
func pdfPages(data []byte) ([]string, error) {
	d := &pdfDoc{objs: map[int]pdfObj{}, cmaps: map[int]map[string]string{}}
	if err := d.parseObjects(data); err != nil {
		return nil, err
	}
	root := d.findDict(`/Type\s*/Catalog`)
	if root < 0 {
		return nil, errors.New("pdf: no catalog")
	}
	m := regexp.MustCompile(`/Pages\s+(\d+)\s+0\s+R`).FindStringSubmatch(d.objs[root].dict)
	if m == nil {
		return nil, errors.New("pdf: the catalog has no page tree")
	}
	var pages []int
	var walk func(n, depth int)
	walk = func(n, depth int) {
		if depth > 32 {
			return
		}
		o := d.objs[n]
		if regexp.MustCompile(`/Type\s*/Page\b[^s]`).MatchString(o.dict + " ") {
			pages = append(pages, n)
			return
		}
		if k := regexp.MustCompile(`/Kids\s*\[([^\]]*)\]`).FindStringSubmatch(o.dict); k != nil {
			for _, r := range refs(k[1]) {
				walk(r, depth+1)
			}
		}
	}
	top, _ := strconv.Atoi(m[1])
	walk(top, 0)
	out := make([]string, len(pages))
	for i, p := range pages {
		var sb strings.Builder
		o := d.objs[p]
		var contents []int
		if c := regexp.MustCompile(`/Contents\s*\[([^\]]*)\]`).FindStringSubmatch(o.dict); c != nil {
			contents = refs(c[1])
		} else if c := regexp.MustCompile(`/Contents\s+(\d+)\s+0\s+R`).FindStringSubmatch(o.dict); c != nil {
			n, _ := strconv.Atoi(c[1])
			contents = []int{n}
		}
		res := d.resources(o.dict)
		for _, c := range contents {
			stream, err := d.stream(c)
			if err != nil {
				return nil, err
			}
			d.text(&sb, stream, res, 0)
		}
		out[i] = sb.String()
	}
	return out, nil
}

type pdfObj struct {
	dict   string // the object's text before any stream
	stream []byte // the raw stream data, if any
}

type pdfDoc struct {
	objs  map[int]pdfObj
	cmaps map[int]map[string]string // ToUnicode maps by font object
}

var objStart = regexp.MustCompile(`(?m)(\d+)\s+0\s+obj\b`)

// parseObjects reads every "N 0 obj … endobj" of the file.
func (d *pdfDoc) parseObjects(data []byte) error {
	locs := objStart.FindAllSubmatchIndex(data, -1)
	for _, loc := range locs {
		n, _ := strconv.Atoi(string(data[loc[2]:loc[3]]))
		body := data[loc[1]:]
		var o pdfObj
		si := bytes.Index(body, []byte("stream"))
		ei := bytes.Index(body, []byte("endobj"))
		if ei < 0 {
			return errors.New("pdf: object " + strconv.Itoa(n) + " has no endobj")
		}
		if si < 0 || si > ei {
			o.dict = string(body[:ei])
			d.objs[n] = o
			continue
		}
		o.dict = string(body[:si])
		s := body[si+len("stream"):]
		if bytes.HasPrefix(s, []byte("\r\n")) {
			s = s[2:]
		} else if bytes.HasPrefix(s, []byte("\n")) {
			s = s[1:]
		}
		if m := regexp.MustCompile(`/Length\s+(\d+)(\s+0\s+R)?`).FindStringSubmatch(o.dict); m != nil && m[2] == "" {
			if l, _ := strconv.Atoi(m[1]); l <= len(s) {
				o.stream = s[:l]
			}
		}
		if o.stream == nil {
			end := bytes.Index(s, []byte("endstream"))
			if end < 0 {
				return errors.New("pdf: object " + strconv.Itoa(n) + " has no endstream")
			}
			o.stream = bytes.TrimRight(s[:end], "\r\n")
		}
		d.objs[n] = o
	}
	if len(d.objs) == 0 {
		return errors.New("pdf: no objects")
	}
	return nil
}

func (d *pdfDoc) findDict(pattern string) int {
	re := regexp.MustCompile(pattern)
	for n, o := range d.objs {
		if re.MatchString(o.dict) {
			return n
		}
	}
	return -1
}

// stream returns the decoded stream of object n.
func (d *pdfDoc) stream(n int) ([]byte, error) {
	o, ok := d.objs[n]
	if !ok {
		return nil, errors.New("pdf: no object " + strconv.Itoa(n))
	}
	if !strings.Contains(o.dict, "/FlateDecode") {
		return o.stream, nil
	}
	r, err := zlib.NewReader(bytes.NewReader(o.stream))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// refs reads "1 0 R 2 0 R …".
func refs(s string) []int {
	var out []int
	for _, m := range regexp.MustCompile(`(\d+)\s+0\s+R`).FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}

// pdfRes is what a content stream can name: fonts and form XObjects.
type pdfRes struct {
	fonts, xobjects map[string]int
}

// resources reads the /Resources of a page or form dictionary.
func (d *pdfDoc) resources(dict string) pdfRes {
	res := pdfRes{fonts: map[string]int{}, xobjects: map[string]int{}}
	if m := regexp.MustCompile(`/Resources\s+(\d+)\s+0\s+R`).FindStringSubmatch(dict); m != nil {
		n, _ := strconv.Atoi(m[1])
		dict = d.objs[n].dict
	}
	for key, into := range map[string]map[string]int{"Font": res.fonts, "XObject": res.xobjects} {
		sub := ""
		if m := regexp.MustCompile(`/` + key + `\s*<<([^>]*)>>`).FindStringSubmatch(dict); m != nil {
			sub = m[1]
		} else if m := regexp.MustCompile(`/` + key + `\s+(\d+)\s+0\s+R`).FindStringSubmatch(dict); m != nil {
			n, _ := strconv.Atoi(m[1])
			sub = d.objs[n].dict
		}
		for _, m := range regexp.MustCompile(`/([^\s/<>\[\]()]+)\s+(\d+)\s+0\s+R`).FindAllStringSubmatch(sub, -1) {
			into[m[1]], _ = strconv.Atoi(m[2])
		}
	}
	return res
}

// cmap returns the ToUnicode map of font object n: code (as hex digits)
// to text.
func (d *pdfDoc) cmap(n int) map[string]string {
	if m, ok := d.cmaps[n]; ok {
		return m
	}
	m := map[string]string{}
	d.cmaps[n] = m
	tu := regexp.MustCompile(`/ToUnicode\s+(\d+)\s+0\s+R`).FindStringSubmatch(d.objs[n].dict)
	if tu == nil {
		return m
	}
	k, _ := strconv.Atoi(tu[1])
	data, err := d.stream(k)
	if err != nil {
		return m
	}
	s := string(data)
	for _, sec := range regexp.MustCompile(`(?s)beginbfchar(.*?)endbfchar`).FindAllStringSubmatch(s, -1) {
		for _, p := range regexp.MustCompile(`<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>`).FindAllStringSubmatch(sec[1], -1) {
			m[strings.ToUpper(p[1])] = utf16hex(p[2])
		}
	}
	for _, sec := range regexp.MustCompile(`(?s)beginbfrange(.*?)endbfrange`).FindAllStringSubmatch(s, -1) {
		for _, p := range regexp.MustCompile(`<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])`).FindAllStringSubmatch(sec[1], -1) {
			lo, _ := strconv.ParseUint(p[1], 16, 32)
			hi, _ := strconv.ParseUint(p[2], 16, 32)
			width := len(p[1])
			if strings.HasPrefix(p[3], "[") {
				for i, h := range regexp.MustCompile(`<([0-9A-Fa-f]*)>`).FindAllStringSubmatch(p[3], -1) {
					m[hexCode(lo+uint64(i), width)] = utf16hex(h[1])
				}
				continue
			}
			dst := []rune(utf16hex(strings.Trim(p[3], "<>")))
			for c := lo; c <= hi && c-lo < 65536 && len(dst) > 0; c++ {
				r := append([]rune(nil), dst...)
				r[len(r)-1] += rune(c - lo)
				m[hexCode(c, width)] = string(r)
			}
		}
	}
	return m
}

func hexCode(c uint64, width int) string {
	s := strings.ToUpper(strconv.FormatUint(c, 16))
	for len(s) < width {
		s = "0" + s
	}
	return s
}

// utf16hex decodes UTF-16BE written in hex digits.
func utf16hex(h string) string {
	var units []uint16
	for i := 0; i+4 <= len(h); i += 4 {
		v, _ := strconv.ParseUint(h[i:i+4], 16, 16)
		units = append(units, uint16(v))
	}
	return string(utf16.Decode(units))
}

// text appends the strings a content stream shows to sb.
func (d *pdfDoc) text(sb *strings.Builder, s []byte, res pdfRes, depth int) {
	font := -1
	var operands []string
	show := func(str string) {
		if font < 0 {
			return
		}
		m := d.cmap(font)
		two := strings.Contains(d.objs[font].dict, "/Type0")
		var hex string
		if strings.HasPrefix(str, "<") {
			hex = strings.ToUpper(strings.Trim(str, "<>"))
		} else {
			var hb strings.Builder
			for _, b := range []byte(unescapeLiteral(str)) {
				hb.WriteString(hexCode(uint64(b), 2))
			}
			hex = hb.String()
		}
		n := 2
		if two {
			n = 4
		}
		for i := 0; i+n <= len(hex); i += n {
			sb.WriteString(m[hex[i:i+n]])
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0:
			i++
		case c == '%':
			for i < len(s) && s[i] != '\n' && s[i] != '\r' {
				i++
			}
		case c == '<' && i+1 < len(s) && s[i+1] == '<':
			depthD, j := 0, i
			for j+1 < len(s) {
				if s[j] == '<' && s[j+1] == '<' {
					depthD++
					j += 2
					continue
				}
				if s[j] == '>' && s[j+1] == '>' {
					depthD--
					j += 2
					if depthD == 0 {
						break
					}
					continue
				}
				j++
			}
			operands = append(operands, "<<dict>>")
			i = j
		case c == '<':
			j := bytes.IndexByte(s[i:], '>')
			if j < 0 {
				return
			}
			operands = append(operands, string(s[i:i+j+1]))
			i += j + 1
		case c == '(':
			j, level := i+1, 1
			for j < len(s) && level > 0 {
				switch s[j] {
				case '\\':
					j++
				case '(':
					level++
				case ')':
					level--
				}
				j++
			}
			operands = append(operands, string(s[i:j]))
			i = j
		case c == '[' || c == ']':
			operands = append(operands, string(c))
			i++
		case c == '/':
			j := i + 1
			for j < len(s) && !strings.ContainsRune(" \t\r\n\f/<>[]()%", rune(s[j])) {
				j++
			}
			operands = append(operands, string(s[i:j]))
			i = j
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n\f/<>[]()%", rune(s[j])) {
				j++
			}
			if j == i {
				j++
			}
			tok := string(s[i:j])
			i = j
			if tok[0] == '-' || tok[0] == '+' || tok[0] == '.' || tok[0] >= '0' && tok[0] <= '9' {
				operands = append(operands, tok)
				continue
			}
			switch tok {
			case "Tf":
				if len(operands) >= 2 {
					font = -1
					if n, ok := res.fonts[strings.TrimPrefix(operands[len(operands)-2], "/")]; ok {
						font = n
					}
				}
			case "Tj", "'", "\"":
				if len(operands) > 0 {
					show(operands[len(operands)-1])
				}
			case "TJ":
				for _, op := range operands {
					if strings.HasPrefix(op, "<") || strings.HasPrefix(op, "(") {
						show(op)
					}
				}
			case "Do":
				if len(operands) > 0 && depth < 8 {
					if n, ok := res.xobjects[strings.TrimPrefix(operands[len(operands)-1], "/")]; ok && strings.Contains(d.objs[n].dict, "/Form") {
						if data, err := d.stream(n); err == nil {
							d.text(sb, data, d.resources(d.objs[n].dict), depth+1)
						}
					}
				}
			}
			operands = operands[:0]
		}
	}
}

// unescapeLiteral reads a PDF literal string "(…)".
func unescapeLiteral(s string) string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 8)
			b.WriteByte(byte(v))
			i = j - 1
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
