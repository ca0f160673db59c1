package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// source is the repository the images' source label names.
const source = "https://github.com/registerdata/registerdata-go"

// meta is what the labels and timestamps of an image come from.
type meta struct {
	Version  string    // the root package's Version constant, "0.2.0"
	Revision string    // the commit, git rev-parse HEAD
	Created  time.Time // SOURCE_DATE_EPOCH, else the commit's time
}

var versionConst = regexp.MustCompile(`(?m)^const Version = "([^"]+)"$`)

// readMeta reads the version from client.go and the revision and time
// from git in the repository root.
func readMeta(root string) (meta, error) {
	var m meta
	src, err := os.ReadFile(filepath.Join(root, "client.go"))
	if err != nil {
		return m, fmt.Errorf("the version: %w (run from the repository's root or give -repo)", err)
	}
	v := versionConst.FindSubmatch(src)
	if v == nil {
		return m, fmt.Errorf("no 'const Version = \"...\"' in %s", filepath.Join(root, "client.go"))
	}
	m.Version = string(v[1])
	if m.Revision, err = git(root, "rev-parse", "HEAD"); err != nil {
		return m, err
	}
	epoch := os.Getenv("SOURCE_DATE_EPOCH")
	if epoch == "" {
		if epoch, err = git(root, "log", "-1", "--format=%ct", "HEAD"); err != nil {
			return m, err
		}
	}
	sec, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil || sec < 0 {
		return m, fmt.Errorf("SOURCE_DATE_EPOCH %q is not a count of seconds since 1970", epoch)
	}
	m.Created = time.Unix(sec, 0).UTC()
	return m, nil
}

// git runs git with args in dir and returns its output, trimmed.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
