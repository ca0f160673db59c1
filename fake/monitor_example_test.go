package fake_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// Deliveries to the fake's own request inspector, forced to fail with
// 503, are retried on the fake clock with the same webhook id.
func ExampleServer_InspectorURL() {
	clock := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clock))
	defer srv.Close()
	secret := "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"
	if err := srv.SetWebhookEndpoint(srv.InspectorURL("hooks")+"?force_status_code=503", secret); err != nil {
		panic(err)
	}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	if _, err := c.CreateMonitor(context.Background(), registerdata.MonitorRequest{
		EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily,
	}); err != nil {
		panic(err)
	}
	if err := srv.UpdateCompany("DE-HRB-F1103-267645", func(co *registerdata.Company) {
		co.Status = enums.CompanyStatusLiquidation
	}); err != nil {
		panic(err)
	}

	clock.Advance(24*time.Hour + 5*time.Second + 5*time.Minute) // the daily check, then two retries
	d := srv.Deliveries()[0]
	fmt.Println(d.State, d.Categories, len(d.Attempts), "attempts")
	for _, a := range d.Attempts {
		fmt.Println(a.At.Format("15:04:05"), a.Status)
	}
	reqs := srv.InspectedRequests("hooks")
	fmt.Println(len(reqs), "requests, same id:", reqs[0].Header.Get("Webhook-Id") == reqs[2].Header.Get("Webhook-Id"))
	// Output:
	// pending [basic] 3 attempts
	// 09:00:00 503
	// 09:00:05 503
	// 09:05:05 503
	// 3 requests, same id: true
}

// A downgrade disables monitors; the upgrade alone does not re-enable
// them, the operator does.
func ExampleServer_SetMonitoringPlan() {
	srv := fake.NewServer(fake.WithWebhookEndpoint("https://receiver.example/hooks", "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	if _, err := c.CreateMonitor(context.Background(), registerdata.MonitorRequest{
		EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic},
	}); err != nil {
		panic(err)
	}

	srv.SetMonitoringPlan(srv.APIKey, false)
	fmt.Println("downgraded, disabled:", srv.Monitors(srv.APIKey)[0].Disabled)
	srv.SetMonitoringPlan(srv.APIKey, true)
	fmt.Println("upgraded, disabled:", srv.Monitors(srv.APIKey)[0].Disabled)
	if err := srv.EnableMonitors(srv.APIKey, "DE-HRB-F1103-267645"); err != nil {
		panic(err)
	}
	fmt.Println("operator re-enabled, disabled:", srv.Monitors(srv.APIKey)[0].Disabled)
	// Output:
	// downgraded, disabled: true
	// upgraded, disabled: true
	// operator re-enabled, disabled: false
}

// Monitoring is early access at the service: most accounts get 403 when
// they create a monitor. WithoutMonitoring makes the seeded key such an
// account.
func ExampleWithoutMonitoring() {
	srv := fake.NewServer(fake.WithoutMonitoring(), fake.WithWebhookEndpoint("https://receiver.example/hooks", "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	_, err = c.CreateMonitor(context.Background(), registerdata.MonitorRequest{EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic}})
	fmt.Println(errors.Is(err, registerdata.ErrForbidden), strings.Contains(err.Error(), "early access"))
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// true true
	// credits spent: 0
}
