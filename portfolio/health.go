package portfolio

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Ping reports whether the portfolio's database answers: nil when it
// does, else the error, within ctx (give it a timeout: a PostgreSQL
// server that went away may take long to say so). On PostgreSQL it asks
// the server; on SQLite it reads the file's schema, which a lock held by
// another process, or a file that can no longer be read, refuses. It is
// the check of a health endpoint (GET /healthz). A connection of the pool
// found lost (the server restarted since it was opened) is replaced and
// the question asked again, as a delivery's intake does.
func (p *Portfolio) Ping(ctx context.Context) error {
	if p.engine == enginePostgres {
		var err error
		for range intakeAttempts {
			if err = p.db.PingContext(ctx); err == nil || ctx.Err() != nil || !reconnectable(err) {
				break
			}
		}
		if err != nil {
			return fmt.Errorf("portfolio: the database %s does not answer: %w", p.where, err)
		}
		return nil
	}
	var n int
	if err := p.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n); err != nil {
		return fmt.Errorf("portfolio: the database %s does not answer: %w", p.where, err)
	}
	return nil
}

// The kinds of job QueueStats reports (QueueStat.Kind).
const (
	// JobKindDelivery is the check of a delivery.
	JobKindDelivery = "delivery"
	// JobKindAlert is an alert to one subscriber.
	JobKindAlert = "alert"
	// JobKindDigest is a mail digest to one subscriber.
	JobKindDigest = "digest"
)

// jobKinds names River's kinds of the portfolio's jobs.
var jobKinds = map[string]string{
	deliveryArgs{}.Kind(): JobKindDelivery,
	alertArgs{}.Kind():    JobKindAlert,
	digestArgs{}.Kind():   JobKindDigest,
}

// QueueStat is the state of the queue for one kind of job: how many
// jobs wait in each state, and how long the oldest of them has.
type QueueStat struct {
	// Kind is JobKindDelivery, JobKindAlert or JobKindDigest.
	Kind string
	// Available jobs may run now; Running ones run; Retryable ones
	// failed and wait for their next attempt; Scheduled ones wait for a
	// time (an alert's back-off, a job put back while the database was
	// away).
	Available, Running, Retryable, Scheduled int64
	// OldestAge is how long ago the oldest of those jobs was queued, by
	// the database's clock; 0 when there is none.
	OldestAge time.Duration
}

// QueueStats reads the portfolio's queue (River's job table) in one
// query: one QueueStat per kind of job, every kind present, in the order
// delivery, alert, digest. Jobs done, given up or cancelled are not
// counted.
func (p *Portfolio) QueueStats(ctx context.Context) ([]QueueStat, error) {
	age := `EXTRACT(EPOCH FROM (now() - min(created_at)))`
	if p.engine == engineSQLite {
		age = `unixepoch('now', 'subsec') - unixepoch(min(created_at), 'subsec')`
	}
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT kind, state, count(*), `+age+` FROM river_job
		WHERE queue IN ($1, $2) AND state IN ('available', 'running', 'retryable', 'scheduled') GROUP BY kind, state`), jobQueue, alertQueue)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the job queue: %w", err)
	}
	defer rows.Close()
	stats := []QueueStat{{Kind: JobKindDelivery}, {Kind: JobKindAlert}, {Kind: JobKindDigest}}
	for rows.Next() {
		var kind, state string
		var n int64
		var secs float64
		if err := rows.Scan(&kind, &state, &n, &secs); err != nil {
			return nil, fmt.Errorf("portfolio: reading the job queue: %w", err)
		}
		i := slices.IndexFunc(stats, func(s QueueStat) bool { return s.Kind == jobKinds[kind] })
		if i < 0 {
			continue // a kind of another release: not the portfolio's to report
		}
		s := &stats[i]
		switch state {
		case "available":
			s.Available += n
		case "running":
			s.Running += n
		case "retryable":
			s.Retryable += n
		case "scheduled":
			s.Scheduled += n
		}
		s.OldestAge = max(s.OldestAge, time.Duration(secs*float64(time.Second)))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the job queue: %w", err)
	}
	return stats, nil
}
