package portfolio_test

import (
	"context"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEventsReadEveryColumn writes journal rows with plain SQL, every
// column set, and reads them through Events on each engine (PostgreSQL
// reads through pgx itself, SQLite through database/sql): each column
// lands in its field, a row without a name takes its company's from the
// entries, and the entries after a page's end are read too.
func TestEventsReadEveryColumn(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		importAll(t, p, []portfolio.Row{{Ref: "C-9", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		db := rawDB(t, dsn)
		execRaw(t, db, dsn, `UPDATE portfolio_entries SET name = $1 WHERE ref = 'C-9'`, "Südwind AG")
		chs := `[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"},{"category":"representation","kind":"added","field":"representation","subject":"Anna Muster","after":"managing director"}]`
		execRaw(t, db, dsn, `INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits, name, failed)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			"DE-HRB-X1", `["C-1","C \"2\""]`, "msg_1", chs, `[{"code":"liquidation","reason":"in liquidation"}]`, `[{"code":"check_failed","reason":"gave up"}]`,
			int64(1_700_000_000_123_456), int64(35), "Nordlicht GmbH", `{"error":"the lookup failed","attempts":3,"since":"2026-01-02T03:04:05Z"}`)
		execRaw(t, db, dsn, `INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits, name, failed)
			VALUES ($1, '[]', '', '[]', '[]', '[]', 1, 0, '', '')`, nordlicht)

		var got []portfolio.Event
		for e, err := range p.Events(context.Background(), 0) {
			require.NoError(t, err)
			got = append(got, e)
		}
		require.Len(t, got, 2)
		e := got[0]
		assert.Equal(t, "DE-HRB-X1", e.CompanyID)
		assert.Equal(t, []string{"C-1", `C "2"`}, e.Refs)
		assert.Equal(t, "msg_1", e.EventID)
		assert.Equal(t, "Nordlicht GmbH", e.Name)
		require.Len(t, e.Changes, 2)
		assert.Equal(t, changes.Change{Category: "representation", Kind: changes.Added, Field: "representation", Subject: "Anna Muster", After: "managing director"}, e.Changes[1])
		assert.Equal(t, []string{e.Changes[0].String(), e.Changes[1].String()}, e.Sentences)
		assert.Equal(t, []redflags.Flag{{Code: "liquidation", Reason: "in liquidation"}}, e.Raised)
		assert.Equal(t, []redflags.Flag{{Code: "check_failed", Reason: "gave up"}}, e.Cleared)
		assert.Equal(t, time.UnixMicro(1_700_000_000_123_456).UTC(), e.At.UTC())
		assert.Equal(t, int64(35), e.Credits)
		require.NotNil(t, e.Failed)
		assert.Equal(t, portfolio.CheckFailure{Error: "the lookup failed", Attempts: 3, Since: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}, *e.Failed)

		e = got[1]
		assert.Equal(t, "Südwind AG", e.Name, "a row without a name takes its company's")
		assert.Empty(t, e.Refs)
		assert.Empty(t, e.Changes)
		assert.Nil(t, e.Failed)
		assert.Greater(t, e.Seq, got[0].Seq)
	})
}

// TestEventsNameADamagedEntry damages a column of a journal row with
// plain SQL: Events yields the entries before it (on the damaged one's
// page), then an error naming the entry, and stops.
func TestEventsNameADamagedEntry(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		for _, col := range []string{"refs", "changes", "raised", "cleared", "failed"} {
			t.Run(col, func(t *testing.T) {
				_, c, clk := newFake(t)
				p := open(t, dsn, c, clk)
				db := rawDB(t, dsn)
				execRaw(t, db, dsn, `DELETE FROM portfolio_journal`) // the engine's database is shared by the columns
				for range 3 {
					execRaw(t, db, dsn, `INSERT INTO portfolio_journal (company_id, refs, changes, raised, cleared, at) VALUES ('DE-HRB-X1', '["C-1"]', '[]', '[]', '[]', 1)`)
				}
				var last int64
				for e, err := range p.Events(context.Background(), 0) {
					require.NoError(t, err)
					last = e.Seq
				}
				execRaw(t, db, dsn, `UPDATE portfolio_journal SET `+col+` = '{not json' WHERE seq = $1`, last)
				var seen int
				var failure error
				for _, err := range p.Events(context.Background(), 0) {
					if err != nil {
						failure = err
						continue
					}
					seen++
				}
				require.Error(t, failure)
				assert.Contains(t, failure.Error(), "journal entry "+itoa(last)+" is damaged")
				assert.Equal(t, 2, seen, "the entries before the damaged one")
			})
		}
	})
}

// TestEventsOfReadsOneCompanysJournal fills the journal with two
// companies' entries, interleaved and over more than two pages: EventsOf
// yields exactly one company's, in order, from since on.
func TestEventsOfReadsOneCompanysJournal(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		db := rawDB(t, dsn)
		execRaw(t, db, dsn, `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM g WHERE i < 3300)
			INSERT INTO portfolio_journal (company_id, refs, changes, raised, cleared, at)
			SELECT CASE WHEN i % 3 = 0 THEN 'DE-HRB-A1' ELSE 'DE-HRB-B2' END, '["C-1"]', '[]', '[]', '[]', i FROM g`)
		var all, ofA []int64
		for e, err := range p.Events(context.Background(), 0) {
			require.NoError(t, err)
			all = append(all, e.Seq)
			if e.CompanyID == "DE-HRB-A1" {
				ofA = append(ofA, e.Seq)
			}
		}
		require.Len(t, all, 3300)
		require.Len(t, ofA, 1100)
		read := func(since int64) []int64 {
			var out []int64
			for e, err := range p.EventsOf(context.Background(), "DE-HRB-A1", since) {
				require.NoError(t, err)
				require.Equal(t, "DE-HRB-A1", e.CompanyID)
				out = append(out, e.Seq)
			}
			return out
		}
		assert.Equal(t, ofA, read(0))
		assert.Equal(t, ofA[500:], read(ofA[499]), "from since on")
		assert.Empty(t, read(ofA[len(ofA)-1]))
		for range p.EventsOf(context.Background(), "DE-HRB-NONE", 0) {
			t.Fatal("an entry of a company the journal does not hold")
		}
	})
}
