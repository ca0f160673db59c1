package searchengine

import (
	"errors"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// FuzzSearch checks that no request makes the engine panic, and that
// every refusal is a RequestError (a 400, not a 500).
func FuzzSearch(f *testing.F) {
	f.Add("revenue", "", "1", "9", "", "muster", 1, 10)
	f.Add("status", "active", "", "", "x", "", 0, 0)
	f.Add("industry_codes", "62.", "", "", "", "ß ü", 2, 100)
	f.Add("incorporated_at", "", "2024-02-30", "", "", "", -1, 101)
	f.Add("name", "", "", "", "", "", 1, 1)
	f.Add("colour", "\x00", "NaN", "Inf", "", "a b", 1000001, 5)
	e := New(fixedDay)
	e.Load(generate(300))
	f.Fuzz(func(t *testing.T, field, value, min, max, keyword, query string, page, perPage int) {
		fl := filters.Filter{Field: filters.Field(field), Value: value, Min: min, Max: max}
		if keyword != "" {
			fl.Keywords = []string{keyword}
		}
		p := registerdata.PageRequest{Page: page, PerPage: perPage}
		_, err := e.SearchCompanies(registerdata.CompanySearchRequest{Query: query, Filters: []filters.Filter{fl}, Pagination: p,
			Location: &registerdata.Location{Latitude: float64(page), Longitude: float64(perPage), Radius: 50}})
		var bad *RequestError
		if err != nil && !errors.As(err, &bad) {
			t.Fatalf("company search: %v is not a RequestError", err)
		}
		_, err = e.SearchPersons(registerdata.PersonSearchRequest{Query: query, Filters: []filters.Filter{fl}, Pagination: p})
		if err != nil && !errors.As(err, &bad) {
			t.Fatalf("person search: %v is not a RequestError", err)
		}
	})
}
