// Command registerdata asks the Company and Person Register Data Service a
// question from a terminal: company profiles, searches with filters,
// monitors, webhook checks, with readable tables by default and the
// service's own JSON with --json.
//
//	registerdata --fake company get DE-HRB-F1103-267645
//	registerdata search companies --query solar --filter 'city=Berlin'
//	registerdata --json search companies --filter 'legal_form in gmbh,ag' --all | jq .name
//	registerdata webhook verify --secret "$SECRET" --id ID --timestamp TS --signature SIG < body.json
//
// The API key comes from $REGISTERDATA_API_KEY (and the address from
// $REGISTERDATA_BASE_URL, for example a registerfake server); --fake runs
// every command against an in-process fake instead, with no key. --budget N
// refuses any call that would take the credits spent above N, and every
// command that costs credits reports what it cost on stderr.
//
// Exit status: 0 on success, 1 when the service (or the credit budget)
// refused or failed a call or a webhook did not verify, 2 for a usage
// error: an unknown command or flag, a malformed argument or filter, or a
// missing API key.
//
// The tool uses only the standard library's flag package with a small
// dispatcher for the nested commands, so building it adds nothing to the
// SDK's dependencies.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
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
		budget:    -1,
		now:       time.Now,
	}
	return a.main(args)
}

// isTerminal reports whether w is a character device (a terminal), by
// os.File.Stat, so no terminal library is needed.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
