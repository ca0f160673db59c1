package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// TestOwnershipHistoryFromTheFake reads the history of a GmbH (the only
// form the service publishes it for) with two shareholder lists.
func TestOwnershipHistoryFromTheFake(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	hist, err := c.GetOwnershipHistory(context.Background(), nordlichtSolar)
	require.NoError(t, err)
	assert.Equal(t, nordlichtSolar, hist.CompanyID)
	byName := map[string]registerdata.HistoricalOwner{}
	for _, o := range hist.Owners {
		byName[o.Name] = o
	}
	jonas := byName["Jonas Petersen"]
	assert.Equal(t, enums.OwnerStatusRemoved, jonas.Status)
	require.NotNil(t, jonas.LastAppearance)
	assert.Equal(t, enums.OwnerEntityTypeNaturalPerson, jonas.EntityType)
	katrin := byName["Katrin Albers"]
	assert.Equal(t, enums.OwnerStatusActive, katrin.Status)
	assert.Nil(t, katrin.LastAppearance)
	assert.Len(t, katrin.OwnershipHistory, 2)
	assert.Equal(t, enums.OwnerEntityTypeGermanCompany, byName["Helios Energie Holding AG"].EntityType)
}
