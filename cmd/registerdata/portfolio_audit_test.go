package main

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decided takes three decisions on e's imported portfolio: C-4 to no
// register entry, C-5 removed, C-3 proposed under four eyes.
func (e *portfolioEnv) decided(t *testing.T, as string) {
	t.Helper()
	e.h.run(t, "portfolio", "resolve", "C-4", "--no-entry", "--note", "a sole trader", "--as", as).wantCode(t, 0)
	e.h.run(t, "portfolio", "remove", "C-5", "--as", as).wantCode(t, 0)
	e.h.run(t, "portfolio", "resolve", "C-3", "DE-HRB-F1103-267645", "--four-eyes", "--as", as).wantCode(t, 0)
}

// TestAuditListsEveryDecisionWithWhoAndWhat.
func TestAuditListsEveryDecisionWithWhoAndWhat(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.decided(t, "Anna Richter <anna@bank.example>")
	h := e.withEnv("COLUMNS", "200")
	r := h.run(t, "portfolio", "audit").wantCode(t, 0)
	assert.Regexp(t, `(?m)^\s*1\s+\S+ \S+\s+Anna Richter\s+resolve\s+C-4\s+applied; note: a sole trader; decision 1$`, r.stdout)
	assert.Regexp(t, `(?m)^\s*2\s+.*remove\s+C-5\s+applied; decision 2$`, r.stdout)
	assert.Regexp(t, `(?m)^\s*3\s+.*resolve\s+C-3\s+company DE-HRB-F1103-267645 \(Nordlicht Solartechnik GmbH\); pending; decision 3$`, r.stdout)
	r = e.h.run(t, "portfolio", "audit", "--since", "2", "--json").wantCode(t, 0)
	es := jsonLines(t, r.stdout)
	require.Len(t, es, 1)
	assert.EqualValues(t, 3, es[0]["seq"])
	assert.Len(t, es[0]["hash"], 64)
}

// TestAuditCSVKeepsFormulasInert: the CSV for auditors has a header, and
// a cell a spreadsheet would read as a formula (an actor's name, the
// customer's row) is written as text.
func TestAuditCSVKeepsFormulasInert(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.decided(t, `=HYPERLINK("http://evil") <@evil>`)
	r := e.h.run(t, "portfolio", "audit", "--csv").wantCode(t, 0)
	recs, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 4)
	assert.Equal(t, []string{"seq", "at", "actor_id", "actor_name", "action", "subject", "detail", "hash"}, recs[0])
	for _, rec := range recs[1:] {
		assert.Equal(t, "'@evil", rec[2])
		assert.Equal(t, `'=HYPERLINK("http://evil")`, rec[3])
		for _, c := range rec {
			assert.NotContains(t, "=+-@", c[:1], "cell %q", c)
		}
	}
	assert.Contains(t, recs[2][6], `=HYPERLINK(\"http://x\")`, "the removed row is in the detail, inside JSON")
	e.h.run(t, "portfolio", "audit", "--csv", "--json").wantCode(t, exitUsage)
}

// TestAuditVerifyNamesTheBrokenEntry: --verify reports an intact chain
// with its length and last hash, and a changed row as the entry where
// the chain breaks, with exit status 1.
func TestAuditVerifyNamesTheBrokenEntry(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.decided(t, "anna")
	r := e.h.run(t, "portfolio", "audit", "--json").wantCode(t, 0)
	es := jsonLines(t, r.stdout)
	require.Len(t, es, 3)
	r = e.h.run(t, "portfolio", "audit", "--verify").wantCode(t, 0)
	assert.Equal(t, "audit chain intact: 3 entries, last hash "+es[2]["hash"].(string)+"\n", r.stdout)

	_, err := e.sqlDB(t).Exec(`UPDATE portfolio_audit SET subject = 'C-9' WHERE seq = 2`)
	require.NoError(t, err)
	r = e.h.run(t, "portfolio", "audit", "--verify").wantCode(t, exitFailed)
	assert.Contains(t, r.stderr, "breaks at entry 2")
	assert.NotContains(t, r.stdout, "intact")
	e.h.run(t, "portfolio", "audit", "--verify", "--since", "1").wantCode(t, exitUsage)
}
