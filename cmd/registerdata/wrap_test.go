package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

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
