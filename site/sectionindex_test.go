package site

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
)

// renameIndexes returns a copy of files with every index.md named
// _index.md, as Hugo names a section's index page.
func renameIndexes(files fstest.MapFS) fstest.MapFS {
	out := fstest.MapFS{}
	for name, f := range files {
		if base, ok := strings.CutSuffix(name, "/"+IndexFile); ok {
			name = base + "/" + SectionIndexFile
		}
		out[name] = f
	}
	return out
}

func TestSectionIndexFileBuildsTheSameSite(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/basic.txtar")
	edit := &fstest.MapFile{Data: []byte("base-url: https://nardy.example/\nedit-url: https://git.example/edit/content/{path}?p={page}\n"), Mode: 0o644}
	files["nardydocs.yaml"] = edit
	renamed := renameIndexes(files)
	if len(renamed) != len(files) {
		t.Fatalf("renaming lost files")
	}
	if _, ok := renamed["ru/long/"+SectionIndexFile]; !ok {
		t.Fatalf("the fixture has no ru/long/index.md to rename")
	}
	want, err := Build(t.Context(), Options{Content: "content", FS: files})
	if err != nil {
		t.Fatalf("build with index.md failed:\n%v", err)
	}
	got, err := Build(t.Context(), Options{Content: "content", FS: renamed})
	if err != nil {
		t.Fatalf("build with _index.md failed:\n%v", err)
	}
	if len(got.Files) != len(want.Files) {
		t.Errorf("built %d files with _index.md, %d with index.md", len(got.Files), len(want.Files))
	}
	for name, w := range want.Files {
		g, ok := got.Files[name]
		if !ok {
			t.Errorf("%s not built with _index.md", name)
			continue
		}
		// Only the edit links differ: they name the file as it is.
		w = bytes.ReplaceAll(w, []byte("/"+IndexFile), []byte("/"+SectionIndexFile))
		w = bytes.ReplaceAll(w, []byte("p="+IndexFile), []byte("p="+SectionIndexFile))
		if !bytes.Equal(g, w) {
			t.Errorf("%s differs when its section index is _index.md:\n%s", name, diffLines(string(w), string(g)))
		}
	}
	page := string(got.Files["ru/long/index.html"])
	if !strings.Contains(page, "content/ru/long/_index.md") {
		t.Errorf("the edit link of ru/long/index.html does not name content/ru/long/_index.md")
	}
}

func TestBothIndexFilesInOneFolderIsAnError(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/basic.txtar")
	files["ru/long/"+SectionIndexFile] = files["ru/long/"+IndexFile]
	_, err := Build(t.Context(), Options{Content: "content", FS: files})
	if err == nil {
		t.Fatal("a folder with both index.md and _index.md built")
	}
	for _, want := range []string{"content/ru/long/index.md", "content/ru/long/_index.md", "two index pages"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %q:\n%v", want, err)
		}
	}
}

func TestLinkToSectionIndexFile(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/basic.txtar")
	files = renameIndexes(files)
	head := files["ru/long/head.md"]
	files["ru/long/head.md"] = &fstest.MapFile{Data: append(append([]byte{}, head.Data...), "\nСм. [раздел](_index.md) и [его же](index.md).\n"...), Mode: 0o644}
	s, err := Build(t.Context(), Options{Content: "content", FS: files})
	if err != nil {
		t.Fatalf("links to a section's index failed:\n%v", err)
	}
	page := string(s.Files["ru/long/head.html"])
	if n := strings.Count(page, `href="index.html">`); n < 2 {
		t.Errorf("ru/long/head.html has %d links to index.html, want both links:\n%s", n, page)
	}
}

func TestMissingTranslationNamesTheSectionIndexFile(t *testing.T) {
	t.Parallel()
	files, _ := archiveFS(t, "testdata/basic.txtar")
	files = renameIndexes(files)
	delete(files, "uk/long/"+SectionIndexFile)
	_, err := Build(t.Context(), Options{Content: "content", FS: files})
	if err == nil || !strings.Contains(err.Error(), "content/uk/long/"+SectionIndexFile) {
		t.Errorf("a missing translation of ru/long/_index.md is not named content/uk/long/_index.md:\n%v", err)
	}
}
