package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBashCompletionScript loads the generated script into bash with the
// built tool on PATH and completes a few command lines, as a shell does.
// bash-completion's _get_comp_words_by_ref, which the script calls, is
// stood in for by the few lines it needs here.
func TestBashCompletionScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tool")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to run the script")
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "registerdata"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script := filepath.Join(dir, "completion.sh")
	if err := os.WriteFile(script, []byte(cli(t, "completion", "bash").wantCode(t, 0).stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	const stub = `_get_comp_words_by_ref() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }`
	for line, want := range map[string]string{
		"registerdata mon":                              "monitor",
		"registerdata company ow":                       "owners",
		"registerdata --fake search companies --fil":    "--filter",
		"registerdata search companies --filter leg":    "legal_form",
		"registerdata search persons --filter date_of_": "date_of_birth",
		"registerdata webhook verify --secret-f":        "--secret-file",
	} {
		words := strings.Split(line, " ")
		cmd := exec.Command(bash, "--norc", "-c", stub+`; source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; __start_registerdata 2>/dev/null; printf '%s\n' "${COMPREPLY[@]}"`, "bash", script)
		cmd.Args = append(cmd.Args, words...)
		cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.Output()
		if err != nil || strings.TrimSpace(string(out)) != want {
			t.Errorf("%q completes to %q (%v), want %q", line, out, err, want)
		}
	}
}

// TestCompletion: the scripts for bash, zsh and fish are generated from
// the command tree, and the binary completes commands, subcommands, flags
// and filter fields itself (what the scripts call).
func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		r := cli(t, "completion", sh).wantCode(t, 0)
		if !strings.Contains(r.stdout, "registerdata") || !strings.Contains(r.stdout, "__complete") {
			t.Errorf("completion %s: %.200q", sh, r.stdout)
		}
	}
	for _, tc := range []struct {
		line []string
		want []string
	}{
		{[]string{"co"}, []string{"company", "completion"}},
		{[]string{"monitor", ""}, []string{"create", "list", "delete"}},
		{[]string{"search", "companies", "--f"}, []string{"--fake", "--filter"}},
		{[]string{"company", "get", "x", "--r"}, []string{"--realtime"}},
		{[]string{"webhook", "verify", "--s"}, []string{"--secret-file", "--secret", "--signature"}},
		{[]string{"search", "companies", "--filter", "leg"}, []string{"legal_form"}},
		{[]string{"search", "persons", "--filter", "date"}, []string{"date_of_birth"}},
		{[]string{"search", "companies", "--filter", "legal_form="}, []string{"legal_form=gmbh", "legal_form=ag"}},
	} {
		r := cli(t, append([]string{"__complete"}, tc.line...)...).wantCode(t, 0)
		var got []string
		for _, l := range strings.Split(r.stdout, "\n") {
			if l == "" || strings.HasPrefix(l, ":") {
				continue
			}
			got = append(got, strings.SplitN(l, "\t", 2)[0])
		}
		for _, w := range tc.want {
			if !contains(got, w) {
				t.Errorf("%q completes to %q, want %q among them", tc.line, got, w)
			}
		}
	}
}
