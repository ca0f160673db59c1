package registerdataotel

import (
	"context"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
)

// ObserveBudget reports what is left of c's credit budget
// (registerdata.WithCreditBudget) as the observable gauge
// registerdata.client.budget.remaining, with the given attributes (to
// tell several clients apart, such as attribute.String("client",
// "enrichment")). A client without a budget reports nothing.
func (o *Observer) ObserveBudget(c *registerdata.Client, attrs ...attribute.KeyValue) error {
	if c == nil {
		return fmt.Errorf("registerdataotel: ObserveBudget(nil): pass the client whose budget to report")
	}
	set := metric.WithAttributeSet(attribute.NewSet(attrs...))
	_, err := o.meter.Int64ObservableGauge("registerdata.client.budget.remaining",
		metric.WithUnit("{credit}"),
		metric.WithDescription("Credits left of the client's budget."),
		metric.WithInt64Callback(func(_ context.Context, obs metric.Int64Observer) error {
			if rem, ok := c.CreditsRemaining(); ok {
				obs.Observe(rem, set)
			}
			return nil
		}))
	return err
}
