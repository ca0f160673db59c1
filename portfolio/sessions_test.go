package portfolio_test

import (
	"context"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestASessionLivesUntilItsIdleOrAbsoluteTimeoutAndEndsOnSignOut(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		ctx := context.Background()
		require.NoError(t, p.AddUser(as(ctx, anna), "ben", portfolio.RoleReviewer, goodPassword))
		u, err := p.CheckPassword(ctx, "ben", goodPassword, "192.0.2.1")
		require.NoError(t, err)
		s, err := p.StartSession(ctx, portfolio.SignIn{User: u, Method: "password", Addr: "192.0.2.1"})
		require.NoError(t, err)
		got, err := p.Session(ctx, s.ID)
		require.NoError(t, err)
		require.NotNil(t, got.User)
		assert.Equal(t, "ben", got.User.ID)
		var stored int
		require.NoError(t, rawDB(t, dsn).QueryRow(`SELECT count(*) FROM portfolio_sessions WHERE id_hash = '`+s.ID+`'`).Scan(&stored))
		assert.Zero(t, stored, "the database holds the session id itself")

		clk.Advance(portfolio.IdleTimeout)
		_, err = p.Session(ctx, s.ID)
		assert.ErrorIs(t, err, portfolio.ErrNoSession, "idle")

		s, err = p.StartSession(ctx, portfolio.SignIn{User: u, Method: "password"})
		require.NoError(t, err)
		for i := 0; i < int(portfolio.AbsoluteTimeout/(25*time.Minute)); i++ {
			clk.Advance(25 * time.Minute)
			_, err = p.Session(ctx, s.ID)
			require.NoError(t, err)
		}
		clk.Advance(25 * time.Minute)
		_, err = p.Session(ctx, s.ID)
		assert.ErrorIs(t, err, portfolio.ErrNoSession, "absolute")

		s, err = p.StartSession(ctx, portfolio.SignIn{User: u, Method: "password"})
		require.NoError(t, err)
		require.NoError(t, p.EndSession(ctx, s.ID))
		_, err = p.Session(ctx, s.ID)
		assert.ErrorIs(t, err, portfolio.ErrNoSession, "signed out")
	})
}

func TestSessionKeysAreMadeOnceAndKept(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		k1, err := p.SessionKeys(context.Background())
		require.NoError(t, err)
		require.Len(t, k1, 1)
		assert.Len(t, k1[0], 32)
		k2, err := p.SessionKeys(context.Background())
		require.NoError(t, err)
		assert.Equal(t, k1, k2)
	})
}
