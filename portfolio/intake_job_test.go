package portfolio_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIntakeJobIsRiversJob: the job row the intake writes for a delivery
// is, column by column, the row River's own insert writes for the same
// job (but for its id and its times, which are the insert's own), on
// both engines, for an ordinary webhook id and a hostile one; and River
// works the intake's job.
func TestIntakeJobIsRiversJob(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		for _, id := range []string{"msg_ordinary", `msg_"quoted"\<tag>&é\u0041` + strings.Repeat("x", 200)} {
			_, c, clk := newFake(t)
			p := open(t, dsn, c, clk, portfolio.WithJobAttempts(7))
			db := rawDB(t, dsn)
			v, err := webhook.NewVerifier(secret)
			require.NoError(t, err)
			rcv := httptest.NewServer(p.Handler(v))
			body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + nordlicht + `","categories":["basic"]}`)
			require.Equal(t, http.StatusNoContent, post(t, rcv.URL, delivery{id: id, body: body}))
			rcv.Close()
			require.NoError(t, p.EnqueueWithRiver(context.Background(), id))

			rows := riverRows(t, dsn, db, id)
			require.Len(t, rows, 2, "the intake's job and River's")
			mine, rivers := rows[0], rows[1]
			for col, want := range rivers.cols {
				assert.Equal(t, want, mine.cols[col], "column %s of the job of %q", col, id)
			}
			assert.Equal(t, id, mine.eventID, "the job names its delivery")
			assert.Equal(t, "7", mine.cols["max_attempts"], "WithJobAttempts")
			for _, at := range []string{mine.createdAt, mine.scheduledAt} {
				assert.WithinDuration(t, time.Now(), parseRiverTime(t, at), time.Minute, "the job's time %q", at)
			}
			_, err = db.Exec(fmt.Sprintf(`DELETE FROM river_job WHERE id = %d`, rivers.id)) // River's copy: not a job to run
			require.NoError(t, err)

			n, err := p.Drain(context.Background())
			require.NoError(t, err)
			assert.Equal(t, 1, n, "River works the intake's job")
			assert.Contains(t, processedDeliveries(t, db), id, "the delivery is processed")
		}
	})
}

// riverRow is one row of river_job: its columns as the database shows
// them, but its id and times, which are kept apart.
type riverRow struct {
	id                     int64
	eventID                string
	createdAt, scheduledAt string
	cols                   map[string]string
}

// riverRows reads the rows of river_job of the delivery id in the order
// of their ids.
func riverRows(t *testing.T, dsn string, db *sql.DB, id string) []riverRow {
	t.Helper()
	cols := []string{"times", "args", "attempt", "attempted_at", "attempted_by", "errors", "finalized_at", "kind", "max_attempts", "metadata", "priority", "queue", "state", "tags", "unique_key", "unique_states"}
	query := `SELECT id, args->>'event_id', created_at::text, scheduled_at::text, '-', args::text, attempt::text,
		coalesce(attempted_at::text, '-'), coalesce(attempted_by::text, '-'), coalesce(errors::text, '-'), coalesce(finalized_at::text, '-'),
		kind, max_attempts::text, metadata::text, priority::text, queue, state::text, tags::text,
		coalesce(encode(unique_key, 'hex'), '-'), coalesce(unique_states::text, '-') FROM river_job ORDER BY id`
	if strings.HasPrefix(dsn, "sqlite:") {
		// The times' and the JSON columns' forms as River stores them
		// (text; JSONB).
		query = `SELECT id, json_extract(json(args), '$.event_id'), created_at, scheduled_at,
			typeof(created_at) || ':' || length(created_at) || ':' || typeof(scheduled_at) || ':' || length(scheduled_at),
			typeof(args) || ':' || hex(args), attempt,
			coalesce(attempted_at, '-'), coalesce(hex(attempted_by), '-'), coalesce(hex(errors), '-'), coalesce(finalized_at, '-'),
			kind, max_attempts, typeof(metadata) || ':' || hex(metadata), priority, queue, state, typeof(tags) || ':' || hex(tags),
			coalesce(hex(unique_key), '-'), coalesce(unique_states, '-') FROM river_job ORDER BY id`
	}
	rs, err := db.Query(query)
	require.NoError(t, err)
	defer rs.Close()
	var out []riverRow
	for rs.Next() {
		r := riverRow{cols: map[string]string{}}
		vals := make([]string, len(cols))
		dest := []any{&r.id, &r.eventID, &r.createdAt, &r.scheduledAt}
		for i := range vals {
			dest = append(dest, &vals[i])
		}
		require.NoError(t, rs.Scan(dest...))
		for i, c := range cols {
			r.cols[c] = vals[i]
		}
		if r.eventID == id {
			out = append(out, r)
		}
	}
	require.NoError(t, rs.Err())
	return out
}

// parseRiverTime reads a time of river_job as either engine shows it.
func parseRiverTime(t *testing.T, s string) time.Time {
	t.Helper()
	for _, layout := range []string{"2006-01-02 15:04:05.999999999-07", time.RFC3339Nano} {
		if at, err := time.Parse(layout, s); err == nil {
			return at
		}
	}
	t.Fatalf("%q is not a time of river_job", s)
	return time.Time{}
}

// processedDeliveries are the webhook ids of the deliveries processed.
func processedDeliveries(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rs, err := db.Query(`SELECT event_id FROM portfolio_deliveries WHERE processed_at IS NOT NULL`)
	require.NoError(t, err)
	defer rs.Close()
	var ids []string
	for rs.Next() {
		var id string
		require.NoError(t, rs.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rs.Err())
	return ids
}

// TestAnIdleWorkerIsWokenByADelivery: on PostgreSQL the intake's
// statement sends River's insert notification, so an idle worker, which
// polls only every hour here, works a delivery as soon as it is
// recorded.
func TestAnIdleWorkerIsWokenByADelivery(t *testing.T) {
	dsn := postgresDSN(t)
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk, portfolio.WithPollInterval(time.Hour))
	db := rawDB(t, dsn)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Work(ctx) }()
	defer func() {
		cancel()
		assert.NoError(t, <-done)
	}()
	// River's producer listens for insert notifications, then for its
	// control ones, on the notifier's one connection.
	waitFor(t, "the worker listening for River's insert notifications", time.Minute, func() bool {
		return count(t, db, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %river_control%'`) > 0
	})
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	rcv := httptest.NewServer(p.Handler(v))
	defer rcv.Close()
	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + nordlicht + `","categories":["basic"]}`)
	require.Equal(t, http.StatusNoContent, post(t, rcv.URL, delivery{id: "msg_woken", body: body}))
	waitFor(t, "the delivery worked before the next poll", time.Minute, func() bool {
		return slices.Contains(processedDeliveries(t, db), "msg_woken")
	})
}
