package main

import (
	"errors"
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// runFunc runs a command with its positional arguments, after its flags
// were parsed.
type runFunc func(a *app, args []string) error

// command is one leaf of the command tree, such as "company get".
//
// Adding a command is one file and one line. A first-level command (say
// "registerdata match") is a file match.go with
//
//	func matchGroup() *group {
//		return &group{name: "match", summary: "...", commands: []*command{{
//			name: "", nargs: 0, billable: true, // name "": the group is the command
//			summary: "...", help: `...`, examples: []string{"registerdata --fake match --in firms.csv"},
//			setup: func(fs *pflag.FlagSet) runFunc {
//				in := fs.String("in", "", "read the queries from `FILE` (default stdin)")
//				return func(a *app, args []string) error {
//					c, err := a.api() // the client: --fake, --budget, the key, --json recording
//					if err != nil {
//						return err
//					}
//					... a.ctx, a.stdin, a.stdout, a.jsonOut, a.render(table) ...
//					return usagef("...") // exit 2; any other error exits 1
//				}
//			},
//		}}}
//	}
//
// and the line "matchGroup()," in groups. A subcommand of an existing
// group is a func returning a *command, listed in the group's list
// (companyExtra, searchExtra). Cobra builds the rest from the struct: the
// usage line, help, "did you mean", completion, argument counting, the
// global flags, the cost line of billable commands and the exit status.
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
	setup func(fs *pflag.FlagSet) runFunc
	// complete, if set, completes the command's positional arguments.
	complete cobra.CompletionFunc
	// flagValues completes the values of the named flags.
	flagValues map[string]cobra.CompletionFunc
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
	return []*group{ // one a line, so that added commands merge cleanly
		companyGroup(),
		personGroup(),
		documentGroup(),
		insolvencyGroup(),
		transparencyGroup(),
		searchGroup(),
		monitorGroup(),
		creditsGroup(),
		webhookGroup(),
		matchGroup(),
		enrichGroup(),
		watchGroup(),
		diffGroup(),
		mcpGroup(),
		reportGroup(),
		portfolioGroup(),
	}
}

// suggestDistance is the largest edit distance at which an unknown
// command gets a "did you mean" (cobra also suggests by prefix).
const suggestDistance = 2

func init() {
	// The help lists the commands in the order of groups, not sorted.
	cobra.EnableCommandSorting = false
}

// main parses the command line, runs the command and returns the exit
// status. Errors of the command line itself (unknown commands and flags,
// a wrong number of arguments) come back from Execute and are usage
// errors; a command's own error is printed where it ends, before the
// cost line.
func (a *app) main(args []string) int {
	a.status = exitOK
	a.redactStreams()
	a.wrapStderr()
	defer a.flushStderr()
	root := a.rootCommand(args)
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(a.ctx)
	if err != nil {
		a.fail(usageError{err})
		path := "registerdata"
		if cmd != nil {
			path = cmd.CommandPath()
		}
		fmt.Fprintf(a.stderr, "Run '%s --help' for usage and examples.\n", path)
		return exitUsage
	}
	return a.status
}

// rootCommand builds the cobra command tree of one run with the command
// line args. A group that args do not name is only its name and summary
// (placeholder): enough for the root's help, "did you mean" and the
// completion of group names, while its subcommands and their flags, which
// this run cannot reach, are not built (that was most of the time a start
// spent in main). A nil args builds every group.
func (a *app) rootCommand(args []string) *cobra.Command {
	root := &cobra.Command{
		Use:     "registerdata",
		Short:   "registerdata asks the Company and Person Register Data Service from a terminal",
		Long:    rootHelp,
		Example: examples([]string{"registerdata --fake company get DE-HRB-F1103-267645", "registerdata --fake search companies --query solar --filter 'city=Berlin'", "registerdata company get --help"}),
		Version: registerdata.Version,
		// With no command: the help on stderr, a usage error.
		RunE: a.helpAsUsageError,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(cmd, args[0])
			}
			return nil
		},
		SuggestionsMinimumDistance: suggestDistance,
		SilenceErrors:              true, // main prints them, with one prefix
		SilenceUsage:               true,
	}
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetVersionTemplate("registerdata {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	a.globalFlags(root.PersistentFlags())
	a.wrapHelp(root)
	named := make(map[string]bool, len(args))
	for _, arg := range args {
		named[arg] = true
	}
	for _, g := range groups() {
		if args == nil || named[g.name] {
			root.AddCommand(a.groupCommand(g))
		} else {
			root.AddCommand(placeholder(g))
		}
	}
	return root
}

// placeholder stands for a group in a run whose command line does not
// name it: it is listed (cobra lists a command that can run) and never
// runs, since a command line that reaches it names it.
func placeholder(g *group) *cobra.Command {
	return &cobra.Command{
		Use:   g.name,
		Short: g.summary,
		RunE: func(*cobra.Command, []string) error {
			return fmt.Errorf("registerdata: the command %q was not built for this command line", g.name)
		},
	}
}

// globalFlags declares the flags every command takes, before or after it.
func (a *app) globalFlags(fs *pflag.FlagSet) {
	fs.BoolVar(&a.useFake, "fake", false, "run against an in-process fake of the service: no API key, nothing leaves the machine")
	fs.BoolVar(&a.jsonOut, "json", false, "print the service's JSON as received, for jq (JSON Lines with --all)")
	fs.BoolVar(&a.wide, "wide", false, "show identifiers (UUIDs) whole in tables instead of shortened")
	fs.Func("budget", "refuse any call that would take the credits spent above `N`", func(s string) error {
		var n int64
		if _, err := fmt.Sscan(s, &n); err != nil || n < 0 || fmt.Sprint(n) != s {
			return fmt.Errorf("want a whole number of credits, 0 or more")
		}
		a.budget = n
		return nil
	})
}

// groupCommand is the cobra command of a group: the command itself when
// the group has a single unnamed one ("credits"), else a parent that
// names an unknown subcommand with a suggestion.
func (a *app) groupCommand(g *group) *cobra.Command {
	if len(g.commands) == 1 && g.commands[0].name == "" {
		return a.leafCommand(g.name, g.commands[0])
	}
	gc := &cobra.Command{
		Use:   g.name,
		Short: g.summary,
		Long:  "registerdata " + g.name + ": " + g.summary,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return a.helpAsUsageError(cmd, args)
			}
			return unknownCommand(cmd, args[0])
		},
		// Completes the subcommands, not files.
		ValidArgsFunction:          cobra.NoFileCompletions,
		SuggestionsMinimumDistance: suggestDistance,
	}
	for _, c := range g.commands {
		gc.AddCommand(a.leafCommand(c.name, c))
	}
	return gc
}

// leafCommand is the cobra command that runs c.
func (a *app) leafCommand(name string, c *command) *cobra.Command {
	cc := &cobra.Command{
		// The usage line puts flags before the arguments, as they are typed.
		Use:                   strings.TrimSpace(name + " [flags] " + c.args),
		Short:                 c.summary,
		Long:                  strings.TrimSpace(c.help),
		Example:               examples(c.examples),
		DisableFlagsInUseLine: true,
		ValidArgsFunction:     c.complete,
	}
	if cc.ValidArgsFunction == nil {
		cc.ValidArgsFunction = cobra.NoFileCompletions
	}
	run := c.setup(cc.Flags())
	for name, f := range c.flagValues {
		_ = cc.RegisterFlagCompletionFunc(name, f) // the flag is declared by setup just above
	}
	cc.Args = func(cmd *cobra.Command, args []string) error {
		if c.nargs >= 0 && len(args) != c.nargs {
			return fmt.Errorf("%s takes %s, got %d argument(s): run '%s --help' for examples",
				strings.TrimPrefix(cmd.CommandPath(), "registerdata "), argsPhrase(c), len(args), cmd.CommandPath())
		}
		return nil
	}
	cc.RunE = func(cmd *cobra.Command, args []string) error {
		a.status = a.fail(run(a, args))
		a.reportCost(c)
		a.close()
		return nil
	}
	return cc
}

// helpAsUsageError prints the command's help on stderr for a command
// line that names no command, and ends with exit status 2.
func (a *app) helpAsUsageError(cmd *cobra.Command, _ []string) error {
	cmd.SetOut(a.stderr)
	_ = cmd.Help()
	cmd.SetOut(a.stdout)
	a.status = exitUsage
	return nil
}

// flagError is the error for a flag cmd does not take. When cmd is a
// group and the words before the flag name no subcommand of it (a
// misspelt command followed by its flags: "serach companies --query
// solar"), the unknown command is the error, with its suggestion: the
// flag is unknown only because the command was.
func flagError(cmd *cobra.Command, err error) error {
	if cmd.HasSubCommands() {
		if args := cmd.Flags().Args(); len(args) > 0 {
			return usageError{unknownCommand(cmd, args[0])}
		}
	}
	return usageError{err}
}

// unknownCommand is the error for an unknown subcommand of cmd, with the
// closest ones cobra finds.
func unknownCommand(cmd *cobra.Command, name string) error {
	msg := fmt.Sprintf("unknown command %q for %q", name, cmd.CommandPath())
	if s := cmd.SuggestionsFor(name); len(s) > 0 {
		msg += "; did you mean " + quoteList(s) + "?"
	}
	return errors.New(msg)
}

// quoteList is "a", "a" or "b", "a", "b" or "c".
func quoteList(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = fmt.Sprintf("%q", v)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

func argsPhrase(cmd *command) string {
	if cmd.nargs == 0 {
		return "no arguments"
	}
	return cmd.args
}

// examples indents the examples for cobra's help.
func examples(ex []string) string {
	if len(ex) == 0 {
		return ""
	}
	return "  " + strings.Join(ex, "\n  ")
}

const rootHelp = `registerdata asks the Company and Person Register Data Service from a terminal.

Global flags (--fake, --json, --wide, --budget N) go before or after the
command. The API key is read from $REGISTERDATA_API_KEY (or the first line
of the file $REGISTERDATA_API_KEY_FILE names), the address from
$REGISTERDATA_BASE_URL (default https://api.openregister.de). Tables fit the
terminal (else $COLUMNS, else 100 columns); --wide shows identifiers whole.
Commands that cost credits report the cost on stderr.

Exit status: 0 ok; 1 the service or the budget refused a call, or a webhook
did not verify; 2 usage error (unknown command, bad flag or filter, no API key).`
