package searchengine

import (
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMixedFormsAndBoundedErrors refuses a filter mixing forms, naming the
// field, and keeps the answer to a huge bad list small.
func TestMixedFormsAndBoundedErrors(t *testing.T) {
	e := New(fixedDay)
	_, err := e.SearchCompanies(registerdata.CompanySearchRequest{Filters: []filters.Filter{
		{Field: filters.City, Value: "Berlin", Keywords: []string{"Ber"}},
	}})
	var bad *RequestError
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Msg, `"city": "value" and "keywords" exclude each other`)

	many := make([]filters.Filter, 60_000)
	for i := range many {
		many[i] = filters.Filter{Field: filters.Revenue, Value: strings.Repeat("x", 500)}
	}
	_, err = e.SearchCompanies(registerdata.CompanySearchRequest{Filters: many})
	require.ErrorAs(t, err, &bad)
	assert.Less(t, len(bad.Msg), 8<<10)
	assert.Contains(t, bad.Msg, "and 59980 more problems")
}
