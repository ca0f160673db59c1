package portfolio_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenRefusesASchemaNewerThanItKnows: a database a newer release
// migrated (its schema version past the newest migration this release
// embeds) is refused at Open, with both versions and what to do, not
// left to fail later at a query.
func TestOpenRefusesASchemaNewerThanItKnows(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		require.NoError(t, p.Close())
		known := newestMigration(t, dsn)
		db := rawDB(t, dsn)
		_, err := db.Exec(fmt.Sprintf(`INSERT INTO portfolio_schema_version (version_id, is_applied) VALUES (%d, true)`, known+3))
		require.NoError(t, err)

		for _, opts := range [][]portfolio.Option{nil, {portfolio.OpenExisting()}} {
			_, err = portfolio.Open(context.Background(), dsn, c, opts...)
			require.ErrorIs(t, err, portfolio.ErrSchemaTooNew)
			assert.Contains(t, err.Error(), "version "+strconv.FormatInt(known+3, 10), "the database's version")
			assert.Contains(t, err.Error(), "up to "+strconv.FormatInt(known, 10), "the newest this release knows")
			assert.Contains(t, err.Error(), "upgrade registerdata", "what to do")
		}
	})
}

// newestMigration is the version of the newest migration of dsn's
// engine in migrations/.
func newestMigration(t *testing.T, dsn string) int64 {
	dir := "migrations/postgres"
	if strings.HasPrefix(dsn, "sqlite:") {
		dir = "migrations/sqlite"
	}
	files, err := os.ReadDir(dir)
	require.NoError(t, err)
	var newest int64
	for _, f := range files {
		v, err := strconv.ParseInt(strings.SplitN(f.Name(), "_", 2)[0], 10, 64)
		require.NoError(t, err, f.Name())
		newest = max(newest, v)
	}
	return newest
}
