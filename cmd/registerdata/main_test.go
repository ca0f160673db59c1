package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/creack/pty"
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

// The terminal tests (TestTerminal* in wrap_test.go, progress_test.go,
// report_test.go and company_test.go) run the built tool in a
// pseudo-terminal of 80 columns, as a user's terminal is, and compare it
// with the same command piped.

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// builtTool builds the tool once per test run.
func builtTool(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "registerdata-pty")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "registerdata")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = errors.New(string(out))
		}
	})
	if binErr != nil {
		t.Fatalf("building the tool: %v", binErr)
	}
	return binPath
}

// inTerminal runs the tool in a pseudo-terminal of cols columns (stdin,
// stdout and stderr all the terminal) in dir, and returns what the
// terminal showed, line ends as "\n", and the exit status.
func inTerminal(t *testing.T, dir string, cols int, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(builtTool(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "COLUMNS=", "REGISTERDATA_API_KEY=")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: uint16(cols)})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b bytes.Buffer
	_, err = io.Copy(&b, f)
	if err != nil && !errors.Is(err, syscall.EIO) { // EIO: the tool ended and closed the terminal
		t.Fatal(err)
	}
	code := 0
	if err := cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return strings.ReplaceAll(b.String(), "\r\n", "\n"), code
}

// piped runs the tool with stdout and stderr pipes.
func piped(t *testing.T, dir, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(builtTool(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "COLUMNS=", "REGISTERDATA_API_KEY=")
	cmd.Stdin = strings.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return o.String(), e.String(), code
}

// words is text with its line breaks, indents and shell continuations
// collapsed: what a reader reads, whatever the wrapping.
func words(text string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(text, " \\\n", " ")), " ")
}
