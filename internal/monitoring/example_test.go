package monitoring_test

import (
	"encoding/json"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/monitoring"
)

// A weekly company monitor: a rename is collected as it happens and
// delivered at the check seven days after creation.
func Example() {
	now := time.Date(2025, 3, 3, 9, 0, 0, 0, time.UTC)
	credits := int64(100)
	e := monitoring.New(monitoring.Hooks{
		Now: func() time.Time { return now },
		Charge: func(_ string, n int64) bool {
			if credits < n {
				return false
			}
			credits -= n
			return true
		},
		MonitoringPlan: func(string) bool { return true },
		CheckEndpoint:  func() error { return nil },
		CompanyExists:  func(id string) bool { return id == "DE-HRB-F1103-267645" },
		PersonExists:   func(string) bool { return false },
		Send: func(m monitoring.Message) monitoring.Outcome {
			var ev monitoring.Event
			_ = json.Unmarshal(m.Body, &ev)
			fmt.Println("delivered", ev.Type, ev.EntityID, ev.Categories, ev.Changes[0].Path, string(ev.Changes[0].After))
			return monitoring.Outcome{Status: 200}
		},
	})

	m, err := e.Create("key", registerdata.MonitorRequest{
		EntityID:    "DE-HRB-F1103-267645",
		EntityType:  enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic},
	})
	fmt.Println(m.UpdateFrequency, err, credits)

	before := registerdata.Company{ID: "DE-HRB-F1103-267645", Status: enums.CompanyStatusActive}
	after := before
	after.Status = enums.CompanyStatusLiquidation
	e.Observe(before, after)

	now = now.Add(7 * 24 * time.Hour)
	e.RunUntil(now)
	// Output:
	// weekly <nil> 75
	// delivered monitor.change DE-HRB-F1103-267645 [basic] /status "liquidation"
}
