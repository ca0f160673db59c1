package fake

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestSearchPersonsListOnlyWithDateOfBirth walks the whole person listing
// (curated and generated persons): every person listed has a date of
// birth, the same GET /v1/person/{id} answers, and every person of the
// register without a known date of birth is left out of the listing.
func TestSearchPersonsListOnlyWithDateOfBirth(t *testing.T) {
	t.Parallel() // a fake (or snapshots) of its own: runs beside the package's other parallel tests
	srv, _ := newTestServer(t, WithGenerated(300))
	c := newSDKClient(t, srv)
	ctx := context.Background()
	listed := map[string]bool{}
	for page := 1; ; page++ {
		res, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Pagination: registerdata.PageRequest{Page: page, PerPage: 100}})
		require.NoError(t, err)
		for _, p := range res.Results {
			require.NotNil(t, p.DateOfBirth, "person %s (%s) is listed without a date of birth", p.ID, p.Name)
			got, err := c.GetPerson(ctx, p.ID)
			require.NoError(t, err)
			require.NotNil(t, got.DateOfBirth, "GET /v1/person/%s has no date of birth, search has %v", p.ID, *p.DateOfBirth)
			assert.Equal(t, *p.DateOfBirth, *got.DateOfBirth, "person %s", p.ID)
			listed[p.ID] = true
		}
		if page >= res.Pagination.TotalPages {
			break
		}
	}
	require.NotEmpty(t, listed)
	unlisted := 0
	for _, id := range srv.Persons() {
		if listed[id] {
			continue
		}
		p, ok, err := srv.person(id)
		require.NoError(t, err)
		require.True(t, ok)
		if len(p.ManagementPositions) == 0 {
			continue // an owner who represents no company: persons search lists representatives
		}
		assert.Nil(t, p.DateOfBirth, "person %s has a date of birth but is not listed", id)
		unlisted++
	}
	assert.Positive(t, unlisted, "the register should hold persons without a date of birth, or this test shows nothing")
}
