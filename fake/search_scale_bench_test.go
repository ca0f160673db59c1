package fake

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// BenchmarkFakeKeywordSearch searches the fake's register for companies
// whose purpose contains "und", first page and page 100 (results 1,981
// to 2,000). The keyword matches nine in ten generated companies, so the
// search cannot start from a small candidate list. One search runs before
// the clock starts, as the index builds some of its parts on first use.
func BenchmarkFakeKeywordSearch(b *testing.B) {
	for _, n := range scaleSizes(b) {
		s := scaleServer(b, n)
		engine := extState[searchState](s).engine
		for _, page := range []int{1, 100} {
			req := registerdata.CompanySearchRequest{
				Filters:    []filters.Filter{{Field: filters.Purpose, Keywords: []string{"und"}}},
				Pagination: registerdata.PageRequest{Page: page, PerPage: 20},
			}
			b.Run(fmt.Sprintf("n=%d/page=%d", n, page), func(b *testing.B) {
				b.ReportAllocs()
				if _, err := engine.SearchCompanies(req); err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					res, err := engine.SearchCompanies(req)
					if err != nil || len(res.Results) != 20 {
						b.Fatalf("got %d results, %v", len(res.Results), err)
					}
				}
			})
		}
		runtime.KeepAlive(s)
	}
}

// BenchmarkFakeSearchScaling runs the same searches on a register of
// 100,000 companies and (with -million) of 1,000,000, both built first,
// turn about in one loop, and reports each search's time at the larger
// size as a multiple of its time at the smaller (x-at-1M; the goal is at
// most 2). Without -million it compares 10,000 with 100,000 (x-at-100k).
func BenchmarkFakeSearchScaling(b *testing.B) {
	small, large, unit := 10_000, 100_000, "x-at-100k"
	if *million && !testing.Short() {
		small, large, unit = 100_000, 1_000_000, "x-at-1M"
	}
	servers := [2]*Server{scaleServer(b, small), scaleServer(b, large)}
	for _, q := range scalingSearches {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			var at [2]time.Duration
			for k, s := range servers { // the index builds some parts on first use
				if _, err := extState[searchState](s).engine.SearchCompanies(q.req); err != nil {
					b.Fatal(err)
				}
				at[k] = 0
			}
			for b.Loop() {
				for k, s := range servers {
					start := time.Now()
					if _, err := extState[searchState](s).engine.SearchCompanies(q.req); err != nil {
						b.Fatal(err)
					}
					at[k] += time.Since(start)
				}
			}
			b.ReportMetric(float64(at[1])/float64(at[0]), unit)
		})
	}
	runtime.KeepAlive(servers)
}

// scalingSearches are the searches of BenchmarkFakeSearchScaling: a
// keyword matching nine in ten companies (first page and page 100),
// three filters, and a name.
var scalingSearches = []struct {
	name string
	req  registerdata.CompanySearchRequest
}{
	{"keyword-page-1", registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: filters.Purpose, Keywords: []string{"und"}}},
		Pagination: registerdata.PageRequest{Page: 1, PerPage: 20}}},
	{"keyword-page-100", registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: filters.Purpose, Keywords: []string{"und"}}},
		Pagination: registerdata.PageRequest{Page: 100, PerPage: 20}}},
	{"three-filters", registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: filters.Status, Value: "active"},
		{Field: filters.LegalForm, Values: []string{"gmbh"}}, {Field: filters.City, Value: "Berlin"}}, Pagination: registerdata.PageRequest{Page: 1, PerPage: 20}}},
	{"name", registerdata.CompanySearchRequest{Query: "Nordlicht Solartechnik", Pagination: registerdata.PageRequest{Page: 1, PerPage: 20}}},
}
