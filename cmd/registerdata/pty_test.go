package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/creack/pty"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

// The terminal tests run the built tool in a pseudo-terminal of 80
// columns, as a user's terminal is, and compare it with the same command
// piped.

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

// TestTerminalWrapsHelpAndErrors: at 80 columns every line of the help
// and of an error fits, no word is broken or lost (the words read the
// same as piped), a flag's description continues under its column and an
// error under its message; piped, nothing is wrapped.
func TestTerminalWrapsHelpAndErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"--help"}, {"search", "companies", "--help"}, {"company", "get", "--help"}, {"report", "--help"}, {"serach", "companies", "--query", "solar"}} {
		shown, _ := inTerminal(t, dir, 80, args...)
		stdout, stderr, _ := piped(t, dir, "", args...)
		plain := stdout + stderr
		for _, line := range strings.Split(shown, "\n") {
			if w := output.Width(line); w > 80 {
				t.Errorf("%v: a line of %d columns at 80: %q", args, w, line)
			}
		}
		if words(shown) != words(plain) {
			t.Errorf("%v: the wrapped text reads differently from the piped one:\n%s\n---\n%s", args, shown, plain)
		}
		wide := false
		for _, line := range strings.Split(plain, "\n") {
			wide = wide || output.Width(line) > 80
		}
		if !wide {
			t.Errorf("%v: piped, no line is wider than 80 columns: was it wrapped?\n%s", args, plain)
		}
	}
	shown, _ := inTerminal(t, dir, 80, "--help")
	if !regexp.MustCompile(`\n      --fake       run against an in-process fake of the service: no API key,\n                   nothing leaves the machine\n`).MatchString(shown) {
		t.Errorf("the --fake description does not continue under its column:\n%s", shown)
	}
	if !strings.Contains(shown, "\n  transparency Transparenzregister extracts: store a login, request and read\n               extracts\n") {
		t.Errorf("a command summary does not continue under its column:\n%s", shown)
	}
	shown, code := inTerminal(t, dir, 80, "serach", "companies", "--query", "solar")
	want := "registerdata: unknown command \"serach\" for \"registerdata\"; did you mean\n              \"search\"?\n"
	if code != exitUsage || !strings.HasPrefix(shown, want) {
		t.Errorf("exit %d, shown:\n%s\nwant it to start with:\n%s", code, shown, want)
	}
}

// TestTerminalMatchProgress: at 80 columns the match progress line is
// redrawn in place (no drawing wider than 79 columns, no line stacked on
// another) and gives way to the summary; piped, there is none.
func TestTerminalMatchProgress(t *testing.T) {
	dir := t.TempDir()
	var in strings.Builder
	in.WriteString(strings.SplitN(customers, "\n", 2)[0] + "\n")
	for range 30 {
		in.WriteString(strings.SplitN(customers, "\n", 2)[1])
	}
	if err := os.WriteFile(filepath.Join(dir, "in.csv"), []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	shown, code := inTerminal(t, dir, 80, "--fake", "match", "--in", "in.csv", "--out", "out.csv")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, shown)
	}
	lines := strings.Split(strings.TrimSuffix(shown, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "cost: ") {
		t.Fatalf("want the progress ending in the summary, then the cost line; the terminal shows %d lines:\n%q", len(lines), shown)
	}
	draws := strings.Split(lines[0], "\r")
	summary := draws[len(draws)-1]
	if !strings.HasPrefix(summary, "\x1b[K240 rows: ") {
		t.Errorf("the progress line is not erased before the summary: %q", summary)
	}
	for _, d := range draws[1 : len(draws)-1] {
		d = strings.TrimSuffix(d, "\x1b[K")
		if w := output.Width(d); w > 79 || !strings.HasPrefix(d, "matching ") {
			t.Errorf("a drawing of %d columns: %q", w, d)
		}
	}
	if len(draws) < 3 {
		t.Errorf("no progress was drawn: %q", shown)
	}
	_, stderr, _ := piped(t, dir, "", "--fake", "match", "--in", "in.csv", "--out", "out2.csv")
	if strings.ContainsAny(stderr, "\r\x1b") || !strings.HasPrefix(stderr, "240 rows: ") {
		t.Errorf("piped, stderr holds a progress line:\n%q", stderr)
	}
}

// TestTerminalReportWritesAFile: on a terminal, "report ID" without --out
// writes ID.html and says where, refuses to replace it on a second run
// with a hint; piped, the HTML goes to stdout.
func TestTerminalReportWritesAFile(t *testing.T) {
	dir := t.TempDir()
	shown, code := inTerminal(t, dir, 80, "--fake", "report", insolventID)
	file := filepath.Join(dir, insolventID+".html")
	b, err := os.ReadFile(file)
	if code != 0 || err != nil || !bytes.HasPrefix(b, []byte("<!DOCTYPE html>")) {
		t.Fatalf("exit %d, %v: no dossier in %s:\n%s", code, err, file, shown)
	}
	if strings.Contains(shown, "<html") || !strings.Contains(words(shown), "wrote the dossier to "+file) {
		t.Errorf("the terminal shows HTML or not where the dossier went:\n%.600s", shown)
	}
	shown, code = inTerminal(t, dir, 80, "--fake", "report", insolventID)
	if code != exitUsage || !strings.Contains(words(shown), "exists and is not replaced: give --out "+insolventID+".html to replace it") {
		t.Errorf("a second run: exit %d:\n%s", code, shown)
	}
	stdout, _, code := piped(t, dir, "", "--fake", "report", insolventID)
	if code != 0 || !strings.HasPrefix(stdout, "<!DOCTYPE html>") {
		t.Errorf("piped: exit %d, stdout %.100q", code, stdout)
	}
}

// TestTerminalCompanyGetAndTree: at 80 columns "company get" shows the
// representatives' names and roles whole, with no column that is empty
// in every row; "company tree" names the company on its first line and
// marks the cross-holding as a cycle.
func TestTerminalCompanyGetAndTree(t *testing.T) {
	dir := t.TempDir()
	shown, code := inTerminal(t, dir, 80, "--fake", "company", "get", nordlicht)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, shown)
	}
	_, table, _ := strings.Cut(shown, "\nNAME ")
	if table == "" || strings.Contains(strings.SplitN(table, "\n", 2)[0], "UNTIL") {
		t.Errorf("no representatives table, or one with an empty UNTIL column:\n%s", shown)
	}
	for _, want := range []string{"Katrin Albers", "Sole Authorised Signatory", "Joint Authorised Signatory", "Helios Energie Holding AG"} {
		if !strings.Contains(table, want) {
			t.Errorf("%q is cut at 80 columns:\n%s", want, table)
		}
	}
	shown, code = inTerminal(t, dir, 80, "--fake", "company", "tree", nordlicht)
	lines := strings.Split(shown, "\n")
	if code != 0 || !strings.HasPrefix(lines[0], "Nordlicht Solartechnik GmbH  "+nordlicht) {
		t.Errorf("exit %d: the first line does not name the company:\n%s", code, shown)
	}
	if !regexp.MustCompile(`└── Helios Energie Holding AG  20 %  \(effective 3 %\)  \[cycle\]`).MatchString(shown) {
		t.Errorf("the cross-holding is not marked as a cycle at 80 columns:\n%s", shown)
	}
	for _, l := range lines {
		if output.Width(l) > 80 {
			t.Errorf("a line of %d columns: %q", output.Width(l), l)
		}
	}
}
