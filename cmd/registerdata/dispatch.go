package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// runFunc runs a command with its positional arguments, after its flags
// were parsed.
type runFunc func(a *app, args []string) error

// command is one leaf of the command tree, such as "company get".
type command struct {
	name     string // "get"; empty for a group that is itself the command ("credits")
	args     string // the positional arguments for the usage line, "ID"
	nargs    int    // the exact number of positional arguments; -1: any
	summary  string // one line for the group's list
	help     string // what it does, for --help
	examples []string
	billable bool // costs credits: the cost is reported on stderr
	// setup declares the command's flags on fs and returns the function
	// that runs it with their parsed values.
	setup func(fs *flag.FlagSet) runFunc
}

// group is a first-level command, such as "company".
type group struct {
	name     string
	summary  string
	commands []*command
}

// groups is the command tree, in the order the help lists it. Each group
// lives in its own file.
func groups() []*group {
	return []*group{
		companyGroup(), personGroup(), documentGroup(), insolvencyGroup(), transparencyGroup(), searchGroup(),
		monitorGroup(), creditsGroup(), webhookGroup(), completionGroup(),
	}
}

// main parses the global flags, dispatches and returns the exit status.
func (a *app) main(args []string) int {
	fs := a.newFlagSet("registerdata")
	if err := fs.Parse(args); err != nil {
		return a.helpOrUsage(err, "registerdata", func() { a.rootUsage(a.stdout) })
	}
	rest := fs.Args()
	if len(rest) == 0 || rest[0] == "help" {
		if len(rest) > 1 { // "help company get" is "company get --help"
			return a.main(append(rest[1:], "--help"))
		}
		w := a.stdout
		if len(rest) == 0 {
			w = a.stderr
		}
		a.rootUsage(w)
		if len(rest) == 0 {
			return exitUsage
		}
		return exitOK
	}
	g := findGroup(rest[0])
	if g == nil {
		return a.fail(usagef("unknown command %q: run 'registerdata --help' for the list", rest[0]))
	}
	cmd, cmdArgs, err := g.pick(rest[1:])
	if err != nil {
		return a.fail(err)
	}
	if cmd == nil { // "registerdata company" or "company --help"
		w := a.stdout
		if len(cmdArgs) == 0 {
			w = a.stderr
		}
		a.groupUsage(w, g)
		if len(cmdArgs) == 0 {
			return exitUsage
		}
		return exitOK
	}
	return a.runCommand(g, cmd, cmdArgs)
}

// pick chooses the group's command named by args[0] and returns the
// remaining arguments. A nil command with non-empty args means the group's
// help was asked for.
func (g *group) pick(args []string) (*command, []string, error) {
	if len(g.commands) == 1 && g.commands[0].name == "" {
		return g.commands[0], args, nil
	}
	if len(args) == 0 {
		return nil, nil, nil
	}
	if isHelp(args[0]) {
		return nil, args, nil
	}
	for _, c := range g.commands {
		if c.name == args[0] {
			return c, args[1:], nil
		}
	}
	return nil, nil, usagef("unknown command %q %q: run 'registerdata %s --help' for the list", g.name, args[0], g.name)
}

func isHelp(s string) bool { return s == "-h" || s == "-help" || s == "--help" || s == "help" }

func findGroup(name string) *group {
	for _, g := range groups() {
		if g.name == name {
			return g
		}
	}
	return nil
}

// runCommand parses the command's flags (global flags are accepted here
// too, and flags may follow positional arguments), checks the number of
// arguments and runs it.
func (a *app) runCommand(g *group, cmd *command, args []string) int {
	path := strings.TrimSpace("registerdata " + g.name + " " + cmd.name)
	fs := a.newFlagSet(path)
	run := cmd.setup(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return a.helpOrUsage(err, path, func() { a.commandUsage(a.stdout, path, cmd, fs) })
	}
	if cmd.nargs >= 0 && len(pos) != cmd.nargs {
		return a.fail(usagef("%s takes %s, got %d argument(s): run '%s --help' for examples",
			strings.TrimPrefix(path, "registerdata "), argsPhrase(cmd), len(pos), path))
	}
	status := a.fail(run(a, pos))
	a.reportCost(cmd)
	a.close()
	return status
}

func argsPhrase(cmd *command) string {
	if cmd.nargs == 0 {
		return "no arguments"
	}
	return cmd.args
}

// parseInterspersed parses fs over args, collecting the positional
// arguments found between flags; "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// fs.Parse stops at "--" (consumed) or at the first non-flag.
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// newFlagSet returns a flag set carrying the global flags, writing its
// errors to stderr.
func (a *app) newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	fs.Usage = func() {} // helpOrUsage prints the help or a hint
	fs.BoolVar(&a.useFake, "fake", a.useFake, "run against an in-process fake of the service: no API key, nothing leaves the machine")
	fs.BoolVar(&a.jsonOut, "json", a.jsonOut, "print the service's JSON as received (JSON Lines with --all)")
	fs.Func("budget", "refuse any call that would take the credits spent above `N`", func(s string) error {
		var n int64
		if _, err := fmt.Sscan(s, &n); err != nil || n < 0 || fmt.Sprint(n) != s {
			return fmt.Errorf("want a whole number of credits, 0 or more")
		}
		a.budget = n
		return nil
	})
	return fs
}

// helpOrUsage turns a flag parsing error into an exit status: -h prints
// the help to stdout and succeeds; anything else is a usage error (the
// flag package has already printed the message and a hint to stderr).
func (a *app) helpOrUsage(err error, path string, help func()) int {
	if errors.Is(err, flag.ErrHelp) {
		help()
		return exitOK
	}
	fmt.Fprintf(a.stderr, "Run '%s --help' for usage and examples.\n", path)
	return exitUsage
}

func (a *app) rootUsage(w io.Writer) {
	fmt.Fprint(w, `registerdata asks the Company and Person Register Data Service from a terminal.

Usage:
  registerdata [--fake] [--json] [--budget N] COMMAND [SUBCOMMAND] [flags] [args]

Commands:
`)
	gs := groups()
	n := 0
	for _, g := range gs {
		n = max(n, len(g.name))
	}
	for _, g := range gs {
		fmt.Fprintf(w, "  %-*s  %s\n", n, g.name, g.summary)
	}
	fmt.Fprint(w, `
Global flags (before or after the command):
  --fake       run against an in-process fake of the service: no API key, nothing leaves the machine
  --json       print the service's JSON as received, for jq (JSON Lines with --all)
  --budget N   refuse any call that would take the credits spent above N

The API key is read from $REGISTERDATA_API_KEY, the address from
$REGISTERDATA_BASE_URL (default https://api.openregister.de). Tables fit
$COLUMNS (default 100). Commands that cost credits report the cost on stderr.

Exit status: 0 ok; 1 the service or the budget refused a call, or a webhook
did not verify; 2 usage error (unknown command, bad flag or filter, no API key).

Examples:
  registerdata --fake company get DE-HRB-F1103-267645
  registerdata --fake search companies --query solar --filter 'city=Berlin'
  registerdata company get --help
`)
}

func (a *app) groupUsage(w io.Writer, g *group) {
	fmt.Fprintf(w, "registerdata %s: %s\n\nCommands:\n", g.name, g.summary)
	n := 0
	for _, c := range g.commands {
		n = max(n, len(strings.TrimSpace(g.name+" "+c.name+" "+c.args)))
	}
	for _, c := range g.commands {
		fmt.Fprintf(w, "  %-*s  %s\n", n, strings.TrimSpace(g.name+" "+c.name+" "+c.args), c.summary)
	}
	fmt.Fprintf(w, "\nRun 'registerdata %s COMMAND --help' for flags and examples.\n", g.name)
}

func (a *app) commandUsage(w io.Writer, path string, cmd *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage:\n  %s\n\n%s\n", strings.TrimSpace(path+" [flags] "+cmd.args), strings.TrimSpace(cmd.help))
	if len(cmd.examples) > 0 {
		fmt.Fprint(w, "\nExamples:\n")
		for _, e := range cmd.examples {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
	fmt.Fprint(w, "\nFlags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
}
