package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/spf13/pflag"
)

// defaultRescueAfter is --rescue-after's default: a killed worker's jobs
// run again within it plus River's rescue round (portfolio.RescueRound),
// a minute in all, and each run of a job is bounded to half of it.
const defaultRescueAfter = 30 * time.Second

// The bounds of --rescue-after: a job's run (half of it) must leave room
// for the service's answers and their retries; a day is past any use.
const (
	minRescueAfter = 10 * time.Second
	maxRescueAfter = 24 * time.Hour
)

// rescueHelp is the part of serve's and work's help on --rescue-after and
// on a database that is down.
const rescueHelp = `A job whose worker dies (killed, crashed, cut off) is taken over by another
worker after --rescue-after (default 30s) and River's next rescue round
(every 30 s): within a minute by default; each run of a job is bounded to
half of --rescue-after, so that a slow job is never run twice at once.
Started while the database is down (PostgreSQL stopped or restarting), it
waits, trying again and saying so on stderr, as it rides out an outage
once running.`

// rescueFlag declares --rescue-after.
func rescueFlag(fs *pflag.FlagSet) *time.Duration {
	return fs.Duration("rescue-after", defaultRescueAfter, "how long a job may stay with a worker presumed dead before another takes it over (10s to 24h); a job runs at most half of it")
}

// workOptions are the options of a portfolio that works the queue
// (serve, work) and the health, metrics and log of the process: the log
// on stderr in --log-format, the rescue time, checked.
func (a *app) workOptions(rescueAfter time.Duration, logFormat string) ([]portfolio.Option, *ops, error) {
	if rescueAfter < minRescueAfter || rescueAfter > maxRescueAfter {
		return nil, nil, usagef("--rescue-after %s: want %s to %s (a job runs at most half of it)", rescueAfter, minRescueAfter, maxRescueAfter)
	}
	warn, err := newLogger(a.stderr, logFormat, slog.LevelWarn)
	if err != nil {
		return nil, nil, err
	}
	info, err := newLogger(a.stderr, logFormat, slog.LevelInfo)
	if err != nil {
		return nil, nil, err
	}
	o, err := newOps(info)
	if err != nil {
		return nil, nil, err
	}
	return []portfolio.Option{portfolio.WithLogger(warn), portfolio.WithRescueAfter(rescueAfter), portfolio.WithObserver(o)}, o, nil
}

// openRetryMax bounds the wait between two attempts to open a portfolio
// whose database is unavailable at start.
const openRetryMax = 5 * time.Second

// openPortfolioWaiting is openPortfolioCalling for a command that runs until
// Ctrl-C (serve, work): while the database is unavailable
// (portfolio.Unavailable: PostgreSQL stopped, starting, refusing
// connections) it says so on stderr, with Open's error naming the DSN
// without its password, and tries again with a growing wait, until the
// command's context ends (context.Canceled then); waiting, if not nil,
// is called before each wait. Any other error is returned at once.
func (a *app) openPortfolioWaiting(flag string, waiting func(), opts ...portfolio.Option) (*portfolio.Portfolio, error) {
	wait := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		p, err := a.openPortfolioCalling(flag, opts...)
		switch {
		case err == nil:
			if attempt > 1 {
				fmt.Fprintf(a.stderr, "reached the portfolio database (attempt %d)\n", attempt)
			}
			return p, nil
		case a.ctx.Err() != nil:
			return nil, a.ctx.Err()
		case !portfolio.Unavailable(err):
			return nil, err
		}
		if waiting != nil {
			waiting()
		}
		fmt.Fprintf(a.stderr, "the portfolio database is unavailable; trying again in %s (Ctrl-C to stop): %v\n", wait, err)
		t := time.NewTimer(wait)
		select {
		case <-a.ctx.Done():
			t.Stop()
			return nil, a.ctx.Err()
		case <-t.C:
		}
		wait = min(2*wait, openRetryMax)
	}
}

// stopped is err, nil when it only says that the command was stopped
// (Ctrl-C: its context was cancelled).
func stopped(err error) error {
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

func portfolioServe() *command {
	return &command{
		name: "serve", nargs: 0, billable: true,
		summary: "receive the service's webhooks for the portfolio, and work them off",
		help: `Receives the service's webhook deliveries on --addr (default
127.0.0.1:8080, this machine only; ":8080" listens on every interface) with
the secret from $REGISTERDATA_WEBHOOK_SECRET or --secret-file. Each delivery
is verified, its event id recorded and its work queued in one transaction,
and answered at once; a redelivery or a replay changes nothing; a delivery
the database could never store is refused with 400 and the reason on
stderr; while the database is unavailable deliveries are answered 503
with a Retry-After, so that the service delivers them again. Unless
--no-work is given, the same process also works the queue: it fetches what
each event's categories need, compares it with the stored snapshot and
writes the journal entry and the flag changes in one transaction. Any
number of "serve" and "work" processes may share one PostgreSQL database.
Stop it with Ctrl-C.

Each delivery, each run of a check and each alert is logged on stderr
(--log-format text or json): the event id, the company's name and id, the
outcome, the credits, the credits spent so far and the duration; never a
secret.

` + opsHelp + `

` + rescueHelp,
		examples: []string{
			"registerdata portfolio serve --secret-file ~/.config/registerdata/webhook-secret",
			"registerdata portfolio serve --log-format json 2>>serve.log",
			"registerdata portfolio serve --db postgres://kyc@db:5432/kyc --addr :8080 --no-work",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			addr := fs.String("addr", defaultListenAddr, "the `address` to listen on (\":8080\": every interface)")
			secret := declareSecretFlags(fs)
			tolerance := fs.Duration("tolerance", webhook.DefaultTolerance, "how far a delivery's timestamp may lie from now")
			noWork := fs.Bool("no-work", false, "only receive: leave the queued work to \"portfolio work\" processes")
			rescue := rescueFlag(fs)
			logFormat := logFormatFlag(fs)
			return func(a *app, _ []string) error {
				v, err := a.verifier(secret, *tolerance)
				if err != nil {
					return err
				}
				opts, o, err := a.workOptions(*rescue, *logFormat)
				if err != nil {
					return err
				}
				l, err := a.listenTCP("--addr", *addr)
				if err != nil {
					return err
				}
				return a.servePortfolio(*db, opts, o, v, l, !*noWork)
			}
		},
	}
}

// servePortfolio serves the portfolio's handler on l, with o's /healthz
// and /metrics, and works the queue in the same process when work is set,
// until the command's context ends. While the database is unavailable at
// start (openPortfolioWaiting) it serves already, answering every
// delivery 503 with a Retry-After, as the handler answers while the
// database is down, and /healthz 503.
func (a *app) servePortfolio(db string, opts []portfolio.Option, o *ops, v *webhook.Verifier, l net.Listener, work bool) error {
	ctx, cancel := context.WithCancel(a.ctx)
	defer cancel()
	var ready atomic.Pointer[http.Handler]
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h := ready.Load(); h != nil {
			(*h).ServeHTTP(w, r)
			return
		}
		w.Header().Set("Retry-After", strconv.Itoa(int(openRetryMax/time.Second)))
		http.Error(w, "the portfolio's database is not reachable yet; retry later", http.StatusServiceUnavailable)
	})
	serveDone := make(chan error, 1)
	serving := false
	serve := func() {
		if !serving {
			serving = true
			go func() { serveDone <- serveUntilDone(ctx, webhookServer(o.handler(h), listenLimits), l) }()
			fmt.Fprintf(a.stderr, "receiving webhooks on http://%s/ (Ctrl-C to stop)\n", l.Addr())
		}
	}
	p, err := a.openPortfolioWaiting(db, serve, opts...)
	if err != nil {
		cancel()
		err = stopped(err)
		if serving {
			return errors.Join(err, <-serveDone)
		}
		_ = l.Close() // never served: nobody else closes it
		return err
	}
	defer p.Close()
	o.ready(p, a.client)
	ph := p.Handler(v)
	ready.Store(&ph)
	serve()
	workErr := make(chan error, 1)
	if work {
		fmt.Fprintf(a.stderr, "working the queue; %s\n", rescueLine(p))
		go func() { workErr <- p.Work(ctx) }()
	} else {
		workErr <- nil
	}
	var serveErr error
	select {
	case serveErr = <-serveDone: // the server failed, or ctx ended
		cancel()
	case <-ctx.Done():
		serveErr = <-serveDone
	}
	return errors.Join(serveErr, stopped(<-workErr))
}

// rescueLine says how long a dead worker's job of p waits and how long
// one run may take, as the portfolio has them.
func rescueLine(p *portfolio.Portfolio) string {
	return fmt.Sprintf("a job of a worker that dies runs again after %s (--rescue-after) and River's next rescue round, within %s; a job runs at most %s",
		p.RescueAfter(), p.RescueAfter()+portfolio.RescueRound, p.JobTimeout())
}

func portfolioWork() *command {
	return &command{
		name: "work", nargs: 0, billable: true,
		summary: "work off the queued events: fetch, compare, journal, flag",
		help: `Works the portfolio's queue until Ctrl-C (or, with --drain, until it is
empty): for each event it fetches what the event's categories need,
compares it with the stored snapshot and writes the journal entry, the new
snapshot and the flag changes in one transaction. Any number of workers may
run on one PostgreSQL database; a job of a worker that dies is taken over by
another, and nothing is journalled twice.

Each run of a check and each alert is logged on stderr (--log-format text
or json): the event id, the company's name and id, the outcome, the
credits, the credits spent so far and the duration; never a secret.

With --addr (off by default; say 127.0.0.1:9090) it also serves the health
check and the metrics there:

` + opsHelp + `

` + rescueHelp,
		examples: []string{
			"registerdata portfolio work --db postgres://kyc@db:5432/kyc",
			"registerdata portfolio work --db postgres://kyc@db:5432/kyc --addr 127.0.0.1:9090 --log-format json",
			"registerdata portfolio work --drain",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			drain := fs.Bool("drain", false, "run what is queued now and exit")
			rescue := rescueFlag(fs)
			addr := fs.String("addr", "", "serve GET /healthz and GET /metrics on this `address` (off by default; \"127.0.0.1:9090\": this machine only)")
			logFormat := logFormatFlag(fs)
			return func(a *app, _ []string) error {
				opts, o, err := a.workOptions(*rescue, *logFormat)
				if err != nil {
					return err
				}
				if *drain && *addr != "" {
					return usagef("--addr serves while the worker runs until Ctrl-C; --drain exits once the queue is empty: give one of them")
				}
				if *drain {
					p, err := a.openPortfolioCalling(*db, opts...)
					if err != nil {
						return err
					}
					defer p.Close()
					o.ready(p, a.client)
					n, err := p.Drain(a.ctx)
					fmt.Fprintf(a.stderr, "ran %d jobs\n", n)
					return err
				}
				if *addr == "" {
					return a.workPortfolio(*db, opts, o)
				}
				l, err := a.listenTCP("--addr", *addr)
				if err != nil {
					return err
				}
				return a.serveOps(l, o, func() error { return a.workPortfolio(*db, opts, o) })
			}
		},
	}
}

// workPortfolio opens the portfolio at db, waiting while its database is
// unavailable, and works its queue until the command's context ends.
func (a *app) workPortfolio(db string, opts []portfolio.Option, o *ops) error {
	p, err := a.openPortfolioWaiting(db, nil, opts...)
	if err != nil {
		return stopped(err)
	}
	defer p.Close()
	o.ready(p, a.client)
	fmt.Fprintf(a.stderr, "working the queue (Ctrl-C to stop); %s\n", rescueLine(p))
	return stopped(p.Work(a.ctx))
}
