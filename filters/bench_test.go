package filters

import (
	"testing"

	"github.com/registerdata/registerdata-go/enums"
)

// BenchmarkBuild builds the 3-filter company search of the examples.
func BenchmarkBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, err := Company().
			Status(enums.CompanyStatusActive).
			LegalForm(enums.LegalFormGmbH).
			Revenue(1_000_000_00, 5_000_000_00).
			Build()
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate checks an already-built list, as the fake's search
// engine does for every request.
func BenchmarkValidate(b *testing.B) {
	fs := []Filter{
		{Field: Status, Value: "active"},
		{Field: LegalForm, Values: []string{"gmbh", "ug"}},
		{Field: Revenue, Min: "100000000", Max: "500000000"},
		{Field: IncorporatedAt, Min: "2000-01-01", Max: "2020-12-31"},
		{Field: IsFamilyOwned, Value: "true"},
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Validate(ScopeCompany, fs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateInvalid measures the error path: every filter wrong.
func BenchmarkValidateInvalid(b *testing.B) {
	fs := []Filter{
		{Field: Status, Min: "a"},
		{Field: Revenue, Min: "9", Max: "1"},
		{Field: IncorporatedAt, Value: "2020-02-30"},
		{Field: IsFamilyOwned, Value: "yes"},
		{Field: DateOfBirth, Value: "1970-01-01"},
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Validate(ScopeCompany, fs); err == nil {
			b.Fatal("no error")
		}
	}
}
