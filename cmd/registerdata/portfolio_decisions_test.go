package main

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFourEyesWaitsForAnotherPerson: under --four-eyes a resolution waits
// as pending (shown in the queue and the decisions), its proposer cannot
// approve it, and another person's approval applies it.
func TestFourEyesWaitsForAnotherPerson(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	id := e.reviews(t)["C-3"]["candidates"].([]any)[0].(map[string]any)["company_id"].(string)
	r := e.h.run(t, "portfolio", "resolve", "C-3", id, "--four-eyes", "--as", "Anna Richter <anna@bank.example>").wantCode(t, 0)
	assert.Regexp(t, `^decision 1 is pending approval: resolve C-3 to `+id+` \(Löwenherz Bau GmbH\), proposed by Anna Richter <anna@bank.example>; another person approves it with "registerdata portfolio approve 1"`, r.stdout)
	q := e.reviews(t)
	require.Contains(t, q, "C-3", "a pending resolution has no effect yet")
	assert.Equal(t, "pending", q["C-3"]["pending"].(map[string]any)["state"])
	r = e.h.run(t, "portfolio", "review").wantCode(t, 0)
	assert.Contains(t, r.stdout, "pending         decision 1: resolve C-3")

	wide := e.withEnv("COLUMNS", "160")
	r = wide.run(t, "portfolio", "decisions").wantCode(t, 0)
	assert.Regexp(t, `(?m)^\s*1\s+resolve\s+C-3 → `+id+` Löwenherz Bau GmbH\s+Anna Richter\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+pending`, r.stdout)
	assert.Contains(t, r.stdout, "1 pending")

	r = e.h.run(t, "portfolio", "approve", "1", "--as", "anna@bank.example").wantCode(t, exitFailed)
	assert.Contains(t, r.stderr, "another person must approve it")
	require.Contains(t, e.reviews(t), "C-3")

	r = e.h.run(t, "portfolio", "approve", "1", "--note", "checked", "--as", "Ben Vogt <ben@bank.example>").wantCode(t, 0)
	assert.Contains(t, r.stdout, "approved decision 1, proposed by Anna Richter <anna@bank.example>: resolved C-3 to "+id)
	assert.NotContains(t, e.reviews(t), "C-3")
	r = e.h.run(t, "portfolio", "decisions").wantCode(t, 0)
	assert.Equal(t, "no decision is pending approval\n", r.stdout)
	r = e.h.run(t, "portfolio", "decisions", "--all", "--json").wantCode(t, 0)
	d := jsonLines(t, r.stdout)[0]
	assert.Equal(t, "applied", d["state"])
	assert.Equal(t, "ben@bank.example", d["reviewed_by"].(map[string]any)["id"])
	assert.Equal(t, "checked", d["review_note"])
}

// TestFourEyesFromTheEnvironment: REGISTERDATA_FOUR_EYES=1 is the team's
// policy without the flag; a rejection needs a reason and leaves the
// entry as it was.
func TestFourEyesFromTheEnvironment(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	h := e.withEnv(envFourEyes, "1")
	r := h.run(t, "portfolio", "remove", "C-5", "--as", "anna").wantCode(t, 0)
	assert.Contains(t, r.stdout, "decision 1 is pending approval: remove C-5")
	assert.Contains(t, e.reviews(t), "C-5")

	r = e.h.run(t, "portfolio", "reject", "1", "--as", "ben").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, "--note is required")
	r = e.h.run(t, "portfolio", "reject", "1", "--note", "still a customer", "--as", "ben").wantCode(t, 0)
	assert.Contains(t, r.stdout, "rejected decision 1 (remove C-5), proposed by anna, as ben: it never takes effect")
	assert.Contains(t, e.reviews(t), "C-5")
	e.h.run(t, "portfolio", "approve", "1", "--as", "carla").wantCode(t, exitFailed)

	r = e.withEnv(envFourEyes, "maybe").run(t, "portfolio", "remove", "C-5", "--as", "anna").wantCode(t, exitUsage)
	assert.Contains(t, r.stderr, envFourEyes)
	for _, bad := range []string{"x", "0", "-3"} {
		e.h.run(t, "portfolio", "approve", bad, "--as", "ben").wantCode(t, exitUsage)
	}
	r = e.h.run(t, "portfolio", "approve", strconv.Itoa(99), "--as", "ben").wantCode(t, exitFailed)
	assert.Contains(t, r.stderr, "portfolio decisions")
}
