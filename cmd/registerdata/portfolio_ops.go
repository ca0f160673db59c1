package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

// healthTimeout bounds the health check's question to the database.
const healthTimeout = 5 * time.Second

// opsHelp is the part of serve's, work's and web's help on health,
// metrics and logs.
const opsHelp = `GET /healthz answers 200 "ok" while the portfolio's database answers
(within 5 s), else 503 with a message (the cause goes to stderr).
GET /metrics answers in Prometheus's text format:
  registerdata_portfolio_queue_jobs{kind,state}
      jobs waiting or running; kind: delivery, alert or digest; state:
      available, running, retryable (failed, to run again) or scheduled
      (waiting for a time)
  registerdata_portfolio_queue_oldest_age_seconds{kind}
      how long ago the oldest of them was queued (0: none)
  registerdata_portfolio_jobs_total{outcome}
      runs of deliveries' checks: done, failed (runs again), given_up
      (journalled, flagged check_failed), put_back (the database away)
  registerdata_portfolio_deliveries_total{outcome,status}
      deliveries answered: received, duplicate (nothing changed), refused
  registerdata_portfolio_alerts_total{outcome,channel}
      tries to send an alert or a digest: sent, failed
  registerdata_portfolio_credits_total
      the credits this process spent
Counters count what this process did since it started; the queue is read
from the database at each scrape. Neither path needs a sign-in: keep the
address on loopback or behind a proxy that limits them.`

// logFormatFlag declares --log-format.
func logFormatFlag(fs *pflag.FlagSet) *string {
	return fs.String("log-format", "text", "the `format` of the log on stderr: text (key=value) or json (one object a line)")
}

// newLogger is the log of serve and work on w (stderr) in format, at
// level.
func newLogger(w io.Writer, format string, level slog.Level) (*slog.Logger, error) {
	o := &slog.HandlerOptions{Level: level}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, o)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, o)), nil
	}
	return nil, usagef("--log-format %q: want text or json", format)
}

// ops is what a serving command of the portfolio adds to its work: the
// health check, the metrics and a log line per delivery, job and alert
// (it is the portfolio's Observer). The portfolio is set once it is open;
// until then /healthz answers 503.
type ops struct {
	log     *slog.Logger
	metrics *portfolioMetrics
	p       atomic.Pointer[portfolio.Portfolio]
}

// newOps is the health, metrics and log of a command, logging to log.
func newOps(log *slog.Logger) (*ops, error) {
	m, err := newPortfolioMetrics(log)
	if err != nil {
		return nil, err
	}
	return &ops{log: log, metrics: m}, nil
}

// ready points the health check and the metrics at the open portfolio and
// the client it calls the service with.
func (o *ops) ready(p *portfolio.Portfolio, c *registerdata.Client) {
	o.p.Store(p)
	o.metrics.ready(p, c)
}

// handler routes GET /healthz and GET /metrics to the checks and every
// other request to next (nil: 404).
func (o *ops) handler(next http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", o.healthz)
	mux.Handle("GET /metrics", o.metrics.handler)
	if next != nil {
		mux.Handle("/", next)
	}
	return mux
}

// healthz answers 200 while the portfolio's database answers, else 503.
func (o *ops) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	p := o.p.Load()
	if p == nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "the portfolio's database has not answered yet: the process waits for it")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := p.Ping(ctx); err != nil {
		o.log.WarnContext(ctx, "health: the portfolio's database does not answer", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "the portfolio's database does not answer")
		return
	}
	fmt.Fprintln(w, "ok")
}

// spent is what the process has spent so far, 0 before its client exists.
func (o *ops) spent() int64 {
	if c := o.metrics.client.Load(); c != nil {
		return c.CreditsSpent()
	}
	return 0
}

// ObserveDelivery logs and counts one delivery answered.
func (o *ops) ObserveDelivery(ctx context.Context, d portfolio.DeliveryObservation) {
	o.metrics.countDelivery(ctx, d)
	args := []any{"event_id", d.ID, "company_id", d.CompanyID, "outcome", string(d.Outcome), "status", d.Status, "duration", d.Duration}
	level := slog.LevelInfo
	if d.Outcome == portfolio.DeliveryRefused {
		args = append(args, "reason", d.Reason)
		level = slog.LevelWarn
	}
	o.log.Log(ctx, level, "delivery", args...)
}

// ObserveJob logs and counts one run of a delivery's check, with what the
// process has spent so far.
func (o *ops) ObserveJob(ctx context.Context, j portfolio.JobObservation) {
	o.metrics.countJob(ctx, j)
	args := []any{"event_id", j.DeliveryID, "company", j.CompanyName, "company_id", j.CompanyID, "outcome", string(j.Outcome),
		"attempt", j.Attempt, "credits", j.Credits, "spent", o.spent(), "duration", j.Duration}
	level := slog.LevelInfo
	if j.Err != nil {
		args = append(args, "err", j.Err)
		level = slog.LevelWarn
	}
	o.log.Log(ctx, level, "job", args...)
}

// ObserveAlert logs and counts one try to send an alert or a digest.
func (o *ops) ObserveAlert(ctx context.Context, a portfolio.AlertObservation) {
	o.metrics.countAlert(ctx, a)
	args := []any{"subscriber", a.Subscriber, "channel", a.Kind, "entry", a.Seq, "outcome", alertOutcome(a), "duration", a.Duration}
	level := slog.LevelInfo
	if a.Err != nil {
		args = append(args, "err", a.Err)
		level = slog.LevelWarn
	}
	o.log.Log(ctx, level, "alert", args...)
}

// serveOps serves o's /healthz and /metrics on l while run runs, and
// stops serving when run returns; an error of the server is returned
// with run's.
func (a *app) serveOps(l net.Listener, o *ops, run func() error) error {
	ctx, cancel := context.WithCancel(a.ctx)
	served := make(chan error, 1)
	go func() { served <- serveUntilDone(ctx, webhookServer(o.handler(nil), listenLimits), l) }()
	fmt.Fprintf(a.stderr, "serving /healthz and /metrics on http://%s/\n", l.Addr())
	err := run()
	cancel()
	return errors.Join(err, <-served)
}
