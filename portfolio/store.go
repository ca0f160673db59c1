package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
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
	// insertPgx enqueues jobs inside the PostgreSQL transactions begun
	// in a pipeline (insertJobs); nil on SQLite.
	insertPgx *river.Client[pgx.Tx]
	stmts     preparedStmts // statements prepared once (Import's, the intake's on SQLite)
	notify    notifyLimiter // when the intake sends River's insert notification
	where     string        // the DSN as RedactDSN shows it, for messages
}

// Option tunes Open.
type Option func(*config)

type config struct {
	now         func() time.Time
	rescueAfter time.Duration
	workers     int
	pollEvery   time.Duration
	logger      *slog.Logger
	fourEyes    bool     // WithFourEyes
	jobAttempts int      // WithJobAttempts; 0: River's default
	existing    bool     // OpenExisting
	workplace   string   // WithWorkplaceURL: the web workplace's address, linked from alerts
	smtp        *SMTP    // WithSMTP: the server mail subscribers are sent through
	observer    Observer // WithObserver: told of deliveries, jobs and alerts
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
// process (default 4, at most 64). River claims one job more, which
// waits for the first worker free, so that a job starts as soon as one
// ends; its time (JobTimeout) counts from its claim.
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

// OpenExisting makes Open refuse a database that holds no portfolio
// (errors.Is(err, ErrNoPortfolio)) instead of creating one: a reader
// given a misspelt DSN learns so instead of reading an empty portfolio.
// A missing SQLite file is not created. A portfolio of an older schema
// is still migrated.
func OpenExisting() Option {
	return func(c *config) { c.existing = true }
}

// ErrNoPortfolio is the error of Open with OpenExisting on a database
// that holds no portfolio (a SQLite file that does not exist, a database
// without the portfolio's tables). Open without OpenExisting creates
// one; Import fills it.
var ErrNoPortfolio = errors.New("portfolio: the database holds no portfolio")

// Open opens the portfolio at dsn and migrates its schema (and River's
// tables) to the current version:
//
//   - "sqlite:PATH" opens (or creates) the SQLite file PATH, any file
//     name (a '#', '?' or '%' in it is part of the name);
//   - "postgres://..." or "postgresql://..." connects to PostgreSQL; the
//     database must exist. Several processes may open the same database
//     at once: the migrations run under a lock.
//
// With OpenExisting it refuses a database that holds no portfolio
// (ErrNoPortfolio). It refuses a database whose schema a newer release
// migrated (ErrSchemaTooNew). Its errors show the DSN only as RedactDSN
// does: never a password.
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
	p := &Portfolio{c: c, prices: c.Prices(), cfg: cfg, where: RedactDSN(dsn)}
	var err error
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		err = p.openSQLite(ctx, strings.TrimPrefix(dsn, "sqlite:"))
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		err = p.openPostgres(ctx, dsn)
	default:
		return nil, fmt.Errorf("portfolio: Open: the DSN %q names no known database: use \"sqlite:PATH\" or \"postgres://user@host:port/db\"", RedactDSN(dsn))
	}
	if err != nil {
		p.Close()
		return nil, hideDSNSecrets(dsn, err)
	}
	return p, nil
}

func (p *Portfolio) openSQLite(ctx context.Context, path string) error {
	if path == "" || strings.ContainsRune(path, 0) {
		return fmt.Errorf("portfolio: Open: %q is not a usable SQLite path: give a file name after \"sqlite:\"", path)
	}
	p.engine = engineSQLite
	if p.cfg.existing {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return p.noPortfolio()
		}
	}
	db, err := sql.Open("sqlite", sqliteURI(path)+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate")
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

// sqliteURI is the SQLite URI of the file path: its '%', '?' and '#'
// (and every other byte outside a plain file name) escaped, so that
// SQLite opens the file of that name, not the part of it before a '?'
// or '#'.
func sqliteURI(path string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.WriteString("file:")
	if strings.HasPrefix(path, "/") {
		b.WriteString("//") // an empty authority: "//x" stays a path
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '/', c == '.', c == '-', c == '_', c == '~':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

func (p *Portfolio) openPostgres(ctx context.Context, dsn string) error {
	p.engine = enginePostgres
	pcfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		var pe *pgconn.ParseConfigError
		if errors.As(err, &pe) {
			// Its text quotes the DSN as pgx redacts it, at best effort:
			// quote RedactDSN's instead.
			c := *pe
			c.ConnString = RedactDSN(dsn)
			err = &c
		}
		return fmt.Errorf("portfolio: the PostgreSQL DSN %s is not valid: %w", RedactDSN(dsn), err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		// River's workers, its listener and maintenance, the receivers'
		// transactions and the readers share the pool: room for all of
		// them unless the DSN says otherwise.
		pcfg.MaxConns = max(pcfg.MaxConns, int32(2*p.cfg.workers+8))
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return fmt.Errorf("portfolio: connecting to PostgreSQL %s: %w", RedactDSN(dsn), err)
	}
	p.pool = pool
	if err := pool.Ping(ctx); err != nil {
		return fmt.Errorf("portfolio: connecting to PostgreSQL %s: %w (is the server running and the database created?)", RedactDSN(dsn), err)
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
