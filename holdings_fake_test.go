package registerdata_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

func TestHoldingsAndPersonFromTheFake(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	ctx := context.Background()
	hs, err := c.GetCompanyHoldings(ctx, nordlichtSolar)
	require.NoError(t, err)
	assert.Equal(t, nordlichtSolar, hs.CompanyID)
	assert.Len(t, hs.Holdings, 2) // Sonnenwerk Montage and Nordlicht Service
	for _, h := range hs.Holdings {
		assert.Equal(t, 1.0, *h.PercentageShare, "fraction scale")
	}

	p, err := c.GetPerson(ctx, katrinAlbers)
	require.NoError(t, err)
	assert.Equal(t, "Katrin", p.FirstName)
	assert.Len(t, p.ManagementPositions, 3)
	require.NotNil(t, p.Age)

	ph, err := c.GetPersonHoldings(ctx, katrinAlbers)
	require.NoError(t, err)
	assert.Equal(t, katrinAlbers, ph.PersonID)
	assert.Len(t, ph.Holdings, 2) // Nordlicht Solartechnik and Kessler Maschinenbau

	_, err = c.GetPerson(ctx, "not-a-uuid")
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	_, err = c.GetPerson(ctx, "00000000-0000-4000-8000-000000000000")
	var apiErr *registerdata.APIError
	require.True(t, errors.As(err, &apiErr))
	assert.Equal(t, http.StatusNotFound, apiErr.StatusCode)
}
