package main

import (
	"errors"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAsNamesWhoDecides(t *testing.T) {
	for _, tc := range []struct {
		as, user, env string
		want          portfolio.Actor
	}{
		{as: "anna@bank.example", want: portfolio.Actor{ID: "anna@bank.example", Name: "anna@bank.example"}},
		{as: "Anna Richter <anna@bank.example>", want: portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"}},
		{as: " <anna@bank.example> ", want: portfolio.Actor{ID: "anna@bank.example", Name: "anna@bank.example"}},
		{user: "carla", env: "dora", want: portfolio.Actor{ID: "carla", Name: "carla"}},
		{env: "dora", want: portfolio.Actor{ID: "dora", Name: "dora"}},
	} {
		a := &app{userName: func() string { return tc.user }, getenv: func(k string) string {
			if k == "USER" {
				return tc.env
			}
			return ""
		}}
		got, err := a.actorOf(tc.as)
		require.NoError(t, err, "--as %q", tc.as)
		assert.Equal(t, tc.want, got, "--as %q, user %q, $USER %q", tc.as, tc.user, tc.env)
	}
}

func TestAsRefusesWhatCannotNameAPerson(t *testing.T) {
	a := &app{userName: func() string { return "" }, getenv: func(string) string { return "" }}
	for _, as := range []string{"", "Anna <>", "Anna\x1b[2J <anna@bank.example>", string(make([]byte, portfolio.MaxActorLength+1))} {
		_, err := a.actorOf(as)
		var ue usageError
		require.True(t, errors.As(err, &ue), "--as %q: %v", as, err)
		assert.Contains(t, err.Error(), "--as")
	}
}

// TestDecisionsWithoutAnyUserNameAskForAs: with no user name known, a
// deciding command is a usage error saying to pass --as.
func TestDecisionsWithoutAnyUserNameAskForAs(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	h := e.h
	h.setup = func(a *app) { a.userName = func() string { return "" } }
	r := h.run(t, "portfolio", "remove", "C-5").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, "pass --as")
	assert.Contains(t, e.reviews(t), "C-5", "nothing was removed")
}
