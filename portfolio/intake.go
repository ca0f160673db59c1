package portfolio

import (
	"context"
	"database/sql"
	"errors"
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
// unavailable: PostgreSQL down or restarting, the SQLite file locked by
// another process for longer than its busy timeout) is answered 503
// with a Retry-After, so the service delivers it again: within 10
// seconds (the service waits 15), and at once when the server refuses
// connections. A 2xx always means the delivery is recorded.
func (p *Portfolio) Handler(v *webhook.Verifier) http.Handler {
	h := webhook.Handler(v, p.intake)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := new(intakeState)
		h.ServeHTTP(&refusingWriter{ResponseWriter: w, st: st}, r.WithContext(context.WithValue(r.Context(), intakeStateKey{}, st)))
	})
}

// intakeState tells the Handler's writer that the request's delivery
// could not be recorded.
type intakeState struct{ unrecorded bool }

type intakeStateKey struct{}

// refusingWriter turns the 500 that webhook.Handler answers for a
// failed callback into a 503 with a Retry-After when the failure was
// the database's: the delivery is not recorded, and the service should
// try again later.
type refusingWriter struct {
	http.ResponseWriter
	st       *intakeState
	replaced bool
}

func (w *refusingWriter) WriteHeader(code int) {
	if code == http.StatusInternalServerError && w.st.unrecorded && !w.replaced {
		w.replaced = true
		h := w.Header()
		h.Set("Retry-After", retryAfter)
		h.Set("Content-Type", "text/plain; charset=utf-8")
		h.Del("Content-Length")
		w.ResponseWriter.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.ResponseWriter.Write([]byte("portfolio: the database is unavailable, the delivery is not recorded; retry later\n"))
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *refusingWriter) Write(b []byte) (int, error) {
	if w.replaced {
		return len(b), nil // webhook.Handler's text for the 500, replaced
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the underlying writer.
func (w *refusingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// errBadEventID is the error of a delivery whose id the portfolio does
// not record.
var errBadEventID = fmt.Errorf("portfolio: a delivery's webhook id must be 1 to %d bytes", maxEventID)

// intake records ev and enqueues its job, in one transaction, within
// intakeTimeout. A connection found lost is replaced and the delivery
// tried again (recording is idempotent); when it still cannot be
// recorded (or the server refuses connections), the request is marked
// for the Handler's 503.
func (p *Portfolio) intake(ctx context.Context, ev *webhook.Event) error {
	if ev.ID == "" || len(ev.ID) > maxEventID {
		return errBadEventID
	}
	ctx, cancel := context.WithTimeout(ctx, intakeTimeout)
	defer cancel()
	var err error
	for range intakeAttempts {
		if err = p.record(ctx, ev); err == nil || ctx.Err() != nil || !reconnectable(err) {
			break
		}
	}
	if err != nil && !errors.Is(err, errBadEventID) {
		if st, ok := ctx.Value(intakeStateKey{}).(*intakeState); ok {
			st.unrecorded = true
		}
	}
	return err
}

// record is one attempt of intake.
func (p *Portfolio) record(ctx context.Context, ev *webhook.Event) error {
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
