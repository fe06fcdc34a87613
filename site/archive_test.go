package site

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"
)

// archived returns the standalone diagram name ("ru/long/head-3.svg")
// from its page's archive among the site's files, or nil when there is
// no such archive or file.
func archived(t *testing.T, files map[string][]byte, name string) []byte {
	t.Helper()
	i := strings.LastIndexByte(name, '-')
	if i < 0 || !strings.HasSuffix(name, ".svg") {
		t.Fatalf("%s is not the name of a standalone diagram", name)
	}
	data, ok := files[figureArchive(name[:i]+".html")]
	if !ok {
		return nil
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("the archive of %s: %v", name, err)
	}
	f, err := z.Open(name[strings.LastIndexByte(name, '/')+1:])
	if err != nil {
		return nil
	}
	defer f.Close()
	svg, err := io.ReadAll(f)
	if err != nil {
		t.Fatalf("%s in its archive: %v", name, err)
	}
	return svg
}

func TestSVGArchive(t *testing.T) {
	t.Parallel()
	files := []svgFile{{"head-1.svg", []byte("<svg>1</svg>")}, {"head-3.svg", []byte("<svg>три</svg>")}, {"head-2.svg", nil}}
	data, err := svgArchive(files)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > archiveSize(files) {
		t.Errorf("the archive takes %d bytes, more than the %d made for it", len(data), archiveSize(files))
	}
	if again, _ := svgArchive(files); !bytes.Equal(again, data) {
		t.Errorf("two archives of the same files differ")
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if len(z.File) != len(files) {
		t.Fatalf("%d files in the archive, want %d", len(z.File), len(files))
	}
	for k, f := range z.File {
		if f.Name != files[k].Name || f.Method != zip.Store || !f.Modified.Equal(archiveTime) {
			t.Errorf("file %d: %s, method %d, dated %v; want %s stored, dated %v", k, f.Name, f.Method, f.Modified, files[k].Name, archiveTime)
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r) // checks the CRC too
		if err != nil || !bytes.Equal(got, files[k].Data) {
			t.Errorf("%s holds %q (%v), want %q", f.Name, got, err, files[k].Data)
		}
	}
}

func TestFigureArchiveNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ page, archive, svg string }{
		{"ru/long/head.html", "ru/long/head-svg.zip", "ru/long/head-7.svg"},
		{"uk/index.html", "uk/index-svg.zip", "uk/index-7.svg"},
	} {
		if got := figureArchive(c.page); got != c.archive {
			t.Errorf("figureArchive(%q) = %q, want %q", c.page, got, c.archive)
		}
		if got := figureSVG(c.page, 7); got != c.svg {
			t.Errorf("figureSVG(%q, 7) = %q, want %q", c.page, got, c.svg)
		}
		if got := figureFile(c.page + "#fig-7"); got != c.archive {
			t.Errorf("figureFile(%q) = %q, want %q", c.page+"#fig-7", got, c.archive)
		}
	}
}
