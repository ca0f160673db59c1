package portfolio_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/pressly/goose/v3"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenMigratesADatabaseOfVersion2AndKeepsItsDeliveries: a database
// left at version 2 of the schema (the deliveries in portfolio_events)
// with a delivery recorded and its job queued is opened by this version:
// the migration keeps the delivery (now in portfolio_deliveries), and
// the queued job, of the kind an earlier version stored, is worked and
// journalled once.
func TestOpenMigratesADatabaseOfVersion2AndKeepsItsDeliveries(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		v, err := webhook.NewVerifier(secret)
		require.NoError(t, err)
		hs := httptest.NewServer(p.Handler(v))
		defer hs.Close()
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": nordlicht, "categories": []string{"basic"}})
		require.NoError(t, err)
		require.Equal(t, http.StatusNoContent, post(t, hs.URL, delivery{id: "msg_v2", body: body}))
		require.NoError(t, p.Close())

		// Back to version 2, as an earlier version left the database.
		db := rawDB(t, dsn)
		dir, dialect := "migrations/postgres", goose.DialectPostgres
		if strings.HasPrefix(dsn, "sqlite:") {
			dir, dialect = "migrations/sqlite", goose.DialectSQLite3
		}
		prov, err := goose.NewProvider(dialect, db, os.DirFS(dir), goose.WithTableName("portfolio_schema_version"), goose.WithDisableGlobalRegistry(true))
		require.NoError(t, err)
		_, err = prov.DownTo(ctx, 2)
		require.NoError(t, err)
		require.Equal(t, 1, count(t, db, `SELECT count(*) FROM portfolio_events WHERE processed_at IS NULL`), "version 2 holds the delivery in portfolio_events")

		p = open(t, dsn, c, clk)
		assert.Equal(t, 1, count(t, db, `SELECT count(*) FROM portfolio_deliveries WHERE event_id = 'msg_v2'`), "the delivery is kept")
		n, err := p.Drain(ctx)
		require.NoError(t, err)
		assert.Equal(t, 1, n, "the job queued before the migration is worked")
		k := 0
		for _, e := range events(t, p, 0) {
			if e.EventID == "msg_v2" {
				k++
			}
		}
		assert.Equal(t, 1, k, "journalled once")
		assert.Zero(t, count(t, db, `SELECT count(*) FROM portfolio_deliveries WHERE processed_at IS NULL`))
	})
}
