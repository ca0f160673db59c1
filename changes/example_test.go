package changes_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

func ExampleCompany() {
	before := &registerdata.Company{
		ID:     "DE-HRB-F1103-267645",
		Name:   registerdata.CompanyName{Name: "Beispiel GmbH"},
		Status: enums.CompanyStatusActive,
		Representation: []registerdata.Representative{
			{ID: ptr("3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"), Name: "Max Muster", Role: enums.RoleDirector,
				RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector, LabelEN: "Managing Director"},
				StartDate:  registerdata.Date{Year: 2019, Month: 1, Day: 2}},
		},
	}
	after := &registerdata.Company{
		ID:     "DE-HRB-F1103-267645",
		Name:   registerdata.CompanyName{Name: "Beispiel GmbH i.L."},
		Status: enums.CompanyStatusLiquidation,
		Representation: []registerdata.Representative{
			{ID: ptr("0b5d8a1e-1111-4c7a-9e21-5d0b7a4c1f99"), Name: "Erika Beispiel", Role: enums.RoleLiquidator,
				RoleDetail: registerdata.RoleDetail{Code: "LIQUIDATOR", LabelEN: "Liquidator"},
				StartDate:  registerdata.Date{Year: 2025, Month: 3, Day: 4}},
			{ID: ptr("3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"), Name: "Max Muster", Role: enums.RoleDirector,
				RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector, LabelEN: "Managing Director"},
				StartDate:  registerdata.Date{Year: 2019, Month: 1, Day: 2}, EndDate: &registerdata.Date{Year: 2025, Month: 3, Day: 4}},
		},
	}
	for _, c := range changes.Company(before, after) {
		fmt.Printf("[%s] %s\n", c.Category, c)
	}
	// Output:
	// [basic] The status changed from "active" to "liquidation".
	// [basic] The name changed from "Beispiel GmbH" to "Beispiel GmbH i.L.".
	// [representation] Erika Beispiel (Liquidator) joined the representation (since 2025-03-04).
	// [representation] Max Muster (Managing Director) left the representation (until 2025-03-04).
}

func ExampleOwners() {
	before := &registerdata.Owners{CompanyID: "DE-HRB-F1103-267645", Owners: []registerdata.Owner{
		{ID: ptr("DE-HRB-F1103-315870"), Name: "Beispiel Holding GmbH", PercentageShare: ptr(20.0)},
		{Name: "Stiftung Beispiel", PercentageShare: ptr(80.0)},
	}}
	after := &registerdata.Owners{CompanyID: "DE-HRB-F1103-267645", Owners: []registerdata.Owner{
		{Name: "Max Muster", PercentageShare: ptr(50.0)},
		{ID: ptr("DE-HRB-F1103-315870"), Name: "Beispiel Holding GmbH", PercentageShare: ptr(50.0)},
	}}
	for _, c := range changes.Owners(before, after) {
		fmt.Println(c)
	}
	// Output:
	// Max Muster became an owner (50 %).
	// The percentage share of Beispiel Holding GmbH changed from "20 %" to "50 %".
	// Stiftung Beispiel is no longer an owner (was 80 %).
}

func ExampleChange_json() {
	c := changes.Change{Category: enums.PreferenceBasic, Kind: changes.Modified, Field: "name", Before: "Alt GmbH", After: "Neu GmbH"}
	b, _ := json.Marshal(c)
	fmt.Println(string(b))
	// Output: {"category":"basic","kind":"modified","field":"name","before":"Alt GmbH","after":"Neu GmbH"}
}

func ExampleNewWatcher() {
	c, _ := registerdata.NewClient(registerdata.WithAPIKey("..."))
	v, _ := webhook.NewVerifier("whsec_...")
	w := changes.NewWatcher(c, changes.NewMemoryStore(), func(_ context.Context, set changes.Set) error {
		if set.Baseline {
			fmt.Println("watching", set.EntityID, "from now on")
		}
		for _, ch := range set.Changes {
			fmt.Println(set.EntityID, ch)
		}
		return nil
	})
	http.Handle("/hooks", webhook.Handler(v, w.Handle))
}

// ExamplePoll polls two companies of a fake: the first round stores the
// baselines, the next finds the change made in between.
func ExamplePoll() {
	srv := fake.NewServer()
	defer srv.Close()
	c, _ := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	ids := []string{"DE-HRB-F1103-267645", srv.CompanyIDs()[1]}
	clk := &stepClock{now: time.Date(2025, 3, 3, 9, 0, 0, 0, time.UTC), onWait: func() {
		_ = srv.UpdateCompany(ids[0], func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation })
	}}
	for set, err := range changes.Poll(context.Background(), c, changes.NewMemoryStore(), ids, changes.PollOptions{Every: 24 * time.Hour, Rounds: 2, Clock: clk}) {
		if err != nil {
			fmt.Println(err)
			continue
		}
		for _, ch := range set.Changes {
			fmt.Println(set.EntityID, set.DetectedAt.Format(time.DateOnly), ch)
		}
	}
	fmt.Println("credits:", c.CreditsSpent())
	// Output:
	// DE-HRB-F1103-267645 2025-03-04 The status changed from "active" to "liquidation".
	// credits: 40
}

// stepClock is a Clock that passes each wait at once, calling onWait.
type stepClock struct {
	now    time.Time
	onWait func()
}

func (s *stepClock) Now() time.Time { return s.now }

func (s *stepClock) After(d time.Duration) <-chan time.Time {
	s.now = s.now.Add(d)
	s.onWait()
	ch := make(chan time.Time, 1)
	ch <- s.now
	return ch
}

// ExampleSet_jsonLines writes a Set as one line of JSON Lines, as
// `registerdata watch --jsonl` would.
func ExampleSet_jsonLines() {
	set := changes.Set{
		EntityType: enums.EntityTypeCompany,
		EntityID:   "DE-HRB-F1103-267645",
		EventID:    "msg_2Lc1",
		DetectedAt: time.Date(2025, 3, 4, 9, 0, 0, 0, time.UTC),
		Changes: []changes.Change{{Category: enums.PreferenceRepresentation, Kind: changes.Added, Field: "representation",
			Subject: "Erika Beispiel (Managing Director)", After: "since 2025-03-04"}},
		Credits: 10,
	}
	_ = json.NewEncoder(os.Stdout).Encode(set)
	// Output:
	// {"entity_type":"company","entity_id":"DE-HRB-F1103-267645","event_id":"msg_2Lc1","detected_at":"2025-03-04T09:00:00Z","changes":[{"category":"representation","kind":"added","field":"representation","subject":"Erika Beispiel (Managing Director)","after":"since 2025-03-04"}],"credits":10}
}

// ExampleDiff compares two saved records, as `registerdata diff` would.
func ExampleDiff() {
	before := []byte(`{"id": "DE-HRB-F1103-267645", "name": {"name": "Alt GmbH"}, "address": {"city": "Berlin", "country": "Deutschland", "formatted_value": "Berlin, Deutschland"}}`)
	after := []byte(`{"id": "DE-HRB-F1103-267645", "name": {"name": "Neu GmbH"}, "address": {"city": "München", "country": "Deutschland", "formatted_value": "München, Deutschland"}}`)
	cs, err := changes.Diff(before, after)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range cs {
		fmt.Println(c)
	}
	// Output:
	// The name changed from "Alt GmbH" to "Neu GmbH".
	// The company moved from Berlin to München.
}

// ExampleWatcher_Seed stores the baselines of a company when its monitor
// is created, so that its first event is compared with them: the change
// it announces is reported in full. Poll would find the same snapshot
// under the same key.
func ExampleWatcher_Seed() {
	srv := fake.NewServer()
	defer srv.Close()
	c, _ := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	w := changes.NewWatcher(c, changes.NewMemoryStore(), func(_ context.Context, set changes.Set) error {
		fmt.Println("baseline:", set.Baseline, set.Baselines)
		for _, ch := range set.Changes {
			fmt.Println(ch)
		}
		return nil
	})
	ctx := context.Background()
	id := "DE-HRB-F1103-267645"
	if err := w.Seed(ctx, []string{id}, enums.PreferenceBasic, enums.PreferenceOwnership); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seeded, credits:", c.CreditsSpent())

	// Later, the register changes and the monitor's event arrives (here
	// handed over directly; webhook.Handler does it for a delivery).
	_ = srv.UpdateCompany(id, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation })
	_ = w.Handle(ctx, &webhook.Event{ID: "msg_1", Type: webhook.EventTypeMonitorChange, EntityType: enums.EntityTypeCompany,
		EntityID: id, Categories: []string{"basic"}, DetectedAt: time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC)})
	// Output:
	// seeded, credits: 20
	// baseline: false []
	// The status changed from "active" to "liquidation".
}
