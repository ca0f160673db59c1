package portfolio_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
)

// WithLogger shows what the workers retry: the database unavailable at
// start or gone during a job (River's own log of its queue included).
// Here nothing goes wrong, so the warnings log stays empty.
func ExampleWithLogger() {
	ctx := context.Background()
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "portfolio")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	warnings := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	p, err := portfolio.Open(ctx, "sqlite:"+filepath.Join(dir, "portfolio.db"), c, portfolio.WithLogger(warnings))
	if err != nil {
		panic(err)
	}
	defer p.Close()
	ran, err := p.Drain(ctx) // a service runs p.Work(ctx) instead
	if err != nil {
		panic(err)
	}
	fmt.Println("jobs run:", ran)
	// Output:
	// jobs run: 0
}
