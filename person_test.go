package registerdata

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// personJSON is a hand-written answer of GET /v1/person/{id} in the shape of
// the official sources.
const personJSON = `{"id": "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01", "first_name": "Katrin", "last_name": "Albers", "city": null,
  "date_of_birth": null, "age": null, "management_positions": [
  {"company_name": "Nordlicht Solartechnik GmbH", "register_id": "DE-HRB-F1103-267645", "role": "DIRECTOR", "start_date": "2014-09-02"},
  {"company_name": "Sonnenwerk Montage GmbH", "register_id": "DE-HRB-F1103-301122", "role": "SOMETHING_NEW", "start_date": "2019-01-01", "end_date": "2022-06-14"}
]}`

func TestDecodePerson(t *testing.T) {
	var p Person
	require.NoError(t, json.Unmarshal([]byte(personJSON), &p))
	assert.Nil(t, p.City)
	assert.Nil(t, p.Age)
	assert.Nil(t, p.DateOfBirth)
	require.Len(t, p.ManagementPositions, 2)
	assert.Nil(t, p.ManagementPositions[0].EndDate)
	assert.Equal(t, "SOMETHING_NEW", p.ManagementPositions[1].Role)
	assert.Equal(t, NewDate(2022, 6, 14), *p.ManagementPositions[1].EndDate)
}
