package fake

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
)

// BenchmarkNewServer starts and closes a fake with the curated register
// only, as `registerdata --fake` does on every run: what a start costs
// before any request needs a part of the register.
func BenchmarkNewServer(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := NewServer()
		s.Close()
	}
}

// BenchmarkFirstSearch starts a fake and runs one search, which builds
// the search index and loads the curated owners: what a start no longer
// pays for unless a search needs it.
func BenchmarkFirstSearch(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := NewServer()
		if _, err := s.searchReady().SearchCompanies(registerdata.CompanySearchRequest{Query: "solar"}); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
