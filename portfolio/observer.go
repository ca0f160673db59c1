package portfolio

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/registerdata/registerdata-go/webhook"
	"github.com/riverqueue/river/rivertype"
)

// Observer is told what the portfolio does as it happens, for logs and
// metrics: each webhook delivery its Handler answers, each run of a
// delivery's check (a job of Work or Drain), each alert it tries to send.
// Give one with WithObserver. Its methods run on the goroutine of the
// event (a request's, a worker's), so they must be quick and safe for
// concurrent use; they cannot change what the portfolio does.
type Observer interface {
	// ObserveDelivery is called once per request the Handler answered.
	ObserveDelivery(ctx context.Context, d DeliveryObservation)
	// ObserveJob is called once per run of a delivery's check.
	ObserveJob(ctx context.Context, j JobObservation)
	// ObserveAlert is called once per try to send an alert or a digest.
	ObserveAlert(ctx context.Context, a AlertObservation)
}

// WithObserver makes the portfolio tell o of every delivery, job and
// alert (see Observer). The default tells nobody.
func WithObserver(o Observer) Option {
	return func(c *config) { c.observer = o }
}

// DeliveryOutcome is what became of one webhook delivery.
type DeliveryOutcome string

// The outcomes of a delivery.
const (
	// DeliveryReceived: recorded now, its job queued, answered 204.
	DeliveryReceived DeliveryOutcome = "received"
	// DeliveryDuplicate: its webhook id was recorded before (a
	// redelivery, a replay); answered 204, nothing changed.
	DeliveryDuplicate DeliveryOutcome = "duplicate"
	// DeliveryRefused: not recorded. A 4xx is for good (a bad
	// signature or timestamp, a body the database can never store); a
	// 503 asks the service to deliver it again (the database is
	// unavailable).
	DeliveryRefused DeliveryOutcome = "refused"
)

// DeliveryObservation is one request the Handler answered.
type DeliveryObservation struct {
	// ID is the delivery's webhook id; "" when the request was refused
	// before it was verified.
	ID string
	// CompanyID is the event's entity id, "" when it was not verified.
	CompanyID string
	Outcome   DeliveryOutcome
	// Status is the HTTP status answered.
	Status int
	// Reason is the answer's text for a refusal, "" otherwise: it names
	// the failed check, never the secret.
	Reason   string
	Duration time.Duration
}

// JobOutcome is what became of one run of a delivery's check.
type JobOutcome string

// The outcomes of a job's run.
const (
	// JobDone: the check is written (or there was nothing to check).
	JobDone JobOutcome = "done"
	// JobFailed: the run failed; the job runs again later.
	JobFailed JobOutcome = "failed"
	// JobGivenUp: the last attempt failed; the check is journalled as
	// given up and flagged check_failed (RetryFailed tries it again).
	JobGivenUp JobOutcome = "given_up"
	// JobPutBack: the database went away, or the worker was stopped;
	// the job runs again without losing an attempt.
	JobPutBack JobOutcome = "put_back"
)

// JobObservation is one run of the check of a delivery.
type JobObservation struct {
	// DeliveryID is the webhook id of the delivery checked.
	DeliveryID string
	// CompanyID and CompanyName are the company checked, as far as the
	// run got (the name from the record fetched, else its entry's).
	CompanyID, CompanyName string
	Outcome                JobOutcome
	// Attempt counts the job's runs, from 1.
	Attempt int
	// Credits is what the check's fetch cost (paid once, whichever run
	// fetched it).
	Credits  int64
	Duration time.Duration
	// Err is why a run did not end in JobDone.
	Err error
}

// AlertObservation is one try to send an alert (a journal entry to one
// subscriber) or a mail digest.
type AlertObservation struct {
	Subscriber string
	// Kind is the subscriber's channel: webhook, slack, teams, mail.
	Kind string
	// Seq is the journal entry sent, 0 for a digest.
	Seq int64
	// Sent reports whether the receiver took it; Err says why not.
	Sent     bool
	Err      error
	Duration time.Duration
}

// deliveryNote is what intake learns of a delivery that the webhook
// handler's outcome does not say: that it was recorded before.
type deliveryNote struct {
	start     time.Time
	duplicate bool
}

type deliveryNoteKey struct{}

// observed wraps the receiver h so that each request it answers is told
// to the observer (observeDelivery), when there is one.
func (p *Portfolio) observed(h http.Handler) http.Handler {
	if p.cfg.observer == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := &deliveryNote{start: time.Now()}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), deliveryNoteKey{}, n)))
	})
}

// markDuplicate notes that the delivery of ctx was recorded before.
func markDuplicate(ctx context.Context) {
	if n, ok := ctx.Value(deliveryNoteKey{}).(*deliveryNote); ok {
		n.duplicate = true
	}
}

// observeDelivery tells the observer what the Handler answered.
func (p *Portfolio) observeDelivery(r *http.Request, o webhook.Outcome) {
	n, ok := r.Context().Value(deliveryNoteKey{}).(*deliveryNote)
	if !ok || p.cfg.observer == nil {
		return
	}
	d := DeliveryObservation{Status: o.Status, Reason: o.Reason, Duration: time.Since(n.start), Outcome: DeliveryRefused}
	if o.Event != nil {
		d.ID, d.CompanyID = o.Event.ID, o.Event.EntityID
	}
	if o.Status >= 200 && o.Status < 300 {
		d.Outcome, d.Reason = DeliveryReceived, ""
		if n.duplicate {
			d.Outcome = DeliveryDuplicate
		}
	}
	p.cfg.observer.ObserveDelivery(r.Context(), d)
}

// jobNote is what a run of a delivery's check learns of its company, for
// the observer.
type jobNote struct {
	companyID, name string
	credits         int64
}

type jobNoteKey struct{}

// withJobNote is ctx carrying a note for the run's observation.
func withJobNote(ctx context.Context) (context.Context, *jobNote) {
	n := &jobNote{}
	return context.WithValue(ctx, jobNoteKey{}, n), n
}

// noteJob records, for the observer, the company a run checks, its name
// as fetched ("" when not fetched) and what the fetch cost.
func noteJob(ctx context.Context, companyID string, s snapshot, credits int64) {
	n, ok := ctx.Value(jobNoteKey{}).(*jobNote)
	if !ok {
		return
	}
	n.companyID, n.credits = companyID, credits
	if s.Company != nil {
		n.name = s.Company.Name.Name
	}
}

// observeJob tells the observer how a run of job (the check of delivery
// id, noted in n) ended: err is what the run returns to River, final
// whether it was the job's last attempt.
func (p *Portfolio) observeJob(ctx context.Context, job *rivertype.JobRow, id string, n *jobNote, start time.Time, final bool, err error) {
	if p.cfg.observer == nil {
		return
	}
	j := JobObservation{DeliveryID: id, CompanyID: n.companyID, CompanyName: n.name, Attempt: job.Attempt,
		Credits: n.credits, Duration: time.Since(start), Err: err, Outcome: JobDone}
	var snooze *rivertype.JobSnoozeError
	switch {
	case err == nil:
	case errors.As(err, &snooze) || errors.Is(ctx.Err(), context.Canceled):
		j.Outcome = JobPutBack
	case final:
		j.Outcome = JobGivenUp
	default:
		j.Outcome = JobFailed
	}
	if j.CompanyName == "" && j.CompanyID != "" && j.Outcome != JobPutBack {
		// A run that failed before its fetch: the entry's name, if the
		// database answers within a moment.
		nctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		_ = p.db.QueryRowContext(nctx, p.q(`SELECT COALESCE(MAX(name), '') FROM portfolio_entries WHERE company_id = $1`), j.CompanyID).Scan(&j.CompanyName)
		cancel()
	}
	p.cfg.observer.ObserveJob(ctx, j)
}

// observeAlert tells the observer of one try to send to s: entry seq (0
// for a digest), and sendErr, nil when it was sent.
func (p *Portfolio) observeAlert(ctx context.Context, s *Subscriber, seq int64, start time.Time, sendErr error) {
	if p.cfg.observer == nil {
		return
	}
	p.cfg.observer.ObserveAlert(ctx, AlertObservation{Subscriber: s.Name, Kind: s.Kind(), Seq: seq,
		Sent: sendErr == nil, Err: sendErr, Duration: time.Since(start)})
}
