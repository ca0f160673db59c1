package registerdataotel

import (
	"errors"

	"go.opentelemetry.io/otel/metric/noop"

	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/semconv/v1.43.0/httpconv"
)

// instruments are the metrics of client calls and webhook deliveries.
type instruments struct {
	duration   metric.Float64Histogram
	credits    metric.Int64Counter
	cache      metric.Int64Counter
	retries    metric.Int64Counter
	refusals   metric.Int64Counter
	deliveries metric.Int64Counter
}

// newInstruments creates the instruments; one the meter refuses is a
// no-op instrument, and the errors are returned joined.
func newInstruments(m metric.Meter) (instruments, error) {
	var errs []error
	keep := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	var in instruments
	d, err := httpconv.NewClientRequestDuration(m)
	keep(err)
	in.duration = d.Inst() // a no-op histogram when err != nil
	in.credits = counter(m, keep, "registerdata.client.credits", "{credit}", "Credits charged by the service for the client's calls, by route.")
	in.cache = counter(m, keep, "registerdata.client.cache.lookups", "{lookup}", "Cacheable lookups, by route and result (hit or miss).")
	in.retries = counter(m, keep, "registerdata.client.retries", "{retry}", "Requests written again after the first attempt, by route.")
	in.refusals = counter(m, keep, "registerdata.client.budget.refusals", "{call}", "Calls the client's credit budget refused before sending, by route.")
	in.deliveries = counter(m, keep, "registerdata.webhook.deliveries", "{delivery}", "Webhook deliveries answered, by outcome and, for rejections, reason.")
	return in, errors.Join(errs...)
}

// counter creates an Int64Counter, or a no-op one if m refuses it.
func counter(m metric.Meter, keep func(error), name, unit, desc string) metric.Int64Counter {
	c, err := m.Int64Counter(name, metric.WithUnit(unit), metric.WithDescription(desc))
	if err != nil {
		keep(err)
		return noop.Int64Counter{}
	}
	return c
}
