package main

import (
	"context"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
)

// collect reads what the meter provider has aggregated so far.
func collect(ctx context.Context, r *sdkmetric.ManualReader) (*metricdata.ResourceMetrics, error) {
	var rm metricdata.ResourceMetrics
	if err := r.Collect(ctx, &rm); err != nil {
		return nil, err
	}
	return &rm, nil
}
