package registerdata_test

import (
	"context"
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// exampleSecret is a signing secret as the dashboard shows one.
const exampleSecret = "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"

func ExampleClient_CreateMonitor() {
	// The webhook endpoint is a dashboard setting, not part of the request.
	srv := fake.NewServer(fake.WithWebhookEndpoint("https://receiver.example/hooks/registerdata", exampleSecret))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}

	m, err := c.CreateMonitor(context.Background(), registerdata.MonitorRequest{
		EntityID:        "DE-HRB-F1103-267645",
		EntityType:      enums.EntityTypeCompany,
		Preferences:     []enums.Preference{enums.PreferenceBasic, enums.PreferenceInsolvencies},
		UpdateFrequency: enums.UpdateFrequencyDaily,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(m.EntityID, m.UpdateFrequency, m.Preferences, "disabled:", m.Disabled)
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// DE-HRB-F1103-267645 daily [basic insolvencies] disabled: false
	// credits spent: 50
}

func ExampleClient_ListMonitors() {
	srv := fake.NewServer(fake.WithWebhookEndpoint("https://receiver.example/hooks/registerdata", exampleSecret))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	for _, id := range []string{"DE-HRB-F1103-267645", "DE-HRB-F1103-315870"} {
		if _, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany,
			Preferences: []enums.Preference{enums.PreferenceRepresentation}}); err != nil {
			panic(err)
		}
	}
	srv.SetMonitoringPlan(srv.APIKey, false) // a downgrade disables every monitor

	ms, err := c.ListMonitors(ctx)
	if err != nil {
		panic(err)
	}
	for _, m := range ms {
		fmt.Println(m.EntityID, m.UpdateFrequency, "disabled:", m.Disabled)
	}
	// Output:
	// DE-HRB-F1103-267645 weekly disabled: true
	// DE-HRB-F1103-315870 weekly disabled: true
}

func ExampleClient_DeleteMonitor() {
	srv := fake.NewServer(fake.WithWebhookEndpoint("https://receiver.example/hooks/registerdata", exampleSecret))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	person := "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"
	if _, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: person, EntityType: enums.EntityTypePerson,
		Preferences: []enums.Preference{enums.PreferenceManagementPositions}}); err != nil {
		panic(err)
	}

	fmt.Println(c.DeleteMonitor(ctx, person))
	fmt.Println(errors.Is(c.DeleteMonitor(ctx, person), registerdata.ErrNotFound))
	fmt.Println(errors.Is(c.DeleteMonitor(ctx, "../monitor"), registerdata.ErrInvalidRequest))
	// Output:
	// <nil>
	// true
	// true
}

func ExampleMonitorRequest_Validate() {
	r := registerdata.MonitorRequest{
		EntityID:        "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01",
		EntityType:      enums.EntityTypePerson,
		Preferences:     []enums.Preference{enums.PreferenceHoldings},
		UpdateFrequency: enums.UpdateFrequencyDaily,
	}
	err := r.Validate()
	fmt.Println(errors.Is(err, registerdata.ErrInvalidRequest))
	fmt.Println(err)
	// Output:
	// true
	// registerdata: invalid request: update_frequency "daily" is for company monitors only: a person is checked monthly (new companies daily); leave it empty
}
