package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEventsFollowRidesOutADatabaseRestart: "portfolio events --follow"
// on PostgreSQL, the server stopped as a crash would and started again
// mid-follow: the follower does not exit; it says on stderr that the
// database is unavailable and that it answers again, and prints every
// entry once, in order, the ones written after the restart included,
// just as a plain "events" reads the journal afterwards.
func TestEventsFollowRidesOutADatabaseRestart(t *testing.T) {
	pg := newPGCluster(t)
	pg.Start(t)
	e := newPortfolioEnv(t)
	e.h = e.withEnv(envPortfolioDB, pgDSN(t, pg))
	ids := e.srv.CompanyIDs()
	require.GreaterOrEqual(t, len(ids), 6)
	importIDs := func(ids []string) {
		t.Helper()
		var b strings.Builder
		b.WriteString("ref,company_id\n")
		for _, id := range ids {
			fmt.Fprintf(&b, "R-%s,%s\n", id, id)
		}
		in := filepath.Join(t.TempDir(), "rows.csv")
		writeFile(t, in, b.String())
		e.h.run(t, "portfolio", "import", "--in", in).wantCode(t, 0)
		e.synced(t) // a baseline journal entry for each new company
	}
	importIDs(ids[:3])

	f := start(t, e.h, nil, "portfolio", "events", "--follow", "--every", "100ms", "--json")
	lines := func() int { return strings.Count(f.stdout.String(), "\n") }
	f.waitFor(t, "the first 3 entries", func() bool { return lines() >= 3 })
	first := jsonLines(t, f.stdout.String())
	pg.Stop(t)
	f.waitStderr(t, fmt.Sprintf("the portfolio database is unavailable; reading the journal after #%v again", first[len(first)-1]["seq"]))
	pg.Start(t)
	f.waitStderr(t, "the portfolio database answers again")
	importIDs(ids[3:6])
	f.waitFor(t, "all 6 entries", func() bool { return lines() >= 6 })
	res := f.stop()
	assert.Equal(t, 0, res.code, res.stderr)
	assert.NotContains(t, res.stderr, pgPassword)

	var followed []any
	for _, l := range jsonLines(t, res.stdout) {
		followed = append(followed, l["seq"])
	}
	var all []any
	for _, l := range jsonLines(t, e.h.run(t, "portfolio", "events", "--json").wantCode(t, 0).stdout) {
		all = append(all, l["seq"])
	}
	assert.Len(t, all, 6)
	assert.Equal(t, all, followed, "every entry printed once, in order, across the restart")
}
