package portfolio_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pipelineRows are n rows over chunks of the import: by company id, every
// fifth by name and city, so that every chunk has matches to make.
func pipelineRows(srv *fake.Server, n int) []portfolio.Row {
	var rows []portfolio.Row
	for i, id := range srv.CompanyIDs()[:n] {
		r := portfolio.Row{Ref: fmt.Sprintf("P%04d", i), CompanyID: id}
		if i%5 == 0 {
			co, _ := srv.Company(id)
			r = portfolio.Row{Ref: r.Ref, Query: registerdata.MatchQuery{Name: co.Name.Name, City: co.Address.City}}
		}
		rows = append(rows, r)
	}
	return rows
}

// The first and the second row of a Ref repeated 300 rows apart: in two
// chunks.
const dupFirst, dupSecond = 10, 310

// TestImportRefRepeatedInOneImportIsReportedNotOverwritten imports a
// file whose Ref DUP comes twice, 300 rows apart, in two chunks: with the
// same data and with other data, the second row Fails with
// ErrDuplicateRef naming both rows' numbers, bills nothing, and the entry
// keeps what the first row stored.
func TestImportRefRepeatedInOneImportIsReportedNotOverwritten(t *testing.T) {
	srv, c, clk := newFake(t, fake.WithGenerated(600))
	ids := srv.CompanyIDs()
	o := portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}}
	for _, tc := range []struct {
		name   string
		second portfolio.Row
	}{
		{"same data", portfolio.Row{Ref: "DUP", CompanyID: ids[2]}},
		{"other data", portfolio.Row{Ref: "DUP", CompanyID: ids[1]}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			engines(t, func(t *testing.T, dsn string) {
				p := open(t, dsn, c, clk)
				rows := pipelineRows(srv, 560)
				rows[dupFirst], rows[dupSecond] = portfolio.Row{Ref: "DUP", CompanyID: ids[2]}, tc.second
				before := spent(srv)
				rs := importAll(t, p, rows, o)
				require.Len(t, rs, len(rows))
				assert.Equal(t, portfolio.Matched, rs[dupFirst].Status)
				assert.Equal(t, portfolio.Failed, rs[dupSecond].Status)
				require.ErrorIs(t, rs[dupSecond].Err, portfolio.ErrDuplicateRef)
				assert.Contains(t, rs[dupSecond].Err.Error(), fmt.Sprintf("row %d has the ref \"DUP\" of row %d", dupSecond+1, dupFirst+1))
				assert.Zero(t, rs[dupSecond].Credits)
				var billed int64
				for _, r := range rs {
					billed += r.Credits
				}
				assert.Equal(t, spent(srv)-before, billed, "the credits reported are the credits billed")
				var stored string
				for e, err := range p.Entries(context.Background()) {
					require.NoError(t, err)
					if e.Ref == "DUP" {
						stored = e.CompanyID
					}
				}
				assert.Equal(t, ids[2], stored, "the first row of a Ref is what stays stored")
			})
		})
	}
}

// TestImportStoppedInAChunkLeavesNothingRunning stops an import at its
// first result, with the matches of the chunk in flight (each call waits
// 20 ms: the chunk's 256 matches take over a second at concurrency 4,
// and a result is yielded once its group is stored, which can lag its
// match): once the loop is left, no match walk of the import runs any
// more.
func TestImportStoppedInAChunkLeavesNothingRunning(t *testing.T) {
	srv, c, clk := newFake(t, fake.WithGenerated(600), fake.WithLatency(20*time.Millisecond, 20*time.Millisecond))
	p := open(t, sqliteDSN(t), c, clk)
	rows := nameRowsOf(srv, 600)
	for r, err := range p.Import(context.Background(), seqOf(rows...), portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}}) {
		require.NoError(t, err)
		require.NotEqual(t, portfolio.Failed, r.Status, r.Row.Ref)
		assert.Equal(t, int64(1), portfolio.MatchWalks(), "the chunk's walk runs")
		break
	}
	assert.Zero(t, portfolio.MatchWalks(), "a match walk outlived the import")
}

// registerRows are n rows of the fake's companies by register reference
// alone: each match needs a paid search.
func registerRows(srv *fake.Server, n int) []portfolio.Row {
	var rows []portfolio.Row
	for i, id := range srv.CompanyIDs()[:n] {
		co, _ := srv.Company(id)
		reg := registerdata.RegisterReference{Type: co.Register.RegisterType, Number: co.Register.RegisterNumber, Court: co.Register.RegisterCourt}
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("G%04d", i), Query: registerdata.MatchQuery{Register: reg.String()}})
	}
	return rows
}

// TestImportStopsAtTheBudgetInALaterChunkAndResumes imports three chunks
// of paid matches with a credit budget that runs out in the second: the
// rows it cannot pay for Fail and are not stored, also those of the
// chunk after; imported again with room, the rows stored are
// Unchanged and each match is billed once over both imports.
func TestImportStopsAtTheBudgetInALaterChunkAndResumes(t *testing.T) {
	const n = 600
	refSrv, refC, refClk := newFake(t, fake.WithGenerated(n))
	want := importAll(t, open(t, sqliteDSN(t), refC, refClk), registerRows(refSrv, n), portfolio.ImportOptions{})
	total := spent(refSrv)
	require.Positive(t, total)

	srv, c, clk := newFake(t, fake.WithGenerated(n))
	rows := registerRows(srv, n)
	tight, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithCreditBudget(total/2))
	require.NoError(t, err)
	dsn := sqliteDSN(t)
	first := importAll(t, open(t, dsn, tight, clk), rows, portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}})
	require.Len(t, first, n)
	failed := 0
	for i, r := range first {
		if r.Status == portfolio.Failed {
			require.ErrorIs(t, r.Err, registerdata.ErrBudgetExceeded, r.Row.Ref)
			failed++
			continue
		}
		assert.Equal(t, want[i].Status, r.Status, r.Row.Ref)
	}
	t.Logf("%d of %d rows failed for the budget", failed, n)
	require.Positive(t, failed, "the budget must run out")
	require.Less(t, failed, n-256, "the budget must run out after the first chunk of 256 rows")

	p := open(t, dsn, c, clk)
	keys := entryKeys(t, p)
	assert.Len(t, keys, n, "a row the budget could not pay for is kept for review")
	inQueue := 0
	for r, err := range p.Reviews(context.Background()) {
		require.NoError(t, err)
		if r.Status == portfolio.Failed {
			inQueue++
			assert.Contains(t, r.Reasons[0], "budget", r.Ref)
		}
	}
	assert.Equal(t, failed, inQueue, "every row the budget stopped waits in the review queue")
	again := importAll(t, p, rows, portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}})
	for i, r := range again {
		if first[i].Status == portfolio.Failed {
			assert.Equal(t, want[i].Status, r.Status, r.Row.Ref)
		} else {
			assert.Equal(t, portfolio.Unchanged, r.Status, r.Row.Ref)
			assert.Zero(t, r.Credits, r.Row.Ref)
		}
	}
	assert.Equal(t, total, spent(srv), "each match billed once over both imports")
}

// TestImportSharesIdenticalQueriesWithinAChunk imports one paid query
// under three Refs: twice in the first chunk, where they share one match
// billed to the first row, and once more in the second chunk, matched
// and billed again (the client has no cache).
func TestImportSharesIdenticalQueriesWithinAChunk(t *testing.T) {
	srv, c, clk := newFake(t, fake.WithGenerated(300))
	p := open(t, sqliteDSN(t), c, clk)
	q := registerRows(srv, 1)[0].Query
	rows := []portfolio.Row{{Ref: "A", Query: q}, {Ref: "B", Query: q}}
	for i, id := range srv.CompanyIDs()[1:299] {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("I%04d", i), CompanyID: id})
	}
	rows = append(rows, portfolio.Row{Ref: "C", Query: q})
	rs := importAll(t, p, rows, portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}})
	require.Len(t, rs, 301)
	a, b, cc := rs[0], rs[1], rs[300]
	require.Equal(t, portfolio.Matched, a.Status)
	require.Positive(t, a.Credits)
	assert.Equal(t, []string{a.CompanyID, a.CompanyID}, []string{b.CompanyID, cc.CompanyID})
	assert.Zero(t, b.Credits, "the second row of the chunk shares the first one's match")
	assert.Equal(t, a.Credits, cc.Credits, "the next chunk matches the query again")
	assert.Equal(t, 2*a.Credits, spent(srv))
}

// TestImportCancelledInALaterChunkResumesWhereItStopped cancels an import
// of three chunks in the second: every
// row yielded was stored, and importing again resolves exactly the rows
// after them.
func TestImportCancelledInALaterChunkResumesWhereItStopped(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := newFake(t, fake.WithGenerated(600), fake.WithLatency(time.Millisecond, 3*time.Millisecond))
		p := open(t, dsn, c, clk)
		rows := pipelineRows(srv, 600)
		o := portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		n := 0
		for r, err := range p.Import(ctx, seqOf(rows...), o) {
			if err != nil {
				require.ErrorIs(t, err, context.Canceled)
				break
			}
			require.NotEqual(t, portfolio.Failed, r.Status, r.Row.Ref)
			if n++; n == 300 {
				cancel()
			}
		}
		require.GreaterOrEqual(t, n, 300)
		require.Less(t, n, len(rows), "the import was interrupted")
		assert.Zero(t, portfolio.MatchWalks(), "a match walk outlived the import")
		for i, r := range importAll(t, p, rows, o) {
			if i < n {
				assert.Equal(t, portfolio.Unchanged, r.Status, "row %d was stored before the interruption", i)
			} else {
				assert.NotEqual(t, portfolio.Unchanged, r.Status, "row %d was not", i)
				assert.NotEqual(t, portfolio.Failed, r.Status, "row %d", i)
			}
		}
	})
}

// TestImportOfRefsStoredMeanwhileUpdatesThem stores an entry for the last
// Ref of each chunk after the import has read the chunk's stored entries
// and before it writes them, as another writer could: the import still
// reports every row Matched and leaves each raced entry as an upsert
// does (the import's company, the other writer's credits and time of
// adding kept), on each engine.
func TestImportOfRefsStoredMeanwhileUpdatesThem(t *testing.T) {
	srv, c, clk := newFake(t, fake.WithGenerated(300))
	ids := srv.CompanyIDs()[:300]
	var rows []portfolio.Row
	for i, id := range ids {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("M%04d", i), CompanyID: id})
	}
	engines(t, func(t *testing.T, dsn string) {
		p := open(t, dsn, c, clk)
		db := rawDB(t, dsn)
		var raced []string
		portfolio.SetAfterStoredRead(func(refs []string) {
			ref := refs[len(refs)-1]
			raced = append(raced, ref)
			_, err := db.Exec(`INSERT INTO portfolio_entries (ref, company_id, status, fingerprint, credits, added_at, updated_at)
				VALUES ($1, 'DE-OTHER', 'matched', 'other', 7, 1, 1)`, ref)
			require.NoError(t, err)
		})
		t.Cleanup(func() { portfolio.SetAfterStoredRead(nil) })
		rs := importAll(t, p, rows, portfolio.ImportOptions{})
		portfolio.SetAfterStoredRead(nil)
		require.Len(t, rs, len(rows))
		for i, r := range rs {
			require.Equal(t, portfolio.Matched, r.Status, r.Row.Ref)
			require.Equal(t, ids[i], r.CompanyID)
		}
		require.Equal(t, []string{"M0255", "M0299"}, raced)
		got := map[string]string{}
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			got[e.Ref] = e.CompanyID
		}
		require.Len(t, got, len(rows))
		for i, r := range rows {
			assert.Equal(t, ids[i], got[r.Ref], r.Ref)
		}
		for _, ref := range raced {
			var credits, added int64
			require.NoError(t, db.QueryRow(`SELECT credits, added_at FROM portfolio_entries WHERE ref = $1`, ref).Scan(&credits, &added))
			assert.Equal(t, []int64{7, 1}, []int64{credits, added}, ref)
		}
	})
}
