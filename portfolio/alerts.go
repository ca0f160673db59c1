package portfolio

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/registerdata/registerdata-go/redflags"
	"github.com/riverqueue/river"
)

// alertQueue is the River queue of the alerts: apart from the intake's,
// so a slow receiver never holds up the checks.
const alertQueue = "registerdata_portfolio_alerts"

// The states of an alert (a row of portfolio_alerts).
const (
	alertPending = "pending"
	alertSent    = "sent"
	alertDead    = "dead"
)

// alertGiveUp is how long after its entry an alert that keeps failing is
// given up: it is then dead, shown by Subscribers and the report, and
// sent again only by ReplayAlerts.
const alertGiveUp = 3 * 24 * time.Hour

// alertMaxAttempts bounds River's tries of an alert; with alertBackoff
// doubling up to an hour, 3 days pass well before it.
const alertMaxAttempts = 200

// alertArgs is the job of one journal entry for one subscriber.
type alertArgs struct {
	Seq        int64  `json:"seq"`
	Subscriber string `json:"subscriber"`
}

// Kind names the job kind in River's table.
func (alertArgs) Kind() string { return "registerdata_portfolio_alert" }

// InsertOpts puts the job in the alerts' queue.
func (alertArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: alertQueue, MaxAttempts: alertMaxAttempts}
}

// webhookID is the webhook-id of entry seq sent to subscriber name: a
// receiver de-duplicates by it.
func webhookID(seq int64, name string) string {
	return "journal-" + strconv.FormatInt(seq, 10) + "-" + name
}

// severityOf is the most serious severity an entry raises: "high",
// "review", or "" when it raises no flag.
func severityOf(e *Event) string {
	s := ""
	for _, f := range e.Raised {
		switch redflags.SeverityOf(f.Code) {
		case redflags.High:
			return string(redflags.High)
		default:
			s = string(redflags.Review)
		}
	}
	return s
}

// wants reports whether subscriber s is sent entry e of a company with
// the tags.
func (s *Subscriber) wants(e *Event, tags []string) bool {
	switch s.MinSeverity {
	case string(redflags.High):
		if severityOf(e) != string(redflags.High) {
			return false
		}
	case string(redflags.Review):
		if severityOf(e) == "" {
			return false
		}
	}
	if len(s.Tags) == 0 {
		return true
	}
	for _, t := range s.Tags {
		if slices.Contains(tags, t) {
			return true
		}
	}
	return false
}

// companyTags are the tags of the matched entries of company id.
func (p *Portfolio) companyTags(ctx context.Context, q queryer, id string) ([]string, error) {
	rows, err := q.QueryContext(ctx, p.q(`SELECT tags FROM portfolio_entries WHERE company_id = $1 AND status = 'matched'`), id)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the tags of %s: %w", id, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("portfolio: reading the tags of %s: %w", id, err)
		}
		out = append(out, decodeTags(s)...)
	}
	return out, rows.Err()
}

// enqueueAlerts writes, in tx (the one writing entry e, or a replay's),
// an alert and its job for each subscriber that wants e, so no entry is
// announced before its commit nor forgotten after it. A subscriber given
// e before is set pending again (a replay).
func (p *Portfolio) enqueueAlerts(ctx context.Context, tx dbtx, e *Event, subs []Subscriber, only string) (int, error) {
	var tags []string
	var jobs []river.InsertManyParams
	for i := range subs {
		s := &subs[i]
		if only != "" && s.Name != only {
			continue
		}
		if len(s.Tags) > 0 && tags == nil {
			var err error
			if tags, err = p.companyTags(ctx, tx, e.CompanyID); err != nil {
				return 0, err
			}
			tags = append(tags, "") // read once, even when there are none
		}
		if !s.wants(e, tags) {
			continue
		}
		// A mail subscriber gets a high flag at once, the rest in its digest.
		state, job := alertPending, river.InsertManyParams{Args: alertArgs{Seq: e.Seq, Subscriber: s.Name}}
		if s.Kind() == kindMail && severityOf(e) != string(redflags.High) {
			state, job = alertDigest, p.digestJob(s, e)
		}
		_, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_alerts (seq, subscriber, state, attempts, error, at) VALUES ($1, $2, $3, 0, '', $4)
			ON CONFLICT (subscriber, seq) DO UPDATE SET state = $3, attempts = 0, error = '', at = $4`), e.Seq, s.Name, state, micros(p.cfg.now()))
		if err != nil {
			return 0, fmt.Errorf("portfolio: recording the alert of journal entry %d to %q: %w", e.Seq, s.Name, err)
		}
		jobs = append(jobs, job)
	}
	if len(jobs) == 0 {
		return 0, nil
	}
	if err := p.insertJobs(ctx, tx, jobs); err != nil {
		return 0, fmt.Errorf("portfolio: enqueuing the alerts of journal entry %d: %w", e.Seq, err)
	}
	return len(jobs), nil
}

// alertsFor enqueues, in tx, the alerts of the entry e just written.
func (p *Portfolio) alertsFor(ctx context.Context, tx dbtx, e *Event) error {
	subs, err := p.subscribers(ctx, tx)
	if err != nil || len(subs) == 0 {
		return err
	}
	_, err = p.enqueueAlerts(ctx, tx, e, subs, "")
	return err
}

// ReplayAlerts sends the journal entries after since (a Seq; 0 for all)
// again to the subscriber name ("" for every subscriber), each that it
// wants: dead ones, ones sent already (a receiver that lost them) and
// ones journalled before it was added. Work or Drain sends them; it
// returns how many it queued. errors.Is(err, ErrNoSubscriber) for a name
// no subscriber has. When ctx carries an actor (WithActor), the replay
// is an audit entry, written once the entries are queued.
func (p *Portfolio) ReplayAlerts(ctx context.Context, name string, since int64) (int, error) {
	subs, err := p.subscribers(ctx, p.db)
	if err != nil {
		return 0, err
	}
	if name != "" && !slices.ContainsFunc(subs, func(s Subscriber) bool { return s.Name == name }) {
		return 0, fmt.Errorf("%w named %q: list them with Subscribers", ErrNoSubscriber, name)
	}
	queued, start := 0, since
	for {
		page, err := p.eventsAfter(ctx, since)
		if err != nil {
			return queued, err
		}
		if len(page) == 0 {
			return queued, p.inTx(ctx, func(tx *sql.Tx) error {
				return p.auditSubscriber(ctx, tx, "subscriber-replay", cmp.Or(name, "*"),
					map[string]any{"subscriber": name, "since": start, "queued": queued})
			})
		}
		n := 0
		err = p.inTx(ctx, func(tx *sql.Tx) error {
			for i := range page {
				k, err := p.enqueueAlerts(ctx, tx, &page[i], subs, name)
				if err != nil {
					return err
				}
				n += k
			}
			return nil
		})
		if err != nil {
			return queued, err
		}
		queued += n
		since = page[len(page)-1].Seq
	}
}

// alertWorker runs the jobs of alerts.
type alertWorker struct {
	river.WorkerDefaults[alertArgs]
	p   *Portfolio
	ran *runs
}

// Work sends one entry to one subscriber. A subscriber removed since
// gets nothing; an alert sent already is not sent again. A failure is
// retried (NextRetry) until the entry is 3 days old, then the alert is
// dead.
func (w *alertWorker) Work(ctx context.Context, job *river.Job[alertArgs]) error {
	w.ran.begin()
	defer w.ran.end(job.ID)
	return w.p.runAlert(ctx, job.Args.Seq, job.Args.Subscriber, job.Attempt >= job.MaxAttempts)
}

// Timeout bounds one try: the receiver's answer within sendTimeout, and
// the database around it, within the portfolio's job timeout (half the
// rescue time, so a try still running is not taken over).
func (w *alertWorker) Timeout(*river.Job[alertArgs]) time.Duration {
	return min(sendTimeout+20*time.Second, w.p.JobTimeout())
}

// NextRetry backs off exponentially: alertBackoff, doubled each try, at
// most an hour.
func (w *alertWorker) NextRetry(job *river.Job[alertArgs]) time.Time {
	d := alertBackoff
	for i := 1; i < job.Attempt && d < time.Hour; i++ {
		d *= 2
	}
	return time.Now().Add(min(d, time.Hour))
}

// alertBackoff is the wait before an alert's first retry.
var alertBackoff = 10 * time.Second

// runAlert sends entry seq to subscriber name, and records the outcome.
func (p *Portfolio) runAlert(ctx context.Context, seq int64, name string, last bool) error {
	var state string
	err := p.db.QueryRowContext(ctx, p.q(`SELECT state FROM portfolio_alerts WHERE subscriber = $1 AND seq = $2`), name, seq).Scan(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // the subscriber was removed
	}
	if err != nil {
		return fmt.Errorf("portfolio: reading the alert of journal entry %d to %q: %w", seq, name, err)
	}
	if state != alertPending {
		return nil
	}
	subs, err := p.subscribers(ctx, p.db)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(subs, func(s Subscriber) bool { return s.Name == name })
	if i < 0 {
		return nil
	}
	page, err := p.eventsUpTo(ctx, seq-1, 1)
	if err != nil {
		return err
	}
	if len(page) == 0 || page[0].Seq != seq {
		return p.setAlert(ctx, seq, name, alertDead, fmt.Sprintf("journal entry %d is not in the journal", seq))
	}
	e := &page[0]
	sent := time.Now()
	sendErr := p.send(ctx, &subs[i], e)
	p.observeAlert(ctx, &subs[i], seq, sent, sendErr)
	if sendErr == nil {
		return p.setAlert(ctx, seq, name, alertSent, "")
	}
	if last || p.cfg.now().Sub(e.At) >= alertGiveUp {
		if err := p.setAlert(ctx, seq, name, alertDead, sendErr.Error()); err != nil {
			return err
		}
		return river.JobCancel(sendErr)
	}
	if err := p.setAlert(ctx, seq, name, alertPending, sendErr.Error()); err != nil {
		return err
	}
	return sendErr
}

// setAlert records the state of an alert; a failed try (an error) counts
// as an attempt.
func (p *Portfolio) setAlert(ctx context.Context, seq int64, name, state, msg string) error {
	failed := 0
	if msg != "" {
		failed = 1
	}
	_, err := p.db.ExecContext(ctx, p.q(`UPDATE portfolio_alerts SET state = $1, error = $2, attempts = attempts + $3, at = $4 WHERE subscriber = $5 AND seq = $6`),
		state, clipText(msg, 500), failed, micros(p.cfg.now()), name, seq)
	if err != nil {
		return fmt.Errorf("portfolio: recording the alert of journal entry %d to %q: %w", seq, name, err)
	}
	return nil
}

// alertWorkers is how many alerts a process sends at once: a slow
// receiver takes these, never the intake's workers.
const alertWorkers = 8

// entryName is the name the portfolio's entries give company id ("" when
// none), for an entry whose check found none.
func (p *Portfolio) entryName(ctx context.Context, tx dbtx, id string) string {
	var name string
	_ = tx.QueryRowContext(ctx, p.q(`SELECT COALESCE(MAX(name), '') FROM portfolio_entries WHERE company_id = $1`), id).Scan(&name)
	return name
}
