package portfolio_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckPasswordLocksAnAccountAfterItsFreeTriesAndTellsHowLong(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		ctx := context.Background()
		require.NoError(t, p.AddUser(as(ctx, anna), "ben", portfolio.RoleReviewer, goodPassword))
		const documented = 3 // "after 3 wrong passwords": the CHANGELOG and the workplace's documentation
		require.Equal(t, documented, portfolio.FreeAccountTries)
		for i := 0; i < documented; i++ {
			_, err := p.CheckPassword(ctx, "ben", "wrong", "192.0.2.1")
			require.ErrorIs(t, err, portfolio.ErrBadCredentials)
		}
		_, err := p.CheckPassword(ctx, "ben", goodPassword, "192.0.2.2")
		var locked *portfolio.LockedError
		require.True(t, errors.As(err, &locked), "%v", err)
		assert.Equal(t, time.Second, locked.RetryAfter)
		clk.Advance(time.Second)
		u, err := p.CheckPassword(ctx, "ben", goodPassword, "192.0.2.2")
		require.NoError(t, err)
		assert.Equal(t, "ben", u.ID)
	})
}

func TestFailuresAreForgottenAfterTheWindow(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	ctx := context.Background()
	require.NoError(t, p.AddUser(as(ctx, anna), "ben", portfolio.RoleReviewer, goodPassword))
	for i := 0; i < portfolio.FreeAccountTries-1; i++ {
		_, err := p.CheckPassword(ctx, "ben", "wrong", "192.0.2.1")
		require.ErrorIs(t, err, portfolio.ErrBadCredentials)
	}
	clk.Advance(portfolio.FailureWindow)
	_, err := p.CheckPassword(ctx, "ben", "wrong", "192.0.2.1")
	require.ErrorIs(t, err, portfolio.ErrBadCredentials)
	_, err = p.CheckPassword(ctx, "ben", goodPassword, "192.0.2.1")
	assert.NoError(t, err, "failures older than the window still count")
}

func TestAnUnknownUserAndAnOIDCUserHaveNoPasswordThatSignsIn(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	ctx := context.Background()
	_, err := p.CheckPassword(ctx, "nobody", goodPassword, "192.0.2.1")
	assert.ErrorIs(t, err, portfolio.ErrBadCredentials)
	_, err = p.StartSession(ctx, portfolio.SignIn{User: portfolio.User{ID: "sub-1", Name: "Ben"}, Method: "oidc"})
	require.NoError(t, err)
	_, err = p.CheckPassword(ctx, "sub-1", "", "192.0.2.1")
	assert.ErrorIs(t, err, portfolio.ErrBadCredentials)
}

func TestAHostileUserNameIsAWrongPasswordNotAnErrorOnEitherEngine(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		for _, name := range []string{"nul\x00name", "\xff\xfe not utf-8", strings.Repeat("a", 70_000), ""} {
			_, err := p.CheckPassword(context.Background(), name, goodPassword, "\x00\xff")
			assert.ErrorIs(t, err, portfolio.ErrBadCredentials, "%.20q", name)
		}
	})
}
