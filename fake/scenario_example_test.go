package fake_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

// A scenario plays register events on the fake clock: here the
// insolvency of a company the seed picks. A receiver built on
// webhook.Handler verifies every signed delivery; one advance of the
// clock delivers each stage at the monitor's weekly check after it.
func ExampleWithScenario() {
	secret := "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"
	v, err := webhook.NewVerifier(secret)
	if err != nil {
		panic(err)
	}
	var mu sync.Mutex
	var got []*webhook.Event
	rc := httptest.NewServer(webhook.Handler(v, func(_ context.Context, ev *webhook.Event) error {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, ev)
		return nil
	}))
	defer rc.Close()

	clock := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv, err := fake.Listen("127.0.0.1:0", fake.WithClock(clock), fake.WithSeed(1),
		fake.WithScenario("insolvency"), fake.WithWebhookEndpoint(rc.URL, secret))
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	sc, _ := srv.ActiveScenario()
	fmt.Println(sc.Name, "of", sc.CompanyName)

	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if _, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: sc.CompanyID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceInsolvencies}}); err != nil {
		panic(err)
	}
	clock.Advance(71 * 24 * time.Hour) // past the last stage (64 days) and the check after it

	mu.Lock()
	for _, ev := range got {
		fmt.Println(ev.DetectedAt.Format("2006-01-02"), ev.Categories, len(ev.Changes), "changes")
	}
	mu.Unlock()
	co, err := c.GetCompany(ctx, sc.CompanyID, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("now:", co.Insolvencies[0].CurrentStatus)
	// Output:
	// insolvency of Nordlicht Service GmbH
	// 2025-06-09 [insolvencies] 1 changes
	// 2025-06-16 [insolvencies] 2 changes
	// 2025-07-14 [insolvencies] 2 changes
	// 2025-08-11 [insolvencies] 2 changes
	// now: discontinued
}
