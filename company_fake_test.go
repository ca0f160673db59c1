package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func TestFakeGetCompanyBillsExactly(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithCredits(100)})
	ctx := context.Background()

	co, err := c.GetCompany(ctx, knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, knownCompany, co.ID)
	assert.NotEmpty(t, co.Sources)

	co, err = c.GetCompany(ctx, knownCompany, &registerdata.GetCompanyParams{Realtime: true, Export: true})
	require.NoError(t, err)
	assert.Empty(t, co.Sources, "export drops the sources")
	assert.NotNil(t, co.Sources, "but arrays are never nil")

	_, err = c.GetCompany(ctx, "DE-HRB-X0000-1", nil)
	require.ErrorIs(t, err, registerdata.ErrNotFound)

	assert.Equal(t, int64(30), c.CreditsSpent())
	assert.Equal(t, int64(70), srv.Credits(srv.APIKey), "the fake charged what the client counted")
}
