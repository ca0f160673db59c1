package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exec runs statements on the fixture's database directly, as an import
// of many rows would leave it, in a fraction of the time.
func (f *portfolioFixture) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+f.path+"?_pragma=busy_timeout(10000)")
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec(query, args...)
	require.NoError(t, err)
}

// callSize calls a tool and returns its text, its structured content and
// the size of both as they go over the wire.
func (f *portfolioFixture) callSize(t *testing.T, name string, args map[string]any) (string, map[string]any, int) {
	t.Helper()
	res, err := f.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	require.False(t, res.IsError, mcpText(res))
	b, err := json.Marshal(res)
	require.NoError(t, err)
	return mcpText(res), res.StructuredContent.(map[string]any), len(b)
}

// TestMCPPortfolioResultsShowAFewRefsOfACompanyWithTenThousand: one
// company named by 10,000 entries, with two open flags: the changes and
// the flags name its first refs and how many more there are, in the text
// and in the structured content, so each result stays under 64 KiB.
func TestMCPPortfolioResultsShowAFewRefsOfACompanyWithTenThousand(t *testing.T) {
	f := newPortfolioFixture(t)
	f.importRows(t, portfolio.Row{Ref: "C-1", CompanyID: nordlichtID})
	f.exec(t, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
		INSERT INTO portfolio_entries (ref, company_id, status, fingerprint, added_at, updated_at) SELECT 'R-' || (100000 + i), $1, 'matched', 'fp', 1, 1 FROM n`, nordlichtID)
	f.monitorAndLiquidate(t, "Nordlicht Solartechnik GmbH i.L.")
	f.exec(t, `INSERT INTO portfolio_flags (company_id, code, reason, since) VALUES ($1, $2, 'the capital was reduced', 1)`, nordlichtID, redflags.FlagCapitalReduced)

	for _, tool := range []string{"portfolio_changes", "portfolio_flags"} {
		text, sc, size := f.callSize(t, tool, map[string]any{"days": 30})
		assert.Less(t, size, 64<<10, "%s: the result of 2 flags stays small", tool)
		list := items(t, sc)
		require.NotEmpty(t, list, tool)
		for _, it := range list {
			assert.Equal(t, []any{"C-1", "R-100001", "R-100002"}, it["refs"], "%s: the first refs", tool)
			assert.Equal(t, float64(9997), it["refs_omitted"], "%s: and how many more", tool)
		}
		assert.Equal(t, len(list), strings.Count(text, "(refs C-1, R-100001, R-100002 and 9997 more)"), "%s: each line names the first refs and the count:\n%s", tool, text)
	}
}

// TestMCPPortfolioResultsOfAHundredThousandEntriesAreBounded: with
// 100,000 entries (50,000 open flags, 10,000 changes, 50,000 rows awaiting
// review with 20 tags each, one change of 30 sentences) each tool answers
// at most its limit of items, each item's lists cut, and counts the rest.
func TestMCPPortfolioResultsOfAHundredThousandEntriesAreBounded(t *testing.T) {
	f := newPortfolioFixture(t)
	at := f.clk.Now().UnixMicro()
	var tags, many []string
	for i := range 20 {
		tags = append(tags, fmt.Sprintf(`"t%02d"`, i))
	}
	for i := range 30 {
		many = append(many, fmt.Sprintf(`{"category":"basic","kind":"modified","field":"f%d","before":"a","after":"b"}`, i))
	}
	n := `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000) `
	f.exec(t, n+`INSERT INTO portfolio_entries (ref, company_id, name, status, fingerprint, added_at, updated_at)
		SELECT 'M-' || (100000 + i), 'DE-HRB-X-' || (100000 + i), 'Firma ' || i || ' GmbH', 'matched', 'fp', 1, 1 FROM n`)
	f.exec(t, n+`INSERT INTO portfolio_entries (ref, status, fingerprint, row_data, added_at, updated_at)
		SELECT 'Q-' || (100000 + i), 'none', 'fp', '{"ref":"Q-' || (100000 + i) || '","tags":' || $1 || '}', 1, 1 FROM n`, "["+strings.Join(tags, ",")+"]")
	f.exec(t, n+`INSERT INTO portfolio_flags (company_id, code, reason, since) SELECT 'DE-HRB-X-' || (100000 + i), $1, 'in liquidation', $2 - i FROM n`, redflags.FlagLiquidation, at)
	f.exec(t, n+`INSERT INTO portfolio_journal (company_id, name, refs, event_id, changes, raised, cleared, at)
		SELECT 'DE-HRB-X-' || (100000 + i), 'Firma ' || i || ' GmbH', '["M-' || (100000 + i) || '"]', 'msg_' || i, $1, '[]', '[]', $2 FROM n WHERE i <= 10000`,
		`[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"}]`, at)
	f.exec(t, `INSERT INTO portfolio_journal (company_id, name, refs, event_id, changes, raised, cleared, at) VALUES ('DE-HRB-X-100001', 'Firma 1 GmbH', '["M-100001"]', 'msg_many', $1, '[]', '[]', $2)`,
		"["+strings.Join(many, ",")+"]", at)

	for tool, want := range map[string]int{"portfolio_changes": 10_001, "portfolio_flags": 50_000, "portfolio_review": 50_000} {
		text, sc, size := f.callSize(t, tool, argsOf(tool, 30, 200))
		t.Logf("%s: %d bytes", tool, size)
		assert.Less(t, size, 512<<10, "%s: 200 items stay within 512 KiB", tool)
		list := items(t, sc)
		assert.Len(t, list, 200, tool)
		assert.Equal(t, float64(want-200), sc["omitted"], "%s: the rest is counted", tool)
		switch tool {
		case "portfolio_changes":
			assert.Len(t, list[len(list)-1]["changes"], 20, "the newest change's sentences are cut")
			assert.Equal(t, float64(10), list[len(list)-1]["changes_omitted"])
			assert.Contains(t, text, "and 10 more changes")
		case "portfolio_review":
			row := list[0]["row"].(map[string]any)
			assert.Equal(t, []any{"t00", "t01", "t02"}, row["tags"], "a row's tags are cut")
			assert.Equal(t, float64(17), row["tags_omitted"])
			assert.Contains(t, text, "tags t00, t01, t02 and 17 more")
		}
	}
}
