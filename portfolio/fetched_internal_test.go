package portfolio

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// openSQLite opens a portfolio in a new SQLite file, with a client that
// reaches no service.
func openSQLite(t *testing.T) *Portfolio {
	t.Helper()
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL("http://127.0.0.1:9"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "p.db"), c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// TestRecordPartKeepsCommitsSynced: a fetched answer's record is committed
// without waiting for the disk, and every later commit on SQLite waits
// for it again (synchronous FULL), so the journal and the intake keep
// their durability.
func TestRecordPartKeepsCommitsSynced(t *testing.T) {
	ctx := context.Background()
	p := openSQLite(t)
	level := func() int {
		var n int
		if err := p.db.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	const full = 2
	if got := level(); got != full {
		t.Fatalf("synchronous = %d after Open, want FULL (%d)", got, full)
	}
	if err := p.recordAnswer(ctx, "msg_1", "DE-HRB-F1103-1", partCompany, &registerdata.Company{ID: "DE-HRB-F1103-1"}, 10, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	if got := level(); got != full {
		t.Fatalf("synchronous = %d after recording an answer, want FULL (%d)", got, full)
	}
	rec, err := p.recordedParts(ctx, "msg_1", "DE-HRB-F1103-1")
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := rec[partCompany]; !ok || r.credits != 10 || r.fetchedAt != time.Unix(1, 0).UnixMicro() {
		t.Fatalf("recorded %+v, want the company part with 10 credits", rec)
	}
}

// TestRecordPartOutlivesTheJob: an answer paid for is recorded even when
// the job's context has ended (its time was up just after the answer).
func TestRecordPartOutlivesTheJob(t *testing.T) {
	p := openSQLite(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := p.recordAnswer(ctx, "msg_1", "DE-HRB-F1103-1", partOwners, (*registerdata.Owners)(nil), 10, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	rec, err := p.recordedParts(context.Background(), "msg_1", "DE-HRB-F1103-1")
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := rec[partOwners]; !ok || r.data != "null" {
		t.Fatalf("recorded %+v, want the owners part (none: null)", rec)
	}
}

// recordAnswer records answer v as the job of a delivery does
// (newRecord, writeRecord).
func (p *Portfolio) recordAnswer(ctx context.Context, deliveryID, id, part string, v any, credits int64, at time.Time) error {
	r, err := newRecord(deliveryID, id, part, v, credits, at)
	if err != nil {
		return err
	}
	return p.writeRecord(ctx, &r)
}

// recordedParts reads the answers recorded for delivery deliveryID of
// company id, by part.
func (p *Portfolio) recordedParts(ctx context.Context, deliveryID, id string) (map[string]recordedPart, error) {
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT part, data, credits, fetched_at FROM portfolio_fetched WHERE event_id = $1 AND company_id = $2`), deliveryID, id)
	if err != nil {
		return nil, fmt.Errorf("reading the recorded answers of the delivery %s: %w", deliveryID, err)
	}
	defer rows.Close()
	out := map[string]recordedPart{}
	for rows.Next() {
		var part string
		var r recordedPart
		if err := rows.Scan(&part, &r.data, &r.credits, &r.fetchedAt); err != nil {
			return nil, err
		}
		out[part] = r
	}
	return out, rows.Err()
}
