package web

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnAdminChangesRolesOnTheUsersPageButTheLastAdminStays: the users
// page lists everyone with their role; a role change takes effect and is
// audited; taking the last admin's role is refused in words and changes
// nothing.
func TestAnAdminChangesRolesOnTheUsersPageButTheLastAdminStays(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		f := newFixture(t, dsn, nil)
		c := f.client(t, admin)
		status, page := f.get(t, c, "/users")
		require.Equal(t, http.StatusOK, status)
		for _, who := range people {
			assert.Contains(t, page, who.ID)
		}
		status, body := f.post(t, c, "", "/users/role", url.Values{"id": {viewer.ID}, "role": {"reviewer"}})
		require.Equal(t, http.StatusSeeOther, status, body)
		u, err := f.p.User(context.Background(), viewer.ID)
		require.NoError(t, err)
		assert.Equal(t, "reviewer", u.Role)
		assert.Equal(t, "user-role", lastAudit(t, f.p).Action)

		before := f.auditLen(t)
		status, body = f.post(t, c, "", "/users/role", url.Values{"id": {admin.ID}, "role": {"viewer"}})
		assert.Equal(t, http.StatusBadRequest, status)
		assert.Contains(t, body, "The last admin cannot")
		assert.Equal(t, before, f.auditLen(t))
	})
}
