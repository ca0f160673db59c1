package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestRunEntryPoint runs the command of the README through run, the
// function main calls, with the process environment.
func TestRunEntryPoint(t *testing.T) {
	t.Setenv("REGISTERDATA_API_KEY", "")
	t.Setenv("COLUMNS", "")
	var stdout, stderr bytes.Buffer
	code := run([]string{"--fake", "company", "get", "DE-HRB-F1103-267645"}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 || !strings.HasPrefix(stdout.String(), "Nordlicht Solartechnik GmbH\n") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	code = run([]string{"company", "get", "DE-HRB-F1103-267645"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitUsage {
		t.Errorf("without a key: exit %d, want %d", code, exitUsage)
	}
}

func TestIsTerminal(t *testing.T) {
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is not a terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a regular file is not a terminal")
	}
}
