package portfolio_test

import (
	"context"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const goodPassword = "correct horse battery staple"

// usersOf is the users by ID.
func usersOf(t *testing.T, p *portfolio.Portfolio) map[string]portfolio.User {
	t.Helper()
	out := map[string]portfolio.User{}
	for u, err := range p.Users(context.Background()) {
		require.NoError(t, err)
		out[u.ID] = u
	}
	return out
}

func TestUserChangesAreKeptAndEachIsAnAuditEntryWithWhoMadeIt(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		ctx := as(context.Background(), anna)
		require.NoError(t, p.AddUser(ctx, "ben", portfolio.RoleReviewer, goodPassword))
		require.NoError(t, p.AddUser(ctx, "root", portfolio.RoleAdmin, goodPassword))
		assert.ErrorIs(t, p.AddUser(ctx, "ben", portfolio.RoleViewer, goodPassword), portfolio.ErrUserExists)
		require.NoError(t, p.SetRole(ctx, "ben", portfolio.RoleApprover))
		require.NoError(t, p.SetPassword(ctx, "ben", "another long passphrase"))
		us := usersOf(t, p)
		assert.Equal(t, portfolio.RoleApprover, us["ben"].Role)
		assert.Equal(t, portfolio.SourceLocal, us["ben"].Source)
		require.NoError(t, p.RemoveUser(ctx, "ben"))
		assert.NotContains(t, usersOf(t, p), "ben")
		assert.ErrorIs(t, p.RemoveUser(ctx, "ben"), portfolio.ErrNoUser)

		var got []string
		for e, err := range p.Audit(context.Background(), 0) {
			require.NoError(t, err)
			got = append(got, e.Action+" "+e.Subject+" by "+e.Actor.ID)
		}
		assert.Equal(t, []string{"user-add user ben by " + anna.ID, "user-add user root by " + anna.ID,
			"user-role user ben by " + anna.ID, "user-password user ben by " + anna.ID, "user-remove user ben by " + anna.ID}, got)
		require.NoError(t, p.VerifyAudit(context.Background()))
	})
}

func TestAUserChangeNeedsAnActorAValidRoleAndALongPassword(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	assert.ErrorIs(t, p.AddUser(context.Background(), "ben", portfolio.RoleViewer, goodPassword), portfolio.ErrNoActor)
	ctx := as(context.Background(), anna)
	assert.ErrorContains(t, p.AddUser(ctx, "ben", "boss", goodPassword), "none of viewer, reviewer, approver, admin")
	assert.ErrorIs(t, p.AddUser(ctx, "ben", portfolio.RoleViewer, "short"), portfolio.ErrWeakPassword)
	assert.Error(t, p.AddUser(ctx, "ben\x00", portfolio.RoleViewer, goodPassword))
	assert.Error(t, p.AddUser(ctx, " ben", portfolio.RoleViewer, goodPassword))
	assert.Empty(t, usersOf(t, p))
	n := 0
	for range p.Audit(context.Background(), 0) {
		n++
	}
	assert.Zero(t, n, "a refused change wrote an audit entry")
}

func TestTheLastAdminCannotBeRemovedOrDemoted(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		ctx := as(context.Background(), anna)
		require.NoError(t, p.AddUser(ctx, "root", portfolio.RoleAdmin, goodPassword))
		assert.ErrorIs(t, p.RemoveUser(ctx, "root"), portfolio.ErrLastAdmin)
		assert.ErrorIs(t, p.SetRole(ctx, "root", portfolio.RoleViewer), portfolio.ErrLastAdmin)
		require.NoError(t, p.AddUser(ctx, "root2", portfolio.RoleAdmin, goodPassword))
		require.NoError(t, p.SetRole(ctx, "root", portfolio.RoleViewer))
	})
}
