package changes_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

// TestPersonDiffProperty adds and ends positions of a person through the
// companies naming them: the person's diff lists them.
func TestPersonDiffProperty(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	ctx := context.Background()
	co, _ := srv.Company(richID)
	var pid string
	for _, rp := range co.Representation {
		if rp.ID != nil && rp.Type == enums.RepresentativeTypeNaturalPerson && rp.EndDate == nil {
			pid = *rp.ID
			break
		}
	}
	require.NotEmpty(t, pid)
	before, err := c.GetPerson(ctx, pid)
	require.NoError(t, err)
	other := srv.CompanyIDs()[1]
	require.NoError(t, srv.UpdateCompany(other, func(x *registerdata.Company) {
		x.Representation = append(x.Representation, registerdata.Representative{ID: ptr(pid), Name: "Neu Leitung", Type: enums.RepresentativeTypeNaturalPerson,
			Role: enums.RoleDirector, RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector}, StartDate: registerdata.DateOf(testStart),
			NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Neu"), LastName: ptr("Leitung")}})
	}))
	mid, err := c.GetPerson(ctx, pid)
	require.NoError(t, err)
	assert.Contains(t, keysOf(changes.Person(before, mid)), "management_positions/added/management_positions")
	require.NoError(t, srv.UpdateCompany(other, func(x *registerdata.Company) {
		for i := range x.Representation {
			if x.Representation[i].ID != nil && *x.Representation[i].ID == pid {
				x.Representation[i].EndDate = ptr(registerdata.DateOf(testStart))
			}
		}
	}))
	after, err := c.GetPerson(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, []string{"management_positions/removed/management_positions"}, keysOf(changes.Person(mid, after)))
	slices.Reverse(after.ManagementPositions)
	assert.Empty(t, changes.Person(roundTripPerson(t, after), after))
}

func roundTripPerson(t *testing.T, p *registerdata.Person) *registerdata.Person {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, jsonEncode(&buf, p))
	var out registerdata.Person
	require.NoError(t, jsonDecode(buf.Bytes(), &out))
	return &out
}
