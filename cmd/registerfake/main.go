// Command registerfake runs the Register Data Service fake as a
// standalone server, for clients in any language and for trying the
// service out without an account.
//
//	go run ./cmd/registerfake -addr 127.0.0.1:8080
//
// It prints its base URL and API key, serves the /v1/ endpoints and the
// /_fake/ test controls (see package fake), and shuts down cleanly on
// SIGINT or SIGTERM. The fake follows wall time; advance it with
// POST /_fake/clock/advance.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/registerdata/registerdata-go/fake"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "registerfake:", err)
		os.Exit(2)
	}
}

// run parses args, serves until ctx ends, then shuts down.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("registerfake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	apiKey := fs.String("api-key", fake.DefaultAPIKey, "the API key seeded with credits")
	credits := fs.Int64("credits", fake.DefaultCredits, "credits of the seeded API key")
	webhookURL := fs.String("webhook-url", "", "where monitor notifications are delivered (the dashboard setting)")
	webhookSecret := fs.String("webhook-secret", "", "secret the notifications are signed with")
	generated := fs.Int("generated", 0, "number of synthetic companies to add to the curated ones")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("unexpected arguments %q: every setting is a flag (see -h)", fs.Args())
	case *apiKey == "":
		return errors.New("-api-key must not be empty")
	case *credits < 0:
		return errors.New("-credits must be zero or more")
	case *generated < 0 || *generated > 10_000_000:
		return errors.New("-generated must be between 0 and 10000000")
	case (*webhookURL == "") != (*webhookSecret == ""):
		return errors.New("-webhook-url and -webhook-secret go together: give both or neither")
	}

	opts := []fake.Option{fake.WithAPIKey(*apiKey), fake.WithCredits(*credits), fake.WithGenerated(*generated)}
	if *webhookURL != "" {
		opts = append(opts, fake.WithWebhookEndpoint(*webhookURL, *webhookSecret))
	}
	srv, err := fake.Listen(*addr, opts...)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "registerfake listening on %s\n", srv.URL)
	fmt.Fprintf(stdout, "REGISTERDATA_BASE_URL=%s\n", srv.URL)
	fmt.Fprintf(stdout, "REGISTERDATA_API_KEY=%s\n", srv.APIKey)

	<-ctx.Done()
	fmt.Fprintln(stdout, "registerfake shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
