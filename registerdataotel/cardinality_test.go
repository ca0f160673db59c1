package registerdataotel_test

import (
	"context"
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

func TestBudgetGauge(t *testing.T) {
	r := newRig(t, registerdata.WithCreditBudget(100))
	if err := r.obs.ObserveBudget(r.c, attribute.String("client", "test")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.c.GetCompany(context.Background(), nordlichtID, nil); err != nil {
		t.Fatal(err)
	}
	g, ok := r.metrics(t)["registerdata.client.budget.remaining"].(metricdata.Gauge[int64])
	if !ok || len(g.DataPoints) != 1 || g.DataPoints[0].Value != 90 {
		t.Fatalf("budget gauge %+v, want one point of 90", g)
	}
	if err := r.obs.ObserveBudget(nil); err == nil {
		t.Error("ObserveBudget(nil) was accepted")
	}
}
