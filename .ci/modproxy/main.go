// Command modproxy writes the modules of the working tree into a directory in
// the layout of the Go module proxy protocol, so that GOPROXY=file://DIR serves
// them to a consumer exactly as a tagged release would be served:
//
//	DIR/<escaped module path>/@v/list
//	DIR/<escaped module path>/@v/<version>.info
//	DIR/<escaped module path>/@v/<version>.mod
//	DIR/<escaped module path>/@v/<version>.zip
//
// Usage (from the repository's root; one argument per module directory):
//
//	modproxy -out DIR -version v0.2.0 . ./redisstore ./cmd/registerdata
//
// The zips are made by golang.org/x/mod/zip, the code the go command itself
// uses, so they hold what a user's go get would download (nested modules
// left out, size limits checked). Each module's zip size is printed, and
// -max-zip (bytes) fails the run when a zip grows past it, which is how a
// committed binary shows up.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	out := flag.String("out", "", "directory to write the proxy into (created when missing)")
	version := flag.String("version", "", "the version every module is published at, such as v0.2.0")
	maxZip := flag.Int64("max-zip", 4<<20, "fail when a module's zip is larger than this many bytes")
	flag.Parse()
	if *out == "" || *version == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: modproxy -out DIR -version vX.Y.Z MODULE_DIR...")
		os.Exit(2)
	}
	for _, dir := range flag.Args() {
		size, path, err := publish(*out, *version, dir)
		if err != nil {
			fmt.Fprintf(os.Stderr, "modproxy: %s: %v\n", dir, err)
			os.Exit(1)
		}
		fmt.Printf("%s@%s  %d bytes\n", path, *version, size)
		if size > *maxZip {
			fmt.Fprintf(os.Stderr, "modproxy: %s: the module zip is %d bytes, more than -max-zip %d: is a binary or a large generated file tracked?\n", path, size, *maxZip)
			os.Exit(1)
		}
	}
}

// publish writes one module directory at version into the proxy directory
// and returns the zip's size and the module's path.
func publish(out, version, dir string) (int64, string, error) {
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		return 0, "", err
	}
	f, err := modfile.ParseLax(gomod, data, nil)
	if err != nil {
		return 0, "", err
	}
	if f.Module == nil {
		return 0, "", fmt.Errorf("%s has no module line", gomod)
	}
	mv := module.Version{Path: f.Module.Mod.Path, Version: version}
	if err := module.Check(mv.Path, mv.Version); err != nil {
		return 0, "", err
	}
	esc, err := module.EscapePath(mv.Path)
	if err != nil {
		return 0, "", err
	}
	vdir := filepath.Join(out, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return 0, "", err
	}
	if err := os.WriteFile(filepath.Join(vdir, "list"), []byte(version+"\n"), 0o644); err != nil {
		return 0, "", err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		return 0, "", err
	}
	if err := os.WriteFile(filepath.Join(vdir, version+".info"), info, 0o644); err != nil {
		return 0, "", err
	}
	if err := os.WriteFile(filepath.Join(vdir, version+".mod"), data, 0o644); err != nil {
		return 0, "", err
	}
	zipPath := filepath.Join(vdir, version+".zip")
	zf, err := os.Create(zipPath)
	if err != nil {
		return 0, "", err
	}
	if err := zip.CreateFromDir(zf, mv, dir); err != nil {
		zf.Close()
		return 0, "", err
	}
	if err := zf.Close(); err != nil {
		return 0, "", err
	}
	st, err := os.Stat(zipPath)
	if err != nil {
		return 0, "", err
	}
	return st.Size(), mv.Path, nil
}
