package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

// The demonstration's fixed inputs.
const (
	demoCompany = "DE-HRB-F1103-267645"
	// demoSecret stands for the secret the dashboard shows.
	demoSecret = "whsec_ZGVtby1zaWduaW5nLXNlY3JldC1mb3ItdGhlLXJlY2VpdmVy"
)

var demoStart = time.Date(2025, time.June, 2, 9, 0, 0, 0, time.UTC)

// demo runs the receiver against the bundled fake, end to end, and
// writes what happens to w.
func demo(ctx context.Context, w io.Writer) error {
	clock := fake.NewClock(demoStart)

	// The receiver: webhook.Handler on a loopback port, verifying on the
	// wall clock like any real receiver: the fake signs each delivery
	// with the wall-clock time of sending, whatever its own clock says.
	received := make(chan struct{}, 1)
	p := &printer{w: w}
	h, err := newReceiver(demoSecret, func(ctx context.Context, ev *webhook.Event) error {
		if err := p.handle(ctx, ev); err != nil {
			return err
		}
		select {
		case received <- struct{}{}:
		default:
		}
		return nil
	})
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	rs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = rs.Serve(l) }()
	defer rs.Close()
	endpoint := "http://" + l.Addr().String() + hookPath

	// The service, with the receiver as its dashboard webhook setting.
	srv := fake.NewServer(fake.WithClock(clock), fake.WithWebhookEndpoint(endpoint, demoSecret))
	defer srv.Close()
	fmt.Fprintf(w, "fake service at %s, delivering to %s\n", srv.URL, endpoint)

	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		return err
	}
	m, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{
		EntityID:    demoCompany,
		EntityType:  enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation},
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "monitor created: %s %s, %s checks, %d credits\n", m.EntityType, m.EntityID, m.UpdateFrequency, c.CreditsSpent())

	// The register changes: the company moves into liquidation.
	if err := srv.UpdateCompany(demoCompany, func(co *registerdata.Company) {
		co.Status = enums.CompanyStatusLiquidation
	}); err != nil {
		return err
	}
	fmt.Fprintln(w, "register changed: status -> liquidation")

	// A week later the weekly check finds the change and delivers it.
	// Advance returns once the delivery has been answered.
	clock.Advance(7 * 24 * time.Hour)
	select {
	case <-received:
	case <-ctx.Done():
		return ctx.Err()
	default:
		return fmt.Errorf("no event was delivered at the weekly check; deliveries: %+v", srv.Deliveries())
	}
	return nil
}
