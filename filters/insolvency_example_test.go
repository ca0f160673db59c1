package filters_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// An insolvency search for open consumer insolvencies opened in 2025
// before a court in Hamburg.
func ExampleInsolvency() {
	fs, err := filters.Insolvency().
		DebtorKind(enums.DebtorKindNaturalPerson).
		ProceedingKind(enums.ProceedingKindConsumerInsolvency).
		Open(true).
		OpenedBetween(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC)).
		Keywords(filters.Court, "hamburg").
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := json.Marshal(fs)
	fmt.Println(string(out))
	// Output:
	// [{"field":"debtor_kind","value":"natural_person"},{"field":"proceeding_kind","value":"consumer_insolvency"},{"field":"has_open_insolvency","value":"true"},{"field":"opened_at","min":"2025-01-01","max":"2025-12-31"},{"field":"court","keywords":["hamburg"]}]
}
