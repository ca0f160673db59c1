package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

const (
	stadtgruenUG = "DE-HRB-B8535-74188" // Stadtgrün Lieferdienst UG (haftungsbeschränkt)
	wagnerOHG    = "DE-HRA-M1201-51073" // Wagner & Sohn Metallbau OHG
)

// TestOwnershipTreeSkipsARootOfAFormWithoutOwners: a root whose form the
// caller gives and whose owners are not published is not fetched: no
// request, 0 credits in the client's count, the tree and the fake's books.
func TestOwnershipTreeSkipsARootOfAFormWithoutOwners(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil)
	before := srv.Credits(srv.APIKey)
	tree, err := c.OwnershipTree(context.Background(), stadtgruenUG, registerdata.TreeOptions{LegalForm: enums.LegalFormUG})
	require.NoError(t, err)
	assert.Equal(t, registerdata.TreeStopNotPublished, tree.Root.Stop)
	assert.Equal(t, "owners: not published for a UG", tree.Root.StopReason)
	assert.Equal(t, enums.LegalFormUG, tree.Root.LegalForm)
	assert.Nil(t, tree.Root.Company)
	assert.Zero(t, ct.calls.Load(), "nothing sent")
	assert.Zero(t, tree.Credits)
	assert.Zero(t, c.CreditsSpent())
	assert.Equal(t, before, srv.Credits(srv.APIKey))

	// A supported form given is fetched as before.
	tree, err = c.OwnershipTree(context.Background(), wagnerOHG, registerdata.TreeOptions{LegalForm: enums.LegalFormOHG, MaxDepth: 1})
	require.NoError(t, err)
	assert.Equal(t, registerdata.TreeStopNone, tree.Root.Stop)
	assert.Equal(t, 1, tree.Companies)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), tree.Credits)
	assert.Equal(t, before-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), srv.Credits(srv.APIKey))
}

// TestOwnershipTreeEndsTheServicesUnsupportedFormAsAStop: without the
// form, the root is asked for; the service's 404 for an unsupported form
// is the stop, not an error, and unbilled.
func TestOwnershipTreeEndsTheServicesUnsupportedFormAsAStop(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil)
	before := srv.Credits(srv.APIKey)
	tree, err := c.OwnershipTree(context.Background(), stadtgruenUG, registerdata.TreeOptions{})
	require.NoError(t, err)
	assert.Equal(t, registerdata.TreeStopNotPublished, tree.Root.Stop)
	assert.Equal(t, "owners: not published for a UG", tree.Root.StopReason)
	assert.Equal(t, enums.LegalFormUG, tree.Root.LegalForm, "read from the 404")
	assert.Equal(t, int32(1), ct.calls.Load())
	assert.Zero(t, tree.Companies)
	assert.Zero(t, tree.Credits)
	assert.Zero(t, c.CreditsSpent())
	assert.Equal(t, before, srv.Credits(srv.APIKey))

	// An unknown company is still an error.
	_, err = c.OwnershipTree(context.Background(), "DE-HRB-X0000-1", registerdata.TreeOptions{})
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
}

// TestOwnershipTreeReadsAnOwnersFormFromItsName: an owner whose name ends
// with a form without owners is not fetched; one whose name says nothing
// certain is asked for, and the 404 for its form is the same stop.
func TestOwnershipTreeReadsAnOwnersFormFromItsName(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil)
	const gmbh = "DE-HRB-P2305-20977" // Kessler Maschinenbau GmbH
	require.NoError(t, srv.SetOwners(gmbh, []registerdata.Owner{
		{ID: ownPtr(stadtgruenUG), Name: "Stadtgrün Lieferdienst UG (haftungsbeschränkt)", Type: enums.RepresentativeTypeLegalPerson,
			RelationType: enums.RelationTypeShareholder, NominalShare: 12500, PercentageShare: ownPtr(50.0)},
		{ID: ownPtr("DE-HRB-D2601-8734"), Name: "Brauerei Grünwald", Type: enums.RepresentativeTypeLegalPerson, // a KGaA, not said by the name
			RelationType: enums.RelationTypeShareholder, NominalShare: 12500, PercentageShare: ownPtr(50.0)},
	}))
	before := srv.Credits(srv.APIKey)
	tree, err := c.OwnershipTree(context.Background(), gmbh, registerdata.TreeOptions{})
	require.NoError(t, err)
	nodes := nodesByName(tree)
	ug := nodes["Stadtgrün Lieferdienst UG (haftungsbeschränkt)"][0]
	assert.Equal(t, registerdata.TreeStopNotPublished, ug.Stop)
	assert.Equal(t, "owners: not published for a UG", ug.StopReason)
	kgaa := nodes["Brauerei Grünwald"][0]
	assert.Equal(t, registerdata.TreeStopNotPublished, kgaa.Stop, "the service's 404 for its form")
	assert.Equal(t, "owners: not published for a KGaA", kgaa.StopReason)
	assert.Equal(t, enums.LegalFormKGaA, kgaa.LegalForm)
	assert.Equal(t, int32(2), ct.calls.Load(), "the root and the KGaA; the UG was known")
	assert.Equal(t, 1, tree.Companies)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), tree.Credits)
	assert.Equal(t, tree.Credits, c.CreditsSpent())
	assert.Equal(t, before-tree.Credits, srv.Credits(srv.APIKey), "the fake billed the root only")
}
