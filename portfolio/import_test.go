package portfolio_test

import (
	"context"
	"errors"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const nordlicht = "DE-HRB-F1103-267645" // Nordlicht Solartechnik GmbH, Berlin

// hardRows are rows of each kind: a company id, a name that matches, a
// name shared by companies in three cities, a name nobody has, a row
// without a Ref.
func hardRows() []portfolio.Row {
	return []portfolio.Row{
		{Ref: "C-1", CompanyID: nordlicht, Tags: []string{"supplier"}},
		{Ref: "C-2", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH", City: "Berlin"}},
		{Ref: "C-3", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH"}},
		{Ref: "C-4", Query: registerdata.MatchQuery{Name: "Quxbarfoo Zzyzx Unbekannt GmbH", City: "Kassel"}},
		{Ref: "", Query: registerdata.MatchQuery{Name: "No Ref GmbH"}},
	}
}

func statuses(rs []portfolio.ImportResult) []portfolio.Status {
	out := make([]portfolio.Status, len(rs))
	for i, r := range rs {
		out[i] = r.Status
	}
	return out
}

func TestImportStoresOutcomePerRef(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		rs := importAll(t, p, hardRows(), portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}})
		require.Equal(t, []portfolio.Status{portfolio.Matched, portfolio.Matched, portfolio.Ambiguous, portfolio.NotFound, portfolio.Failed}, statuses(rs))
		assert.Equal(t, nordlicht, rs[0].CompanyID)
		assert.Equal(t, 1.0, rs[0].Score)
		assert.NotEmpty(t, rs[1].CompanyID)
		assert.Empty(t, rs[2].CompanyID, "an ambiguous row is never guessed")
		assert.ErrorIs(t, rs[4].Err, portfolio.ErrInvalidRow)
		var billed int64
		for _, r := range rs {
			billed += r.Credits
		}
		assert.Equal(t, spent(srv), billed, "the credits reported are the credits billed")

		var entries []portfolio.Entry
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			entries = append(entries, e)
		}
		require.Len(t, entries, 4, "the invalid row is not stored")
		assert.Equal(t, "C-1", entries[0].Ref)
		assert.Equal(t, []string{"supplier"}, entries[0].Tags)
		assert.Equal(t, start, entries[0].AddedAt)
		assert.Equal(t, portfolio.Ambiguous, entries[2].Status)
		assert.Equal(t, portfolio.NotFound, entries[3].Status)

		// Importing the same rows again bills nothing.
		before := spent(srv)
		again := importAll(t, p, hardRows()[:4], portfolio.ImportOptions{})
		assert.Equal(t, []portfolio.Status{portfolio.Unchanged, portfolio.Unchanged, portfolio.Unchanged, portfolio.Unchanged}, statuses(again))
		assert.Equal(t, rs[1].CompanyID, again[1].CompanyID)
		assert.Equal(t, before, spent(srv))

		// A changed row is resolved again; a changed tag alone is not.
		changed := []portfolio.Row{
			{Ref: "C-1", CompanyID: nordlicht, Tags: []string{"customer"}},
			{Ref: "C-3", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH", City: "Hamburg"}},
		}
		rs = importAll(t, p, changed, portfolio.ImportOptions{})
		assert.Equal(t, []portfolio.Status{portfolio.Unchanged, portfolio.Matched}, statuses(rs))
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			if e.Ref == "C-1" {
				assert.Equal(t, []string{"customer"}, e.Tags)
			}
		}

		require.NoError(t, p.Remove(as(context.Background(), anna), "C-4"))
		assert.ErrorIs(t, p.Remove(as(context.Background(), anna), "C-4"), portfolio.ErrNotFound)
	})
}

func TestImportInterruptedResumesWhereItStopped(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		// Every answer takes 200 ms: the matches of the last rows
		// are under way when the import is stopped.
		srv, c, clk := newFake(t, fake.WithLatency(200*time.Millisecond, 200*time.Millisecond))
		p := open(t, dsn, c, clk)
		var rows []portfolio.Row
		for i, id := range srv.CompanyIDs()[:40] {
			rows = append(rows, portfolio.Row{Ref: "R" + string(rune('A'+i/26)) + string(rune('a'+i%26)), CompanyID: id})
		}
		rows = append(rows, hardRows()[1:4]...)
		// Stop after 20 rows, as Ctrl-C would; n counts the rows
		// yielded until the import stops.
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		for r, err := range p.Import(ctx, seqOf(rows...), portfolio.ImportOptions{}) {
			if err != nil {
				require.True(t, errors.Is(err, context.Canceled), err)
				break
			}
			require.NotEqual(t, portfolio.Failed, r.Status)
			n++
			if n == 20 {
				cancel()
			}
		}
		cancel()
		// Rows resolved together with the 20th are committed and yielded
		// with it; the import stops before the rows that need a match.
		require.GreaterOrEqual(t, n, 20)
		require.Less(t, n, len(rows), "the import was interrupted")
		rs := importAll(t, p, rows, portfolio.ImportOptions{})
		for i, r := range rs {
			if i < n {
				assert.Equal(t, portfolio.Unchanged, r.Status, "row %d was stored before the interruption", i)
			} else {
				assert.NotEqual(t, portfolio.Unchanged, r.Status, "row %d was not", i)
				assert.NotEqual(t, portfolio.Failed, r.Status, "row %d", i)
			}
		}
	})
}

// seqOf yields rows as an import's input.
func seqOf(rows ...portfolio.Row) func(func(portfolio.Row, error) bool) {
	return func(yield func(portfolio.Row, error) bool) {
		for _, r := range rows {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// importAll imports rows and returns the results; the walk must not fail.
func importAll(t testing.TB, p *portfolio.Portfolio, rows []portfolio.Row, o portfolio.ImportOptions) []portfolio.ImportResult {
	t.Helper()
	var out []portfolio.ImportResult
	for r, err := range p.Import(context.Background(), seqOf(rows...), o) {
		require.NoError(t, err)
		out = append(out, r)
	}
	return out
}

// TestEntriesOfReadsOneCompanysRefs: EntriesOf yields the refs that name
// the company, in the order of Ref, and none of another company's.
func TestEntriesOfReadsOneCompanysRefs(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		other := ""
		for _, id := range srv.CompanyIDs() {
			if id != nordlicht {
				other = id
				break
			}
		}
		importAll(t, p, []portfolio.Row{{Ref: "C-3", CompanyID: nordlicht}, {Ref: "C-1", CompanyID: nordlicht}, {Ref: "C-2", CompanyID: other}}, portfolio.ImportOptions{})
		var refs []string
		for e, err := range p.EntriesOf(context.Background(), nordlicht) {
			require.NoError(t, err)
			assert.Equal(t, nordlicht, e.CompanyID)
			refs = append(refs, e.Ref)
		}
		assert.Equal(t, []string{"C-1", "C-3"}, refs)
		for range p.EntriesOf(context.Background(), "DE-HRB-NONE") {
			t.Fatal("an entry of a company the portfolio does not hold")
		}
	})
}
