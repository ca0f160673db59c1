package main

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

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
	e.created(t)
	r := e.h.run(t, "portfolio", "flags")
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
		id := fmt.Sprintf("DE-HRB-F1103-%04d", i)
		_, err := db.Exec(`INSERT INTO portfolio_flags (company_id, code, reason, since) VALUES (?, ?, 'why', 0)`, id, code(i))
		require.NoError(t, err)
		// A flag is open while an entry names its company.
		_, err = db.Exec(`INSERT INTO portfolio_entries (ref, company_id, status, fingerprint, added_at, updated_at) VALUES (?, ?, 'matched', '', 0, 0)`, "R"+id, id)
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
		require.Len(t, f, 6, "line %q", line) // severity, company, ref, flag, since, reason
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
		assert.Equal(t, code(i), f[3], line)
		seen[f[1]] = true
	}
	assert.Len(t, seen, n, "every flag printed once")
	assert.Equal(t, 2, headers, "%d flags in tables of %d", n, flagsTablePage)
	assert.Equal(t, flagsTablePage, maxRows)
}

// TestFlagsShowNameRefsNewAndWhoAcknowledged: at 180 columns the
// flags table shows the company's name, the refs, NEW for a flag raised
// in the last --days that the company did not bring along, and who
// acknowledged it when; --json has the same in snake_case keys.
func TestFlagsShowNameRefsNewAndWhoAcknowledged(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	e.synced(t)
	now := time.Date(2026, 6, 10, 12, 0, 0, 0, time.UTC)
	micros := func(d time.Duration) int64 { return now.Add(-d).UnixMicro() }
	const id = "DE-HRB-F1103-267645"
	db := e.sqlDB(t)
	_, err := db.Exec(`DELETE FROM portfolio_flags`) // the baselines' own
	require.NoError(t, err)
	for _, f := range []struct {
		code      string
		ago       time.Duration
		inherited int
	}{
		{redflags.FlagLiquidation, 2 * 24 * time.Hour, 0},
		{redflags.FlagNoFinancials, 30 * 24 * time.Hour, 0},
		{redflags.FlagInsolvencyOpen, 24 * time.Hour, 1},
	} {
		_, err := db.Exec(`INSERT INTO portfolio_flags (company_id, code, reason, since, inherited) VALUES (?, ?, ?, ?, ?)`,
			id, f.code, "the register says so, at length: "+strings.Repeat("words ", 20), micros(f.ago), f.inherited)
		require.NoError(t, err)
	}
	e.h.run(t, "portfolio", "ack", id, redflags.FlagLiquidation, "--note", "called", "--as", "Anna Richter <anna@bank.example>").wantCode(t, 0)

	h := e.withEnv("COLUMNS", "180")
	h.setup = func(a *app) { a.now = func() time.Time { return now } }
	r := h.run(t, "portfolio", "flags", "--json").wantCode(t, 0)
	byCode := map[string]map[string]any{}
	for _, f := range jsonLines(t, r.stdout) {
		byCode[f["code"].(string)] = f
	}
	liq := byCode[redflags.FlagLiquidation]
	require.NotNil(t, liq)
	assert.Equal(t, true, liq["new"])
	assert.Equal(t, false, byCode[redflags.FlagNoFinancials]["new"], "raised before the period")
	assert.Equal(t, false, byCode[redflags.FlagInsolvencyOpen]["new"], "inherited")
	assert.Equal(t, true, byCode[redflags.FlagInsolvencyOpen]["inherited"])
	assert.Equal(t, map[string]any{"id": "anna@bank.example", "name": "Anna Richter"}, liq["acknowledged_by"])
	at, err := time.Parse(time.RFC3339Nano, liq["acknowledged_at"].(string))
	require.NoError(t, err)
	name := liq["name"].(string)
	require.NotEmpty(t, name)

	r = h.run(t, "portfolio", "flags").wantCode(t, 0)
	lines := strings.Split(r.stdout, "\n")
	assert.Regexp(t, `^SEVERITY\s+COMPANY\s+NAME\s+REFS\s+FLAG\s+SINCE\s+NEW\s+ACK\s+REASON$`, lines[0])
	var liqLine, finLine string
	for _, l := range lines {
		switch {
		case strings.Contains(l, " "+redflags.FlagLiquidation+" "):
			liqLine = l
		case strings.Contains(l, " "+redflags.FlagNoFinancials+" "):
			finLine = l
		}
	}
	assert.Contains(t, liqLine, id+"  "+name+"  C-1  ")
	assert.Contains(t, liqLine, "  NEW  yes (Anna Richter, "+at.UTC().Format("2006-01-02")+")  the register says so")
	assert.NotContains(t, finLine, "NEW")
	r = h.run(t, "portfolio", "flags", "--days", "40").wantCode(t, 0)
	assert.Regexp(t, `\s`+redflags.FlagNoFinancials+`\s+\S+\s+NEW\s`, r.stdout, "within 40 days")
	h.run(t, "portfolio", "flags", "--days", "-1").wantCode(t, exitUsage)
}
