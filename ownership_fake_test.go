package registerdata_test

import (
	"context"
	"errors"
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

func TestBeneficialOwnersFromTheFake(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	ctx := context.Background()
	ubo, err := c.GetBeneficialOwners(ctx, rheinkieselKG)
	require.NoError(t, err)
	assert.Equal(t, rheinkieselKG, ubo.CompanyID)
	require.Len(t, ubo.Owners, 2)
	assert.Equal(t, "Georg Schmitz", ubo.Owners[0].Name)
	assert.Nil(t, ubo.Owners[0].PercentageShare)
	assert.Equal(t, 60.0, *ubo.Owners[0].MaxPercentageShare)
}

func TestOwnershipHistoryFromTheFake(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	hist, err := c.GetOwnershipHistory(context.Background(), rheinkieselKG)
	require.NoError(t, err)
	assert.Equal(t, rheinkieselKG, hist.CompanyID)
	byName := map[string]registerdata.HistoricalOwner{}
	for _, o := range hist.Owners {
		byName[o.Name] = o
	}
	helga := byName["Helga Schmitz"]
	assert.Equal(t, enums.OwnerStatusRemoved, helga.Status)
	require.NotNil(t, helga.LastAppearance)
	assert.Equal(t, enums.OwnerEntityTypeNaturalPerson, helga.EntityType)
	georg := byName["Georg Schmitz"]
	assert.Equal(t, enums.OwnerStatusActive, georg.Status)
	assert.Nil(t, georg.LastAppearance)
	assert.Len(t, georg.OwnershipHistory, 2)
	assert.Equal(t, enums.OwnerEntityTypeGermanCompany, byName["Rheinkiesel Verwaltungs-GmbH"].EntityType)
}

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
