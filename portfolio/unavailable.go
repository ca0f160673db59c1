package portfolio

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/riverqueue/river"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// What the portfolio does while its database is unavailable (PostgreSQL
// stopped, restarting or unreachable; a SQLite file locked by another
// process): the receiver refuses deliveries with 503 and a Retry-After,
// so the service delivers them again; the workers keep running, put
// back the jobs they could not finish and take them up again once the
// database answers.
const (
	// retryAfter is the Retry-After of a delivery refused because it
	// could not be recorded.
	retryAfter = 10 * time.Second
	// intakeAttempts is how often a delivery is tried on connections
	// that turn out to be lost (the pool may still hold connections to
	// a server that restarted) before it is refused; a server that
	// refuses new connections refuses it at once.
	intakeAttempts = 5
	// jobRetry is how long a job waits when the database went away
	// under it; the wait does not count as one of its attempts.
	jobRetry = time.Second
	// startRetryMax bounds the wait between attempts to start the
	// workers while the database is unavailable.
	startRetryMax = 5 * time.Second
)

// intakeTimeout bounds the recording of one delivery: the service gives
// up on an answer after 15 seconds. Tests set it.
var intakeTimeout = 10 * time.Second

// Unavailable reports whether err (of Open, say) is the database being
// unavailable now but perhaps not later, so that trying again is worth
// it: PostgreSQL stopped, restarting, starting up or unreachable, too
// many connections, a SQLite file busy or locked by another process. A
// DSN that names no database, a wrong password, a schema newer than this
// release or a cancelled context is not: trying again changes nothing.
func Unavailable(err error) bool { return unavailable(err) }

// unavailable reports whether err says the database cannot be reached
// or used now, but may be later: a lost or refused connection, a server
// shutting down or starting, too many connections, a SQLite file busy
// or locked by another connection. An error of the service's API (an
// answer or no answer from it) is not one, nor a cancelled context.
func unavailable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, registerdata.ErrServer) {
		return false
	}
	var api *registerdata.APIError
	if errors.As(err, &api) {
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		code := se.Code() & 0xff // the primary result code
		return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
	}
	return connectionLost(err)
}

// connectionLost reports whether err is PostgreSQL's connection failing:
// not reached, refused, cut off, or the server refusing work while it
// shuts down or starts.
func connectionLost(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// Class 08: connection exception; 57P01-57P03: admin or crash
		// shutdown, cannot connect now; 53300: too many connections.
		return strings.HasPrefix(pe.Code, "08") || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03" || pe.Code == "53300"
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || pgconn.SafeToRetry(err) || pgconn.Timeout(err) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, net.ErrClosed)
}

// reconnectable reports whether err is an established connection lost,
// which a new connection may not share; not a server that cannot be
// reached or refuses to connect.
func reconnectable(err error) bool {
	var ce *pgconn.ConnectError
	return connectionLost(err) && !errors.As(err, &ce)
}

// retryJob is the outcome of a job's run: a run cut off by the database
// going away is put back for a new run after jobRetry (River's snooze,
// which does not use up an attempt), so an outage of any length costs
// the job none of its attempts; any other error is River's to retry.
func (p *Portfolio) retryJob(ctx context.Context, id string, err error) error {
	if ctx.Err() == nil && unavailable(err) {
		p.cfg.logger.WarnContext(ctx, "portfolio: the database went away during a job; it runs again when the database is back", "event", id, "err", err)
		return river.JobSnooze(jobRetry)
	}
	return err
}

// startRunner makes and starts a River client, trying again with a
// growing wait while the database is unavailable, until ctx ends: then
// it returns nil and no error. Any other failure is returned.
func (p *Portfolio) startRunner(ctx context.Context, poll time.Duration, ran *runs) (runner, error) {
	wait := 100 * time.Millisecond
	for attempt := 1; ; attempt++ {
		r, err := p.newRunner(poll, ran)
		if err != nil {
			return nil, err
		}
		err = r.Start(ctx)
		switch {
		case err == nil:
			if attempt > 1 {
				p.cfg.logger.InfoContext(ctx, "portfolio: the workers reached the database and started", "attempts", attempt)
			}
			return r, nil
		case ctx.Err() != nil:
			return nil, nil
		case !unavailable(err):
			return nil, fmt.Errorf("portfolio: starting the workers: %w", err)
		}
		p.cfg.logger.WarnContext(ctx, "portfolio: the workers cannot reach the database; trying again", "attempt", attempt, "in", wait, "err", err)
		t := time.NewTimer(wait + rand.N(wait/2)) // jitter: many workers do not come back at once
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, nil
		case <-t.C:
		}
		wait = min(2*wait, startRetryMax)
	}
}
