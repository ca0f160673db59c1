package changes_test

import (
	"encoding/json"
	"os"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

// largePair is testdata/company_large.json (about 26 KB) and a copy with
// a rename, a director who left and a reordered representation.
func largePair(b *testing.B) (before, after *registerdata.Company) {
	b.Helper()
	raw, err := os.ReadFile("../testdata/company_large.json")
	if err != nil {
		b.Fatal(err)
	}
	before, after = new(registerdata.Company), new(registerdata.Company)
	if err := json.Unmarshal(raw, before); err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal(raw, after); err != nil {
		b.Fatal(err)
	}
	after.Name.Name += " neu"
	for i := range after.Representation {
		if after.Representation[i].EndDate == nil && after.Representation[i].Role == enums.RoleDirector {
			after.Representation[i].EndDate = &registerdata.Date{Year: 2025, Month: 3, Day: 4}
			break
		}
	}
	rs := after.Representation
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return before, after
}

// BenchmarkCompany diffs two ~26 KB records: it runs on every delivery.
func BenchmarkCompany(b *testing.B) {
	before, after := largePair(b)
	b.ReportAllocs()
	b.SetBytes(26890)
	var n int
	for b.Loop() {
		n = len(changes.Company(before, after))
	}
	if n == 0 {
		b.Fatal("no changes found")
	}
}

// BenchmarkCompanyUnchanged diffs a ~26 KB record with an equal copy, the
// common case of a poll round.
func BenchmarkCompanyUnchanged(b *testing.B) {
	before, _ := largePair(b)
	same, _ := largePair(b)
	b.ReportAllocs()
	for b.Loop() {
		if len(changes.Company(before, same)) != 0 {
			b.Fatal("changes in equal records")
		}
	}
}
