package registerdata

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// historyJSON is a hand-written answer of GET
// /v1/company/{id}/owners/historical in the shape of the official sources.
const historyJSON = `{"owners": [
  {"id": "", "name": "Brightwater Systems Inc.", "entity_type": "foreign_company", "status": "removed",
   "first_appearance": "2019-04-08T00:00:00Z", "last_appearance": "2021-05-01", "country": "US",
   "ownership_history": [{"document_id": "0b7c1c52-5d4e-4f6a-9a2b-3c4d5e6f7a80", "document_date": "2019-04-08", "nominal_shares": 25000, "percentage_shares": 100}]},
  {"id": "DE-HRB-F1103-267645", "name": "Nordlicht Solartechnik GmbH", "entity_type": "german_trust", "status": "dormant",
   "first_appearance": "2021-05-01T10:30:00+02:00", "ownership_history": null}
]}`

func TestDecodeHistoricalOwners(t *testing.T) {
	var h HistoricalOwners
	require.NoError(t, json.Unmarshal([]byte(historyJSON), &h))
	require.Len(t, h.Owners, 2)
	bw := h.Owners[0]
	assert.Equal(t, enums.OwnerEntityTypeForeignCompany, bw.EntityType)
	assert.Equal(t, enums.OwnerStatusRemoved, bw.Status)
	assert.Equal(t, time.Date(2019, 4, 8, 0, 0, 0, 0, time.UTC), bw.FirstAppearance)
	require.NotNil(t, bw.LastAppearance, "a plain date is accepted for a date-time")
	assert.Equal(t, time.Date(2021, 5, 1, 0, 0, 0, 0, time.UTC), *bw.LastAppearance)
	require.Len(t, bw.OwnershipHistory, 1)
	assert.Equal(t, int64(25000), bw.OwnershipHistory[0].NominalShares)
	assert.Equal(t, time.Date(2019, 4, 8, 0, 0, 0, 0, time.UTC), bw.OwnershipHistory[0].DocumentDate)

	nl := h.Owners[1]
	assert.False(t, nl.EntityType.IsKnown())
	assert.False(t, nl.Status.IsKnown())
	assert.Nil(t, nl.LastAppearance, "absent while active")
	assert.Empty(t, nl.Country)
	assert.NotNil(t, nl.OwnershipHistory)
	assert.True(t, nl.FirstAppearance.Equal(time.Date(2021, 5, 1, 8, 30, 0, 0, time.UTC)))

	var bad HistoricalOwners
	assert.Error(t, json.Unmarshal([]byte(`{"owners": [{"first_appearance": "yesterday"}]}`), &bad))
}
