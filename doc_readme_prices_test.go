package registerdata_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// readmeRoutes names the route of each endpoint row of the README's
// table by the row's first method.
var readmeRoutes = map[string]string{
	"GetCompany":                 "GET /v1/company/{company_id}",
	"SearchCompanies":            "POST /v1/search/company",
	"SearchPersons":              "POST /v1/search/person",
	"AutocompleteCompanies":      "GET /v1/autocomplete/company",
	"GetOwners":                  "GET /v1/company/{company_id}/owners",
	"GetBeneficialOwners":        "GET /v1/company/{company_id}/ubo",
	"GetOwnershipHistory":        "GET /v1/company/{company_id}/owners/historical",
	"GetCompanyHoldings":         "GET /v1/company/{company_id}/holdings",
	"OwnershipTree":              "GET /v1/company/{company_id}/owners",
	"GetPerson":                  "GET /v1/person/{person_id}",
	"GetFinancials":              "GET /v1/company/{company_id}/financials",
	"GetDocument":                "GET /v1/document/{document_id}",
	"GetContactDetails":          "GET /v0/company/{company_id}/contact",
	"LookupCompanyByURL":         "GET /v0/search/lookup",
	"GetInsolvency":              "GET /v1/insolvency/{insolvency_id}",
	"SearchInsolvencies":         "POST /v1/search/insolvency",
	"SetTransparencyCredentials": "POST /v1/transparenzregister/credentials",
	"RequestTransparencyExtract": "POST /v1/transparenzregister/extracts",
	"GetTransparencyExtract":     "GET /v1/transparenzregister/extracts/{extract_id}",
	"CreateMonitor":              "POST /v1/monitor",
	"ListMonitors":               "GET /v1/monitor",
	"GetCredits":                 "GET /v1/credits",
}

var readmeRow = regexp.MustCompile("(?m)^\\| `(\\w+)`[^|]*\\| [^|]*\\| ([0-9]+)")

// TestReadmePricesAreTheTable: the first figure of each row of the
// README's endpoint table is the route's price in DefaultPrices, and
// every route of the table has a row.
func TestReadmePricesAreTheTable(t *testing.T) {
	b, err := os.ReadFile("README.md")
	require.NoError(t, err)
	s := string(b)
	s = s[strings.Index(s, "## Endpoints"):]
	s = s[:strings.Index(s, "\n## ")]
	p := registerdata.DefaultPrices()
	seen := map[string]bool{}
	for _, m := range readmeRow.FindAllStringSubmatch(s, -1) {
		route, ok := readmeRoutes[m[1]]
		if !assert.True(t, ok, "a README row for %s, which this test does not know", m[1]) {
			continue
		}
		n, _ := strconv.ParseInt(m[2], 10, 64)
		assert.Equal(t, p.Of(route, false), n, "README row %s (%s)", m[1], route)
		seen[m[1]] = true
	}
	for method := range readmeRoutes {
		assert.True(t, seen[method], "the README's endpoint table has no row for %s", method)
	}
}
