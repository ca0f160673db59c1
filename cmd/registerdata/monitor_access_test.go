package main

import (
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/fake"
)

func TestMonitorCreateWithoutMonitoringAccessSaysSoAndBillsNothing(t *testing.T) {
	srv := newFake(t, fake.WithoutMonitoring())
	if err := srv.SetWebhookEndpoint(srv.InspectorURL("monitor-test"), testSecret); err != nil {
		t.Fatal(err)
	}
	before := srv.Credits(srv.APIKey)
	r := against(srv).run(t, "monitor", "create", nordlicht).wantCode(t, exitFailed)
	for _, want := range []string{"lacks monitoring access", "early access", "on request", "https://docs.openregister.de/guide/monitoring", "nothing was billed"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q does not say %q", r.stderr, want)
		}
	}
	if (strings.Contains(r.stderr, "cost:") && !strings.Contains(r.stderr, "cost: 0 credits")) || r.stdout != "" {
		t.Errorf("stdout %q, stderr %q: a refused create costs nothing", r.stdout, r.stderr)
	}
	if got := srv.Credits(srv.APIKey); got != before {
		t.Errorf("the fake billed %d credits", before-got)
	}
	if len(srv.Monitors(srv.APIKey)) != 0 {
		t.Error("a monitor was created")
	}
}
