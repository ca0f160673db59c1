package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBashCompletion loads the script into bash (when there is one) and
// completes a few command lines.
func TestBashCompletion(t *testing.T) {
	r := cli(t, "completion", "bash").wantCode(t, 0)
	for _, g := range groups() {
		if !strings.Contains(r.stdout, g.name) {
			t.Errorf("the script does not complete %q", g.name)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to run the script")
	}
	script := filepath.Join(t.TempDir(), "completion.sh")
	if err := os.WriteFile(script, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string]string{
		"registerdata co":                          "company completion",
		"registerdata monitor ":                    "create list delete",
		"registerdata --fake search companies --f": "--fake --filter",
		"registerdata company get DE-1 --r":        "--realtime",
		"registerdata webhook verify --s":          "--secret --signature",
	} {
		words := strings.Split(line, " ")
		cmd := exec.Command(bash, "--norc", "-c", `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _registerdata; echo "${COMPREPLY[*]}"`, "bash", script)
		cmd.Args = append(cmd.Args, words...)
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != want {
			t.Errorf("%q completes to %q (%v), want %q", line, out, err, want)
		}
	}
}
