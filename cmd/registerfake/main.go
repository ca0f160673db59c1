// Command registerfake runs the Register Data Service fake as a
// standalone server, for clients in any language and for trying the
// service out without an account.
//
//	go run ./cmd/registerfake -addr 127.0.0.1:8080
//
// It prints its base URL and API key, serves the /v1/ endpoints and the
// /_fake/ test controls (see package fake; -h lists them), and shuts down
// cleanly on SIGINT or SIGTERM. The fake follows wall time; advance it
// with POST /_fake/clock/advance.
//
// The /_fake/ controls need no key and can change the register, the
// credits and where webhooks are delivered, so the fake listens on a
// loopback address unless -allow-remote is given (and then warns).
//
// Your own register, saved state and recordings:
//
//	registerfake -data DIR [-curated=false]   serve the companies, owners, persons, financials
//	                                          and proceedings of DIR (see package fake)
//	registerfake -list                        print the curated register: id, name, what each company shows
//	registerfake -list-scenarios              print the scenarios: what each does and when
//	registerfake -scenario NAME -seed N       play a scenario against a company the seed picks
//	registerfake -snapshot FILE               restore FILE at start when it exists, write it at shutdown
//	REGISTERDATA_API_KEY=... registerfake -record DIR -upstream URL
//	                                          proxy to the real service and write its answers
//	                                          into DIR in the -data layout (the key is written nowhere)
//
// # Where the code is
//
//	main.go           the flags, the key and secret from a file or the environment, serving the fake
//	                  until a signal, -list, and the -snapshot restored at start and written at shutdown
//	scenario.go       -list-scenarios and the scenario played, as printed at start
//	record.go         -record: the proxy to the upstream and which answers it writes where
//	record_write.go   writing a recorded answer into DIR, whole or not at all
//	record_redact.go  keeping the keys and the webhook secret out of every file written
//
// The fake itself (the endpoints, the register, the /_fake/ controls) is
// package fake; this command only serves it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/atomicfile"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "registerfake:", err)
		os.Exit(2)
	}
}

// run parses args, serves until ctx ends, then shuts down. -h prints the
// help on stdout and returns nil.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("registerfake", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run prints the help and the errors itself
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one); loopback unless -allow-remote")
	allowRemote := fs.Bool("allow-remote", false, "allow a non-loopback -addr: anyone who reaches it can use the unauthenticated /_fake/ controls")
	apiKeyFlag := fs.String("api-key", "", "the API key seeded with credits (default $"+envAPIKey+", else "+fake.DefaultAPIKey+"); visible in ps: prefer -api-key-file or $"+envAPIKey)
	apiKeyFile := fs.String("api-key-file", "", "read the API key seeded with credits from this file")
	credits := fs.Int64("credits", fake.DefaultCredits, "credits of the seeded API key")
	webhookURL := fs.String("webhook-url", "", "where monitor notifications are delivered (the dashboard setting)")
	webhookSecretFlag := fs.String("webhook-secret", "", "secret the notifications are signed with (default $"+envWebhookSecret+"); visible in ps: prefer -webhook-secret-file or $"+envWebhookSecret)
	webhookSecretFile := fs.String("webhook-secret-file", "", "read the secret the notifications are signed with from this file")
	generated := fs.Int("generated", 0, "number of synthetic companies to add to the curated ones")
	seed := fs.Int64("seed", 0, "make a run reproducible: the same seed gives the same webhook ids, presigned signatures and draws of probabilistic faults (fake.WithSeed); unset: a random seed")
	historyProcessing := fs.Int("history-processing", 0, "the first n requests of each company's ownership history answer 202 (still processing, unbilled); PUT /_fake/history/processing changes it")
	dataDir := fs.String("data", "", "a directory of your own register: companies/, owners/, persons/, financials/, insolvencies/ in the service's answer shapes (see package fake)")
	curated := fs.Bool("curated", true, "serve the curated register (with -data: false serves the data alone)")
	snapshotFile := fs.String("snapshot", "", "a file holding the fake's whole state: restored at start when it exists, written at shutdown")
	recordDir := fs.String("record", "", "record instead of serving: proxy to -upstream and write its answers into this directory in the -data layout")
	upstream := fs.String("upstream", "", "with -record: the base URL of the real service; its key comes from $"+upstreamKeyEnv)
	list := fs.Bool("list", false, "print the curated register (id, name, what each company shows) and exit")
	scenario := fs.String("scenario", "", "play a scenario: named, seeded register events on the fake clock that fire the monitors' deliveries (-list-scenarios)")
	listScenarios := fs.Bool("list-scenarios", false, "print the scenarios, what each does and at which fake-clock offsets, and exit")
	controlHosts := fs.String("control-host", "", "comma-separated host names, besides loopback ones, under which the /_fake/ controls answer (\"*\": any; for containers)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout, fs)
			return nil
		}
		return fmt.Errorf("%w (see -h)", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q: every setting is a flag (see -h)", fs.Args())
	}
	if *list {
		return fake.WriteCuratedRegister(stdout, "")
	}
	if *listScenarios {
		return writeScenarios(stdout)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	apiKey, err := secretSetting("api-key", *apiKeyFlag, set["api-key"], *apiKeyFile, envAPIKey, fake.DefaultAPIKey, stderr)
	if err != nil {
		return err
	}
	webhookSecret, err := secretSetting("webhook-secret", *webhookSecretFlag, set["webhook-secret"], *webhookSecretFile, envWebhookSecret, "", stderr)
	if err != nil {
		return err
	}
	switch {
	case apiKey == "":
		return errors.New("-api-key must not be empty")
	case *credits < 0:
		return errors.New("-credits must be zero or more")
	case *generated < 0 || *generated > 10_000_000:
		return errors.New("-generated must be between 0 and 10000000")
	case *historyProcessing < 0:
		return errors.New("-history-processing must be zero or more")
	case (*webhookURL == "") != (webhookSecret == ""):
		return errors.New("-webhook-url and -webhook-secret go together: give both or neither")
	}
	loopback, err := isLoopback(*addr)
	if err != nil {
		return err
	}
	if !loopback && !*allowRemote {
		return fmt.Errorf("-addr %s is not a loopback address: the /_fake/ controls need no key, so anyone who reaches the fake can change it; "+
			"listen on 127.0.0.1 or add -allow-remote", *addr)
	}
	if *recordDir != "" || *upstream != "" {
		return record(ctx, *addr, *recordDir, *upstream, stdout)
	}

	opts := []fake.Option{fake.WithAPIKey(apiKey), fake.WithCredits(*credits), fake.WithGenerated(*generated), fake.WithHistoryProcessing(*historyProcessing)}
	if set["seed"] {
		opts = append(opts, fake.WithSeed(*seed))
	}
	if *webhookURL != "" {
		opts = append(opts, fake.WithWebhookEndpoint(*webhookURL, webhookSecret))
	}
	if *dataDir != "" {
		// os.Root keeps every read inside DIR: no path, link or ".." leaves it.
		root, err := os.OpenRoot(*dataDir)
		if err != nil {
			return fmt.Errorf("-data: the data directory cannot be opened: %w", err)
		}
		defer root.Close()
		opts = append(opts, fake.WithData(root.FS()))
	}
	if !*curated {
		opts = append(opts, fake.WithoutCurated())
	}
	if *snapshotFile != "" {
		removeStaleTemps(filepath.Dir(*snapshotFile), filepath.Base(*snapshotFile))
		f, err := os.Open(*snapshotFile)
		switch {
		case err == nil:
			defer f.Close()
			opts = append(opts, fake.WithSnapshot(f))
		case !errors.Is(err, os.ErrNotExist):
			return fmt.Errorf("-snapshot: %w", err)
		}
	}
	if *controlHosts != "" {
		opts = append(opts, fake.WithControlHosts(strings.Split(*controlHosts, ",")...))
	}
	if *scenario != "" {
		opts = append(opts, fake.WithScenario(*scenario))
	}
	srv, err := fake.Listen(*addr, opts...)
	if err != nil {
		return err
	}
	if !loopback {
		fmt.Fprintf(stderr, "registerfake: WARNING: listening on %s, reachable from other machines; "+
			"the /_fake/ controls need no key and can change the register, the credits and where webhooks are sent\n", *addr)
	}
	fmt.Fprintf(stdout, "registerfake listening on %s\n", srv.URL)
	fmt.Fprintf(stdout, "REGISTERDATA_BASE_URL=%s\n", srv.URL)
	fmt.Fprintf(stdout, "REGISTERDATA_API_KEY=%s\n", srv.APIKey)
	if st, ok := srv.ActiveScenario(); ok {
		writeActiveScenario(stdout, st)
	}

	<-ctx.Done()
	fmt.Fprintln(stdout, "registerfake shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	if *snapshotFile != "" {
		if serr := saveSnapshot(srv, *snapshotFile); serr != nil {
			return errors.Join(err, serr)
		}
		fmt.Fprintf(stdout, "registerfake: state saved to %s\n", *snapshotFile)
	}
	return err
}

// saveSnapshot writes srv's state to path crash-safely (internal/atomicfile):
// a failed write, or a kill during it, leaves the previous snapshot whole.
func saveSnapshot(srv *fake.Server, path string) error {
	if err := atomicfile.WriteFrom(path, 0o600, srv.Snapshot); err != nil {
		return fmt.Errorf("-snapshot: %w", err)
	}
	return nil
}

// removeStaleTemps removes the temporary files a write of dir/base
// killed before its rename left behind (internal/atomicfile names them
// ".BASE.tmp-*"); the file itself is whole, old or new.
func removeStaleTemps(dir, base string) {
	stale, _ := filepath.Glob(filepath.Join(dir, "."+base+".tmp-*"))
	for _, f := range stale {
		_ = os.Remove(f)
	}
}

// The environment variables registerfake reads its secrets from. The
// seeded key has a variable of its own, so that a real key in
// $REGISTERDATA_API_KEY is never seeded into the fake (which prints its
// key); the webhook secret is the one a receiver verifies with.
const (
	envAPIKey        = "REGISTERFAKE_API_KEY"
	envWebhookSecret = "REGISTERDATA_WEBHOOK_SECRET"
)

// secretSetting resolves a secret: from -NAME-file, else from the flag
// -NAME (with a warning on stderr: the command line is visible in ps),
// else from the environment variable env, else def. Giving both the
// file and the flag is an error, and so is an empty file.
func secretSetting(name, flagValue string, flagSet bool, file, env, def string, stderr io.Writer) (string, error) {
	switch {
	case file != "" && flagSet:
		return "", fmt.Errorf("-%s and -%s-file both given: keep -%s-file", name, name, name)
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("-%s-file: %w", name, err)
		}
		v := strings.TrimRight(string(b), "\r\n")
		if strings.TrimSpace(v) == "" {
			return "", fmt.Errorf("-%s-file %s is empty", name, file)
		}
		return v, nil
	case flagSet:
		fmt.Fprintf(stderr, "registerfake: WARNING: -%s on the command line is visible to every local user (ps); use -%s-file FILE or $%s\n", name, name, env)
		return flagValue, nil
	}
	if v := os.Getenv(env); v != "" {
		return v, nil
	}
	return def, nil
}

// usage prints the help: the flags and the test controls.
func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "Usage: registerfake [flags]")
	fmt.Fprintln(w, "\nRuns the Register Data Service fake: the /v1/ endpoints of the service and test controls under /_fake/.")
	fmt.Fprintln(w, "\nSecrets: pass the API key and the webhook secret in the environment or a file, not as flags")
	fmt.Fprintln(w, "(a flag's value is visible to every local user in ps):")
	fmt.Fprintln(w, "\n  "+envAPIKey+"=... "+envWebhookSecret+"=whsec_... registerfake -webhook-url http://127.0.0.1:9000/hooks")
	fmt.Fprintln(w, "  registerfake -api-key-file key.txt -webhook-secret-file secret.txt -webhook-url http://127.0.0.1:9000/hooks")
	fmt.Fprintln(w, "\nFlags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintln(w, "\nTest controls (no API key needed):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range fake.ControlRoutes() {
		method := r.Method
		if method == "" {
			method = "ANY"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", method, r.Path, r.Doc)
	}
	_ = tw.Flush()
}

// isLoopback reports whether addr ("host:port") names a loopback address
// only: "localhost" or a loopback IP. An empty host (every interface) and
// other host names are not.
func isLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("-addr %q is not host:port: %w", addr, err)
	}
	if strings.EqualFold(host, "localhost") {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}
