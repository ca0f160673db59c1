package searchengine

import (
	"fmt"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

var benchSizes = []int{10_000, 100_000}

func benchEngine(b *testing.B, n int) *Engine {
	b.Helper()
	e := New(fixedDay)
	e.Load(generate(n))
	return e
}

// BenchmarkCompanySearch runs a status + legal form + revenue range search.
func BenchmarkCompanySearch(b *testing.B) {
	req := registerdata.CompanySearchRequest{
		Filters: []filters.Filter{
			{Field: filters.Status, Value: "active"},
			{Field: filters.LegalForm, Value: "gmbh"},
			{Field: filters.Revenue, Min: "100000000", Max: "5000000000"}, // 1 M to 50 M EUR
		},
		Pagination: registerdata.PageRequest{Page: 1, PerPage: 20},
	}
	for _, n := range benchSizes {
		e := benchEngine(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := e.SearchCompanies(req)
				if err != nil || len(res.Results) != 20 {
					b.Fatalf("got %d results, %v", len(res.Results), err)
				}
			}
		})
	}
}

// BenchmarkPersonSearch searches persons by name.
func BenchmarkPersonSearch(b *testing.B) {
	req := registerdata.PersonSearchRequest{Query: "müller", Pagination: registerdata.PageRequest{Page: 1, PerPage: 20}}
	for _, n := range benchSizes {
		e := benchEngine(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := e.SearchPersons(req)
				if err != nil || len(res.Results) != 20 {
					b.Fatalf("got %d results, %v", len(res.Results), err)
				}
			}
		})
	}
}
