// Command quickstart fetches one company record and prints a readable
// profile of it.
//
// With REGISTERDATA_API_KEY set it asks the real service (10 credits).
// Without it, it starts the SDK's bundled fake in-process, so it runs
// anywhere with no key and no network:
//
//	go run ./examples/quickstart
//	go run ./examples/quickstart DE-HRB-F1103-267645
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

const defaultCompany = "DE-HRB-F1103-267645"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	id := defaultCompany
	if len(os.Args) > 1 {
		id = os.Args[1]
	}
	if err := run(ctx, os.Stdout, os.Getenv(registerdata.EnvAPIKey), id); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

// run prints the profile of company id to w, using the real service when
// apiKey is set and the bundled fake otherwise.
func run(ctx context.Context, w io.Writer, apiKey, id string) error {
	opts := []registerdata.Option{}
	if apiKey != "" {
		opts = append(opts, registerdata.WithAPIKey(apiKey))
	} else {
		srv := fake.NewServer()
		defer srv.Close()
		fmt.Fprintf(w, "No %s set: using the bundled fake at %s\n\n", registerdata.EnvAPIKey, srv.URL)
		opts = append(opts, registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	}
	c, err := registerdata.NewClient(opts...)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	co, err := c.GetCompany(ctx, id, nil)
	if err != nil {
		return err
	}
	printProfile(w, co, registerdata.DateOf(time.Now()))
	fmt.Fprintf(w, "\nCredits spent: %d\n", c.CreditsSpent())
	return nil
}
