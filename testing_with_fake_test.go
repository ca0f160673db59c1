package registerdata_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

// TestRenameReachesTheReceiver is the README's "Testing with the fake"
// example, kept here so it is run: a monitor, a change in the register,
// the weekly check on the fake clock, a signed delivery, a verified event.
func TestRenameReachesTheReceiver(t *testing.T) {
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	const id = "DE-HRB-F1103-267645"
	ctx := context.Background()

	// Our receiver: the production handler, with a channel as its work.
	v, err := webhook.NewVerifier(secret)
	if err != nil {
		t.Fatal(err)
	}
	events := make(chan *webhook.Event, 1)
	hook := httptest.NewServer(webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		events <- ev
		return nil
	}))
	defer hook.Close()

	// The service: a fake with its dashboard pointing at our receiver.
	clk := fake.NewClock(time.Now())
	srv := fake.NewServer(fake.WithClock(clk), fake.WithWebhookEndpoint(hook.URL, secret))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		t.Fatal(err)
	}

	_, err = c.CreateMonitor(ctx, registerdata.MonitorRequest{
		EntityID: id, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic},
	})
	if err != nil {
		t.Fatal(err)
	}
	err = srv.UpdateCompany(id, func(co *registerdata.Company) { co.Name.Name = "Neuer Name GmbH" })
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(7 * 24 * time.Hour) // the weekly check runs and delivers

	select {
	case ev := <-events:
		if ev.EntityID != id || len(ev.Categories) != 1 || ev.Categories[0] != "basic" {
			t.Fatalf("got %+v", ev)
		}
	default:
		t.Fatal("no delivery reached the receiver")
	}
}
