package portfolio_test

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oneTrips records how the checks that tried one round trip ended.
type oneTrips struct {
	mu      sync.Mutex
	written []bool
}

// watchOneTrips sets the hook of the checks in one round trip for the
// test.
func watchOneTrips(t *testing.T) *oneTrips {
	t.Helper()
	var o oneTrips
	portfolio.SetAfterOneTrip(func(_ string, written bool) {
		o.mu.Lock()
		defer o.mu.Unlock()
		o.written = append(o.written, written)
	})
	t.Cleanup(func() { portfolio.SetAfterOneTrip(nil) })
	return &o
}

// ends is how the checks ended, in order.
func (o *oneTrips) ends() []bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]bool(nil), o.written...)
}

// renamedAfterBaseline is deliveredOnce on PostgreSQL: nordlicht with
// its baseline, and a delivery of its rename recorded. It also returns a
// connection to the portfolio's database.
func renamedAfterBaseline(t *testing.T) (*portfolio.Portfolio, *sql.DB, delivery, int64) {
	t.Helper()
	dsn := postgresDSN(t)
	srv, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	d, last := deliveredOnce(t, p, srv)
	return p, rawDB(t, dsn), d, last
}

// entryFor is the one journal entry after since that answers delivery id.
func entryFor(t *testing.T, p *portfolio.Portfolio, since int64, id string) portfolio.Event {
	t.Helper()
	var found []portfolio.Event
	for _, e := range events(t, p, since) {
		if e.EventID == id {
			found = append(found, e)
		}
	}
	require.Len(t, found, 1, "the delivery is journalled once")
	return found[0]
}

// interimName is the name a test writes into the stored snapshot while
// a check fetches: the check must compare with it.
const interimName = "Nordlicht Interim GmbH"

// renameStoredSQL renames company $1 in its stored snapshot.
const renameStoredSQL = `UPDATE portfolio_snapshots SET data = jsonb_set(data::jsonb, '{company,name,name}', to_jsonb($2::text))::text WHERE company_id = $1`

// On PostgreSQL a delivery's check after its company's baseline is
// written in one round trip after the fetch, and writes what a check
// of several trips writes: the rename, against the stored name.
func TestADeliveryIsCheckedInOneTrip(t *testing.T) {
	p, _, d, last := renamedAfterBaseline(t)
	trips := watchOneTrips(t)
	n, err := p.Drain(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, n)
	assert.Equal(t, []bool{true}, trips.ends(), "the check went in one trip")
	e := entryFor(t, p, last, d.id)
	require.Len(t, e.Changes, 1)
	assert.Equal(t, "Nordlicht Solartechnik GmbH", e.Changes[0].Before)
	assert.Equal(t, "Nordlicht Renamed 0 GmbH", e.Changes[0].After)
}

// What a check in one trip read before its fetch and what changed
// before its transaction locked it: the check rolls back and runs again
// under the locks, and writes what they show.
func TestACheckInOneTripSeesWhatChangedSinceItsRead(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		change func(t *testing.T, p *portfolio.Portfolio, db *sql.DB)
		check  func(t *testing.T, p *portfolio.Portfolio, db *sql.DB, e portfolio.Event) // nil: no entry
	}{
		{
			name: "the snapshot",
			change: func(t *testing.T, _ *portfolio.Portfolio, db *sql.DB) {
				_, err := db.Exec(renameStoredSQL, nordlicht, interimName)
				require.NoError(t, err)
			},
			check: func(t *testing.T, _ *portfolio.Portfolio, _ *sql.DB, e portfolio.Event) {
				require.Len(t, e.Changes, 1)
				assert.Equal(t, interimName, e.Changes[0].Before, "compared with the snapshot stored meanwhile")
			},
		},
		{
			name: "the snapshot, committed while the check waits for its lock",
			change: func(t *testing.T, _ *portfolio.Portfolio, db *sql.DB) {
				tx, err := db.Begin()
				require.NoError(t, err)
				_, err = tx.Exec(renameStoredSQL, nordlicht, interimName)
				require.NoError(t, err)
				go func() {
					// Commit once the check's transaction waits for
					// the row this one holds.
					waitForLockWaiter(db)
					_ = tx.Commit()
				}()
			},
			check: func(t *testing.T, _ *portfolio.Portfolio, _ *sql.DB, e portfolio.Event) {
				require.Len(t, e.Changes, 1)
				assert.Equal(t, interimName, e.Changes[0].Before, "compared with the snapshot committed while it waited")
			},
		},
		{
			name: "the flags",
			change: func(t *testing.T, _ *portfolio.Portfolio, db *sql.DB) {
				_, err := db.Exec(`INSERT INTO portfolio_flags (company_id, code, reason, facts, since, inherited) VALUES ($1, 'stale_test', 'raised after the read', 'x', 1, 0)`, nordlicht)
				require.NoError(t, err)
			},
			check: func(t *testing.T, _ *portfolio.Portfolio, db *sql.DB, e portfolio.Event) {
				var codes []string
				for _, f := range e.Cleared {
					codes = append(codes, f.Code)
				}
				assert.Equal(t, []string{"stale_test"}, codes, "the flag no rule raises is cleared")
				assert.Equal(t, 0, count(t, db, `SELECT count(*) FROM portfolio_flags WHERE code = 'stale_test'`))
			},
		},
		{
			name: "the delivery, processed meanwhile",
			change: func(t *testing.T, _ *portfolio.Portfolio, db *sql.DB) {
				_, err := db.Exec(`UPDATE portfolio_deliveries SET processed_at = 1`)
				require.NoError(t, err)
			},
		},
		{
			name: "the subscribers",
			change: func(t *testing.T, p *portfolio.Portfolio, _ *sql.DB) {
				require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "late", URL: "http://127.0.0.1:9/late", Secret: secret}))
			},
			check: func(t *testing.T, _ *portfolio.Portfolio, db *sql.DB, e portfolio.Event) {
				var n int
				require.NoError(t, db.QueryRow(`SELECT count(*) FROM portfolio_alerts WHERE seq = $1 AND subscriber = 'late'`, e.Seq).Scan(&n))
				assert.Equal(t, 1, n, "the subscriber added after the read gets its alert")
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, db, d, last := renamedAfterBaseline(t)
			trips := watchOneTrips(t)
			changed := false
			portfolio.SetAfterFetch(func(string) {
				if !changed {
					changed = true
					tc.change(t, p, db)
				}
			})
			t.Cleanup(func() { portfolio.SetAfterFetch(nil) })
			require.NoError(t, p.RunDeliveryJob(ctx, d.id))
			require.True(t, changed, "the check fetched")
			assert.Equal(t, []bool{false}, trips.ends(), "the check in one trip fell back")
			if tc.check == nil {
				assert.Equal(t, 0, journalledFor(t, p, last, d.id), "a delivery processed meanwhile is not journalled")
				return
			}
			tc.check(t, p, db, entryFor(t, p, last, d.id))
		})
	}
}

// waitForLockWaiter returns once a session of db's database waits for a
// lock on a company's snapshot, or after a minute (it runs in a
// goroutine, where a test may not fail).
func waitForLockWaiter(db *sql.DB) {
	poll(time.Minute, func() bool {
		var n int
		err := db.QueryRow(snapshotLockWaitersSQL).Scan(&n)
		return err != nil || n > 0
	})
}

// A portfolio with subscribers checks a delivery in several trips from
// the start: one trip would raise PF409 at the journal's insert every
// time, since such a check writes no alerts.
func TestACheckForSubscribersDoesNotTryOneTrip(t *testing.T) {
	ctx := context.Background()
	p, db, d, last := renamedAfterBaseline(t)
	require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "early", URL: "http://127.0.0.1:9/early", Secret: secret}))
	trips := watchOneTrips(t)
	require.NoError(t, p.RunDeliveryJob(ctx, d.id))
	assert.Empty(t, trips.ends(), "no check tried one trip")
	e := entryFor(t, p, last, d.id)
	var n int
	require.NoError(t, db.QueryRow(`SELECT count(*) FROM portfolio_alerts WHERE seq = $1 AND subscriber = 'early'`, e.Seq).Scan(&n))
	assert.Equal(t, 1, n, "the subscriber gets its alert")
}

// A check in one trip compares the flags it finds with the ones the
// delivery's first read saw, facts included: a flag found again with
// the same facts keeps its acknowledgement and its date, as under the
// lock.
func TestACheckInOneTripKeepsTheFlagsItFindsAgain(t *testing.T) {
	ctx := context.Background()
	srv, c, clk := newFake(t)
	require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	p := open(t, postgresDSN(t), c, clk)
	d, _ := deliveredOnce(t, p, srv)
	before := openFlagsOf(t, p)
	require.NotEmpty(t, before, "the company has open flags")
	for _, f := range before {
		require.NotEmpty(t, f.Flag.Facts, "flag %s has facts to compare", f.Flag.Code)
		require.NoError(t, p.Acknowledge(portfolio.WithActor(ctx, portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"}), f.CompanyID, f.Flag.Code, "seen"))
	}
	trips := watchOneTrips(t)
	require.NoError(t, p.RunDeliveryJob(ctx, d.id))
	require.Equal(t, []bool{true}, trips.ends(), "the check went in one trip")
	after := openFlagsOf(t, p)
	require.Len(t, after, len(before))
	for i, f := range after {
		assert.Equal(t, before[i].Flag, f.Flag)
		assert.True(t, f.Acknowledged, "flag %s keeps its acknowledgement", f.Flag.Code)
		assert.Equal(t, before[i].Since, f.Since, "flag %s keeps its date", f.Flag.Code)
	}
}

// openFlagsOf is p's open flags, in Flags' order.
func openFlagsOf(t *testing.T, p *portfolio.Portfolio) []portfolio.OpenFlag {
	t.Helper()
	var out []portfolio.OpenFlag
	for f, err := range p.Flags(context.Background()) {
		require.NoError(t, err)
		out = append(out, f)
	}
	return out
}
