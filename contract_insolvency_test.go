package registerdata_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// TestContractInsolvencyAndTransparency sends every insolvency and
// Transparenzregister call, successes and refusals, through the checked
// fake: each request and answer is validated against api/openapi.yaml
// on both sides.
func TestContractInsolvencyAndTransparency(t *testing.T) {
	s := newContractSetup(t)
	c := s.client(t, s.srv.APIKey)
	ctx := context.Background()

	ids := s.srv.InsolvencyIDs()
	require.NotEmpty(t, ids)
	for _, id := range ids {
		_, err := c.GetInsolvency(ctx, id)
		require.NoError(t, err)
	}
	_, err := c.GetInsolvency(ctx, "0f0f0f0f-0000-4000-8000-000000000000")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)

	fs, err := filters.Insolvency().CurrentStatus(enums.InsolvencyStatusOpened).Open(true).
		Between(filters.OpenedAt, "2000-01-01", "2030-12-31").Build()
	require.NoError(t, err)
	_, err = c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Query: "amtsgericht", Filters: fs, Pagination: registerdata.PageRequest{Page: 1, PerPage: 2}})
	require.NoError(t, err)
	for _, err := range c.SearchInsolvenciesSeq(ctx, registerdata.InsolvencySearchRequest{Pagination: registerdata.PageRequest{PerPage: 5}}) {
		require.NoError(t, err)
	}
	_, err = c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Filters: []filters.Filter{{Field: "revenue", Min: "1"}}})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "the fake refuses a field the insolvency search does not know")

	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: contractCompanyID})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "no credentials stored yet")
	require.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"}))
	assert.ErrorIs(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "short"}), registerdata.ErrInvalidRequest)
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-X0000-1"})
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
	for _, req := range []registerdata.TransparencyExtractRequest{{CompanyID: contractCompanyID}, {CredentialName: registerdata.SandboxCredentialName}} {
		ex, err := c.RequestTransparencyExtract(ctx, req)
		require.NoError(t, err)
		_, err = c.GetTransparencyExtract(ctx, ex.ID)
		require.NoError(t, err)
		s.clk.Advance(2 * time.Minute)
		done, err := c.GetTransparencyExtract(ctx, ex.ID)
		require.NoError(t, err)
		assert.Equal(t, enums.ExtractStatusCompleted, done.Status)
	}
	_, err = c.GetTransparencyExtract(ctx, "tre_0")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
}
