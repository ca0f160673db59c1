package registerdataotel_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/registerdataotel"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	"go.opentelemetry.io/otel/trace"
)

const companyRoute = "GET /v1/company/{company_id}"

func TestPlainCall(t *testing.T) {
	r := newRig(t)
	if _, err := r.c.GetCompany(context.Background(), nordlichtID, nil); err != nil {
		t.Fatal(err)
	}
	spans := r.ended()
	if len(spans) != 1 {
		t.Fatalf("%d spans, want 1", len(spans))
	}
	s := spans[0]
	if s.Name() != companyRoute || s.SpanKind() != trace.SpanKindClient {
		t.Errorf("span %q kind %v", s.Name(), s.SpanKind())
	}
	a := attrs(s)
	checks := map[attribute.Key]attribute.Value{
		"http.request.method":          attribute.StringValue("GET"),
		"url.template":                 attribute.StringValue("/v1/company/{company_id}"),
		"server.address":               attribute.StringValue("127.0.0.1"),
		"http.response.status_code":    attribute.IntValue(200),
		"registerdata.credits.charged": attribute.Int64Value(10),
		"registerdata.attempts":        attribute.IntValue(1),
		"registerdata.cached":          attribute.BoolValue(false),
	}
	for k, want := range checks {
		if got, ok := a[k]; !ok || got != want {
			t.Errorf("%s = %v, want %v", k, got.String(), want.String())
		}
	}
	if a["registerdata.request_id"].AsString() == "" {
		t.Error("no request id on the span")
	}
	if _, ok := a["error.type"]; ok {
		t.Error("error.type on a successful call")
	}
	m := r.metrics(t)
	route := attribute.String("url.template", "/v1/company/{company_id}")
	if got := sum(t, m["registerdata.client.credits"], route); got != 10 {
		t.Errorf("credits counter %d, want 10", got)
	}
	if got := sum(t, m["registerdata.client.cache.lookups"], route, attribute.String("registerdata.cache.result", "miss")); got != 1 {
		t.Errorf("cache misses %d, want 1", got)
	}
	h := m["http.client.request.duration"].(metricdata.Histogram[float64])
	if len(h.DataPoints) != 1 || h.DataPoints[0].Count != 1 || !has(h.DataPoints[0].Attributes, route, attribute.Int("http.response.status_code", 200)) {
		t.Errorf("duration histogram %+v", h.DataPoints)
	}
}

func TestRetriedCall(t *testing.T) {
	r := newRig(t)
	if err := r.srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Count: 1, Status: http.StatusServiceUnavailable}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.c.GetCompany(context.Background(), nordlichtID, nil); err != nil {
		t.Fatal(err)
	}
	s := r.ended()[0]
	if got := attrs(s)["registerdata.attempts"].AsInt64(); got != 2 {
		t.Errorf("attempts %d, want 2", got)
	}
	var retries int
	for _, ev := range s.Events() {
		if ev.Name == "retry" {
			retries++
		}
	}
	if retries != 1 {
		t.Errorf("%d retry events, want 1: %+v", retries, s.Events())
	}
	if got := sum(t, r.metrics(t)["registerdata.client.retries"]); got != 1 {
		t.Errorf("retries counter %d, want 1", got)
	}
}

func TestCacheHit(t *testing.T) {
	r := newRig(t, registerdata.WithCache(registerdata.NewMemoryCache(10, 0)))
	for range 2 {
		if _, err := r.c.GetCompany(context.Background(), nordlichtID, nil); err != nil {
			t.Fatal(err)
		}
	}
	spans := r.ended()
	if len(spans) != 2 {
		t.Fatalf("%d spans, want 2", len(spans))
	}
	hit := attrs(spans[1])
	if !hit["registerdata.cached"].AsBool() || hit["registerdata.credits.charged"].AsInt64() != 0 || hit["registerdata.attempts"].AsInt64() != 0 {
		t.Errorf("the cache hit's span: %v", spans[1].Attributes())
	}
	if hit["server.address"].AsString() != "127.0.0.1" {
		t.Errorf("a cache hit names no server: %v", spans[1].Attributes())
	}
	m := r.metrics(t)
	if h, miss := sum(t, m["registerdata.client.cache.lookups"], attribute.String("registerdata.cache.result", "hit")),
		sum(t, m["registerdata.client.cache.lookups"], attribute.String("registerdata.cache.result", "miss")); h != 1 || miss != 1 {
		t.Errorf("cache hits %d misses %d, want 1 and 1", h, miss)
	}
	if got := sum(t, m["registerdata.client.credits"]); got != 10 {
		t.Errorf("credits %d, want 10", got)
	}
}

func TestBudgetRefusal(t *testing.T) {
	r := newRig(t, registerdata.WithCreditBudget(5))
	_, err := r.c.GetCompany(context.Background(), nordlichtID, nil)
	if !errors.Is(err, registerdata.ErrBudgetExceeded) {
		t.Fatalf("err %v, want ErrBudgetExceeded", err)
	}
	s := r.ended()[0]
	if s.Status().Code != codes.Error || attrs(s)["error.type"].AsString() != "budget_exceeded" {
		t.Errorf("status %v, error.type %q", s.Status(), attrs(s)["error.type"].AsString())
	}
	if got := sum(t, r.metrics(t)["registerdata.client.budget.refusals"]); got != 1 {
		t.Errorf("refusals %d, want 1", got)
	}
}

func TestFailedCall(t *testing.T) {
	r := newRig(t)
	_, err := r.c.GetCompany(context.Background(), "DE-HRB-F1103-999999", nil)
	if !errors.Is(err, registerdata.ErrNotFound) {
		t.Fatalf("err %v, want ErrNotFound", err)
	}
	a := attrs(r.ended()[0])
	if a["error.type"].AsString() != "404" || a["http.response.status_code"].AsInt64() != 404 {
		t.Errorf("attributes %v", r.ended()[0].Attributes())
	}
}

func TestPageWalkIsOneSpanPerPage(t *testing.T) {
	r := newRig(t)
	req := registerdata.CompanySearchRequest{Pagination: registerdata.PageRequest{PerPage: 2}}
	n := 0
	for _, err := range r.c.SearchCompaniesSeq(context.Background(), req, registerdata.MaxPages(3)) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	spans := r.ended()
	if n != 6 || len(spans) != 3 {
		t.Fatalf("%d results in %d spans, want 6 in 3", n, len(spans))
	}
	for _, s := range spans {
		if s.Name() != "POST /v1/search/company" {
			t.Errorf("span %q", s.Name())
		}
	}
}

// spanOfRequest records the span context each HTTP request carries.
type spanOfRequest struct{ seen []trace.SpanContext }

func (s *spanOfRequest) RoundTrip(req *http.Request) (*http.Response, error) {
	s.seen = append(s.seen, trace.SpanContextFromContext(req.Context()))
	return http.DefaultTransport.RoundTrip(req)
}

// TestRequestsCarryTheCallSpan is what lets an otelhttp transport nest
// its spans under the call's.
func TestRequestsCarryTheCallSpan(t *testing.T) {
	rt := &spanOfRequest{}
	r := newRig(t, registerdata.WithHTTPClient(&http.Client{Transport: rt}))
	if _, err := r.c.GetCompany(context.Background(), nordlichtID, nil); err != nil {
		t.Fatal(err)
	}
	call := r.ended()[0].SpanContext()
	if len(rt.seen) != 1 || !rt.seen[0].Equal(call) {
		t.Errorf("the request carried %v, the call's span is %v", rt.seen, call)
	}
}

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
