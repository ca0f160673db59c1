package registerdata

import (
	"context"
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

// TestSurfaceRefusesBadInput: hostile ids, bad categories, empty texts
// and malformed addresses are refused before anything is sent.
func TestSurfaceRefusesBadInput(t *testing.T) {
	ctx := context.Background()
	c, mt := newMockClient(t)
	for _, id := range []string{"", "../monitor", "a/b", "a b", "x?y", "%2e"} {
		_, err := c.GetFinancials(ctx, id)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
		_, err = c.GetDocument(ctx, id)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
		_, err = c.GetContactDetails(ctx, id)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
		_, err = c.GetRealtimeDocument(ctx, id, enums.DocumentCategoryCurrentPrintout)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
	}
	_, err := c.GetRealtimeDocument(ctx, "DE-HRB-F1103-267645", "photo")
	assert.ErrorIs(t, err, ErrInvalidRequest)
	for _, u := range []string{"", " ", "https://", "exa mple.de", "http://\x00x"} {
		_, err := c.LookupCompanyByURL(ctx, u)
		assert.ErrorIs(t, err, ErrInvalidRequest, "%q", u)
	}
	for _, q := range []string{"", "  ", string(make([]byte, 300)), "\xff"} {
		_, err := c.AutocompleteCompanies(ctx, q)
		assert.ErrorIs(t, err, ErrInvalidRequest, "%q", q)
	}
	assert.Zero(t, mt.GetTotalCallCount(), "nothing was sent")
}
