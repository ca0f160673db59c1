package registerdataotel

import (
	"errors"

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

func newInstruments(m metric.Meter) (instruments, error) {
	var errs [6]error
	var in instruments
	d, err := httpconv.NewClientRequestDuration(m)
	in.duration, errs[0] = d.Inst(), err
	in.credits, errs[1] = m.Int64Counter("registerdata.client.credits",
		metric.WithUnit("{credit}"), metric.WithDescription("Credits charged by the service for the client's calls, by route."))
	in.cache, errs[2] = m.Int64Counter("registerdata.client.cache.lookups",
		metric.WithUnit("{lookup}"), metric.WithDescription("Cacheable lookups, by route and result (hit or miss)."))
	in.retries, errs[3] = m.Int64Counter("registerdata.client.retries",
		metric.WithUnit("{retry}"), metric.WithDescription("Requests written again after the first attempt, by route."))
	in.refusals, errs[4] = m.Int64Counter("registerdata.client.budget.refusals",
		metric.WithUnit("{call}"), metric.WithDescription("Calls the client's credit budget refused before sending, by route."))
	in.deliveries, errs[5] = m.Int64Counter("registerdata.webhook.deliveries",
		metric.WithUnit("{delivery}"), metric.WithDescription("Webhook deliveries answered, by outcome and, for rejections, reason."))
	return in, errors.Join(errs[:]...)
}
