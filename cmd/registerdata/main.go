// Command registerdata asks the Company and Person Register Data Service a
// question from a terminal: company profiles, searches with filters,
// monitors, webhook checks, with readable tables by default and the
// service's own JSON with --json.
//
//	registerdata --fake company get DE-HRB-F1103-267645
//	registerdata search companies --query solar --filter 'city=Berlin'
//	registerdata --json search companies --filter 'legal_form in gmbh,ag' --all | jq .name
//	registerdata webhook verify --secret-file ~/.config/registerdata/webhook-secret --id ID --timestamp TS --signature SIG < body.json
//
// The API key comes from $REGISTERDATA_API_KEY, or from the first line of
// the file $REGISTERDATA_API_KEY_FILE names (and the address from
// $REGISTERDATA_BASE_URL, for example a registerfake server); --fake runs
// every command against an in-process fake instead, with no key. --budget N
// refuses any call that would take the credits spent above N, and every
// command that costs credits reports what it cost on stderr. Secrets come
// from the environment or files ($REGISTERDATA_WEBHOOK_SECRET or
// --secret-file; $REGISTERDATA_TRANSPARENCY_PASSWORD or stdin) and are
// never printed.
//
// Exit status: 0 on success, 1 when the service (or the credit budget)
// refused or failed a call or a webhook did not verify, 2 for a usage
// error: an unknown command or flag, a malformed argument or filter, or a
// missing API key.
//
// The command tree is built with spf13/cobra (help, "did you mean",
// completion scripts for bash, zsh and fish: registerdata completion
// bash|zsh|fish) and sized to the terminal with golang.org/x/term; the
// tool is a module of its own, so neither is a dependency of the SDK.
//
// # Where the code is
//
// Each first-level command lives in the file named after it, its further
// subcommands in files whose names start with the command's:
//
//	main.go              the process: its streams, its signals, whether stdout and stderr are terminals
//	app.go               one run: the client made on first use, --fake, --budget, the cost line
//	dispatch.go          the command tree (the groups, in the order of the help), global flags, completion
//	errors.go            the exit statuses and how an error is printed
//	company*.go          company get (several ids: company_batch.go), contact, lookup, documents,
//	                     document get, financials, owners, ubo, holdings, tree
//	person.go            person get, person holdings
//	insolvency.go        insolvency get
//	search*.go           search companies and persons (search.go), insolvencies, autocomplete, fields;
//	                     search_pages.go: one page, every page (--all), the table rows
//	filter*.go           --filter: its syntax and help, its checks before anything is sent, its completion
//	monitor.go           monitor create, list, delete
//	webhook*.go          webhook verify (webhook.go) and listen (webhook_listen.go; --changes, failures)
//	watch*.go            watch: polling ids for changes; watch_state.go: what it remembers
//	match.go, enrich.go  match and enrich, one walk in filejob.go (chunks, the resume journal);
//	                     matchio.go: their input, output and flags; callcache.go: the calls of a row cut short
//	diff.go              diff
//	credits.go           credits
//	transparency.go      transparency login, extract, get
//	report.go            report: the KYC dossier
//	portfolio*.go        portfolio import, plan, sync, events, flags, ack, report, serve, work
//	mcp*.go              mcp: the service's tools for an AI agent (the portfolio's: mcp_portfolio.go)
//	format.go            values in tables and profiles
//	wrap.go              text for a person wrapped to the terminal it goes to
//	redact.go            secrets kept out of everything printed
//	progress.go          the progress line of a long run on a terminal
//	recorder.go          --json: the service's answer as it came
//	fake_transport.go    --fake: the fake's handler called in process
//	serve.go             the commands that serve, until Ctrl-C
//	internal/output      tables and profiles measured in display columns
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/term"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args with the given streams and returns the
// exit status. It reads the process environment and stops on SIGINT or
// SIGTERM.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a := &app{
		ctx:       ctx,
		stdin:     stdin,
		stdout:    stdout,
		stderr:    stderr,
		getenv:    os.Getenv,
		stderrTTY: isTerminal(stderr),
		stdoutTTY: isTerminal(stdout),
		termWidth: func() int { return terminalWidth(stdout) },
		errWidth:  func() int { return terminalWidth(stderr) },
		budget:    -1,
		now:       time.Now,
	}
	return a.main(args)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// terminalWidth is the width of the terminal w is, 0 when w is not one
// (a pipe, a file) or its size is unknown.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return width
}
