package registerdataotel_test

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
)

// TestNoIDInSpanNamesOrMetricAttributes makes calls on ids of every kind
// and fails if any span name or metric attribute carries one of them (or
// the request ids the fake answered with).
func TestNoIDInSpanNamesOrMetricAttributes(t *testing.T) {
	r := newRig(t, registerdata.WithCache(registerdata.NewMemoryCache(10, 0)))
	ctx := context.Background()
	person := r.srv.Persons()[0]
	insolvency := r.srv.InsolvencyIDs()[0]
	ids := []string{nordlichtID, person, insolvency, "DE-HRB-F1103-999999"}
	var info registerdata.ResponseInfo
	_, _ = r.c.GetCompany(ctx, nordlichtID, nil, registerdata.WithResponseInfo(&info))
	ids = append(ids, info.RequestID)
	_, _ = r.c.GetCompany(ctx, nordlichtID, nil)
	_, _ = r.c.GetCompany(ctx, "DE-HRB-F1103-999999", nil)
	_, _ = r.c.GetOwners(ctx, nordlichtID, nil)
	_, _ = r.c.GetPerson(ctx, person)
	_, _ = r.c.GetPersonHoldings(ctx, person)
	_, _ = r.c.GetInsolvency(ctx, insolvency)
	_, _ = r.c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: nordlichtID})
	if len(r.ended()) < 8 {
		t.Fatalf("only %d spans", len(r.ended()))
	}
	check := func(where, s string) {
		for _, id := range ids {
			if id != "" && strings.Contains(s, id) {
				t.Errorf("%s %q contains the id %q", where, s, id)
			}
		}
	}
	for _, s := range r.ended() {
		check("span name", s.Name())
	}
	var rm metricdata.ResourceMetrics
	if err := r.reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	points := 0
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			for _, set := range attributeSets(m.Data) {
				points++
				for _, kv := range set.ToSlice() {
					check("metric "+m.Name+" attribute "+string(kv.Key), kv.Value.String())
				}
			}
		}
	}
	if points == 0 {
		t.Fatal("no metric data points were recorded")
	}
}

func attributeSets(data metricdata.Aggregation) []attribute.Set {
	var out []attribute.Set
	switch d := data.(type) {
	case metricdata.Sum[int64]:
		for _, dp := range d.DataPoints {
			out = append(out, dp.Attributes)
		}
	case metricdata.Histogram[float64]:
		for _, dp := range d.DataPoints {
			out = append(out, dp.Attributes)
		}
	case metricdata.Gauge[int64]:
		for _, dp := range d.DataPoints {
			out = append(out, dp.Attributes)
		}
	}
	return out
}

// okTransport answers every request with 200 and "{}", without a network.
type okTransport struct{}

func (okTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		r.Body.Close()
	}
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader("{}")), Request: r}, nil
}

func lowerWord(rng *rand.Rand) string {
	b := make([]byte, 8+rng.IntN(9))
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
	}
	return string(b)
}

// TestDoSeriesAreBounded sends 3,000 distinct paths and 200 made-up
// methods through Client.Do and counts the distinct span names and the
// distinct values of url.template and http.request.method in the
// metrics: each a small bounded set, whatever the paths and methods.
func TestDoSeriesAreBounded(t *testing.T) {
	r := newRig(t, registerdata.WithHTTPClient(&http.Client{Transport: okTransport{}}))
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(33, 2))
	words := []string{"v1", "company", "owners", "search", "person", "monitor", "lookup", "things"}
	paths := map[string]bool{}
	for len(paths) < 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(16) {
			b.WriteByte('/')
			if rng.IntN(2) == 0 {
				b.WriteString(words[rng.IntN(len(words))])
			} else {
				b.WriteString(lowerWord(rng))
			}
		}
		paths[b.String()] = true
	}
	for p := range paths {
		if err := r.c.Do(ctx, http.MethodGet, p, nil, nil, registerdata.WithCost(1)); err != nil {
			t.Fatal(p, err)
		}
	}
	methods := map[string]bool{}
	for len(methods) < 200 {
		methods[strings.ToUpper(lowerWord(rng))] = true
	}
	for m := range methods {
		if err := r.c.Do(ctx, m, "/v1/credits", nil, nil, registerdata.WithCost(1)); err != nil {
			t.Fatal(m, err)
		}
	}

	names := map[string]bool{}
	originals := map[string]bool{}
	for _, s := range r.ended() {
		names[s.Name()] = true
		a := attrs(s)
		if m := a["http.request.method"].AsString(); m != "GET" && m != "_OTHER" {
			t.Errorf("span %q: http.request.method %q", s.Name(), m)
		}
		if o, ok := a["http.request.method_original"]; ok {
			originals[o.AsString()] = true
		}
	}
	if len(r.ended()) != len(paths)+len(methods) {
		t.Fatalf("%d spans for %d calls", len(r.ended()), len(paths)+len(methods))
	}
	if len(names) > 200 {
		t.Errorf("%d distinct span names for %d paths", len(names), len(paths))
	}
	if !names["HTTP /v1/credits"] {
		t.Error(`no span "HTTP /v1/credits" for the made-up methods`)
	}
	if len(originals) != len(methods) {
		t.Errorf("http.request.method_original on %d spans of made-up methods, want %d", len(originals), len(methods))
	}

	var rm metricdata.ResourceMetrics
	if err := r.reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			values := map[attribute.Key]map[string]bool{}
			for _, set := range attributeSets(m.Data) {
				for _, kv := range set.ToSlice() {
					if values[kv.Key] == nil {
						values[kv.Key] = map[string]bool{}
					}
					values[kv.Key][kv.Value.String()] = true
				}
			}
			if n := len(values["url.template"]); n > 200 {
				t.Errorf("metric %s: %d url.template values", m.Name, n)
			}
			for v := range values["http.request.method"] {
				if v != "GET" && v != "_OTHER" {
					t.Errorf("metric %s: http.request.method %q", m.Name, v)
				}
			}
			if len(values["url.template"]) > 0 && len(values["http.request.method"]) != 2 {
				t.Errorf("metric %s: http.request.method values %v, want GET and _OTHER", m.Name, values["http.request.method"])
			}
		}
	}
	t.Logf("%d paths, %d methods: %d span names", len(paths), len(methods)+1, len(names))
}
