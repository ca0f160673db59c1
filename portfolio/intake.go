package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"github.com/registerdata/registerdata-go/webhook"
)

// maxDeliveryID is the longest webhook id of a delivery the portfolio
// records.
const maxDeliveryID = 256

// Handler returns the http.Handler that receives the service's webhook
// deliveries: it verifies each with v (webhook.Handler: signature,
// timestamp, body size), records the delivery under its webhook id and
// enqueues its job in one transaction, and answers 204 at once; the work
// happens in Work or Drain. A delivery whose webhook id is recorded
// already (a redelivery, a concurrent duplicate, a replay) is answered 204 and
// changes nothing. A delivery that cannot be recorded (the database is
// unavailable: PostgreSQL down or restarting, the SQLite file locked by
// another process for longer than its busy timeout) is answered 503
// with a Retry-After, so the service delivers it again: within 10
// seconds (the service waits 15), and at once when the server refuses
// connections. A 2xx always means the delivery is recorded. v's Deduper
// is not used (webhook.WithoutDeduper): the database recognises a webhook
// id recorded before, whichever receiver on it recorded it.
func (p *Portfolio) Handler(v *webhook.Verifier) http.Handler {
	// The database de-duplicates (the webhook id is the key of a
	// delivery's row): the verifier's Deduper would only hold ids in
	// memory.
	return webhook.Handler(v, p.intake, webhook.WithoutDeduper())
}

// errBadDeliveryID is the error of a delivery whose webhook id the
// portfolio does not record.
var errBadDeliveryID = fmt.Errorf("portfolio: a delivery's webhook id must be 1 to %d bytes", maxDeliveryID)

// intake records the delivery d and enqueues its job, in one transaction, within
// intakeTimeout. A connection found lost is replaced and the delivery
// tried again (recording is idempotent); when it still cannot be
// recorded (or the server refuses connections), the error is a
// webhook.RetryLater, which the Handler answers 503 with a Retry-After.
func (p *Portfolio) intake(ctx context.Context, d *webhook.Event) error {
	if d.ID == "" || len(d.ID) > maxDeliveryID {
		return errBadDeliveryID
	}
	ctx, cancel := context.WithTimeout(ctx, intakeTimeout)
	defer cancel()
	var err error
	for range intakeAttempts {
		if err = p.record(ctx, d); err == nil || ctx.Err() != nil || !reconnectable(err) {
			break
		}
	}
	if err != nil && !errors.Is(err, errBadDeliveryID) {
		return &webhook.RetryLater{After: retryAfter, Err: err}
	}
	return err
}

// record is one attempt of intake.
func (p *Portfolio) record(ctx context.Context, d *webhook.Event) error {
	return p.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_deliveries (event_id, entity_type, entity_id, body, received_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`),
			d.ID, string(d.EntityType), d.EntityID, string(d.Raw), micros(p.cfg.now()))
		if err != nil {
			return fmt.Errorf("portfolio: recording the delivery %s: %w", d.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("portfolio: recording the delivery %s: %w", d.ID, err)
		}
		if n == 0 {
			return nil // recorded before: its job exists
		}
		if _, err := p.insert.InsertTx(ctx, tx, deliveryArgs{DeliveryID: d.ID}, nil); err != nil {
			return fmt.Errorf("portfolio: enqueuing the delivery %s: %w", d.ID, err)
		}
		return nil
	})
}
