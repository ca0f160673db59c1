package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResolveSettlesAnEntryAndRecordsWho: a candidate chosen with --as
// "Name <id>" takes the entry out of the queue, says so with the
// company's name, and the decision keeps name and id apart.
func TestResolveSettlesAnEntryAndRecordsWho(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	c := e.reviews(t)["C-3"]["candidates"].([]any)[1].(map[string]any)
	id, name := c["company_id"].(string), c["name"].(string)
	r := e.h.run(t, "portfolio", "resolve", "C-3", id, "--note", "same court as the invoice", "--as", "Anna Richter <anna@bank.example>").wantCode(t, 0)
	assert.Contains(t, r.stdout, "resolved C-3 to "+id+" ("+name+"), as Anna Richter <anna@bank.example> (decision 1)")
	assert.NotContains(t, e.reviews(t), "C-3")
	r = e.h.run(t, "portfolio", "decisions", "--all", "--json").wantCode(t, 0)
	ds := jsonLines(t, r.stdout)
	require.Len(t, ds, 1)
	assert.Equal(t, map[string]any{"id": "anna@bank.example", "name": "Anna Richter"}, ds[0]["by"])
	assert.Equal(t, "applied", ds[0]["state"])
	assert.Equal(t, id, ds[0]["company_id"])
}

func TestResolveToNoRegisterEntryNeedsANote(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	r := e.h.run(t, "portfolio", "resolve", "C-4", "--no-entry", "--as", "anna").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, "--note")
	r = e.h.run(t, "portfolio", "resolve", "C-4", "--as", "anna").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, "REF COMPANY_ID")
	e.h.run(t, "portfolio", "resolve", "C-4", "DE-HRB-F1103-267645", "--no-entry", "--note", "x").wantCode(t, exitUsage)
	require.Contains(t, e.reviews(t), "C-4", "nothing was decided")
	r = e.h.run(t, "portfolio", "resolve", "C-4", "--no-entry", "--note", "a sole trader", "--as", "anna").wantCode(t, 0)
	assert.Contains(t, r.stdout, `resolved C-4 to "no register entry", as anna`)
	assert.NotContains(t, e.reviews(t), "C-4")
}

// TestResolveToAnUnknownEntrySaysWhereTheQueueIs.
func TestResolveToAnUnknownEntrySaysWhereTheQueueIs(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	r := e.h.run(t, "portfolio", "resolve", "C-99", "DE-HRB-F1103-267645", "--as", "anna").wantCode(t, exitFailed)
	assert.Contains(t, r.stderr, "portfolio review")
}

func TestAckNeedsANote(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	r := e.h.run(t, "portfolio", "ack", "DE-HRB-F1103-267645", "liquidation", "--as", "anna").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, "--note is required")
	e.h.run(t, "portfolio", "ack", "DE-HRB-F1103-267645", "liquidation", "--note", " ", "--as", "anna").wantCode(t, exitUsage)
}

// TestRemoveIsADecisionOfTheOSUser: without --as the decision is the
// operating system user's, and the audit chain keeps the row removed.
func TestRemoveIsADecisionOfTheOSUser(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	h := e.h
	h.setup = func(a *app) { a.userName = func() string { return "carla" } }
	r := h.run(t, "portfolio", "remove", "C-5").wantCode(t, 0)
	assert.Contains(t, r.stdout, "removed C-5 from the portfolio, as carla")
	assert.NotContains(t, e.reviews(t), "C-5")
	r = e.h.run(t, "portfolio", "audit", "--json").wantCode(t, 0)
	es := jsonLines(t, r.stdout)
	require.Len(t, es, 1)
	assert.Equal(t, "remove", es[0]["action"])
	assert.Equal(t, "C-5", es[0]["subject"])
	assert.Equal(t, "carla", es[0]["actor"].(map[string]any)["id"])
	assert.Equal(t, "C-5", es[0]["detail"].(map[string]any)["row"].(map[string]any)["ref"])
}
