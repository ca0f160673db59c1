package main

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPortfolioFlagsPrintsLongListsInPages opens 700 flags, high and
// review mixed, and lists them: every flag is printed, all high ones
// before any review one, in tables of at most flagsTablePage rows (the
// command never holds more).
func TestPortfolioFlagsPrintsLongListsInPages(t *testing.T) {
	const n = 700
	e := newPortfolioEnv(t)
	r := e.h.run(t, "portfolio", "flags") // creates the store
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "no open flags")
	db, err := sql.Open("sqlite", "file:"+strings.TrimPrefix(e.db, "sqlite:"))
	require.NoError(t, err)
	defer db.Close()
	code := func(i int) string {
		if i%3 == 0 {
			return redflags.FlagLiquidation
		}
		return redflags.FlagNoFinancials
	}
	for i := range n {
		_, err := db.Exec(`INSERT INTO portfolio_flags (company_id, code, reason, since) VALUES (?, ?, 'why', 0)`, fmt.Sprintf("DE-HRB-F1103-%04d", i), code(i))
		require.NoError(t, err)
	}
	require.Equal(t, redflags.High, redflags.SeverityOf(redflags.FlagLiquidation))
	require.Equal(t, redflags.Review, redflags.SeverityOf(redflags.FlagNoFinancials))

	r = e.h.run(t, "portfolio", "flags")
	require.Equal(t, 0, r.code, r.stderr)
	seen := map[string]bool{}
	headers, reviewSeen, rowsInTable, maxRows := 0, false, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		f := strings.Fields(line)
		if f[0] == "SEVERITY" {
			headers++
			rowsInTable = 0
			continue
		}
		require.Len(t, f, 5, "line %q", line)
		rowsInTable++
		maxRows = max(maxRows, rowsInTable)
		switch f[0] {
		case string(redflags.High):
			assert.False(t, reviewSeen, "a high flag after a review one: %q", line)
		case string(redflags.Review):
			reviewSeen = true
		}
		var i int
		_, err := fmt.Sscanf(f[1], "DE-HRB-F1103-%04d", &i)
		require.NoError(t, err, line)
		assert.Equal(t, code(i), f[2], line)
		seen[f[1]] = true
	}
	assert.Len(t, seen, n, "every flag printed once")
	assert.Equal(t, 2, headers, "%d flags in tables of %d", n, flagsTablePage)
	assert.Equal(t, flagsTablePage, maxRows)
}
