package fake

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// searchBody posts a search and decodes the answer into out on 200.
func searchBody(t *testing.T, srv *Server, path, body string, out any) response {
	t.Helper()
	res := do(t, http.MethodPost, srv.URL+path, srv.APIKey, body)
	if res.status == http.StatusOK && out != nil {
		require.NoError(t, json.Unmarshal(res.body, out), "body: %s", res.body)
	}
	return res
}

// searchIDs runs a search with the given filters (a JSON array) and
// extra top-level members on one page of 100, checks the total, and
// returns the id of each result.
func searchIDs[R any](t *testing.T, srv *Server, path, filtersJSON, extra string, id func(R) string) []string {
	t.Helper()
	var out struct {
		Results    []R                     `json:"results"`
		Pagination registerdata.Pagination `json:"pagination"`
	}
	res := searchBody(t, srv, path, `{"filters": `+filtersJSON+extra+`, "pagination": {"page": 1, "per_page": 100}}`, &out)
	require.Equal(t, http.StatusOK, res.status, "body: %s", res.body)
	require.Equal(t, len(out.Results), out.Pagination.TotalResults)
	ids := []string{}
	for _, r := range out.Results {
		ids = append(ids, id(r))
	}
	return ids
}

// companyIDs runs a company search and returns the company ids.
func companyIDs(t *testing.T, srv *Server, filtersJSON, extra string) []string {
	t.Helper()
	return searchIDs(t, srv, "/v1/search/company", filtersJSON, extra, func(r registerdata.CompanySearchResult) string { return r.CompanyID })
}

// TestSearchCompanyFilters checks every filter kind on the curated
// register. The expected ids were worked out by reading
// data/companies.json (today is 2025-06-02), ordered by name.
func TestSearchCompanyFilters(t *testing.T) {
	srv, _ := newTestServer(t)
	tests := []struct {
		name, filters, extra string
		want                 []string
	}{
		// enum
		{"status value", `[{"field": "status", "value": "liquidation"}]`, "", []string{"DE-HRB-D3310-30416"}},
		{"status values", `[{"field": "status", "values": ["inactive", "liquidation"]}]`, "",
			[]string{"DE-HRB-D3310-30416", "DE-HRB-R1101-55930", "DE-HRA-U1104-11893", "DE-HRB-K1101-99812", "DE-HRB-F1103-301122"}},
		{"legal form", `[{"field": "legal_form", "value": "ek"}]`, "", []string{"DE-HRA-U1104-11893", "DE-HRA-X1517-7045", "DE-HRA-K1101-104552"}},
		{"register type", `[{"field": "register_type", "value": "GnR"}]`, "", []string{"DE-GnR-B8534-873"}},
		{"zip", `[{"field": "zip", "value": "12489"}]`, "", []string{"DE-HRB-F1103-315870", "DE-HRB-F1103-267645"}},
		{"capital currency", `[{"field": "capital_currency", "values": ["DEM", "USD"]}]`, "", []string{"DE-HRB-D2601-251907", "DE-HRB-R3306-41209"}},
		{"industry code and sub-codes", `[{"field": "industry_codes", "value": "43.21"}]`, "",
			[]string{"DE-HRA-U1104-11893", "DE-HRB-F1103-267645", "DE-HRB-F1103-301122"}},
		{"industry divisions", `[{"field": "industry_codes", "values": ["11", "93"]}]`, "",
			[]string{"DE-HRB-D2601-8734", "DE-VR-K1101-17310", "DE-GnR-B8534-873"}},
		{"insolvency stage", `[{"field": "insolvency_stage", "values": ["discharge_denied", "lifted"]}]`, "", []string{"DE-HRA-U1104-11893", "DE-HRB-T3104-61402"}},
		{"insolvency risk medium", `[{"field": "insolvency_risk", "value": "medium"}]`, "", []string{"DE-HRB-D3310-30416", "DE-HRB-R1101-55930", "DE-HRA-U1104-11893"}},
		// number
		// capital_amount is in cents, as every money filter; the records
		// hold the capital in euros (1,000,000 EUR, 25,000 EUR, 1,500 EUR).
		{"capital at least, in cents", `[{"field": "capital_amount", "min": "100000000"}]`, "",
			[]string{"DE-HRB-D2601-8734", "DE-HRB-D2601-251907", "DE-HRB-D2601-198433", "DE-HRB-K1101-170234"}},
		{"capital equal, in cents", `[{"field": "capital_amount", "value": "2500000"}]`, "",
			[]string{"DE-HRB-D3310-30416", "DE-HRB-R1101-55930", "DE-HRB-U1308-38821", "DE-HRB-F1103-301122"}},
		{"capital in euros is read as cents", `[{"field": "capital_amount", "value": "25000"}]`, "", []string{}},
		{"capital max is inclusive", `[{"field": "capital_amount", "max": "150000"}]`, "", []string{"DE-HRB-B8535-74188"}},
		{"revenue range, latest year", `[{"field": "revenue", "min": "3000000000", "max": "6000000000"}]`, "", []string{"DE-HRB-P2305-20977", "DE-HRB-T3104-61402"}},
		{"employees range", `[{"field": "employees", "min": "50", "max": "150"}]`, "",
			[]string{"DE-HRB-F1103-267645", "DE-HRB-T3104-61402", "DE-HRA-R3306-28817"}},
		{"negative equity", `[{"field": "equity", "max": "-1"}]`, "", []string{"DE-HRB-T3104-61402"}},
		{"net loss", `[{"field": "net_income", "max": "0"}]`, "", []string{"DE-HRB-F1103-267645", "DE-HRB-T3104-61402"}},
		{"estimated revenue from employees", `[{"field": "estimated_revenue", "min": "400000000", "max": "1000000000"}]`, "",
			[]string{"DE-HRB-U1308-38821", "DE-HRA-R3306-28817"}},
		{"estimated employees", `[{"field": "estimated_employees", "min": "100"}]`, "", []string{"DE-HRB-P2305-20977", "DE-HRB-T3104-61402", "DE-HRB-K1101-170234"}},
		{"estimated ebitda", `[{"field": "estimated_ebitda", "min": "40000000", "max": "200000000"}]`, "", []string{"DE-HRB-P2305-20977", "DE-HRA-R3306-28817"}},
		// owner fields: companies with an owner list in data/owners.json read
		// it (TestOwnerFiltersAgreeWithTheOwnerRegister checks each against
		// its list); the others derive owners from the representation.
		{"youngest owner at most 60", `[{"field": "youngest_owner_age", "max": "60"}]`, "",
			[]string{"DE-HRB-D3310-30416", "DE-HRA-X1517-7045", "DE-HRA-K1101-104552", "DE-HRB-D2601-198433", "DE-HRB-P2305-20977",
				"DE-HRB-F1103-267645", "DE-HRB-T3104-61402", "DE-HRA-R3306-28817", "DE-HRB-B8535-74188", "DE-HRB-K1101-170234"}},
		{"youngest owner over 60", `[{"field": "youngest_owner_age", "min": "61"}]`, "", []string{"DE-HRB-R1101-55930", "DE-HRB-R3306-41209"}},
		// date
		{"incorporated since 2020", `[{"field": "incorporated_at", "min": "2020-01-01"}]`, "",
			[]string{"DE-HRB-F1103-315870", "DE-HRB-B8535-74188", "DE-HRA-B8534-14557"}},
		{"incorporated before 1991", `[{"field": "incorporated_at", "max": "1990-12-31"}]`, "",
			[]string{"DE-HRB-D2601-8734", "DE-VR-K1101-17310", "DE-GnR-B8534-873"}},
		{"incorporated on", `[{"field": "incorporated_at", "value": "2003-05-20"}]`, "", []string{"DE-HRB-R3306-41209"}},
		{"insolvency opened since 2023", `[{"field": "insolvency_opened_at", "min": "2023-01-01"}]`, "",
			[]string{"DE-HRB-D3310-30416", "DE-HRB-P2305-20977", "DE-HRB-T3104-61402"}},
		{"any proceeding's date matches", `[{"field": "insolvency_opened_at", "max": "2009-01-01"}]`, "", []string{"DE-HRA-X1517-7045"}},
		// bool
		{"had insolvency", `[{"field": "had_insolvency", "value": "true"}]`, "",
			[]string{"DE-HRB-D3310-30416", "DE-HRB-R1101-55930", "DE-HRA-U1104-11893", "DE-HRA-X1517-7045", "DE-HRB-P2305-20977", "DE-HRB-T3104-61402", "DE-HRB-B8535-74188"}},
		{"open insolvency", `[{"field": "has_open_insolvency", "value": "true"}]`, "",
			[]string{"DE-HRA-X1517-7045", "DE-HRB-P2305-20977", "DE-HRB-T3104-61402", "DE-HRB-B8535-74188"}},
		{"sole owner", `[{"field": "has_sole_owner", "value": "true"}]`, "",
			[]string{"DE-HRB-R1101-55930", "DE-HRB-D2601-251907", "DE-HRA-X1517-7045", "DE-HRB-K1101-99812", "DE-HRA-K1101-104552", "DE-HRB-U1308-38821",
				"DE-HRB-F1103-315870", "DE-HRB-T3104-61402", "DE-HRB-R3306-41209", "DE-HRB-F1103-301122", "DE-HRB-B8535-74188", "DE-HRA-B8534-9120"}},
		// text
		{"city, any case", `[{"field": "city", "value": "HAMBURG"}]`, "",
			[]string{"DE-HRB-K1101-99812", "DE-HRA-K1101-104552", "DE-PR-K1101-1187", "DE-VR-K1101-17310", "DE-HRB-K1101-170234"}},
		{"register court", `[{"field": "register_court", "value": "köln"}]`, "", []string{"DE-HRA-R3306-28817", "DE-HRB-R3306-41209"}},
		{"register number", `[{"field": "register_number", "value": "873"}]`, "", []string{"DE-GnR-B8534-873"}},
		{"lei", `[{"field": "lei", "value": "529900heliosenergy23"}]`, "", []string{"DE-HRB-D2601-198433"}},
		{"vat id", `[{"field": "vat_id", "value": "DE318274655"}]`, "", []string{"DE-HRB-F1103-267645"}},
		{"purpose keywords, all must appear", `[{"field": "purpose", "keywords": ["PHOTOVOLTAIK", "speicheranlagen"]}]`, "",
			[]string{"DE-HRB-F1103-315870", "DE-HRB-F1103-267645"}},
		{"address keywords", `[{"field": "address", "keywords": ["godorfer hafen"]}]`, "", []string{"DE-HRA-R3306-28817", "DE-HRB-R3306-41209"}},
		// AND, query, location
		{"three filters", `[{"field": "status", "value": "active"}, {"field": "legal_form", "value": "gmbh"}, {"field": "revenue", "min": "1"}]`, "",
			[]string{"DE-HRB-P2305-20977", "DE-HRB-F1103-267645", "DE-HRB-T3104-61402"}},
		{"query prefixes", `[]`, `, "query": {"value": "Rhein bau"}`, []string{"DE-HRA-R3306-28817"}},
		{"query and filter", `[{"field": "status", "value": "active"}]`, `, "query": {"value": "nordlicht"}`, []string{"DE-HRB-F1103-315870", "DE-HRB-F1103-267645"}},
		{"within 200 km of Berlin", `[]`, `, "location": {"latitude": 52.52, "longitude": 13.405, "radius": 200}`,
			[]string{"DE-HRA-U1104-11893", "DE-HRB-U1308-38821", "DE-HRB-F1103-315870", "DE-HRB-F1103-267645"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, companyIDs(t, srv, tc.filters, tc.extra))
		})
	}
}

// TestSearchFollowsRegisterChanges changes a company and its owners and
// searches again: the index sees a record change through the store's
// observer and an owner change through SetOwners.
func TestSearchFollowsRegisterChanges(t *testing.T) {
	srv, _ := newTestServer(t)
	const id = "DE-HRA-R3306-28817" // owned by the Schmitz family in the owner register
	family := `[{"field": "is_family_owned", "value": "true"}]`
	sole := `[{"field": "has_sole_owner", "value": "true"}]`
	require.Contains(t, companyIDs(t, srv, family, ""), id)
	require.NotContains(t, companyIDs(t, srv, sole, ""), id)

	require.NoError(t, srv.SetOwners(id, []registerdata.Owner{{
		Name: "Rheinkiesel Holding GmbH", Type: enums.RepresentativeTypeLegalPerson, RelationType: enums.RelationTypeLimitedPartner,
		NominalShare: 100000, PercentageShare: &hundredPercent,
	}}))
	assert.NotContains(t, companyIDs(t, srv, family, ""), id, "the family sold")
	assert.Contains(t, companyIDs(t, srv, sole, ""), id)

	require.NoError(t, srv.UpdateCompany(id, func(c *registerdata.Company) { c.Name.Name = "Zeta Kies GmbH & Co. KG" }))
	assert.Equal(t, []string{id}, companyIDs(t, srv, `[]`, `, "query": {"value": "rheinkiesel baustoffe"}`),
		"the old name stays in the record's names: the query finds it as a former name")
	assert.Equal(t, []string{id}, companyIDs(t, srv, `[]`, `, "query": {"value": "zeta"}`))
	assert.Contains(t, companyIDs(t, srv, sole, ""), id, "a record change keeps the registered owners")
}

// TestSearchQueryFindsFormerNames: the service's query searches company
// names and previous names (https://docs.openregister.de/filtering). The
// curated Nordlicht Solartechnik GmbH was Nordlicht Solar UG
// (haftungsbeschränkt) until 2017: words of its former name find it,
// after the companies whose current name has them, although its name
// sorts first.
func TestSearchQueryFindsFormerNames(t *testing.T) {
	srv, _ := newTestServer(t)
	const nordlicht = "DE-HRB-F1103-267645"
	co, _ := srv.Company(nordlicht)
	require.Equal(t, "Nordlicht Solartechnik GmbH", co.Name.Name)
	require.Equal(t, "Nordlicht Solar UG (haftungsbeschränkt)", co.Names[0].Name)

	query := func(q string) []string {
		t.Helper()
		return companyIDs(t, srv, `[]`, `, "query": {"value": "`+q+`"}`)
	}
	assert.Equal(t, []string{nordlicht}, query("nordlicht solar ug"), "the former name alone has ug")
	hits := query("haftungsbeschränkt")
	require.Greater(t, len(hits), 1)
	assert.Equal(t, nordlicht, hits[len(hits)-1], "current-name hits first: %v", hits)
	for _, id := range hits[:len(hits)-1] {
		c, _ := srv.Company(id)
		assert.Contains(t, c.Name.Name, "haftungsbeschränkt", id)
		assert.Less(t, co.Name.Name, c.Name.Name, "%s sorts after Nordlicht by name, and comes first by rank", id)
	}
	assert.Empty(t, query("solartechnik ug"), "the words of two names do not combine")
	assert.Equal(t, []string{nordlicht}, companyIDs(t, srv, `[{"field": "legal_form", "value": "gmbh"}]`, `, "query": {"value": "ug haftungsbeschränkt"}`),
		"filters read the current record: the former UG is a GmbH now")
}
