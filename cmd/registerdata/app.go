package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/fake"
)

// app is one run of the tool: its streams, environment, global flags and
// the client it creates on first use.
type app struct {
	ctx            context.Context
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	stderrTTY      bool // stderr is a terminal: progress lines go there
	stdoutTTY      bool // stdout is a terminal: no HTML is written to it
	// listen opens the listeners of the commands that serve (see
	// listenTCP); nil means net.Listen.
	listen func(network, addr string) (net.Listener, error)
	// now is the clock that decides which representatives are current.
	now func() time.Time
	// watchClock is the clock of "watch" between rounds; nil: the wall clock.
	watchClock changes.Clock
	// fakeOptions are added to the fake's options with --fake (tests).
	fakeOptions []fake.Option
	// clientOptions are added to the client's options (tests).
	clientOptions []registerdata.Option
	// pollTimer is what waits between the requests of a history still
	// processing (tests); nil: time.After.
	pollTimer func(time.Duration) <-chan time.Time

	// termWidth is the width of the terminal stdout is, 0 if it is none.
	termWidth func() int
	// errWidth is the width of the terminal stderr is, 0 if it is none:
	// messages on stderr wrap to it.
	errWidth func() int
	// userName is the operating system's user name, the default of --as
	// (tests); nil: os/user's. $USER is the fallback either way.
	userName func() string

	// Global flags.
	useFake bool
	jsonOut bool
	wide    bool  // identifiers whole in tables
	budget  int64 // < 0: no budget

	// status is the exit status of the command that ran.
	status int

	mu      sync.Mutex // guards secrets
	secrets []string   // the forms of the secrets to redact (see addSecret)

	client  *registerdata.Client
	rec     *recorder
	fakeSrv *fake.Server
}

// width is the width tables and profiles are rendered to: the
// terminal's, else $COLUMNS, else output.DefaultWidth.
func (a *app) width() int {
	if a.termWidth != nil {
		if w := a.termWidth(); w >= output.MinWidth {
			return w
		}
	}
	return output.TerminalWidth(a.getenv)
}

// envAPIKeyFile names a file whose first line is the API key, read when
// $REGISTERDATA_API_KEY is not set: for systemd's LoadCredential= and
// container secrets, so the key is in no environment a process lists.
const envAPIKeyFile = "REGISTERDATA_API_KEY_FILE"

// api returns the client, creating it (and with --fake the fake) on
// first use. A missing API key is a usage error.
func (a *app) api() (*registerdata.Client, error) {
	if a.client != nil {
		return a.client, nil
	}
	key, base := a.getenv(registerdata.EnvAPIKey), a.getenv(registerdata.EnvBaseURL)
	if file := a.getenv(envAPIKeyFile); key == "" && file != "" && !a.useFake {
		var err error
		if key, err = readSecretLine("$"+envAPIKeyFile, file); err != nil {
			return nil, err
		}
	}
	if a.useFake {
		srv, err := a.startFake()
		if err != nil {
			return nil, err
		}
		key, base = srv.APIKey, srv.URL
	}
	a.addSecret(key)
	if key == "" {
		return nil, usagef("no API key: set %s to the key from the service's dashboard (or %s to a file holding it), or add --fake to try the command against the bundled fake",
			registerdata.EnvAPIKey, envAPIKeyFile)
	}
	if base == "" {
		base = registerdata.DefaultBaseURL
	}
	var next http.RoundTripper = http.DefaultTransport
	if a.fakeSrv != nil {
		t, err := newInProcess(a.fakeSrv, next)
		if err != nil {
			return nil, err
		}
		next = t
	}
	a.rec = &recorder{next: next, off: !a.jsonOut}
	opts := []registerdata.Option{
		registerdata.WithAPIKey(key),
		registerdata.WithBaseURL(base),
		registerdata.WithHTTPClient(&http.Client{Transport: a.rec, Timeout: 2 * time.Minute}),
		registerdata.WithUserAgent("registerdata-cli"),
	}
	if a.budget >= 0 {
		opts = append(opts, registerdata.WithCreditBudget(a.budget))
	}
	opts = append(opts, a.clientOptions...)
	c, err := registerdata.NewClient(opts...)
	if err != nil {
		return nil, usageError{fmt.Errorf("%w (check %s)", err, registerdata.EnvBaseURL)}
	}
	a.client = c
	return c, nil
}

// offlineClient is the client of a command that calls no service (it
// reads the portfolio, or takes a decision that needs no lookup): it
// needs no API key, and every call it would make fails before it leaves
// the process, so such a command can never spend a credit. It has the
// price table the tests give (clientOptions) like the real client.
func (a *app) offlineClient() (*registerdata.Client, error) {
	opts := append([]registerdata.Option{
		registerdata.WithAPIKey("offline-no-calls"),
		registerdata.WithBaseURL(registerdata.DefaultBaseURL),
	}, a.clientOptions...)
	opts = append(opts, registerdata.WithHTTPClient(&http.Client{Transport: noCalls{}}))
	return registerdata.NewClient(opts...)
}

// noCalls is the transport of offlineClient: it refuses every request.
type noCalls struct{}

func (noCalls) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		r.Body.Close()
	}
	return nil, fmt.Errorf("this command makes no call to the service, yet tried %s %s: report it as a bug", r.Method, r.URL.Path)
}

// startFake starts the in-process fake, with a webhook endpoint of its
// own request inspector so that monitors can be created.
func (a *app) startFake() (*fake.Server, error) {
	srv := fake.NewServer(a.fakeOptions...)
	secret := make([]byte, 24)
	_, _ = rand.Read(secret)
	if err := srv.SetWebhookEndpoint(srv.InspectorURL("registerdata-cli"), "whsec_"+base64.StdEncoding.EncodeToString(secret)); err != nil {
		srv.Close()
		return nil, err
	}
	a.fakeSrv = srv
	return srv, nil
}

// close stops the fake, if one was started.
func (a *app) close() {
	if a.fakeSrv != nil {
		a.fakeSrv.Close()
		a.fakeSrv = nil
	}
}

// reportCost says on stderr what a billable command cost, and what is
// left of the budget.
func (a *app) reportCost(cmd *command) {
	if a.client == nil || !cmd.billable {
		return
	}
	spent := a.client.CreditsSpent()
	msg := fmt.Sprintf("cost: %d credit%s", spent, plural(spent))
	if left, ok := a.client.CreditsRemaining(); ok {
		msg += fmt.Sprintf(" (budget %d, %d left)", a.budget, left)
	}
	if a.useFake {
		msg += " on the fake"
	}
	fmt.Fprintln(a.stderr, msg)
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// rawJSON returns the body of the last successful response, or an error
// saying it is missing.
func (a *app) rawJSON() ([]byte, error) {
	if a.rec == nil {
		return nil, fmt.Errorf("no response was recorded")
	}
	b := a.rec.last()
	if b == nil {
		return nil, fmt.Errorf("no response body was recorded")
	}
	return b, nil
}

// printRaw writes the body of the last successful response as received,
// ending it with a newline; an empty body (a 204) prints nothing.
func (a *app) printRaw() error {
	b, err := a.rawJSON()
	if err != nil {
		return err
	}
	if len(b) == 0 {
		return nil
	}
	out := a.redact(string(b))
	if _, err := io.WriteString(a.stdout, out); err != nil {
		return err
	}
	if out[len(out)-1] != '\n' {
		_, err = io.WriteString(a.stdout, "\n")
	}
	return err
}

// listenTCP opens the TCP listener a serving command's flag (its name,
// for the error) gives the address of; a failure is the user's to fix.
func (a *app) listenTCP(flag, addr string) (net.Listener, error) {
	listen := a.listen
	if listen == nil {
		listen = net.Listen
	}
	l, err := listen("tcp", addr)
	if err != nil {
		return nil, usageError{fmt.Errorf("%s %s: %w", flag, addr, err)}
	}
	return l, nil
}
