package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// What happens to a check that keeps failing: River tries the job of a
// delivery again with growing waits (WithJobAttempts times, about three
// weeks by default; waits for an unavailable database do not count).
// When the last attempt fails, the portfolio gives up on it, never in
// silence:
//
//   - the journal gets an entry for the delivery with Event.Failed (what
//     failed, after how many attempts, since when);
//   - the company's flag redflags.FlagCheckFailed is raised for review
//     (Flags, the report, the CLI's flags);
//   - Rescreen polls the company, monitor or not, until a check of it
//     succeeds;
//   - RetryFailed queues the delivery again, by hand.
//
// A later check of the company that fetches its record (a delivery, a
// Rescreen poll, a retried delivery) compares it with the stored one, so
// it covers what the given-up check missed: it clears the flag, and the
// deliveries given up are marked processed.

// CheckFailure says that the portfolio gave up on the check of a
// delivery (Event.Failed).
type CheckFailure struct {
	// Error is what the last attempt failed with.
	Error string `json:"error"`
	// Attempts is how many attempts were made.
	Attempts int `json:"attempts"`
	// Since is when the delivery was received: no check of it succeeded
	// since.
	Since time.Time `json:"since"`
}

// maxJobAttempts bounds WithJobAttempts.
const maxJobAttempts = 1000

// WithJobAttempts sets how many times the job of a delivery is tried
// before the portfolio gives up on it (see CheckFailure): n from 1 to
// 1000; the default is River's, 25 (the waits between attempts grow, so
// the last comes about three weeks after the first). Jobs queued before
// keep the number they were queued with. Tests use 1 so as not to wait.
func WithJobAttempts(n int) Option {
	return func(c *config) {
		if n > 0 && n <= maxJobAttempts {
			c.jobAttempts = n
		}
	}
}

// failureText bounds the error kept of a check given up.
const failureText = 500

// clipText is s cut to at most n bytes of valid UTF-8, with "…" when it
// was cut.
func clipText(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// finalAttempt reports whether the portfolio gives up on job when its
// run ended with err: the run failed, was its last attempt, and was not
// put back (a snooze while the database is unavailable) or stopped by a
// shutdown (River runs it again).
func finalAttempt(ctx context.Context, job *rivertype.JobRow, err error) bool {
	var snooze *rivertype.JobSnoozeError
	return err != nil && job.Attempt >= job.MaxAttempts && !errors.As(err, &snooze) && !errors.Is(ctx.Err(), context.Canceled)
}

// giveUp records that the last attempt of job, the check of delivery id,
// failed with cause, and returns what the job returns: cause (River
// discards the job, keeping its errors), or a snooze when the database is
// unavailable (the record is written when the job runs again).
func (p *Portfolio) giveUp(ctx context.Context, job *rivertype.JobRow, id string, cause error) error {
	// The job's own context may have ended (its timeout): the record
	// gets one of its own.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), intakeTimeout)
	defer cancel()
	f := &CheckFailure{Error: clipText(cause.Error(), failureText), Attempts: job.Attempt}
	err := p.recordFailure(rctx, id, f)
	switch {
	case err == nil:
		p.cfg.logger.WarnContext(ctx, "portfolio: gave up on the check of a delivery: journalled and flagged check_failed; RetryFailed tries it again",
			"event", id, "attempts", f.Attempts, "err", cause)
		return cause
	case unavailable(err):
		p.cfg.logger.WarnContext(ctx, "portfolio: the database went away while recording a check given up; it is recorded when the database is back", "event", id, "err", err)
		return river.JobSnooze(jobRetry)
	}
	return errors.Join(cause, err)
}

// recordFailure writes, in one transaction, that the check of delivery
// id was given up: the delivery marked failed, the flag check_failed of
// its company raised (or its reason updated), and the journal entry with
// f. A delivery processed meanwhile is left alone.
func (p *Portfolio) recordFailure(ctx context.Context, id string, f *CheckFailure) error {
	var company string
	if err := p.db.QueryRowContext(ctx, p.q(`SELECT entity_id FROM portfolio_deliveries WHERE event_id = $1`), id).Scan(&company); err != nil {
		return fmt.Errorf("portfolio: reading the delivery %s: %w", id, err)
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		// The company's snapshot first, then the delivery: the order in
		// which a check of another delivery of the company, which covers
		// this one (supersedeFailed), takes them.
		s, _, err := p.lockSnapshot(ctx, tx, company)
		if err != nil {
			return err
		}
		var received int64
		var processed sql.NullInt64
		err = tx.QueryRowContext(ctx, p.q(`SELECT received_at, processed_at FROM portfolio_deliveries WHERE event_id = $1`+p.lockSQL()), id).Scan(&received, &processed)
		if err != nil {
			return fmt.Errorf("portfolio: reading the delivery %s: %w", id, err)
		}
		if processed.Valid {
			return nil
		}
		f.Since = fromMicros(received)
		now := p.cfg.now()
		if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_deliveries SET failed_at = $1, failure = $2, attempts = $3 WHERE event_id = $4`),
			micros(now), f.Error, f.Attempts, id); err != nil {
			return fmt.Errorf("portfolio: marking the delivery %s failed: %w", id, err)
		}
		open, err := p.openFlags(ctx, tx, company)
		if err != nil {
			return err
		}
		flag := redflags.Flag{Code: redflags.FlagCheckFailed, Facts: "delivery " + id,
			Reason: fmt.Sprintf("The check of the change announced by delivery %s (received %s) was given up after %d attempts: %s. "+
				"What changed is not known until a check of the company succeeds: Rescreen polls it, and RetryFailed (registerdata portfolio retry) tries the delivery again.",
				id, f.Since.Format(time.DateOnly), f.Attempts, f.Error)}
		old, isOpen := open.byCode[flag.Code]
		again, err := p.putFlag(ctx, tx, company, flag, old, isOpen, now, false)
		if err != nil {
			return err
		}
		var raised []redflags.Flag
		if again {
			raised = append(raised, flag)
		}
		name := ""
		if s.Company != nil {
			name = s.Company.Name.Name
		}
		_, err = p.journal(ctx, tx, check{companyID: company, deliveryID: id, failed: f}, name, []changes.Change{}, raised, nil, now)
		return err
	})
}

// supersedeFailed marks the deliveries of company id whose check was
// given up processed, in tx: a check of the company that fetched its
// record succeeded and covers what they announced.
func (p *Portfolio) supersedeFailed(ctx context.Context, ex execer, id string, now time.Time) error {
	if _, err := ex.ExecContext(ctx, p.q(`UPDATE portfolio_deliveries SET processed_at = $1 WHERE entity_id = $2 AND failed_at > 0 AND processed_at IS NULL`),
		micros(now), id); err != nil {
		return fmt.Errorf("portfolio: marking the deliveries of %s given up as covered: %w", id, err)
	}
	return nil
}

// retryPage is how many given-up deliveries RetryFailed queues per
// transaction.
const retryPage = 500

// RetryFailed queues again the checks the portfolio gave up on (see
// CheckFailure) of the companies given, or of every company when none
// is given, and returns how many it queued. Work or Drain runs them,
// with WithJobAttempts attempts again; a check that succeeds clears the
// company's flag check_failed, one that fails every attempt is given up
// and journalled again. A delivery covered meanwhile by a later check of
// its company (see Rescreen) is not queued.
func (p *Portfolio) RetryFailed(ctx context.Context, companyIDs ...string) (int, error) {
	cond, args := "", []any{}
	if len(companyIDs) > 0 {
		marks, a := placeholders(companyIDs, 1)
		cond, args = " AND entity_id IN ("+marks+")", a
	}
	total := 0
	for {
		n := 0
		err := p.inTx(ctx, func(tx *sql.Tx) error {
			n = 0
			rows, err := tx.QueryContext(ctx, p.q(`SELECT event_id FROM portfolio_deliveries WHERE failed_at > 0 AND processed_at IS NULL`+cond+
				` ORDER BY received_at, event_id LIMIT `+itoa(retryPage)+p.lockSQL()), args...)
			if err != nil {
				return fmt.Errorf("portfolio: RetryFailed: reading the deliveries given up: %w", err)
			}
			var ids []string
			for rows.Next() {
				var id string
				if err := rows.Scan(&id); err != nil {
					rows.Close()
					return fmt.Errorf("portfolio: RetryFailed: reading the deliveries given up: %w", err)
				}
				ids = append(ids, id)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return fmt.Errorf("portfolio: RetryFailed: reading the deliveries given up: %w", err)
			}
			for _, id := range ids {
				if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_deliveries SET failed_at = 0 WHERE event_id = $1`), id); err != nil {
					return fmt.Errorf("portfolio: RetryFailed: queueing the delivery %s: %w", id, err)
				}
				if _, err := p.insert.InsertTx(ctx, tx, deliveryArgs{DeliveryID: id}, nil); err != nil {
					return fmt.Errorf("portfolio: RetryFailed: queueing the delivery %s: %w", id, err)
				}
			}
			n = len(ids)
			return nil
		})
		total += n
		if err != nil || n < retryPage {
			return total, err
		}
	}
}

// failedCompanies are the companies with an open flag check_failed: a
// check of them was given up, and Rescreen polls them even when
// monitored.
func (p *Portfolio) failedCompanies(ctx context.Context) (map[string]bool, error) {
	ids, err := p.strings(ctx, p.q(`SELECT company_id FROM portfolio_flags WHERE code = $1`), redflags.FlagCheckFailed)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
