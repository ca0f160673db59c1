package registerdata

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// holdingsJSON is a hand-written answer of GET /v1/company/{id}/holdings in
// the shape of the official sources.
const holdingsJSON = `{"company_id": "DE-HRB-F1103-267645", "holdings": [
  {"company_id": "DE-HRB-F1103-315870", "name": "Nordlicht Service GmbH", "relation_type": "shareholder", "nominal_share": 25000, "percentage_share": 0.5, "start": "2022-10-04", "end": null},
  {"company_id": "DE-HRB-F1103-301122", "name": "Sonnenwerk Montage GmbH", "relation_type": "sleeping_partner", "nominal_share": 0, "percentage_share": null, "start": null, "end": "2024-01-31"}
]}`

func TestDecodeHoldings(t *testing.T) {
	var h Holdings
	require.NoError(t, json.Unmarshal([]byte(holdingsJSON), &h))
	require.Len(t, h.Holdings, 2)
	assert.Equal(t, 0.5, *h.Holdings[0].PercentageShare, "fraction scale")
	assert.Nil(t, h.Holdings[0].End)
	assert.Nil(t, h.Holdings[1].PercentageShare)
	assert.Nil(t, h.Holdings[1].Start)
	assert.Equal(t, NewDate(2024, 1, 31), *h.Holdings[1].End)
	assert.Equal(t, enums.RelationType("sleeping_partner"), h.Holdings[1].RelationType)
	assert.Empty(t, h.PersonID)
}
