package fake

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// askAutocomplete is the body the handler answers query with.
func askAutocomplete(t *testing.T, srv *Server, query string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/v1/autocomplete/company?query="+url.QueryEscape(query), nil)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	srv.Handler().ServeHTTP(rec, req)
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	return rec.Body.String()
}

// foundAnew is the body answering query found without the kept answers.
func foundAnew(srv *Server, query string) string {
	return string(appendAutocomplete(nil, srv.autocompleteJoined(query)))
}

// TestAutocompleteKeptAnswersFollowChanges: an answer kept from an
// earlier ask is served again only while the register is unchanged: a
// changed address, a rename and an added company show at the next ask,
// which answers as a query found anew does.
func TestAutocompleteKeptAnswersFollowChanges(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(500))
	const query = "quastenflosser"
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { c.Name.Name = "Quastenflosser Werft GmbH" }))
	first := askAutocomplete(t, srv, query)
	require.Contains(t, first, richID)
	assert.Equal(t, first, askAutocomplete(t, srv, query), "asked again, unchanged")
	assert.Len(t, extState[autocompleteAnswers](srv).m, 1, "the answer is kept")

	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { c.Address.City = "Quastenhausen" }))
	got := askAutocomplete(t, srv, query)
	assert.Contains(t, got, "Quastenhausen", "a changed address shows")
	assert.Equal(t, foundAnew(srv, query), got)

	co, _ := srv.Company(richID)
	add := co
	add.ID, add.Register.RegisterNumber, add.Registers = "DE-HRB-F1103-999001", "999001", nil
	add.Name.Name = "Quastenflosser Zwei GmbH"
	require.NoError(t, srv.AddCompany(add))
	got = askAutocomplete(t, srv, query)
	assert.Contains(t, got, add.ID, "an added company shows")
	assert.Equal(t, foundAnew(srv, query), got)

	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { c.Name.Name = "Umbenannt GmbH" }))
	got = askAutocomplete(t, srv, query)
	assert.NotContains(t, got, richID, "a renamed company no longer shows")
	assert.Equal(t, foundAnew(srv, query), got)
}

// TestAutocompleteKeptAnswersBounded: however many queries are asked,
// at most autocompleteCached answers are kept, and each ask answers as
// one found anew.
func TestAutocompleteKeptAnswersBounded(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(200))
	for i := range autocompleteCached + 100 {
		q := fmt.Sprintf("n%d", i)
		if i%100 == 0 {
			q = strings.Repeat("a", 1+i/100)
			assert.Equal(t, foundAnew(srv, q), askAutocomplete(t, srv, q), q)
			continue
		}
		askAutocomplete(t, srv, q)
	}
	assert.LessOrEqual(t, len(extState[autocompleteAnswers](srv).m), autocompleteCached)
}

// TestAutocompleteKeptAnswersWhileRenaming asks while another goroutine
// renames companies: once the renames are done, every query answers as
// found anew (no answer found during a change is served after it).
func TestAutocompleteKeptAnswersWhileRenaming(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(300))
	ids := srv.CompanyIDs()
	queries := []string{"nord", "sol", "bau", "quastenflosser", "logistik"}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i, id := range ids[:60] {
			name := fmt.Sprintf("Quastenflosser %d Bau GmbH", i)
			if err := srv.UpdateCompany(id, func(c *registerdata.Company) { c.Name.Name = name }); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	for range 40 {
		for _, q := range queries {
			askAutocomplete(t, srv, q)
		}
	}
	wg.Wait()
	for _, q := range queries {
		assert.Equal(t, foundAnew(srv, q), askAutocomplete(t, srv, q), q)
	}
}
