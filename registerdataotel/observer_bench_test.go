package registerdataotel_test

import (
	"context"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdataotel"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// BenchmarkGetCompanyObserved is a GetCompany against the fake without an
// observer and with the OpenTelemetry observer (the SDK's providers,
// sampling every span, aggregating every metric): the ratio of the two
// is the observer's own cost.
func BenchmarkGetCompanyObserved(b *testing.B) {
	srv := fake.NewServer()
	defer srv.Close()
	run := func(b *testing.B, extra ...registerdata.Option) {
		c, err := registerdata.NewClient(append([]registerdata.Option{
			registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL)}, extra...)...)
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			if _, err := c.GetCompany(ctx, nordlichtID, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("observer=none", func(b *testing.B) { run(b) })
	b.Run("observer=otel", func(b *testing.B) {
		o := registerdataotel.NewObserver(
			registerdataotel.WithTracerProvider(sdktrace.NewTracerProvider()),
			registerdataotel.WithMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader()))))
		run(b, registerdata.WithObserver(o))
	})
}
