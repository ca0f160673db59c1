package registerdata

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ubosJSON is a hand-written answer of GET /v1/company/{id}/ubo in the shape
// of the official sources.
const ubosJSON = `{"company_id": "DE-HRA-R3306-28817", "ubos": [
  {"id": "5c6d7e8f-9a0b-4c1d-9e2f-3a4b5c6d7e15", "name": "Georg Schmitz", "percentage_share": null, "max_percentage_share": 60,
   "legal_person": null, "natural_person": {"first_name": "Georg", "last_name": "Schmitz", "full_name": "Georg Schmitz", "city": "Köln", "country": "DE", "date_of_birth": "1961-03-02"}},
  {"id": null, "name": "Dominik Frey", "percentage_share": null, "max_percentage_share": null, "legal_person": null, "natural_person": null}
]}`

func TestDecodeBeneficialOwners(t *testing.T) {
	var u BeneficialOwners
	require.NoError(t, json.Unmarshal([]byte(ubosJSON), &u))
	require.Len(t, u.Owners, 2)
	assert.Nil(t, u.Owners[0].PercentageShare)
	assert.Equal(t, 60.0, *u.Owners[0].MaxPercentageShare)
	assert.Equal(t, NewDate(1961, 3, 2), *u.Owners[0].NaturalPerson.DateOfBirth)
	assert.Nil(t, u.Owners[1].ID)
	assert.Nil(t, u.Owners[1].NaturalPerson)

	var empty BeneficialOwners
	require.NoError(t, json.Unmarshal([]byte(`{"company_id": "x"}`), &empty))
	assert.NotNil(t, empty.Owners)
}
