// Command example prints the spans and metrics of a few calls of
// registerdata-go against its bundled fake, with OpenTelemetry's stdout
// exporters: a lookup, the same lookup from the cache, a failed lookup
// and a budget refusal.
//
//	go run ./registerdataotel/example
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdataotel"
	"go.opentelemetry.io/otel/exporters/stdout/stdoutmetric"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, w io.Writer) error {
	spans, err := stdouttrace.New(stdouttrace.WithWriter(w), stdouttrace.WithPrettyPrint())
	if err != nil {
		return err
	}
	metrics, err := stdoutmetric.New(stdoutmetric.WithWriter(w), stdoutmetric.WithPrettyPrint())
	if err != nil {
		return err
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))

	obs := registerdataotel.NewObserver(registerdataotel.WithTracerProvider(tp), registerdataotel.WithMeterProvider(mp))
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(
		registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithObserver(obs),
		registerdata.WithCache(registerdata.NewMemoryCache(100, 0)),
		registerdata.WithCreditBudget(25),
	)
	if err != nil {
		return err
	}
	if err := obs.ObserveBudget(c); err != nil {
		return err
	}

	const id = "DE-HRB-F1103-267645"
	fmt.Fprintln(w, "== spans")
	if _, err := c.GetCompany(ctx, id, nil); err != nil { // 10 credits
		return err
	}
	if _, err := c.GetCompany(ctx, id, nil); err != nil { // from the cache: free
		return err
	}
	_, err = c.GetCompany(ctx, "DE-HRB-F1103-999999", nil) // 404, not billed
	fmt.Fprintln(w, "-- expected failure:", err)
	_, err = c.GetOwners(ctx, id, nil) // fits: 20 of 25
	if err != nil {
		return err
	}
	_, err = c.GetBeneficialOwners(ctx, id) // refused: 30 > 25
	fmt.Fprintln(w, "-- expected refusal:", err)

	fmt.Fprintln(w, "== metrics")
	rm, err := collect(ctx, reader)
	if err != nil {
		return err
	}
	return metrics.Export(ctx, rm)
}
