package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/riverqueue/river"
	_ "modernc.org/sqlite" // the SQLite engine, pure Go
)

// engine is the database behind a Portfolio.
type engine int

const (
	engineSQLite engine = iota
	enginePostgres
)

func (e engine) String() string {
	if e == enginePostgres {
		return "postgres"
	}
	return "sqlite"
}

// Portfolio is a portfolio of companies in a database. Open returns one;
// its methods are safe for concurrent use. Close it when done.
type Portfolio struct {
	db     *sql.DB
	pool   *pgxpool.Pool // PostgreSQL only: River's workers use it
	engine engine
	c      *registerdata.Client
	prices *registerdata.Prices // the client's price table (Client.Prices), for plans and limits
	cfg    config
	insert *river.Client[*sql.Tx] // enqueues jobs inside the store's transactions
	stmts  preparedStmts          // Import's statements, prepared once
}

// Option tunes Open.
type Option func(*config)

type config struct {
	now         func() time.Time
	rescueAfter time.Duration
	workers     int
	pollEvery   time.Duration
	logger      *slog.Logger
	fourEyes    bool // WithFourEyes
	jobAttempts int  // WithJobAttempts; 0: River's default
}

// WithClock sets the portfolio's clock: the times it records (import,
// flags, journal) and "today" of the red-flag rules. The default is
// time.Now.
func WithClock(now func() time.Time) Option {
	return func(c *config) {
		if now != nil {
			c.now = now
		}
	}
}

// WithRescueAfter sets how long a job may stay claimed before another
// worker takes it over, its worker being presumed dead (killed, crashed,
// cut off). The default is one minute; a job never runs longer than half
// of it.
func WithRescueAfter(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.rescueAfter = d
		}
	}
}

// WithWorkers sets how many jobs Work and Drain run at once in this
// process (default 4, at most 64).
func WithWorkers(n int) Option {
	return func(c *config) {
		if n > 0 && n <= 64 {
			c.workers = n
		}
	}
}

// WithPollInterval sets how often an idle worker looks for new jobs
// (default one second; Drain looks every 20 ms).
func WithPollInterval(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.pollEvery = d
		}
	}
}

// WithLogger makes Work and Drain report to l what they cannot do now
// and will try again: the database unavailable at start (Work tries to
// start again until its context ends), a job the database went away
// from (it runs again when the database is back), River's own log of
// its queue. The default discards them.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if l != nil {
			c.logger = l
		}
	}
}

// Open opens the portfolio at dsn and migrates its schema (and River's
// tables) to the current version:
//
//   - "sqlite:PATH" opens (or creates) the SQLite file PATH;
//   - "postgres://..." or "postgresql://..." connects to PostgreSQL; the
//     database must exist. Several processes may open the same database
//     at once: the migrations run under a lock.
//
// c is the client that matches, monitors and fetches; it must not be nil.
func Open(ctx context.Context, dsn string, c *registerdata.Client, opts ...Option) (*Portfolio, error) {
	if ctx == nil {
		return nil, errors.New("portfolio: Open: nil context: pass context.Background() or a request's context")
	}
	if c == nil {
		return nil, errors.New("portfolio: Open: nil client: pass a *registerdata.Client (registerdata.NewClient)")
	}
	cfg := config{now: time.Now, rescueAfter: time.Minute, workers: 4, pollEvery: time.Second, logger: quiet}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	p := &Portfolio{c: c, prices: c.Prices(), cfg: cfg}
	var err error
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		err = p.openSQLite(ctx, strings.TrimPrefix(dsn, "sqlite:"))
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		err = p.openPostgres(ctx, dsn)
	default:
		return nil, fmt.Errorf("portfolio: Open: the DSN %q names no known database: use \"sqlite:PATH\" or \"postgres://user@host:port/db\"", redactDSN(dsn))
	}
	if err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

func (p *Portfolio) openSQLite(ctx context.Context, path string) error {
	if path == "" || strings.ContainsAny(path, "?\x00") {
		return fmt.Errorf("portfolio: Open: %q is not a usable SQLite path: give a file name after \"sqlite:\", without '?'", path)
	}
	p.engine = engineSQLite
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate")
	if err != nil {
		return fmt.Errorf("portfolio: opening SQLite %s: %w", path, err)
	}
	// Every commit waits for the disk (synchronous FULL) but the records
	// of fetched answers (execUnsynced). SQLite runs one writer
	// at a time; River's own advice is a single connection, which also
	// makes every transaction wait its turn instead of failing with
	// SQLITE_BUSY.
	db.SetMaxOpenConns(1)
	p.db = db
	// The lock is taken before the first connection: that connection
	// turns a new file to WAL, which SQLite refuses at once with
	// SQLITE_BUSY, busy timeout or not, while another connection holds a
	// write lock on the file not yet in WAL mode, as another Open's first
	// connection does while it turns the file to WAL.
	unlock, err := lockFile(path)
	if err != nil {
		return err
	}
	defer unlock()
	if err := db.PingContext(ctx); err != nil {
		return fmt.Errorf("portfolio: opening SQLite %s: %w", path, err)
	}
	return p.migrate(ctx)
}

func (p *Portfolio) openPostgres(ctx context.Context, dsn string) error {
	p.engine = enginePostgres
	pcfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return fmt.Errorf("portfolio: the PostgreSQL DSN %s is not valid: %w", redactDSN(dsn), err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		// River's workers, its listener and maintenance, the receivers'
		// transactions and the readers share the pool: room for all of
		// them unless the DSN says otherwise.
		pcfg.MaxConns = max(pcfg.MaxConns, int32(2*p.cfg.workers+8))
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return fmt.Errorf("portfolio: connecting to PostgreSQL %s: %w", redactDSN(dsn), err)
	}
	p.pool = pool
	if err := pool.Ping(ctx); err != nil {
		return fmt.Errorf("portfolio: connecting to PostgreSQL %s: %w (is the server running and the database created?)", redactDSN(dsn), err)
	}
	p.db = stdlib.OpenDBFromPool(pool)
	return p.migrate(ctx)
}

// Close releases the database. It does not stop a running Work: cancel
// its context first.
func (p *Portfolio) Close() error {
	if p == nil {
		return nil
	}
	var err error
	p.stmts.close()
	if p.db != nil {
		err = p.db.Close()
	}
	if p.pool != nil {
		p.pool.Close()
	}
	return err
}

// redactDSN hides a password in a DSN for error messages.
func redactDSN(dsn string) string {
	at := strings.LastIndex(dsn, "@")
	scheme := strings.Index(dsn, "://")
	if at < 0 || scheme < 0 || at < scheme {
		return dsn
	}
	cred := dsn[scheme+3 : at]
	if i := strings.IndexByte(cred, ':'); i >= 0 {
		return dsn[:scheme+3] + cred[:i] + ":***" + dsn[at:]
	}
	return dsn
}
