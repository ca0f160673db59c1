package portfolio_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// manyRefs adds n entries named "R-<100000+i>" for company id to the
// portfolio at dsn in one statement, as an import of n rows naming it
// would leave them.
func manyRefs(t *testing.T, dsn, id string, n int) {
	t.Helper()
	_, err := rawDB(t, dsn).Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2)
		INSERT INTO portfolio_entries (ref, company_id, name, status, fingerprint, added_at, updated_at)
		SELECT 'R-' || (100000 + i), $1, '', 'matched', 'fp', 1, 1 FROM n`, id, n)
	require.NoError(t, err)
}

// TestOverviewShowsAFewRefsOfACompanyWithTenThousand: one company named
// by 10,000 entries, with two open flags (one raised by the period's
// delivery): the overview lists the first refs of the company and says
// how many more there are wherever it names the company (the change, the
// new flag, the other open flag, the first check, its section), so the
// page stays small (under 64 KiB) however many entries name one company.
func TestOverviewShowsAFewRefsOfACompanyWithTenThousand(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		manyRefs(t, dsn, nordlicht, 9_999)
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
		require.NoError(t, err)
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
		clk.Advance(24*time.Hour + time.Minute)
		_, err = p.Drain(ctx)
		require.NoError(t, err)
		var codes []string
		for f, err := range p.Flags(ctx) {
			require.NoError(t, err)
			codes = append(codes, f.Flag.Code)
		}
		require.Equal(t, []string{redflags.FlagLiquidation}, codes)
		_, err = rawDB(t, dsn).Exec(`INSERT INTO portfolio_flags (company_id, code, reason, since) VALUES ($1, $2, 'no annual accounts filed', 1)`, nordlicht, redflags.FlagNoFinancials)
		require.NoError(t, err)

		var buf bytes.Buffer
		require.NoError(t, p.WriteHTML(&buf))
		page := html.UnescapeString(buf.String())
		t.Logf("%d bytes", buf.Len())
		assert.Less(t, buf.Len(), 64<<10, "the overview of 2 flags stays small")
		shown := "C-1, R-100001, R-100002 and 9997 more"
		assert.GreaterOrEqual(t, strings.Count(page, shown), 5, "the change, the new flag, the open flag, the first check and the section name the first refs and the count")
		assert.False(t, strings.Contains(page, "R-100003"), "the fourth ref is not listed")
	})
}

// aHundredThousand fills the portfolio at dsn, in a few statements, with
// 100,000 entries: 50,000 matched on as many companies, each with an
// open flag, 10,000 of them with a real change journalled at now (the
// newest with 30 changes), and 50,000 rows awaiting review, each with 20
// tags.
func aHundredThousand(t *testing.T, dsn string, now time.Time) {
	t.Helper()
	db := rawDB(t, dsn)
	at := now.UnixMicro()
	var tags []string
	for i := range 20 {
		tags = append(tags, fmt.Sprintf(`"t%02d"`, i))
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO portfolio_entries (ref, company_id, name, status, fingerprint, added_at, updated_at)
			SELECT 'M-' || (100000 + i), 'DE-HRB-X-' || (100000 + i), 'Firma ' || i || ' GmbH', 'matched', 'fp', 1, 1 FROM n`, nil},
		{`INSERT INTO portfolio_entries (ref, status, fingerprint, row_data, added_at, updated_at)
			SELECT 'Q-' || (100000 + i), 'none', 'fp', '{"ref":"Q-' || (100000 + i) || '","tags":' || $1 || '}', 1, 1 FROM n`, []any{"[" + strings.Join(tags, ",") + "]"}},
		{`INSERT INTO portfolio_flags (company_id, code, reason, since) SELECT 'DE-HRB-X-' || (100000 + i), $1, 'the register shows the company in liquidation', CAST($2 AS BIGINT) - i FROM n`,
			[]any{redflags.FlagLiquidation, at}},
		{`INSERT INTO portfolio_journal (company_id, name, refs, event_id, changes, raised, cleared, at)
			SELECT 'DE-HRB-X-' || (100000 + i), 'Firma ' || i || ' GmbH', '["M-' || (100000 + i) || '"]', 'msg_' || i, $1, '[]', '[]', $2 FROM n WHERE i <= 10000`,
			[]any{`[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"}]`, at}},
	} {
		_, err := db.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000) `+q.sql, q.args...)
		require.NoError(t, err)
	}
	var many []string
	for i := range 30 {
		many = append(many, fmt.Sprintf(`{"category":"basic","kind":"modified","field":"f%d","before":"a","after":"b"}`, i))
	}
	_, err := db.Exec(`INSERT INTO portfolio_journal (company_id, name, refs, event_id, changes, raised, cleared, at) VALUES ('DE-HRB-X-100001', 'Firma 1 GmbH', '["M-100001"]', 'msg_many', $1, '[]', '[]', $2)`,
		"["+strings.Join(many, ",")+"]", at)
	require.NoError(t, err)
}

// TestOverviewOfAHundredThousandEntriesIsBounded: with 100,000 entries
// (50,000 flags, 10,000 changes, 50,000 rows awaiting review with 20
// tags each), every list of the overview is cut (MaxRows, the caps before the
// appendices, a few refs, tags and sentences per item) and says how much
// more there is, while the counts are of all of it: the page stays a few dozen KiB with MaxRows 10, and within 1 MiB
// with the default.
func TestOverviewOfAHundredThousandEntriesIsBounded(t *testing.T) {
	t.Parallel() // the longest test under -race (SQLite's own work), and it sets no hook
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		aHundredThousand(t, dsn, clk.Now())

		var buf bytes.Buffer
		require.NoError(t, p.WriteHTMLContext(context.Background(), &buf, portfolio.ReportOptions{MaxRows: 10}))
		t.Logf("MaxRows 10: %d bytes", buf.Len())
		assert.Less(t, buf.Len(), 64<<10)
		page := html.UnescapeString(buf.String())
		assert.Equal(t, "100000", attr(t, page, `data-count="entries">`))
		assert.Equal(t, "50000", attr(t, page, `data-count="review">`))
		assert.Equal(t, "10001", attr(t, page, `data-count="changes">`))
		assert.LessOrEqual(t, strings.Count(page, `<tr data-ref="`), 10, "rows awaiting review listed")
		assert.True(t, strings.Contains(page, "t00, t01, t02 and 17 more"), "a row's tags are cut")
		assert.True(t, strings.Contains(page, "and 20 more changes"), "a change's sentences are cut")

		buf.Reset()
		require.NoError(t, p.WriteHTMLContext(context.Background(), &buf, portfolio.ReportOptions{}))
		t.Logf("default: %d bytes", buf.Len())
		assert.Less(t, buf.Len(), 1<<20)
	})
}
