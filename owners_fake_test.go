package registerdata_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

const (
	nordlichtService = "DE-HRB-F1103-315870"
	nordlichtSolar   = "DE-HRB-F1103-267645"
	heliosAG         = "DE-HRB-D2601-198433"
	vantaraSE        = "DE-HRB-K1101-170234"
	rheinkieselKG    = "DE-HRA-R3306-28817"
	katrinAlbers     = "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"
)

func TestGetOwnersFromTheFake(t *testing.T) {
	srv, c, _ := newFakeClient(t, nil)
	ctx := context.Background()

	own, err := c.GetOwners(ctx, nordlichtSolar, nil)
	require.NoError(t, err)
	assert.Equal(t, nordlichtSolar, own.CompanyID)
	assert.False(t, own.BestAvailable)
	require.Len(t, own.Owners, 2)
	assert.Equal(t, heliosAG, *own.Owners[0].ID)
	assert.Equal(t, enums.RepresentativeTypeLegalPerson, own.Owners[0].Type)
	assert.Equal(t, 60.0, *own.Owners[0].PercentageShare)
	require.NotNil(t, own.Owners[1].NaturalPerson)
	assert.Equal(t, "Katrin Albers", own.Owners[1].NaturalPerson.FullName)
	assert.Equal(t, int64(10), c.CreditsSpent())

	// The source is a presigned shareholder list the fake serves.
	require.Len(t, own.Sources, 1)
	resp, err := http.Get(own.Sources[0].DocumentURL)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)

	// An AG: 404 without best_available, not billed; served with it.
	_, err = c.GetOwners(ctx, heliosAG, nil)
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
	assert.Equal(t, int64(10), c.CreditsSpent())
	own, err = c.GetOwners(ctx, heliosAG, &registerdata.GetOwnersParams{BestAvailable: true})
	require.NoError(t, err)
	assert.True(t, own.BestAvailable)
	assert.Len(t, own.Owners, 4)

	// best_available with realtime is refused before sending.
	_, err = c.GetOwners(ctx, heliosAG, &registerdata.GetOwnersParams{BestAvailable: true, Realtime: true})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	assert.Equal(t, srv.Credits(srv.APIKey), fake.DefaultCredits-c.CreditsSpent())
}
