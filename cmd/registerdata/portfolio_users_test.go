package main

import (
	"context"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUsersAddListRoleRemoveWorkEndToEndAndNeverPrintThePassword: a user
// added from stdin signs in with that password, shows in the list, gets a
// new role and password, and is removed; each change is an audit entry
// with who made it; no output holds a password.
func TestUsersAddListRoleRemoveWorkEndToEndAndNeverPrintThePassword(t *testing.T) {
	const pw, pw2 = "correct horse battery staple", "a second long passphrase"
	e := newPortfolioEnv(t)
	e.created(t)
	var outs []string
	h := e.h
	h.stdin = pw + "\n"
	r := h.run(t, "portfolio", "users", "add", "anna", "--role", "reviewer", "--password-stdin", "--as", "Root Admin <root@bank.example>").wantCode(t, 0)
	outs = append(outs, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "added anna as reviewer")

	p := e.open(t)
	u, err := p.CheckPassword(context.Background(), "anna", pw, "127.0.0.1")
	require.NoError(t, err)
	assert.Equal(t, "reviewer", u.Role)
	require.NoError(t, p.Close())

	r = e.h.run(t, "portfolio", "users", "list").wantCode(t, 0)
	assert.Regexp(t, `(?m)^anna\s+reviewer\s+local$`, r.stdout)
	r = e.h.run(t, "portfolio", "users", "role", "anna", "approver", "--as", "root@bank.example").wantCode(t, 0)
	outs = append(outs, r.stdout+r.stderr)
	h.stdin = pw2 + "\r\n"
	r = h.run(t, "portfolio", "users", "password", "anna", "--password-stdin", "--as", "root@bank.example").wantCode(t, 0)
	outs = append(outs, r.stdout+r.stderr)
	p = e.open(t)
	_, err = p.CheckPassword(context.Background(), "anna", pw, "127.0.0.1")
	assert.ErrorIs(t, err, portfolio.ErrBadCredentials, "the old password still signs in")
	u, err = p.CheckPassword(context.Background(), "anna", pw2, "127.0.0.1")
	require.NoError(t, err)
	assert.Equal(t, "approver", u.Role)
	require.NoError(t, p.Close())

	r = e.h.run(t, "portfolio", "users", "list", "--json").wantCode(t, 0)
	outs = append(outs, r.stdout)
	ls := jsonLines(t, r.stdout)
	require.Len(t, ls, 1)
	assert.Equal(t, "approver", ls[0]["role"])
	r = e.h.run(t, "portfolio", "users", "remove", "anna", "--as", "root@bank.example").wantCode(t, 0)
	outs = append(outs, r.stdout+r.stderr)
	r = e.h.run(t, "portfolio", "users", "list").wantCode(t, 0)
	assert.Contains(t, r.stdout, "no users yet")

	r = e.h.run(t, "portfolio", "audit", "--json").wantCode(t, 0)
	outs = append(outs, r.stdout)
	var actions []string
	for _, l := range jsonLines(t, r.stdout) {
		actions = append(actions, l["action"].(string)+" by "+l["actor"].(map[string]any)["id"].(string))
	}
	assert.Equal(t, []string{"user-add by root@bank.example", "user-role by root@bank.example",
		"user-password by root@bank.example", "user-remove by root@bank.example"}, actions)
	for _, o := range outs {
		assert.NotContains(t, o, pw)
		assert.NotContains(t, o, pw2)
	}
}

// TestUsersRefusesAPasswordNotFromStdinAndABadRole.
func TestUsersRefusesAPasswordNotFromStdinAndABadRole(t *testing.T) {
	e := newPortfolioEnv(t)
	e.created(t)
	r := e.h.run(t, "portfolio", "users", "add", "anna", "--role", "reviewer").wantCode(t, 2)
	assert.Contains(t, r.stderr, "--password-stdin")
	h := e.h
	h.stdin = "correct horse battery staple\n"
	r = h.run(t, "portfolio", "users", "add", "anna", "--role", "boss", "--password-stdin").wantCode(t, 2)
	assert.Contains(t, r.stderr, "viewer, reviewer, approver or admin")
	h.stdin = "short\n"
	r = h.run(t, "portfolio", "users", "add", "anna", "--role", "viewer", "--password-stdin", "--as", "root").wantCode(t, 1)
	assert.Contains(t, r.stderr, "longer passphrase")
	assert.NotContains(t, r.stderr, "short\n")
	r = e.h.run(t, "portfolio", "users", "frobnicate").wantCode(t, 2)
	assert.Contains(t, r.stderr, "add, password, list, role or remove")
}

// open opens e's portfolio.
func (e *portfolioEnv) open(t *testing.T) *portfolio.Portfolio {
	t.Helper()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(e.srv.APIKey), registerdata.WithBaseURL(e.srv.URL))
	require.NoError(t, err)
	p, err := portfolio.Open(context.Background(), e.db, c, portfolio.OpenExisting())
	require.NoError(t, err)
	return p
}
