package portfolio_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAJournalEntryIsWrittenInTheChangesTransaction makes the commit of a
// check fail after its journal entry is written (a deferred trigger on
// the snapshots, which the check updates before it journals): the entry
// goes with the rest, so the journal never tells of a change the store
// does not hold. PostgreSQL only: SQLite has no deferred triggers, and
// its single writer would block an entry written outside the check's
// transaction until the busy timeout.
func TestAJournalEntryIsWrittenInTheChangesTransaction(t *testing.T) {
	ctx := context.Background()
	dsn := postgresDSN(t)
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	const company = "DE-HRB-T0001-000001"
	_, err := p.Rejudge(ctx, company)
	require.NoError(t, err)
	require.Len(t, events(t, p, 0), 1)

	db := rawDB(t, dsn)
	_, err = db.Exec(`CREATE FUNCTION fail_the_commit() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the test fails this commit'; END $$ LANGUAGE plpgsql`)
	require.NoError(t, err)
	_, err = db.Exec(`CREATE CONSTRAINT TRIGGER fail_the_commit AFTER UPDATE ON portfolio_snapshots DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_the_commit()`)
	require.NoError(t, err)
	_, err = p.Rejudge(ctx, company)
	require.ErrorContains(t, err, "the test fails this commit")
	assert.Len(t, events(t, p, 0), 1, "the failed check left no journal entry")

	_, err = db.Exec(`DROP TRIGGER fail_the_commit ON portfolio_snapshots`)
	require.NoError(t, err)
	_, err = p.Rejudge(ctx, company)
	require.NoError(t, err)
	assert.Len(t, events(t, p, 0), 2)
}
