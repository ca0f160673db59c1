package portfolio

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"github.com/registerdata/registerdata-go/webhook"
)

// maxEventID is the longest webhook id the portfolio records.
const maxEventID = 256

// Handler returns the http.Handler that receives the service's webhook
// deliveries: it verifies each with v (webhook.Handler: signature,
// timestamp, body size), records the event id and enqueues the event's
// job in one transaction, and answers 204 at once; the work happens in
// Work or Drain. A delivery whose event id is recorded already (a
// redelivery, a concurrent duplicate, a replay) is answered 204 and
// changes nothing. A delivery that cannot be recorded (the database is
// unavailable) is answered 500, so the service delivers it again.
func (p *Portfolio) Handler(v *webhook.Verifier) http.Handler {
	return webhook.Handler(v, p.intake)
}

// intake records ev and enqueues its job, in one transaction.
func (p *Portfolio) intake(ctx context.Context, ev *webhook.Event) error {
	if ev.ID == "" || len(ev.ID) > maxEventID {
		return fmt.Errorf("portfolio: a delivery's webhook id must be 1 to %d bytes", maxEventID)
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_events (event_id, entity_type, entity_id, body, received_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`),
			ev.ID, string(ev.EntityType), ev.EntityID, string(ev.Raw), micros(p.cfg.now()))
		if err != nil {
			return fmt.Errorf("portfolio: recording the event %s: %w", ev.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("portfolio: recording the event %s: %w", ev.ID, err)
		}
		if n == 0 {
			return nil // recorded before: its job exists
		}
		if _, err := p.insert.InsertTx(ctx, tx, eventArgs{EventID: ev.ID}, nil); err != nil {
			return fmt.Errorf("portfolio: enqueuing the event %s: %w", ev.ID, err)
		}
		return nil
	})
}
