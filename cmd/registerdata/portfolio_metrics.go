package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"go.opentelemetry.io/otel/attribute"
	otelprom "go.opentelemetry.io/otel/exporters/prometheus"
	"go.opentelemetry.io/otel/metric"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
)

// portfolioMetrics are the metrics "portfolio serve", "portfolio work
// --addr" and "portfolio web" answer on GET /metrics, in Prometheus's text
// format, through OpenTelemetry's Prometheus exporter. The names below are
// OpenTelemetry's; Prometheus shows them with underscores, the unit and,
// for counters, _total (the name in brackets):
//
//   - registerdata.portfolio.queue.jobs ({job}, gauge;
//     registerdata_portfolio_queue_jobs): the jobs waiting or running in
//     the portfolio's queue (River's job table), by kind (delivery, alert,
//     digest) and state (available: may run now; running; retryable:
//     failed, waiting for their next attempt; scheduled: waiting for a
//     time, such as an alert's back-off). Read from the database at each
//     scrape.
//   - registerdata.portfolio.queue.oldest_age (s, gauge;
//     registerdata_portfolio_queue_oldest_age_seconds): by kind, how long
//     ago the oldest of those jobs was queued; 0 for none. A growing age
//     says the workers do not keep up, or none runs.
//   - registerdata.portfolio.jobs ({run}, counter;
//     registerdata_portfolio_jobs_total): the runs of deliveries' checks
//     in this process, by outcome: done, failed (runs again later),
//     given_up (the last attempt failed: journalled and flagged
//     check_failed), put_back (the database went away or the worker
//     stopped: runs again, no attempt lost).
//   - registerdata.portfolio.deliveries ({delivery}, counter;
//     registerdata_portfolio_deliveries_total): the webhook deliveries this
//     process answered, by outcome: received (recorded, its check
//     queued), duplicate (recorded before: a redelivery or a replay,
//     nothing changed), refused (not recorded: a bad signature or
//     timestamp, a body no database can store, or 503 while the database
//     is unavailable), and by the HTTP status answered.
//   - registerdata.portfolio.alerts ({alert}, counter;
//     registerdata_portfolio_alerts_total): the tries to send an alert or
//     a digest in this process, by outcome (sent, failed) and channel
//     (webhook, slack, teams, mail).
//   - registerdata.portfolio.credits ({credit}, counter;
//     registerdata_portfolio_credits_total): the credits this process has
//     spent on the service so far.
//
// No attribute holds an id, a name or a URL, so the number of series stays
// small whatever the portfolio holds.
type portfolioMetrics struct {
	handler    http.Handler
	jobs       metric.Int64Counter
	deliveries metric.Int64Counter
	alerts     metric.Int64Counter
	// p and client are set once the portfolio is open (ready); until
	// then the queue and the credits are not reported.
	p      atomic.Pointer[portfolio.Portfolio]
	client atomic.Pointer[registerdata.Client]
}

// metricsScope is the instrumentation scope of the portfolio's metrics.
const metricsScope = "github.com/registerdata/registerdata-go/cmd/registerdata"

// queueTimeout bounds the read of the queue at a scrape.
const queueTimeout = 5 * time.Second

// newPortfolioMetrics makes the metrics, with a registry of their own (not
// Prometheus's global one: a scrape shows the portfolio's metrics only).
// A scrape whose read of the queue fails (the database is down) answers
// the other metrics, and says why on log.
func newPortfolioMetrics(log *slog.Logger) (*portfolioMetrics, error) {
	reg := prometheus.NewRegistry()
	exp, err := otelprom.New(otelprom.WithRegisterer(reg), otelprom.WithoutScopeInfo(), otelprom.WithoutTargetInfo())
	if err != nil {
		return nil, fmt.Errorf("setting up /metrics: %w", err)
	}
	meter := sdkmetric.NewMeterProvider(sdkmetric.WithReader(exp)).Meter(metricsScope)
	m := &portfolioMetrics{handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{})}
	if m.jobs, err = meter.Int64Counter("registerdata.portfolio.jobs", metric.WithUnit("{run}"),
		metric.WithDescription("Runs of deliveries' checks, by outcome (done, failed, given_up, put_back).")); err != nil {
		return nil, err
	}
	if m.deliveries, err = meter.Int64Counter("registerdata.portfolio.deliveries", metric.WithUnit("{delivery}"),
		metric.WithDescription("Webhook deliveries answered, by outcome (received, duplicate, refused) and HTTP status.")); err != nil {
		return nil, err
	}
	if m.alerts, err = meter.Int64Counter("registerdata.portfolio.alerts", metric.WithUnit("{alert}"),
		metric.WithDescription("Tries to send an alert or a digest, by outcome (sent, failed) and channel.")); err != nil {
		return nil, err
	}
	jobs, err := meter.Int64ObservableGauge("registerdata.portfolio.queue.jobs", metric.WithUnit("{job}"),
		metric.WithDescription("Jobs waiting or running in the queue, by kind (delivery, alert, digest) and state (available, running, retryable, scheduled)."))
	if err != nil {
		return nil, err
	}
	age, err := meter.Float64ObservableGauge("registerdata.portfolio.queue.oldest_age", metric.WithUnit("s"),
		metric.WithDescription("How long ago the oldest job waiting or running was queued, by kind; 0 for none."))
	if err != nil {
		return nil, err
	}
	credits, err := meter.Int64ObservableCounter("registerdata.portfolio.credits", metric.WithUnit("{credit}"),
		metric.WithDescription("Credits this process has spent on the service."))
	if err != nil {
		return nil, err
	}
	_, err = meter.RegisterCallback(func(ctx context.Context, o metric.Observer) error {
		if c := m.client.Load(); c != nil {
			o.ObserveInt64(credits, c.CreditsSpent())
		}
		p := m.p.Load()
		if p == nil {
			return nil
		}
		ctx, cancel := context.WithTimeout(ctx, queueTimeout)
		defer cancel()
		stats, err := p.QueueStats(ctx)
		if err != nil {
			// Not returned: OpenTelemetry's global error handler would
			// print it past the command's stderr.
			log.WarnContext(ctx, "metrics: the queue could not be read; the scrape answers without it", "err", err)
			return nil
		}
		for _, s := range stats {
			kind := attribute.String("kind", s.Kind)
			for _, st := range []struct {
				state string
				n     int64
			}{{"available", s.Available}, {"running", s.Running}, {"retryable", s.Retryable}, {"scheduled", s.Scheduled}} {
				o.ObserveInt64(jobs, st.n, metric.WithAttributes(kind, attribute.String("state", st.state)))
			}
			o.ObserveFloat64(age, s.OldestAge.Seconds(), metric.WithAttributes(kind))
		}
		return nil
	}, jobs, age, credits)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ready points the metrics at the open portfolio and the client it calls
// the service with.
func (m *portfolioMetrics) ready(p *portfolio.Portfolio, c *registerdata.Client) {
	m.client.Store(c)
	m.p.Store(p)
}

// countDelivery, countJob and countAlert add one event to its counter.
func (m *portfolioMetrics) countDelivery(ctx context.Context, d portfolio.DeliveryObservation) {
	m.deliveries.Add(ctx, 1, metric.WithAttributes(attribute.String("outcome", string(d.Outcome)), attribute.Int("status", d.Status)))
}

func (m *portfolioMetrics) countJob(ctx context.Context, j portfolio.JobObservation) {
	m.jobs.Add(ctx, 1, metric.WithAttributes(attribute.String("outcome", string(j.Outcome))))
}

func (m *portfolioMetrics) countAlert(ctx context.Context, a portfolio.AlertObservation) {
	m.alerts.Add(ctx, 1, metric.WithAttributes(attribute.String("outcome", alertOutcome(a)), attribute.String("channel", a.Kind)))
}

// alertOutcome is "sent" or "failed".
func alertOutcome(a portfolio.AlertObservation) string {
	if a.Sent {
		return "sent"
	}
	return "failed"
}
