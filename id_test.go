package registerdata

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

func TestParseCompanyID(t *testing.T) {
	id, err := ParseCompanyID("DE-HRB-F1103-267645")
	require.NoError(t, err)
	assert.Equal(t, CompanyID{Country: "DE", RegisterType: enums.RegisterTypeHRB, CourtCode: "F1103", Number: "267645"}, id)
	assert.Equal(t, "DE-HRB-F1103-267645", id.String())

	id, err = ParseCompanyID("DE-GnR-B1101-12-a")
	require.NoError(t, err)
	assert.Equal(t, "12-a", id.Number, "hyphens after the third belong to the number")
	assert.Equal(t, enums.RegisterTypeGnR, id.RegisterType)

	id, err = ParseCompanyID("DE-XYZ-B1101-1")
	require.NoError(t, err, "a register type the SDK does not know still parses")
	assert.False(t, id.RegisterType.IsKnown())

	for _, bad := range []string{"", "DE", "DE-HRB-F1103", "DE--F1103-1", "DE-HRB--1", "DE-HRB-F1103-", "de-HRB-F1103-1",
		"DEU-HRB-F1103-1", "../monitor", "DE-HRB-F1103-26/7645", "DE-HRB-F1103-267 645", "DE-HRB-F1103-1?x"} {
		_, err := ParseCompanyID(bad)
		assert.ErrorIs(t, err, ErrInvalidRequest, "%q", bad)
	}
}

func ExampleParseCompanyID() {
	id, err := ParseCompanyID("DE-HRB-F1103-267645")
	if err != nil {
		panic(err)
	}
	fmt.Println(id.Country, id.RegisterType, id.CourtCode, id.Number)
	// Output: DE HRB F1103 267645
}
