package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
