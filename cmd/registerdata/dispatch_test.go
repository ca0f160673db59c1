package main

import (
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/spf13/cobra"
)

func TestEveryCommandHasHelpWithExamples(t *testing.T) {
	for _, g := range groups() {
		for _, c := range g.commands {
			args := strings.Fields(g.name + " " + c.name + " --help")
			r := cli(t, args...)
			if r.code != 0 || r.stderr != "" {
				t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
			}
			for _, want := range []string{"Usage:\n  registerdata " + g.name, "Examples:\n  registerdata ", "Flags:", "\n      --budget N "} {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("%v lacks %q:\n%s", args, want, r.stdout)
				}
			}
			if c.summary == "" || c.help == "" || len(c.examples) == 0 {
				t.Errorf("%s %s: summary, help and examples must be set", g.name, c.name)
			}
		}
		r := cli(t, g.name, "--help").wantCode(t, 0)
		if single := len(g.commands) == 1 && g.commands[0].name == ""; !single && !strings.Contains(r.stdout, "Available Commands:") {
			t.Errorf("%s --help: %q", g.name, r.stdout)
		}
	}
}

func TestRootHelpAndUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"-h"}} {
		r := cli(t, args...).wantCode(t, 0)
		if !strings.Contains(r.stdout, "Commands:\n  company ") || !strings.Contains(r.stdout, "Exit status") ||
			!strings.Contains(r.stdout, "\n      --budget N ") {
			t.Errorf("%v: %q", args, r.stdout)
		}
	}
	r := cli(t, "help", "company", "get").wantCode(t, 0)
	if !strings.Contains(r.stdout, "registerdata company get [flags] ID") {
		t.Errorf("help company get: %q", r.stdout)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "Commands:"},
		{[]string{"frobnicate"}, `registerdata: unknown command "frobnicate" for "registerdata"` + "\nRun 'registerdata --help'"},
		{[]string{"compnay", "get", "x"}, `unknown command "compnay" for "registerdata"; did you mean "company"?`},
		{[]string{"company", "frobnicate"}, `unknown command "frobnicate" for "registerdata company"` + "\nRun 'registerdata company --help'"},
		{[]string{"serach", "companies", "--query", "solar"}, `registerdata: unknown command "serach" for "registerdata"; did you mean "search"?` + "\nRun 'registerdata --help'"},
		{[]string{"--fake", "company", "gte", "x", "--realtime"}, `registerdata: unknown command "gte" for "registerdata company"; did you mean "get"?`},
		{[]string{"company", "ownres", "x"}, `unknown command "ownres" for "registerdata company"; did you mean "owners"?`},
		{[]string{"search", "persns"}, `did you mean "persons"?`},
		{[]string{"monitor", "lst"}, `did you mean "list"?`},
		{[]string{"company"}, "Commands:"},
		{[]string{"--bogus"}, "registerdata: unknown flag: --bogus\n"},
		{[]string{"company", "get", "x", "--realtim"}, "unknown flag: --realtim"},
		{[]string{"company", "owners"}, "company owners takes ID, got 0 argument(s)"},
		{[]string{"company", "owners", "a", "b"}, "got 2 argument(s)"},
		{[]string{"--budget", "-5", "company", "get", "x"}, "want a whole number of credits"},
		{[]string{"search", "companies", "--page", "x"}, `invalid argument "x" for "--page" flag`},
	} {
		r := cli(t, tc.args...).wantCode(t, exitUsage)
		if !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("%v: stdout %q, stderr %q, want %q on stderr", tc.args, r.stdout, r.stderr, tc.want)
		}
	}
}

func TestGlobalFlagsAnywhere(t *testing.T) {
	want := cli(t, "--fake", "--json", "company", "get", nordlicht, "--export").wantCode(t, 0).stdout
	for _, args := range [][]string{
		{"company", "get", "--fake", nordlicht, "--json", "--export"},
		{"company", "get", nordlicht, "--json", "--fake", "--export"},
		{"--fake", "company", "get", "--json", "--export", "--", nordlicht},
	} {
		if got := cli(t, args...).wantCode(t, 0).stdout; got != want {
			t.Errorf("%v printed something else than the flags in front", args)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-v"}} {
		r := cli(t, args...).wantCode(t, 0)
		if r.stdout != "registerdata "+registerdata.Version+"\n" || r.stderr != "" {
			t.Errorf("%v: stdout %q, stderr %q", args, r.stdout, r.stderr)
		}
	}
}

// TestOneErrorPrefix checks that no message, the SDK's included, carries
// the prefix twice.
func TestOneErrorPrefix(t *testing.T) {
	for _, args := range [][]string{
		{"--fake", "--budget", "5", "company", "get", nordlicht},
		{"--bogus"},
		{"--fake", "company", "get", "NOPE/../x"},
	} {
		r := cli(t, args...)
		if r.code == 0 || strings.Count(r.stderr, "registerdata:") != 1 {
			t.Errorf("%v: exit %d, stderr %q: want one 'registerdata:'", args, r.code, r.stderr)
		}
	}
}

// A run builds only the groups its command line names; the others are
// placeholders, and the root's help, its completion of group names and
// its "did you mean" read exactly as with the whole tree.
func TestRootOfOneRunReadsAsTheWholeTree(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"__complete", ""}, {"__complete", "--fake", "co"}, {"compnay", "get", "x"}, {"help"}} {
		run := func(root *cobra.Command) string {
			var out strings.Builder
			root.SetOut(&out)
			root.SetErr(&out)
			root.SetArgs(args)
			_, err := root.ExecuteC()
			if err != nil {
				out.WriteString("error: " + err.Error())
			}
			return out.String()
		}
		whole, lazy := &app{budget: -1}, &app{budget: -1}
		want := run(whole.rootCommand(nil))
		got := run(lazy.rootCommand(args))
		if got != want {
			t.Errorf("%q:\nwith placeholders: %q\nwith the whole tree: %q", args, got, want)
		}
	}
	a := &app{budget: -1}
	root := a.rootCommand([]string{"--fake", "company", "get", "x"})
	for _, c := range root.Commands() {
		built := c.HasSubCommands() || c.HasAvailableFlags()
		if (c.Name() == "company") != built && c.Name() != "help" && c.Name() != "completion" {
			t.Errorf("%s: built %v for a command line naming company only", c.Name(), built)
		}
	}
}
