package main

import (
	"archive/zip"
	"io"
	"os"

	"github.com/rogpeppe/go-internal/testscript"
)

// unzip is the script command "unzip ARCHIVE NAME OUT": it writes the
// file NAME of the ZIP archive ARCHIVE to OUT, so that a script can look
// into a page's archive of standalone diagrams. With !, it succeeds when
// the archive holds no file NAME.
func unzip(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: unzip ARCHIVE NAME OUT")
	}
	z, err := zip.OpenReader(ts.MkAbs(args[0]))
	ts.Check(err)
	defer z.Close()
	f, err := z.Open(args[1])
	if neg {
		if err == nil {
			f.Close()
			ts.Fatalf("%s holds %s", args[0], args[1])
		}
		return
	}
	ts.Check(err)
	defer f.Close()
	data, err := io.ReadAll(f)
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), data, 0o644))
}
