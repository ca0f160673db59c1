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

// BenchmarkCuratedRegister builds the curated register: "start" from
// curated_data.go and checked, as the first server of a process does
// once, "json" decoded strictly from data/companies.json, completed and
// checked, as the package's tests do (and a start did before).
func BenchmarkCuratedRegister(b *testing.B) {
	for _, c := range []struct {
		name  string
		build func() ([]registerdata.Company, error)
	}{
		{"start", func() ([]registerdata.Company, error) {
			cs := curatedLiteral()
			for i := range cs {
				if err := validateCompany(&cs[i]); err != nil {
					return nil, err
				}
			}
			return cs, nil
		}},
		{"json", func() ([]registerdata.Company, error) { return decodeCurated(companiesJSON) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.build(); err != nil {
					b.Fatal(err)
				}
			}
		})
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
