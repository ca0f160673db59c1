package registerdataotel_test

import (
	"context"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdataotel"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

const nordlichtID = "DE-HRB-F1103-267645"

// rig is a fake, an observer recording into memory, and a client.
type rig struct {
	srv    *fake.Server
	obs    *registerdataotel.Observer
	spans  *tracetest.SpanRecorder
	reader *sdkmetric.ManualReader
	c      *registerdata.Client
}

func newRig(t *testing.T, opts ...registerdata.Option) *rig {
	t.Helper()
	r := &rig{srv: fake.NewServer(), spans: tracetest.NewSpanRecorder(), reader: sdkmetric.NewManualReader()}
	t.Cleanup(r.srv.Close)
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(r.spans))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(r.reader))
	var err error
	r.obs = registerdataotel.NewObserver(registerdataotel.WithTracerProvider(tp), registerdataotel.WithMeterProvider(mp))
	r.c, err = registerdata.NewClient(append([]registerdata.Option{
		registerdata.WithAPIKey(r.srv.APIKey), registerdata.WithBaseURL(r.srv.URL),
		registerdata.WithObserver(r.obs), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Second),
	}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// ended returns the spans ended so far.
func (r *rig) ended() []sdktrace.ReadOnlySpan { return r.spans.Ended() }

// metrics collects the metrics recorded so far, by name.
func (r *rig) metrics(t *testing.T) map[string]metricdata.Aggregation {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := r.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	out := map[string]metricdata.Aggregation{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			out[m.Name] = m.Data
		}
	}
	return out
}

// sum is the value of a counter for the data point whose attributes
// include want.
func sum(t *testing.T, data metricdata.Aggregation, want ...attribute.KeyValue) int64 {
	t.Helper()
	s, ok := data.(metricdata.Sum[int64])
	if !ok {
		t.Fatalf("not an int64 sum: %T", data)
	}
	var total int64
	for _, dp := range s.DataPoints {
		if has(dp.Attributes, want...) {
			total += dp.Value
		}
	}
	return total
}

func has(set attribute.Set, want ...attribute.KeyValue) bool {
	for _, kv := range want {
		v, ok := set.Value(kv.Key)
		if !ok || v != kv.Value {
			return false
		}
	}
	return true
}

// attrs maps a span's attributes by key.
func attrs(s sdktrace.ReadOnlySpan) map[attribute.Key]attribute.Value {
	m := map[attribute.Key]attribute.Value{}
	for _, kv := range s.Attributes() {
		m[kv.Key] = kv.Value
	}
	return m
}
