package portfolio

import (
	"context"
	"database/sql"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	registerdata "github.com/registerdata/registerdata-go"
)

// SetAfterFetch sets the function the job of a delivery runs after its
// answers are recorded and before they are compared and journalled (nil:
// none). For the kill tests' worker processes, before
// any work starts.
func SetAfterFetch(f func(deliveryID string)) { afterFetch = f }

// SetWaitingForSlot sets the function a job claimed ahead calls with its
// delivery when it waits for a worker (nil: none).
func SetWaitingForSlot(f func(deliveryID string)) { waitingForSlot = f }

// SetAfterOneTrip sets the function told how each check of a delivery
// that tried one round trip ended: written, or fallen back to a check of
// several trips (nil: none).
func SetAfterOneTrip(f func(companyID string, written bool)) { afterOneTrip = f }

// MatchWalks is how many match walks of imports are running.
func MatchWalks() int64 { return matchWalks.Load() }

// RunDeliveryJob runs the job of the recorded delivery id once, as a
// worker would (a retry of a job runs this again).
func (p *Portfolio) RunDeliveryJob(ctx context.Context, id string) error {
	return p.processDelivery(ctx, id)
}

// Rejudge checks company id again from its stored records, journalling
// the check even when nothing changed (a rescreen's re-evaluation that
// always writes an entry).
func (p *Portfolio) Rejudge(ctx context.Context, id string) (*Event, error) {
	return p.apply(ctx, check{companyID: id, always: true})
}

// Material is material: a flag's reason as far as it matters.
func Material(reason string) string { return material(reason) }

// AuditHash is auditHash: the hash of the audit entry that follows prev.
func AuditHash(prev string, seq, at int64, a Actor, action, subject string, detail []byte) string {
	return auditHash(prev, seq, at, a, action, subject, detail)
}

// SetAfterInsert sets the function run in the SQLite transaction that
// records a delivery first, after its row is written and before it
// commits (nil: none). PostgreSQL records a delivery in one statement.
func SetAfterInsert(f func(deliveryID string)) { afterInsert = f }

// PoolWaits is how often a query of p waited for a connection of its
// pool (database/sql's WaitCount).
func (p *Portfolio) PoolWaits() int64 { return p.db.Stats().WaitCount }

// PoolInUse is how many connections of p's pool a query holds now.
func (p *Portfolio) PoolInUse() int { return p.db.Stats().InUse }

// SetAlertBackoff sets the wait before an alert's first retry (doubled
// each try) and returns the one before.
func SetAlertBackoff(d time.Duration) time.Duration {
	old := alertBackoff
	alertBackoff = d
	return old
}

// SlackMessage and TeamsMessage are the bodies of entry e for a Slack
// and a Teams subscriber.
func SlackMessage(e *Event, workplace string) ([]byte, error) {
	return slackMessage(e, workplace, false)
}

// TeamsMessage: see SlackMessage.
func TeamsMessage(e *Event, workplace string) ([]byte, error) {
	return teamsMessage(e, workplace, false)
}

// WebhookID is the webhook-id of entry seq sent to subscriber name.
func WebhookID(seq int64, name string) string { return webhookID(seq, name) }

// RunAlertJob runs the job of entry seq for subscriber name once, as a
// worker's retry would.
func (p *Portfolio) RunAlertJob(ctx context.Context, seq int64, name string) error {
	return p.runAlert(ctx, seq, name, false)
}

// RunDigest sends subscriber name's digest of the period holding t.
func (p *Portfolio) RunDigest(ctx context.Context, name string, t time.Time) error {
	s := &Subscriber{Digest: digestDaily}
	for sub, err := range p.Subscribers(ctx) {
		if err != nil {
			return err
		}
		if sub.Name == name {
			s = &sub
		}
	}
	start, _ := period(s.Digest, t)
	return p.runDigest(ctx, name, start, false)
}

// MailBody and MailSubject are a mail's body of es and its subject line.
func MailBody(es []Event) string { return mailBody(es, "") }

// MailSubject: see MailBody.
func MailSubject(s string) string { return mailSubject(s) }

// SecretOf is s as a secret.
func SecretOf(s string) registerdata.Secret { return registerdata.Secret(s) }

// SetIntakeTimeout sets the bound of a delivery's recording and returns
// the one before.
func SetIntakeTimeout(d time.Duration) time.Duration {
	old := intakeTimeout
	intakeTimeout = d
	return old
}

// SetDeliveryRetry sets the wait before a delivery's retry (zero:
// River's policy) and returns the one before.
func SetDeliveryRetry(d time.Duration) time.Duration {
	old := deliveryRetry
	deliveryRetry = d
	return old
}

// RetryNow makes the portfolio's jobs that failed and wait for their
// next attempt due at once, as the end of the wait would (River keeps a
// job whose retry is near available, with its time ahead; one further
// off retryable), and returns how many it made due.
func (p *Portfolio) RetryNow(ctx context.Context) (int, error) {
	params := river.NewJobListParams().Queues(jobQueue).States(rivertype.JobStateAvailable, rivertype.JobStateRetryable).First(drainList)
	res, err := p.insert.JobList(ctx, params)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, j := range res.Jobs {
		if j.Attempt == 0 {
			continue // never run: not waiting for a retry
		}
		if _, err := p.insert.JobRetry(ctx, j.ID); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// SetWalkPage sets how many companies a walk of the store reads at a
// time, and returns the size it replaced.
func SetWalkPage(n int) int {
	old := walkPage
	walkPage = n
	return old
}

// ImportBatch is the most rows Import commits in one transaction.
const ImportBatch = maxGroup

// SetAfterStoredRead sets the function Import runs once it has read the
// stored entries of a chunk's refs, before it writes any of them (nil:
// none).
func SetAfterStoredRead(f func(refs []string)) { afterStoredRead = f }

// EnqueueWithRiver enqueues the job of the delivery id with River's own
// insert (its fast insert, which writes the row as the intake's
// statements do), for comparing the two rows.
func (p *Portfolio) EnqueueWithRiver(ctx context.Context, id string) error {
	return p.inTx(ctx, func(tx *sql.Tx) error {
		_, err := p.insert.InsertManyFastTx(ctx, tx, []river.InsertManyParams{{Args: deliveryArgs{DeliveryID: id}}})
		return err
	})
}

// ApplyFetched writes the check of delivery deliveryID with co fetched
// for it (at credits) and not yet recorded, as the delivery's job does
// after its fetch on PostgreSQL (the check records the answer).
func (p *Portfolio) ApplyFetched(ctx context.Context, deliveryID string, co *registerdata.Company, credits int64) error {
	at := p.cfg.now()
	r, err := newRecord(deliveryID, co.ID, partCompany, co, credits, at)
	if err != nil {
		return err
	}
	_, err = p.apply(ctx, check{companyID: co.ID, deliveryID: deliveryID, fresh: snapshot{Company: co}, fetchedAt: at, credits: credits, record: &r})
	return err
}
