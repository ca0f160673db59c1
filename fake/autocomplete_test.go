package fake

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestAutocomplete: every suggestion has a name word starting with each
// query word, suggestions are distinct, at most AutocompleteLimit, and a
// company is found by the start of each word of its name. It costs
// nothing.
func TestAutocomplete(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(500))
	c := newSDKClient(t, srv)
	ctx := context.Background()
	before := srv.Credits(srv.APIKey)
	for _, id := range srv.CompanyIDs()[:60] {
		co, _ := srv.Company(id)
		words := nameWords(co.Name.Name)
		query := words[0][:min(4, len(words[0]))]
		res, err := c.AutocompleteCompanies(ctx, query)
		require.NoError(t, err, query)
		assert.LessOrEqual(t, len(res), AutocompleteLimit)
		seen := map[string]bool{}
		for _, r := range res {
			assert.False(t, seen[r.CompanyID], "%s suggested twice", r.CompanyID)
			seen[r.CompanyID] = true
			assert.True(t, matchesAll(nameWords(r.Name), []string{query}), "%q does not match %q", r.Name, query)
		}
		// The full name always finds the company itself.
		res, err = c.AutocompleteCompanies(ctx, co.Name.Name)
		require.NoError(t, err)
		assert.True(t, containsID(res, id), "%q not found by its own name", co.Name.Name)
	}
	assert.Equal(t, before, srv.Credits(srv.APIKey), "autocomplete costs nothing")
	res, err := c.AutocompleteCompanies(ctx, "zzzqqq")
	require.NoError(t, err)
	assert.NotNil(t, res)
	assert.Empty(t, res)
}

func containsID(rs []registerdata.CompanySearchResult, id string) bool {
	for _, r := range rs {
		if r.CompanyID == id {
			return true
		}
	}
	return false
}

// TestAutocompleteFollowsRenames: after a rename the new name finds the
// company and the old one no longer does.
func TestAutocompleteFollowsRenames(t *testing.T) {
	srv, _ := newTestServer(t)
	c := newSDKClient(t, srv)
	ctx := context.Background()
	co, _ := srv.Company(richID)
	res, err := c.AutocompleteCompanies(ctx, co.Name.Name)
	require.NoError(t, err)
	require.True(t, containsID(res, richID))
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { c.Name.Name = "Quastenflosser Werft GmbH" }))
	res, err = c.AutocompleteCompanies(ctx, "quastenfl wer")
	require.NoError(t, err)
	assert.True(t, containsID(res, richID))
	res, err = c.AutocompleteCompanies(ctx, co.Name.Name)
	require.NoError(t, err)
	assert.False(t, containsID(res, richID))
	add := co
	add.ID, add.Register.RegisterNumber = "DE-HRB-F1103-999001", "999001"
	add.Name.Name = "Quastenflosser Zwei GmbH"
	add.Registers = nil
	require.NoError(t, srv.AddCompany(add))
	res, err = c.AutocompleteCompanies(ctx, "quastenflosser")
	require.NoError(t, err)
	assert.True(t, containsID(res, add.ID), "an added company is suggested")
}

func TestAutocompleteBadQuery(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, q := range []string{"", "?query=", "?query=" + strings.Repeat("a", 257), "?query=a&query=b"} {
		r := do(t, "GET", srv.URL+"/v1/autocomplete/company"+q, srv.APIKey, "")
		assert.Equal(t, http.StatusBadRequest, r.status, q)
	}
}

// BenchmarkAutocomplete answers prefix queries over a register of 10,000
// and one of 100,000 companies: the cost per query must not grow with
// the register (a binary search and a bounded scan).
func BenchmarkAutocomplete(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		srv := NewServer(WithGenerated(n))
		var queries []string
		for _, id := range srv.CompanyIDs()[:256] {
			c, _ := srv.Company(id)
			for _, w := range nameWords(c.Name.Name) {
				queries = append(queries, w[:min(len(w), 3)])
			}
		}
		srv.autocomplete("warm") // builds the index outside the timing
		b.Run(fmt.Sprintf("companies=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				_ = srv.autocomplete(queries[i%len(queries)])
			}
		})
		srv.Close()
	}
}

// TestAutocompleteWithoutCredits: the documentation lists 402 among
// autocomplete's answers: an account with no credits left gets it,
// one with credits gets suggestions at its price (0 by default).
func TestAutocompleteWithoutCredits(t *testing.T) {
	srv, _ := newTestServer(t)
	srv.SetCredits(srv.APIKey, 0)
	r := do(t, "GET", srv.URL+"/v1/autocomplete/company?query=nord", srv.APIKey, "")
	assert.Equal(t, http.StatusPaymentRequired, r.status)
	assert.Contains(t, string(r.body), "no credits left")
	srv.SetCredits(srv.APIKey, 1)
	r = do(t, "GET", srv.URL+"/v1/autocomplete/company?query=nord", srv.APIKey, "")
	assert.Equal(t, http.StatusOK, r.status)
	assert.EqualValues(t, 1, srv.Credits(srv.APIKey), "billed at the table's price, 0")
}
