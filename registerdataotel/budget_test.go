package registerdataotel_test

import (
	"context"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
)

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
