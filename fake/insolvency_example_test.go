package fake_test

import (
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

func ExampleServer_AddInsolvencyEvent() {
	srv := fake.NewServer()
	defer srv.Close()

	const proceeding = "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d33" // of DE-HRB-T3104-61402, opened
	err := srv.AddInsolvencyEvent(proceeding, registerdata.InsolvencyEvent{
		EventType:   enums.InsolvencyEventTypeMassInsufficiencyNotified,
		PublishedAt: registerdata.NewDate(2025, 7, 1),
	})
	if err != nil {
		panic(err)
	}
	p, _ := srv.Insolvency(proceeding)
	co, _ := srv.Company("DE-HRB-T3104-61402")
	fmt.Println(p.CurrentStatus, p.ClosedAt, p.LastEventAt)
	fmt.Println(co.Insolvencies[0].CurrentStatus, co.Insolvencies[0].ClosedAt)
	// Output:
	// mass_insufficient 2025-07-01 2025-07-01
	// mass_insufficient 2025-07-01
}
