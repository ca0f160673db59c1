package registerdata

import (
	"context"
	"net/http"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearchSeqWalksAllPages walks 7 results in pages of 3.
func TestSearchSeqWalksAllPages(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 7, 3, 0))
	ids, err := collect(c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{Pagination: PageRequest{PerPage: 3}}))
	require.NoError(t, err)
	assert.Equal(t, []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7"}, ids)
	assert.Equal(t, 3, mt.GetTotalCallCount())
	assert.Equal(t, int64(3*DefaultPrices().Of("POST /v1/search/company", false)), c.CreditsSpent())
}

// TestSearchSeqStartsAtRequestedPage starts the walk on page 2.
func TestSearchSeqStartsAtRequestedPage(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 7, 3, 0))
	ids, err := collect(c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{Pagination: PageRequest{Page: 2, PerPage: 3}}))
	require.NoError(t, err)
	assert.Equal(t, []string{"c4", "c5", "c6", "c7"}, ids)
	assert.Equal(t, 2, mt.GetTotalCallCount())
}

// TestSearchSeqEmpty makes one request and yields nothing.
func TestSearchSeqEmpty(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 0, 10, 0))
	ids, err := collect(c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{}))
	require.NoError(t, err)
	assert.Empty(t, ids)
	assert.Equal(t, 1, mt.GetTotalCallCount())
}

// TestSearchSeqBreakSendsNoFurtherRequest breaks inside the first page.
func TestSearchSeqBreakSendsNoFurtherRequest(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 100, 10, 0))
	seen := 0
	for r, err := range c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{}) {
		require.NoError(t, err)
		seen++
		if r.CompanyID == "c10" { // the last of page 1
			break
		}
	}
	assert.Equal(t, 10, seen)
	assert.Equal(t, 1, mt.GetTotalCallCount())
}

// TestSearchSeqErrorMidWalk fails on page 2: the first page's results
// come, then the error once, then nothing.
func TestSearchSeqErrorMidWalk(t *testing.T) {
	c, mt := newMockClient(t, WithMaxRetries(0))
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 9, 3, 2))
	var ids []string
	var errs []error
	for r, err := range c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{Pagination: PageRequest{PerPage: 3}}) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ids = append(ids, r.CompanyID)
	}
	assert.Equal(t, []string{"c1", "c2", "c3"}, ids)
	require.Len(t, errs, 1)
	assert.ErrorIs(t, errs[0], ErrServer)
	assert.Equal(t, 2, mt.GetTotalCallCount())
}

// TestSearchSeqBudgetStop walks with a budget for two pages of five.
func TestSearchSeqBudgetStop(t *testing.T) {
	c, mt := newMockClient(t, WithCreditBudget(2*DefaultPrices().Of("POST /v1/search/company", false)))
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 20, 4, 0))
	ids, err := collect(c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{Pagination: PageRequest{PerPage: 4}}))
	require.ErrorIs(t, err, ErrBudgetExceeded)
	assert.Len(t, ids, 8)
	assert.Equal(t, 2, mt.GetTotalCallCount())
	assert.Equal(t, int64(2*DefaultPrices().Of("POST /v1/search/company", false)), c.CreditsSpent())
}

// TestSearchSeqMaxPages stops after two pages without an error.
func TestSearchSeqMaxPages(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 20, 4, 0))
	ids, err := collect(c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{Pagination: PageRequest{PerPage: 4}}, MaxPages(2)))
	require.NoError(t, err)
	assert.Equal(t, []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"}, ids)
	assert.Equal(t, 2, mt.GetTotalCallCount())
}

// TestSearchSeqRefusesBeforeSending yields the validation error once.
func TestSearchSeqRefusesBeforeSending(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 20, 4, 0))
	_, err := collect(c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{}, MaxPages(0)))
	require.ErrorIs(t, err, ErrInvalidRequest)
	_, err = collect(c.SearchCompaniesSeq(context.Background(), CompanySearchRequest{Pagination: PageRequest{Page: -1}}))
	require.ErrorIs(t, err, ErrInvalidRequest)
	assert.Zero(t, mt.GetTotalCallCount())
}

// TestSearchSeqCanceledContext sends nothing once ctx is done.
func TestSearchSeqCanceledContext(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL, pagedResponder(t, 20, 4, 0))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := collect(c.SearchCompaniesSeq(ctx, CompanySearchRequest{}))
	require.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, mt.GetTotalCallCount())
}

// TestSearchPersonsSeq walks person pages.
func TestSearchPersonsSeq(t *testing.T) {
	c, mt := newMockClient(t)
	pages := map[int]string{
		1: `{"results": [{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}], "pagination": {"page": 1, "per_page": 2, "total_pages": 2, "total_results": 3}}`,
		2: `{"results": [{"id": "p3", "name": "C"}], "pagination": {"page": 2, "per_page": 2, "total_pages": 2, "total_results": 3}}`,
	}
	calls := 0
	mt.RegisterResponder(http.MethodPost, personSearchURL, func(r *http.Request) (*http.Response, error) {
		calls++
		return httpmock.NewStringResponse(200, pages[calls]), nil
	})
	var ids []string
	for p, err := range c.SearchPersonsSeq(context.Background(), PersonSearchRequest{Query: "x", Pagination: PageRequest{PerPage: 2}}) {
		require.NoError(t, err)
		ids = append(ids, p.ID)
	}
	assert.Equal(t, []string{"p1", "p2", "p3"}, ids)
	assert.Equal(t, int64(2*DefaultPrices().Of("POST /v1/search/person", false)), c.CreditsSpent())
}
