package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

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
